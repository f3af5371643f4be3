// Quantities against the figures the LV states for the position: in its own long text (areas,
// volumes, area × thickness, length × height, room dimensions, counts × sizes, shares, per-unit
// figures × how many units there are) and in its title or the Vorbemerkungen (the area of the part
// of the building, counts per unit, chained through other counts, things counted by others).

import { fold } from "../../text";
import type { BoqNode } from "../../types";
import { normaliseUnit, unitClass } from "../position-facts";
import { de, unitLabel } from "./facts";
import { APPROX, AREA_UNIT, DERIVED_FIGURE_TOLERANCE, NUMBER, num, VOLUME_UNIT, type Expectation, type View } from "./figure-check";
import {
  NUMBER_WORDS,
  perUnitStatements,
  sameNoun,
  SENTENCE_END,
  sentencesOf,
  stem,
  statedCount,
  type PerUnitStatement,
  type StatedCount,
} from "./stated-counts";
import {
  countValue,
  crossSectionM2,
  kgPerMetre,
  ownPieceCount,
  pieceLengthMetres,
  extentMetres,
  heightMetres,
  objectAreas,
  OBJECTS,
  piecesTimesLength,
  productCounts,
  roomDimensions,
  statedLength,
  statedTotalPieces,
} from "./stated-figures";

// ── 1. The position's own text ────────────────────────────────────────────────────────────────

/** "je", "pro", "je ca." right before a figure: a size per unit, not a total. */
const PER = /\b(je|pro|jeweils)\s*(?:ca\.\s*|rd\.\s*|etwa\s*)?$/;

