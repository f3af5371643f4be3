// Quantities against the arithmetic of the LV's own figures, without a pattern per wording: every
// figure near a position (its own text, its title, the Vorbemerkungen sentences about the same
// things, the quantities of the positions it names or shares its subject with) is read with its
// dimension (length, area, volume, mass, a count), and every product of up to three of them that
// has the dimension of the position's unit is a way the LV could arrive at its quantity. A
// quantity that one of them explains stands. One that is a slip of the pen of a product – a
// shifted decimal point, swapped digits, one storey/house/side of several, the figure of another
// dimension (an area billed as m³) – is a finding on that position, with the product as the
// expected quantity and the factors as its derivation.
//
// Exactness is what keeps false alarms out: a slip is a slip of the exact figure (1 %), and a
// quantity explained by any product of its figures is never flagged.

import { fold } from "../../text";
import type { BoqNode } from "../../types";
import { normaliseUnit, ownerText } from "../position-facts";
import { de, parseGermanNumber, sentenceStartBefore, unitLabel } from "./facts";
import { isDigitSwap, type View } from "./figure-check";
import { NUMBER_WORDS, stem } from "./stated-counts";

/** Where a figure was read; the derivation names it. */
export type FigureSource = "Langtext" | "Titel" | "Vorbemerkungen" | "Position";

export interface Figure {
  /** In metres, square metres, cubic metres, kilograms or pieces. */
  value: number;
  /** Exponents of length and mass: m² = { l: 2 }, kg/m = { l: -1, kg: 1 }, a count = {}. */
  l: number;
  kg: number;
  /** As written, for the derivation ("ca. 640 m²", "5 Geschosse", "Pos. 02.0020"). */
  label: string;
  source: FigureSource;
  /** A count: the stem of the counted noun ("geschoss"). */
  counts?: string;
  /** A size per unit ("je Geschoss 210 m²", "à 672 m²"): the unit's stem, "" when unnamed. */
  per?: string;
  /** A quantity of another position. */
  oz?: string;
  /** A position the text names ("wie Pos. 03.0010"): its quantity needs no second witness. */
  named?: boolean;
  /** A figure derived from others (a perimeter from its sides): never multiplied with them. */
  parts?: Figure[];
}

export interface Product {
  value: number;
  factors: Figure[];
}

const N = String.raw`\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:,\d+)?`;
const LENGTH_UNITS: Record<string, number> = { mm: 0.001, cm: 0.01, m: 1, lfm: 1, lfdm: 1 };
type UnitDimension = { l: number; kg: number; scale: number };
/** The units a quantity can be checked in, by dimension (t in kg). */
const UNIT_DIMS: Record<string, UnitDimension> = Object.fromEntries(
  (
    [
      [["m", "lfm", "lfdm"], { l: 1, kg: 0, scale: 1 }],
      [["m2", "qm"], { l: 2, kg: 0, scale: 1 }],
      [["m3", "cbm"], { l: 3, kg: 0, scale: 1 }],
      [["kg"], { l: 0, kg: 1, scale: 1 }],
      [["t"], { l: 0, kg: 1, scale: 1000 }],
      [["st", "stk", "stck", "stueck"], { l: 0, kg: 0, scale: 1 }],
    ] as [string[], UnitDimension][]
  ).flatMap(([names, dim]) => names.map((n) => [n, dim])),
);

/** The dimension of a position's unit; null for units the arithmetic cannot check (psch, h, Wo). */
export function unitDimension(unit: string): UnitDimension | null {
  const u = fold(normaliseUnit(unit)).replace(/[.\s]/g, "");
  return UNIT_DIMS[u] ?? null;
}

// References, norms, dates and classes carry digits that are no sizes.
const NOT_A_SIZE = new RegExp(
  [
    String.raw`\b(?:din|en|iso|dn|pn|nr|pos|position|positionen|abs|ziff|anlage|tabelle|klasse|kw|rc|cem|lc?\d*|c|f|t|el|r|s|w|z|b|h|g|ei|rei|dvgw|vdi|vde|zte|ztv|atv|vob|gaeb|oz)\.?\s*(?:\d[\d.,/-]*\d|\d)(?:\s*(?:bis|-|und)\s*\d[\d.,/-]*)?`,
    String.raw`§+\s*\d+[a-z]?(?:\s*(?:abs\.?|nr\.?)\s*\d+)*`,
    String.raw`\b\d{1,2}\.\s?\d{1,2}\.\s?\d{2,4}\b`,
    String.raw`\b(?:19|20)\d{2}\b(?!\s*(?:m|mm|cm|kg|t|st)\b)`,
    String.raw`\b\d{1,2}:\d{2}\b`,
    String.raw`\b\d+\.\s*(?:og|ug|dg|obergeschoss|untergeschoss|bauabschnitt|ba)\b`,
  ].join("|"),
  "gi",
);

