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
//   4. layers          positions of one title with the same area (roof or floor layers): one of
//                      them five times larger or smaller than the others
//   5. pairs           counts that go together (Vorwandelement WC ↔ WC, Verteilerschrank ↔ Verteiler)

import { fold } from "../../text";
import type { BoqNode } from "../../types";
import { isLumpSum, normaliseUnit, unitClass } from "../position-facts";
import { de, parseGermanNumber, unitLabel } from "./facts";
import { countValue, extentMetres, heightMetres, objectAreas, OBJECTS, productCounts, roomDimensions, statedLength, statedTotalPieces } from "./stated-figures";
import { countOf, NUMBER_WORDS, perUnitStatements, sameNoun, stem, statedCount } from "./stated-counts";
import type { LvHit, LvRule, LvView } from "./types";

/** A figure in the position's own text differing from the quantity by more than this factor is a
 *  finding (waste, overlaps and rounding stay well inside it). */
export const OWN_FIGURE_TOLERANCE = 1.5;
/** Figures that need a derivation (room dimensions, a part's area in the Vorbemerkungen, counts
 *  as products): only about twice or half, or a shifted decimal point, is a finding. */
export const DERIVED_FIGURE_TOLERANCE = 1.9;
/** Layers of one title: the odd one out must differ from the common area at least this much. */
export const LAYER_OUTLIER_FACTOR = 5;

const NUMBER = String.raw`\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:,\d+)?`;
const AREA_UNIT = String.raw`(?:m2|qm)(?![\w/])`;
const VOLUME_UNIT = String.raw`(?:m3|cbm)(?![\w/])`;
const num = (s: string) => parseGermanNumber(s) ?? NaN;
/** "ca.", "i. M.", "im Mittel", "durchschnittlich" before a thickness or depth. */
const APPROX = String.raw`(?:(?:ca\.|rd\.|rund|etwa|i\.\s*m\.|im\s+mittel|mittlere?|durchschnittlich)\s*)?`;

interface Expectation {
  qty: number;
  derivation: string;
  /** Default OWN_FIGURE_TOLERANCE. */
  tolerance?: number;
  /** The size of one unit when the figure is a count × a size (see `otherMultiple`). */
  per?: number;
  /** A stated count or length: too small is as wrong as too large (see `contradicts`). */
  bothWays?: boolean;
}

/** The quantity is a whole number of units of the stated size, but not the stated number: a unit
 *  left out or counted twice ("fünf Decken je 375 m²", 1.500 m² = four of them). */
const otherMultiple = (qty: number, e: Expectation) => {
  if (!e.per) return false;
  const k = Math.round(qty / e.per);
  return k >= 1 && k !== Math.round(e.qty / e.per) && Math.abs(qty / e.per - k) < 0.01;
};
const holds = (qty: number, e: Expectation) => within(qty, e) && !otherMultiple(qty, e);

const within = (qty: number, e: Expectation) => {
  const t = e.tolerance ?? OWN_FIGURE_TOLERANCE;
  return qty <= e.qty * t && qty >= e.qty / t;
};

// ── 1. The position's own text ────────────────────────────────────────────────────────────────

/** "je", "pro", "je ca." right before a figure: a size per unit, not a total. */
const PER = /\b(je|pro|jeweils)\s*(?:ca\.\s*|rd\.\s*|etwa\s*)?$/;

