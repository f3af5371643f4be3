// /dashboard/rule-precision (super admins): how often experts confirmed each pre-check rule's
// findings — the rule authors' precision feedback. Weakest rules first.
import { useQuery } from "@tanstack/react-query";
import type { RuleStatsRow } from "../../common/schemas/finding-review";
import { Card, CardContent } from "../components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "../components/ui/table";
import { usePageTitle } from "../hooks/use-page-title";
import { PageHeader } from "../layout/PageHeader";

const percent = (x: number) => x.toLocaleString("de-DE", { style: "percent", maximumFractionDigits: 0 });

export default function RuleStatsPage() {
  usePageTitle("Prüfregeln");
  const { data, isPending, isError } = useQuery<RuleStatsRow[]>({ queryKey: ["/api/findings/rule-stats"] });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Prüfregeln"
        description="Bestätigungsquote je Regel der automatischen Vorprüfung aus der Expertenprüfung: bestätigt oder geändert gegenüber verworfen. Regeln mit niedriger Quote zuerst."
      />
      <Card>
        <CardContent className="pt-6">
          {isPending ? (
            <p className="text-sm text-slate-600">Wird geladen …</p>
          ) : isError ? (
            <p className="text-sm text-red-700">Die Statistik konnte nicht geladen werden.</p>
          ) : data.length === 0 ? (
            <p className="text-sm text-slate-600" data-testid="rule-stats-empty">
              Noch keine geprüften Befunde. Die Quoten erscheinen, sobald Experten Befunde bestätigen oder verwerfen.
            </p>
          ) : (
            <Table stack data-testid="rule-stats">
              <THead>
                <TR>
                  <TH>Regel</TH>
                  <TH className="text-right">Geprüft</TH>
                  <TH className="text-right">Bestätigt</TH>
                  <TH className="text-right">Geändert</TH>
                  <TH className="text-right">Verworfen</TH>
                  <TH className="text-right">Bestätigungsquote</TH>
                </TR>
              </THead>
              <TBody>
                {data.map((r) => (
                  <TR key={r.ruleId}>
                    <TD primary label="Regel" className="font-mono text-xs">
                      {r.ruleId}
                    </TD>
                    <TD label="Geprüft" className="text-right tabular-nums">
                      {r.reviewed}
                    </TD>
                    <TD label="Bestätigt" className="text-right tabular-nums">
                      {r.confirmed}
                    </TD>
                    <TD label="Geändert" className="text-right tabular-nums">
                      {r.changed}
                    </TD>
                    <TD label="Verworfen" className="text-right tabular-nums">
                      {r.rejected}
                    </TD>
                    <TD label="Bestätigungsquote" className="text-right font-semibold tabular-nums">
                      {percent(r.confirmationRate)}
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
