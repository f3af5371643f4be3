// The selected position (or title): short text, quantity and prices, long text and its findings.
import { formatEuro } from "../../common/format";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { FindingCard } from "./FindingCard";
import type { BoqFinding, BoqPosition } from "../../common/types";

const num = (n: number | null) => (n === null ? "–" : n.toLocaleString("de-DE", { maximumFractionDigits: 3 }));

export function PositionDetails({ current, findings }: { current: BoqPosition | null; findings: BoqFinding[] }) {
  return (
    <Card className="lg:sticky lg:top-4 lg:self-start" data-testid="boq-details">
      <CardHeader>
        <CardTitle className="text-base">{current ? `OZ ${current.oz ?? ""}` : "Langtext"}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {current ? (
          <>
            <p className="font-medium">{current.shortText}</p>
            {current.kind === "item" ? (
              <p className="text-slate-600">
                Menge: {num(current.qty)} {current.unit}
                {current.unitPrice !== null ? ` · EP ${formatEuro(current.unitPrice)}` : ""}
                {current.total !== null ? ` · GP ${formatEuro(current.total)}` : ""}
              </p>
            ) : null}
            {current.section ? <SectionDiscount section={current.section} total={current.total} /> : null}
            {current.discountPercent ? <p className="text-slate-600">Nachlass auf die Position: {num(current.discountPercent)} %</p> : null}
            <p className="whitespace-pre-line text-slate-700" data-testid="boq-longtext">
              {current.longText || (current.subDescriptions?.length ? "" : "Kein Langtext vorhanden.")}
            </p>
            {current.subDescriptions?.length ? (
              <ol className="space-y-2 border-l-2 border-slate-200 pl-3" aria-label="Unterbeschreibungen" data-testid="boq-subdescriptions">
                {current.subDescriptions.map((s) => (
                  <li key={s.no}>
                    <p className="font-medium">
                      {current.oz}/{s.no} {s.shortText}
                    </p>
                    {s.qty !== null && s.qty !== 0 ? (
                      <p className="text-slate-600">
                        Menge: {num(s.qty)} {s.unit}
                      </p>
                    ) : null}
                    {s.longText ? <p className="whitespace-pre-line text-slate-700">{s.longText}</p> : null}
                  </li>
                ))}
              </ol>
            ) : null}
            {current.bidderAnswers?.length ? (
              <div data-testid="boq-bidder-answers">
                <p className="font-medium">Bieterangaben</p>
                <ul className="list-disc pl-5 text-slate-700">
                  {current.bidderAnswers.map((a, i) => (
                    <li key={i}>
                      {a.caption ? `${a.caption} ` : ""}
                      {a.answer ?? <span className="text-amber-700">offen</span>}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {findings.map((f, i) => (
              <FindingCard key={i} f={f} />
            ))}
          </>
        ) : (
          <p className="text-slate-600">Wählen Sie eine Position, um ihren Langtext und die Befunde zu sehen.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** A lot/title's discount, surcharge or lump sum (GAEB Totals) with the sum before it. */
function SectionDiscount({ section, total }: { section: NonNullable<BoqPosition["section"]>; total: number | null }) {
  const before = section.subtotal === null ? "" : `Summe ${formatEuro(section.subtotal)}`;
  let what = "";
  if (section.lumpSum !== null) what = `Pauschalsumme ${formatEuro(section.lumpSum)}`;
  else if (section.discountAmount !== null) what = `Nachlass ${formatEuro(section.discountAmount)}`;
  else if (section.discountPercent !== null && section.discountPercent < 0) what = `Zuschlag ${num(-section.discountPercent)} %`;
  else if (section.discountPercent !== null) what = `Nachlass ${num(section.discountPercent)} %`;
  if (!what) return null;
  return (
    <p className="text-slate-600" data-testid="boq-section-discount">
      {[before, what, total !== null ? `gilt: ${formatEuro(total)}` : ""].filter(Boolean).join(" · ")}
    </p>
  );
}
