// What the quantity checks against the LV's own figures share: the expected quantity with its
// derivation, the tolerances, the view of the LV with counts, and the finding text.

import { fold } from "../../text";
import type { BoqNode } from "../../types";
import { unitClass } from "../position-facts";
import { de, parseGermanNumber, unitLabel } from "./facts";
import { countOf, sameNoun, stem } from "./stated-counts";
import { ownPieceCount } from "./stated-figures";
import type { LvHit, LvView } from "./types";

/** A figure in the position's own text differing from the quantity by more than this factor is a
 *  finding (waste, overlaps and rounding stay well inside it). */
export const OWN_FIGURE_TOLERANCE = 1.5;
/** Figures that need a derivation (room dimensions, a part's area in the Vorbemerkungen, counts
 *  as products): only about twice or half, or a shifted decimal point, is a finding. */
export const DERIVED_FIGURE_TOLERANCE = 1.9;
/** Layers of one title: the odd one out must differ from the common area at least this much. */
export const LAYER_OUTLIER_FACTOR = 5;

export const NUMBER = String.raw`\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:,\d+)?`;
export const AREA_UNIT = String.raw`(?:m2|qm)(?![\w/])`;
export const VOLUME_UNIT = String.raw`(?:m3|cbm)(?![\w/])`;
export const num = (s: string) => parseGermanNumber(s) ?? NaN;
/** "ca.", "i. M.", "im Mittel", "durchschnittlich" before a thickness or depth. */
export const APPROX = String.raw`(?:(?:ca\.|rd\.|rund|etwa|i\.\s*m\.|im\s+mittel|mittlere?|durchschnittlich)\s*)?`;

export interface Expectation {
  qty: number;
  derivation: string;
  /** Default OWN_FIGURE_TOLERANCE. */
  tolerance?: number;
  /** The size of one unit when the figure is a count × a size (see `otherMultiple`). */
  per?: number;
  /** A stated count or length: too small is as wrong as too large (see `contradicts`). */
  bothWays?: boolean;
  /** A weak witness (a count that only names the thing the position's work is for): only a slip
   *  of the pen – a shifted decimal point or swapped digits – is a finding. */
  onlySlips?: boolean;
  /** Exact figures ("Menge wie Pos. 03.0010", "25,00 m × 12,50 m" without "ca."): swapped digits
   *  are a slip from 1 % off (an approximate figure needs 8 %). */
  exact?: boolean;
}

/** The quantity is a whole number of units of the stated size, but not the stated number: a unit
 *  left out or counted twice ("fünf Decken je 375 m²", 1.500 m² = four of them). */
export const otherMultiple = (qty: number, e: Expectation) => {
  if (!e.per) return false;
  const k = Math.round(qty / e.per);
  return k >= 1 && k !== Math.round(e.qty / e.per) && Math.abs(qty / e.per - k) < 0.01;
};
export const holds = (qty: number, e: Expectation) => within(qty, e) && !otherMultiple(qty, e) && !swapped(qty, e);
const swapped = (qty: number, e: Expectation) => isDigitSwap(qty, e.qty, e.exact ? 1.01 : 1.08);

export const within = (qty: number, e: Expectation) => {
  if (e.onlySlips) return !isDecimalShift(qty / e.qty);
  const t = e.tolerance ?? OWN_FIGURE_TOLERANCE;
  return qty <= e.qty * t && qty >= e.qty / t;
};

/** A derived figure flags a smaller quantity only when its decimal point is shifted: the work may
 *  cover a part of the area. Swapped digits ("1.611" for 1.116) are a slip either way. */
export function contradicts(qty: number, e: Expectation): boolean {
  if (swapped(qty, e)) return true;
  if (within(qty, e)) return false;
  return qty > e.qty || e.bothWays === true || isDecimalShift(qty / e.qty);
}

/** A "Zahlendreher": the same digits in another order ("121" for 112, "2.250" for 2.520), at
 *  least 8 % off (closer figures are rounding or a measured value) unless the figure is exact. */
export const isDigitSwap = (qty: number, expected: number, minFactor = 1.08) => {
  if (!(qty > 0 && expected > 0) || Math.abs(Math.log(qty / expected)) < Math.log(minFactor)) return false;
  const [a, b] = [qty, expected].map((x) => String(Math.round(x * 100)));
  const sorted = (d: string) => [...d].sort().join("");
  return a.length === b.length && a !== b && sorted(a) === sorted(b);
};

