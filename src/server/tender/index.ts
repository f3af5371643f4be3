// One entry point for an uploaded tender file: read it (GAEB DA XML, GAEB 90, GAEB 2000, PDF, Excel
// or CSV), count and price the chargeable positions, and run the pre-check. The result is plain JSON. It runs inside
// the reader worker (src/server/boq/reader-pool.ts), never on the web server's thread.

import { countPositions, failedAnalysis, type TenderAnalysis } from "./analysis-result";
import { countChargeable } from "./chargeable";
import { detectTenderFormat } from "./read/detect";
import { GaebError } from "./errors";
import { DEFAULT_LIMITS, type ReadLimits } from "./limits";
import { mergePrices } from "./read/merge-prices";
import { decide } from "./money/decision";
import { priceFindings } from "./money/money";
import { readTenderPdf } from "./read/pdf";
import { runPrecheck } from "./review/run";
import { clauseFindings, clauseTexts, reviewTenderClauses } from "./review/clauses";
import { readContractDocument, type ContractDocumentInput, type ContractText } from "./read/contract-documents";
import { priceTender } from "./prices";
import { readGaebXml } from "./read/gaeb-xml/reader";
import { readGaeb90 } from "./read/gaeb-90/reader";
import { readGaeb2000 } from "./read/gaeb-2000/reader";
import { readTenderSheet } from "./read/sheet";
import type { ParsedTender, TenderFormat } from "./types";
import type { ColumnMapping, SheetPreview } from "../../common/schemas/boq";

export { GaebError } from "./errors";
export { failedAnalysis, type PositionCounts, type TenderAnalysis } from "./analysis-result";
export type { BidderAnswer, BoqNode, ParsedTender, SectionTotals, SubDescription, TenderFormat } from "./types";
export type { Finding, FindingCounts, Potential } from "./review/types";
export type { ChecklistEntry } from "./review/clauses";
export type { ContractDocumentInput } from "./read/contract-documents";
export type { ReadLimits } from "./limits";
export type { Decision, Verdict } from "./money/decision";
export type { MoneyEstimate, MoneySummary, MoneyTotal } from "./money/money";

export interface AnalyseOptions {
  /** The user's column choice for a spreadsheet whose header was not recognised. */
  mapping?: ColumnMapping | null;
  /** For a price-only X84: the earlier input file (X83) whose positions get the prices. */
  base?: { data: Uint8Array; fileName: string } | null;
  limits?: ReadLimits;
  /** Contract documents beside the LV (PDF, DOCX, TXT); their clauses join the review. */
  contractDocuments?: ContractDocumentInput[];
}

function analysed(
  format: TenderFormat,
  parsed: ParsedTender & { sheetPreview?: SheetPreview; mapping?: ColumnMapping },
  documents: ContractText[] = [],
): TenderAnalysis {
  const { chargeablePositions, duplicates } = countChargeable(parsed.positions);
  const clauses = reviewTenderClauses(parsed, documents);
  const precheck = runPrecheck(parsed, undefined, undefined, clauseFindings(clauses.entries));
  const money = priceFindings(precheck.findings, parsed);
  const decision = decide(money.findings, money.money, parsed.preamble ?? "");
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
    findings: money.findings,
    findingCounts: precheck.counts,
    potential: money.potential,
    warnings: [...parsed.warnings, ...documents.filter((d) => d.error).map((d) => `${d.document}: ${d.error}`)],
    checklist: clauses.entries,
    clauseTexts: clauseTexts(parsed, documents),
    contractDocuments: documents.map((d) => ({
      name: d.document,
      paragraphs: d.paragraphs.length,
      ...(d.error ? { error: d.error } : {}),
    })),
    money: money.money,
    decision,
    ...(parsed.priceOnly ? { priceOnly: true } : {}),
    ...(parsed.ocr ? { ocr: true } : {}),
    ...(parsed.sheetPreview ? { sheetPreview: parsed.sheetPreview } : {}),
    ...(parsed.mapping ? { mapping: parsed.mapping } : {}),
  };
}

type GaebFormat = "gaeb-xml" | "gaeb-90" | "gaeb-2000";
const GAEB_READERS: Record<GaebFormat, (buffer: Uint8Array, limits: ReadLimits) => ParsedTender> = {
  "gaeb-xml": readGaebXml,
  "gaeb-90": readGaeb90,
  "gaeb-2000": readGaeb2000,
};

/** A GAEB file; a price-only X84/D84/P84 is merged into its base LV (of any GAEB format) when one is given. */
function readGaeb(
  format: GaebFormat,
  buffer: Uint8Array,
  options: AnalyseOptions,
  limits: ReadLimits,
): ParsedTender & { baseFileName?: string } {
  const parsed = GAEB_READERS[format](buffer, limits);
  if (!parsed.priceOnly) return parsed;
  if (!options.base) throw new GaebError("price_only_without_base");
  const baseFormat = detectTenderFormat(options.base.data, options.base.fileName);
  const readBase = baseFormat in GAEB_READERS ? GAEB_READERS[baseFormat as GaebFormat] : readGaebXml;
  const base = readBase(options.base.data, limits);
  return { ...mergePrices(base, parsed, options.base.fileName), baseFileName: options.base.fileName };
}

/**
 * Analyses an uploaded tender file. Files that cannot be read give status "failed" or
 * "unsupported" with a German message; anything else thrown is a bug and is not caught here.
 */
export async function analyseTender(buffer: Uint8Array, fileName: string, options: AnalyseOptions = {}): Promise<TenderAnalysis> {
  const format = detectTenderFormat(buffer, fileName);
  const limits = options.limits ?? DEFAULT_LIMITS;
  const documents: ContractText[] = [];
  for (const doc of options.contractDocuments ?? []) documents.push(await readContractDocument(doc, limits));
  try {
    switch (format) {
      case "gaeb-xml":
      case "gaeb-90":
      case "gaeb-2000": {
        const parsed = readGaeb(format, buffer, options, limits);
        return { ...analysed(format, parsed, documents), ...(parsed.baseFileName ? { baseFileName: parsed.baseFileName } : {}) };
      }
      case "pdf":
        return analysed(format, await readTenderPdf(buffer, limits), documents);
      case "xlsx":
      case "csv":
        return analysed(format, await readTenderSheet(buffer, fileName, format, { mapping: options.mapping ?? null, limits }), documents);
      case "xls":
        throw new GaebError("xls_unsupported");
      case "unknown":
        throw new GaebError(buffer.length === 0 ? "empty" : "unknown_format");
    }
  } catch (err) {
    if (err instanceof GaebError) return failedAnalysis(format, err);
    throw err;
  }
}
