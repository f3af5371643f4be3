// The selected position (or title): short text, quantity and prices, long text and its findings.
import { formatEuro } from "../../common/format";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { FindingCard } from "./FindingCard";
import type { BoqFinding, BoqPosition } from "./types";

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
            <p className="whitespace-pre-line text-slate-700" data-testid="boq-longtext">
              {current.longText || "Kein Langtext vorhanden."}
            </p>
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
