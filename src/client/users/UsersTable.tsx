// The users table of requirements 2.2: columns and actions depend on the viewer's role.
import { Link } from "react-router";
import { LogIn, Settings, UserCog } from "lucide-react";
import { canDeleteUser, canImpersonate, canManageUser } from "../../common/schemas/user";
import type { CurrentUser, UserDto } from "../../common/types";
import { Button, buttonVariants } from "../components/ui/button";
import { DateTimeCell } from "../components/ui/date-time-cell";
import { ActionsCell, ActionsHead, DeleteRowButton } from "../components/ui/table-actions";
import { TD, TH, THead, TR, Table } from "../components/ui/table";
import { PagedTableBody } from "../components/ui/paged-table-body";
import type { PagedList } from "../lib/use-paged-list";
import { displayName } from "../layout/Sidebar";
import { RoleBadge } from "./RoleBadge";

export const SKELETON_ROWS = 5;

function CompanyCell({ user }: { user: UserDto }) {
  if (user.companyId === null) return <span className="text-slate-500">Kein Unternehmen</span>;
  const name = user.companyName ?? `Unternehmen ${user.companyId}`;
  return (
    <Link to={`/dashboard/companies?q=${encodeURIComponent(user.companyName ?? "")}`} className="text-brand-700 hover:underline">
      {name}
    </Link>
  );
}

export function UsersTable(props: {
  me: CurrentUser;
  list: PagedList<UserDto>;
  onManage: (u: UserDto) => void;
  onDelete: (u: UserDto) => void;
}) {
  const { me, list } = props;
  const isSuper = me.role === "super_admin";
  const columns = isSuper ? 6 : 4;
  return (
    <Table stack className="[&_td]:px-2 [&_th]:px-2">
      <THead>
        <tr>
          <TH>Benutzer</TH>
          <TH>E-Mail</TH>
          {isSuper ? <TH>Unternehmen</TH> : null}
          <TH>Rolle</TH>
          {isSuper ? <TH>Letzter Zugriff</TH> : null}
          <ActionsHead />
        </tr>
      </THead>
      <PagedTableBody
        list={list}
        columns={columns}
        failed="Die Benutzer konnten nicht geladen werden."
        empty={{ none: "Keine Benutzer gefunden", notFound: "Keine Benutzer gefunden" }}
        skeletonRows={SKELETON_ROWS}
        row={(u) => {
          const self = u.id === me.id;
          return (
            <TR key={u.id} data-testid={`user-row-${u.id}`}>
              <TD primary className="max-w-44">
                <div className="font-medium text-slate-900">{displayName(u)}</div>
                <div className="text-xs text-slate-500 [overflow-wrap:anywhere]">@{u.username}</div>
              </TD>
              <TD label="E-Mail" className="max-w-44 [overflow-wrap:anywhere]" title={u.email}>
                {u.email}
              </TD>
              {isSuper ? (
                <TD label="Unternehmen">
                  <CompanyCell user={u} />
                </TD>
              ) : null}
              <TD label="Rolle">
                <RoleBadge role={u.role} />
              </TD>
              {isSuper ? (
                <TD label="Letzter Zugriff" className="text-slate-600">
                  {u.lastAccessAt ? <DateTimeCell at={u.lastAccessAt} /> : "–"}
                </TD>
              ) : null}
              <ActionsCell>
                {canImpersonate(me, u) ? (
                  // A full-page navigation: the server switches the session and redirects.
                  <a
                    href={`/api/impersonate/${u.id}`}
                    className={buttonVariants({ variant: "ghost", size: "icon", className: "size-9" })}
                    title="Als dieser Benutzer anmelden"
                    aria-label={`Als ${u.username} anmelden`}
                  >
                    <LogIn />
                  </a>
                ) : null}
                {self ? (
                  <Link
                    to="/dashboard/settings"
                    className={buttonVariants({ variant: "outline", size: "sm", className: "px-2.5" })}
                    title="Einstellungen"
                  >
                    <Settings /> Einstellungen
                  </Link>
                ) : canManageUser(me, u) ? (
                  <Button variant="outline" size="sm" className="px-2.5" onClick={() => props.onManage(u)} title="Verwalten">
                    <UserCog /> Verwalten
                  </Button>
                ) : null}
                {canDeleteUser(me, u) ? (
                  <DeleteRowButton className="size-9" label={`${u.username} löschen`} onClick={() => props.onDelete(u)} />
                ) : null}
              </ActionsCell>
            </TR>
          );
        }}
      />
    </Table>
  );
}
