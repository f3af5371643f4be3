// The "Leistungsverzeichnis" tab of a project: what the reader found in the uploaded LV, the
// chargeable positions with both package prices, the pre-check with the money at stake
// (Risiko and Chance apart, Risiko by VOB basis; the Empfehlung), the findings about the LV as a whole, the clause
// checklist (ClauseChecklist.tsx), the positions as a virtual tree (BoqTree.tsx) with the long text of the selected one,
// and the Excel and GAEB XML exports.
import { useMemo, useState, type ReactNode } from "react";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Columns3, FileCode2, FileSearch, FileSpreadsheet, Loader2 } from "lucide-react";
import { Button, buttonVariants } from "../components/ui/button";
import { BoqDecisionCard, BoqOverview, BoqStats } from "./BoqSummary";
import { BoqTree } from "./BoqTree";
import { ClauseChecklist } from "./ClauseChecklist";
import { ColumnMappingDialog } from "./ColumnMappingDialog";
import { BOQ_TEXTS, boqLoadState, boqStaleTime } from "./load-state";
import { LvFindings } from "./LvFindings";
import { PositionDetails } from "./PositionDetails";
import { ReadingNotes } from "./ReadingNotes";
import { ReviewPanel } from "../findings/ReviewPanel";
import { findingsByOz as groupByOz, lvFindings } from "./summary";
import type { BoqView } from "../../common/types";

/** The client's default freshness (requirements 1.7), except for a "pending" answer. */
const FRESH_MS = 5 * 60_000;

/** The LV of a project; the project page prefetches it when the pointer or focus reaches the tab. */
export const boqQuery = (projectId: number) =>
  queryOptions<BoqView>({ queryKey: [`/api/projects/${projectId}/boq`], staleTime: (q) => boqStaleTime(q.state.data, FRESH_MS) });

export function BoqTab({
  projectId,
  canManage,
  review,
}: {
  projectId: number;
  canManage: boolean;
  /** Super admins review the findings here (src/client/findings). */
  review?: { projectName: string };
}) {
  const query = useQuery({
    ...boqQuery(projectId),
    // Poll only while the background reader works on the file.
    refetchInterval: (q) => (q.state.data?.status === "pending" ? 1500 : false),
  });
  const [mappingOpen, setMappingOpen] = useState(false);
  const state = boqLoadState(query);

  if (state.kind === "fetching") return <Loader label={BOQ_TEXTS.fetching} />;
  if (state.kind === "missing") return <Notice>{BOQ_TEXTS.missing}</Notice>;
  if (state.kind === "reading") return <Loader label={state.label} />;
  const { data } = state;
  const mappingDialog = data.sheetPreview ? (
    <ColumnMappingDialog
      key={JSON.stringify(data.mapping ?? data.sheetPreview.guess)}
      projectId={projectId}
      preview={data.sheetPreview}
      open={mappingOpen}
      onOpenChange={setMappingOpen}
    />
  ) : null;
  const mappingButton = (label: string) =>
    data.sheetPreview && canManage ? (
      <Button variant="outline" size="sm" onClick={() => setMappingOpen(true)}>
        <Columns3 className="size-4" /> {label}
      </Button>
    ) : null;
  if (state.kind === "unreadable")
    return (
      <div className="space-y-3">
        <Notice>
          {data.status === "unsupported" ? "Diese Datei wird noch nicht automatisch analysiert." : "Die Datei konnte nicht gelesen werden."}{" "}
          {data.error}
          {data.sheetPreview && !canManage ? " Ein Administrator Ihres Unternehmens kann die Spalten zuordnen." : ""}
        </Notice>
        {mappingButton("Spalten zuordnen")}
        {mappingDialog}
      </div>
    );

  return (
    <div className="space-y-6" data-testid="boq-tab">
      <BoqDecisionCard data={data} projectId={projectId} />
      <ReadingNotes
        data={data}
        action={
          <div className="flex flex-wrap gap-2">
            {mappingButton("Spaltenzuordnung ändern")}
            <a href={`/api/projects/${projectId}/boq/export.xlsx`} download className={buttonVariants({ variant: "outline", size: "sm" })}>
              <FileSpreadsheet className="size-4" /> Als Excel herunterladen
            </a>
            {/* GAEB DA XML 3.3 for any AVA program: the X83 with the LV, and with prices the X84 beside it. */}
            <a
              href={`/api/projects/${projectId}/boq/export.x83`}
              download
              className={buttonVariants({ variant: "outline", size: "sm" })}
              title="GAEB DA XML 3.3, Angebotsaufforderung (X83)"
            >
              <FileCode2 className="size-4" /> Als GAEB XML herunterladen
            </a>
            {data.totals?.total != null ? (
              <a
                href={`/api/projects/${projectId}/boq/export.x84`}
                download
                className={buttonVariants({ variant: "outline", size: "sm" })}
                title="GAEB DA XML 3.3, Angebotsabgabe (X84) mit den Preisen des LV"
              >
                <FileCode2 className="size-4" /> Preise als GAEB X84
              </a>
            ) : null}
          </div>
        }
      />
      {mappingDialog}
      <BoqStats data={data} />
      {review ? <ReviewPanel projectId={projectId} projectName={review.projectName} data={data} /> : null}
      <BoqOverview data={data} />
      {data.checklist ? <ClauseChecklist entries={data.checklist} documents={(data.contractDocuments ?? []).map((d) => d.name)} /> : null}
      <BoqPositions data={data} />
      <BoqOverview data={data} />
    </div>
  );
}

/** The tree and, beside it, the selected position. */
function BoqPositions({ data }: { data: BoqView }) {
  const [selected, setSelected] = useState<number | null>(null);
  // Derived once per response, not per keystroke in the search (the LV may have 5 000 positions).
  const findingsByOz = useMemo(() => groupByOz(data.findings ?? []), [data]);
  const lvWide = useMemo(() => lvFindings(data.findings ?? []), [data]);
  const current = useMemo(() => data.positions.find((p) => p.seq === selected) ?? null, [data, selected]);
  return (
    <>
      <LvFindings findings={lvWide} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <BoqTree
          positions={data.positions}
          boqName={data.boqName}
          findingsByOz={findingsByOz}
          selectedSeq={selected}
          onSelect={setSelected}
        />
        <PositionDetails current={current} findings={current ? (findingsByOz.get(current.oz ?? "") ?? []) : []} />
      </div>
    </>
  );
}

const Loader = ({ label }: { label: string }) => (
  <div role="status" className="flex items-center gap-3 py-10 text-sm text-slate-600">
    <Loader2 className="size-5 animate-spin text-brand-600" aria-hidden /> {label}
  </div>
);

const Notice = ({ children }: { children: ReactNode }) => (
  <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
    <FileSearch className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
    <p>{children}</p>
  </div>
);