/** Figures with the position's unit in its own text, with what they are ("ca. 1.236 m²"). */
export function ownExpectations(p: BoqNode, text: string, lv: View): Expectation[] {
  const cls = unitClass(p.unit);
  const out: Expectation[] = [];
  const unitRe = cls === "area" ? AREA_UNIT : cls === "volume" ? VOLUME_UNIT : null;
  if (unitRe) {
    const parts: number[] = [];
    const re = new RegExp(String.raw`(${NUMBER})\s*${unitRe}`, "g");
    // "Fläche je Decke … = 300,00 m² abzüglich Treppenauge … = 13,52 m², 2 Decken": figures per
    // unit (with what they deduct) × the units the text counts; unknown units: no figure.
    const perUnit: { value: number; nouns: string[]; at: number }[] = [];
    let lastEnd = 0;
    for (const m of text.matchAll(re)) {
      const before = text.slice(Math.max(0, m.index - 40), m.index);
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 30);
      const since = text.slice(lastEnd, m.index);
      lastEnd = m.index + m[0].length;
      if (/[/]\s*$/.test(before) || /^\s*(je|pro|\/)\b/.test(after)) continue; // a rate: "l/m²", "12 m³ je Baum"
      if (/(bis|max\.?|maximal|mind\.?|mindestens|ab|ueber|unter|<|>|≤|≥)\s*$/.test(before)) continue; // a limit, not a size
      const value = num(m[1]);
      if (!(value > 0)) continue;
      const clause = clauseBefore(text, m.index);
      const per = PER_CLAUSE.exec(clause);
      if (perUnit.length && /\b(?:abzueglich|abzgl\.?|minus)\s/.test(since) && !/[;]|\.\s+[a-z]/.test(since)) {
        perUnit[perUnit.length - 1].value -= value; // "abzüglich Treppenauge … = 13,52 m²"
        continue;
      }
      if (per && !/\b(je|pro)\s*(?:ca\.\s*)?$/.test(before)) {
        perUnit.push({ value, nouns: [per[1], per[2]].filter((n): n is string => !!n), at: m.index });
        continue;
      }
      if (/\b(je|pro)\s+[\w-]+(\s+[\w-]+)?\s*(ca\.\s*)?$/.test(before) || PER.test(before)) continue; // "je Geschoss ca. 210 m²"
      const share = /(\d+(?:,\d+)?)\s*%\s*(?:[a-z]+\s+){0,3}von\s*$/.exec(before);
      if (share) {
        const p100 = num(share[1]);
        out.push({ qty: (value * p100) / 100, derivation: `${de(p100)} % von ${de(value)} ${unitLabel(p.unit)} laut Langtext` });
      } else {
        out.push({ qty: value, derivation: `Langtext nennt ${de(value)} ${unitLabel(p.unit)}` });
        parts.push(value);
      }
    }
    for (const u of perUnit) {
      const units = u.nouns.map((n) => ({ n, c: lv.countFor(n, p) }));
      if (units.some((x) => !x.c) || !(u.value > 0)) continue;
      const factor = units.reduce((f, x) => f * x.c!.count, 1);
      const how = units.map((x) => `${x.c!.count} ${x.n.replace(/^./, (c) => c.toUpperCase())}`).join(" × ");
      out.push({
        qty: u.value * factor,
        ...(factor > 1 ? { per: u.value } : {}),
        derivation: `${de(u.value, 2)} ${unitLabel(p.unit)} je ${units.map((x) => x.n.replace(/^./, (c) => c.toUpperCase())).join(" und ")} × ${how} laut Langtext = ${de(u.value * factor, 2)} ${unitLabel(p.unit)}`,
      });
    }
    // "Bodenplatte … = 100,80 m³, sowie Streifenfundamente (ca. 58 m³)": the work may be the sum
    if (new Set(parts).size >= 2) {
      const sum = parts.reduce((a, b) => a + b, 0);
      out.push({
        qty: sum,
        derivation: `Summe der Angaben im Langtext ${parts.map((v) => de(v)).join(" + ")} = ${de(sum, 2)} ${unitLabel(p.unit)}`,
      });
    }
  }
  if (cls === "volume") {
    const areas = [...text.matchAll(new RegExp(String.raw`(${NUMBER})\s*${AREA_UNIT}`, "g"))].filter(
      (m) => !/^\s*(je|pro|\/)\b/.test(text.slice(m.index + m[0].length, m.index + m[0].length + 8)),
    );
    const area =
      new RegExp(String.raw`(?:flaeche|grundflaeche|gesamtflaeche)[^;]{0,40}?(${NUMBER})\s*${AREA_UNIT}`).exec(text) ??
      (areas.length === 1 ? areas[0] : null);
    const depth = new RegExp(
      String.raw`\b(?:d|dicke|\w+dicke|staerke|\w+staerke|aushubtiefe|tiefe|schichtdicke)\s*(?:=|:)?\s*${APPROX}(${NUMBER})\s*(mm|cm|m)\b`,
    ).exec(text);
    if (
      area &&
      depth &&
      !/\b(bis|max\.?|mind\.?)\s*$/.test(text.slice(Math.max(0, depth.index - 5), depth.index + depth[0].indexOf(depth[1])))
    ) {
      const a = num(area[1]);
      const d = num(depth[1]) / (depth[2] === "mm" ? 1000 : depth[2] === "cm" ? 100 : 1);
      // "Dicke 30 cm …, Fläche 180,00 m × 5,50 m = 990 m²" without "ca.": two thirds is no rounding
      const exact = !/\b(ca\.|rd\.|etwa|rund|i\.\s*m\.|im\s+mittel|mittlere|durchschnittlich|teil\w*|davon)/.test(text);
      if (a > 0 && d > 0 && d < 5)
        out.push({
          qty: a * d,
          derivation: `Fläche ${de(a)} m² × Dicke/Tiefe ${de(d)} m laut Langtext = ${de(a * d, 1)} m³`,
          ...(exact ? { tolerance: EXACT_VOLUME_TOLERANCE, bothWays: true } : {}),
        });
    }
  }
  if (cls === "volume") {
    // "Sparren … Querschnitt 10/24 cm … Gesamtlänge der Sparren beider Häuser ca. 1.480 m"
    const section = crossSectionM2(text);
    const l = section !== null ? statedLength(text) : null;
    if (section !== null && l !== null)
      out.push({
        qty: section * l,
        derivation: `Querschnitt ${de(section, 4)} m² × Gesamtlänge ${de(l)} m laut Langtext = ${de(section * l, 2)} m³`,
      });
  }
  // "Querschnitt 12/24 cm, Länge 6,50 m, 38 Balken je Decke … (2 Decken)", "Stützweite 30,00 m, 11
  // Riegel, Nenngewicht 90,7 kg/m": the section or weight per metre × the length of one × the pieces
  const section = cls === "volume" ? crossSectionM2(text) : null;
  const perMetre = cls === "mass" && /^(t|to|kg)$/.test(normaliseUnit(p.unit)) ? kgPerMetre(text) : null;
  if (section !== null || perMetre !== null) {
    const each = pieceLengthMetres(text);
    const pieces = each !== null && each < 50 ? ownPieceCount(text, (n) => isMainNoun(n, lv.headline(p))) : null;
    const units = pieces?.per ? lv.countFor(pieces.per, p) : null;
    if (pieces && (!pieces.per || units)) {
      const n = pieces.count * (units?.count ?? 1);
      const how = `${n} Stück${units ? ` (${pieces.count} je ${pieces.per!.replace(/^./, (c) => c.toUpperCase())} × ${units.count})` : ""} × ${de(each!)} m`;
      const qty = section !== null ? section * each! * n : (perMetre! * each! * n) / (normaliseUnit(p.unit) === "kg" ? 1 : 1000);
      out.push({
        qty,
        derivation:
          section !== null
            ? `${how} × Querschnitt ${de(section, 4)} m² laut Langtext = ${de(qty, 2)} m³`
            : `${how} × ${de(perMetre!)} kg/m laut Langtext = ${de(qty, 3)} ${unitLabel(p.unit)}`,
        tolerance: DERIVED_FIGURE_TOLERANCE,
      });
    }
  }
  if (cls === "area") {
    // "Länge 38,50 m, Höhe 2,75 m", "Höhe 0,60 m über die gesamte Gebäudeabwicklung von 89,80 m",
    // "Beckenumfang 75,00 m, Wandhöhe 1,80 m"; "Flurlänge je Geschoss" × the storeys, "beide
    // Giebelwände, Länge je 72,00 m" × 2
    const length = new RegExp(String.raw`(?:wandlaenge|laenge|abwicklung|umfang)[^;:]{0,30}?(${NUMBER})\s*m(?![\w²2])`).exec(text);
    const h = heightMetres(text);
    const l = length ? num(length[1]) : NaN;
    const times = length ? multiplierAt(text, length.index, length[0], p, lv) : null;
    if (times && l > 0 && h !== null && h > 0 && h < 20) {
      // Both sides of a wall: painted both sides is twice the area, planked both sides is not
      // ("Flurwände beidseits des Mittelflurs" may be two walls): both readings hold.
      const sides = /beidseitig\s+(?:zu\s+)?(?:beschicht|streich|spachtel)/.test(text) ? [2] : onBothSides(text) ? [1, 2] : [1];
      for (const n of sides) {
        const q = l * h * n * times.factor;
        out.push({
          qty: q,
          ...(times.factor > 1 ? { per: l * h * n } : {}),
          derivation: `Länge ${de(l)} m × Höhe ${de(h)} m${n === 2 ? " × 2 Seiten" : ""}${times.how} laut Langtext = ${de(q, 1)} m²`,
        });
      }
      // "auf Boden (12,50 m × 8,00 m) und Wänden (Umfang 41,00 m, Höhe 0,90 m)": the parts add up
      const floor = [...text.matchAll(FLOOR_DIMS)].find(
        (m) => !/(oeffnung|tuer|fenster)\w*\s*$/.test(text.slice(Math.max(0, m.index - 30), m.index)),
      );
      if (floor) {
        const q = num(floor[1]) * num(floor[2]) + l * h * times.factor;
        out.push({
          qty: q,
          derivation: `${de(num(floor[1]))} m × ${de(num(floor[2]))} m + Länge ${de(l)} m × Höhe ${de(h)} m laut Langtext = ${de(q, 1)} m²`,
        });
      }
    }
    // "Je Geschoss 21 Trennwände à 7,20 m Länge × 2,75 m Höhe"
    for (const m of text.matchAll(WALLS_EACH)) {
      const [n, wl, wh] = [countValue(m[1]), num(m[3]), num(m[4])];
      const unit = /\b(?:je|pro)\s+([a-z][\w-]*)\s*$/.exec(text.slice(Math.max(0, m.index - 25), m.index))?.[1];
      const units = unit ? lv.countFor(unit, p) : null;
      if (!(n > 0 && wl > 0 && wh > 0 && wh < 20) || (unit && !units)) continue;
      const per = n * wl * wh;
      const total = per * (units?.count ?? 1);
      out.push({
        qty: total,
        ...(units && units.count > 1 ? { per } : {}),
        exact: true,
        derivation: `${m[1]} ${m[2]} × ${de(wl)} m × ${de(wh)} m${units ? ` je ${unit!.replace(/^./, (c) => c.toUpperCase())} × ${units.count} (${units.where})` : ""} laut Langtext = ${de(total, 1)} m²`,
      });
    }
  }
  if (cls === "area" || cls === "volume") {
    // "Raum 3,10 × 2,45 m": the floor (or ceiling), or with a height the walls around it
    const wall = /wand|fliesenspiegel|sockel/.test(lv.headline(p)) && !/boden|decke/.test(lv.headline(p));
    const h = heightMetres(text);
    const d = cls === "volume" ? thicknessOf(text) : null;
    for (const r0 of roomDimensions(text)) {
      // "Flurfläche je Geschoss 38,50 m × 1,80 m, 6 Geschosse": × the storeys; unknown: no figure
      const units = r0.perUnit ? lv.countFor(r0.perUnit, p) : null;
      if (r0.perUnit && !units) continue;
      const r = { ...r0, count: r0.count * (units?.count ?? 1) };
      const times = r.count > 1 ? ` × ${r.count}` : "";
      const exact = r.exact && !/\b(ca\.|rd\.|etwa)/.test(text) ? { exact: true } : {};
      if (cls === "area" && !wall)
        out.push({
          qty: r.length * r.width * r.count,
          ...exact,
          derivation: `${de(r.length)} m × ${de(r.width)} m${times} laut Langtext = ${de(r.length * r.width * r.count, 1)} m²`,
          tolerance: DERIVED_FIGURE_TOLERANCE,
        });
      else if (cls === "area" && h !== null) {
        // "abzüglich Türöffnung je Raum 1,00 m × 2,10 m"
        const opening = OPENING_DEDUCTED.exec(text);
        const cut = opening ? num(opening[2]) * num(opening[3]) * (opening[1] ? r.count : 1) : 0;
        const a = 2 * (r.length + r.width) * h * r.count - cut;
        out.push({
          qty: a,
          derivation: `Umfang 2 × (${de(r.length)} m + ${de(r.width)} m) × Höhe ${de(h)} m${times}${cut ? ` − Öffnungen ${de(cut, 2)} m²` : ""} laut Langtext = ${de(a, 1)} m²`,
          tolerance: DERIVED_FIGURE_TOLERANCE,
        });
      } else if (cls === "volume" && d !== null) {
        const v = r.length * r.width * d * r.count;
        out.push({
          qty: v,
          derivation: `${de(r.length)} m × ${de(r.width)} m × ${de(d)} m${times} laut Langtext = ${de(v, 2)} m³`,
          tolerance: DERIVED_FIGURE_TOLERANCE,
        });
      }
    }
  }
  if (cls === "area" || cls === "volume") {
    // "Länge 40 m, Breite 12 m" (and for a volume "Tiefe 1,20 m" or a thickness)
    const [l, b] = [extentMetres(text, "laenge"), extentMetres(text, "breite")];
    const t = cls === "volume" ? (extentMetres(text, "tiefe") ?? thicknessOf(text)) : 1;
    // "Gehwege beidseitig, Länge je 420 m": the length of each of two sides
    const sides = /\blaenge\s+je\b/.test(text) && BOTH_SIDES.test(text) ? 2 : 1;
    if (l !== null && b !== null && t !== null && l * b >= 10) {
      const q = l * b * t * sides;
      const third = (cls === "volume" ? ` × ${de(t)} m` : "") + (sides === 2 ? " × 2 Seiten" : "");
      // Three stated dimensions of a volume without "ca." ("Grabenlänge 640 m, Grabenbreite 1,60 m,
      // mittlere Grabentiefe 2,40 m"): half as much again is no rounding – unless the trench is
      // sloped (the stated width is the bottom's, a "Böschung" adds up to twice the volume)
      const stated =
        cls === "volume" && extentMetres(text, "tiefe") !== null && !/\b(ca\.|rd\.|etwa|rund)\s*\d/.test(text) && !/boesch/.test(text);
      out.push({
        qty: q,
        derivation: `Länge ${de(l)} m × Breite ${de(b)} m${third} laut Langtext = ${de(q, 2)} ${unitLabel(p.unit)}`,
        tolerance: stated ? EXACT_VOLUME_TOLERANCE : DERIVED_FIGURE_TOLERANCE,
      });
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
    // "beidseitig entlang der Aufbruchkante, Trassenlänge 640 m": both sides of the length
    if (l !== null && BOTH_SIDES.test(text)) out.push({ qty: 2 * l, derivation: `Langtext nennt ${de(l)} m × 2 Seiten` });
    // "Anzahl 240 Stück …, mittlere Länge ca. 1,30 m"
    const pieces = piecesTimesLength(text);
    if (pieces)
      out.push({
        qty: pieces.count * pieces.each,
        derivation: `${de(pieces.count)} St × ${de(pieces.each)} m laut Langtext = ${de(pieces.count * pieces.each, 1)} m`,
        tolerance: DERIVED_FIGURE_TOLERANCE,
      });
    // "beidseitig … über die gesamte Ausbaulänge" and "Die Ausbaulänge beträgt 420 m" elsewhere
    const named = namedLengthOf(text, fold(lv.preamble));
    if (named) {
      const sides = BOTH_SIDES.test(text) ? 2 : 1;
      out.push({
        qty: named.metres * sides,
        derivation: `${named.name.replace(/^./, (c) => c.toUpperCase())} ${de(named.metres)} m laut Vorbemerkungen${sides === 2 ? " × 2 Seiten" : ""} = ${de(named.metres * sides)} m`,
      });
    }
    // "beidseitig entlang des Kirchwegs (Länge 180,00 m je Seite)": each of the two sides
    const perSide = new RegExp(String.raw`\blaenge\s*(?:ca\.\s*)?(${NUMBER})\s*m\s+(?:je|pro)\s+seite\b`).exec(text);
    if (perSide && BOTH_SIDES.test(text) && num(perSide[1]) > 0)
      out.push({
        qty: 2 * num(perSide[1]),
        derivation: `Langtext: beidseitig, ${de(num(perSide[1]))} m je Seite × 2 Seiten`,
        bothWays: true,
      });
    // "Abwicklung je Fenster 2 × 1,385 m + 1,26 m = 4,03 m, 96 Fenster": the length of one × how many
    for (const m of text.matchAll(
      new RegExp(
        String.raw`\b(?:\w*laenge|abwicklung|umfang)\s+(?:je|pro)\s+([a-z][\w-]*)(?:[^;=]{0,50}=\s*|\s*(?:ca\.\s*)?)(${NUMBER})\s*m(?![\w²2/])`,
        "g",
      ),
    )) {
      const per = num(m[2]);
      const found = per > 0 && m[1] !== "seite" ? lv.countFor(m[1], p) : null;
      if (!found) continue;
      out.push({
        qty: per * found.count,
        derivation: `${de(per)} m je ${m[1].replace(/^./, (c) => c.toUpperCase())} × ${found.count} (${found.where}) = ${de(per * found.count, 2)} m`,
        tolerance: DERIVED_FIGURE_TOLERANCE,
        // a count the position states itself is held both ways, as the length of one
        ...(found.where === "Langtext" ? { bothWays: true } : {}),
      });
    }
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
    // "32 Sparrenpaare (64 Sparren). Abrechnung je Sparren": the count of the thing itself
    const own = ownPieceCount(text, (n) => isMainNoun(n, lv.headline(p)));
    if (own && !own.per)
      out.push({ qty: own.count, derivation: `Langtext nennt ${de(own.count)} Stück`, exact: true, bothWays: true, tolerance: 1.2 });
    for (const c of productCounts(text))
      if (isHeadNoun(c.noun, lv.headline(p))) out.push({ qty: c.count, derivation: `${c.derivation} laut Langtext = ${de(c.count)} St` });
  }
  // "fünf Decken je ca. 375 m²", "(3 Räume) à 24 m²": the count and the size of one
  if (cls === "area" || cls === "volume") {
    const unitRe = cls === "area" ? AREA_UNIT : VOLUME_UNIT;
    const re = new RegExp(
      String.raw`\b(\d{1,3}|[a-z]+)\s+([a-z][\w-]*)\)?\s*(?:zu\s+)?(?:je|jeweils|a)\s+(?:ca\.\s*|rd\.\s*|etwa\s*)?(${NUMBER})\s*${unitRe}`,
      "g",
    );
    for (const m of text.matchAll(re)) {
      const count = NUMBER_WORDS[m[1]] ?? countValue(m[1]);
      const per = num(m[3]);
      if (!(count >= 2 && count <= 100 && per > 0)) continue;
      const unitName = m[2].replace(/^./, (c) => c.toUpperCase());
      out.push({
        qty: count * per,
        per,
        derivation: `${de(count)} ${unitName} je ${de(per)} ${unitLabel(p.unit)} laut Langtext = ${de(count * per, 1)} ${unitLabel(p.unit)}`,
      });
    }
  }
  // "je Haus 4 Abläufe", "ca. 70 m² je WE", "je Geschoss ca. 210 m²" × how many there are
  const perUnit =
    cls === "area" ? AREA_UNIT : cls === "volume" ? VOLUME_UNIT : cls === "piece" ? String.raw`(?:st(?:ueck|ck|k)?\.?\b|[a-z]+)` : null;
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
        // "16 Fächer je Haus" in a Briefkastenanlage: a count of something else than the position's thing
        if (cls === "piece" && !countsTheThing(m[0], i, lv.headline(p))) continue;
        const found = lv.countFor(noun, p);
        if (!found) continue;
        // A count read off another position's quantity is a weaker witness than a stated one.
        const fromPosition = found.where.startsWith("Menge von");
        // "je Stütze 4 Stück" × the 22 Stützen another position's text states: both exact counts
        const fromText = found.where.startsWith("Langtext von");
        out.push({
          ...(fromPosition || fromText ? { tolerance: DERIVED_FIGURE_TOLERANCE } : {}),
          ...(fromText && cls === "piece" ? { bothWays: true } : {}),
          // "36 Fenster je Geschoss, 4 Vollgeschosse": 108 is three storeys, not a rounding; a count
          // of things has no waste, swapped digits are a slip ("je Zimmer eine Tür", 123 for 132)
          // (a small count per unit makes every quantity a multiple: only from ten on)
          ...(per >= 10 && found.count > 1 ? { per } : {}),
          ...(cls === "piece" ? { exact: true } : {}),
          qty: per * found.count,
          derivation: `${de(per)} ${cls === "piece" ? "St" : unitLabel(p.unit)} je ${noun.replace(/^./, (c) => c.toUpperCase())} × ${found.count} (${found.where}) = ${de(per * found.count)}`,
        });
      }
    }
  }
  return out;
}

