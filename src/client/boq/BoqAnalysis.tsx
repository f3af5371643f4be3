// The read LV as the "Leistungsverzeichnis" tab shows it: the Empfehlung, where the positions came
// from (with the exports), the figures (positions, findings, Risiko and Chance), the overview with
// its charts, the clause checklist and the positions as a virtual tree with the selected one beside
// it. Pure display of one GET /boq answer: the project's LV tab (BoqTab.tsx) and the public demo
// (src/client/demo) show the same screen.
import { useMemo, useState, type ReactNode } from "react";
import { BoqDecisionCard, BoqOverview, BoqStats } from "./BoqSummary";
import { BoqTree } from "./BoqTree";
import { ClauseChecklist } from "./ClauseChecklist";
import { LvFindings } from "./LvFindings";
import { PositionDetails } from "./PositionDetails";
import { ReadingNotes } from "./ReadingNotes";
import { findingsByOz as groupByOz, lvFindings } from "./summary";
import type { BoqView } from "../../common/types";

export function BoqAnalysis({
  data,
  summaryHref,
  actions,
  review,
}: {
  data: BoqView;
  /** The printable summary; none in the demo. */
  summaryHref?: string;
  /** Beside "Gelesen als …": the exports (and the column mapping). */
  actions: ReactNode;
  /** The expert review (super admins only). */
  review?: ReactNode;
}) {
  return (
    <div className="@container space-y-6" data-testid="boq-tab">
      <BoqDecisionCard data={data} summaryHref={summaryHref} />
      <ReadingNotes data={data} action={actions} />
      <BoqStats data={data} />
      {review}
      <BoqOverview data={data} />
      {data.checklist ? <ClauseChecklist entries={data.checklist} documents={(data.contractDocuments ?? []).map((d) => d.name)} /> : null}
      <BoqPositions data={data} />
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
      <div className="grid gap-4 @3xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
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