/** Figures with the position's unit in its own text, with what they are ("ca. 1.236 m²"). */
function ownExpectations(p: BoqNode, text: string, lv: View): Expectation[] {
  const cls = unitClass(p.unit);
  const out: Expectation[] = [];
  const unitRe = cls === "area" ? AREA_UNIT : cls === "volume" ? VOLUME_UNIT : null;
  if (unitRe) {
    const re = new RegExp(String.raw`(${NUMBER})\s*${unitRe}`, "g");
    for (const m of text.matchAll(re)) {
      const before = text.slice(Math.max(0, m.index - 40), m.index);
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 30);
      if (/[/]\s*$/.test(before) || /^\s*(je|pro|\/)\b/.test(after)) continue; // a rate: "l/m²", "12 m³ je Baum"
      if (/\b(je|pro)\s+[\w-]+(\s+[\w-]+)?\s*(ca\.\s*)?$/.test(before) || PER.test(before)) continue; // "je Geschoss ca. 210 m²"
      if (/(bis|max\.?|maximal|mind\.?|mindestens|ab|ueber|unter|<|>|≤|≥)\s*$/.test(before)) continue; // a limit, not a size
      const value = num(m[1]);
      if (!(value > 0)) continue;
      const share = /(\d+(?:,\d+)?)\s*%\s*(?:[a-z]+\s+){0,3}von\s*$/.exec(before);
      if (share) {
        const p100 = num(share[1]);
        out.push({ qty: (value * p100) / 100, derivation: `${de(p100)} % von ${de(value)} ${unitLabel(p.unit)} laut Langtext` });
      } else out.push({ qty: value, derivation: `Langtext nennt ${de(value)} ${unitLabel(p.unit)}` });
    }
  }
  if (cls === "volume") {
    const areas = [...text.matchAll(new RegExp(String.raw`(${NUMBER})\s*${AREA_UNIT}`, "g"))].filter((m) => !/^\s*(je|pro|\/)\b/.test(text.slice(m.index + m[0].length, m.index + m[0].length + 8)));
    const area =
      new RegExp(String.raw`(?:flaeche|grundflaeche|gesamtflaeche)[^;]{0,40}?(${NUMBER})\s*${AREA_UNIT}`).exec(text) ?? (areas.length === 1 ? areas[0] : null);
    const depth = new RegExp(
      String.raw`\b(?:d|dicke|\w+dicke|staerke|\w+staerke|aushubtiefe|tiefe|schichtdicke)\s*(?:=|:)?\s*${APPROX}(${NUMBER})\s*(mm|cm|m)\b`,
    ).exec(text);
    if (area && depth && !/\b(bis|max\.?|mind\.?)\s*$/.test(text.slice(Math.max(0, depth.index - 5), depth.index + depth[0].indexOf(depth[1])))) {
      const a = num(area[1]);
      const d = num(depth[1]) / (depth[2] === "mm" ? 1000 : depth[2] === "cm" ? 100 : 1);
      if (a > 0 && d > 0 && d < 5)
        out.push({ qty: a * d, derivation: `Fläche ${de(a)} m² × Dicke/Tiefe ${de(d)} m laut Langtext = ${de(a * d, 1)} m³` });
    }
  }
  if (cls === "area") {
    const length = new RegExp(String.raw`(?:wandlaenge|laenge)[^;:]{0,30}?(${NUMBER})\s*m(?![\w²2])`).exec(text);
    const h = heightMetres(text);
    if (length && h !== null) {
      const l = num(length[1]);
      const sides = /beidseitig\s+(?:zu\s+)?(?:beschicht|streich|spachtel)/.test(text) ? 2 : 1;
      if (l > 0 && h > 0 && h < 20)
        out.push({
          qty: l * h * sides,
          derivation: `Länge ${de(l)} m × Höhe ${de(h)} m${sides === 2 ? " × 2 Seiten" : ""} laut Langtext = ${de(l * h * sides, 1)} m²`,
        });
    }
  }
  if (cls === "area" || cls === "volume") {
    // "Raum 3,10 × 2,45 m": the floor (or ceiling), or with a height the walls around it
    const wall = /wand|fliesenspiegel|sockel/.test(lv.headline(p)) && !/boden|decke/.test(lv.headline(p));
    const h = heightMetres(text);
    const d = cls === "volume" ? thicknessOf(text) : null;
    for (const r of roomDimensions(text)) {
      const times = r.count > 1 ? ` × ${r.count}` : "";
      if (cls === "area" && !wall)
        out.push({ qty: r.length * r.width * r.count, derivation: `${de(r.length)} m × ${de(r.width)} m${times} laut Langtext = ${de(r.length * r.width * r.count, 1)} m²`, tolerance: DERIVED_FIGURE_TOLERANCE });
      else if (cls === "area" && h !== null) {
        const a = 2 * (r.length + r.width) * h * r.count;
        out.push({ qty: a, derivation: `Umfang 2 × (${de(r.length)} m + ${de(r.width)} m) × Höhe ${de(h)} m${times} laut Langtext = ${de(a, 1)} m²`, tolerance: DERIVED_FIGURE_TOLERANCE });
      } else if (cls === "volume" && d !== null) {
        const v = r.length * r.width * d * r.count;
        out.push({ qty: v, derivation: `${de(r.length)} m × ${de(r.width)} m × ${de(d)} m${times} laut Langtext = ${de(v, 2)} m³`, tolerance: DERIVED_FIGURE_TOLERANCE });
      }
    }
  }
  if (cls === "area" || cls === "volume") {
    // "Länge 40 m, Breite 12 m" (and for a volume "Tiefe 1,20 m" or a thickness)
    const [l, b] = [extentMetres(text, "laenge"), extentMetres(text, "breite")];
    const t = cls === "volume" ? (extentMetres(text, "tiefe") ?? thicknessOf(text)) : 1;
    if (l !== null && b !== null && t !== null && l * b >= 10) {
      const q = l * b * t;
      const third = cls === "volume" ? ` × ${de(t)} m` : "";
      out.push({ qty: q, derivation: `Länge ${de(l)} m × Breite ${de(b)} m${third} laut Langtext = ${de(q, 2)} ${unitLabel(p.unit)}`, tolerance: DERIVED_FIGURE_TOLERANCE });
    }
  }
  if (cls === "mass" && /^(t|to)$/.test(normaliseUnit(p.unit))) {
    // "ca. 48 m³ Mauerwerk" to dispose of in t: the volume × a usual density
    const v = new RegExp(String.raw`(${NUMBER})\s*${VOLUME_UNIT}`).exec(text);
    if (v && !/^\s*(je|pro|\/)\b/.test(text.slice(v.index + v[0].length, v.index + v[0].length + 8))) {
      const volume = num(v[1]);
      const density = DENSITIES.find((d) => d.words.test(text)) ?? DENSITIES[DENSITIES.length - 1];
      if (volume > 0)
        out.push({
          qty: volume * density.tPerM3,
          derivation: `${de(volume)} m³ laut Langtext × etwa ${de(density.tPerM3)} t/m³ (${density.label}) = ${de(volume * density.tPerM3, 1)} t`,
          tolerance: 2.5,
        });
    }
  }
  if (cls === "length") {
    const l = statedLength(text);
    if (l !== null) out.push({ qty: l, derivation: `Langtext nennt ${de(l)} m` });
    // "ca. 8 m je Steckdose" × how many there are
    for (const m of text.matchAll(new RegExp(String.raw`(?:ca\.\s*)?(${NUMBER})\s*(?:m|lfm)\s+(?:je|pro)\s+([a-z][\w-]*)`, "g"))) {
      const per = num(m[1]);
      const found = per > 0 ? lv.countFor(m[2], p) : null;
      if (!found) continue;
      out.push({
        qty: per * found.count,
        derivation: `${de(per)} m je ${m[2].replace(/^./, (c) => c.toUpperCase())} × ${found.count} (${found.where}) = ${de(per * found.count)} m`,
        tolerance: DERIVED_FIGURE_TOLERANCE,
      });
    }
  }
  if (cls === "piece") {
    const n = statedTotalPieces(text);
    if (n !== null) out.push({ qty: n, derivation: `Langtext nennt insgesamt ${de(n)} St` });
    for (const c of productCounts(text))
      if (isHeadNoun(c.noun, lv.headline(p))) out.push({ qty: c.count, derivation: `${c.derivation} laut Langtext = ${de(c.count)} St` });
  }
  // "fünf Decken je ca. 375 m²", "(3 Räume) à 24 m²": the count and the size of one
  if (cls === "area" || cls === "volume") {
    const unitRe = cls === "area" ? AREA_UNIT : VOLUME_UNIT;
    const re = new RegExp(String.raw`\b(\d{1,3}|[a-z]+)\s+([a-z][\w-]*)\)?\s*(?:je|jeweils|a)\s+(?:ca\.\s*|rd\.\s*|etwa\s*)?(${NUMBER})\s*${unitRe}`, "g");
    for (const m of text.matchAll(re)) {
      const count = NUMBER_WORDS[m[1]] ?? countValue(m[1]);
      const per = num(m[3]);
      if (!(count >= 2 && count <= 100 && per > 0)) continue;
      const unitName = m[2].replace(/^./, (c) => c.toUpperCase());
      out.push({ qty: count * per, per, derivation: `${de(count)} ${unitName} je ${de(per)} ${unitLabel(p.unit)} laut Langtext = ${de(count * per, 1)} ${unitLabel(p.unit)}` });
    }
  }
  // "je Haus 4 Abläufe", "ca. 70 m² je WE", "je Geschoss ca. 210 m²" × how many there are
  const perUnit = cls === "area" ? AREA_UNIT : cls === "volume" ? VOLUME_UNIT : cls === "piece" ? String.raw`(?:st(?:ueck|ck|k)?\.?\b|[a-z]+)` : null;
  if (perUnit) {
    const patterns = [
      new RegExp(String.raw`\b(?:je|pro)\s+([a-z][\w-]*)\s+(?:ca\.\s*)?(${NUMBER}|[a-z]+)\s*${perUnit}`, "g"),
      new RegExp(String.raw`(?:ca\.\s*)?(${NUMBER})\s*${perUnit}\s+(?:je|pro)\s+([a-z][\w-]*)`, "g"),
    ];
    for (const [i, re] of patterns.entries()) {
      for (const m of text.matchAll(re)) {
        const noun = i === 0 ? m[1] : m[2];
        const per = i === 0 ? (NUMBER_WORDS[m[2]] ?? countValue(m[2])) : num(m[1]);
        if (!(per > 0) || /^(st|stk|stueck|m2|m3|lfm|m)$/.test(noun)) continue;
        const found = lv.countFor(noun, p);
        if (!found) continue;
        // A count read off another position's quantity is a weaker witness than a stated one.
        const fromPosition = found.where.startsWith("Menge von");
        out.push({
          ...(fromPosition ? { tolerance: DERIVED_FIGURE_TOLERANCE } : {}),
          qty: per * found.count,
          derivation: `${de(per)} ${cls === "piece" ? "St" : unitLabel(p.unit)} je ${noun.replace(/^./, (c) => c.toUpperCase())} × ${found.count} (${found.where}) = ${de(per * found.count)}`,
        });
      }
    }
  }
  return out;
}

