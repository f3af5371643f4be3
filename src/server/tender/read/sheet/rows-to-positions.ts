// Sheet rows → LV positions. A row with OZ and quantity or unit is an item; a row with OZ and text
// only is a title (when items are numbered below it); text rows without OZ after an item continue
// its long text; sum and carry rows ("Summe Titel 01", "Übertrag") are no positions. Whatever
// cannot be read is named with its row number in a warning, never guessed.

import type { ColumnMapping } from "../../../../common/schemas/boq";
import { GaebError } from "../../errors";
import { assignParents, flagsFromText } from "../hierarchy";
import type { ReadLimits } from "../../limits";
import { newNode, type BoqNode } from "../../types";
import { headerRepeatTest } from "./find-header";
import { cellAt, EMPTY_CELL, type SheetCell, type SheetGrid, type SheetRow } from "./grid";
import { detectDecimalComma, isBlankMark, parseSheetNumber } from "./numbers";
import { ozFromCell } from "./oz";

/** Dotted or underlined blanks in a text are gaps for the bidder to fill. */
const BLANK = /[._]{5,}|…{2,}/g;
const BIDDER_GAP = "[Bieterangabe: …]";
/** Sum, carry and tax rows of a printed LV. */
const SUM_ROW =
  /^(?:(?:zwischen|titel|gesamt|end|los|lv|angebots|netto|brutto)?summe|übertrag|uebertrag|gesamtbetrag|gesamt\b|netto\b|brutto\b|mwst|ust\b|umsatzsteuer|zzgl\b|abzgl\b|nachlass)/i;
/** A sum row that states the net total of the whole LV. */
const STATED_TOTAL =
  /^(?:gesamtsumme|angebotssumme|endsumme|lvsumme|nettosumme|gesamtbetrag|summe\s+(?:lv|leistungsverzeichnis|gesamt|netto|angebot))/i;
const NOT_NET = /brutto|mwst|\bust\b|umsatzsteuer|inkl/i;
const LUMP_SUM = /^(?:psch|pausch|pauschal)\.?$/i;
const LOT = /^los\b/i;
/** Row warnings listed one by one; more are summed up in one line. */
const MAX_ROW_WARNINGS = 30;

export type RowKind = "item" | "heading" | "text" | "sum" | "other";

/** The mapped cells of one row. */
export interface RowView {
  /** 1-based row number as Excel shows it. */
  row: number;
  /** Cleaned OZ, "" when the OZ cell holds no ordinal number. */
  oz: string;
  ozNumberWithoutFormat: boolean;
  /** The OZ cell as displayed. */
  ozText: string;
  shortText: string;
  longText: string;
  qty: SheetCell;
  unit: string;
  unitPrice: SheetCell;
  total: SheetCell;
}

const filled = (cell: SheetCell) => cell.text !== "" && !isBlankMark(cell.text);

export function viewRow(row: SheetRow, columns: ColumnMapping["columns"]): RowView {
  const ozCell = cellAt(row, columns.oz);
  const { oz, numberWithoutFormat } = ozFromCell(ozCell);
  const other = (column: number | null | undefined) => (column === columns.oz ? EMPTY_CELL : cellAt(row, column));
  return {
    row: row.index + 1,
    oz,
    ozNumberWithoutFormat: numberWithoutFormat,
    ozText: ozCell.text,
    shortText: other(columns.shortText).text,
    longText: columns.longText === columns.shortText ? "" : other(columns.longText).text,
    qty: other(columns.qty),
    unit: other(columns.unit).text.split("\n")[0],
    unitPrice: other(columns.unitPrice),
    total: other(columns.total),
  };
}

/** What a row is; a "heading" becomes a title, lot or (without items below it) an item later. */
export function classifyRow(view: RowView): RowKind {
  const hasQty = filled(view.qty);
  const hasUnit = view.unit !== "" && !isBlankMark(view.unit);
  const text = view.shortText || view.longText;
  const label = view.shortText || view.ozText || view.longText;
  if (!hasQty && !hasUnit && SUM_ROW.test(label)) return "sum";
  if (view.oz) {
    // A unit price makes an item; a title may carry its subtotal in the GP column.
    if (hasQty || hasUnit || filled(view.unitPrice)) return "item";
    if (text) return "heading";
    return filled(view.total) ? "item" : "other";
  }
  // A quantity without OZ is an item whose OZ is missing, not a line of long text.
  return text && !hasQty && !hasUnit ? "text" : "other";
}

