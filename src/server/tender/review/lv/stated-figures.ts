// Figures an LV states in the usual German forms, read for the quantity check against the LV's
// own figures (own-figures.ts): room dimensions ("Raum 3,10 × 2,45 m", "3,10 m x 2,45 m"),
// thicknesses ("d = 25 cm", "Dicke 250 mm"), heights ("h = 2,75 m"), lengths ("Länge rd. 86 m"),
// counts ("insgesamt 72 Stück", "4 Geschosse à 18 Fenster", numbers as words, "11 Riegel" of the
// position's own thing), the length of one piece, weights per metre ("Nenngewicht 90,7 kg/m") and
// the areas of a named part of the building ("Dachfläche ca. 1.240 m²", "Fassadenfläche 980 qm").
// All texts are folded (lowercase, umlauts as ae/oe/ue).

import { numberWord, parseGermanNumber, sentenceStartBefore } from "./facts";

export const NUMBER = String.raw`\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:,\d+)?`;
export const num = (s: string) => parseGermanNumber(s) ?? NaN;

const ARTICLE_ONE = /^(?:ein|eine|einen|einem|einer|eins)$/;

/** A count written as a word (folded): "zwoelf" → 12, "zweiundsiebzig" → 72, an article → 1
 *  ("eine Tür je Zimmer"); "null" is no count. null otherwise. */
export function wordNumber(word: string): number | null {
  if (ARTICLE_ONE.test(word)) return 1;
  return word === "null" ? null : numberWord(word);
}

/** Digits or a number word. */
export const countValue = (s: string) => (/^\d/.test(s) ? num(s) : (wordNumber(s) ?? NaN));

// ── Dimensions ────────────────────────────────────────────────────────────────────────────────

const DIMS = new RegExp(String.raw`(${NUMBER})\s*(?:m\s*)?(?:x|×|\*|/)\s*(${NUMBER})\s*m(?![\w²2])`, "g");
/** Words that make a pair of dimensions the size of a room or surface (not of a tile or a window). */
// Only rooms: the dimensions of a parking space, a slab, a window or a tile are the size of one of
// many.
const ROOM_WORD =
  /\b(raum|raeume|\w+raum|\w+raeume\w*|zimmer|\w+zimmer|bad|baeder|flur|kueche|halle|\w*becken|innenmass|lichte\s+raummass)\w*\b[^.;]{0,25}$/;
/** A surface named right before its dimensions ("Bühnenfläche 12,00 m × 4,00 m"), not the size of
 *  one of many ("Plattenfläche", "Einzelfläche") or a part ("Teilfläche"). */
const NAMED_SURFACE =
  /\b(?!teil|einzel|klein|rest|oeffnung|platten|fliesen|stein|element|modul|feld|ansicht|raster|kassette|format)[a-z]{3,}flaeche\s*(?::\s*)?(?:ca\.\s*)?$/;
/** Dimensions of an opening, a door or a window ("abzüglich Türöffnung je Raum 1,00 m × 2,10 m"). */
const OPENING_WORD = /(oeffnung|tuer|fenster|\btor|aussparung|durchbruch)\w*\s+(?:je\s+[a-z]+\s+)?(?:ca\.\s*)?$/;

export interface RoomDimensions {
  length: number;
  width: number;
  count: number;
  /** "Flurfläche je Geschoss 38,50 m × 1,80 m": the size of one unit (the caller counts them). */
  perUnit?: string;
  /** No "ca." before the figures. */
  exact: boolean;
  index: number;
}

/** Rooms sized in the text: "Raum 3,10 × 2,45 m" with an optional count ("2 Räume je …", "in 4
 *  Duschräumen je 6,50 m × 4,20 m"); an opening's size is no room. */
export function roomDimensions(text: string): RoomDimensions[] {
  const out: RoomDimensions[] = [];
  for (const m of text.matchAll(DIMS)) {
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    if (!(ROOM_WORD.test(before) || NAMED_SURFACE.test(before)) || OPENING_WORD.test(before)) continue;
    const [l, w] = [num(m[1]), num(m[2])];
    if (!(l >= 0.8 && w >= 0.8 && l < 200 && w < 200)) continue;
    // the nearest count of rooms with a number ("Bodenfliesen Duschräume\n4 Duschräume je …")
    const many = [
      ...before.matchAll(
        /\b(\d{1,3}|[a-z]+)\s+(?:gleiche\s+|gleich\s+grosse\s+)?[a-z]*(?:raeume|raeumen|baeder|baedern|zimmer|zimmern|flure|fluren)\b(?=[^.;]{0,20}$)/g,
      ),
    ]
      .map((c) => countValue(c[1]))
      .filter((n) => n > 0)
      .pop();
    const count = many ?? 1;
    const perUnit = /\b(?:je|pro)\s+([a-z][\w-]*)\s*(?:ca\.\s*)?$/.exec(before)?.[1];
    out.push({
      length: l,
      width: w,
      count: count > 0 ? count : 1,
      ...(perUnit ? { perUnit } : {}),
      exact: !/(ca\.|rd\.|etwa|rund)\s*$/.test(before),
      index: m.index,
    });
  }
  return out;
}

