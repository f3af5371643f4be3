// Reads positions from the rows of a printed LV, the way a person reads an AVA print: a block
// starts at an OZ in the OZ column and runs to the next OZ (across page breaks); it is an item if a
// quantity and unit (or "psch") stand in their columns on one of its rows – the OZ row, or the row
// where its text ends – and a title or lot if it has none and items are numbered below it. Nothing
// else becomes a position; what cannot be read is reported per page.

import type { BoqNode } from "../../types";
import { newNode } from "../../types";
import { assignParents, flagsFromText } from "../hierarchy";
import { readRow, type ColumnLayout, type Row } from "./columns";
import { wordsText, type Line } from "./model";
import { joinParagraphs, markBidderGaps, typicalPitch, type TextLine } from "./paragraphs";
import { isDottedOz, isOz, LUMP_SUM_UNIT, normaliseOz, parseGermanNumber } from "./patterns";

export interface PageLines {
  number: number;
  lines: Line[];
  /** The page's column layout; null if none could be made out (its lines are not read as items). */
  layout: ColumnLayout | null;
}

export interface Recognised {
  positions: BoqNode[];
  /** Text before the first position (Vorbemerkungen). */
  preamble: string;
  /** German, per page. */
  warnings: string[];
}

/** "Titel 02 Erdarbeiten", "Los 1: Rohbau", "Abschnitt 3.1 – Dach". */
const HEADING =
  /^(titel|los|abschnitt|unterabschnitt|hauptabschnitt|gewerk|bauteil)\s+(\d{1,4}(?:\.[0-9A-Za-z]{1,4}){0,5}\.?)\s*[:–-]?\s+(\S.*)$/i;
/** Lines that close a block and are no position: subtotals, carry-overs, the summary. */
const SUM =
  /^(?:(?:summe|zwischensumme|gesamtsumme)\s+(?:titel|los|abschnitt|lv|leistungsverzeichnis|netto|brutto|\d)|übertrag\b|zusammenstellung$|zusammenfassung$|gesamtzusammenstellung$|angebotssumme\b|summe$)/i;

const HEADING_WORD = /^(titel|los|abschnitt|unterabschnitt|hauptabschnitt|gewerk|bauteil)$/i;
const SUM_WORD = /^(summe|zwischensumme|gesamtsumme|übertrag|zusammenstellung|zusammenfassung|gesamtzusammenstellung|angebotssumme)/i;

/** A subtotal, carry-over or summary line (in the description column, or across the page). */
function isSumLine(row: Row): boolean {
  if (row.text.length && SUM_WORD.test(row.text[0].text) && SUM.test(wordsText(row.text))) return true;
  const words = row.line.words;
  return row.oz === null && SUM_WORD.test(words[0].text) && SUM.test(wordsText(words));
}

interface Block {
  oz: string;
  page: number;
  /** Index of its first line in reading order. */
  seq: number;
  first: Line;
  rows: Row[];
  layout: ColumnLayout;
  /** From a "Titel 02 …"/"Los 1 …" line: its kind and text. */
  heading: { kind: "title" | "lot"; text: string } | null;
}

const bold = (line: TextLine) => {
  let all = 0;
  let heavy = 0;
  for (const w of line.words) {
    all += w.text.length;
    if (w.bold) heavy += w.text.length;
  }
  return all > 0 && heavy / all >= 0.5;
};

const textLines = (rows: Row[]): TextLine[] =>
  rows.filter((r) => r.text.length).map((r) => ({ words: r.text, page: r.line.page, y: r.line.y, size: r.line.size }));

/** Short text (bold lines or the first paragraph) and long text (the rest) of a block. */
function splitTexts(lines: TextLine[], layout: ColumnLayout, pitch: number): { short: string; long: string; gaps: number } {
  let short: string;
  let longParagraphs: string[];
  const firstRegular = lines.findIndex((l) => !bold(l));
  if (firstRegular > 0) {
    // The short text is set in bold, the long text not.
    // One paragraph: no word "fits" at -Infinity, so every line continues the one before.
    short = joinParagraphs(lines.slice(0, firstRegular), -Infinity, 0).join(" ");
    longParagraphs = joinParagraphs(lines.slice(firstRegular), layout.wrapRight, pitch);
  } else {
    const paragraphs = joinParagraphs(lines, layout.wrapRight, pitch);
    short = paragraphs[0] ?? "";
    longParagraphs = paragraphs.slice(1);
  }
  const long = longParagraphs.map((p) => markBidderGaps(p));
  return { short: stripLeaders(short), long: long.map((p) => p.text).join("\n"), gaps: long.reduce((n, p) => n + p.gaps, 0) };
}

/** Dot leaders after a short text ("Boden lösen ........") are layout, not a bidder gap. */
const stripLeaders = (s: string) => s.replace(/[\s._·…]+$/, "");

/** "01.0010" → "2.4": the lengths of an OZ's parts. */
const ozShape = (oz: string) =>
  oz
    .split(".")
    .map((p) => p.length)
    .join(".");

const quote = (s: string) => (s.length > 40 ? `„${s.slice(0, 40)}…“` : `„${s}“`);