export interface View extends LvView {
  countFor(noun: string, p: BoqNode): { count: number; where: string } | null;
  title(p: BoqNode): BoqNode | null;
}

export function view(lv: LvView): View {
  const preamble = fold(lv.preamble);
  const byOz = lv.byOz;
  const title = (p: BoqNode) => {
    let parent = p.parentOz ? byOz.get(p.parentOz) : undefined;
    while (parent && parent.kind !== "title" && parent.kind !== "lot") parent = parent.parentOz ? byOz.get(parent.parentOz) : undefined;
    return parent ?? null;
  };
  const countFor = (noun: string, p: BoqNode) => {
    const t = title(p);
    const own = countOf(noun, lv.text(p).replace(/\b(je|pro)\s+[\w-]+/g, " "));
    if (own) return { count: own, where: "Langtext" };
    const inTitle = t ? countOf(noun, fold(t.shortText)) : null;
    if (inTitle) return { count: inTitle, where: "Titel" };
    const inPreamble = countOf(noun, preamble);
    if (inPreamble) return { count: inPreamble, where: "Vorbemerkungen" };
    // A piece position named after the noun ("Baum pflanzen", 6 St)
    const counted = lv.items.find(
      (q) =>
        q !== p &&
        unitClass(q.unit) === "piece" &&
        q.qty &&
        lv
          .headline(q)
          .split(/[^a-z]+/)
          .some((w) => w && sameNoun(w, noun)),
    );
    if (counted) return { count: counted.qty!, where: `Menge von OZ ${counted.oz}` };
    // The one position of the thing that states its count ("Rahmenstützen HEA 300 … 22 Stück", in t)
    const n = stem(noun);
    const stating = n.length >= 4 ? statedPieces().filter((x) => x.q !== p && x.main.endsWith(n)) : [];
    return stating.length === 1 ? { count: stating[0].count, where: `Langtext von OZ ${stating[0].q.oz}` } : null;
  };
  // Positions not counted in pieces whose own text counts their thing: read once, when asked.
  let stated: { main: string; q: BoqNode; count: number }[] | null = null; // main: the stem
  const statedPieces = () =>
    (stated ??= lv.items.flatMap((q) => {
      const main =
        unitClass(q.unit) === "piece"
          ? undefined
          : lv
              .headline(q)
              .split(/[^a-z]+/)
              .find((w) => w.length >= 4);
      const c = main ? ownPieceCount(lv.text(q), (w) => stem(w).length >= 3 && stem(main).endsWith(stem(w))) : null;
      return main && c && !c.per ? [{ main: stem(main), q, count: c.count }] : [];
    }));
  return { ...lv, countFor, title };
}

/** 10, 100, 0,1 … within 2 %. */
export const isDecimalShift = (factor: number) => {
  const exponent = Math.round(Math.log10(factor));
  return exponent !== 0 && Math.abs(factor / 10 ** exponent - 1) < 0.02;
};

export function hit(p: BoqNode, expected: Expectation, relatedOz: string[] = []): LvHit & { expectedQty: number } {
  const unit = unitLabel(p.unit);
  const factor = p.qty! / expected.qty;
  const shift = isDecimalShift(factor);
  const swap = !shift && swapped(p.qty!, expected);
  return {
    oz: p.oz,
    ...(relatedOz.length ? { relatedOz } : {}),
    expectedQty: Math.round(expected.qty * 1000) / 1000,
    evidence:
      `${de(p.qty!)} ${unit} ausgeschrieben; erwartet etwa ${de(expected.qty, 1)} ${unit} (${expected.derivation})` +
      (shift
        ? ` – um den Faktor ${de(Math.round(factor >= 1 ? factor : 1 / factor))} ${factor > 1 ? "zu groß" : "zu klein"}, vermutlich ein Kommafehler`
        : swap
          ? " – dieselben Ziffern in anderer Reihenfolge, vermutlich ein Zahlendreher"
          : ""),
  };
}

/** Records a finding on a position with the expected quantity (and the positions it rests on). */
export type AddHit = (p: BoqNode, e: Expectation, related?: string[]) => void;