/** Usual bulk densities (t/m³) of what is disposed of; the last row is the default. */
const DENSITIES: { words: RegExp; tPerM3: number; label: string }[] = [
  { words: /stahlbeton|beton/, tPerM3: 2.4, label: "Beton" },
  { words: /mauerwerk|ziegel|kalksandstein/, tPerM3: 1.8, label: "Mauerwerk" },
  { words: /boden|aushub|erd/, tPerM3: 1.9, label: "Boden" },
  { words: /asphalt/, tPerM3: 2.3, label: "Asphalt" },
  { words: /holz/, tPerM3: 0.6, label: "Holz" },
  { words: /daemm|kmf|mineralwolle|eps/, tPerM3: 0.1, label: "Dämmstoff" },
  { words: /./, tPerM3: 1.6, label: "Bauschutt" },
];

/** The thickness for a volume: the first thickness written ("d = 25 cm", "Dicke 250 mm"). */
function thicknessOf(text: string): number | null {
  const m = new RegExp(String.raw`\b(?:d|dicke|\w+dicke|staerke|\w+staerke|schichtdicke)\s*(?:=|:)?\s*${APPROX}(${NUMBER})\s*(mm|cm|m)\b`).exec(text);
  if (!m) return null;
  const d = num(m[1]) / (m[2] === "mm" ? 1000 : m[2] === "cm" ? 100 : 1);
  return d > 0.01 && d < 5 ? d : null;
}