const UNIT_M: Record<string, number> = { mm: 0.001, cm: 0.01, m: 1 };

/** A height written in the text ("h = 2,75 m", "Raumhöhe 2,75 m", "Höhe ca. 3,10 m"), in metres. */
export function heightMetres(text: string): number | null {
  const m = new RegExp(
    // "Wandhöhe bis Rinnenunterkante 1,80 m": up to an edge, not a limit
    String.raw`(?:\bh|hoehe|wandhoehe|raumhoehe|sockelhoehe|lichte\s+hoehe)\s*(?:gesamt\s+|insgesamt\s+)?(?:bis\s+(?:zur\s+)?[a-z]*kante\s+)?(?:=|:)?\s*(?:ca\.\s*|rd\.\s*|rund\s*|etwa\s*)?(${NUMBER})\s*(mm|cm|m)(?![\w²2])`,
  ).exec(text);
  if (!m || /\bbis\s*$/.test(text.slice(Math.max(0, m.index - 6), m.index))) return null;
  const h = num(m[1]) * UNIT_M[m[2]];
  return h > 0.1 && h < 20 ? h : null;
}

/** A length written in the text ("Länge rd. 86 m", "Leitungslänge ca. 120 m", "insgesamt 86 m"). */
export function statedLength(text: string): number | null {
  // A total ("Gesamtlänge", "Trassenlänge", "Gesamtlänge der Sparren beider Häuser", "insgesamt"), or a plain "Länge" given as an estimate
  // of at least 10 m ("Länge rd. 86 m"); "Länge 1,26 m" of one sill is no total.
  const m = new RegExp(
    String.raw`(?:(?:gesamt|trassen|leitungs|kabel|graben|strecken|zaun|rinnen|kanal|haltungs)laenge(?:\s+(?:der|des|aller|beider|[a-z]+en|[a-z]+er)){0,4}|gesamte\s+laenge|laenge\s+insgesamt|insgesamt|zusammen|(laenge))\s*(?:=|:)?\s*(?:von\s+)?(ca\.\s*|rd\.\s*|rund\s*|etwa\s*)?(${NUMBER})\s*(?:m|lfm|lfdm)(?![\w²2/])`,
  ).exec(text);
  if (!m || (m[1] && (!m[2] || num(m[3]) < 10))) return null;
  const after = text.slice(m.index + m[0].length, m.index + m[0].length + 12);
  if (/^\s*(je|pro|\/)\b/.test(after)) return null;
  const l = num(m[3]);
  return l > 0 ? l : null;
}

// ── Counts ────────────────────────────────────────────────────────────────────────────────────

const COUNT = String.raw`\d{1,4}|[a-z]+`;

/** "insgesamt 72 Stück", "zusammen 72 St" in the position's own text. */
export function statedTotalPieces(text: string): number | null {
  const m = new RegExp(
    String.raw`(?:insgesamt|gesamt|zusammen|gesamtanzahl)\s*(?::|=)?\s*(?:ca\.\s*)?(${COUNT})\s*(?:st(?:ueck|ck|k)?\b\.?)`,
  ).exec(text);
  if (!m) return null;
  const n = countValue(m[1]);
  return n > 0 ? n : null;
}

/**
 * Counts of a noun as products: "4 Geschosse à 18 Fenster", "4 Geschosse mit je 18 Fenstern",
 * "18 Fenster je Geschoss, 4 Geschosse" is left to the per-unit reading. Returns the noun counted
 * (folded as written) and the product.
 */
export function productCounts(text: string): { noun: string; count: number; factors: [number, number]; derivation: string }[] {
  const out: { noun: string; count: number; factors: [number, number]; derivation: string }[] = [];
  const re = new RegExp(
    String.raw`\b(${COUNT})\s+([a-z][\w-]*)(?:\s*\([^)]{0,30}\))?\)?\s+(?:a|mit\s+je|mit\s+jeweils|zu\s+je|je|jeweils)\s+(${COUNT})\s+([a-z][\w-]*)`,
    "g",
  );
  for (const m of text.matchAll(re)) {
    const [a, b] = [countValue(m[1]), countValue(m[3])];
    if (!(a > 0 && b > 0) || a > 500 || b > 2000) continue;
    out.push({ noun: m[4], count: a * b, factors: [a, b], derivation: `${m[1]} ${m[2]} à ${m[3]} ${m[4]}` });
  }
  return out;
}