/** "je Geschoss", "je Treppenhaus und Geschoss" in the clause of a figure: a size per unit. */
const PER_CLAUSE = /\b(?:je|pro)\s+(?!ca\b)([a-z][\w-]*)(?:\s+und\s+([a-z][\w-]*))?/;

/** The clause a figure stands in: back to the last ";" or sentence end (not "ca. ", "Nr. ", "z. B."). */
function clauseBefore(text: string, index: number): string {
  const before = text.slice(Math.max(0, index - 100), index);
  const cut = Math.max(
    before.lastIndexOf(";"),
    ...[...before.matchAll(/(?<!\b(?:ca|rd|nr|z|b|bzw|ggf|inkl|pos))\.\s+(?=[a-z])/g)].map((m) => m.index),
  );
  return before.slice(cut + 1);
}

/** A per-unit count ("je Haus 4 Abläufe", "4 St je Haus") is of pieces or of the thing the
 *  position counts. */
function countsTheThing(match: string, pattern: number, headline: string): boolean {
  const word = (pattern === 0 ? /([a-z]+)\.?$/ : /^(?:ca\.\s*)?[\d.,]+\s*([a-z]+)/).exec(match)?.[1] ?? "";
  return /^(st|stk|stck|stueck)$/.test(word) || countedNouns(headline).some((n) => sameNoun(word, n));
}