/** References blanked out; "64,00 m × 16,50 m" read as "64,00 × 16,50 m" (one rectangle). */
const masked = (text: string) =>
  text
    .replace(NOT_A_SIZE, (m) => " ".repeat(m.length))
    .replace(
      /(\d)(\s*)(mm|cm|m)(\s*[x×*]\s*)(?=[\d.,]+\s*\3(?![\w²³]))/g,
      (_, d: string, sp: string, u: string, x: string) => d + sp + " ".repeat(u.length) + x,
    );

/** Nouns a count can count: a capitalised word that is no unit. Words for sides and both ways
 *  count too ("beidseitig" = 2). */
const COUNT = new RegExp(
  String.raw`(?<![\d,.])(${N}|${Object.keys(NUMBER_WORDS).join("|")})\s+(?:(?:[a-zäöüß-]+e[nrsm]?)\s+)?([A-ZÄÖÜ][\wäöüÄÖÜß-]+)`,
  "g",
);
const SIZE = new RegExp(
  String.raw`(?<![\d,./])((?:${N})(?:\s*(?:x|×|\*)\s*(?:${N}))*)\s*(mm|cm|m²|m2|qm|m³|m3|cbm|lfdm|lfm|m|kg\/m|kg|t)(?![\w²³/])`,
  "gi",
);
const PER_BEFORE =
  /(?:\bje|\bpro|\bà|\bjeweils)\s+(?:(?:ca\.|rd\.|etwa|i\.\s?m\.)\s*)?$|(?:\bje|\bpro)\s+([A-ZÄÖÜ][\wäöüß-]+)\s+(?:(?:ca\.|rd\.|etwa|i\.\s?m\.)\s*)?$/;
const PER_AFTER = /^\s*(?:[Jj]e|[Pp]ro)\s+([A-ZÄÖÜ][\wäöüß-]+)/;
/** "In den Büroetagen sind je Geschoss ca. 180 m Kanal, 48 Leuchten sowie 24 Melder": a "je"
 *  earlier in the sentence makes every figure after it a figure per unit. */
function sentenceUnit(text: string, index: number): string | undefined {
  const start = sentenceStartBefore(text, index, ";");
  const je = [...text.slice(start, index).matchAll(/\b(?:[Jj]e|[Pp]ro)\s+([A-ZÄÖÜ][\wäöüß-]*)/g)].pop();
  return je ? fold(je[1]) : undefined;
}

const LIMIT_BEFORE = /(?:bis|max\.?|maximal|mind\.?|mindestens|ab|über|unter|kleiner|größer|<|>|≤|≥)\s*(?:ca\.\s*)?$/i;

