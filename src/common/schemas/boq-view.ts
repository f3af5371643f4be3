// The LV view: the JSON of GET /api/projects/:id/boq, written once. The route declares it as its
// response schema (OpenAPI), the server builds its answer as BoqView and the LV tab reads the same
// types (src/common/types.ts). The answer is sent pre-serialized (large LVs, gzip), so nothing is
// stripped — but every field the client reads must be named here.
import { z } from "zod";
import { columnMappingSchema, sheetPreviewSchema } from "./boq";
import { readingQueueSchema } from "./boq-queue";
import { checklistEntrySchema } from "./contract-documents";
import { FINDING_SEVERITIES, findingReviewInfoSchema } from "./finding-review";

const euroRange = z.object({ low: z.number(), high: z.number() });
const euroByBasis = z.record(z.string(), z.number());

export const boqPositionSchema = z.object({
  seq: z.number().int(),
  kind: z.enum(["lot", "title", "item", "markup", "remark"]),
  level: z.number().int(),
  oz: z.string().nullable(),
  parentOz: z.string().nullable(),
  shortText: z.string().nullable(),
  longText: z.string().nullable(),
  qty: z.number().nullable(),
  unit: z.string().nullable(),
  unitPrice: z.number().nullable(),
  total: z.number().nullable(),
  kinds: z.array(z.string()),
  /** Unterbeschreibungen of the item (GAEB SubDescr). */
  subDescriptions: z
    .array(z.object({ no: z.string(), shortText: z.string(), longText: z.string(), qty: z.number().nullable(), unit: z.string() }))
    .optional(),
  /** The bidder's text fields: caption and answer (null = still open). */
  bidderAnswers: z.array(z.object({ caption: z.string(), answer: z.string().nullable() })).optional(),
  /** Item discount in percent, contained in the total. */
  discountPercent: z.number().optional(),
  /** Lot/title: discount, surcharge or lump sum; `total` is the amount after it. */
  section: z
    .object({
      discountPercent: z.number().nullable(),
      discountAmount: z.number().nullable(),
      lumpSum: z.number().nullable(),
      subtotal: z.number().nullable(),
    })
    .optional(),
});

export const boqFindingSchema = z.object({
  /** Stable over new readings of the LV (src/server/findings/finding-id.ts). */
  id: z.string(),
  ruleId: z.string(),
  scope: z.enum(["position", "lv"]),
  /** "expert": added by an expert in the review. */
  source: z.enum(["rule", "model", "expert"]),
  oz: z.string().nullable(),
  severity: z.enum(FINDING_SEVERITIES),
  title: z.string(),
  why: z.string(),
  basis: z.string().optional(),
  nachtragspotenzial: z.boolean(),
  excerpt: z.string().optional(),
  /** The figure found and the range expected. */
  evidence: z.string().optional(),
  /** Further positions the finding refers to. */
  relatedOz: z.array(z.string()).optional(),
  /** Euro amount at stake; null when it cannot be computed (absent in analyses read before). */
  potentialEur: z.number().nullable().optional(),
  /** Without a price: which price would put a figure on it. */
  priceNeeded: z.string().optional(),
  /** Contract clause findings: the checklist type, verdict and where the clause stands. */
  clause: z
    .object({
      type: z.string(),
      verdict: z.string(),
      status: z.string(),
      document: z.string().optional(),
      location: z.string().optional(),
      wording: z.boolean().optional(),
    })
    .optional(),
  /** Risiko (possible loss), Chance (likely Nachtrag) or offen (shown, never summed). */
  effect: z.enum(["risiko", "chance", "offen"]).optional(),
  /** Without prices in the file: estimated from reference prices, "Schätzung (Richtwert)". */
  potentialEurEstimate: euroRange.nullable().optional(),
  expectedQty: z.number().optional(),
  /** Confirmed, changed or added by an expert. */
  expertConfirmed: z.boolean().optional(),
  review: findingReviewInfoSchema.optional(),
});

