// Quantities checked against the LV's own figures: what a position's long text, its title or the
// Vorbemerkungen state (areas, volumes, lengths × heights, thicknesses, counts "je Haus", shares
// "15 % von 2.450 m²") and what other positions it names ("aus Pos. 02.0020 abzüglich Pos.
// 02.0030"). Each finding sits on the position with the suspicious figure and states the expected
// quantity and how it was derived (`expectedQty`, used by money.ts).
//
// Mechanisms, in this order (a position gets at most one finding; later checks use the corrected
// quantities of earlier ones, so a wrong base does not make its neighbour look wrong):
//   1. own text        figures in the position's own text with its unit, area × thickness for a
//                      volume, length × height for an area, "N % von A", "A je Haus" × count
//   2. named areas     a room or area the LV sizes somewhere ("Mensa 240 m²") and a floor
//                      position that covers only it
//   3. references      "aus Pos. X", "zu Pos. X", "abzüglich Pos. Y": not more than X (− Y)
//   3b. the same       "Menge wie Pos. X", "Fläche wie Pos. X": X's quantity (a slip or 1,5 ×)
//   4. layers          positions of one title with the same area (roof or floor layers): one of
//                      them five times larger or smaller than the others
//   4a. objects     the same object in another title with an area confirmed by its own figures
//                      and exactly ten times smaller or larger
//   4c. counts      a count of the thing in the title or the Vorbemerkungen ("16 Schachtbauwerken")
//   5. pairs           counts that go together (Vorwandelement WC ↔ WC, Verteilerschrank ↔ Verteiler)
//   6. arithmetic      any product of the figures around the position of which the quantity is a
//                      slip of the pen (figure-arithmetic.ts): the general net under 1–5
//
// Modules: stated-figure-expectations.ts (1: own text, title, Vorbemerkungen), stated-counts.ts
// (how many of a thing the texts state), layer-consistency.ts (4), earthwork-balance.ts (4b),
// stated-thing-counts.ts (4c),
// figure-check.ts (expectations, tolerances, the finding text); this file runs them in order.

import { fold } from "../../text";
import type { BoqNode } from "../../types";
import { isLumpSum, unitClass } from "../position-facts";
import { earthworkBalance } from "./earthwork-balance";
import { arithmeticFinding, ownChainExplains } from "./figure-arithmetic";
import { de, unitLabel } from "./facts";
import {
  AREA_UNIT,
  contradicts,
  isDigitSwap,
  hit,
  holds,
  NUMBER,
  num,
  otherMultiple,
  OWN_FIGURE_TOLERANCE,
  view,
  type Expectation,
} from "./figure-check";
import { layerOutliers, sameObjectShifts } from "./layer-consistency";
import { contextExpectations, ownExpectations } from "./stated-figure-expectations";
import { sameNoun, stem } from "./stated-counts";
import { statedThingCounts } from "./stated-thing-counts";
import type { LvHit, LvRule, LvView } from "./types";

// ── 2. Named areas ("Mensa 240 m²", "Sanitärräume EG (4 Räume) zusammen 86 m²") ────────────────

// Openings, single and partial areas are limits of a measuring rule ("Öffnungen bis 2,5 m² werden
// übermessen"), not the size of a room.
const NOT_A_NAME =
  /^(ca|zusammen|insgesamt|rund|gesamt|von|mit|und|der|die|das|den|des|je|pro|bis|etwa|ueber|unter|ab|flaeche|flaechen|raeume|raum|\w*oeffnung\w*|aussparung\w*|einzelflaeche\w*|kleinflaeche\w*|teilflaeche\w*|werden|wird|sind)$/;

/** Names and areas the texts state: the last word(s) before a figure in m². */
function namedAreas(texts: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const text of texts) {
    const re = new RegExp(
      String.raw`(?:([a-z][a-z-]{3,})\s+)?([a-z][a-z-]{3,})(?:\s+(?:eg|og|ug|kg|\d\.\s*og))?(?:\s*\([^)]{0,30}\))?\s*(?:ca\.\s*|zusammen\s+|insgesamt\s+|rund\s+)*(${NUMBER})\s*${AREA_UNIT}`,
      "g",
    );
    for (const m of text.matchAll(re)) {
      const before = text.slice(Math.max(0, m.index - 12), m.index);
      if (/\b(je|pro)\s*$/.test(before)) continue;
      const rule = text.slice(m.index, m.index + m[0].length + 25);
      if (
        /\b(bis|ueber|unter|ab|kleiner|groesser|max\.?|mind\.?)\s+(?:\d|ca)/.test(rule) ||
        /(werden|wird)\s+(uebermessen|abgezogen|nicht)/.test(rule)
      )
        continue;
      const value = num(m[3]);
      for (const name of [m[1], m[2]]) {
        if (!name || NOT_A_NAME.test(name) || stem(name).length < 4) continue;
        if (value > 0 && !out.has(stem(name))) out.set(stem(name), value);
      }
    }
  }
  return out;
}