/** The figures of a text with their dimensions. */
export function figuresOf(text: string, source: FigureSource): Figure[] {
  const t = masked(text);
  const out: Figure[] = [];
  const taken: [number, number][] = [];
  for (const m of t.matchAll(SIZE)) {
    const before = t.slice(Math.max(0, m.index - 40), m.index);
    const after = t.slice(m.index + m[0].length, m.index + m[0].length + 30);
    if (LIMIT_BEFORE.test(before) || /^\s*\/|^\s*(?:je|pro)\s+(?:m|lfm|st)\b/i.test(after)) continue;
    const unit = m[2].toLowerCase().replace("²", "2").replace("³", "3");
    const values = m[1].split(/\s*(?:x|×|\*)\s*/i).map((v) => parseGermanNumber(v) ?? NaN);
    if (values.some((v) => !(v > 0))) continue;
    taken.push([m.index, m.index + m[0].length]);
    const perMatch = PER_BEFORE.exec(before) ?? null;
    const perAfter = PER_AFTER.exec(after);
    const per = perMatch ? fold(perMatch[1] ?? "") : perAfter ? fold(perAfter[1]) : sentenceUnit(text, m.index);
    const label = text.slice(m.index, m.index + m[0].length).trim(); // as written, units and all
    const push = (value: number, l: number, kg: number) =>
      out.push({ value, l, kg, label, source, ...(per !== undefined ? { per: per && stem(per) } : {}) });
    const raw = m[1].split(/\s*(?:x|×|\*)\s*/i);
    if (unit in LENGTH_UNITS && raw.length === 2 && /^\d{1,2}$/.test(raw[0]) && values[0] <= 12) {
      // "2 × 42 m": twice a length, not a rectangle (dimensions are written "2,00 × 42,00 m")
      out.push({ value: values[0], l: 0, kg: 0, label: raw[0], source, counts: "mal" });
      out.push({
        value: values[1] * LENGTH_UNITS[unit],
        l: 1,
        kg: 0,
        label: `${raw[1]} ${m[2]}`,
        source,
        ...(per !== undefined ? { per: per && stem(per) } : {}),
      });
    } else if (unit in LENGTH_UNITS) {
      // "60,00 x 30,00 m" – two lengths; "1,26 × 1,51 m" of a product is the same
      for (const v of values) push(v * LENGTH_UNITS[unit], 1, 0);
      // … and the perimeter of the rectangle, for what runs around it (Attika, Frostschürze, Ringerder)
      if (values.length === 2 && values.every((v) => v * LENGTH_UNITS[unit] >= 2)) {
        const [a, b] = values.map((v) => v * LENGTH_UNITS[unit]);
        const parts = out.slice(-2);
        out.push({ value: 2 * (a + b), l: 1, kg: 0, label: `Umfang 2 × (${de(a, 2)} m + ${de(b, 2)} m)`, source, parts });
      }
    } else if (values.length === 1) {
      const v = values[0];
      if (unit === "m2" || unit === "qm") push(v, 2, 0);
      else if (unit === "m3" || unit === "cbm") push(v, 3, 0);
      else if (unit === "kg/m") push(v, -1, 1);
      else if (unit === "kg") push(v, 0, 1);
      else if (unit === "t") push(v * 1000, 0, 1);
    }
  }
  for (const m of text.matchAll(COUNT)) {
    if (taken.some(([a, b]) => m.index < b && m.index + m[0].length > a)) continue;
    if (/\s/.test(t.slice(m.index, m.index + m[1].length).trim()) || t.slice(m.index, m.index + m[1].length).trim() === "") continue;
    const raw = fold(m[1]);
    const value = /^\d/.test(raw) ? parseGermanNumber(raw) : (NUMBER_WORDS[raw] ?? null);
    if (value === null || !(value >= 2) || !Number.isInteger(value) || value > 5000) continue;
    let noun = fold(m[2]);
    if (/^(stueck|stk|st|stck)\b/.test(noun))
      noun = "stueck"; // "EG 14 St + OG 9 St": pieces of the position's own thing
    else if (/^(prozent|euro|eur|werktag|kalendertag|arbeitstag|tag|woche|monat|jahr|stunde|minute|mal)\w*$/.test(noun)) continue;
    const before = text.slice(Math.max(0, m.index - 30), m.index);
    const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 30);
    if (/^\s*\//.test(rest)) continue; // "45 MN/m²": a rate
    const per = PER_AFTER.exec(rest);
    const perBefore = /\b(?:[Jj]e|[Pp]ro)\s+([A-ZÄÖÜ][\wäöüß-]*)\s*$/.exec(before);
    // "mit je 2 Läufen à 9 Stufen": per the thing counted just before (attached below)
    const unnamed = !per && !perBefore && /(?:\b[Jj]e|(?:^|\s)à|\b[Pp]ro|\bjeweils)\s*$/.test(before);
    const inScope = per || perBefore || unnamed ? undefined : sentenceUnit(text, m.index);
    // "Je Wohnung ca. 58 m, 30 Wohnungen": the count of the unit itself is no count per unit
    const scope = inScope && !sameStem(stem(inScope), stem(noun)) ? inScope : undefined;
    out.push({
      value,
      l: 0,
      kg: 0,
      label: m[0].trim(),
      source,
      counts: stem(noun),
      ...(per
        ? { per: stem(fold(per[1])) }
        : perBefore
          ? { per: stem(fold(perBefore[1])) }
          : unnamed
            ? { per: "" }
            : scope
              ? { per: stem(scope) }
              : {}),
    });
  }
  if (/\bbeidseitig|\bbeide[nr]? seiten|\bzweiseitig|\bbeiderseits/i.test(text))
    out.push({ value: 2, l: 0, kg: 0, label: "beidseitig", source, counts: "seite" });
  // "drei Decken … à 672 m²": an unnamed unit is the thing counted last before the size
  for (const f of out) {
    if (f.per !== "") continue;
    const at = text.indexOf(f.label);
    const count = out
      .filter((c) => c.counts && c !== f && text.indexOf(c.label) < at && at - text.indexOf(c.label) < 120)
      .sort((a, b) => text.indexOf(a.label) - text.indexOf(b.label))
      .pop();
    if (count) f.per = count.counts;
  }
  return out;
}

const same = (a: number, b: number, tolerance: number) => a > 0 && b > 0 && Math.abs(Math.log(a / b)) <= Math.log(1 + tolerance);

/** The same noun, a compound of it, or a word of the same family ("doppelhaus", "doppelhaushalft"). */
/** sameNoun of stated-counts.ts for stems already reduced: the same, or a compound ending in it. */
const sameStem = (a: string, b: string) =>
  a === b || (a.length >= 2 && b.length >= 2 && Math.min(a.length, b.length) >= 3 && (a.endsWith(b) || b.endsWith(a)));