/** The noun is the head of a word of the headline ("Kunststofffenster" for "Fenster", not
 *  "Fensterbank"): the position is the counted thing itself. */
function isHeadNoun(noun: string, headline: string): boolean {
  const n = stem(noun);
  return n.length >= 3 && headline.split(/[^a-z]+/).some((w) => w.length >= n.length && stem(w).endsWith(n));
}

// ── 1b. The title and the Vorbemerkungen ──────────────────────────────────────────────────────

/** What the title or the Vorbemerkungen state for the part of the building the work is on. */
function contextExpectations(p: BoqNode, lv: View): Expectation[] {
  const cls = unitClass(p.unit);
  const t = lv.title(p);
  const titleText = t ? fold(t.shortText) : "";
  const sources = [
    { text: titleText, where: "Titel" },
    { text: fold(lv.preamble), where: "Vorbemerkungen" },
  ];
  const head = lv.headline(p);
  const out: Expectation[] = [];
  if (cls === "area") {
    // The part of the building: from the short text, else from the title ("Flachdach" over "Dampfsperre")
    const own = OBJECTS.filter((o) => o.work.test(head));
    const parts = own.length ? own : OBJECTS.filter((o) => o.work.test(titleText));
    if (parts.length !== 1 || /teil|bereich|teilweise|anteilig|zulage|anschluss|streifen|sockel|laibung|kehle|rand/.test(head)) return out;
    for (const { text, where } of sources) {
      const stated = objectAreas(text).filter((a) => a.object === parts[0].object);
      // One figure for the part; several (per house, per floor) are not a total.
      if (stated.length !== 1) continue;
      out.push({ qty: stated[0].value, derivation: `${where}: „${stated[0].quote}“ – die Fläche des Bauteils ${parts[0].object}`, tolerance: DERIVED_FIGURE_TOLERANCE });
      break;
    }
  }
  if (cls === "piece" || cls === "length") {
    for (const { text, where } of sources) {
      // "je Geschoss 18 Fenster", "je Doppelhaushälfte sind zwei Fallrohre (Länge je ca. 6,00 m)"
      const e = perUnitExpectation(p, countedNouns(head), text, where, cls);
      if (e) {
        out.push(e);
        break;
      }
      if (cls === "length") continue;
      const found = productCounts(text).filter((c) => isHeadNoun(c.noun, head));
      if (found.length !== 1) continue;
      out.push({ qty: found[0].count, derivation: `${where}: ${found[0].derivation} = ${de(found[0].count)} St`, tolerance: DERIVED_FIGURE_TOLERANCE });
      break;
    }
  }
  return out;
}