const WALL_WORK = /wand|sockel|fassade|decke|unterdecke|dach|treppe|brüstung|bruestung/;

// ── 3. References to other positions ──────────────────────────────────────────────────────────

const OZ = String.raw`(\d{1,3}(?:\.\d{1,5}){1,3})`;
/** Position kinds whose quantity cannot exceed the one they take from (disposal, a surcharge). */
const SUBSET = new RegExp(String.raw`(?:aus|zu|von)\s+(?:der\s+|den\s+)?pos(?:ition)?\.?\s*${OZ}`, "g");
const MINUS = new RegExp(String.raw`(?:abzueglich|abzgl\.?|abzgl|minus)\s+(?:\w+\s+){0,2}pos(?:ition)?\.?\s*${OZ}`, "g");

/** "Menge wie Pos. X", "Fläche wie Position X", "Massen wie Pos. X": the quantity of X ("Abrechnung
 *  wie Pos. X" and "Oberfläche wie Pos. X" are the way of measuring and the finish, not a quantity). */
export const SAME_AS = new RegExp(
  String.raw`\b(?:menge|massen?|flaeche|laenge)\s+(?:wie|gemaess|entsprechend|analog)\s+(?:in\s+)?pos(?:ition)?\.?\s*${OZ}`,
);
/** … unless the text takes a part of it ("jedoch abzüglich", "anteilig", "davon"). */
const PART_OF = /\b(?:abzueglich|abzgl|zuzueglich|zzgl|jedoch|anteilig|teilweise|davon|nur\s+(?:im|in|fuer)|halbe[nr]?)\b/;

/** How a wrong quantity differs from the right one: a little (up to about twice), a shifted
 *  decimal point, swapped digits, or a whole number of units. A figure of the text 7,5 or 30
 *  times the quantity is another figure (per room, per piece), not a slip in the quantity. */
export function slipShaped(qty: number, expected: number): boolean {
  const r = Math.max(qty, expected) / Math.min(qty, expected);
  if (!(r > 0) || !Number.isFinite(r)) return false;
  // a shifted decimal point of a figure given "zzgl. Dachüberstand" or "ca." may be 5 % off
  const shifted = r >= 5 && Math.abs(r / 10 ** Math.round(Math.log10(r)) - 1) < 0.05;
  return (
    r <= 2.2 ||
    shifted ||
    isDigitSwap(qty, expected) ||
    droppedDigit(qty, expected) ||
    (r <= 12.5 && Math.abs(r - Math.round(r)) < 0.01 * r)
  );
}