const BOTH_SIDES = /\b(?:beidseitig|beidseits|beiderseits|zweiseitig|auf\s+beiden\s+seiten)/;

const FLOOR_DIMS = new RegExp(String.raw`(${NUMBER})\s*m\s*(?:x|×)\s*(${NUMBER})\s*m(?![\w²2])`, "g");

/** "Flurwände beidseits des Mittelflurs": walls on both sides of something (two of them), not a
 *  wall planked or painted on both sides ("beidseitig doppelt beplankt"). */
const onBothSides = (text: string) =>
  [...text.matchAll(new RegExp(BOTH_SIDES.source, "g"))].some(
    (m) =>
      !/^\w*\s+(?:\w+\s+){0,2}?(?:beplankt|bekleidet|beplankung|beschicht|gestrichen|gespachtelt|verspachtelt|doppelt|einfach|zweilagig|gedaemmt)/.test(
        text.slice(m.index + m[0].length - 1, m.index + m[0].length + 40),
      ),
  );

/** Three stated dimensions of a volume without "ca.": beyond this factor the quantity is wrong. */
const EXACT_VOLUME_TOLERANCE = 1.45;

/** "21 Trennwände à 7,20 m Länge × 2,75 m Höhe". */
const WALLS_EACH = new RegExp(
  String.raw`\b(\d{1,3}|[a-z]+)\s+([a-z][\w-]*)\s+(?:a|je|zu\s+je|mit\s+je)\s+(${NUMBER})\s*m\s*(?:laenge|lang)?\s*(?:x|×|\*)\s*(${NUMBER})\s*m\s*(?:hoehe|hoch)\b`,
  "g",
);