/** Things counted by another thing: one lintel per opening, one frame per door. */
const COUNTED_BY: { work: RegExp; nouns: string[] }[] = [
  { work: /sturz|stuerz/, nouns: ["oeffnung"] },
  { work: /zarge/, nouns: ["tuer", "zarge"] },
  { work: /fensterbank|fensterbaenk/, nouns: ["fenster"] },
  { work: /standrohr/, nouns: ["fallrohr"] },
];

/** The nouns a piece or length position is counted by: the words of its headline and, for
 *  things that come one per another thing, that thing. */
function countedNouns(head: string): string[] {
  const own = head.split(/[^a-z]+/).filter((w) => w.length >= 4);
  return [...own, ...COUNTED_BY.filter((c) => c.work.test(head)).flatMap((c) => c.nouns)];
}

const LENGTH_EACH = new RegExp(String.raw`(?:laenge|lang)\s*(?:je|jeweils)?\s*(?:ca\.\s*|rd\.\s*|etwa\s*)?(${NUMBER})\s*m(?![\w²2])|\b(?:je|a|à)\s*(?:ca\.\s*)?(${NUMBER})\s*m(?![\w²2])`);

/** A per-unit statement of the Vorbemerkungen or title about what the position counts, times
 *  how many units there are; for a length also times the length each. A stated number of things
 *  is held both ways: half as many is as wrong as twice as many. */
