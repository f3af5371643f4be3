// The head of the LV tab: positions, findings, chances and the amount at stake as cards, then the overview (counts per kind, value or positions per section, findings by rule,
// money by VOB basis).
import { useMemo } from "react";
import { formatEuro } from "../../common/format";
import { countNoun } from "../../common/plural";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { BarChart } from "./BarChart";
import { findingsByTitle, potentialByBasis, sectionStats } from "./summary";
import { KIND_LABELS, SEVERITY_STYLES } from "./labels";
import type { BoqView } from "../../common/types";

const range = (r: { low: number; high: number }) => `${formatEuro(r.low)} – ${formatEuro(r.high)}`;

/** The decision a Geschäftsführer acts on: Go / Go mit Auflagen / No-Go, its reasons, the surcharge. */
export function BoqDecisionCard({ data, summaryHref }: { data: BoqView; summaryHref?: string }) {
  const d = data.decision;
  if (!d) return null;
  const tone = d.verdict === "Go" ? "text-green-700" : d.verdict === "No-Go" ? "text-red-700" : "text-amber-700";
  return (
    <Card data-testid="boq-decision">
      <CardContent className="space-y-2 pt-6 text-sm">
        <p className="text-slate-600">Empfehlung</p>
        <p className={`text-2xl font-bold ${tone}`}>{d.verdict}</p>
        <ol className="list-decimal space-y-1 pl-5">
          {d.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ol>
        <p>
          Vorgeschlagener Wagniszuschlag: <strong>{d.surcharge.percent.toLocaleString("de-DE")} %</strong>{" "}
          <span className="text-xs text-slate-500">({d.surcharge.basis})</span>
        </p>
        <p>
          {d.questionDeadline ? (
            <>
              Frist für Bieterfragen: <strong>{d.questionDeadline}</strong>
            </>
          ) : (
            "Eine Frist für Bieterfragen nennt die Datei nicht."
          )}
        </p>
        {summaryHref ? (
          <p>
            <a href={summaryHref} target="_blank" rel="noopener" className="text-brand-700 underline">
              Zusammenfassung zum Drucken öffnen (PDF über „Drucken“)
            </a>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function BoqStats({ data }: { data: BoqView }) {
  const counts = data.findingCounts;
  const sev = counts?.bySeverity ?? {};
  const potential = data.potential ?? null;
  const money = data.money ?? null;
  const estimate = money?.estimate ?? null;
  const chance = money?.chance ?? null;
  return (
    <div className="grid gap-4 @lg:grid-cols-2 @3xl:grid-cols-3 @5xl:grid-cols-5">
      <Stat label="Abrechenbare Positionen" value={String(data.chargeablePositions)} hint="ohne doppelte oder gleichartige Positionen" />
      <Stat
        label="Befunde der Vorprüfung"
        value={(counts?.total ?? 0).toLocaleString("de-DE")}
        hint={`${countNoun(sev.risiko ?? 0, "kritischer Befund", "kritische Befunde")}, ${countNoun(sev.warnung ?? 0, "Warnung")}, ${countNoun(sev.hinweis ?? 0, "Hinweis")}`}
        testId="boq-finding-stat"
      />
      <Stat
        label="Befunde mit Nachtragspotenzial"
        value={(counts?.nachtragspotenzial ?? 0).toLocaleString("de-DE")}
        hint="Befunde mit möglichem Nachtrag; dokumentieren und rechtzeitig anzeigen"
      />
      <Stat
        label="Risiko (möglicher Verlust)"
        value={potential ? formatEuro(potential.totalEur) : estimate ? estimate.risk : "–"}
        hint={
          potential
            ? `aus ${countNoun(potential.count, "Befund")}, netto; jede Position einmal gezählt`
            : estimate
              ? `Schätzung (Richtwert), netto; ${estimate.priceLevel}`
              : "Das LV enthält keine Preise – mit Einheitspreisen (X84) lässt sich der Betrag beziffern."
        }
        testId="boq-potential"
      />
      <Stat
        label="Chance (Nachtragspotenzial)"
        value={chance ? formatEuro(chance.eur) : estimate ? estimate.chance : "–"}
        hint={
          chance
            ? `aus ${countNoun(chance.count, "Befund")}, netto; nicht mit dem Risiko verrechnet`
            : estimate
              ? `Schätzung (Richtwert); geschätzte LV-Summe ${range(estimate.lvTotal)} (${estimate.pricedPositions} von ${estimate.positions} Positionen)`
              : "–"
        }
        testId="boq-chance"
      />
    </div>
  );
}

export function BoqOverview({ data }: { data: BoqView }) {
  const counts = data.counts ?? {};
  // Derived once per response (the LV may have 5 000 positions).
  const sections = useMemo(() => sectionStats(data.positions), [data]);
  const findingGroups = useMemo(() => findingsByTitle(data.findings ?? []), [data]);
  const moneyByBasis = useMemo(() => potentialByBasis(data.potential), [data]);
  const priced = useMemo(() => data.positions.some((p) => p.kind === "item" && p.total), [data]);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Überblick</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 @2xl:grid-cols-2">
        {/* The counts take only their width: long German labels keep whole words on a phone. */}
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] content-start gap-x-4 gap-y-1 text-sm">
          {Object.entries(KIND_LABELS)
            .filter(([k]) => (counts[k] ?? 0) > 0 || k === "items")
            .map(([k, label]) => (
              <div key={k} className="contents">
                <dt className="text-slate-600">{label}</dt>
                <dd className="text-right font-medium tabular-nums">{counts[k] ?? 0}</dd>
              </div>
            ))}
        </dl>
        <BarChart
          title={priced ? "Wert je Los/Titel (netto)" : "Positionen je Los/Titel"}
          bars={sections.map((s) => ({
            label: s.label,
            value: priced ? s.value : s.items,
            display: priced ? formatEuro(s.value) : String(s.items),
          }))}
          emptyText="Keine Gliederung vorhanden"
        />
        <BarChart
          title="Befunde der Vorprüfung"
          bars={findingGroups.map((g) => ({ label: g.title, value: g.count, className: SEVERITY_STYLES[g.severity].bar }))}
          emptyText="Keine Auffälligkeiten gefunden"
        />
        <BarChart
          title="Risiko nach Grundlage (netto)"
          bars={moneyByBasis.map((b) => ({ label: b.basis, value: b.eur, display: formatEuro(b.eur), className: "bg-amber-500" }))}
          emptyText={
            data.potential
              ? "Kein Befund lässt sich beziffern"
              : data.money?.estimate
                ? "Ohne Einheitspreise nur geschätzt – die Spanne steht oben unter „Risiko (möglicher Verlust)“"
                : "Ohne Einheitspreise nicht bezifferbar"
          }
        />
      </CardContent>
    </Card>
  );
}

type StatValue = string | { low: number; high: number };

function Stat({ label, value, hint, testId }: { label: string; value: StatValue; hint: string; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="pt-6">
        <p className="text-sm text-slate-600">{label}</p>
        {typeof value === "string" ? (
          <p className="text-2xl font-bold tabular-nums text-brand-900">{value}</p>
        ) : (
          // A range in a narrow card: each amount stays whole, the second one may go to its own line.
          <p className="text-xl font-bold tabular-nums text-brand-900">
            <span className="whitespace-nowrap">{formatEuro(value.low)}</span>{" "}
            <span className="whitespace-nowrap">– {formatEuro(value.high)}</span>
          </p>
        )}
        <p className="text-xs text-slate-500">{hint}</p>
      </CardContent>
    </Card>
  );
}