const moneySide = z.object({ eur: z.number(), count: z.number().int(), byBasis: euroByBasis }).nullable();

/** Risiko and Chance apart (never added), and for an unpriced LV the estimate. */
export const boqMoneySchema = z.object({
  risk: moneySide,
  chance: moneySide,
  lvTotal: z.number().nullable(),
  estimate: z
    .object({
      label: z.string(),
      lvTotal: euroRange,
      risk: euroRange,
      chance: euroRange,
      pricedPositions: z.number().int(),
      positions: z.number().int(),
      priceLevel: z.string(),
      source: z.string(),
    })
    .nullable(),
});

export const boqDecisionSchema = z.object({
  verdict: z.enum(["Go", "Go mit Auflagen", "No-Go"]),
  reasons: z.array(z.string()),
  surcharge: z.object({ percent: z.number(), basis: z.string() }),
  riskShare: z.number().nullable(),
  estimated: z.boolean(),
  questionDeadline: z.string().nullable(),
});

/** The money at stake over all findings; each position counted once. */
export const boqPotentialSchema = z.object({
  totalEur: z.number(),
  /** Findings with an amount. */
  count: z.number().int(),
  /** Euro per VOB basis (short form), "ohne Grundlage" when none. */
  byBasis: euroByBasis,
});

export const boqViewSchema = z.object({
  status: z.enum(["pending", "done", "failed", "unsupported"]),
  /** While pending: the file's place in the reading queue (null when no job is open). */
  queue: readingQueueSchema.nullable().optional(),
  error: z.string().optional(),
  errorCode: z.string().optional(),
  format: z.string().nullable().optional(),
  /** A spreadsheet's first rows, for the column-mapping dialog. */
  sheetPreview: sheetPreviewSchema.optional(),
  mapping: columnMappingSchema.optional(),
  /** The X83 whose positions a price-only X84 completed. */
  baseFileName: z.string().optional(),
  phase: z.number().nullable(),
  positions: z.array(boqPositionSchema),
  counts: z.record(z.string(), z.number()).nullable(),
  chargeablePositions: z.number().int(),
  prices: z.object({ kalkulationspaket: z.number(), ausfuehrungspaket: z.number() }).nullable(),
  findings: z.array(boqFindingSchema).optional(),
  findingCounts: z
    .object({
      total: z.number().int(),
      bySeverity: z.record(z.string(), z.number()),
      byRule: z.record(z.string(), z.number()),
      nachtragspotenzial: z.number().int(),
    })
    .optional(),
  totals: z
    .object({
      total: z.number().nullable(),
      discount: z
        .object({ percent: z.number().nullable(), amount: z.number().nullable(), beforeDiscount: z.number().nullable() })
        .optional(),
    })
    .nullable()
    .optional(),
  /** null without prices. */
  potential: boqPotentialSchema.nullable().optional(),
  money: boqMoneySchema.nullable().optional(),
  decision: boqDecisionSchema.nullable().optional(),
  boqName: z.string().optional(),
  warnings: z.array(z.string()).optional(),
  /** Progress of the expert review (automatic findings with a decision). */
  review: z.object({ reviewed: z.number().int(), total: z.number().int(), confirmed: z.number().int() }).optional(),
  /** The clause checklist: every clause type with its verdict (absent in analyses read before). */
  checklist: z.array(checklistEntrySchema).optional(),
  /** The contract documents read beside the LV. */
  contractDocuments: z.array(z.object({ name: z.string(), paragraphs: z.number().int(), error: z.string().optional() })).optional(),
  /** A scanned PDF read with OCR: the positions need checking against the original. */
  ocr: z.boolean().optional(),
});

/** PUT /api/projects/:id/boq/mapping: the file is read again. */
export const boqMappingSavedSchema = z.object({ message: z.string(), status: z.literal("pending") });

/** POST /api/projects/:id/evaluation-draft: the draft evaluation as an HTML document. */
export const evaluationDraftSchema = z.object({ html: z.string(), fileName: z.string() });