function perUnitExpectation(p: BoqNode, nouns: string[], text: string, where: string, cls: "piece" | "length"): Expectation | null {
  for (const noun of nouns) {
    for (const s of perUnitStatements(noun, text)) {
      if (sameNoun(s.unit, noun)) continue;
      const units = statedCount(s.unit, text);
      if (!units) continue;
      const count = s.per * units.count;
      const unitName = s.unit.replace(/^./, (c) => c.toUpperCase());
      const base = `${where}: ${de(s.per)} je ${unitName} × ${units.how ? `${units.how} = ${de(units.count)}` : de(units.count)} ${unitName} = ${de(count)}`;
      if (cls === "piece") return { qty: count, derivation: `${base} St`, tolerance: DERIVED_FIGURE_TOLERANCE, bothWays: true };
      const after = text.slice(s.index, s.index + 200);
      const nounAt = after.search(new RegExp(stem(noun)));
      const each = nounAt >= 0 ? LENGTH_EACH.exec(after.slice(nounAt)) : null;
      const metres = each ? num(each[1] ?? each[2]) : NaN;
      if (!(metres > 0)) continue;
      return { qty: count * metres, derivation: `${base} × ${de(metres)} m je Stück = ${de(count * metres, 1)} m`, tolerance: DERIVED_FIGURE_TOLERANCE, bothWays: true };
    }
  }
  return null;
}

/** A derived figure flags a smaller quantity only when its decimal point is shifted: the work may
 *  cover a part of the area. */
function contradicts(qty: number, e: Expectation): boolean {
  if (within(qty, e)) return false;
  return qty > e.qty || e.bothWays === true || isDecimalShift(qty / e.qty);
}

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
      if (/\b(bis|ueber|unter|ab|kleiner|groesser|max\.?|mind\.?)\s+(?:\d|ca)/.test(rule) || /(werden|wird)\s+(uebermessen|abgezogen|nicht)/.test(rule)) continue;
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

// ── The checks ────────────────────────────────────────────────────────────────────────────────

interface View extends LvView {
  countFor(noun: string, p: BoqNode): { count: number; where: string } | null;
  title(p: BoqNode): BoqNode | null;
}

function view(lv: LvView): View {
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
      (q) => q !== p && unitClass(q.unit) === "piece" && q.qty && lv.headline(q).split(/[^a-z]+/).some((w) => w && sameNoun(w, noun)),
    );
    return counted ? { count: counted.qty!, where: `Menge von OZ ${counted.oz}` } : null;
  };
  return { ...lv, countFor, title };
}

/** 10, 100, 0,1 … within 2 %. */
const isDecimalShift = (factor: number) => {
  const exponent = Math.round(Math.log10(factor));
  return exponent !== 0 && Math.abs(factor / 10 ** exponent - 1) < 0.02;
};

