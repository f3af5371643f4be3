// One entry point for an uploaded tender file: read it (GAEB DA XML, PDF, Excel or CSV), count and
// price the chargeable positions, and run the pre-check. The result is plain JSON. It runs inside
// the reader worker (src/server/boq/reader-pool.ts), never on the web server's thread.

import { countChargeable, type Duplicate } from "./chargeable";
import { detectTenderFormat } from "./detect";
import { GaebError, UNSUPPORTED_CODES, type GaebErrorCode } from "./errors";
import { DEFAULT_LIMITS, type ReadLimits } from "./limits";
import { mergePrices } from "./merge-prices";
import { readTenderPdf } from "./pdf";
import { isLumpSum } from "./precheck/position-facts";
import { runPrecheck } from "./precheck/run";
import type { Finding, FindingCounts } from "./precheck/types";
import { priceTender, type TenderPrices } from "./prices";
import { readGaebXml } from "./reader";
import { readTenderSheet } from "./sheet";
import type { BoqNode, ParsedTender, TenderFormat, TenderTotals } from "./types";
import type { ColumnMapping, SheetPreview } from "../../common/schemas/boq";

export { GaebError } from "./errors";
export type { BoqNode, ParsedTender, TenderFormat } from "./types";
export type { Finding, FindingCounts } from "./precheck/types";
export type { ReadLimits } from "./limits";

export interface AnalyseOptions {
  /** The user's column choice for a spreadsheet whose header was not recognised. */
  mapping?: ColumnMapping | null;
  /** For a price-only X84: the earlier input file (X83) whose positions get the prices. */
  base?: { data: Uint8Array; fileName: string } | null;
  limits?: ReadLimits;
}

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
  warnings: string[];
  /** An X84 with prices only that still needs its X83 (no base was given or it did not match). */
  priceOnly?: boolean;
  /** Name of the file whose positions a price-only X84 completed. */
  baseFileName?: string;
  /** sheet_no_header / a spreadsheet: the first rows for the column-mapping dialog. */
  sheetPreview?: SheetPreview;
  /** The column mapping a spreadsheet was read with. */
  mapping?: ColumnMapping;
}

function countPositions(positions: BoqNode[]): PositionCounts {
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

function analysed(format: TenderFormat, parsed: ParsedTender & { sheetPreview?: SheetPreview; mapping?: ColumnMapping }): TenderAnalysis {
  const { chargeablePositions, duplicates } = countChargeable(parsed.positions);
  const precheck = runPrecheck(parsed);
  return {
    status: "done",
    format,
    version: parsed.version,
    phase: parsed.phase,
    projectName: parsed.projectName,
    boqName: parsed.boqName,
    currency: parsed.currency,
    positions: parsed.positions,
    counts: countPositions(parsed.positions),
    chargeablePositions,
    duplicates,
    prices: priceTender(chargeablePositions),
    totals: parsed.totals,
    findings: precheck.findings,
    findingCounts: precheck.counts,
    warnings: parsed.warnings,
    ...(parsed.priceOnly ? { priceOnly: true } : {}),
    ...(parsed.sheetPreview ? { sheetPreview: parsed.sheetPreview } : {}),
    ...(parsed.mapping ? { mapping: parsed.mapping } : {}),
  };
}

function notAnalysed(format: TenderFormat, error: GaebError): TenderAnalysis {
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
    warnings: [],
    ...(error.preview ? { sheetPreview: error.preview } : {}),
  };
}

/** A GAEB file; a price-only X84 is merged into its base X83 when one is given. */
function readGaeb(buffer: Uint8Array, options: AnalyseOptions): ParsedTender & { baseFileName?: string } {
  const parsed = readGaebXml(buffer);
  if (!parsed.priceOnly) return parsed;
  if (!options.base) throw new GaebError("price_only_without_base");
  const base = readGaebXml(options.base.data);
  return { ...mergePrices(base, parsed, options.base.fileName), baseFileName: options.base.fileName };
}

/**
 * Analyses an uploaded tender file. Files that cannot be read give status "failed" or
 * "unsupported" with a German message; anything else thrown is a bug and is not caught here.
 */
export async function analyseTender(buffer: Uint8Array, fileName: string, options: AnalyseOptions = {}): Promise<TenderAnalysis> {
  const format = detectTenderFormat(buffer, fileName);
  const limits = options.limits ?? DEFAULT_LIMITS;
  try {
    switch (format) {
      case "gaeb-xml": {
        const parsed = readGaeb(buffer, options);
        return { ...analysed(format, parsed), ...(parsed.baseFileName ? { baseFileName: parsed.baseFileName } : {}) };
      }
      case "pdf":
        return analysed(format, await readTenderPdf(buffer, limits));
      case "xlsx":
      case "csv":
        return analysed(format, await readTenderSheet(buffer, fileName, format, { mapping: options.mapping ?? null, limits }));
      case "xls":
        throw new GaebError("xls_unsupported");
      case "gaeb-90":
        throw new GaebError("gaeb_90");
      case "gaeb-2000":
        throw new GaebError("gaeb_2000");
      case "unknown":
        throw new GaebError(buffer.length === 0 ? "empty" : "unknown_format");
    }
  } catch (err) {
    if (err instanceof GaebError) return notAnalysed(format, err);
    throw err;
  }
}
