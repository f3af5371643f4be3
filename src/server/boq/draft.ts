// Renders the machine pre-check of an LV into a clean, printable German HTML evaluation that
// staff review, edit and publish as the project's evaluation: an executive summary first (top
// risks, money at stake in total and by basis, numbered questions to the owner), then the LV-wide
// findings, the findings per position with their amounts, claims and the size of the LV (no package prices: those belong where an order is placed). It
// prints to PDF from the result's print view: A4 margins for the browser's header and footer,
// table headers repeated on every page, no row or list item cut across pages. All text is
// escaped: the LV is customer input.
import { formatDate, formatEuro } from "../../common/format";
import { countNoun } from "../../common/plural";
import type { Finding } from "../tender";
import { decide, topRiskFindings, type Decision } from "../tender/public";
import type { AnalysisSummary } from "./store";

const esc = (s: unknown) =>
  String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

// "Risiko" means money here (a possible loss); the highest severity reads "Kritisch".
const SEVERITY_LABEL = { risiko: "Kritisch", warnung: "Warnung", hinweis: "Hinweis" } as const;
/** "2 kritische Befunde, 1 Warnung, 3 Hinweise". */
const severityCounts = (n: Record<string, number>) =>
  `${countNoun(n.risiko ?? 0, "kritischer Befund", "kritische Befunde")}, ${countNoun(n.warnung ?? 0, "Warnung")}, ${countNoun(n.hinweis ?? 0, "Hinweis")}`;
const SEVERITY_ORDER = { risiko: 0, warnung: 1, hinweis: 2 } as const;
const TOP_RISKS = 5;

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

/** "OZ 01.0030", "OZ 01.0030 und 02.0050", "OZ 01, 02, 03 … und 4 weitere". */
export function ozPhrase(oz: string[]): string {
  const list = [...new Set(oz.filter(Boolean))];
  if (list.length === 0) return "";
  const shown = list.length > 6 ? list.slice(0, 5) : list;
  const rest = list.length - shown.length;
  const last = rest ? `${rest} weitere` : shown.pop()!;
  return `OZ ${shown.length ? `${shown.join(", ")} und ${last}` : last}`;
}

/** Where a finding is: its OZ, or its related OZ for an LV-wide finding. */
const findingOz = (f: Finding) => (f.oz ? [f.oz] : (f.relatedOz ?? []));

/** Questions to the owner by rule; `oz` is "OZ …" (or "" when the findings name none), `n` their number. */
const at = (oz: string) => (oz ? ` zu ${oz}` : "");
const QUESTION_BY_RULE: Record<string, (oz: string, n: number) => string> = {
  bedarfsposition: (oz, n) =>
    `Mit welcher Menge und Wahrscheinlichkeit ${n > 1 ? "werden die Bedarfspositionen" : "wird die Bedarfsposition"}${oz ? ` ${oz}` : ""} beauftragt?`,
  pauschalposition: (oz) =>
    `Auf welchen Plänen und Mengen beruht die Pauschale${oz ? ` ${oz}` : ""}, und welche Leistungen umfasst sie genau?`,
  wahlposition: (oz) => `Nach welchen Kriterien und bis wann entscheidet der Auftraggeber über die Wahlposition${oz ? ` ${oz}` : ""}?`,
  stundenlohn: (oz) =>
    `In welchem Umfang sind die Stundenlohnarbeiten${oz ? ` ${oz}` : ""} zu erwarten, und wer zeichnet die Stundenzettel ab?`,
  "menge-widerspricht-lv-angaben": (oz) =>
    `Welche Menge ist${at(oz)} anzusetzen? Die ausgeschriebene Menge widerspricht den Maßen und Mengen, die das LV selbst nennt.`,
  "einheit-widerspricht-langtext": (oz) =>
    `In welcher Einheit ist${at(oz)} abzurechnen? Die Menge passt zu einer anderen Einheit, als ausgeschrieben ist.`,
  "menge-fehlt": (oz) => `Welche Menge ist${at(oz)} anzusetzen?`,
  "menge-vom-bieter": (oz) => `Auf welchen Plänen soll der Bieter die Menge${at(oz)} ermitteln, und wird nach Aufmaß abgerechnet?`,
  "menge-auffaellig-gross": (oz) => `Beruht die Menge${at(oz)} auf einer Mengenermittlung oder auf einer Schätzung?`,
  "menge-eins": (oz) => `Welche Menge ist${at(oz)} tatsächlich zu erwarten?`,
  "unterlagen-folgen": (oz) =>
    `Wann werden die${at(oz)} noch ausstehenden Unterlagen nachgereicht, und wird die Angebotsfrist entsprechend verlängert?`,
  schadstoffe: (oz) => `Liegen${at(oz)} Analysen zu Art und Menge der Belastung sowie ein Entsorgungskonzept vor?`,
  bodenklassen: (oz) => `Wird${at(oz)} die Bodenbeschreibung nach Homogenbereichen (DIN 18300) nachgereicht?`,
  "nach-angabe-ag": (oz) => `Welche Vorgaben des Auftraggebers gelten${at(oz)}, damit die Leistung vollständig kalkuliert werden kann?`,
  "nebenleistungen-pauschal": (oz) => `Welche Besonderen Leistungen sind mit „allen Nebenleistungen“${at(oz)} gemeint?`,
  "keine-gesonderte-verguetung": (oz) => `Welche Leistungen sind${at(oz)} ohne gesonderte Vergütung einzurechnen?`,
  "markenname-ohne-gleichwertig": (oz) => `Sind${at(oz)} gleichwertige Produkte anderer Hersteller zugelassen?`,
  "fabrikat-vorgegeben": (oz) => `Sind${at(oz)} gleichwertige Fabrikate zugelassen?`,
  vertragsstrafe: () => `Welche Obergrenze hat die Vertragsstrafe, und für welche Termine gilt sie?`,
};