function hit(p: BoqNode, expected: Expectation, relatedOz: string[] = []): LvHit & { expectedQty: number } {
  const unit = unitLabel(p.unit);
  const factor = p.qty! / expected.qty;
  const shift = isDecimalShift(factor);
  return {
    oz: p.oz,
    ...(relatedOz.length ? { relatedOz } : {}),
    expectedQty: Math.round(expected.qty * 1000) / 1000,
    evidence:
      `${de(p.qty!)} ${unit} ausgeschrieben; erwartet etwa ${de(expected.qty, 1)} ${unit} (${expected.derivation})` +
      (shift ? ` – um den Faktor ${de(Math.round(factor >= 1 ? factor : 1 / factor))} ${factor > 1 ? "zu groß" : "zu klein"}, vermutlich ein Kommafehler` : ""),
  };
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
    const nearest = [...found].sort((a, b) => Math.abs(Math.log(p.qty! / a.qty)) - Math.abs(Math.log(p.qty! / b.qty)))[0];
    add(p, nearest);
  }

  // 1b. title and Vorbemerkungen
  for (const p of items) {
    if (flagged.has(p)) continue;
    const e = contextExpectations(p, lv).find((x) => contradicts(p.qty!, x));
    if (e) add(p, e);
  }

  // 2. named areas: a floor position covering one named area only
  const areas = namedAreas([fold(lv.preamble), ...lv.items.map((p) => lv.text(p))]);
  for (const p of items) {
    if (flagged.has(p) || unitClass(p.unit) !== "area" || WALL_WORK.test(lv.headline(p))) continue;
    const words = lv.text(p).split(/[^a-z-]+/).filter((w) => w.length > 3);
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
    const from = [...text.matchAll(SUBSET)].map((m) => lv.byOz.get(m[1])).filter((q): q is BoqNode => !!q && q !== p && unitClass(q.unit) === cls && q.qty !== null);
    if (from.length === 0 || /beidseitig|zweiseitig|je seite|lagen|zweilagig/.test(text)) continue;
    const minus = [...text.matchAll(MINUS)].map((m) => lv.byOz.get(m[1])).filter((q): q is BoqNode => !!q && unitClass(q.unit) === cls && q.qty !== null);
    const base = from.filter((q) => !minus.includes(q));
    const expected = base.reduce((s, q) => s + qtyOf(q), 0) - minus.reduce((s, q) => s + qtyOf(q), 0);
    if (expected <= 0 || p.qty! <= expected * OWN_FIGURE_TOLERANCE) continue;
    const unit = unitLabel(p.unit);
    const derivation =
      base.map((q) => `OZ ${q.oz} ${de(qtyOf(q))} ${unit}`).join(" + ") +
      minus.map((q) => ` − OZ ${q.oz} ${de(qtyOf(q))} ${unit}`).join("") +
      ` = ${de(expected, 1)} ${unit}; der Langtext bezieht die Menge auf ${minus.length || base.length > 1 ? "diese Positionen" : "diese Position"}`;
    add(p, { qty: expected, derivation }, [...base, ...minus].map((q) => q.oz));
  }

  // 4. layers: one title, the same area for most positions, one far off
  const byTitle = new Map<BoqNode | null, BoqNode[]>();
  for (const p of items) if (unitClass(p.unit) === "area") byTitle.set(lv.title(p), [...(byTitle.get(lv.title(p)) ?? []), p]);
  for (const group of byTitle.values()) {
    if (group.length < 3) continue;
    // The largest cluster of areas within 3 % of each other (layers measured once, or with a
    // little waste): at least two positions, and three when the title is small.
    const close = (a: number, b: number) => Math.abs(Math.log(a / b)) < 0.03;
    const clusters = group.map((p) => group.filter((q) => close(qtyOf(q), qtyOf(p))));
    const best = clusters.sort((a, b) => b.length - a.length)[0];
    const n = best.length;
    if (n < (group.length < 4 ? 2 : 3)) continue;
    const common = [...best.map(qtyOf)].sort((a, b) => a - b)[Math.floor((n - 1) / 2)];
    for (const p of group) {
      if (flagged.has(p) || best.includes(p)) continue;
      const factor = p.qty! / common;
      if (factor < LAYER_OUTLIER_FACTOR && factor > 1 / LAYER_OUTLIER_FACTOR) continue;
      // Only a shifted decimal point (× 10, × 100, ÷ 10 …): other sizes are other parts of the work.
      if (!isDecimalShift(factor)) continue;
      const peers = best;
      add(p, { qty: common, derivation: `${n} weitere Lagen desselben Titels haben ${best.every((q) => qtyOf(q) === common) ? "je" : "etwa"} ${de(common)} m² (OZ ${peers.map((q) => q.oz).slice(0, 4).join(", ")})` }, peers.map((q) => q.oz).slice(0, 6));
    }
  }

  // 4b. earthwork balance: backfill and disposal come out of the excavation
  earthworkBalance(items, lv, flagged, qtyOf, add);

  // 5. pairs of counts
  for (const pair of COUNT_PAIRS) {
    const carriers = items.filter((p) => unitClass(p.unit) === "piece" && pair.carrier.test(lv.headline(p)));
    const objects = items.filter((p) => unitClass(p.unit) === "piece" && pair.object.test(lv.headline(p)) && !pair.carrier.test(lv.headline(p)));
    if (carriers.length !== 1 || objects.length !== 1 || flagged.has(objects[0])) continue;
    const [c, o] = [carriers[0], objects[0]];
    if (qtyOf(c) === o.qty) continue;
    add(o, { qty: qtyOf(c), derivation: `je ${pair.label} ein Stück: OZ ${c.oz} „${c.shortText.slice(0, 40)}“ hat ${de(qtyOf(c))} St` }, [c.oz]);
  }
  return hits;
}

