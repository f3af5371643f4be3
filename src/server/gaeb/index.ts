// One entry point for an uploaded tender file: read it (GAEB DA XML or PDF), count and price the
// chargeable positions, and run the pre-check. The result is plain JSON.

import { countChargeable, type Duplicate } from "./chargeable";
import { detectTenderFormat } from "./detect";
import { GaebError, UNSUPPORTED_CODES, type GaebErrorCode } from "./errors";
import { readTenderPdf } from "./pdf";
import { isLumpSum } from "./precheck/position-facts";
import { runPrecheck } from "./precheck/run";
import type { Finding, FindingCounts } from "./precheck/types";
import { priceTender, type TenderPrices } from "./prices";
import { readGaebXml } from "./reader";
import type { BoqNode, ParsedTender, TenderFormat, TenderTotals } from "./types";

export { GaebError } from "./errors";
export type { BoqNode, ParsedTender, TenderFormat } from "./types";
export type { Finding, FindingCounts } from "./precheck/types";

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

function analysed(format: TenderFormat, parsed: ParsedTender): TenderAnalysis {
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
  };
}

/**
 * Analyses an uploaded tender file. Files that cannot be read give status "failed" or
 * "unsupported" with a German message; anything else thrown is a bug and is not caught here.
 */
export async function analyseTender(buffer: Uint8Array, fileName: string): Promise<TenderAnalysis> {
  const format = detectTenderFormat(buffer, fileName);
  try {
    switch (format) {
      case "gaeb-xml":
        return analysed(format, readGaebXml(buffer));
      case "pdf":
        return analysed(format, await readTenderPdf(buffer));
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