const relatedNouns = (a: string, b: string) =>
  sameStem(a, b) || (Math.min(a.length, b.length) >= 5 && (a.startsWith(b) || b.startsWith(a)));

/** A count that goes with a size per unit ("je Geschoss 210 m²" and "5 Geschosse"). */
const countsUnit = (count: Figure, per: Figure) => !!count.counts && !!per.per && sameStem(count.counts, per.per);

const MAX_FACTORS = 4;

/** Every product of one to four figures with the given dimension. A size per unit stands alone
 *  only when no count of its unit is at hand; a count multiplies at most once. */
export function productsOf(figures: Figure[], dim: { l: number; kg: number }): Product[] {
  const out: Product[] = [];
  const n = figures.length;
  const ok = (fs: Figure[]) => {
    const counts = fs.filter((f) => f.l === 0 && f.kg === 0);
    // Three or more counts multiply only as a chain ("je Haus 3 Treppen mit je 2 Läufen à 9 Stufen")
    const linked = (f: Figure) => !!f.per && fs.some((c) => c !== f && countsUnit(c, f));
    if (counts.length === fs.length && dim.l === 0 && dim.kg === 0 && fs.length > 2 && fs.filter(linked).length < fs.length - 1)
      return false;
    if (fs.some((f) => f.parts?.some((g) => fs.includes(g)))) return false;
    // Two counts of one thing ("vier Doppelhäuser", "acht Doppelhaushälften") are alternatives
    if (counts.some((a, i) => counts.some((b, j) => j > i && relatedNouns(a.counts ?? "", b.counts ?? "")))) return false;
    for (const f of fs) {
      if (f.per === undefined || f.per === "") continue;
      const unitCounts = figures.filter((c) => countsUnit(c, f));
      if (unitCounts.length && !fs.some((c) => unitCounts.includes(c))) return false;
    }
    return true;
  };
  // Up to four factors ("5 Trennwände × 2 Schalen × 10,50 m × 5,50 m"), by recursion over the
  // figures in order, so each set is tried once; the dimension is summed on the way, and only a
  // set with the right one is built and checked.
  const maxFactors = n > 14 ? 3 : MAX_FACTORS;
  const chosen: Figure[] = [];
  const walk = (from: number, l: number, kg: number, value: number) => {
    for (let i = from; i < n; i++) {
      const f = figures[i];
      // one quantity of another position and one area or volume at most: area × area is no unit
      if (
        (f.source === "Position" || f.l >= 2) &&
        chosen.some((c) => (f.source === "Position" && c.source === "Position") || (f.l >= 2 && c.l >= 2))
      )
        continue;
      chosen.push(f);
      if (l + f.l === dim.l && kg + f.kg === dim.kg && ok(chosen)) out.push({ value: value * f.value, factors: [...chosen] });
      if (chosen.length < maxFactors) walk(i + 1, l + f.l, kg + f.kg, value * f.value);
      chosen.pop();
    }
  };
  walk(0, 0, 0, 1);
  return out;
}

/** The figures around a position: its own text, its title, the Vorbemerkungen sentences that
 *  share a noun with it, how many there are of each unit its sizes are given per ("je Haus"), and
 *  the quantities of the positions it names or shares its subject with. */
export function figuresAround(p: BoqNode, lv: View, qtyOf?: (q: BoqNode) => number | null): Figure[] {
  const ctx = contextOf(lv);
  // read once per position for the checks that take the quantities as written (the unit check)
  if (!qtyOf) {
    let figures = ctx.around.get(p);
    if (!figures) ctx.around.set(p, (figures = readAround(p, lv, ctx, (q) => q.qty)));
    return figures;
  }
  return readAround(p, lv, ctx, qtyOf);
}