/** "14" for 144: one digit of the figure left out (or one too many). */
function droppedDigit(a: number, b: number): boolean {
  const [x, y] = [a, b].map((v) => String(Math.round(v * 100)).replace(/0+$/, ""));
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  if (long.length !== short.length + 1) return false;
  for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

export function ownFigureHits(lvIn: LvView): (LvHit & { expectedQty: number })[] {
  const lv = view(lvIn);
  const hits: (LvHit & { expectedQty: number })[] = [];
  const corrected = new Map<BoqNode, number>();
  const flagged = new Set<BoqNode>();
  // Wahlpositionen repeat their Grundposition's quantity: checked through it.
  // Bedarfspositionen (flagged, or "Bedarfsposition"/"Eventualposition" in the short text) are
  // quantities the client guessed for work that may not come: no figure to hold them to.
  const items = lv.items.filter(
    (p) =>
      p.qty !== null &&
      p.qty > 0 &&
      !isLumpSum(p) &&
      !p.flags.hourly &&
      !p.flags.provisional &&
      !/bedarfs?position|eventualposition|\bnur auf anordnung/.test(lv.headline(p)) &&
      !(p.flags.alternative && p.flags.alternative.serial > 0),
  );
  const add = (p: BoqNode, e: Expectation, related: string[] = []) => {
    hits.push(hit(p, e, related));
    flagged.add(p);
    corrected.set(p, e.qty);
  };
  const qtyOf = (p: BoqNode) => corrected.get(p) ?? p.qty!;

  // 1. own text
  for (const p of items) {
    const found = ownExpectations(p, lv.text(p), lv);
    if (!found.length || found.some((e) => holds(p.qty!, e))) continue;
    const nearest = found
      .filter((e) => slipShaped(p.qty!, e.qty))
      .sort((a, b) => Math.abs(Math.log(p.qty! / a.qty)) - Math.abs(Math.log(p.qty! / b.qty)))[0];
    if (nearest) add(p, nearest);
  }

  // 1b. title and Vorbemerkungen
  for (const p of items) {
    if (flagged.has(p)) continue;
    // A whole number of the stated units other than the stated number ("je Haus 575 m²" of two) too
    const e = contextExpectations(p, lv).find((x) => (contradicts(p.qty!, x) || otherMultiple(p.qty!, x)) && slipShaped(p.qty!, x.qty));
    if (e) add(p, e);
  }

  // 2. named areas: a floor position covering one named area only
  const areas = namedAreas([fold(lv.preamble), ...lv.items.map((p) => lv.text(p))]);
  for (const p of items) {
    if (flagged.has(p) || unitClass(p.unit) !== "area" || WALL_WORK.test(lv.headline(p))) continue;
    const words = lv
      .text(p)
      .split(/[^a-z-]+/)
      .filter((w) => w.length > 3);
    const named = new Map<string, { word: string; area: number }>();
    for (const w of words) {
      const key = [...areas.keys()].find((k) => sameNoun(k, w) && stem(w).length >= 4);
      if (key && ![...named.values()].some((n) => n.area === areas.get(key))) named.set(key, { word: w, area: areas.get(key)! });
    }
    if (named.size === 0) continue;
    // Several named areas: the position may cover them all.
    const total = [...named.values()].reduce((s, n) => s + n.area, 0);
    if (p.qty! > total * OWN_FIGURE_TOLERANCE) {
      const names = [...named.values()].map((n) => `„${n.word.replace(/^./, (c) => c.toUpperCase())}“ ${de(n.area)} m²`).join(" + ");
      add(p, { qty: total, derivation: `das LV nennt die Fläche${named.size > 1 ? "n" : ""} ${names}` });
    }
  }

  // 3. references: "aus Pos. X", "abzüglich Pos. Y"
  for (const p of items) {
    if (flagged.has(p)) continue;
    const text = lv.text(p);
    const cls = unitClass(p.unit);
    const from = [...text.matchAll(SUBSET)]
      .map((m) => lv.byOz.get(m[1]))
      .filter((q): q is BoqNode => !!q && q !== p && unitClass(q.unit) === cls && q.qty !== null);
    if (from.length === 0 || /beidseitig|zweiseitig|je seite|lagen|zweilagig/.test(text)) continue;
    const minus = [...text.matchAll(MINUS)]
      .map((m) => lv.byOz.get(m[1]))
      .filter((q): q is BoqNode => !!q && unitClass(q.unit) === cls && q.qty !== null);
    const base = from.filter((q) => !minus.includes(q));
    const expected = base.reduce((s, q) => s + qtyOf(q), 0) - minus.reduce((s, q) => s + qtyOf(q), 0);
    if (expected <= 0 || p.qty! <= expected * OWN_FIGURE_TOLERANCE) continue;
    const unit = unitLabel(p.unit);
    const derivation =
      base.map((q) => `OZ ${q.oz} ${de(qtyOf(q))} ${unit}`).join(" + ") +
      minus.map((q) => ` − OZ ${q.oz} ${de(qtyOf(q))} ${unit}`).join("") +
      ` = ${de(expected, 1)} ${unit}; der Langtext bezieht die Menge auf ${minus.length || base.length > 1 ? "diese Positionen" : "diese Position"}`;
    add(
      p,
      { qty: expected, derivation },
      [...base, ...minus].map((q) => q.oz),
    );
  }

  // 3b. "Menge wie Pos. 03.0010", "Fläche wie Pos. 02.0020": the same quantity as that position
  for (const p of items) {
    if (flagged.has(p)) continue;
    const text = lv.text(p);
    const m = SAME_AS.exec(text);
    const q = m ? lv.byOz.get(m[1]) : undefined;
    if (!q || q === p || q.qty === null || !(qtyOf(q) > 0) || unitClass(q.unit) !== unitClass(p.unit) || PART_OF.test(text)) continue;
    const e: Expectation = {
      qty: qtyOf(q),
      exact: true,
      bothWays: true,
      derivation: `der Langtext nennt „${m![0].replace(/^./, (c) => c.toUpperCase())}“; OZ ${q.oz} hat ${de(qtyOf(q))} ${unitLabel(p.unit)}`,
    };
    if (contradicts(p.qty!, e)) add(p, e, [q.oz]);
  }

  // 4. layers: one title, the same area for most positions, one far off
  layerOutliers(items, lv, flagged, qtyOf, add);
  // 4a. the same object in another title, confirmed there by the position's own figures
  sameObjectShifts(items, lv, flagged, (q) => !flagged.has(q) && ownExpectations(q, lv.text(q), lv).some((e) => holds(q.qty!, e)), add);

  // 4b. earthwork balance: backfill and disposal come out of the excavation
  earthworkBalance(items, lv, flagged, qtyOf, add);

  // 4c. counts of the thing stated in the title or the Vorbemerkungen ("16 Schachtbauwerken")
  statedThingCounts(items, lv, flagged, add);

  // 5. pairs of counts
  for (const pair of COUNT_PAIRS) {
    const carriers = items.filter((p) => unitClass(p.unit) === "piece" && pair.carrier.test(lv.headline(p)));
    const objects = items.filter(
      (p) => unitClass(p.unit) === "piece" && pair.object.test(lv.headline(p)) && !pair.carrier.test(lv.headline(p)),
    );
    if (carriers.length !== 1 || objects.length !== 1 || flagged.has(objects[0])) continue;
    const [c, o] = [carriers[0], objects[0]];
    if (qtyOf(c) === o.qty) continue;
    add(o, { qty: qtyOf(c), derivation: `je ${pair.label} ein Stück: OZ ${c.oz} „${c.shortText.slice(0, 40)}“ hat ${de(qtyOf(c))} St` }, [
      c.oz,
    ]);
  }

  // 6. the arithmetic of the figures around the position: a slip of the pen of one of their products
  for (const p of items) {
    if (flagged.has(p)) continue;
    const a = arithmeticFinding(p, lv, qtyOf);
    if (a) add(p, { qty: a.expected, derivation: a.derivation, exact: true }, a.relatedOz);
  }
  return hits.filter((h) => {
    const p = h.oz ? lv.byOz.get(h.oz) : undefined;
    return !p || !ownChainExplains(p, lv);
  });
}

/** Counts that go together: the carrier is counted from the plans, the object follows it. */
const COUNT_PAIRS: { carrier: RegExp; object: RegExp; label: string }[] = [
  { carrier: /vorwand\w*\s*(element|montageelement)?.*\bwc\b|wc-?(element|vorwand)/, object: /\bwc\b/, label: "WC-Vorwandelement" },
  { carrier: /vorwand\w*.*waschtisch|waschtisch-?element/, object: /waschtisch/, label: "Waschtisch-Element" },
  { carrier: /verteilerschrank/, object: /heizkreisverteiler/, label: "Verteilerschrank" },
];

export const OWN_FIGURE_RULES: LvRule[] = [
  {
    id: "menge-widerspricht-lv-angaben",
    title: "Menge widerspricht den Angaben im LV",
    severity: "warnung",
    category: "menge",
    scope: "position",
    nachtragspotenzial: true,
    why: "Die ausgeschriebene Menge passt nicht zu den Maßen, Flächen oder Stückzahlen, die das LV selbst nennt (im Langtext, im Titel, in den Vorbemerkungen oder in der Position, auf die sich der Text bezieht). Menge vor der Kalkulation klären: Eine zu große Menge verteilt die Gemeinkosten auf Leistungen, die nie gebaut werden; eine zu kleine führt zu Mehrmengen mit neuem Preis nach § 2 Abs. 3 VOB/B.",
    basis: "§ 7 Abs. 1 Nr. 1 VOB/A; § 2 Abs. 3 VOB/B",
    check: (lv) => ownFigureHits(lv),
  },
];
