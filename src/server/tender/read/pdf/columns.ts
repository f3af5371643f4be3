// The columns of a printed LV: OZ | (keyword) | description | quantity | unit | unit price | total.
// Found from the header row where there is one ("OZ", "Menge", "ME", "EP", "GP" …) and from the
// x-positions across the pages: OZ numbers start at one x, description lines at another, and the
// numbers of a right-aligned column end at one x. A row's words are then sorted into the columns;
// only a number in the quantity column is a quantity, never one inside the description.

import type { Line, Word } from "./model";
import { isBlank, isDottedOz, isNumber, isOz, isUnit, LUMP_SUM_UNIT } from "./patterns";

export type ValueKind = "qty" | "unit" | "unitPrice" | "total";
type LabelKind = "oz" | "text" | "keyword" | ValueKind;

export interface HeaderLabel {
  kind: LabelKind;
  x0: number;
  x1: number;
}

export interface ValueColumn {
  kind: ValueKind;
  /** Numbers: the right edge they are aligned to; the unit: the left edge. */
  anchor: number;
  /** Leftmost start of a value seen in the column. */
  left: number;
}

export interface ColumnLayout {
  /** Left edge of the OZ column. */
  ozLeft: number;
  /** Left edge of the description column. */
  textLeft: number;
  /** A word that ends right of this stands in a quantity/unit/price column. */
  textRight: number;
  /** Right end of the longest description line: where the printer wrapped the text. */
  wrapRight: number;
  /** Value columns, left to right. */
  columns: ValueColumn[];
  /** Extents of columns between the OZ and the description ("Stichwort") whose words are skipped. */
  skip: { x0: number; x1: number }[];
  /** Typical font size. */
  em: number;
}

// ------------------------------------------------------------------------------------------------
// Header row

const LABELS: [LabelKind, RegExp][] = [
  ["oz", /^(oz|pos\.?|position|pos\.-?nr\.?|positionsnummer|ordnungszahl|ord\.-?nr\.?|lfd\.?|nr\.?)$/i],
  ["text", /^(leistungsbeschreibung|beschreibung|bezeichnung|kurztext|langtext|text|leistung|leistungstext|gegenstand)$/i],
  ["keyword", /^(stichwort|stichw\.?|schlagwort)$/i],
  ["qty", /^(menge|mengen|anzahl|vordersatz|lv-menge)$/i],
  ["unit", /^(me|einheit|einh\.?|mengeneinheit|dim\.?)$/i],
  ["unitPrice", /^(ep|einheitspreis|e-preis|einzelpreis|preis\/einheit)$/i],
  ["total", /^(gp|gesamtpreis|gesamtbetrag|g-preis|gesamt|betrag|positionspreis)$/i],
];
/** A header row names the quantity or the unit column. */
const QUANTITY_LABEL = /^(menge|mengen|anzahl|vordersatz|lv-menge|me|einheit|einh\.?|mengeneinheit|dim\.?)[:.]?$/i;
/** Words that may stand in a header row besides the labels ("EP in EUR", "GP [€]"). */
const NEUTRAL = /^(€|eur|\[eur\]|\(eur\)|\[€\]|\(€\)|in|netto|je|\/|-|\||zzgl\.?|mwst\.?)$/i;

/** The labels of a header row ("OZ Leistungsbeschreibung Menge ME EP GP"), or null. */
export function readHeaderRow(line: Line): HeaderLabel[] | null {
  if (line.words.length < 3 || line.words.length > 16 || !line.words.some((w) => QUANTITY_LABEL.test(w.text))) return null;
  const labels: HeaderLabel[] = [];
  let neutral = 0;
  for (const word of line.words) {
    const text = word.text.replace(/[:.]$/, "") || word.text;
    const kind = LABELS.find(([, re]) => re.test(text) || re.test(word.text))?.[0];
    if (kind && !labels.some((l) => l.kind === kind)) labels.push({ kind, x0: word.x0, x1: word.x1 });
    else if (NEUTRAL.test(word.text)) neutral++;
  }
  const hasQty = labels.some((l) => l.kind === "qty" || l.kind === "unit");
  if (!hasQty || labels.length < 3 || labels.length + neutral < line.words.length * 0.8) return null;
  return labels;
}