// ── Areas of a named part of the building ─────────────────────────────────────────────────────

/** Parts of the building a stated area or a position's work can be about. */
export const OBJECTS: { object: string; area: RegExp; work: RegExp }[] = [
  {
    object: "Dach",
    area: /^(dach|flachdach|steildach|dachflaeche)/,
    work: /dach|attika|dampfsperre|gefaelledaemm|oberlage|unterlage|kiesschuettung|dachbegruen/,
  },
  {
    object: "Fassade",
    area: /^(fassade|aussenwand|aussenwaende|ansicht)/,
    work: /fassade|wdvs|waermedaemmverbund|aussenputz|oberputz|armierung|verblend/,
  },
  { object: "Decke", area: /^(decke|geschossdecke|deckenflaeche)/, work: /decke/ },
  // Floors: only the floor or usable area (a "Grundfläche" may be the footprint, a
  // "Geschossfläche" one floor or all); walls are too many kinds to hold to one stated area.
  { object: "Boden", area: /^(boden|fussboden|nutz|wohn)$/, work: /estrich|bodenbelag|fussboden|parkett|linoleum|bodenfliese|trittschall/ },
];

/** Areas the texts state for a named part: "Dachfläche ca. 1.240 m²", "Fassadenfläche 980 qm". */
export function objectAreas(text: string): { object: string; value: number; quote: string }[] {
  const out: { object: string; value: number; quote: string }[] = [];
  const re = new RegExp(
    String.raw`\b([a-z]+)flaeche(?:n)?\s*(?:gesamt|insgesamt)?\s*(?:\([^)]{0,30}\)\s*)?(?:=|:)?\s*(?:ca\.\s*|rd\.\s*|rund\s*|etwa\s*|insgesamt\s*|zusammen\s*)*(${NUMBER})\s*(?:m2|qm)(?![\w/])`,
    "g",
  );
  for (const m of text.matchAll(re)) {
    const before = text.slice(Math.max(0, m.index - 25), m.index);
    if (/\b(je|pro|teil|davon|ca\.\s*\d+\s*%)\s*$/.test(before) || /teil$/.test(m[1])) continue;
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 12);
    if (/^\s*(je|pro|\/)\b/.test(after)) continue;
    const part = OBJECTS.find((o) => o.area.test(m[1]));
    const value = num(m[2]);
    if (part && value > 0) out.push({ object: part.object, value, quote: m[0].trim() });
  }
  return out;
}

// ── Extents: "Länge 40 m", "40 m lang", "Breite 0,80 m", "1,20 m tief" ────────────────────────

const EXTENT_WORDS = {
  laenge: { noun: String.raw`\w*laenge`, adjective: "lang" },
  breite: { noun: String.raw`\w*breite`, adjective: "breit" },
  tiefe: { noun: String.raw`\w*tiefe`, adjective: "tief" },
} as const;

/** An extent written in the text, in metres; null when none (or only a limit "bis 1,20 m"). */
export function extentMetres(text: string, what: keyof typeof EXTENT_WORDS): number | null {
  const w = EXTENT_WORDS[what];
  const value = String.raw`(?:ca\.\s*|rd\.\s*|rund\s*|etwa\s*|i\.\s*m\.\s*)?(${NUMBER})\s*(mm|cm|m)(?![\w²2/])`;
  // "Länge je 420 m": the extent of each of several (the caller counts them)
  // "Gesamtlänge der Fundamentachsen 236,00 m": a genitive between the noun and its figure
  const re = new RegExp(
    String.raw`\b(?:${w.noun})(?:\s+(?:der|des|aller|beider)\s+[a-z]+)?\s*(?:=|:)?\s*(?:von\s+|je\s+)?${value}|${value}\s+${w.adjective}\b`,
  );
  const m = re.exec(text);
  if (!m) return null;
  const [raw, unit] = m[1] !== undefined ? [m[1], m[2]] : [m[3], m[4]];
  if (raw === undefined || unit === undefined) return null;
  const start = m.index;
  if (/\b(bis|max\.?|maximal|mind\.?|mindestens|ueber|unter|ab)\s*$/.test(text.slice(Math.max(0, start - 12), start + m[0].indexOf(raw))))
    return null;
  const v = num(raw) * UNIT_M[unit];
  return v > 0 && v < 10_000 ? v : null;
}

