// /dashboard/companies (requirements 2.2, 2.5, 2.6; super admin only, guarded in App.tsx).
// The table is read page by page from GET /api/companies (the search sent as q, in id order).
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useMutation } from "@tanstack/react-query";
import { Building2, Pencil, Plus } from "lucide-react";
import type { CompanyDto } from "../../common/types";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { ConfirmDialog } from "../components/ui/alert-dialog";
import { ActionsCell, ActionsHead, DeleteRowButton } from "../components/ui/table-actions";
import { TD, TH, THead, TR, Table } from "../components/ui/table";
import { usePageTitle } from "../hooks/use-page-title";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { CompanyFormDialog } from "./CompanyFormDialog";
import { chatbotUsage } from "./company-view";
import { usePagedList } from "../lib/use-paged-list";
import { LoadMore } from "../components/ui/load-more";
import { SearchInput } from "../components/ui/search-input";
import { PagedTableBody } from "../components/ui/paged-table-body";
import { PageHeader } from "../layout/PageHeader";

const COLUMNS = 6;
export const COMPANIES_PAGE_SIZE = 50;

export default function CompaniesPage() {
  usePageTitle("Unternehmensverwaltung");
  const [params] = useSearchParams();
  const [search, setSearch] = useState(params.get("q") ?? "");
  const [editing, setEditing] = useState<CompanyDto | "new" | null>(null);
  const [toDelete, setToDelete] = useState<CompanyDto | null>(null);
  const list = usePagedList<CompanyDto>({ path: "/api/companies", pageSize: COMPANIES_PAGE_SIZE, search });
  const { rows } = list;

  const remove = useMutation({
    mutationFn: (c: CompanyDto) => apiRequest<{ deletedUsers: number; movedProjects: number }>("DELETE", `/api/companies/${c.id}`),
    onSuccess: (res, c) => {
      for (const key of ["/api/companies", "/api/users", "/api/projects", "/api/registration-links"])
        void queryClient.invalidateQueries({ queryKey: [key] });
      toast({
        title: "Unternehmen gelöscht",
        description: `${c.name}: ${res.deletedUsers} Benutzer gelöscht, ${res.movedProjects} Projekte übernommen.`,
      });
      setToDelete(null);
    },
    onError: (err) =>
      toast({
        title: "Fehler beim Löschen",
        description: errorMessage(err, "Das Unternehmen konnte nicht gelöscht werden."),
        variant: "destructive",
      }),
  });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Unternehmensverwaltung"
        description="Kundenunternehmen anlegen, bearbeiten und ihr Chatbot-Kontingent festlegen."
        action={
          <Button onClick={() => setEditing("new")}>
            <Plus /> Neues Unternehmen
          </Button>
        }
      />
      <Card>
        <CardContent className="space-y-4 pt-6">
          <SearchInput value={search} onChange={setSearch} placeholder="Unternehmen suchen..." label="Unternehmen suchen" />
          <Table stack>
            <THead>
              <tr>
                <TH>ID</TH>
                <TH>Name</TH>
                <TH>Adresse</TH>
                <TH>Kontakt-E-Mail</TH>
                <TH>Chatbot-Anfragen</TH>
                <ActionsHead />
              </tr>
            </THead>
            <PagedTableBody
              list={list}
              columns={COLUMNS}
              failed="Die Unternehmen konnten nicht geladen werden."
              empty={{
                none: (
                  <>
                    <Building2 className="mx-auto mb-2 size-8 text-slate-300" />
                    Noch keine Unternehmen angelegt
                  </>
                ),
                notFound: (
                  <>
                    <Building2 className="mx-auto mb-2 size-8 text-slate-300" />
                    Keine Unternehmen gefunden
                  </>
                ),
              }}
              row={(c) => {
                const usage = chatbotUsage(c);
                return (
                  <TR key={c.id} data-testid={`company-row-${c.id}`}>
                    <TD label="ID" className="tabular-nums text-slate-500">
                      {c.id}
                    </TD>
                    <TD primary className="font-medium text-slate-900">
                      {c.name}
                    </TD>
                    <TD label="Adresse" className="min-w-40 max-w-64">
                      {c.address}
                    </TD>
                    <TD label="Kontakt-E-Mail" className="max-w-56 [overflow-wrap:anywhere]">
                      {c.contactEmail}
                    </TD>
                    <TD label="Chatbot-Anfragen" className="whitespace-nowrap tabular-nums" title={usage.title}>
                      {usage.text}
                    </TD>
                    <ActionsCell>
                      <Button
                        variant="ghost"
                        size="icon"
                        onClick={() => setEditing(c)}
                        title="Bearbeiten"
                        aria-label={`${c.name} bearbeiten`}
                      >
                        <Pencil />
                      </Button>
                      <DeleteRowButton label={`${c.name} löschen`} onClick={() => setToDelete(c)} />
                    </ActionsCell>
                  </TR>
                );
              }}
            />
          </Table>
          <LoadMore shown={rows.length} list={list} noun={["Unternehmen", "Unternehmen"]} label="Weitere Unternehmen laden" />
        </CardContent>
      </Card>
      {editing ? (
        <CompanyFormDialog
          key={editing === "new" ? "new" : editing.id}
          company={editing === "new" ? null : editing}
          open
          onOpenChange={(o) => !o && setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Unternehmen löschen?"
        description={
          toDelete
            ? `„${toDelete.name}“ wird gelöscht. Alle Benutzer dieses Unternehmens werden ebenfalls gelöscht, und seine Projekte werden dem Systemadministrator zugeordnet. Diese Aktion kann nicht rückgängig gemacht werden.`
            : ""
        }
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </div>
  );
}
