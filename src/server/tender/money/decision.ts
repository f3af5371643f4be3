// The decision a Geschäftsführer acts on: Go / Go mit Auflagen / No-Go with the three reasons that
// decide it, a suggested Wagnis surcharge with its basis, and the tender's question deadline.
// Thresholds and formulas are written down in docs/money.md.

import { formatEuro } from "../../../common/format";
import { countNoun } from "../../../common/plural";
import type { Finding } from "../review/types";
import { fold } from "../text";
import type { MoneySummary } from "./money";

export type Verdict = "Go" | "Go mit Auflagen" | "No-Go";

export interface Decision {
  verdict: Verdict;
  /** The (up to) three reasons that decide it, German, most important first. */
  reasons: string[];
  /** Suggested Wagnis/risk surcharge on the offer, in percent, and how it is derived. */
  surcharge: { percent: number; basis: string };
  /** Risk as a share of the offer sum (unpriced: of the estimate's upper end); null when unknown. */
  riskShare: number | null;
  /** Whether the amounts are an estimate from reference prices. */
  estimated: boolean;
  /** The deadline for Bieterfragen as the file states it ("19.03.2027"); null when none is stated. */
  questionDeadline: string | null;
}

/** Above this share of the offer sum at risk: No-Go. */
export const NO_GO_RISK_SHARE = 0.25;
/** Below this share and without warnings or risks: Go. */
export const GO_RISK_SHARE = 0.02;
/** Assumed likelihood that a valued risk occurs, for the Wagnis surcharge. */
export const RISK_LIKELIHOOD = 0.25;
export const SURCHARGE_RANGE = { min: 0.5, max: 5 };

const DEADLINE =
  /(?:bieterfragen|fragen|rueckfragen|anfragen)[^.;]{0,120}?\bbis\s+(?:zum\s+|spaetestens\s+)?(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})/;

/** "Bieterfragen sind bis zum 19.03.2027 … zu stellen" → "19.03.2027". */
export function questionDeadline(text: string): string | null {
  const m = DEADLINE.exec(fold(text));
  return m ? `${m[1].padStart(2, "0")}.${m[2].padStart(2, "0")}.${m[3]}` : null;
}

const amountOf = (f: Finding) => f.potentialEur ?? f.potentialEurEstimate?.high ?? 0;
const amountText = (f: Finding) =>
  f.potentialEur != null
    ? formatEuro(f.potentialEur)
    : f.potentialEurEstimate
      ? `${formatEuro(f.potentialEurEstimate.low)}–${formatEuro(f.potentialEurEstimate.high)} (Schätzung (Richtwert))`
      : "";

/** The largest risks, one per position or clause (the same position is never named twice). */
export function topRiskFindings(findings: Finding[], n = 5): Finding[] {
  const seen = new Set<string>();
  const out: Finding[] = [];
  const candidates = findings
    .map((f, i) => ({ f, i }))
    .filter(({ f }) => f.effect === "risiko" || (f.effect === undefined && f.severity === "risiko"))
    .sort(
      (a, b) => amountOf(b.f) - amountOf(a.f) || (a.f.severity === "risiko" ? -1 : 0) - (b.f.severity === "risiko" ? -1 : 0) || a.i - b.i,
    );
  for (const { f } of candidates) {
    // One entry per position, per contract penalty and per LV rule.
    const key = f.oz ? `oz:${f.oz}` : /vertragsstrafe/.test(fold(`${f.ruleId} ${f.title}`)) ? "vertragsstrafe" : `lv:${f.ruleId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f);
    if (out.length === n) break;
  }
  return out;
}

export function decide(findings: Finding[], money: MoneySummary, preamble: string): Decision {
  const estimated = money.risk === null && money.estimate !== null;
  const risk = money.risk?.eur ?? money.estimate?.risk.high ?? null;
  const sum = money.lvTotal ?? money.estimate?.lvTotal.high ?? null;
  const riskShare = risk !== null && sum ? risk / sum : null;
  const serious = findings.filter((f) => f.severity !== "hinweis");
  const quantity = findings.filter((f) => f.category === "menge" && f.expectedQty !== undefined && f.oz);

  const verdict: Verdict =
    riskShare !== null && riskShare > NO_GO_RISK_SHARE
      ? "No-Go"
      : serious.length === 0 && (riskShare ?? 0) < GO_RISK_SHARE
        ? "Go"
        : "Go mit Auflagen";

  const reasons: string[] = [];
  const percent = (x: number) => x.toLocaleString("de-DE", { style: "percent", maximumFractionDigits: 1 });
  if (verdict === "No-Go")
    reasons.push(`${percent(riskShare!)} der Angebotssumme stehen im Risiko – mehr als ${percent(NO_GO_RISK_SHARE)}.`);
  if (quantity.length)
    reasons.push(
      `${countNoun(quantity.length, "Menge")} ${quantity.length === 1 ? "widerspricht" : "widersprechen"} den eigenen Angaben des LV (OZ ${quantity
        .slice(0, 4)
        .map((f) => f.oz)
        .join(", ")}${quantity.length > 4 ? " …" : ""}) – vor Angebotsabgabe klären.`,
    );
  for (const f of topRiskFindings(findings)) {
    if (reasons.length >= 3) break;
    if (quantity.includes(f)) continue;
    const amount = amountText(f);
    reasons.push(`${f.title}${f.oz ? ` (OZ ${f.oz})` : ""}${amount ? `: ${amount} im Risiko` : ""}.`);
  }
  if (reasons.length === 0) reasons.push("Keine Warnungen oder Risiken gefunden.");

  const raw = riskShare === null ? SURCHARGE_RANGE.min : riskShare * RISK_LIKELIHOOD * 100;
  const surchargePercent = Math.min(SURCHARGE_RANGE.max, Math.max(SURCHARGE_RANGE.min, Math.round(raw * 2) / 2));
  const basis =
    risk !== null && sum
      ? `${percent(RISK_LIKELIHOOD)} Eintrittswahrscheinlichkeit auf ${formatEuro(risk)} im Risiko (${percent(riskShare!)} der ${estimated ? "geschätzten " : ""}Angebotssumme von ${formatEuro(sum)}) = ${percent(raw / 100)}, begrenzt auf ${SURCHARGE_RANGE.min.toLocaleString("de-DE")}–${SURCHARGE_RANGE.max} %; Chancen sind nicht gegengerechnet${estimated ? "; Schätzung (Richtwert)" : ""}.`
      : `Mindestansatz ${SURCHARGE_RANGE.min.toLocaleString("de-DE")} % – ohne Preise und ohne Richtwerte lässt sich das Risiko nicht beziffern.`;

  return {
    verdict,
    reasons: reasons.slice(0, 3),
    surcharge: { percent: surchargePercent, basis },
    riskShare,
    estimated,
    questionDeadline: questionDeadline(preamble),
  };
}