/** "abzüglich Türöffnung je Raum 1,00 m × 2,10 m" (group 1: per room). */
const OPENING_DEDUCTED = new RegExp(
  String.raw`\babzueglich\s+(?:der\s+|einer\s+)?\w*(?:oeffnung|tuer)\w*\s+(je\s+[a-z]+\s+)?(${NUMBER})\s*m\s*(?:x|×)\s*(${NUMBER})\s*m\b`,
);

/** How many times a figure counts: "Flurlänge je Geschoss 38,50 m" × the storeys the LV states,
 *  "beide Giebelwände …, Länge je 72,00 m" × 2. null when the figure is per unit and the units
 *  are not stated (then there is no total to hold the quantity to). */
function multiplierAt(text: string, index: number, match: string, p: BoqNode, lv: View): { factor: number; how: string } | null {
  const unit = /\b(?:je|pro)\s+(?!ca\b)([a-z][\w-]*)/.exec(match)?.[1];
  if (unit) {
    const units = lv.countFor(unit, p);
    return units ? { factor: units.count, how: ` × ${units.count} ${unit.replace(/^./, (c) => c.toUpperCase())} (${units.where})` } : null;
  }
  if (/\b(?:je|jeweils)\s*(?:ca\.\s*)?[\d.,]+\s*m$/.test(match)) {
    // "Länge je 72,00 m": of each of the things counted before it in the sentence
    const before = text.slice(Math.max(0, index - 80), index);
    // a count of things, not a name ("Achse 1 und Achse 13", "Nr. 3")
    const count = [...before.matchAll(/\b(beide[nrs]?|\d{1,2}|zwei|drei|vier|fuenf|sechs)\s+(?!(?:und|oder|bis|m|cm|mm)\b)[a-z]/g)]
      .filter((m) => !/(achse|nr\.?|pos\.?|typ|din|klasse)\s*$/.test(before.slice(0, m.index)))
      .pop();
    const n = count ? (/^beide/.test(count[1]) ? 2 : countValue(count[1])) : NaN;
    return n > 0 ? { factor: n, how: ` × ${n}` } : null;
  }
  return { factor: 1, how: "" };
}

/** The position runs "über die gesamte Ausbaulänge" (or "Straßenlänge" …) that another text
 *  states ("Die Ausbaulänge beträgt 420 m"). */
function namedLengthOf(text: string, elsewhere: string): { name: string; metres: number } | null {
  const ref = /\b(?:ueber\s+die\s+)?gesamte[nr]?\s+([a-z]{3,}laenge)\b/.exec(text);
  if (!ref) return null;
  const stated = new RegExp(
    String.raw`\b${ref[1]}\s+(?:betraegt|von|ist|:|=)?\s*(?:ca\.\s*|rd\.\s*|rund\s*|etwa\s*)?(${NUMBER})\s*m(?![\w²2/])`,
  ).exec(elsewhere);
  const metres = stated ? num(stated[1]) : NaN;
  return metres > 0 ? { name: ref[1], metres } : null;
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
  const m = new RegExp(
    String.raw`\b(?:d|dicke|\w+dicke|staerke|\w+staerke|schichtdicke)\s*(?:=|:)?\s*${APPROX}(${NUMBER})\s*(mm|cm|m)\b`,
  ).exec(text);
  if (!m) return null;
  const d = num(m[1]) / (m[2] === "mm" ? 1000 : m[2] === "cm" ? 100 : 1);
  return d > 0.01 && d < 5 ? d : null;
}