// ------------------------------------------------------------------------------------------------
// Geometry from the rows

/** Values within `tolerance` of each other, as clusters sorted by their mean. */
function cluster(values: number[], tolerance: number): { mean: number; count: number; min: number; max: number }[] {
  const sorted = [...values].sort((a, b) => a - b);
  const clusters: { mean: number; count: number; min: number; max: number; sum: number }[] = [];
  for (const v of sorted) {
    const last = clusters[clusters.length - 1];
    if (last && v - last.max <= tolerance) {
      last.count++;
      last.sum += v;
      last.max = v;
      last.mean = last.sum / last.count;
    } else clusters.push({ mean: v, count: 1, min: v, max: v, sum: v });
  }
  return clusters;
}

/** The most frequent value (within `tolerance`), if it occurs at least `min` times. */
function mode(values: number[], tolerance: number, min = 2): number | null {
  let best: { mean: number; count: number } | null = null;
  for (const c of cluster(values, tolerance)) if (c.count >= min && (!best || c.count > best.count)) best = c;
  return best ? best.mean : null;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
};

/** A run of number/unit/blank words at the end of a line, set off from the text before it. */
interface Tail {
  line: Line;
  words: Word[];
}

/** The line's trailing value words: after a gap of at least `gap` from the text (or the OZ). */
function lineTail(line: Line, gap: number, textLeft: number): Word[] {
  const words = line.words;
  let start = words.length;
  while (start > 0) {
    const w = words[start - 1].text;
    if (!(isNumber(w) || isBlank(w) || isUnit(w) || LUMP_SUM_UNIT.test(w))) break;
    start--;
  }
  // Only a gap makes a column: "Dicke 24" at the end of a text line is no quantity.
  while (start < words.length) {
    const prev = words[start - 1];
    const first = words[start];
    if (
      (prev ? first.x0 - prev.x1 >= gap : first.x0 > textLeft + 4 * gap) &&
      (isNumber(first.text) || isBlank(first.text) || LUMP_SUM_UNIT.test(first.text))
    )
      break;
    start++;
  }
  return words.slice(start);
}

/**
 * The column layout of a group of pages of the same format, from their lines (page furniture and
 * header rows removed) and the header row's labels if there is one; null if no quantity column
 * can be made out (then no item can be read).
 */
