// Renders the machine pre-check of an LV into a clean, printable German HTML evaluation that
// staff review, edit and publish as the project's evaluation. All text is escaped: the LV is
// customer input.
import { formatDate, formatEuro } from "../../common/format";
import type { Finding } from "../gaeb";
import type { AnalysisSummary } from "./store";

const esc = (s: unknown) =>
  String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const SEVERITY_LABEL = { risiko: "Risiko", warnung: "Warnung", hinweis: "Hinweis" } as const;
const SEVERITY_ORDER = { risiko: 0, warnung: 1, hinweis: 2 } as const;

export interface DraftInput {
  projectName: string;
  companyName: string | null;
  fileName: string;
  phase: string | null;
  summary: AnalysisSummary;
  /** Short texts by OZ, for naming positions in the findings table. */
  shortTexts: Map<string, string>;
  now?: Date;
}

function findingRows(findings: Finding[], shortTexts: Map<string, string>) {
  return [...findings]
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.oz ?? "").localeCompare(b.oz ?? "", "de", { numeric: true }))
    .map(
      (f) => `<tr>
  <td class="oz">${esc(f.oz || "–")}</td>
  <td>${esc(shortTexts.get(f.oz ?? "") ?? "")}</td>
  <td><span class="${f.severity}">${SEVERITY_LABEL[f.severity]}:</span> ${esc(f.title)}${f.excerpt ? ` <q>${esc(f.excerpt)}</q>` : ""}<br><span class="why">${esc(f.why)}</span></td>
  <td>${esc(f.basis ?? "")}</td>
</tr>`,
    )
    .join("\n");
}

export function renderDraftEvaluation(input: DraftInput): string {
  const { summary: s } = input;
  const c = s.counts;
  const claims = s.findings.filter((f) => f.nachtragspotenzial);
  const kindsLine = [
    [c.provisional, "Bedarfs-/Eventualpositionen"],
    [c.alternative, "Wahlpositionen"],
    [c.lumpSum, "Pauschalpositionen"],
    [c.hourly, "Stundenlohnpositionen"],
    [c.qtyTBD, "Positionen mit Mengenangabe durch den Bieter"],
    [c.bidderGaps, "offene Bieterangaben"],
  ]
    .filter(([n]) => Number(n) > 0)
    .map(([n, label]) => `${n} ${label}`)
    .join(", ");
  const prices = s.prices;
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<title>Auswertung – ${esc(input.projectName)}</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2937; max-width: 900px; margin: 2rem auto; padding: 0 1.25rem; line-height: 1.5; }
  h1 { font-size: 1.6rem; margin-bottom: .25rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 2px solid #e5e7eb; padding-bottom: .25rem; }
  .meta, .why { color: #6b7280; font-size: .9rem; } table { width: 100%; border-collapse: collapse; margin: 1rem 0; font-size: .9rem; }
  th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #e5e7eb; vertical-align: top; } th { background: #f3f4f6; }
  td.oz { white-space: nowrap; font-variant-numeric: tabular-nums; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
  .risiko { color: #b91c1c; font-weight: 600; } .warnung { color: #b45309; font-weight: 600; } .hinweis { color: #1d4ed8; font-weight: 600; }
  .box { background: #f9fafb; border: 1px solid #e5e7eb; border-radius: 8px; padding: 1rem 1.25rem; }
  @media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } tr { break-inside: avoid; } }
</style>
</head>
<body>
<h1>LV-Auswertung: ${esc(input.projectName)}</h1>
<p class="meta">${input.companyName ? `${esc(input.companyName)} · ` : ""}Datei „${esc(input.fileName)}“${s.boqName ? ` · LV „${esc(s.boqName)}“` : ""}${input.phase ? ` · GAEB-Phase ${esc(input.phase)}` : ""} · Stand ${formatDate(input.now ?? new Date())}</p>

<div class="box">
  <strong>Zusammenfassung.</strong> Das Leistungsverzeichnis umfasst ${c.items} Positionen${c.lots ? ` in ${c.lots} Losen` : ""}${c.titles ? ` und ${c.titles} Titeln` : ""}.
  ${kindsLine ? `Darunter: ${esc(kindsLine)}.` : ""}
  Die automatische Vorprüfung ergab ${s.findingCounts.total} Befunde (${s.findingCounts.bySeverity.risiko} Risiken, ${s.findingCounts.bySeverity.warnung} Warnungen, ${s.findingCounts.bySeverity.hinweis} Hinweise)${claims.length ? `, davon ${claims.length} mit möglichem Nachtragspotenzial` : ""}.
</div>

<h2>Befunde je Position</h2>
${
  s.findings.length
    ? `<table>
<thead><tr><th>OZ</th><th>Position</th><th>Befund</th><th>Grundlage</th></tr></thead>
<tbody>
${findingRows(s.findings, input.shortTexts)}
</tbody>
</table>`
    : "<p>Die automatische Vorprüfung hat keine Auffälligkeiten gefunden.</p>"
}

<h2>Nachtragspotenzial</h2>
${
  claims.length
    ? `<ul>${claims
        .map((f) => `<li><strong>OZ ${esc(f.oz)}</strong> – ${esc(f.title)}${f.basis ? ` (${esc(f.basis)})` : ""}</li>`)
        .join("\n")}</ul>
<p>Voraussetzung für eine spätere Mehrvergütung ist eine lückenlose Dokumentation (Bautagebuch, gemeinsames Aufmaß) und die rechtzeitige Ankündigung bzw. Anzeige nach VOB/B.</p>`
    : "<p>Aus der Vorprüfung ergeben sich keine konkreten Ansatzpunkte für Nachträge.</p>"
}

<h2>Umfang und Preis der Analyse</h2>
<table>
  <tbody>
    <tr><td>Abrechenbare Positionen (ohne doppelte oder gleichartige)</td><td class="num">${s.chargeablePositions}</td></tr>
    ${s.duplicates.length ? `<tr><td>Nicht berechnete doppelte/gleichartige Positionen</td><td class="num">${s.duplicates.length}</td></tr>` : ""}
    ${prices ? `<tr><td>Kalkulationspaket (netto, je LV)</td><td class="num">${formatEuro(prices.kalkulationspaket)}</td></tr>
    <tr><td>Ausführungspaket (netto, je LV)</td><td class="num">${formatEuro(prices.ausfuehrungspaket)}</td></tr>` : ""}
    ${s.totals?.total != null ? `<tr><td>Angebotssumme laut LV (netto)</td><td class="num">${formatEuro(s.totals.total)}</td></tr>` : ""}
  </tbody>
</table>

<h2>Kalkulationshinweise</h2>
<ul>
  <li>Positionen mit Befund „Risiko“ vor Angebotsabgabe mit dem Auftraggeber klären (Bieterfrage) oder Annahmen im Anschreiben festhalten.</li>
  <li>Bedarfs- und Wahlpositionen auskömmlich kalkulieren; ihre Beauftragung ist ungewiss.</li>
  <li>Pauschal- und Stundenlohnpositionen auf Umfang und Vorhaltezeiten prüfen.</li>
</ul>
<p class="meta">Entwurf aus der automatischen Vorprüfung – vor der Veröffentlichung fachlich prüfen und ergänzen.</p>
</body>
</html>
`;
}
