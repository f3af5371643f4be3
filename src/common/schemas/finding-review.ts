// The expert review of the automatic pre-check (issue 27), shared by the review screen and the
// routes: a decision per finding (bestätigen, verwerfen mit Grund, ändern) and the expert's own
// findings. German messages; the server answers a broken body with 400 and these texts.
import { z } from "zod";

export const FINDING_SEVERITIES = ["risiko", "warnung", "hinweis"] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];
export const FINDING_DECISIONS = ["confirmed", "rejected", "changed"] as const;
export type FindingDecision = (typeof FINDING_DECISIONS)[number];

export const FINDING_REVIEW_MESSAGES = {
  reasonRequired: "Bitte geben Sie einen Grund für das Verwerfen an.",
  changeRequired: "Bitte ändern Sie mindestens Titel, Begründung, Schweregrad oder Betrag.",
  titleRequired: "Bitte geben Sie einen Titel ein.",
  whyRequired: "Bitte beschreiben Sie den Befund.",
  findingNotFound: "Diesen Befund gibt es im aktuellen Leistungsverzeichnis nicht.",
  notRead: "Das Leistungsverzeichnis wurde noch nicht automatisch gelesen.",
  amount: "Bitte geben Sie einen Betrag zwischen 0 und 1 Milliarde Euro ein.",
} as const;

const text = (max: number) => z.string().trim().max(max, `Höchstens ${max} Zeichen.`);
const amount = z.number().finite().min(0, FINDING_REVIEW_MESSAGES.amount).max(1_000_000_000, FINDING_REVIEW_MESSAGES.amount);

/** PATCH /api/projects/:id/findings/:findingId */
export const findingDecisionSchema = z
  .object({
    decision: z.enum(FINDING_DECISIONS),
    reason: text(1000).optional(),
    /** A remark for the customer, shown with the finding. */
    remark: text(2000).optional(),
    title: text(300).min(1, FINDING_REVIEW_MESSAGES.titleRequired).optional(),
    why: text(4000).min(1, FINDING_REVIEW_MESSAGES.whyRequired).optional(),
    severity: z.enum(FINDING_SEVERITIES).optional(),
    /** null removes the amount. */
    potentialEur: amount.nullable().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.decision === "rejected" && !b.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: FINDING_REVIEW_MESSAGES.reasonRequired });
    if (
      b.decision === "changed" &&
      b.title === undefined &&
      b.why === undefined &&
      b.severity === undefined &&
      b.potentialEur === undefined
    )
      ctx.addIssue({ code: "custom", path: ["decision"], message: FINDING_REVIEW_MESSAGES.changeRequired });
  });
export type FindingDecisionInput = z.infer<typeof findingDecisionSchema>;

/** POST /api/projects/:id/findings: an expert's own finding (an OZ, or none for the whole LV). */
export const ownFindingSchema = z.object({
  oz: text(60).optional(),
  title: text(300).min(1, FINDING_REVIEW_MESSAGES.titleRequired),
  why: text(4000).min(1, FINDING_REVIEW_MESSAGES.whyRequired),
  severity: z.enum(FINDING_SEVERITIES),
  potentialEur: amount.nullable().optional(),
  remark: text(2000).optional(),
});
export type OwnFindingInput = z.infer<typeof ownFindingSchema>;

export const findingParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  findingId: z.string().regex(/^[a-z0-9-]{1,64}$/, "Ungültige Befund-ID"),
});

/** What a finding carries about its review in GET /api/projects/:id/boq. */
export const findingReviewInfoSchema = z.object({
  decision: z.enum(FINDING_DECISIONS),
  /** Only for super admins. */
  reason: z.string().nullable().optional(),
  remark: z.string().nullable(),
  /** An expert's own finding. */
  own: z.boolean(),
  reviewedAt: z.string(),
  /** The automatic text before a change (super admins only). */
  original: z
    .object({ title: z.string(), why: z.string(), severity: z.enum(FINDING_SEVERITIES), potentialEur: z.number().nullable() })
    .optional(),
});
export type FindingReviewInfo = z.infer<typeof findingReviewInfoSchema>;

/** GET /api/findings/rule-stats: the rule authors' precision feedback. */
/** A rule's confirmation rate in the expert review (GET /api/findings/rule-stats). */
export const ruleStatsRowSchema = z.object({
  ruleId: z.string(),
  confirmed: z.number().int(),
  changed: z.number().int(),
  rejected: z.number().int(),
  reviewed: z.number().int(),
  /** (confirmed + changed) / reviewed, 0…1. */
  confirmationRate: z.number(),
});
export type RuleStatsRow = z.infer<typeof ruleStatsRowSchema>;

export const DECISION_LABELS: Record<FindingDecision, string> = {
  confirmed: "Bestätigt",
  changed: "Geändert",
  rejected: "Verworfen",
};
