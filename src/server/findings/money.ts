// The money after the expert's review: the engine's risk and chance totals (and, without prices,
// the estimate's ranges) with rejected findings taken out, changed amounts applied and the
// expert's own findings added, and the Go/No-Go decided again on that basis. Without any review
// the engine's figures stand unchanged.
import { decide, findingBasisKey, type Decision, type Finding, type MoneySummary } from "../tender/public";
import { asEngineFindings, type ReviewedFinding, type ReviewRow } from "./apply";
import { findingIds } from "./finding-id";

type Side = "risk" | "chance";
/** The basis the expert's own amounts are summed under. */
export const OWN_BASIS = "Befund der Experten";
const sideOf = (effect: Finding["effect"]): Side | null => (effect === "risiko" ? "risk" : effect === "chance" ? "chance" : null);

interface Delta {
  eur: number;
  count: number;
  low: number;
  high: number;
  byBasis: Map<string, number>;
}
const emptyDelta = (): Delta => ({ eur: 0, count: 0, low: 0, high: 0, byBasis: new Map() });

/** A finding's contribution: its amount, and without prices its estimated range. */
function contribution(f: Pick<Finding, "potentialEur" | "potentialEurEstimate">) {
  const eur = f.potentialEur ?? 0;
  const est = f.potentialEur != null ? { low: f.potentialEur, high: f.potentialEur } : (f.potentialEurEstimate ?? { low: 0, high: 0 });
  return { eur, low: est.low, high: est.high };
}

function add(d: Delta, f: Pick<Finding, "potentialEur" | "potentialEurEstimate">, key: string, sign: 1 | -1) {
  const c = contribution(f);
  d.eur += sign * c.eur;
  d.low += sign * c.low;
  d.high += sign * c.high;
  if (c.eur > 0) d.count += sign;
  if (c.eur) d.byBasis.set(key, (d.byBasis.get(key) ?? 0) + sign * c.eur);
}

const cents = (x: number) => Math.max(0, Math.round(x * 100) / 100);

function applyDelta(total: MoneySummary["risk"], d: Delta): MoneySummary["risk"] {
  if (!total) return total;
  const byBasis = new Map(Object.entries(total.byBasis));
  for (const [k, v] of d.byBasis) byBasis.set(k, (byBasis.get(k) ?? 0) + v);
  return {
    eur: cents(total.eur + d.eur),
    count: Math.max(0, total.count + d.count),
    byBasis: Object.fromEntries(
      [...byBasis]
        .filter(([, v]) => v > 0.004)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => [k, cents(v)]),
    ),
  };
}

/**
 * The money summary as the review leaves it. `findings` are the engine's, `rows` the decisions;
 * an expert's own finding with an amount counts as a risk (the review form has no chance/risk
 * choice, and a loss is the conservative reading).
 */
export function reviewedMoney(money: MoneySummary, findings: readonly Finding[], rows: readonly ReviewRow[]): MoneySummary {
  if (rows.length === 0) return money;
  const byId = new Map(rows.map((r) => [r.findingId, r]));
  const delta: Record<Side, Delta> = { risk: emptyDelta(), chance: emptyDelta() };
  findingIds(findings).forEach((id, i) => {
    const row = byId.get(id);
    const f = findings[i];
    const side = sideOf(f.effect);
    if (!row || !side) return;
    const key = findingBasisKey(f);
    if (row.decision === "rejected") add(delta[side], f, key, -1);
    if (row.decision === "changed" && row.potentialEur !== (f.potentialEur ?? null)) {
      add(delta[side], f, key, -1);
      add(
        delta[side],
        { potentialEur: row.potentialEur, potentialEurEstimate: row.potentialEur == null ? f.potentialEurEstimate : null },
        key,
        1,
      );
    }
  });
  for (const row of rows) {
    if (row.own && row.decision !== "rejected" && row.potentialEur) add(delta.risk, { potentialEur: row.potentialEur }, OWN_BASIS, 1);
  }
  const est = money.estimate;
  return {
    ...money,
    risk: applyDelta(money.risk, delta.risk),
    chance: applyDelta(money.chance, delta.chance),
    estimate: est
      ? {
          ...est,
          risk: { low: cents(est.risk.low + delta.risk.low), high: cents(est.risk.high + delta.risk.high) },
          chance: { low: cents(est.chance.low + delta.chance.low), high: cents(est.chance.high + delta.chance.high) },
        }
      : null,
  };
}

/** The Go/No-Go on the reviewed findings and money; the file's question deadline is kept. */
export function reviewedDecision(shown: readonly ReviewedFinding[], money: MoneySummary, engine: Decision | null | undefined): Decision {
  return { ...decide(asEngineFindings(shown), money, ""), questionDeadline: engine?.questionDeadline ?? null };
}
