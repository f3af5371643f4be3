// The findings of a project's current analysis with the review laid over them, and the counts
// that go with them, for GET /boq (per audience) and the draft evaluation (customer view).
import type { Db } from "../db/client";
import type { Finding } from "../tender";
import { applyReviews, countFindings, type Audience } from "./apply";
import { loadReviews } from "./store";

export async function reviewedFindings(db: Db, projectId: number, findings: readonly Finding[], audience: Audience) {
  const all = applyReviews(findings, await loadReviews(db, projectId), audience);
  const counted = audience === "customer" ? all : all.filter((f) => f.review?.decision !== "rejected");
  const reviewedCount = all.filter((f) => f.review && !f.review.own).length;
  return {
    findings: all,
    findingCounts: countFindings(counted),
    review: { reviewed: reviewedCount, total: findings.length, confirmed: all.filter((f) => f.expertConfirmed).length },
  };
}