export function detectColumns(lines: Line[], header: HeaderLabel[] | null): ColumnLayout | null {
  if (lines.length === 0) return null;
  const em = median(lines.map((l) => l.size)) || 10;
  const label = (kind: LabelKind) => header?.find((l) => l.kind === kind) ?? null;

  // OZ column: where dotted ordinal numbers start lines.
  const ozLines = lines.filter((l) => l.words.length >= 2 && isDottedOz(l.words[0].text));
  let ozLeft = mode(
    ozLines.map((l) => l.words[0].x0),
    1.5,
    1,
  );
  const ozLabel = label("oz");
  if (ozLabel && (ozLeft === null || Math.abs(ozLeft - ozLabel.x0) > 3 * em)) ozLeft = ozLabel.x0;
  if (ozLeft === null) return null;
  const ozRight = ozLeft + 1.5 * em;

  // Description column: where lines that do not start with an OZ start (continuation lines),
  // else the word after the OZ.
  const textLabel = label("text");
  let textLeft =
    mode(
      lines.map((l) => l.words[0].x0).filter((x) => x > ozRight),
      1.5,
      2,
    ) ??
    mode(
      ozLines.map((l) => l.words[1].x0),
      1.5,
      1,
    );
  if (textLabel && (textLeft === null || textLeft < textLabel.x0 - 3 * em || textLeft > textLabel.x1)) textLeft = textLabel.x0;
  if (textLeft === null) return null;

  // Value columns: numbers at the end of lines, set off by a gap, aligned at their right edge.
  const gap = 0.8 * em;
  const tails: Tail[] = [];
  for (const line of lines) {
    const words = lineTail(line, gap, textLeft).filter((w) => w.x0 > textLeft);
    if (words.length) tails.push({ line, words });
  }
  const numberEnds: number[] = [];
  const unitStarts: number[] = [];
  const qtyPairs: { num: Word; unit: Word }[] = [];
  for (const { words } of tails) {
    words.forEach((w, i) => {
      if (isNumber(w.text)) {
        numberEnds.push(w.x1);
        const next = words[i + 1];
        if (next && !isNumber(next.text) && !isBlank(next.text)) {
          unitStarts.push(next.x0);
          qtyPairs.push({ num: w, unit: next });
        }
      } else if (LUMP_SUM_UNIT.test(w.text) && !isNumber(words[i - 1]?.text ?? "")) unitStarts.push(w.x0);
    });
  }
  const minCount = ozLines.length >= 4 ? Math.max(2, Math.ceil(ozLines.length * 0.15)) : 1;
  const numberColumns = cluster(numberEnds, 0.35 * em).filter((c) => c.count >= minCount);
  const columns: ValueColumn[] = [];
  const leftOf = (anchor: number) => {
    let left = anchor;
    for (const { words } of tails) for (const w of words) if (Math.abs(w.x1 - anchor) <= 2 && w.x0 < left) left = w.x0;
    return left;
  };

  const valueLabels = (header ?? []).filter((l) => l.kind === "qty" || l.kind === "unitPrice" || l.kind === "total");
  if (valueLabels.some((l) => l.kind === "qty")) {
    // Each number column belongs to the label nearest to it.
    const taken = new Map<ValueKind, { anchor: number; count: number }>();
    for (const c of numberColumns) {
      const left = leftOf(c.mean);
      let best: HeaderLabel | null = null;
      let bestDistance = Infinity;
      for (const l of valueLabels) {
        const distance = Math.max(0, l.x0 - c.mean, left - l.x1);
        if (distance < bestDistance) {
          best = l;
          bestDistance = distance;
        }
      }
      if (!best || bestDistance > 4 * em) continue;
      const kind = best.kind as ValueKind;
      const before = taken.get(kind);
      if (!before || before.count < c.count) taken.set(kind, { anchor: c.mean, count: c.count });
    }
    for (const l of valueLabels) {
      const kind = l.kind as ValueKind;
      const anchor = taken.get(kind)?.anchor ?? l.x1;
      columns.push({ kind, anchor, left: Math.min(leftOf(anchor), l.x0) });
    }
  } else {
    // Without a header: quantities are the numbers followed by a unit, aligned at their own right
    // edge (the unit in a column of its own) or at the unit's (one cell "850,000 m2"); the number
    // columns right of them hold unit price and total.
    const biggest = (values: number[]) =>
      cluster(values, 0.35 * em)
        .filter((c) => c.count >= minCount)
        .sort((a, b) => b.count - a.count)[0];
    let qty: ValueColumn | null = null;
    const byNumber = biggest(qtyPairs.map((p) => p.num.x1));
    const byUnit = biggest(qtyPairs.map((p) => p.unit.x1));
    const unitColumn = biggest(qtyPairs.map((p) => p.unit.x0));
    const combined = byUnit && byUnit.count > (byNumber?.count ?? 0) && byUnit.count > (unitColumn?.count ?? 0);
    if (combined) {
      let left = byUnit.mean;
      for (const p of qtyPairs) if (Math.abs(p.unit.x1 - byUnit.mean) <= 0.35 * em) left = Math.min(left, p.num.x0);
      qty = { kind: "qty", anchor: byUnit.mean, left };
    } else if (byNumber) qty = { kind: "qty", anchor: byNumber.mean, left: leftOf(byNumber.mean) };
    else if (numberColumns.length) qty = { kind: "qty", anchor: numberColumns[0].mean, left: leftOf(numberColumns[0].mean) };
    if (qty) {
      columns.push(qty);
      const anchor = qty.anchor;
      const right = numberColumns.filter((c) => c.mean > anchor + em);
      const kinds: ValueKind[] = right.length >= 2 ? ["unitPrice", "total"] : ["total"];
      right.slice(-kinds.length).forEach((c, i) => columns.push({ kind: kinds[i], anchor: c.mean, left: leftOf(c.mean) }));
    }
  }
  if (!columns.some((c) => c.kind === "qty")) return null;

  const unitLabel = label("unit");
  const unitAnchor = mode(unitStarts, 3, 1) ?? unitLabel?.x0 ?? null;
  if (unitAnchor !== null) columns.push({ kind: "unit", anchor: unitAnchor, left: unitAnchor });
  columns.sort((a, b) => a.left - b.left);

  const textRight = Math.min(...columns.map((c) => c.left)) - 0.5;
  const skip = (header ?? []).filter((l) => l.kind === "keyword").map((l) => ({ x0: l.x0 - 0.5 * em, x1: textLeft - 0.5 }));

  // Where the printer wrapped the description: the right end of its longest line.
  let wrapRight = 0;
  for (const line of lines) {
    const words = line.words.filter((w) => w.x0 >= textLeft - 1 && w.x1 <= textRight);
    if (words.length && Math.abs(words[0].x0 - textLeft) <= 1.5) wrapRight = Math.max(wrapRight, words[words.length - 1].x1);
  }
  return { ozLeft, textLeft, textRight, wrapRight: wrapRight || textRight, columns, skip, em };
}