/** Questions by category, for rules without their own and for LV-wide and model findings. */
const QUESTION_BY_CATEGORY: Record<string, (title: string, at: string) => string> = {
  vollstaendigkeit: (t, at) =>
    `Zu „${t}“${at}: In welcher Position ist diese Leistung anzubieten, oder wird das LV um eine Position ergänzt?`,
  struktur: (t, at) => `Zu „${t}“${at}: Wie ist das LV an dieser Stelle zu lesen, und wird es vor Angebotsabgabe berichtigt?`,
  menge: (t, at) => `Zu „${t}“${at}: Auf welcher Mengenermittlung beruhen die Mengen, und welche Menge ist anzusetzen?`,
  vertrag: (t) => `Zu „${t}“: Welche Regelung gilt genau (Höhe, Obergrenze, Bezugstermine)?`,
  unterlagen: (t, at) => `Zu „${t}“${at}: Werden die fehlenden Unterlagen vor Angebotsabgabe nachgereicht?`,
  produktvorgabe: (t, at) => `Zu „${t}“${at}: Sind gleichwertige Produkte zugelassen?`,
  leistungsbeschreibung: (t, at) => `Zu „${t}“${at}: Welcher Leistungsumfang ist genau anzubieten?`,
};

/** One German question to the owner about findings of one rule (or one LV-wide finding). */
export function questionFor(findings: Finding[]): string {
  const f = findings[0];
  // Model findings are worded as questions already.
  if (f.source === "model" && findings.length === 1 && /\?\s*$/.test(f.title)) return f.title.trim();
  const oz = ozPhrase(findings.flatMap(findingOz));
  // A clause raised for its wording: the owner is asked what it means beyond the VOB/B.
  if (f.clause?.wording) {
    const where = [f.clause.document, f.clause.location].filter(Boolean).join(", ");
    return `Zu „${f.title}“${where ? ` (${where})` : ""}: Wie ist diese Klausel gemeint, und bleibt es insoweit bei der Regelung der VOB/B?`;
  }
  const byRule = QUESTION_BY_RULE[f.ruleId];
  if (byRule && f.source === "rule") return byRule(oz, findings.length);
  const byCategory = QUESTION_BY_CATEGORY[f.category];
  return byCategory ? byCategory(f.title, at(oz)) : `Zu „${f.title}“${at(oz)}: Wie ist das zu verstehen, und was ist anzubieten?`;
}

