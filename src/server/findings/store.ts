// finding_reviews: the decisions of a project's review, one upsert per decision, and the
// per-rule confirmation rate over all projects.
import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { RuleStatsRow } from "../../common/schemas/finding-review";
import type { Db } from "../db/client";
import { findingReviews } from "../db/schema";
import { OWN_RULE_ID, type ReviewRow } from "./apply";

const rowColumns = {
  findingId: findingReviews.findingId,
  ruleId: findingReviews.ruleId,
  own: findingReviews.own,
  decision: findingReviews.decision,
  reason: findingReviews.reason,
  remark: findingReviews.remark,
  oz: findingReviews.oz,
  title: findingReviews.title,
  why: findingReviews.why,
  severity: findingReviews.severity,
  potentialEur: findingReviews.potentialEur,
  updatedAt: findingReviews.updatedAt,
};

export async function loadReviews(db: Db, projectId: number): Promise<ReviewRow[]> {
  return db.select(rowColumns).from(findingReviews).where(eq(findingReviews.projectId, projectId)).orderBy(asc(findingReviews.id));
}

export type StoredDecision = Omit<ReviewRow, "updatedAt" | "own">;

/** Stores (or replaces) the decision on one finding. */
export async function saveDecision(db: Db, projectId: number, reviewerId: number, d: StoredDecision, own = false) {
  const values = {
    ruleId: d.ruleId,
    decision: d.decision,
    reason: d.reason,
    remark: d.remark,
    oz: d.oz,
    title: d.title,
    why: d.why,
    severity: d.severity,
    potentialEur: d.potentialEur,
    reviewedBy: reviewerId,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(findingReviews)
    .values({ projectId, findingId: d.findingId, own, ...values })
    .onConflictDoUpdate({ target: [findingReviews.projectId, findingReviews.findingId], set: values })
    .returning(rowColumns);
  return row;
}

/** A new id for an expert's own finding (random: two experts adding at once never collide). */
export const newOwnId = () => `eigen-${randomBytes(6).toString("hex")}`;

/** Confirmation rate per rule over every project (own findings are no rule's). */
export async function ruleStats(db: Db): Promise<RuleStatsRow[]> {
  const rows = await db
    .select({
      ruleId: findingReviews.ruleId,
      confirmed: sql<number>`count(*) filter (where ${findingReviews.decision} = 'confirmed')::int`,
      changed: sql<number>`count(*) filter (where ${findingReviews.decision} = 'changed')::int`,
      rejected: sql<number>`count(*) filter (where ${findingReviews.decision} = 'rejected')::int`,
    })
    .from(findingReviews)
    .where(sql`${findingReviews.ruleId} <> ${OWN_RULE_ID}`)
    .groupBy(findingReviews.ruleId);
  return rows
    .map((r) => {
      const reviewed = r.confirmed + r.changed + r.rejected;
      return { ...r, reviewed, confirmationRate: reviewed ? (r.confirmed + r.changed) / reviewed : 0 };
    })
    .sort((a, b) => a.confirmationRate - b.confirmationRate || b.reviewed - a.reviewed || a.ruleId.localeCompare(b.ruleId));
}
