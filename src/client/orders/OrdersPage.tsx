// /dashboard/orders (requirements 2.2 and 2.4; super admin only, guarded in App.tsx): every
// customer's project as an order with its 48-hour delivery deadline. The table is read page by
// page from GET /api/projects (the search sent as q), the header figures from /api/orders/summary.
import { useState } from "react";
import { Link } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Download, Eye, FileText, MoreHorizontal, Trash2, Upload } from "lucide-react";
import { formatDateTime } from "../../common/format";
import { findProjectStatus } from "../../common/project-status";
import type { OrderSummary } from "../../common/schemas/order";
import type { ProjectDto } from "../../common/types";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../components/ui/dropdown-menu";
import { Card, CardContent } from "../components/ui/card";
import { DateTimeCell } from "../components/ui/date-time-cell";
import { ActionsCell, ActionsHead } from "../components/ui/table-actions";
import { TBody, TD, TH, THead, TR, Table } from "../components/ui/table";
import { usePageTitle } from "../hooks/use-page-title";
import { cn } from "../lib/utils";
import { DeleteProjectDialog } from "../projects/DeleteProjectDialog";
import { PROJECTS_KEY, detailUrl, invalidateProjects, resultUrl } from "../projects/project-api";
import { apiRequest } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";
import { LoadMore } from "../components/ui/load-more";
import { useDeleteProject } from "../projects/use-delete-project";
import { UploadEvaluationDialog } from "./UploadEvaluationDialog";
import { DraftEvaluationDialog } from "../boq/DraftEvaluationDialog";
import { creatorName, deliveryDeadline, isOverdue, orderStatus, truncateDescription } from "./order-view";
import { SearchInput } from "../components/ui/search-input";
import { MessageRow, SkeletonRows } from "../components/ui/table-states";

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
  const list = usePagedList<ProjectDto>({ path: PROJECTS_KEY[0], pageSize: ORDERS_PAGE_SIZE, search, sort: "-createdAt", filters: ORDERS_FILTERS });
  const { rows, isPending, isError } = list;
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
            <TBody>
              {isPending ? <SkeletonRows columns={COLUMNS} rows={SKELETON_ROWS} testId="order-skeleton" /> : null}
              {isError ? (
                <MessageRow columns={COLUMNS} tone="error">
                  Die Aufträge konnten nicht geladen werden.
                </MessageRow>
              ) : null}
              {!isPending && !isError && rows.length === 0 ? (
                <MessageRow columns={COLUMNS}>{list.searching ? "Keine Aufträge gefunden" : "Noch keine Aufträge vorhanden"}</MessageRow>
              ) : null}
              {rows.map((o) => {
                const status = orderStatus(o);
                const late = isOverdue(o);
                return (
                  <TR key={o.id} data-testid={`order-row-${o.id}`} className={cn(late && "bg-red-50/60")}>
                    <TD primary className="font-medium">
                      <Link to={detailUrl(o.id)} className="text-slate-900 hover:text-brand-700 hover:underline">
                        {o.name}
                      </Link>
                    </TD>
                    <TD label="Beschreibung" className="min-w-36 max-w-64 text-slate-600" title={o.description ?? undefined}>
                      {truncateDescription(o.description)}
                    </TD>
                    <TD label="Ersteller" className="whitespace-nowrap">
                      {o.createdBy ? (
                        <Link
                          to={`/dashboard/users?q=${encodeURIComponent(o.createdBy.username)}`}
                          className="text-brand-700 hover:underline"
                        >
                          {creatorName(o.createdBy)}
                        </Link>
                      ) : (
                        "–"
                      )}
                    </TD>
                    <TD label="Unternehmen">
                      {o.company ? (
                        <Link
                          to={`/dashboard/companies?q=${encodeURIComponent(o.company.name)}`}
                          className="text-brand-700 hover:underline"
                        >
                          {o.company.name}
                        </Link>
                      ) : (
                        <span className="text-slate-500">Kein Unternehmen</span>
                      )}
                    </TD>
                    <TD label="Erstellt">
                      <DateTimeCell at={o.createdAt} />
                    </TD>
                    <TD label="Status">
                      <div className="flex flex-col items-end gap-1 md:items-start">
                        <Badge
                          className={
                            status === "Abgeschlossen"
                              ? "border-green-200 bg-green-100 text-green-800"
                              : "border-amber-200 bg-amber-100 text-amber-800"
                          }
                        >
                          {status}
                        </Badge>
                        {status === "In Bearbeitung" && findProjectStatus(o.status)?.value === "In Review" ? (
                          <span className="text-xs text-yellow-800">Entwurf in Prüfung</span>
                        ) : null}
                        {o.hasOutputFile ? null : (
                          <span
                            className={cn(
                              "flex items-center gap-1 whitespace-nowrap text-xs tabular-nums",
                              late ? "font-semibold text-red-700" : "text-slate-500",
                            )}
                            data-testid={late ? "overdue" : "deadline"}
                          >
                            {late ? <AlertTriangle className="size-3.5" aria-hidden /> : null}
                            {late ? "Überfällig seit " : "Frist: "}
                            {formatDateTime(deliveryDeadline(o))}
                          </span>
                        )}
                      </div>
                    </TD>
                    <ActionsCell>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-9"
                        onClick={() => setUploadFor(o)}
                        title={o.hasOutputFile ? "Auswertung aktualisieren" : "Auswertung hochladen"}
                        aria-label={`Auswertung für ${o.name} hochladen`}
                      >
                        <Upload />
                      </Button>
                      <DropdownMenu modal={false}>
                        <DropdownMenuTrigger asChild>
                          <Button variant="ghost" size="icon" className="size-9" aria-label={`Weitere Aktionen für ${o.name}`}>
                            <MoreHorizontal />
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent align="end">
                          {o.hasInputFile ? (
                            <DropdownMenuItem asChild>
                              <a href={`/api/projects/${o.id}/download-input`} target="_blank" rel="noopener">
                                <Download className="size-4" /> Auftragsdokument herunterladen
                              </a>
                            </DropdownMenuItem>
                          ) : null}
                          {o.hasOutputFile ? (
                            <DropdownMenuItem asChild>
                              <a href={resultUrl(o.id)} target="_blank" rel="noopener">
                                <Eye className="size-4" /> Auswertung ansehen
                              </a>
                            </DropdownMenuItem>
                          ) : null}
                          {o.hasInputFile ? (
                            <DropdownMenuItem onSelect={() => setDraftFor(o)}>
                              <FileText className="size-4" /> Auswertungsentwurf erstellen
                            </DropdownMenuItem>
                          ) : null}
                          <DropdownMenuItem onSelect={() => setUploadFor(o)}>
                            <Upload className="size-4" /> {o.hasOutputFile ? "Auswertung aktualisieren" : "Auswertung hochladen"}
                          </DropdownMenuItem>
                          <DropdownMenuItem className="text-red-600" onSelect={() => setToDelete(o)}>
                            <Trash2 className="size-4" /> Löschen
                          </DropdownMenuItem>
                        </DropdownMenuContent>
                      </DropdownMenu>
                    </ActionsCell>
                  </TR>
                );
              })}
            </TBody>
          </Table>
          <LoadMore
            shown={rows.length}
            list={list}
            noun={["Auftrag", "Aufträge"]}
            label="Weitere Aufträge laden"
          />
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