// ------------------------------------------------------------------------------------------------
// Rows

/** A line sorted into the columns. */
export interface Row {
  line: Line;
  /** The OZ in the OZ column (as printed, e.g. "01.0010."). */
  oz: string | null;
  /** The words of the description column. */
  text: Word[];
  qty: string | null;
  unit: string | null;
  unitPrice: string | null;
  total: string | null;
}

/** Sorts a line's words into the columns of `layout`. */
export function readRow(line: Line, layout: ColumnLayout): Row {
  const row: Row = { line, oz: null, text: [], qty: null, unit: null, unitPrice: null, total: null };
  const { em } = layout;
  const numeric = layout.columns.filter((c) => c.kind !== "unit");
  const unitColumn = layout.columns.find((c) => c.kind === "unit") ?? null;
  let lastValue: ValueKind | null = null;
  line.words.forEach((word, i) => {
    const { text } = word;
    const prev = line.words[i - 1];
    const prevIsValue = lastValue !== null && prev !== undefined && row[lastValue] === prev.text;
    if (i === 0 && word.x0 >= layout.ozLeft - em && word.x0 < layout.textLeft - 0.5 * em && isOz(text)) {
      row.oz = text;
      return;
    }
    if (layout.skip.some((s) => word.x0 >= s.x0 && word.x1 <= s.x1)) return;
    if (word.x1 <= layout.textRight + 0.5) {
      // Left of the description on a row with an OZ: another column (e.g. a keyword).
      if (row.oz && word.x1 < layout.textLeft - 0.25 * em) return;
      row.text.push(word);
      return;
    }
    // A word that follows the description at a word's distance continues it: a line that runs
    // across the columns (a preamble paragraph) has no values.
    if (prev && !prevIsValue && row.oz !== prev.text && word.x0 - prev.x1 < 0.6 * em && row.text[row.text.length - 1] === prev) {
      row.text.push(word);
      return;
    }
    if (isBlank(text)) return;
    if (isNumber(text)) {
      let best: ValueColumn | null = null;
      for (const c of numeric) if (!best || Math.abs(c.anchor - word.x1) < Math.abs(best.anchor - word.x1)) best = c;
      if (best && Math.abs(best.anchor - word.x1) <= 3 * em && row[best.kind] === null) {
        row[best.kind] = text;
        lastValue = best.kind;
        return;
      }
    } else if (
      LUMP_SUM_UNIT.test(text) ||
      (isUnit(text) && (lastValue === "qty" || (unitColumn && Math.abs(word.x0 - unitColumn.anchor) <= 1.5 * em)))
    ) {
      if (row.unit === null) {
        row.unit = text;
        lastValue = "unit";
        return;
      }
    }
    // A word right of the description that fits no column: text that ran long.
    if (!isNumber(text)) row.text.push(word);
  });
  return row;
}
