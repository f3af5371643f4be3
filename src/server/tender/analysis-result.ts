// The JSON shape of an analysed tender file and the result for a file that could not be read.
// Kept apart from the readers (index.ts) so that the web server's thread can build a failed
// result without loading pdf.js, exceljs and the rest (pdf.js's legacy build patches globals).

import type { Duplicate } from "./chargeable";
import { UNSUPPORTED_CODES, type GaebError, type GaebErrorCode } from "./errors";
import { isLumpSum } from "./review/position-facts";
import { runPrecheck } from "./review/run";
import type { Decision } from "./money/decision";
import type { MoneySummary } from "./money/money";
import type { Finding, FindingCounts, Potential } from "./review/types";
import type { ChecklistEntry } from "./review/clauses/review";
import type { ClauseText } from "./review/clauses";
import type { TenderPrices } from "./prices";
import type { BoqNode, ParsedTender, TenderFormat, TenderTotals } from "./types";
import type { ColumnMapping, SheetPreview } from "../../common/schemas/boq";

export interface PositionCounts {
  items: number;
  lots: number;
  titles: number;
  remarks: number;
  markups: number;
  provisional: number;
  provisionalWithoutTotal: number;
  alternative: number;
  lumpSum: number;
  hourly: number;
  keyItems: number;
  qtyTBD: number;
  notApplicable: number;
  notOffered: number;
  changeOrders: number;
  /** Open bidder gaps over all positions. */
  bidderGaps: number;
}

/** The read tender's header and positions, plus what was derived from them. */
export interface TenderAnalysis extends Pick<ParsedTender, "version" | "phase" | "projectName" | "boqName" | "currency" | "positions"> {
  status: "done" | "unsupported" | "failed";
  error?: { code: GaebErrorCode; message: string };
  format: TenderFormat;
  counts: PositionCounts;
  chargeablePositions: number;
  duplicates: Duplicate[];
  /** null unless status is "done". */
  prices: TenderPrices | null;
  totals: TenderTotals | null;
  findings: Finding[];
  findingCounts: FindingCounts;
  /** The money at stake over all findings (money.ts); null without prices. */
  potential: Potential | null;
  /** Risiko and Chance apart, and for an unpriced LV the estimate (money/money.ts); absent in
   *  analyses stored before issue 24. */
  money?: MoneySummary | null;
  /** Go / Go mit Auflagen / No-Go (money/decision.ts); absent in older analyses. */
  decision?: Decision | null;
  warnings: string[];
  /** An X84 with prices only that still needs its X83 (no base was given or it did not match). */
  priceOnly?: boolean;
  /** The positions were read from a scan with OCR (a PDF without a text layer); they need checking. */
  ocr?: boolean;
  /** Name of the file whose positions a price-only X84 completed. */
  baseFileName?: string;
  /** sheet_no_header / a spreadsheet: the first rows for the column-mapping dialog. */
  sheetPreview?: SheetPreview;
  /** The column mapping a spreadsheet was read with. */
  mapping?: ColumnMapping;
  /** The clause checklist (review/clauses): every clause type with its verdict; absent on old results. */
  checklist?: ChecklistEntry[];
  /** The contract documents read beside the LV. */
  contractDocuments?: { name: string; paragraphs: number; error?: string }[];
  /** The contract texts paragraph by paragraph, for the model pass; not saved with the summary. */
  clauseTexts?: ClauseText[];
}

export function countPositions(positions: BoqNode[]): PositionCounts {
  const items = positions.filter((p) => p.kind === "item");
  const count = (predicate: (p: BoqNode) => boolean) => items.filter(predicate).length;
  return {
    items: items.length,
    lots: positions.filter((p) => p.kind === "lot").length,
    titles: positions.filter((p) => p.kind === "title").length,
    remarks: positions.filter((p) => p.kind === "remark").length,
    markups: positions.filter((p) => p.kind === "markup").length,
    provisional: count((p) => p.flags.provisional !== null),
    provisionalWithoutTotal: count((p) => p.flags.provisional === "WithoutTotal"),
    alternative: count((p) => (p.flags.alternative?.serial ?? 0) >= 1),
    lumpSum: count(isLumpSum),
    hourly: count((p) => p.flags.hourly),
    keyItems: count((p) => p.flags.keyItem),
    qtyTBD: count((p) => p.flags.qtyTBD),
    notApplicable: count((p) => p.flags.notApplicable),
    notOffered: count((p) => p.flags.notOffered),
    changeOrders: count((p) => p.flags.changeOrder !== null),
    bidderGaps: positions.reduce((sum, p) => sum + p.bidderGaps, 0),
  };
}

/** The result for a file that was not read (also time or memory limit, crash): its error, no positions. */
export function failedAnalysis(format: TenderFormat, error: GaebError): TenderAnalysis {
  return {
    status: UNSUPPORTED_CODES.has(error.code) ? "unsupported" : "failed",
    error: { code: error.code, message: error.message },
    format,
    version: null,
    phase: null,
    projectName: "",
    boqName: "",
    currency: "EUR",
    positions: [],
    counts: countPositions([]),
    chargeablePositions: 0,
    duplicates: [],
    prices: null,
    totals: null,
    findings: [],
    findingCounts: runPrecheck({ positions: [] }).counts,
    potential: null,
    warnings: [],
    ...(error.preview ? { sheetPreview: error.preview } : {}),
  };
}