/** The noun is the head of the headline's first word ("11 Riegel" in "Rahmenriegel IPE 500"), the
 *  thing the position is about – not a part of it ("6 Heizkreise" of a "Heizkreisverteiler"). */
function isMainNoun(noun: string, headline: string): boolean {
  const main = headline.split(/[^a-z]+/).find((w) => w.length >= 4);
  const n = stem(noun);
  return !!main && n.length >= 3 && stem(main).endsWith(n);
}

/** The noun is the head of a word of the headline ("Kunststofffenster" for "Fenster", not
 *  "Fensterbank"): the position is the counted thing itself. */
function isHeadNoun(noun: string, headline: string): boolean {
  const n = stem(noun);
  return n.length >= 3 && headline.split(/[^a-z]+/).some((w) => w.length >= n.length && stem(w).endsWith(n));
}

// ── 1b. The title and the Vorbemerkungen ──────────────────────────────────────────────────────

/** What the title or the Vorbemerkungen state for the part of the building the work is on. */
export function contextExpectations(p: BoqNode, lv: View): Expectation[] {
  const cls = unitClass(p.unit);
  const t = lv.title(p);
  const titleText = t ? fold(t.shortText) : "";
  const sources = [
    { text: titleText, where: "Titel" },
    { text: fold(lv.preamble), where: "Vorbemerkungen" },
  ];
  const head = lv.headline(p);
  const out: Expectation[] = [];
  if (cls === "area" || cls === "volume") {
    const e = formulaExpectation(p, lv, sources);
    if (e) out.push(e);
  }
  if (cls === "area") {
    const named = namedAreaExpectation(lv.text(p), sources);
    if (named) out.push(named);
  }
  if (cls === "area") {
    // The part of the building: from the short text, else from the title ("Flachdach" over "Dampfsperre")
    const own = OBJECTS.filter((o) => o.work.test(head));
    const parts = own.length ? own : OBJECTS.filter((o) => o.work.test(titleText));
    if (parts.length !== 1 || /teil|bereich|teilweise|anteilig|zulage|anschluss|streifen|sockel|laibung|kehle|rand/.test(head)) return out;
    for (const { text, where } of sources) {
      const stated = objectAreas(text).filter((a) => a.object === parts[0].object);
      // One figure for the part; several (per house, per floor) are not a total.
      if (stated.length !== 1) continue;
      out.push({
        qty: stated[0].value,
        derivation: `${where}: „${stated[0].quote}“ – die Fläche des Bauteils ${parts[0].object}`,
        tolerance: DERIVED_FIGURE_TOLERANCE,
      });
      break;
    }
  }
  if (cls === "length") {
    const e = perimeterExpectation(lv.text(p), fold(lv.preamble));
    if (e) out.push(e);
  }
  if (cls === "piece") {
    const e = gridExpectation(lv.text(p), fold(lv.preamble));
    if (e) out.push(e);
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
      out.push({
        qty: found[0].count,
        derivation: `${where}: ${found[0].derivation} = ${de(found[0].count)} St`,
        tolerance: DERIVED_FIGURE_TOLERANCE,
      });
      break;
    }
  }
  return out;
}

/** Work along the whole outline of the building or roof: "entlang des gesamten Hallenumfangs",
 *  "umlaufend an der gesamten Attika", "umlaufend am Gebäude" (not "umlaufend um die Lichtkuppel"). */
const WHOLE_OUTLINE =
  /\b(?:(?:hallen|gebaeude|dach|haus)umfang|gesamte[nr]?\s+(?:umfang|attika|dachrand|gebaeudeumfang|hallenumfang)|umlaufend\s+(?:am|um)\s+(?:das\s+|die\s+|den\s+)?(?:gebaeude|halle|dach)\b)/;
/** The one outline the Vorbemerkungen state: "Außenabmessungen 144,00 m × 72,00 m", "Die
 *  Dachfläche ist rechteckig mit den Abmessungen 48,00 m × 22,50 m". */
const OUTLINE = new RegExp(String.raw`\b[a-z]*abmessungen\s+(?:von\s+)?(${NUMBER})\s*m\s*(?:x|×)\s*(${NUMBER})\s*m(?![\w²2])`, "g");

/** A length along the whole outline: 2 × (length + width) of the one outline the Vorbemerkungen
 *  give (several – pools, rooms, a hall – are not one building); half of it is as wrong as twice. */
function perimeterExpectation(text: string, preamble: string): Expectation | null {
  if (!WHOLE_OUTLINE.test(text) || statedLength(text) !== null || /umfang\s+(?:von\s+)?(?:ca\.\s*)?\d/.test(text)) return null;
  // the position's own "Gebäudeabmessungen 48,00 m × 16,50 m" first
  const inText = [...text.matchAll(OUTLINE)].length > 0;
  const outlines = [...(inText ? text : preamble).matchAll(OUTLINE)]
    .map((m) => [num(m[1]), num(m[2])])
    .filter(([a, b]) => a >= 5 && b >= 5);
  if (new Set(outlines.map((o) => o.join("×"))).size !== 1) return null;
  const [a, b] = outlines[0];
  return {
    qty: 2 * (a + b),
    derivation: `${inText ? "Langtext" : "Vorbemerkungen"}: Abmessungen ${de(a)} m × ${de(b)} m, Umfang 2 × (${de(a)} m + ${de(b)} m) = ${de(2 * (a + b), 2)} m`,
    tolerance: DERIVED_FIGURE_TOLERANCE,
    bothWays: true,
  };
}