/** Row warnings in row order, the first MAX_ROW_WARNINGS of them one by one. */
class RowNotes {
  private readonly notes: { row: number; text: string }[] = [];
  private total = 0;

  add(row: number, text: string): void {
    this.total++;
    // More are never shown; keeping a few beyond the cap lets sorting put early rows first.
    if (this.notes.length < MAX_ROW_WARNINGS * 100) this.notes.push({ row, text });
  }

  list(): string[] {
    const shown = this.notes
      .sort((a, b) => a.row - b.row)
      .slice(0, MAX_ROW_WARNINGS)
      .map((n) => `Zeile ${n.row}: ${n.text}`);
    const more = this.total - shown.length;
    return more > 0 ? [...shown, `… und ${more.toLocaleString("de-DE")} weitere Hinweise zu einzelnen Zeilen.`] : shown;
  }
}

/** "Zeile 5" or "Zeilen 5, 7, 9 …" */
const rowList = (rows: number[]) =>
  rows.length === 1 ? `Zeile ${rows[0]}` : `Zeilen ${rows.slice(0, 5).join(", ")}${rows.length > 5 ? " …" : ""}`;

function replaceBlanks(text: string): { text: string; gaps: number } {
  let gaps = 0;
  const replaced = text.replace(BLANK, () => {
    gaps++;
    return BIDDER_GAP;
  });
  return { text: replaced, gaps };
}

export interface SheetPositions {
  positions: BoqNode[];
  warnings: string[];
  /** The net total a "Gesamtsumme" row states, if any. */
  statedTotal: number | null;
}

