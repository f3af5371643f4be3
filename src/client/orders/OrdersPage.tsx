// /dashboard/orders (requirements 2.2 and 2.4; super admin only, guarded in App.tsx): every
// customer's project as an order with its 48-hour delivery deadline. The table is read page by
// page from GET /api/projects (the search sent as q), the header figures from /api/orders/summary.
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrderSummary } from "../../common/schemas/order";
import type { ProjectDto } from "../../common/types";
import { Card, CardContent } from "../components/ui/card";
import { LoadMore } from "../components/ui/load-more";
import { PagedTableBody } from "../components/ui/paged-table-body";
import { SearchInput } from "../components/ui/search-input";
import { ActionsHead } from "../components/ui/table-actions";
import { TH, THead, Table } from "../components/ui/table";
import { usePageTitle } from "../hooks/use-page-title";
import { apiRequest } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";
import { DeleteProjectDialog } from "../projects/DeleteProjectDialog";
import { PROJECTS_KEY, invalidateProjects } from "../projects/project-api";
import { useDeleteProject } from "../projects/use-delete-project";
import { DraftEvaluationDialog } from "../boq/DraftEvaluationDialog";
import { OrderRow } from "./OrderRow";
import { UploadEvaluationDialog } from "./UploadEvaluationDialog";

export const SKELETON_ROWS = 5;
const COLUMNS = 7;
export const ORDERS_PAGE_SIZE = 50;
/** The orders search also covers description, company and creator (the columns shown). */
const ORDERS_FILTERS = { view: "orders" } as const;
/** Under the projects key, so every project change (invalidateProjects) refreshes the figures. */
const SUMMARY_KEY = [PROJECTS_KEY[0], "order-summary"] as const;

export default function OrdersPage() {
  usePageTitle("Aufträge");
  const [search, setSearch] = useState("");
  const [uploadFor, setUploadFor] = useState<ProjectDto | null>(null);
  const [draftFor, setDraftFor] = useState<ProjectDto | null>(null);
  const [toDelete, setToDelete] = useState<ProjectDto | null>(null);
  const queryClient = useQueryClient();
  const list = usePagedList<ProjectDto>({
    path: PROJECTS_KEY[0],
    pageSize: ORDERS_PAGE_SIZE,
    search,
    sort: "-createdAt",
    filters: ORDERS_FILTERS,
  });
  const { rows } = list;
  const { data: summary } = useQuery({ queryKey: SUMMARY_KEY, queryFn: () => apiRequest<OrderSummary>("GET", "/api/orders/summary") });
  const { remove, pending } = useDeleteProject("list");

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Aufträge</h1>
        <p className="text-sm text-slate-600">
          Alle Analyseaufträge der Kunden. Zugesagt ist die Auswertung innerhalb von 48 Stunden.
          {summary ? ` ${summary.open} in Bearbeitung, davon ${summary.overdue} überfällig.` : ""}
        </p>
      </div>
      <Card>
        <CardContent className="space-y-4 pt-6">
          <SearchInput value={search} onChange={setSearch} placeholder="Aufträge suchen..." label="Aufträge suchen" />
          <Table stack className="[&_td]:px-2 [&_th]:px-2">
            <THead>
              <tr>
                <TH>Name</TH>
                <TH>Beschreibung</TH>
                <TH>Ersteller</TH>
                <TH>Unternehmen</TH>
                <TH>Erstellt</TH>
                <TH>Status</TH>
                <ActionsHead />
              </tr>
            </THead>
            <PagedTableBody
              list={list}
              columns={COLUMNS}
              skeletonRows={SKELETON_ROWS}
              skeletonTestId="order-skeleton"
              failed="Die Aufträge konnten nicht geladen werden."
              empty={{ none: "Noch keine Aufträge vorhanden", notFound: "Keine Aufträge gefunden" }}
              row={(o) => <OrderRow key={o.id} order={o} onUpload={setUploadFor} onDraft={setDraftFor} onDelete={setToDelete} />}
            />
          </Table>
          <LoadMore shown={rows.length} list={list} noun={["Auftrag", "Aufträge"]} label="Weitere Aufträge laden" />
        </CardContent>
      </Card>
      {draftFor ? (
        <DraftEvaluationDialog
          key={draftFor.id}
          projectId={draftFor.id}
          projectName={draftFor.name}
          onClose={() => {
            // A draft puts the project "In Review" (server side): show it.
            void invalidateProjects(queryClient, draftFor.id);
            setDraftFor(null);
          }}
        />
      ) : null}
      {uploadFor ? (
        <UploadEvaluationDialog key={uploadFor.id} order={uploadFor} open onOpenChange={(o) => !o && setUploadFor(null)} />
      ) : null}
      <DeleteProjectDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        projectName={toDelete?.name ?? ""}
        pending={pending}
        onConfirm={async () => {
          if (toDelete && (await remove(toDelete.id))) setToDelete(null);
        }}
      />
    </div>
  );
}
