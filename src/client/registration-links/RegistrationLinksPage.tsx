// /dashboard/registration-links (requirements 2.2 and 2.4; super admin only, guarded in App.tsx).
// The table is read page by page from GET /api/registration-links (newest id first, the search
// sent as q); the four counters are the totals of the whole list per status.
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Copy } from "lucide-react";
import { ROLE_BADGES, ROLE_LABELS } from "../../common/roles";
import { registrationLinkStatus, type RegistrationLinkStatus } from "../../common/schemas/registration-link";
import type { RegistrationLinkDto } from "../../common/types";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { ConfirmDialog } from "../components/ui/alert-dialog";
import { DateTimeCell } from "../components/ui/date-time-cell";
import { ActionsCell, ActionsHead, DeleteRowButton } from "../components/ui/table-actions";
import { TD, TH, THead, TR, Table } from "../components/ui/table";
import { usePageTitle } from "../hooks/use-page-title";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { cn } from "../lib/utils";
import { useSessionUser } from "../layout/session-user";
import { InviteUserButton } from "../users/InviteUserDialog";
import { copyLink, invitationLink } from "./copy-link";
import { useListTotal, usePagedList } from "../lib/use-paged-list";
import { LoadMore } from "../components/ui/load-more";
import { SearchInput } from "../components/ui/search-input";
import { PagedTableBody } from "../components/ui/paged-table-body";
import { PageHeader } from "../layout/PageHeader";

const STATUS_COLORS: Record<RegistrationLinkStatus, string> = {
  Aktiv: "border-green-200 bg-green-50 text-green-800",
  Verwendet: "border-slate-200 bg-slate-100 text-slate-700",
  Abgelaufen: "border-amber-200 bg-amber-50 text-amber-800",
};
const COLUMNS = 8;
const LINKS_PATH = "/api/registration-links";
export const LINKS_PAGE_SIZE = 50;

/** The counters: one total per status from the server; Gesamt is their sum. */
function useLinkCounts(): Record<"Gesamt" | RegistrationLinkStatus, number | undefined> {
  const { data: Aktiv } = useListTotal(LINKS_PATH, { status: "active" });
  const { data: Verwendet } = useListTotal(LINKS_PATH, { status: "used" });
  const { data: Abgelaufen } = useListTotal(LINKS_PATH, { status: "expired" });
  const Gesamt = Aktiv === undefined || Verwendet === undefined || Abgelaufen === undefined ? undefined : Aktiv + Verwendet + Abgelaufen;
  return { Gesamt, Verwendet, Abgelaufen, Aktiv };
}

export default function RegistrationLinksPage() {
  usePageTitle("Einladungslinks");
  const me = useSessionUser();
  const [search, setSearch] = useState("");
  const [toDelete, setToDelete] = useState<RegistrationLinkDto | null>(null);
  const list = usePagedList<RegistrationLinkDto>({ path: LINKS_PATH, pageSize: LINKS_PAGE_SIZE, search });
  const { rows } = list;
  const counts = useLinkCounts();

  const remove = useMutation({
    mutationFn: (l: RegistrationLinkDto) => apiRequest("DELETE", `/api/registration-links/${l.id}`),
    onSuccess: (_r, l) => {
      void queryClient.invalidateQueries({ queryKey: ["/api/registration-links"] });
      toast({ title: "Link gelöscht", description: `Der Einladungslink für ${l.email} wurde gelöscht.` });
      setToDelete(null);
    },
    onError: (err) =>
      toast({
        title: "Fehler beim Löschen",
        description: `Der Link konnte nicht gelöscht werden: ${errorMessage(err, "Unbekannter Fehler")}`,
        variant: "destructive",
      }),
  });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Einladungslinks"
        description="Alle Registrierungslinks mit ihrem Status. Nur aktive Links können kopiert werden."
        action={<InviteUserButton me={me} />}
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {(["Gesamt", "Verwendet", "Abgelaufen", "Aktiv"] as const).map((k) => (
          <Card key={k} className="p-4" data-testid={`count-${k}`}>
            <p className="text-sm text-slate-500">{k}</p>
            <p className="text-2xl font-bold tabular-nums text-slate-900">{counts[k] ?? "–"}</p>
          </Card>
        ))}
      </div>
      <Card>
        <CardContent className="space-y-4 pt-6">
          <SearchInput
            value={search}
            onChange={setSearch}
            placeholder="E-Mail, Unternehmen oder Rolle suchen..."
            label="Registrierungslinks suchen"
          />
          <Table stack className="[&_td]:px-2 [&_th]:px-2">
            <THead>
              <tr>
                <TH>ID</TH>
                <TH>E-Mail</TH>
                <TH>Rolle</TH>
                <TH>Unternehmen</TH>
                <TH>Erstellt</TH>
                <TH>Läuft ab</TH>
                <TH>Status</TH>
                <ActionsHead />
              </tr>
            </THead>
            <PagedTableBody
              list={list}
              columns={COLUMNS}
              failed="Die Registrierungslinks konnten nicht geladen werden."
              empty={{ none: "Noch keine Registrierungslinks erstellt", notFound: "Keine Registrierungslinks gefunden" }}
              row={(l) => {
                const status = registrationLinkStatus(l);
                return (
                  <TR key={l.id} data-testid={`link-row-${l.id}`}>
                    <TD label="ID" className="tabular-nums text-slate-500">
                      {l.id}
                    </TD>
                    <TD primary className="max-w-44 [overflow-wrap:anywhere]" title={l.email}>
                      {l.email}
                    </TD>
                    <TD label="Rolle" className="whitespace-nowrap" title={ROLE_LABELS[l.role]}>
                      {ROLE_BADGES[l.role]}
                    </TD>
                    <TD label="Unternehmen">{l.companyName ?? (l.companyId ? `Unternehmen ${l.companyId}` : "Kein Unternehmen")}</TD>
                    <TD label="Erstellt">
                      <DateTimeCell at={l.createdAt} />
                    </TD>
                    <TD label="Läuft ab">
                      <DateTimeCell at={l.expiresAt} />
                    </TD>
                    <TD label="Status">
                      <Badge className={cn(STATUS_COLORS[status])}>{status}</Badge>
                    </TD>
                    <ActionsCell>
                      {status === "Aktiv" ? (
                        <Button
                          variant="ghost"
                          size="icon"
                          onClick={() => void copyLink(invitationLink(l.token), "Link kopiert")}
                          title="Link kopieren"
                          aria-label={`Link für ${l.email} kopieren`}
                        >
                          <Copy />
                        </Button>
                      ) : null}
                      <DeleteRowButton label={`Link für ${l.email} löschen`} onClick={() => setToDelete(l)} />
                    </ActionsCell>
                  </TR>
                );
              }}
            />
          </Table>
          <LoadMore shown={rows.length} list={list} noun={["Einladungslink", "Einladungslinks"]} label="Weitere Einladungslinks laden" />
        </CardContent>
      </Card>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Einladungslink löschen?"
        description={
          toDelete ? `Der Link für ${toDelete.email} wird gelöscht und kann danach nicht mehr zur Registrierung verwendet werden.` : ""
        }
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </div>
  );
}