/** The position covers the whole grid: "Stützen für sämtliche Achsen des Stützenrasters", "in allen
 *  Achsen des Rasters", "für das gesamte Stützenraster". */
const WHOLE_GRID = /\b(?:saemtliche[nr]?|alle[nr]?)\s+(?:\w+\s+)?achsen\s+des\s+(?:\w*raster|\w*achsrasters?)|\bgesamte[ns]?\s+\w*raster/;
/** "13 Stützenachsen in Längsrichtung … 4 Stützenachsen in Querrichtung". */
const GRID_AXES = /\b(\d{1,3})\s+(?:\w*achsen)\s+in\s+(laengs|quer)richtung/g;

/** One piece per grid point: the axes along × the axes across the Vorbemerkungen count. A number
 *  of things from a grid is exact (tolerance 5 %, both ways). */
function gridExpectation(text: string, preamble: string): Expectation | null {
  if (!WHOLE_GRID.test(text)) return null;
  const axes = new Map<string, Set<number>>();
  for (const m of preamble.matchAll(GRID_AXES)) axes.set(m[2], new Set([...(axes.get(m[2]) ?? []), Number(m[1])]));
  const [along, across] = [axes.get("laengs"), axes.get("quer")];
  if (!along || !across || along.size !== 1 || across.size !== 1) return null;
  const [a, b] = [[...along][0], [...across][0]];
  return {
    qty: a * b,
    derivation: `Vorbemerkungen: ${a} Achsen in Längsrichtung × ${b} Achsen in Querrichtung = ${a * b} Rasterpunkte, der Langtext nennt sämtliche Achsen`,
    tolerance: 1.05,
    bothWays: true,
    exact: true,
  };
}

/** A measuring formula of named extents: "Abrechnung: Verbaufläche = 2 × Grabenlänge × mittlere
 *  Tiefe" (a factor, then two or three names ending in -länge, -breite, -tiefe, -höhe). */
const FORMULA =
  /=\s*(?:(\d{1,2})\s*(?:x|×|\*)\s*)?((?:mittlere[nr]?\s+)?[a-z]*(?:laenge|breite|tiefe|hoehe))\s*(?:x|×|\*)\s*((?:mittlere[nr]?\s+)?[a-z]*(?:laenge|breite|tiefe|hoehe))(?:\s*(?:x|×|\*)\s*((?:mittlere[nr]?\s+)?[a-z]*(?:laenge|breite|tiefe|hoehe)))?/;

/** The formula with the extents the LV states for those names (the position, its title, the
 *  Vorbemerkungen, the other positions of the title: "Grabenlänge 640 m", "mittleren Grabentiefe
 *  von 2,40 m"); each name must have one value. The formula is the measuring rule: both ways. */
function formulaExpectation(p: BoqNode, lv: View, sources: { text: string; where: string }[]): Expectation | null {
  const m = FORMULA.exec(lv.text(p));
  if (!m) return null;
  const t = lv.title(p);
  const siblings = t ? lv.items.filter((q) => q !== p && q.parentOz === t.oz).map((q) => lv.text(q)) : [];
  const texts = [lv.text(p), ...sources.map((x) => x.text), ...siblings];
  const names = [m[2], m[3], m[4]].filter((n): n is string => !!n);
  const values: number[] = [];
  for (const name of names) {
    const noun = name.replace(/^mittlere[nr]?\s+/, "");
    const re = new RegExp(
      String.raw`\b${noun.length > 7 ? noun : `[a-z]*${noun}`}\s+(?:von\s+|betraegt\s+|=\s*|:\s*)?(?:ca\.\s*)?(${NUMBER})\s*(cm|m)(?![\w²2])`,
      "g",
    );
    const found = new Set(texts.flatMap((x) => [...x.matchAll(re)].map((v) => num(v[1]) * (v[2] === "cm" ? 0.01 : 1))));
    if (found.size !== 1) return null;
    values.push([...found][0]);
  }
  const factor = m[1] ? Number(m[1]) : 1;
  const qty = values.reduce((a, b) => a * b, factor);
  if (!(qty > 0) || (unitClass(p.unit) === "volume") !== (names.length === 3)) return null;
  const parts = names.map((n, i) => `${n.replace(/^./, (c) => c.toUpperCase())} ${de(values[i])} m`);
  return {
    qty,
    derivation: `Abrechnungsformel im Langtext: ${factor > 1 ? `${factor} × ` : ""}${parts.join(" × ")} = ${de(qty, 2)} ${unitLabel(p.unit)}`,
    tolerance: DERIVED_FIGURE_TOLERANCE,
    bothWays: true,
  };
}

const AREA_NAME = /\b((?!teil|einzel|klein|rest|oeffnung)[a-z]{3,}flaechen?)\b/g;

/** An area the position names ("Büroflächen 1.–4. OG gemäß Vorbemerkungen", "Dachflächen beider
 *  Häuser") as the title or the Vorbemerkungen size it: a total ("betragen zusammen ca. 1.150 m²",
 *  with "je Haus ca. 575 m²" as the size of one unit) or a size per unit times the units ("je
 *  Geschoss 1.150 m²" in the 1. bis 4. OG). */