/** The top risks: risks only (no chances), largest amount first, each position or clause once. */
export function topRisks(findings: Finding[], n = TOP_RISKS): Finding[] {
  return topRiskFindings(findings, n);
}

/** The stored decision, or one computed for an analysis stored before issue 24. */
export function decisionOf(s: AnalysisSummary): Decision {
  return s.decision ?? decide(s.findings, s.money ?? { risk: null, chance: null, lvTotal: null, estimate: null }, "");
}

/** A finding's amount as text: the real one, else the estimate marked as such. */
export function amountLabel(f: Finding): string {
  if (f.potentialEur != null) return formatEuro(f.potentialEur);
  if (f.potentialEurEstimate)
    return `${formatEuro(f.potentialEurEstimate.low)} – ${formatEuro(f.potentialEurEstimate.high)} (Schätzung (Richtwert))`;
  return "";
}

/**
 * "Fragen an den Auftraggeber vor Angebotsabgabe": one per LV-wide finding, then one per rule over
 * the risk findings and the top risks (their positions named together), in that order.
 */
export function ownerQuestions(findings: Finding[], top: Finding[] = topRisks(findings)): string[] {
  const questions: string[] = [];
  for (const f of findings) if (f.scope === "lv") questions.push(questionFor([f]));
  const groups = new Map<string, Finding[]>();
  // Risks, the top risks, and what moves money either way: chances and quantities that contradict the LV.
  const risky = new Set([
    ...findings.filter(
      (f) =>
        f.scope !== "lv" && (f.severity === "risiko" || f.effect === "chance" || (f.potentialEur ?? 0) > 0 || f.expectedQty !== undefined),
    ),
    ...top.filter((f) => f.scope !== "lv"),
  ]);
  for (const f of findings) {
    if (!risky.has(f)) continue;
    const key = f.source === "model" ? `model:${groups.size}` : f.ruleId;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  for (const group of groups.values()) questions.push(questionFor(group));
  return [...new Set(questions)];
}

const EFFECT_LABEL = { risiko: "Risiko", chance: "Chance", offen: "offen" } as const;
const amount = (f: Finding) =>
  f.potentialEur != null || f.potentialEurEstimate
    ? `<span class="eur">${esc(amountLabel(f))}</span>${f.effect ? `<br><span class="why">${EFFECT_LABEL[f.effect]}</span>` : ""}`
    : f.priceNeeded
      ? `<span class="why">${esc(f.priceNeeded)}</span>`
      : "–";
// Findings an expert confirmed, changed or added (src/server/findings) carry expertConfirmed.
const sourceBadge = (f: Finding & { expertConfirmed?: boolean }) =>
  (f.source === "model" ? ` <span class="badge">KI-Hinweis</span>` : "") +
  (f.expertConfirmed ? ` <span class="badge expert">Von Experten geprüft</span>` : "");
const findingText = (f: Finding) =>
  `<span class="${f.severity}">${SEVERITY_LABEL[f.severity]}:</span> ${esc(f.title)}${sourceBadge(f)}${f.excerpt ? ` <q>${esc(f.excerpt)}</q>` : ""}<br><span class="why">${esc(f.why)}</span>${f.evidence ? `<br><span class="why">Beleg: ${esc(f.evidence)}</span>` : ""}`;

function findingRows(findings: Finding[], shortTexts: Map<string, string>) {
  return [...findings]
    .sort(
      (a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.oz ?? "").localeCompare(b.oz ?? "", "de", { numeric: true }),
    )
    .map(
      (f) => `<tr>
  <td class="oz">${esc(f.oz || "–")}</td>
  <td>${esc(shortTexts.get(f.oz ?? "") ?? "")}</td>
  <td>${findingText(f)}</td>
  <td>${esc(f.basis ?? "")}</td>
  <td class="num">${amount(f)}</td>
</tr>`,
    )
    .join("\n");
}

function lvRows(findings: Finding[]) {
  return findings
    .map(
      (f) => `<tr>
  <td>${findingText(f)}</td>
  <td class="ozlist">${esc([...new Set([f.oz, ...(f.relatedOz ?? [])].filter(Boolean))].join(", ") || "–")}</td>
  <td>${esc(f.basis ?? "")}</td>
  <td class="num">${amount(f)}</td>
</tr>`,
    )
    .join("\n");
}

const pct = (x: number) => x.toLocaleString("de-DE", { style: "percent", maximumFractionDigits: 1 });
const range = (r: { low: number; high: number }) => `${formatEuro(r.low)} – ${formatEuro(r.high)}`;

function executiveSummary(s: AnalysisSummary, shortTexts: Map<string, string>) {
  const money = s.money ?? null;
  const risk = money?.risk ?? (s.potential ? { eur: s.potential.totalEur, count: s.potential.count, byBasis: s.potential.byBasis } : null);
  const chance = money?.chance ?? null;
  const estimate = money?.estimate ?? null;
  const offer = s.totals?.total ?? null;
  const decision = decisionOf(s);
  const top = topRisks(s.findings);
  const questions = ownerQuestions(s.findings, top);
  const share = risk && offer ? ` – ${pct(risk.eur / offer)} der Angebotssumme von ${esc(formatEuro(offer))}` : "";
  const bases = Object.entries(risk?.byBasis ?? {});
  const n = s.findingCounts.bySeverity;
  const riskValue = risk ? esc(formatEuro(risk.eur)) : estimate ? esc(range(estimate.risk)) : "–";
  const chanceValue = chance ? esc(formatEuro(chance.eur)) : estimate ? esc(range(estimate.chance)) : "–";
  const estimateNote = estimate
    ? `Schätzung (Richtwert): ${countNoun(estimate.pricedPositions, "Position")} von ${estimate.positions} mit Richtwerten bepreist, geschätzte Angebotssumme ${esc(range(estimate.lvTotal))} netto; ${esc(estimate.priceLevel)}.`
    : "";
  return `<section class="summary">
<h2>Auf einen Blick</h2>
<div class="box decision verdict-${decision.verdict === "Go" ? "go" : decision.verdict === "No-Go" ? "nogo" : "auflagen"}">
  <p class="label">Empfehlung</p>
  <p class="verdict"><strong>${esc(decision.verdict)}</strong></p>
  <ol class="reasons">${decision.reasons.map((r) => `<li>${esc(r)}</li>`).join("")}</ol>
  <p>Vorgeschlagener Wagniszuschlag: <strong>${esc(decision.surcharge.percent.toLocaleString("de-DE"))} %</strong> <span class="why">(${esc(decision.surcharge.basis)})</span></p>
  <p>Bieterfragen: ${countNoun(questions.length, "Frage")}${decision.questionDeadline ? ` – Frist laut Vergabeunterlagen: <strong>${esc(decision.questionDeadline)}</strong>` : " – eine Frist für Bieterfragen nennt die Datei nicht"}</p>
</div>
<div class="kpis">
  <div class="kpi"><span class="label">Risiko (möglicher Verlust)</span><strong>${riskValue}</strong><span class="why">${
    risk
      ? `aus ${countNoun(risk.count, "Befund")}${share}; jede Position einmal gezählt`
      : estimate
        ? "Schätzung (Richtwert)"
        : "Das LV enthält keine Preise; Beträge lassen sich erst mit Einheitspreisen beziffern."
  }</span></div>
  <div class="kpi"><span class="label">Chance (Nachtragspotenzial)</span><strong>${chanceValue}</strong><span class="why">${
    chance
      ? `aus ${countNoun(chance.count, "Befund")}; nicht mit dem Risiko verrechnet`
      : estimate
        ? "Schätzung (Richtwert); nicht mit dem Risiko verrechnet"
        : "–"
  }</span></div>
  <div class="kpi"><span class="label">Befunde</span><strong>${s.findingCounts.total}</strong><span class="why">${severityCounts(n)}</span></div>
</div>
${estimateNote ? `<p class="why">${estimateNote}</p>` : ""}

<h3>Die größten Risiken (möglicher Verlust)</h3>
${
  top.length
    ? `<ol class="top">${top
        .map(
          (f) =>
            `<li><strong>${f.oz ? `OZ ${esc(f.oz)}` : "Gesamtes LV"}${f.oz && shortTexts.get(f.oz) ? ` ${esc(shortTexts.get(f.oz))}` : ""}</strong> – <span class="${f.severity}">${SEVERITY_LABEL[f.severity]}:</span> ${esc(f.title)}${sourceBadge(f)}${
              amountLabel(f) ? ` – <span class="eur">${esc(amountLabel(f))}</span>` : ""
            }${f.basis ? ` <span class="why">(${esc(f.basis)})</span>` : ""}</li>`,
        )
        .join("\n")}</ol>`
    : "<p>Die automatische Vorprüfung hat keinen möglichen Verlust gefunden.</p>"
}

<h3>Risiko nach Grundlage</h3>
${
  bases.length
    ? `<table class="bases">
<colgroup><col style="width:78%"><col style="width:22%"></colgroup>
<thead><tr><th>Grundlage</th><th class="num">Betrag</th></tr></thead>
<tbody>
${bases.map(([basis, eur]) => `<tr><td>${esc(basis)}</td><td class="num">${esc(formatEuro(eur))}</td></tr>`).join("\n")}
<tr class="sum"><td>Summe Risiko</td><td class="num">${esc(formatEuro(risk!.eur))}</td></tr>
</tbody>
</table>`
    : `<p>${risk ? "Keiner der Befunde lässt sich beziffern." : estimate ? "Ohne Einheitspreise sind die Beträge mit Richtwerten geschätzt; bei den Befunden steht die Spanne." : "Ohne Einheitspreise lässt sich kein Betrag beziffern; bei den Befunden steht, welcher Preis dafür fehlt."}</p>`
}

<h3>Fragen an den Auftraggeber vor Angebotsabgabe</h3>
${decision.questionDeadline ? `<p>Frist für Bieterfragen: <strong>${esc(decision.questionDeadline)}</strong></p>` : ""}
${questions.length ? `<ol class="questions">${questions.map((q) => `<li>${esc(q)}</li>`).join("\n")}</ol>` : "<p>Aus der Vorprüfung ergeben sich keine Fragen an den Auftraggeber.</p>"}
</section>`;
}

/** The print style of the evaluation and the summary page: A4, repeated table heads, no cut rows. */
const STYLE = `<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2937; max-width: 900px; margin: 2rem auto; padding: 0 1.25rem; line-height: 1.5; }
  h1 { font-size: 1.6rem; margin-bottom: .25rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 2px solid #e5e7eb; padding-bottom: .25rem; } h3 { font-size: 1rem; margin: 1.25rem 0 .5rem; }
  .meta, .why { color: #6b7280; font-size: .9em; } table { width: 100%; border-collapse: collapse; margin: 1rem 0; font-size: .9rem; table-layout: fixed; }
  th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #e5e7eb; vertical-align: top; overflow-wrap: break-word; hyphens: auto; } th { background: #f3f4f6; }
  td.oz { font-variant-numeric: tabular-nums; } td.ozlist { font-variant-numeric: tabular-nums; overflow-wrap: normal; } .num { text-align: right; font-variant-numeric: tabular-nums; } .eur { white-space: nowrap; font-weight: 600; }
  tr.sum td { font-weight: 700; border-top: 2px solid #d1d5db; }
  .risiko { color: #b91c1c; font-weight: 600; } .warnung { color: #b45309; font-weight: 600; } .hinweis { color: #1d4ed8; font-weight: 600; }
  .badge { display: inline-block; border: 1px solid #c4b5fd; background: #f5f3ff; color: #5b21b6; border-radius: 999px; padding: 0 .45rem; font-size: .75rem; font-weight: 600; }
  .badge.expert { border-color: #86efac; background: #f0fdf4; color: #166534; }
  .box { background: #f9fafb; border: 1px solid #e5e7eb; border-radius: 8px; padding: 1rem 1.25rem; }
  .decision .label { margin: 0; color: #6b7280; font-size: .85em; } .decision .verdict { font-size: 1.4rem; margin: .1rem 0 .5rem; }
  .verdict-go .verdict { color: #15803d; } .verdict-auflagen .verdict { color: #b45309; } .verdict-nogo .verdict { color: #b91c1c; }
  .kpis { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: .75rem; margin: 1rem 0; }
  .kpi { border: 1px solid #e5e7eb; border-radius: 8px; padding: .75rem 1rem; display: flex; flex-direction: column; gap: .1rem; }
  .kpi strong { font-size: 1.35rem; font-variant-numeric: tabular-nums; } .kpi .label { font-size: .85rem; color: #374151; }
  ol.top li, ol.questions li { margin-bottom: .35rem; }
  /* Phones (the result page at 390 px): the KPI boxes stack, tables get a smaller font. */
  @media screen and (max-width: 640px) { body { margin: 1rem auto; padding: 0 .75rem; } .kpis { grid-template-columns: minmax(0, 1fr); } .kpi, td, th, p, li { overflow-wrap: anywhere; } table { font-size: .8rem; display: block; max-width: 100%; overflow-x: auto; } th, td { padding: .3rem .25rem; } }
  @page { size: A4; margin: 18mm 15mm 20mm; }
  @media print {
    body { margin: 0; max-width: none; padding: 0; font-size: 10pt; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
    h2, h3 { break-after: avoid; page-break-after: avoid; }
    table { font-size: 9pt; }
    thead { display: table-header-group; } tfoot { display: table-footer-group; }
    tr, li, .kpi, .box { break-inside: avoid; page-break-inside: avoid; }
    section.summary { break-after: page; page-break-after: always; }
  }
</style>`;

/**
 * The summary a Geschäftsführer acts on, as its own printable page (every user who sees the
 * project; print to PDF from the browser): decision, money, top risks, questions.
 */
export function renderSummaryPage(input: Omit<DraftInput, "phase" | "companyName">): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<title>Zusammenfassung – ${esc(input.projectName)}</title>
${STYLE}
</head>
<body>
<h1>Zusammenfassung: ${esc(input.projectName)}</h1>
<p class="meta">Datei „${esc(input.fileName)}“ · Stand ${formatDate(input.now ?? new Date())} · automatische Vorprüfung von bauklar – fachlich prüfen</p>
${executiveSummary(input.summary, input.shortTexts)}
</body>
</html>`;
}

export function renderDraftEvaluation(input: DraftInput): string {
  const { summary: s } = input;
  const c = s.counts;
  const claims = s.findings.filter((f) => f.nachtragspotenzial);
  const lvFindings = s.findings.filter((f) => f.scope === "lv");
  const positionFindings = s.findings.filter((f) => f.scope !== "lv");
  const kindsLine = (
    [
      [c.provisional, "Bedarfs-/Eventualposition", "Bedarfs-/Eventualpositionen"],
      [c.alternative, "Wahlposition", "Wahlpositionen"],
      [c.lumpSum, "Pauschalposition", "Pauschalpositionen"],
      [c.hourly, "Stundenlohnposition", "Stundenlohnpositionen"],
      [c.qtyTBD, "Position mit Mengenangabe durch den Bieter", "Positionen mit Mengenangabe durch den Bieter"],
      [c.bidderGaps, "offene Bieterangabe", "offene Bieterangaben"],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => countNoun(n, one, many))
    .join(", ");
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<title>Auswertung – ${esc(input.projectName)}</title>
${STYLE}
</head>
<body>
<h1>LV-Auswertung: ${esc(input.projectName)}</h1>
<p class="meta">${input.companyName ? `${esc(input.companyName)} · ` : ""}Datei „${esc(input.fileName)}“${s.boqName ? ` · LV „${esc(s.boqName)}“` : ""}${input.phase ? ` · GAEB-Phase ${esc(input.phase)}` : ""} · Stand ${formatDate(input.now ?? new Date())}</p>

<div class="box">
  <strong>Zusammenfassung.</strong> Das Leistungsverzeichnis umfasst ${[countNoun(c.items, "Position"), ...(c.lots ? [countNoun(c.lots, "Los")] : []), ...(c.titles ? [countNoun(c.titles, "Titel")] : [])].join(", ").replace(/, ([^,]*)$/, " und $1")}.
  ${kindsLine ? `Darunter: ${esc(kindsLine)}.` : ""}
  Die automatische Vorprüfung ergab ${countNoun(s.findingCounts.total, "Befund")} (${severityCounts(s.findingCounts.bySeverity)})${claims.length ? `, davon ${claims.length} mit möglichem Nachtragspotenzial` : ""}.
</div>

${executiveSummary(s, input.shortTexts)}

<h2>Fragen und Befunde zum gesamten LV</h2>
${
  lvFindings.length
    ? `<table>
<colgroup><col style="width:54%"><col style="width:14%"><col style="width:19%"><col style="width:13%"></colgroup>
<thead><tr><th>Befund</th><th>Betroffene OZ</th><th>Grundlage</th><th class="num">Betrag</th></tr></thead>
<tbody>
${lvRows(lvFindings)}
</tbody>
</table>`
    : "<p>Zum LV als Ganzem hat die Vorprüfung keine Befunde.</p>"
}

<h2>Befunde je Position</h2>
${
  positionFindings.length
    ? `<table>
<colgroup><col style="width:10%"><col style="width:19%"><col style="width:43%"><col style="width:15%"><col style="width:13%"></colgroup>
<thead><tr><th>OZ</th><th>Position</th><th>Befund</th><th>Grundlage</th><th class="num">Betrag (Risiko, Chance oder offen)</th></tr></thead>
<tbody>
${findingRows(positionFindings, input.shortTexts)}
</tbody>
</table>`
    : "<p>Die automatische Vorprüfung hat keine Auffälligkeiten gefunden.</p>"
}

<h2>Nachtragspotenzial</h2>
${
  claims.length
    ? `<ul>${claims
        .map(
          (f) =>
            `<li><strong>${f.oz ? `OZ ${esc(f.oz)}` : "Gesamtes LV"}</strong> – ${esc(f.title)}${f.basis ? ` (${esc(f.basis)})` : ""}</li>`,
        )
        .join("\n")}</ul>
<p>Voraussetzung für eine spätere Mehrvergütung ist eine lückenlose Dokumentation (Bautagebuch, gemeinsames Aufmaß) und die rechtzeitige Ankündigung bzw. Anzeige nach VOB/B.</p>`
    : "<p>Aus der Vorprüfung ergeben sich keine konkreten Ansatzpunkte für Nachträge.</p>"
}

<h2>Umfang des LV</h2>
<table>
  <colgroup><col style="width:78%"><col style="width:22%"></colgroup>
  <tbody>
    <tr><td>Abrechenbare Positionen (ohne doppelte oder gleichartige)</td><td class="num">${s.chargeablePositions}</td></tr>
    ${s.duplicates.length ? `<tr><td>Nicht berechnete doppelte/gleichartige Positionen</td><td class="num">${s.duplicates.length}</td></tr>` : ""}
    ${s.totals?.total != null ? `<tr><td>Angebotssumme laut LV (netto)</td><td class="num">${formatEuro(s.totals.total)}</td></tr>` : ""}
  </tbody>
</table>

<h2>Kalkulationshinweise</h2>
<ul>
  <li>Positionen mit kritischem Befund vor Angebotsabgabe mit dem Auftraggeber klären (Bieterfrage) oder Annahmen im Anschreiben festhalten.</li>
  <li>Bedarfs- und Wahlpositionen auskömmlich kalkulieren; ihre Beauftragung ist ungewiss.</li>
  <li>Pauschal- und Stundenlohnpositionen auf Umfang und Vorhaltezeiten prüfen.</li>
  <li>„Risiko“ ist ein möglicher Verlust (z. B. die Obergrenze einer Vertragsstrafe, 10 % eines Pauschalpreises, die Kosten einer Sicherheit), „Chance“ ein wahrscheinlicher Nachtrag (Bedarfsposition, Mehrmenge, fehlende Leistung), „offen“ eine Unsicherheit ohne Verlust (Stundenlohn, Wahlposition). Risiko und Chance werden getrennt summiert und nie verrechnet; in jeder Summe zählt jede Position einmal. Ohne Preise im LV sind die Beträge mit Richtwerten geschätzt und als „Schätzung (Richtwert)“ gekennzeichnet.</li>
</ul>
<p class="meta">Entwurf aus der automatischen Vorprüfung – vor der Veröffentlichung fachlich prüfen und ergänzen. Mit „KI-Hinweis“ markierte Befunde stammen aus einer Sprachmodell-Prüfung und sind als Fragen zu verstehen.</p>
</body>
</html>
`;
}
