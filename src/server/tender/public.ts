// The tender engine's public file for the web server's thread: what the reader pool and the model
// pass need without loading a reader (pdf.js and exceljs stay in the reader threads; index.ts is
// the entry those threads load). Checked by boq/web-thread-imports.test.ts.

export { failedAnalysis, type PositionCounts, type TenderAnalysis } from "./analysis-result";
export { GaebError, type GaebErrorCode } from "./errors";
export { DEFAULT_LIMITS, type ReadLimits } from "./limits";
export { findingBasisKey, priceFindings, type MoneySummary } from "./money/money";
export { decide, topRiskFindings, type Decision } from "./money/decision";
export { DEFAULT_REFERENCE_PRICES, type ReferencePriceTable } from "./money/reference-prices";
export { detectTenderFormat } from "./read/detect";
export type { BidderAnswer, BoqNode, ParsedTender, PositionFlags, SectionTotals, SubDescription, TenderFormat } from "./types";
export type { Finding, FindingCounts, Potential } from "./review/types";
export { clauseFindings, type ChecklistEntry, type ClauseText } from "./review/clauses";
export { checklist, type ClauseType } from "./review/clauses/checklist";