function readAround(p: BoqNode, lv: View, ctx: Context, qtyOf: (q: BoqNode) => number | null): Figure[] {
  const own = ownerText(p);
  const out = figuresOf(own, "Langtext");
  const head = subjectNouns(p.shortText, 4);
  const title = lv.title(p);
  if (title) out.push(...figuresOf(title.shortText, "Titel"));
  const nouns = [...subjectNouns(own, 4)];
  const context = ctx.preamble
    .filter((s) => nouns.some((n) => s.nouns.has(n) || [...s.nouns].some((w) => sameStem(w, n))))
    .flatMap((s) => s.figures);
  // A count from elsewhere only of the thing itself or of a unit the figures are given per
  const units = [...new Set(context.concat(out).flatMap((f) => (f.per ? [f.per] : [])))];
  const countsHere = (c: string) => units.some((u) => sameStem(u, c)) || [...head].some((n) => sameStem(n, c));
  out.push(...context.filter((f) => !f.counts || countsHere(f.counts)));
  // "je Haus 4 Abläufe": how many Häuser the LV states, wherever it does
  const perNouns = new Set([
    ...out.map((f) => f.per),
    ...[...fold(own).matchAll(/\b(?:je|pro)\s+([a-z][\w-]{1,})/g)].map((m) => stem(m[1])),
  ]);
  for (const per of perNouns) {
    if (!per || out.some((f) => f.counts && sameStem(f.counts, per))) continue;
    const c = lv.countFor(per, p);
    if (c && c.count >= 2)
      out.push({
        value: c.count,
        l: 0,
        kg: 0,
        label: `${c.count} × ${per.replace(/^./, (x) => x.toUpperCase())}`,
        source: c.where.startsWith("Menge") ? "Position" : "Vorbemerkungen",
        counts: per,
      });
  }
  // Positions it names ("wie Pos. 03.0010") or that share a noun of its short text
  const named = namedPositions(own, lv, ctx);
  // Of many relatives (a long LV repeats its nouns) the nearest in the LV: the same part of the work
  const at = ctx.index.get(p) ?? 0;
  const relatives = [...subjectNouns(p.shortText, 5)].flatMap((n) => nearest(ctx.byNoun.get(n) ?? [], at, ctx.index));
  for (const q of new Set([...named, ...relatives])) {
    const qty = q && q !== p ? qtyOf(q) : null;
    if (!q || qty === null || !(qty > 0)) continue;
    const dim = unitDimension(q.unit);
    if (dim)
      out.push({
        value: qty * dim.scale,
        l: dim.l,
        kg: dim.kg,
        label: `Pos. ${q.oz} (${de(qty)} ${unitLabel(q.unit)})`,
        source: "Position",
        oz: q.oz,
        ...(named.includes(q) ? { named: true } : {}),
      });
  }
  return out;
}

/** "wie Pos. 03.0010", "Summe der Pos. 03.0010 bis 03.0030": the positions the text names. */
function namedPositions(text: string, lv: View, ctx: Context): BoqNode[] {
  const out: BoqNode[] = [];
  for (const m of text.matchAll(/\bPos(?:ition(?:en)?)?\.?\s*(\d[\d.]*\d)(?:\s*(?:bis|–|-)\s*(?:Pos\.?\s*)?(\d[\d.]*\d))?/gi)) {
    const from = lv.byOz.get(m[1]);
    const to = m[2] ? lv.byOz.get(m[2]) : undefined;
    if (!from) continue;
    const [a, b] = [ctx.index.get(from), to ? ctx.index.get(to) : undefined];
    if (a !== undefined && b !== undefined && b > a && b - a < 20) out.push(...lv.items.slice(a, b + 1));
    else out.push(from);
  }
  return out;
}

interface Context {
  preamble: { nouns: Set<string>; figures: Figure[] }[];
  /** Items by the nouns of their short text, to find a position's relatives without a scan. */
  byNoun: Map<string, BoqNode[]>;
  index: Map<BoqNode, number>;
  around: Map<BoqNode, Figure[]>;
}
/** Positions sharing a noun that lend their quantities to a position's products, each side. */
const MAX_RELATIVES = 3;

/** The positions of a list (in LV order) nearest to the one at `at`: a window, found by bisection. */
function nearest(list: BoqNode[], at: number, index: Map<BoqNode, number>): BoqNode[] {
  let [lo, hi] = [0, list.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((index.get(list[mid]) ?? 0) < at) lo = mid + 1;
    else hi = mid;
  }
  return list.slice(Math.max(0, lo - MAX_RELATIVES), lo + MAX_RELATIVES + 1);
}
const contexts = new WeakMap<object, Context>();
/** What all positions of one LV share, read once per LV. */
function contextOf(lv: View): Context {
  let ctx = contexts.get(lv.byOz);
  if (!ctx) {
    const byNoun = new Map<string, BoqNode[]>();
    for (const q of lv.items)
      for (const n of subjectNouns(q.shortText, 5)) {
        const list = byNoun.get(n);
        if (list) list.push(q);
        else byNoun.set(n, [q]);
      }
    ctx = {
      preamble: lv.preamble
        .split(/(?<=[.;:])\s+|\n/)
        .map((s) => ({ nouns: subjectNouns(s, 4), figures: figuresOf(s, "Vorbemerkungen") }))
        .filter((s) => s.figures.length > 0),
      byNoun,
      index: new Map(lv.items.map((q, i) => [q, i])),
      around: new Map(),
    };
    contexts.set(lv.byOz, ctx);
  }
  return ctx;
}

