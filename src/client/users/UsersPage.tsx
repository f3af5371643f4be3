// /dashboard/users (requirements 2.2 and 2.6): admins only; a plain user sees "Zugriff verweigert".
// The table is read page by page from GET /api/users (the search sent as q, in id order).
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useMutation } from "@tanstack/react-query";
import type { CurrentUser, UserDeleted, UserDto } from "../../common/types";
import { Card, CardContent } from "../components/ui/card";
import { ConfirmDialog } from "../components/ui/alert-dialog";
import { usePageTitle } from "../hooks/use-page-title";
import { toast } from "../hooks/use-toast";
import { apiRequest } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { AccessDenied } from "../layout/RequireRole";
import { displayName } from "../layout/Sidebar";
import { useSessionUser } from "../layout/session-user";
import { InviteUserButton } from "./InviteUserDialog";
import { ManageUserDialog } from "./ManageUserDialog";
import { NO_USER_PERMISSION, userErrorText } from "./messages";
import { UsersTable } from "./UsersTable";
import { PendingInvitations } from "./PendingInvitations";
import { usePagedList } from "../lib/use-paged-list";
import { LoadMore } from "../components/ui/load-more";
import { SearchInput } from "../components/ui/search-input";
import { PageHeader } from "../layout/PageHeader";

export const USERS_PAGE_SIZE = 50;

export default function UsersPage() {
  usePageTitle("Benutzerverwaltung");
  const me = useSessionUser();
  if (me.role === "user") return <AccessDenied message={NO_USER_PERMISSION} />;
  return <UserAdministration me={me} />;
}

function UserAdministration({ me }: { me: CurrentUser }) {
  const [params] = useSearchParams();
  const [search, setSearch] = useState(params.get("q") ?? "");
  const [managed, setManaged] = useState<UserDto | null>(null);
  const [toDelete, setToDelete] = useState<UserDto | null>(null);
  const isSuper = me.role === "super_admin";
  const list = usePagedList<UserDto>({ path: "/api/users", pageSize: USERS_PAGE_SIZE, search });

  const remove = useMutation({
    mutationFn: (u: UserDto) => apiRequest<UserDeleted>("DELETE", `/api/users/${u.id}`),
    onSuccess: (_res, u) => {
      void queryClient.invalidateQueries({ queryKey: ["/api/users"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/projects"] });
      toast({ title: "Benutzer gelöscht", description: `${displayName(u)} wurde gelöscht.` });
      setToDelete(null);
    },
    onError: (err) =>
      toast({
        title: "Fehler beim Löschen",
        description: `Der Benutzer konnte nicht gelöscht werden: ${userErrorText(err)}`,
        variant: "destructive",
      }),
  });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Benutzerverwaltung"
        description={
          isSuper
            ? "Alle Benutzer der Plattform verwalten, einladen und unterstützen."
            : "Die Benutzer Ihres Unternehmens verwalten und einladen."
        }
        action={<InviteUserButton me={me} />}
      />
      <PendingInvitations showCompany={isSuper} />
      <Card>
        <CardContent className="space-y-4 pt-6">
          <SearchInput value={search} onChange={setSearch} placeholder="Benutzer suchen..." label="Benutzer suchen" />
          <UsersTable me={me} list={list} onManage={setManaged} onDelete={setToDelete} />
          <LoadMore shown={list.rows.length} list={list} noun={["Benutzer", "Benutzer"]} label="Weitere Benutzer laden" />
        </CardContent>
      </Card>
      {managed ? <ManageUserDialog key={managed.id} me={me} user={managed} open onOpenChange={(o) => !o && setManaged(null)} /> : null}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Benutzer löschen?"
        description={
          toDelete
            ? `${displayName(toDelete)} (@${toDelete.username}) wird dauerhaft gelöscht. Projekte, die dieser Benutzer angelegt hat, werden Ihnen zugeordnet. Diese Aktion kann nicht rückgängig gemacht werden.`
            : ""
        }
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </div>
  );
}
