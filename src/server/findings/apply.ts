// Lays the expert's decisions over the automatic findings: what the customer and the draft
// evaluation see (rejected findings gone, changes applied, the expert's own findings added, each
// marked as reviewed) and what the reviewer sees (everything, with the reason and the automatic
// text before a change).
import type { FindingReviewInfo, FindingSeverity } from "../../common/schemas/finding-review";
import type { Finding, FindingCounts } from "../tender";
import { findingIds } from "./finding-id";

export const OWN_RULE_ID = "eigener-befund";

export interface ReviewRow {
  findingId: string;
  ruleId: string;
  own: boolean;
  decision: "confirmed" | "rejected" | "changed";
  reason: string | null;
  remark: string | null;
  oz: string | null;
  title: string | null;
  why: string | null;
  severity: FindingSeverity | null;
  potentialEur: number | null;
  updatedAt: Date;
}

export type ReviewedFinding = Omit<Finding, "source"> & {
  id: string;
  source: Finding["source"] | "expert";
  /** Confirmed, changed or added by an expert. */
  expertConfirmed: boolean;
  review?: FindingReviewInfo;
};

export type Audience = "reviewer" | "customer";

function info(row: ReviewRow, audience: Audience, original?: Finding): FindingReviewInfo {
  return {
    decision: row.decision,
    remark: row.remark,
    own: row.own,
    reviewedAt: row.updatedAt.toISOString(),
    ...(audience === "reviewer"
      ? {
          reason: row.reason,
          ...(original && row.decision === "changed"
            ? {
                original: {
                  title: original.title,
                  why: original.why,
                  severity: original.severity,
                  potentialEur: original.potentialEur ?? null,
                },
              }
            : {}),
        }
      : {}),
  };
}

/** A changed row stores the whole edited text and amount (routes.ts fills in what was not changed). */
function withChanges(f: Finding, row: ReviewRow): Finding {
  if (row.decision !== "changed") return f;
  return { ...f, title: row.title ?? f.title, why: row.why ?? f.why, severity: row.severity ?? f.severity, potentialEur: row.potentialEur };
}

function ownFinding(row: ReviewRow, audience: Audience): ReviewedFinding {
  return {
    id: row.findingId,
    ruleId: OWN_RULE_ID,
    scope: row.oz ? "position" : "lv",
    oz: row.oz,
    kind: null,
    source: "expert",
    severity: row.severity ?? "hinweis",
    category: "leistungsbeschreibung",
    title: row.title ?? "",
    why: row.why ?? "",
    nachtragspotenzial: false,
    potentialEur: row.potentialEur,
    expertConfirmed: true,
    review: info(row, audience),
  };
}

/** The findings as `audience` sees them, in document order with the own findings last. */
export function applyReviews(findings: readonly Finding[], rows: readonly ReviewRow[], audience: Audience): ReviewedFinding[] {
  const byId = new Map(rows.map((r) => [r.findingId, r]));
  const ids = findingIds(findings);
  const out: ReviewedFinding[] = [];
  findings.forEach((f, i) => {
    const row = byId.get(ids[i]);
    if (row?.decision === "rejected" && audience === "customer") return;
    const shown = row ? withChanges(f, row) : f;
    out.push({
      ...shown,
      id: ids[i],
      expertConfirmed: row?.decision === "confirmed" || row?.decision === "changed",
      ...(row ? { review: info(row, audience, f) } : {}),
    });
  });
  for (const row of rows) {
    if (!row.own || (row.decision === "rejected" && audience === "customer")) continue;
    out.push(ownFinding(row, audience));
  }
  return out;
}

/** Counts over the findings the customer sees (rejected ones no longer count). */
export function countFindings(findings: readonly Pick<Finding, "severity" | "ruleId" | "nachtragspotenzial">[]): FindingCounts {
  const counts: FindingCounts = { total: 0, bySeverity: { risiko: 0, warnung: 0, hinweis: 0 }, byRule: {}, nachtragspotenzial: 0 };
  for (const f of findings) {
    counts.total++;
    counts.bySeverity[f.severity]++;
    counts.byRule[f.ruleId] = (counts.byRule[f.ruleId] ?? 0) + 1;
    if (f.nachtragspotenzial) counts.nachtragspotenzial++;
  }
  return counts;
}

/** Reviewed findings as the engine's renderers and decision read them: an expert's own finding
 *  reads as a rule finding (its `expertConfirmed` mark stays). */
export const asEngineFindings = (findings: readonly ReviewedFinding[]): Finding[] =>
  findings.map((f) => ({ ...f, source: f.source === "expert" ? "rule" : f.source }));
