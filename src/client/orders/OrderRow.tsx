// One order of the orders table: name, description, creator, company, creation time, status with
// its delivery deadline, and the actions (upload the evaluation, draft, download, delete).
import { Link } from "react-router";
import { AlertTriangle, Download, Eye, FileText, MoreHorizontal, Trash2, Upload } from "lucide-react";
import { formatDateTime } from "../../common/format";
import { findProjectStatus } from "../../common/project-status";
import type { ProjectDto } from "../../common/types";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { DateTimeCell } from "../components/ui/date-time-cell";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../components/ui/dropdown-menu";
import { ActionsCell } from "../components/ui/table-actions";
import { TD, TR } from "../components/ui/table";
import { cn } from "../lib/utils";
import { detailUrl, resultUrl } from "../projects/project-api";
import { creatorName, deliveryDeadline, isOverdue, orderStatus, truncateDescription } from "./order-view";

/** What the row's actions open; the page holds the dialogs. */
export interface OrderActionHandlers {
  onUpload: (order: ProjectDto) => void;
  onDraft: (order: ProjectDto) => void;
  onDelete: (order: ProjectDto) => void;
}

/** Abgeschlossen or In Bearbeitung, a draft in review, and the deadline (red once overdue). */
function OrderStatusCell({ order: o, late }: { order: ProjectDto; late: boolean }) {
  const status = orderStatus(o);
  return (
    <TD label="Status">
      <div className="flex flex-col items-end gap-1 md:items-start">
        <Badge
          className={
            status === "Abgeschlossen" ? "border-green-200 bg-green-100 text-green-800" : "border-amber-200 bg-amber-100 text-amber-800"
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
  );
}

/** Upload the evaluation at once; the rest (download, view, draft, delete) in the menu. */
function OrderActions({ order: o, onUpload, onDraft, onDelete }: { order: ProjectDto } & OrderActionHandlers) {
  return (
    <ActionsCell>
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        onClick={() => onUpload(o)}
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
            <DropdownMenuItem onSelect={() => onDraft(o)}>
              <FileText className="size-4" /> Auswertungsentwurf erstellen
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => onUpload(o)}>
            <Upload className="size-4" /> {o.hasOutputFile ? "Auswertung aktualisieren" : "Auswertung hochladen"}
          </DropdownMenuItem>
          <DropdownMenuItem className="text-red-600" onSelect={() => onDelete(o)}>
            <Trash2 className="size-4" /> Löschen
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </ActionsCell>
  );
}

export function OrderRow({ order: o, onUpload, onDraft, onDelete }: { order: ProjectDto } & OrderActionHandlers) {
  const late = isOverdue(o);
  return (
    <TR data-testid={`order-row-${o.id}`} className={cn(late && "bg-red-50/60")}>
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
          <Link to={`/dashboard/users?q=${encodeURIComponent(o.createdBy.username)}`} className="text-brand-700 hover:underline">
            {creatorName(o.createdBy)}
          </Link>
        ) : (
          "–"
        )}
      </TD>
      <TD label="Unternehmen">
        {o.company ? (
          <Link to={`/dashboard/companies?q=${encodeURIComponent(o.company.name)}`} className="text-brand-700 hover:underline">
            {o.company.name}
          </Link>
        ) : (
          <span className="text-slate-500">Kein Unternehmen</span>
        )}
      </TD>
      <TD label="Erstellt">
        <DateTimeCell at={o.createdAt} />
      </TD>
      <OrderStatusCell order={o} late={late} />
      <OrderActions order={o} onUpload={onUpload} onDraft={onDraft} onDelete={onDelete} />
    </TR>
  );
}
