// The JSON of GET /api/projects/:id/boq as the client reads it.
import type { ColumnMapping, SheetPreview } from "../../common/schemas/boq";
import type { FindingReviewInfo } from "../../common/schemas/finding-review";
import type { ChecklistEntryDto } from "../../common/schemas/contract-documents";
import type { ReadingQueue } from "../../common/schemas/boq-queue";
export interface BoqPosition {
  seq: number;
  kind: "lot" | "title" | "item" | "markup" | "remark";
  level: number;
  oz: string | null;
  parentOz: string | null;
  shortText: string | null;
  longText: string | null;
  qty: number | null;
  unit: string | null;
  unitPrice: number | null;
  total: number | null;
  kinds: string[];
  /** Unterbeschreibungen of the item (GAEB SubDescr). */
  subDescriptions?: { no: string; shortText: string; longText: string; qty: number | null; unit: string }[];
  /** The bidder's text fields: caption and answer (null = still open). */
  bidderAnswers?: { caption: string; answer: string | null }[];
  /** Item discount in percent, contained in the total. */
  discountPercent?: number;
  /** Lot/title: discount, surcharge or lump sum; `total` is the amount after it. */
  section?: {
    discountPercent: number | null;
    discountAmount: number | null;
    lumpSum: number | null;
    subtotal: number | null;
  };
}

export interface BoqFinding {
  /** Stable over new readings of the LV (src/server/findings/finding-id.ts). */
  id: string;
  ruleId: string;
  scope: "position" | "lv";
  /** "expert": added by an expert in the review. */
  source: "rule" | "model" | "expert";
  oz: string | null;
  severity: "hinweis" | "warnung" | "risiko";
  title: string;
  why: string;
  basis?: string;
  nachtragspotenzial: boolean;
  excerpt?: string;
  /** The figure found and the range expected. */
  evidence?: string;
  /** Further positions the finding refers to. */
  relatedOz?: string[];
  /** Euro amount at stake; null when it cannot be computed (absent in analyses read before). */
  potentialEur?: number | null;
  /** Without a price: which price would put a figure on it. */
  priceNeeded?: string;
  /** Contract clause findings: the checklist type, verdict and where the clause stands. */
  clause?: { type: string; verdict: string; status: string; document?: string; location?: string };
  /** Risiko (possible loss), Chance (likely Nachtrag) or offen (shown, never summed). */
  effect?: "risiko" | "chance" | "offen";
  /** Without prices in the file: estimated from reference prices, "Schätzung (Richtwert)". */
  potentialEurEstimate?: { low: number; high: number } | null;
  expectedQty?: number;
  /** Confirmed, changed or added by an expert. */
  expertConfirmed?: boolean;
  review?: FindingReviewInfo;
}

export interface BoqMoneyRange {
  low: number;
  high: number;
}

/** Risiko and Chance apart (never added), and for an unpriced LV the estimate. */
export interface BoqMoney {
  risk: { eur: number; count: number; byBasis: Record<string, number> } | null;
  chance: { eur: number; count: number; byBasis: Record<string, number> } | null;
  lvTotal: number | null;
  estimate: {
    label: string;
    lvTotal: BoqMoneyRange;
    risk: BoqMoneyRange;
    chance: BoqMoneyRange;
    pricedPositions: number;
    positions: number;
    priceLevel: string;
    source: string;
  } | null;
}

export interface BoqDecision {
  verdict: "Go" | "Go mit Auflagen" | "No-Go";
  reasons: string[];
  surcharge: { percent: number; basis: string };
  riskShare: number | null;
  estimated: boolean;
  questionDeadline: string | null;
}

/** The money at stake over all findings; each position counted once. */
export interface BoqPotential {
  totalEur: number;
  /** Findings with an amount. */
  count: number;
  /** Euro per VOB basis (short form), "ohne Grundlage" when none. */
  byBasis: Record<string, number>;
}

export interface BoqResponse {
  status: "pending" | "done" | "failed" | "unsupported";
  /** While pending: the file's place in the reading queue (null when no job is open). */
  queue?: ReadingQueue | null;
  error?: string;
  errorCode?: string;
  format?: string | null;
  /** A spreadsheet's first rows, for the column-mapping dialog. */
  sheetPreview?: SheetPreview;
  mapping?: ColumnMapping;
  /** The X83 whose positions a price-only X84 completed. */
  baseFileName?: string;
  phase: number | null;
  positions: BoqPosition[];
  counts: Record<string, number> | null;
  chargeablePositions: number;
  prices: { kalkulationspaket: number; ausfuehrungspaket: number } | null;
  findings?: BoqFinding[];
  findingCounts?: { total: number; bySeverity: Record<string, number>; byRule: Record<string, number>; nachtragspotenzial: number };
  totals?: { total: number | null; discount?: { percent: number | null; amount: number | null; beforeDiscount: number | null } } | null;
  /** null without prices. */
  potential?: BoqPotential | null;
  money?: BoqMoney | null;
  decision?: BoqDecision | null;
  boqName?: string;
  warnings?: string[];
  /** Progress of the expert review (automatic findings with a decision). */
  review?: { reviewed: number; total: number; confirmed: number };
  /** The clause checklist: every clause type with its verdict (absent in analyses read before). */
  checklist?: ChecklistEntryDto[];
  /** The contract documents read beside the LV. */
  contractDocuments?: { name: string; paragraphs: number; error?: string }[];
  /** A scanned PDF read with OCR: the positions need checking against the original. */
  ocr?: boolean;
}

/** How the file was read, in the words of the LV tab. */
export const FORMAT_LABELS: Record<string, string> = {
  "gaeb-xml": "GAEB DA XML",
  "gaeb-90": "GAEB 90",
  "gaeb-2000": "GAEB 2000",
  pdf: "PDF (aus dem Druckbild gelesen)",
  xlsx: "Excel-Tabelle",
  csv: "CSV-Tabelle",
};

/** German labels of the position kinds the reader reports. */
export const KIND_LABELS: Record<string, string> = {
  items: "Positionen",
  lots: "Lose",
  titles: "Titel",
  provisional: "Bedarfs-/Eventualpositionen",
  alternative: "Wahlpositionen",
  lumpSum: "Pauschalpositionen",
  hourly: "Stundenlohnpositionen",
  keyItems: "Schwerpunktpositionen",
  qtyTBD: "Menge durch Bieter",
  notApplicable: "Entfallene Positionen",
  notOffered: "Nicht angeboten",
  changeOrders: "Nachtragspositionen",
  bidderGaps: "Offene Bieterangaben",
};

export { POSITION_BADGES } from "../../common/boq-labels";

export const SEVERITY_STYLES = {
  // "Risiko" is the money at stake (a possible loss) on every screen; the severity reads "Kritisch".
  risiko: { label: "Kritisch", className: "bg-red-100 text-red-800 border-red-200", bar: "bg-red-500" },
  warnung: { label: "Warnung", className: "bg-amber-100 text-amber-800 border-amber-200", bar: "bg-amber-500" },
  hinweis: { label: "Hinweis", className: "bg-blue-100 text-blue-800 border-blue-200", bar: "bg-blue-500" },
} as const;