/** A timber cross-section in cm ("Querschnitt 10/24 cm", "KVH 12/20 cm"), as an area in m². */
export function crossSectionM2(text: string): number | null {
  const m =
    /\b(?:querschnitt|kvh|bsh|vollholz|kantholz|balken)\w*\s*(?:b\/h\s*)?(?:=|:)?\s*(\d{1,2}(?:,\d)?)\s*\/\s*(\d{1,2}(?:,\d)?)\s*cm\b/.exec(
      text,
    );
  if (!m) return null;
  const a = (num(m[1]) / 100) * (num(m[2]) / 100);
  return a > 0 && a < 1 ? a : null;
}

/** "Anzahl 240 Stück …, mittlere Länge ca. 1,30 m": pieces counted and the length of one. */
export function piecesTimesLength(text: string): { count: number; each: number } | null {
  const m = new RegExp(
    String.raw`(?:anzahl|insgesamt)\s*(?::|=)?\s*(?:ca\.\s*)?(\d{1,4})\s*(?:st(?:ueck|ck|k)?\b\.?)[^;]{0,80}?(?:mittlere|durchschnittliche)\s+laenge\s*(?:je\s*)?(?:ca\.\s*|rd\.\s*|etwa\s*)?(${NUMBER})\s*m(?![\w²2])`,
  ).exec(text);
  if (!m) return null;
  const [count, each] = [num(m[1]), num(m[2])];
  return count > 0 && each > 0 && each < 50 ? { count, each } : null;
}

/** How many of the position's thing its own text states ("11 Riegel", "22 Stück", "32 Sparrenpaare
 *  (64 Sparren)", "38 Balken je Decke" with the unit it is per); not a part ("davon 4 Gratsparren"),
 *  a limit ("bis 10 Stück") or a factor ("3 Häuser × 32"). Several different counts: none. */
export function ownPieceCount(text: string, isThing: (noun: string) => boolean): { count: number; per?: string } | null {
  const found = new Map<string, { count: number; per?: string }>();
  for (const m of text.matchAll(/(?<![\d,.]|[×*/-]\s?)\b(\d{1,4})[ \t]+([a-z][\w-]*)(?:\s+(?:je|pro)\s+([a-z][\w-]*))?/g)) {
    const before = text.slice(Math.max(0, m.index - 25), m.index);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 4);
    if (
      /\b(je|pro|davon|bis|max\.?|mind\.?|von|a|à|zu|in|ueber|unter)\s*$|\b(je|pro)\s+[a-z][\w-]*\s*$/.test(before) ||
      /^\s*(×|x\b|\*)/.test(after)
    )
      continue;
    // "je Entwässerungsabschnitt der Halle 1 Stück", "Je Bewohnerbad, Besucher-WC und Pflegebad
    // 1 Stück": a count per unit, however many words name the unit
    if (
      /\b(?:je|pro)\s+[a-z][\w-]*(?:[\s,]+(?:und|oder|der|des|die|das|[a-z][\w-]*)){0,5}\s*$/.test(
        text.slice(sentenceStartBefore(text, m.index, ";:"), m.index),
      ) &&
      Number(m[1]) === 1
    )
      continue;
    // a norm or a type ("DIN EN 1838 und", "DIN 4052 mit"), not a count
    if (/\b(din|en|iso|vde|vdi|trgs|dguv|nr\.?|typ|klasse|dn|pn|ral|pos\.?|hea|heb|hem|ipe|upe|rhs|shs)\s*$/.test(before)) continue;
    const pieces = /^(st|stk|stck|stueck)$/.test(m[2].replace(/\.$/, ""));
    if (!pieces && !(m[2].length >= 4 && isThing(m[2]))) continue;
    // "Anzahl der Flügel: 2 Stück": pieces of something else
    const of = /\banzahl\s+(?:der|des|an)\s+([a-z]+)\s*:?\s*$/.exec(before);
    if (pieces && of && !isThing(of[1])) continue;
    const count = Number(m[1]);
    if (count > 0) found.set(`${count}/${m[3] ?? ""}`, { count, ...(m[3] ? { per: m[3] } : {}) });
  }
  return found.size === 1 ? [...found.values()][0] : null;
}

/** The length of one piece: "Länge 6,50 m", "Stützweite 30,00 m", "Spannweite 12 m". */
export function pieceLengthMetres(text: string): number | null {
  const m = new RegExp(String.raw`\b(?:stuetzweite|spannweite)\s*(?:=|:)?\s*(?:ca\.\s*)?(${NUMBER})\s*m(?![\w²2/])`).exec(text);
  return m ? num(m[1]) : extentMetres(text, "laenge");
}

/** A weight per metre: "Nenngewicht 90,7 kg/m", "Metergewicht 42,2 kg/m". */
export function kgPerMetre(text: string): number | null {
  const m = new RegExp(String.raw`(${NUMBER})\s*kg\s*\/\s*m(?![\w²2])`).exec(text);
  const v = m ? num(m[1]) : NaN;
  return v > 0 ? v : null;
}
