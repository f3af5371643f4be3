// The findings of a project's current analysis with the review laid over them, and the counts,
// money and Go/No-Go that go with them, for GET /boq (per audience), the draft evaluation and the
// exports (customer view).
import type { Db } from "../db/client";
import type { Decision, Finding, MoneySummary, Potential } from "../tender/public";
import { applyReviews, asEngineFindings, countFindings, type Audience } from "./apply";
import { reviewedDecision, reviewedMoney } from "./money";
import { loadReviews } from "./store";

export interface ReviewableSummary {
  findings?: Finding[];
  money?: MoneySummary | null;
  decision?: Decision | null;
}

export async function reviewedFindings(db: Db, projectId: number, summary: ReviewableSummary, audience: Audience) {
  const findings = summary.findings ?? [];
  const rows = await loadReviews(db, projectId);
  const all = applyReviews(findings, rows, audience);
  const counted = audience === "customer" ? all : all.filter((f) => f.review?.decision !== "rejected");
  const reviewedCount = all.filter((f) => f.review && !f.review.own).length;
  // Money and decision follow the review; without decisions the engine's figures stand.
  const money = summary.money && rows.length ? reviewedMoney(summary.money, findings, rows) : summary.money;
  const decision = money && rows.length ? reviewedDecision(counted, money, summary.decision) : summary.decision;
  return {
    findings: all,
    findingCounts: countFindings(counted),
    review: { reviewed: reviewedCount, total: findings.length, confirmed: all.filter((f) => f.expertConfirmed).length },
    ...(money !== undefined ? { money } : {}),
    ...(decision !== undefined ? { decision } : {}),
  };
}

/**
 * A stored summary as the customer sees it after the review (for the print page, the draft and the
 * exports): the reviewed findings, counts, money and decision over the engine's. The expert's own
 * findings read as rule findings to the renderers, marked by `expertConfirmed`.
 */
export async function customerSummary<S extends ReviewableSummary>(db: Db, projectId: number, stored: S): Promise<S> {
  const { findings, ...rest } = await reviewedFindings(db, projectId, stored, "customer");
  return { ...stored, ...rest, findings: asEngineFindings(findings) };
}

/** The risk total in the older `potential` shape the LV tab's chart reads. */
export const potentialOf = (risk: NonNullable<MoneySummary["risk"]>): Potential => ({
  totalEur: risk.eur,
  count: risk.count,
  byBasis: risk.byBasis,
});
