// The "Leistungsverzeichnis" tab of a project: loads the LV's analysis (polling while the reader
// works), says when there is none or it could not be read, and shows it (BoqAnalysis.tsx) with
// the Excel and GAEB XML exports, the column mapping of a spreadsheet and, for super admins, the
// expert review.
import { useState, type ReactNode } from "react";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Columns3, FileSearch, Loader2 } from "lucide-react";
import { Button } from "../components/ui/button";
import { BoqAnalysis } from "./BoqAnalysis";
import { BoqExportLinks } from "./BoqExportLinks";
import { ColumnMappingDialog } from "./ColumnMappingDialog";
import { BOQ_TEXTS, boqLoadState, boqStaleTime } from "./load-state";
import { ReviewPanel } from "../findings/ReviewPanel";
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
    <>
      <BoqAnalysis
        data={data}
        summaryHref={`/api/projects/${projectId}/boq/summary`}
        actions={
          <div className="flex flex-wrap gap-2">
            {mappingButton("Spaltenzuordnung ändern")}
            <BoqExportLinks projectId={projectId} priced={data.totals?.total != null} />
          </div>
        }
        review={review ? <ReviewPanel projectId={projectId} projectName={review.projectName} data={data} /> : null}
      />
      {mappingDialog}
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