const EXCAVATION = /aushub|ausheben|baugrube\w*\s+(?:ausheb|herstell)|boden\s+loesen|bodenaushub/;
const BACKFILL = /verfuell|hinterfuell|wiedereinbau|arbeitsraum/;
const DISPOSAL = /abfahr|abfuhr|entsorg|verwert|abtransport|laden\s+und/;

/** Excavated soil is put back or carried away: a disposal more than half again the excavation
 *  (loosening included), or a backfill of site soil larger than the excavation, is a finding. */
function earthworkBalance(
  items: BoqNode[],
  lv: View,
  flagged: Set<BoqNode>,
  qtyOf: (p: BoqNode) => number,
  add: (p: BoqNode, e: Expectation, related?: string[]) => void,
) {
  const volume = items.filter((p) => unitClass(p.unit) === "volume");
  const pick = (re: RegExp, not: RegExp) => volume.filter((p) => re.test(lv.headline(p)) && !not.test(lv.headline(p)));
  const excavation = pick(EXCAVATION, /verfuell|abfahr|entsorg|laden/);
  const backfill = pick(BACKFILL, /liefer|fremd|schotter|kies|sand|beton|recycling|rc-|abfahr|entsorg/);
  const disposal = pick(DISPOSAL, /bauschutt|asbest|schadstoff|oberboden|mutterboden|abbruch|belast|kontamin|verfuell/);
  if (excavation.length === 0) return;
  const dug = excavation.reduce((s, p) => s + qtyOf(p), 0);
  const ex = excavation.map((p) => `OZ ${p.oz} ${de(qtyOf(p))} m³`).join(" + ");
  for (const p of backfill) {
    if (flagged.has(p) || p.qty! <= dug * DERIVED_FIGURE_TOLERANCE) continue;
    add(p, { qty: dug, derivation: `verfüllt wird höchstens, was ausgehoben wurde: Aushub ${ex}` }, excavation.map((q) => q.oz));
  }
  for (const p of disposal) {
    if (flagged.has(p) || disposal.length !== 1) continue;
    const rest = dug - backfill.filter((q) => !flagged.has(q)).reduce((s, q) => s + qtyOf(q), 0);
    if (p.qty! <= dug * 1.5 || rest <= 0) continue;
    const fill = backfill.map((q) => ` − Verfüllung OZ ${q.oz} ${de(qtyOf(q))} m³`).join("");
    add(p, { qty: rest, derivation: `Aushub ${ex}${fill} = ${de(rest, 1)} m³ bleiben zum Abfahren` }, [...excavation, ...backfill].map((q) => q.oz));
  }
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
