// One finding of the pre-check: severity, title, a "KI-Hinweis" badge for model findings, the
// expert's confirmation and remark (issue 27), why,
// basis, evidence and the amount at stake (or which price is missing to name it).
import { formatEuro } from "../../common/format";
import { Badge } from "../components/ui/badge";
import { cn } from "../lib/utils";
import { SEVERITY_STYLES } from "./labels";
import type { BoqFinding } from "../../common/types";

const EFFECT_TITLE = {
  risiko: "Risiko (möglicher Verlust)",
  chance: "Chance (Nachtragspotenzial)",
  offen: "Offener Betrag (kein Verlust)",
} as const;

export function FindingCard({ f }: { f: BoqFinding }) {
  const related = (f.relatedOz ?? []).filter((oz) => oz !== f.oz);
  return (
    <div
      className={cn("space-y-1 rounded-md border p-2 text-sm", SEVERITY_STYLES[f.severity].className)}
      data-testid="boq-finding"
      data-finding-id={f.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold">
          {SEVERITY_STYLES[f.severity].label}: {f.title}
          {f.source === "model" ? (
            <Badge
              className="ml-2 border-violet-200 bg-violet-50 px-1.5 py-0 align-middle text-[10px] text-violet-700"
              title="Von der KI-Prüfung als Frage formuliert – fachlich prüfen"
            >
              KI-Hinweis
            </Badge>
          ) : null}
          {f.expertConfirmed ? (
            <Badge
              className="ml-2 border-green-200 bg-green-50 px-1.5 py-0 align-middle text-[10px] text-green-800"
              data-testid="expert-confirmed"
            >
              {f.source === "expert" ? "Befund des Experten" : "Vom Experten bestätigt"}
            </Badge>
          ) : null}
          {f.review?.decision === "rejected" ? (
            <Badge className="ml-2 border-slate-300 bg-white px-1.5 py-0 align-middle text-[10px] text-slate-700">Verworfen</Badge>
          ) : null}
        </p>
        {f.potentialEur != null ? (
          <span
            className="shrink-0 rounded bg-white/70 px-1.5 font-semibold tabular-nums"
            title={`${EFFECT_TITLE[f.effect ?? "risiko"]} (netto)`}
          >
            {f.effect === "chance" ? "Chance " : f.effect === "offen" ? "offen " : ""}
            {formatEuro(f.potentialEur)}
          </span>
        ) : f.potentialEurEstimate ? (
          <span className="shrink-0 rounded bg-white/70 px-1.5 tabular-nums" title="Schätzung (Richtwert), netto">
            {f.effect === "chance" ? "Chance " : f.effect === "offen" ? "offen " : ""}
            {formatEuro(f.potentialEurEstimate.low)} – {formatEuro(f.potentialEurEstimate.high)} (Schätzung (Richtwert))
          </span>
        ) : null}
      </div>
      <p>{f.why}</p>
      {f.excerpt ? <p className="text-xs italic">„{f.excerpt}“</p> : null}
      {f.clause?.document ? (
        <p className="text-xs">
          Fundstelle: {f.clause.document}
          {f.clause.location ? `, ${f.clause.location}` : ""}
        </p>
      ) : null}
      {f.evidence ? <p className="text-xs">Beleg: {f.evidence}</p> : null}
      {related.length ? <p className="text-xs">Betrifft auch: OZ {related.join(", ")}</p> : null}
      {f.basis ? <p className="text-xs">Grundlage: {f.basis}</p> : null}
      {f.potentialEur == null && !f.potentialEurEstimate && f.priceNeeded ? <p className="text-xs">{f.priceNeeded}</p> : null}
      {f.review?.remark ? <p className="text-xs font-medium">Anmerkung des Experten: {f.review.remark}</p> : null}
    </div>
  );
}
