// The plain, JSON-serialisable result of reading a tender (GAEB DA XML, GAEB 90/2000, PDF, sheets).

export type TenderFormat = "gaeb-xml" | "gaeb-90" | "gaeb-2000" | "pdf" | "xlsx" | "xls" | "csv" | "unknown";
/** The formats whose positions are read. */
export type ReadFormat = "gaeb-xml" | "gaeb-90" | "gaeb-2000" | "pdf" | "xlsx" | "csv";

/** lot/title = BoQCtgy, item = Item, markup = MarkupItem, remark = Remark or PerfDescr. */
export type NodeKind = "lot" | "title" | "item" | "markup" | "remark";

export interface PositionFlags {
  /** Bedarfs-/Eventualposition; `WithoutTotal` is not part of the total. */
  provisional: "WithoutTotal" | "WithTotal" | null;
  /** Grund-/Wahlposition: serial 0 = base, ≥ 1 = alternative (not part of the total). */
  alternative: { group: string; serial: number } | null;
  lumpSum: boolean;
  hourly: boolean;
  keyItem: boolean;
  /** Quantity to be determined by the bidder. */
  qtyTBD: boolean;
  /** NotAppl on the item or NotApplBoQ on an enclosing section. */
  notApplicable: boolean;
  notOffered: boolean;
  changeOrder: { number: string; status: string | null } | null;
  /** MarkupType of a MarkupItem, e.g. "AllInCat". */
  markupType: string | null;
  /** The remark is a PerfDescr (Leistungsbeschreibung zu mehreren Positionen). */
  perfDescr: boolean;
}

export interface BoqNode {
  kind: NodeKind;
  /** 0 for top-level nodes, +1 per enclosing category. */
  level: number;
  /** Full ordinal number, e.g. "01.02.0010" or "03.0040.1" (index); "" for remarks. */
  oz: string;
  parentOz: string | null;
  /** The GAEB @ID, null when the file has none. */
  id: string | null;
  shortText: string;
  longText: string;
  /** Open bidder gaps (TextComplement Kind="Bidder" left empty). */
  bidderGaps: number;
  qty: number | null;
  unit: string;
  unitPrice: number | null;
  /** Item total; for lots/titles the computed subtotal of their items. */
  total: number | null;
  /** True when `total` was computed here (qty × unit price, or a subtotal). */
  totalComputed: boolean;
  flags: PositionFlags;
}

export interface TenderTotals {
  /** Sum of all counted item totals; null when no item carries a price. */
  total: number | null;
  /** Total stated in BoQInfo/Totals/Total, if any. */
  stated: number | null;
  pricedItems: number;
  computedItems: number;
}

export interface ParsedTender {
  format: ReadFormat;
  /** "3.0".."3.3" for GAEB DA XML, "90" for GAEB 90, "2000 1.2" style for GAEB 2000, null for PDF. */
  version: string | null;
  /** Award/DP (81–89), null when unknown. */
  phase: number | null;
  projectName: string;
  boqName: string;
  currency: string;
  /** Flat list in document order. */
  positions: BoqNode[];
  totals: TenderTotals;
  /** German notes for the user about lenient reading, naming the page or row where it helps. */
  warnings: string[];
  /** An X84 that carries only prices (no quantities, no texts): it completes an earlier X83. */
  priceOnly?: boolean;
  /** A scanned PDF: the positions were read from page images with OCR and need checking. */
  ocr?: boolean;
  /** Contract and preliminary texts (GAEB AddText/Vorbemerkungen, PDF front pages), if read. */
  preamble?: string;
}

export function emptyFlags(): PositionFlags {
  return {
    provisional: null,
    alternative: null,
    lumpSum: false,
    hourly: false,
    keyItem: false,
    qtyTBD: false,
    notApplicable: false,
    notOffered: false,
    changeOrder: null,
    markupType: null,
    perfDescr: false,
  };
}

/** A node with empty texts, no quantity or prices and no flags set. */
export function newNode(kind: NodeKind, fields: Partial<BoqNode> = {}): BoqNode {
  return {
    kind,
    level: 0,
    oz: "",
    parentOz: null,
    id: null,
    shortText: "",
    longText: "",
    bidderGaps: 0,
    qty: null,
    unit: "",
    unitPrice: null,
    total: null,
    totalComputed: false,
    flags: emptyFlags(),
    ...fields,
  };
}