const GENERIC = new Set(
  [
    "liefer",
    "leistung",
    "arbeit",
    "ausfuehrung",
    "material",
    "herstell",
    "einbau",
    "montag",
    "angab",
    "bauteil",
    "abrechnung",
    "gemaess",
    "zulag",
    "position",
    "menge",
  ].map(stem),
);
/** The stems of a text's nouns of `min` letters and more, without the generic ones. */
function subjectNouns(text: string, min: number): Set<string> {
  const out = new Set<string>();
  for (const w of text.match(new RegExp(`[A-ZÄÖÜ][\\wäöüß]{${min - 1},}`, "g")) ?? []) {
    const s = stem(fold(w));
    if (!GENERIC.has(s)) out.add(s);
  }
  return out;
}

export interface ArithmeticFinding {
  expected: number;
  /** "5 Geschosse × je Geschoss ca. 210 m² = 1.050 m²" */
  derivation: string;
  kind: "decimal" | "digits" | "one-of-several" | "half-or-double" | "dimension" | "sum";
  /** The positions whose quantities the derivation uses. */
  relatedOz: string[];
}

/** Enough figures for every text an estimator writes; beyond, the products would be chance. */
const MAX_FIGURES = 16;
/** A slip is a slip of the exact figure: rounding to two decimals stays far inside. */
const EXACT = 0.0005;

