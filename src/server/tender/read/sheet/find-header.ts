// The header row of a tabular LV: among the first rows, the one whose cells name the most LV
// fields (OZ, Kurztext, Menge …) by German names and their synonyms, compared without case,
// umlauts, punctuation, bracketed additions ("(EUR)") and suffixes like "netto" or "EUR".

import type { ColumnMapping, MappedField } from "../../../../common/schemas/boq";
import { fold } from "../../text";
import type { SheetGrid, SheetRow } from "./grid";

/** Header rows are looked for among this many non-empty rows at the top of a sheet. */
export const HEADER_SEARCH_ROWS = 30;
/** Header cells are short; a longer cell is content. */
const MAX_HEADER_CELL = 40;

const SYNONYMS: Record<MappedField, string[]> = {
  oz: ["oz", "pos", "posnr", "positionsnr", "position", "positionsnummer", "ordnungszahl", "ordnungsziffer", "nr", "lfdnr", "nummer"],
  shortText: [
    "kurztext",
    "bezeichnung",
    "leistung",
    "leistungsbeschreibung",
    "text",
    "positionstext",
    "leistungstext",
    "kurzbezeichnung",
    "kurzbeschreibung",
    "leistungsbezeichnung",
  ],
  longText: [
    "langtext",
    "beschreibung",
    "ausfuehrlichebeschreibung",
    "ausfuehrlichertext",
    "langbeschreibung",
    "positionslangtext",
    "langtextbeschreibung",
  ],
  qty: ["menge", "vordersatz", "anzahl", "lvmenge", "mengelv", "ausschreibungsmenge", "mengen", "vordersaetze"],
  unit: ["me", "einheit", "mengeneinheit", "dim", "dimension", "einh", "mengeneinh", "masseinheit"],
  unitPrice: ["ep", "einheitspreis", "preisjeeinheit", "einzelpreis", "epreis", "preisjeme", "preisme", "eppreis"],
  total: ["gp", "gesamtpreis", "gesamtbetrag", "betrag", "gesamt", "gpreis", "positionspreis", "gesamtpreisposition"],
};

const FIELD_BY_NAME = new Map<string, MappedField>(
  (Object.entries(SYNONYMS) as [MappedField, string[]][]).flatMap(([field, names]) => names.map((n) => [n, field] as const)),
);

/** Additions that do not change what a column holds: "EP netto", "Gesamtpreis EUR", "Menge in ME". */
const NOISE_SUFFIX = /(?:in)?(?:eur|euro|netto|brutto|inme)$/;

/** Lower case, umlauts folded, bracketed parts and all but letters and digits removed. */
export function normaliseHeader(text: string): string {
  return fold(text)
    .replace(/\([^)]*\)|\[[^\]]*\]/g, "")
    .replace(/[^a-z0-9]+/g, "");
}

/** The LV field a header cell names, or null. */
export function headerField(text: string): MappedField | null {
  if (!text || text.length > MAX_HEADER_CELL) return null;
  // "Menge\n(ME)": a header over two lines names its field in the first.
  for (const candidate of [text, text.split("\n")[0]]) {
    const name = normaliseHeader(candidate);
    if (!name) continue;
    const field = FIELD_BY_NAME.get(name) ?? FIELD_BY_NAME.get(name.replace(NOISE_SUFFIX, ""));
    if (field) return field;
  }
  return null;
}

export interface HeaderMatch {
  mapping: ColumnMapping;
  /** Number of fields the header row names. */
  score: number;
}

/** The fields one row names, each at its first column; null unless it names an OZ column, a
 *  text column and at least one more field. */
export function headerFromRow(row: SheetRow): HeaderMatch | null {
  const found = new Map<MappedField, number>();
  row.cells.forEach((cell, column) => {
    const field = headerField(cell.text);
    if (field && !found.has(field)) found.set(field, column);
  });
  const oz = found.get("oz");
  let shortText = found.get("shortText");
  let longText = found.get("longText");
  // A single text column called "Beschreibung" is the text column.
  if (shortText === undefined && longText !== undefined) {
    shortText = longText;
    longText = undefined;
  }
  if (oz === undefined || shortText === undefined || found.size < 3) return null;
  const columns: ColumnMapping["columns"] = {
    oz,
    shortText,
    longText: longText ?? null,
    qty: found.get("qty") ?? null,
    unit: found.get("unit") ?? null,
    unitPrice: found.get("unitPrice") ?? null,
    total: found.get("total") ?? null,
  };
  return { mapping: { headerRow: row.index, columns }, score: found.size };
}

/** The header row among the first rows of the sheet: the one naming the most fields, the first of
 *  equals (print layouts repeat the header on every page). */
export function findHeader(grid: SheetGrid): HeaderMatch | null {
  let best: HeaderMatch | null = null;
  for (const row of grid.rows.slice(0, HEADER_SEARCH_ROWS)) {
    const match = headerFromRow(row);
    if (match && (!best || match.score > best.score)) best = match;
  }
  return best;
}

/** Recognises data rows that repeat the header (a header printed again on each page): at least
 *  two mapped cells equal to the header's, compared like header names. */
export function headerRepeatTest(header: SheetRow | undefined, mapping: ColumnMapping): (row: SheetRow) => boolean {
  if (!header) return () => false;
  const expected: [number, string][] = [];
  for (const column of new Set(Object.values(mapping.columns))) {
    if (column === null || column === undefined) continue;
    const name = normaliseHeader(header.cells[column]?.text ?? "");
    if (name) expected.push([column, name]);
  }
  return (row) => {
    let same = 0;
    for (const [column, name] of expected) {
      const text = row.cells[column]?.text;
      if (text && text.length <= MAX_HEADER_CELL && normaliseHeader(text) === name) same++;
    }
    return same >= 2;
  };
}
