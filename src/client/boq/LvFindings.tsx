// "Fragen und Befunde zum gesamten LV": the findings with scope "lv" (not tied to one position),
// the first ten and the rest on request.
import { useState } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { FindingCard } from "./FindingCard";
import type { BoqFinding } from "../../common/types";

const LV_FINDINGS_SHOWN = 10;

export function LvFindings({ findings }: { findings: BoqFinding[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? findings : findings.slice(0, LV_FINDINGS_SHOWN);
  return (
    <Card data-testid="boq-lv-findings">
      <CardHeader>
        <CardTitle className="text-base">Fragen und Befunde zum gesamten LV{findings.length ? ` (${findings.length})` : ""}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        {findings.length === 0 ? <p className="text-sm text-slate-500">Zum LV als Ganzem hat die Vorprüfung keine Befunde.</p> : null}
        {shown.map((f, i) => (
          <FindingCard key={i} f={f} />
        ))}
        {findings.length > LV_FINDINGS_SHOWN ? (
          <button type="button" className="text-sm text-brand-700 underline" onClick={() => setAll((v) => !v)}>
            {all ? "Weniger anzeigen" : `Alle ${findings.length} Befunde anzeigen`}
          </button>
        ) : null}
      </CardContent>
    </Card>
  );
}