/** One figure per value, dimension and counted thing (the short text repeats the long text's). */
function distinct(figures: Figure[]): Figure[] {
  const seen = new Set<string>();
  return figures.filter((f) => {
    const key = `${f.value}/${f.l}/${f.kg}/${f.counts ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** "1.440,00 m², abzüglich 4 Tore … = 72,00 m²": two figures of the unit in the text, added or
 *  subtracted, give the quantity. */
function sumOrDifference(figures: Figure[], dim: { l: number; kg: number }, q: number): boolean {
  const own = figures.filter((f) => f.source === "Langtext" && f.l === dim.l && f.kg === dim.kg);
  const big = own.filter((f) => f.value >= q * 0.05); // "420 m" and "0,30 m" are no sum
  if (big.length > 2)
    return same(
      big.reduce((t, f) => t + f.value, 0),
      q,
      0.01,
    ); // a list: all of it
  return big.some((a) => big.some((b) => a !== b && (same(a.value + b.value, q, 0.01) || same(a.value - b.value, q, 0.01))));
}

/** Figures that may add up to the quantity: two to eight of the unit's dimension in the position's
 *  own text (not sizes per unit, not derived), or the positions it names. */
function summands(figures: Figure[], dim: { l: number; kg: number }): Figure[][] {
  const fits = (f: Figure) => f.l === dim.l && f.kg === dim.kg;
  const own = figures.filter((f) => fits(f) && f.source === "Langtext" && !f.parts && !(f.per && figures.some((c) => countsUnit(c, f))));
  const named = figures.filter((f) => fits(f) && f.named);
  // counts add up only when they count the same thing ("14 St + 9 St", not "14 Stück + 4 Stützen")
  const groups = dim.l === 0 && dim.kg === 0 ? [...new Set(own.map((f) => f.counts))].map((c) => own.filter((f) => f.counts === c)) : [own];
  return [...groups, named].filter((g) => g.length >= 2 && g.length <= 8);
}

/** Significant digits of a figure: 1.236 → 4, 240 → 2, 10 → 1. */
const significantDigits = (x: number) => String(Math.round(x * 1000)).replace(/0+$/, "").length;

/** "0,60 m × 89,80 m (Langtext) × 6 Geschosse (Vorbemerkungen) = 53,88 m²" */
function describe(pr: Product, unit: string, scale: number): string {
  const parts = pr.factors.map((f, i) => {
    const next = pr.factors[i + 1];
    return f.source === "Position" || (next && next.source === f.source) ? f.label : `${f.label} (${f.source})`;
  });
  return `${parts.join(" × ")} = ${de(pr.value / scale, 2)} ${unitLabel(unit)}`;
}

/** Counts of the position's own text, one given per unit of the other. */
const ownPerCount = (pr: Product) =>
  pr.factors.every((f) => f.source === "Langtext" && f.l === 0 && f.kg === 0) &&
  pr.factors.some((f) => pr.factors.some((g) => countsUnit(g, f)));

/** A product that stands for what the LV means, not a chance: a quantity of another position alone
 *  only when a second figure states the same value (which of two positions slipped is otherwise
 *  open), and a product of counts only with three significant digits. */
function trustworthy(pr: Product, all: Product[]): boolean {
  if (pr.factors.every((f) => f.l === 0 && f.kg === 0) && significantDigits(pr.value) < 3) return false;
  if (pr.factors.length === 1 && pr.factors[0].source === "Position" && !pr.factors[0].named)
    return all.some((o) => o !== pr && !o.factors.includes(pr.factors[0]) && same(o.value, pr.value, EXACT));
  return true;
}

interface Reading {
  q: number;
  dim: { l: number; kg: number; scale: number };
  figures: Figure[];
  products: Product[];
  /** The product (or sum) that gives the quantity, if one does. */
  explainedBy: Product | "sum" | null;
}

/** The figures around a position, their products with its unit's dimension, and which of them
 *  gives its quantity. */
function reading(p: BoqNode, lv: View, qtyOf?: (q: BoqNode) => number | null): Reading | null {
  const dim = unitDimension(p.unit);
  if (!dim || p.qty === null || !(p.qty > 0)) return null;
  const q = p.qty * dim.scale;
  const around = figuresAround(p, lv, qtyOf);
  if (!around.length || (around.length === 1 && around[0].source !== "Langtext" && !around[0].named)) return null; // a lone relative is no evidence
  const figures = distinct(around).slice(0, MAX_FIGURES);
  const products = productsOf(figures, dim);
  // Rounded figures ("ca. 412 m² je Haus") explain a quantity within 3 %; a product of three or
  // four figures only within 1 % (with many figures some product comes near anything).
  // "Länge je Seite 420 m, beidseitig": 420 m is one side, whatever else states 420 m
  const perSizes = figures.filter((f) => f.source === "Langtext" && f.per && figures.some((c) => countsUnit(c, f))).map((f) => f.value);
  // "Menge wie Pos. 02.0010" is exact: 4.680 for 4.608 is no rounding
  const tolerance = (pr: Product) => (pr.factors.every((f) => f.named) ? 0.005 : pr.factors.length <= 2 ? 0.03 : 0.01);
  const explains = (pr: Product) =>
    same(pr.value, q, tolerance(pr)) && coherent(pr) && !(pr.factors.length === 1 && perSizes.some((v) => same(v, pr.value, EXACT)));
  const explainedBy = products.find(explains) ?? (sumOrDifference(figures, dim, q) ? "sum" : null);
  return { q, dim, figures, products, explainedBy };
}

/** A product of three or four figures explains only when it is the position's own arithmetic
 *  (two of its figures, or counts besides): sizes gathered from everywhere multiply to anything. */
const coherent = (pr: Product) =>
  pr.factors.length <= 2 ||
  pr.factors.filter((f) => f.source === "Langtext").length >= 2 ||
  pr.factors.every((f) => f.source === "Langtext" || (f.l === 0 && f.kg === 0));

/** The slip of the pen the quantity is, against the figures around it; null when a product
 *  explains it or none relates to it by a slip. `qtyOf` gives other positions' quantities as
 *  corrected by earlier checks (a position found wrong is no witness for its neighbour). */
/** Products of the figures around the position with another dimension than its unit's that give
 *  its quantity exactly ("Abrechnung nach Länge" and 161 m² where the outline 64,00 × 16,50 m has
 *  a perimeter of 161 m): witnesses for the unit check (unit-plausibility.ts). */
export function otherDimensionWitnesses(p: BoqNode, lv: View): { l: number; what: string }[] {
  const dim = unitDimension(p.unit);
  if (!dim || dim.kg !== 0 || p.qty === null || !(p.qty > 0)) return [];
  const figures = distinct(figuresAround(p, lv)).slice(0, MAX_FIGURES);
  const out: { l: number; what: string }[] = [];
  for (const l of [0, 1, 2, 3]) {
    if (l === dim.l) continue;
    const unit = ["St", "m", "m2", "m3"][l];
    const pr = productsOf(figures, { l, kg: 0 }).find(
      (x) =>
        same(x.value, p.qty!, EXACT) &&
        coherent(x) &&
        x.factors.every((f) => f.source !== "Position") &&
        !(l === 0 && x.factors.length === 1 && x.value < 10),
    );
    if (pr)
      out.push({
        l,
        what: pr.factors.length === 1 && !pr.factors[0].parts ? `${pr.factors[0].label} (${pr.factors[0].source})` : describe(pr, unit, 1),
      });
  }
  return out;
}

/** The position's own text multiplies out to its quantity exactly, through a chain of three or
 *  more figures ("Je Haus 3 Geschosstreppen mit je 2 Läufen à 9 Stufen", 3 Häuser: 162 St): a
 *  check that read one link of the chain as the total stands down. */
export function ownChainExplains(p: BoqNode, lv: View): boolean {
  const r = reading(p, lv);
  if (!r) return false;
  return r.products.some(
    (pr) =>
      pr.factors.length >= 3 &&
      pr.factors.filter((f) => f.source === "Langtext").length >= 2 &&
      pr.factors.every((f) => f.source === "Langtext" || (f.l === 0 && f.kg === 0)) &&
      same(pr.value, r.q, EXACT),
  );
}

export function arithmeticFinding(p: BoqNode, lv: View, qtyOf?: (q: BoqNode) => number | null): ArithmeticFinding | null {
  const r = reading(p, lv, qtyOf);
  if (!r || r.explainedBy) return null;
  const { q, dim, figures, products } = r;
  const slips: (ArithmeticFinding & { weight: number })[] = [];
  const slip = (pr: Product, kind: ArithmeticFinding["kind"], bonus = 0, note = "", derivation = describe(pr, p.unit, dim.scale)) =>
    slips.push({
      expected: pr.value / dim.scale,
      derivation: derivation + note,
      relatedOz: pr.factors.flatMap((f) => (f.oz ? [f.oz] : [])),
      kind,
      weight: pr.factors.filter((f) => f.source === "Langtext").length * 2 + pr.factors.length + bonus,
    });
  for (const pr of products) {
    if (!trustworthy(pr, products)) {
      // "Je Gruppenraum 9 Leuchten, 6 Gruppenräume", 45 St: counts of the own text, linked by "je"
      if (ownPerCount(pr) && isDigitSwap(q, pr.value, 1.08)) slip(pr, "digits");
      continue;
    }
    if (significantDigits(pr.value) >= 2 && (same(q, pr.value * 10, EXACT) || same(q, pr.value / 10, EXACT))) slip(pr, "decimal");
    // Two digits swap by chance; a product of the position's own figures does not
    // (an exact figure – "Menge wie Pos." – from 0,1 % off, a rounded one from 8 %)
    else if (
      isDigitSwap(q, pr.value, pr.factors.every((f) => f.named) ? 1.001 : 1.08) &&
      (significantDigits(pr.value) >= 3 || pr.factors.some((f) => f.source === "Langtext"))
    )
      slip(pr, "digits");
    else {
      const count = pr.factors.find((f) => f.l === 0 && f.kg === 0 && f.counts && pr.factors.some((g) => g !== f && countsUnit(f, g)));
      if (count && same(q * count.value, pr.value, EXACT))
        slip(pr, "one-of-several", 0, `; die Menge deckt nur eine von ${count.value} Einheiten („${count.label}“)`);
      // Half or twice what the position's own text computes (one side of the ring, both sides twice)
      // Half the perimeter the position's own text gives (one long and one short side)
      else if (pr.factors.length === 1 && pr.factors[0].parts && pr.factors[0].source === "Langtext" && same(q * 2, pr.value, EXACT))
        slip(pr, "half-or-double", 0, "; die Menge ist die Hälfte davon");
    }
  }
  // The figure of another dimension: "1.710" m³ where 4,50 m × 380 m = 1.710 m² (and × 0,30 m =
  // 513 m³). The missing factor is a thickness for a volume, a height or length for an area.
  if (!slips.length && products.length) {
    for (const other of [
      { l: dim.l - 1, kg: dim.kg },
      { l: dim.l + 1, kg: dim.kg },
    ]) {
      if (other.l < 0) continue;
      const wrong = productsOf(figures, other).find((pr) => same(pr.value, q, 0.005) && pr.factors.some((f) => f.source === "Langtext"));
      if (!wrong) continue;
      const right = products.find((pr) => {
        if (!wrong.factors.every((f) => pr.factors.includes(f)) || same(pr.value, q, 0.5)) return false;
        const extra = pr.factors.filter((f) => !wrong.factors.includes(f));
        return extra.length === 1 && extra[0].l === 1 && (dim.l === 3 ? extra[0].value < 1 : extra[0].value >= 1);
      });
      const what = other.l === 2 ? "die Fläche" : other.l === 1 ? "die Länge" : other.l === 3 ? "das Volumen" : "die Stückzahl";
      const how =
        wrong.factors.length > 1
          ? ` (${describe(wrong, other.l === 2 ? "m2" : other.l === 1 ? "m" : other.l === 3 ? "m3" : "St", 1)})`
          : ` laut ${wrong.factors[0].source}`;
      if (right) slip(right, "dimension", 9, `; ${de(q / dim.scale, 2)} ist ${what}${how}, nicht die Menge in ${unitLabel(p.unit)}`);
    }
  }
  // A sum with one summand left out: "EG 14 St + OG 9 St + Treppenhaus 4 St" as 23 St, "Summe der
  // Pos. 03.0010 bis 03.0030" without the last
  if (!slips.length) {
    for (const group of summands(figures, dim)) {
      const total = group.reduce((t, f) => t + f.value, 0);
      const left = group.find((g) => g.value >= total * 0.05 && same(q, total - g.value, EXACT * 5));
      if (left)
        slip(
          { value: total, factors: [] },
          "sum",
          4,
          "",
          `${group.map((f) => f.label).join(" + ")} (${group[0].source}) = ${de(total / dim.scale, 2)} ${unitLabel(p.unit)}; ohne ${left.label}`,
        );
    }
  }
  if (!slips.length) return null;
  slips.sort((a, b) => b.weight - a.weight);
  const { weight: _, ...best } = slips[0];
  return best;
}