export function rowsToPositions(grid: SheetGrid, mapping: ColumnMapping, limits: ReadLimits): SheetPositions {
  const columns = mapping.columns;
  const start = mapping.headerRow === null ? 0 : mapping.headerRow + 1;
  const header = mapping.headerRow === null ? undefined : grid.rows.find((r) => r.index === mapping.headerRow);
  const dataRows = grid.rows.filter((r) => r.index >= start);

  // Numbers typed as text: their own column decides German or English decimals.
  const numberTexts: string[] = [];
  for (const row of dataRows) {
    for (const column of [columns.qty, columns.unitPrice, columns.total]) {
      const cell = cellAt(row, column);
      if (cell.num === undefined && cell.text) numberTexts.push(cell.text);
    }
  }
  const decimalComma = detectDecimalComma(numberTexts, grid.decimalComma);

  const notes = new RowNotes();
  const readNumber = (cell: SheetCell, label: string, row: number): number | null => {
    if (cell.num !== undefined) return cell.num;
    if (!filled(cell)) return null;
    const n = parseSheetNumber(cell.text, decimalComma);
    if (n === null) notes.add(row, `${label} „${cell.text.replace(/\n/g, " ")}“ nicht lesbar`);
    return n;
  };

  // Formulas in quantity and price cells whose result the file does not hold (never recalculated).
  const formulaRows: number[] = [];
  const nodes: BoqNode[] = [];
  const rowOf = new Map<BoqNode, number>();
  const longLines = new Map<BoqNode, string[]>();
  const numericOzRows: number[] = [];
  let current: BoqNode | null = null;
  let statedTotal: number | null = null;

  const repeatsHeader = headerRepeatTest(header, mapping);
  for (const row of dataRows) {
    const view = viewRow(row, columns);
    // A header repeated on a later page has no OZ in the OZ column.
    if (!view.oz && repeatsHeader(row)) continue;
    const kind = classifyRow(view);
    if (kind === "sum") {
      current = null;
      const label = view.shortText || view.ozText;
      if (statedTotal === null && STATED_TOTAL.test(label) && !NOT_NET.test(label))
        statedTotal = readNumber(view.total, "Gesamtsumme", view.row);
    } else if (kind === "item" || kind === "heading") {
      const [firstLine = "", ...moreLines] = view.shortText.split("\n");
      const node = newNode(kind === "item" ? "item" : "title", { oz: view.oz, shortText: firstLine });
      const lines = [...moreLines, ...(view.longText ? view.longText.split("\n") : [])];
      if (kind === "item") {
        node.qty = readNumber(view.qty, "Menge", view.row);
        node.unit = view.unit;
        if (!node.unit && LUMP_SUM.test(view.qty.text)) {
          node.unit = view.qty.text;
          node.qty = 1;
        } else if (node.qty === null && !filled(view.qty) && LUMP_SUM.test(node.unit)) {
          node.qty = 1;
        }
        node.unitPrice = readNumber(view.unitPrice, "Einheitspreis", view.row);
        node.total = readNumber(view.total, "Gesamtpreis", view.row);
        if ([view.qty, view.unitPrice, view.total].some((c) => c.formulaWithoutResult)) formulaRows.push(view.row);
      } else {
        // A title's subtotal is computed later; kept for a heading that turns out to be an item.
        node.total = readNumber(view.total, "Gesamtpreis", view.row);
      }
      if (view.ozNumberWithoutFormat) numericOzRows.push(view.row);
      nodes.push(node);
      rowOf.set(node, view.row);
      longLines.set(node, lines);
      current = node;
      if (nodes.length > limits.maxPositions) {
        throw new GaebError(
          "too_large",
          `more than ${limits.maxPositions} positions`,
          `mehr als ${limits.maxPositions.toLocaleString("de-DE")} Positionen`,
        );
      }
    } else if (kind === "text") {
      if (current) {
        const own = longLines.get(current)!;
        for (const text of [view.shortText, view.longText]) if (text) own.push(...text.split("\n"));
      }
    } else if (!view.oz && (filled(view.qty) || view.unit)) {
      notes.add(view.row, `Menge ohne lesbare Ordnungszahl${view.ozText ? ` („${view.ozText}“)` : ""} – Zeile nicht übernommen`);
    }
  }

  // Texts: blanks become bidder gaps.
  for (const node of nodes) {
    const short = replaceBlanks(node.shortText);
    const long = replaceBlanks(longLines.get(node)!.join("\n"));
    node.shortText = short.text;
    node.longText = long.text;
    node.bidderGaps = short.gaps + long.gaps;
  }

  // A heading is a title when items are numbered below it or its OZ is shorter than the items';
  // otherwise it is an item without quantity and unit.
  const items = nodes.filter((n) => n.kind === "item");
  const prefixes = new Set<string>();
  const segmentCounts = new Map<number, number>();
  for (const item of items) {
    const segments = item.oz.split(".");
    for (let n = 1; n < segments.length; n++) prefixes.add(segments.slice(0, n).join("."));
    segmentCounts.set(segments.length, (segmentCounts.get(segments.length) ?? 0) + 1);
  }
  const itemSegments = [...segmentCounts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  for (const node of nodes) {
    if (node.kind !== "title") continue;
    if (prefixes.has(node.oz) || node.oz.split(".").length < itemSegments) {
      if (LOT.test(node.shortText)) node.kind = "lot";
    } else {
      node.kind = "item";
      notes.add(rowOf.get(node)!, `Position ${node.oz} ohne Menge und Einheit`);
    }
  }
  for (const node of nodes) if (node.kind === "item") flagsFromText(node);
  assignParents(nodes);

  const warnings = notes.list();
  if (formulaRows.length > 0) {
    warnings.push(
      `Formeln ohne gespeichertes Ergebnis in Menge oder Preis (${rowList(formulaRows)}) wurden als leer gelesen. Öffnen und speichern Sie die Datei in Excel, damit die Ergebnisse mitgespeichert werden.`,
    );
  }
  if (numericOzRows.length > 0) {
    warnings.push(
      `Ordnungszahlen sind in Excel als Zahl gespeichert (${rowList(numericOzRows)}); führende oder abschließende Nullen (etwa „01.0010“ als 1,001) können fehlen. Bitte prüfen Sie die Ordnungszahlen oder formatieren Sie die Spalte in Excel als Text.`,
    );
  }
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const node of nodes) {
    if (seen.has(node.oz)) duplicates.add(node.oz);
    seen.add(node.oz);
  }
  if (duplicates.size) warnings.push(`Folgende Ordnungszahlen kommen mehrfach vor: ${[...duplicates].slice(0, 10).join(", ")}.`);
  return { positions: nodes, warnings, statedTotal };
}