export function recognisePositions(pages: PageLines[]): Recognised {
  const blocks: Block[] = [];
  const loose: { seq: number; line: Line }[] = [];
  let current: Block | null = null;
  let seq = 0;
  const allText: TextLine[] = [];

  for (const page of pages) {
    for (const line of page.lines) {
      seq++;
      const { layout } = page;
      if (!layout) {
        loose.push({ seq, line });
        current = null;
        continue;
      }
      const heading = HEADING_WORD.test(line.words[0].text) ? HEADING.exec(wordsText(line.words)) : null;
      if (heading && isOz(heading[2])) {
        const kind = /^los$/i.test(heading[1]) ? "lot" : "title";
        current = {
          oz: normaliseOz(heading[2]),
          page: page.number,
          seq,
          first: line,
          rows: [],
          layout,
          heading: { kind, text: heading[3] },
        };
        blocks.push(current);
        continue;
      }
      const row = readRow(line, layout);
      if (row.text.length) allText.push({ words: row.text, page: line.page, y: line.y, size: line.size });
      if (isSumLine(row)) {
        current = null;
        loose.push({ seq, line });
        continue;
      }
      if (row.oz) {
        current = { oz: normaliseOz(row.oz), page: page.number, seq, first: line, rows: [row], layout, heading: null };
        blocks.push(current);
      } else if (current) current.rows.push(row);
      else loose.push({ seq, line });
    }
  }
  const pitch = typicalPitch(allText);

  // Items: blocks with quantity and unit (or a lump sum) in their columns.
  const itemOf = new Map<Block, BoqNode>();
  const warnings: string[] = [];
  for (const block of blocks) {
    if (block.heading) continue;
    const valueRow = block.rows.find((r) => r.qty !== null || r.unit !== null);
    if (!valueRow) continue;
    const qty = valueRow.qty === null ? null : parseGermanNumber(valueRow.qty);
    const unit = valueRow.unit ?? "";
    const lumpSum = LUMP_SUM_UNIT.test(unit);
    if (!unit || (qty === null && !lumpSum)) {
      if (isDottedOz(block.oz))
        warnings.push(
          `Seite ${valueRow.line.page}: Bei OZ ${block.oz} ${unit ? "fehlt die Menge" : "fehlt die Einheit"}; die Zeile wurde nicht als Position übernommen.`,
        );
      continue;
    }
    const texts = splitTexts(textLines(block.rows), block.layout, pitch);
    const priceRow =
      valueRow.unitPrice !== null || valueRow.total !== null ? valueRow : block.rows.find((r) => r.unitPrice !== null || r.total !== null);
    const item = newNode("item", {
      oz: block.oz,
      shortText: texts.short,
      longText: texts.long,
      bidderGaps: texts.gaps,
      qty,
      unit,
      unitPrice: priceRow?.unitPrice ? parseGermanNumber(priceRow.unitPrice) : null,
      total: priceRow?.total ? parseGermanNumber(priceRow.total) : null,
    });
    flagsFromText(item);
    itemOf.set(block, item);
  }

  // Titles and lots: blocks without values that have items numbered below them.
  const itemOzs = new Set([...itemOf.values()].map((i) => i.oz));
  // Every OZ prefix of an item ("01", "01.02" for "01.02.0010"): the categories items are below.
  const itemPrefixes = new Set<string>();
  for (const oz of itemOzs) {
    const parts = oz.split(".");
    for (let n = 1; n < parts.length; n++) itemPrefixes.add(parts.slice(0, n).join("."));
  }
  const nodes: { block: Block; node: BoqNode }[] = [];
  const categories = new Set<string>();
  let firstItemSeq = Infinity;
  for (const block of itemOf.keys()) firstItemSeq = Math.min(firstItemSeq, block.seq);
  // Before the first item, only an OZ numbered like the items is a missed item (not "1.1 Allgemeines").
  const itemShapes = new Set([...itemOzs].map(ozShape));
  for (const block of blocks) {
    const item = itemOf.get(block);
    if (item) {
      nodes.push({ block, node: item });
      continue;
    }
    if (block.rows.some((r) => r.qty !== null || r.unit !== null)) continue; // reported above
    if (itemPrefixes.has(block.oz)) {
      // A category is listed once; the summary at the end repeats it.
      if (categories.has(block.oz)) continue;
      categories.add(block.oz);
      const texts = splitTexts(textLines(block.rows), block.layout, pitch);
      const text = block.heading?.text ?? texts.short;
      const kind = block.heading?.kind ?? (/^los\b/i.test(text) ? "lot" : "title");
      const longText = block.heading ? joinParagraphs(textLines(block.rows), block.layout.wrapRight, pitch).join("\n") : texts.long;
      nodes.push({ block, node: newNode(kind, { oz: block.oz, shortText: stripLeaders(text), longText }) });
    } else if ((block.seq > firstItemSeq || itemShapes.has(ozShape(block.oz))) && !categories.has(block.oz) && !itemOzs.has(block.oz)) {
      const text = wordsText(block.rows.flatMap((r) => r.text));
      warnings.push(
        `Seite ${block.page}: Bei OZ ${block.oz}${text ? ` ${quote(text)}` : ""} wurden keine Menge und Einheit gefunden; sie wurde nicht als Position übernommen.`,
      );
    }
  }

  // Preamble: whatever stands before the first position.
  const firstSeq = nodes.length ? nodes[0].block.seq : Infinity;
  const before: { seq: number; line: Line }[] = loose.filter((l) => l.seq < firstSeq);
  for (const block of blocks) {
    if (block.seq >= firstSeq) continue;
    // Its lines are consecutive from its first one (a heading line is no row).
    const lines = block.heading ? [block.first, ...block.rows.map((r) => r.line)] : block.rows.map((r) => r.line);
    lines.forEach((line, i) => before.push({ seq: block.seq + i, line }));
  }
  before.sort((a, b) => a.seq - b.seq);
  const preambleLines: TextLine[] = before.map(({ line }) => ({ words: line.words, page: line.page, y: line.y, size: line.size }));
  const preambleRight = Math.max(0, ...preambleLines.map((l) => l.words[l.words.length - 1].x1));
  const preamble = joinParagraphs(preambleLines, preambleRight, typicalPitch(preambleLines)).join("\n");

  return { positions: assignParents(nodes.map((n) => n.node)), preamble, warnings };
}