function namedAreaExpectation(text: string, sources: { text: string; where: string }[]): Expectation | null {
  const names = new Set([...text.matchAll(AREA_NAME)].map((m) => stem(m[1])));
  if (names.size === 0) return null;
  for (const { text: source, where } of sources) {
    for (const sentence of sentencesOf(source)) {
      const name = [...sentence.matchAll(AREA_NAME)].find((m) => names.has(stem(m[1])));
      if (!name) continue;
      let total: number | null = null;
      let per: { value: number; unit: string } | null = null;
      for (const m of sentence.slice(name.index).matchAll(new RegExp(String.raw`(${NUMBER})\s*${AREA_UNIT}`, "g"))) {
        const before = sentence.slice(name.index, name.index + m.index);
        if (/(bis|max\.?|maximal|mind\.?|mindestens|ab|ueber|unter)\s*(?:ca\.\s*)?$/.test(before)) continue;
        const unit = /\b(?:je|pro)\s+([a-z][\w-]*)\s*(?:ca\.\s*|rd\.\s*|etwa\s*)?$/.exec(before);
        if (unit) per ??= { value: num(m[1]), unit: unit[1] };
        else total ??= num(m[1]);
      }
      const label = name[1].replace(/^./, (c) => c.toUpperCase());
      if (total !== null && total > 0)
        return {
          qty: total,
          ...(per ? { per: per.value } : {}),
          derivation: `${where}: ${label} ${de(total)} m²${per ? ` (je ${per.unit.replace(/^./, (c) => c.toUpperCase())} ${de(per.value)} m²)` : ""}`,
          tolerance: DERIVED_FIGURE_TOLERANCE,
        };
      if (per && per.value > 0) {
        const units = statedCount(per.unit, sentence) ?? statedCount(per.unit, source);
        if (!units) continue;
        const unitName = per.unit.replace(/^./, (c) => c.toUpperCase());
        return {
          qty: per.value * units.count,
          per: per.value,
          derivation: `${where}: ${label} je ${unitName} ${de(per.value)} m² × ${units.how || units.count} = ${de(per.value * units.count)} m²`,
          tolerance: DERIVED_FIGURE_TOLERANCE,
        };
      }
    }
  }
  return null;
}

/** Things counted by another thing: one lintel per opening, one frame per door, one fire stop
 *  per penetration. */
export const COUNTED_BY: { work: RegExp; nouns: string[] }[] = [
  { work: /sturz|stuerz/, nouns: ["oeffnung"] },
  { work: /zarge/, nouns: ["tuer", "zarge"] },
  { work: /fensterbank|fensterbaenk|fensterfasche|faschen?\b|fensterlaibung/, nouns: ["fenster"] },
  { work: /standrohr/, nouns: ["fallrohr"] },
  { work: /abschottung|schott$/, nouns: ["durchfuehrung"] },
];

/** The nouns a piece or length position is counted by: the words of its headline and, for
 *  things that come one per another thing, that thing. */
export function countedNouns(head: string): string[] {
  return [...headWords(head), ...countedByNouns(head)];
}

/** The words of a position's headline that can name its thing. */
export const headWords = (head: string) => head.split(/[^a-z]+/).filter((w) => w.length >= 4);

/** What the headline's work is counted by ("Fensterbank" – Fenster). */
export const countedByNouns = (head: string) => COUNTED_BY.filter((c) => c.work.test(head)).flatMap((c) => c.nouns);

const FLOOR = /(geschoss|etage|ebene|stockwerk)\w*$/;

/** How many units a per-unit statement has: "In den Büroetagen sind je Geschoss …" counts the
 *  Büroetagen ("sechs Büroetagen"), not every storey of the building. */
function unitsOf(s: PerUnitStatement, text: string): [string, StatedCount | null] {
  if (FLOOR.test(s.unit)) {
    const sentenceStart = Math.max(0, ...[...text.matchAll(SENTENCE_END)].map((m) => m.index + m[0].length).filter((e) => e <= s.index));
    const kind = [...text.slice(sentenceStart, s.index).matchAll(/\b([a-z]{3,}(?:geschoss|etage|ebene)\w*)/g)].pop();
    const units = kind ? statedCount(kind[1], text) : null;
    if (kind && units) return [kind[1], units];
  }
  return [s.unit, statedCount(s.unit, text)];
}

const LENGTH_EACH = new RegExp(
  String.raw`(?:laenge|lang)\s*(?:je|jeweils)?\s*(?:ca\.\s*|rd\.\s*|etwa\s*)?(${NUMBER})\s*m(?![\w²2])|\b(?:je|a|à)\s*(?:ca\.\s*)?(${NUMBER})\s*m(?![\w²2])`,
);

/** A per-unit statement of the Vorbemerkungen or title about what the position counts, times
 *  how many units there are; for a length also times the length each. A stated number of things
 *  is held both ways: half as many is as wrong as twice as many. */
function perUnitExpectation(p: BoqNode, nouns: string[], text: string, where: string, cls: "piece" | "length"): Expectation | null {
  for (const noun of nouns) {
    for (const s of perUnitStatements(noun, text)) {
      if (sameNoun(s.unit, noun) || (s.metres && cls === "piece")) continue;
      const [unit, units] = unitsOf(s, text);
      if (!units) continue;
      const count = s.per * units.count;
      const unitName = unit.replace(/^./, (c) => c.toUpperCase());
      const base = `${where}: ${de(s.per)}${s.metres ? " m" : ""} je ${unitName} × ${units.how ? `${units.how} = ${de(units.count)}` : de(units.count)} ${unitName} = ${de(count)}`;
      // "je Geschoss ca. 180 m Brüstungskanal": the length per unit × the units
      if (s.metres) return { qty: count, derivation: `${base} m`, tolerance: DERIVED_FIGURE_TOLERANCE };
      if (cls === "piece") return { qty: count, derivation: `${base} St`, tolerance: DERIVED_FIGURE_TOLERANCE, bothWays: true };
      const after = text.slice(s.index, s.index + 200);
      const nounAt = after.search(new RegExp(stem(noun)));
      const each = nounAt >= 0 ? LENGTH_EACH.exec(after.slice(nounAt)) : null;
      const metres = each ? num(each[1] ?? each[2]) : NaN;
      if (!(metres > 0)) continue;
      return {
        qty: count * metres,
        derivation: `${base} × ${de(metres)} m je Stück = ${de(count * metres, 1)} m`,
        tolerance: DERIVED_FIGURE_TOLERANCE,
        bothWays: true,
      };
    }
  }
  return null;
}
