// How many of a thing the LV's texts state: "48 WE", "drei Häuser", "Häuser A, B und C",
// "EG bis 4. OG", "fünfgeschossig", "sechs Stationen mit je 24 Zimmern", and chains of per-unit
// statements ("11 Rahmen … je Rahmen sind zwei Stützen" = 22 Stützen). Works on folded text.

import { countValue, productCounts } from "./stated-figures";

export const NUMBER_WORDS: Record<string, number> = {
  ein: 1,
  eine: 1,
  einem: 1,
  einer: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fuenf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwoelf: 12,
};

/** A noun reduced for comparison: "Häusern" / "Haus" → "haus", "Geschosse" → "geschoss". */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/-$/, "").replace(/ae/g, "a").replace(/oe/g, "o").replace(/ue/g, "u");
  // plural -s of words ending in a vowel ("Büros", "Kameras"); not "Haus"
  if (w.length > 4) w = w.replace(/(?<=[^aeiou][ao])s$/, "");
  if (w.length > 3) w = w.replace(/(ern|en|er|e|n)$/, "");
  return w;
}

/** The same noun, or a compound ending in it ("Zweigelenkrahmen" counts as "Rahmen"); a compound
 *  needs a head of three letters at least ("40 mm" counts no "Zimmer", "WE" only itself). */
export const sameNoun = (a: string, b: string) => {
  const [x, y] = [stem(a), stem(b)];
  if (x.length < 2 || y.length < 2) return false;
  return x === y || (Math.min(x.length, y.length) >= 3 && (x.endsWith(y) || y.endsWith(x)));
};

/** A full stop that ends a sentence, not an abbreviation or an ordinal ("ca.", "z. B.", "1. OG",
 *  "i. M. 0,30 m"; "3,20 m. Für" ends one), or a line break between paragraphs. */
export const SENTENCE_END = /(?<!\b(?:ca|rd|nr|bzw|ggf|inkl|evtl|zzgl|max|mind|pos|vgl|abs|[a-ln-z]|\d+))\.\s+(?!\d)|\n/g;

/** The sentences of a folded text. */
export const sentencesOf = (text: string) => text.split(SENTENCE_END);

const FLOOR_NOUN = /^(geschoss|etage|ebene|stockwerk)/;
const numberOf = (w: string) => (/^\d+$/.test(w) ? Number(w) : (NUMBER_WORDS[w] ?? countValue(w)));

/** "je Rahmen sind zwei Stützen", "jede Wohnung hat sechs Fensteröffnungen", "pro Zimmer eine Tür":
 *  the unit (Rahmen), the count per unit and the words that follow (the counted thing). */
const PER_STATEMENT =
  /\b(?:je|pro|jede[rsmn]?)\s+([a-z][\w-]*)\s+(?:(?:sind|ist|hat|haben|werden|wird|gibt\s+es|befinden\s+sich|befindet\s+sich|erhaelt|erhalten)\s+)?(?:(?:ca\.|rd\.|etwa|jeweils)\s*)?(\d{1,4}|[a-z]+)\s+((?:[^.;:()]|(?<=\b(?:bzw|ca|rd|inkl|ggf|zzgl|einschl|evtl|z|b))\.){1,120})/g;

export interface StatedCount {
  count: number;
  /** The factors when it is a product ("6 × 24", "11 × 2"); empty for a count stated as such. */
  how: string;
}

/** The per-unit statements about `noun` in the text, each with its unit and count per unit. */
export interface PerUnitStatement {
  unit: string;
  per: number;
  index: number;
  rest: string;
  /** "je Geschoss ca. 180 m Brüstungskanal": a length per unit, not a count. */
  metres?: boolean;
}

export function perUnitStatements(noun: string, text: string): PerUnitStatement[] {
  const out: PerUnitStatement[] = [];
  for (const m of text.matchAll(PER_STATEMENT)) {
    const per = numberOf(m[2]);
    if (!(per > 0) || per > 500) continue;
    const metres = /^(?:m|lfm)\s/.test(m[3]);
    // The counted thing: one of the next words up to "und"/"mit"/a comma ("zwei Dachflächenfenster
    // und zwei Fallrohre", "180 m Brüstungskanal, 48 LED-Einbauleuchten").
    const words = m[3]
      .split(/\s*,\s*|\s+(?:und|sowie|mit|fuer)\s+/)[0]
      .split(/[^a-z-]+/)
      // "sechs Fenster- bzw. Fenstertürelemente": a truncated compound counts its head (Elemente)
      .filter((w) => w.length >= 3 && !w.endsWith("-"));
    if (words.some((w) => sameNoun(w, noun))) out.push({ unit: m[1], per, index: m.index, rest: m[3], ...(metres ? { metres } : {}) });
    // "zwei Dachflächenfenster und zwei Fallrohre", "…, 48 LED-Einbauleuchten sowie 24
    // Präsenzmelder": the further things of the list share the unit
    for (const more of m[3].matchAll(/(?:,|\bund|\bsowie)\s*(\d{1,4}|[a-z]+)\s+([a-z][\w-]*)/g)) {
      const n = numberOf(more[1]);
      if (n > 0 && n <= 500 && sameNoun(more[2], noun)) out.push({ unit: m[1], per: n, index: m.index, rest: m[3].slice(more.index) });
    }
  }
  return out;
}

/** Every count stated as a total in a folded text ("16 Schachtbauwerken", "112 Stellplätze"),
 *  with the word counted and where it stands. A count inside a per-unit statement ("je Rahmen sind
 *  zwei Stützen") is no total; overlapping pairs are read (lookahead), so "sind zwei Stützen" is
 *  not paired off as "sind zwei" + "Stützen …"; "Fenster- bzw. Fenstertürelemente" counts no Fenster. */
export function countMentions(text: string): { count: number; word: string; index: number }[] {
  const out: { count: number; word: string; index: number }[] = [];
  for (const m of text.matchAll(/\b(\d{1,4}|[a-z]+)\s+(?=([a-z][\w-]*))/g)) {
    const n = numberOf(m[1]);
    if (!Number.isFinite(n) || n < 1 || m[2].endsWith("-")) continue;
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    if (
      /\b(?:je|pro|jede[rsmn]?)\s+[\w-]+\s+(?:(?:sind|ist|hat|haben|werden|wird|erhaelt|erhalten|jeweils|ca\.)\s+)?$|\b(?:je|pro|jeweils)\s+$/.test(
        before,
      )
    )
      continue;
    out.push({ count: n, word: m[2], index: m.index });
  }
  return out;
}

/** How many of `noun` a folded text states; null when it does not. `depth` limits chains. */
export function statedCount(noun: string, text: string, depth = 2): StatedCount | null {
  if (FLOOR_NOUN.test(stem(noun))) {
    const range = /\b(kg|ug|eg)\s*(?:bis|-|–)\s*(\d{1,2})\.\s*og\b/.exec(text);
    if (range) return { count: Number(range[2]) + (range[1] === "eg" ? 1 : 2), how: range[0].toUpperCase() };
    const words = /\b(\d+-?|[a-z]+?)geschossig/.exec(text);
    if (words) {
      const w = words[1].replace(/-$/, "");
      const n = /^\d+$/.test(w) ? Number(w) : NUMBER_WORDS[w];
      if (n) return { count: n, how: words[0] };
    }
  }
  // The largest count stated: "Häuser A, B und C" also contains "Haus B und C".
  let best: StatedCount | null = null;
  const take = (c: StatedCount) => {
    if (!best || c.count > best.count) best = c;
  };
  for (const m of countMentions(text)) {
    if (!sameNoun(m.word, noun)) continue;
    // "12 Binderfelder in Längsrichtung × 3 Schiffe": the count times what follows it
    const times = /^\S+[^,.;:()]{0,40}?\s(?:x|×|\*)\s*(\d{1,3})\s+[a-z]/.exec(text.slice(m.index));
    const f = times ? Number(times[1]) : 1;
    take(f > 1 ? { count: m.count * f, how: `${m.count} × ${f}` } : { count: m.count, how: "" });
  }
  // "Häuser A, B und C", "Haus A und Haus B"
  for (const m of text.matchAll(/\b([a-z]+)\s+([a-h])((?:\s*,\s*(?:\1\s+)?[a-h])*)\s+und\s+(?:\1\s+)?([a-h])\b/g)) {
    if (sameNoun(m[1], noun)) take({ count: 2 + (m[3].match(/,/g)?.length ?? 0), how: "" });
  }
  // "sechs Stationen mit je 24 Patientenzimmern"
  for (const c of productCounts(text)) if (sameNoun(c.noun, noun)) take({ count: c.count, how: `${c.factors[0]} × ${c.factors[1]}` });
  // "11 Zweigelenkrahmen … je Rahmen sind zwei Stützen"
  if (depth > 0)
    for (const s of perUnitStatements(noun, text)) {
      if (sameNoun(s.unit, noun) || s.metres) continue;
      const units = statedCount(s.unit, text, depth - 1);
      if (units) take({ count: units.count * s.per, how: `${units.how || units.count} × ${s.per}` });
    }
  // "Büroflächen im 1. bis 4. OG" with no other count of the storeys: the upper floors named
  if (!best && FLOOR_NOUN.test(stem(noun)))
    for (const m of text.matchAll(/\b(\d{1,2})\.\s*(?:bis|-|–)\s*(\d{1,2})\.\s*(?:og|obergeschoss\w*)\b/g))
      if (Number(m[2]) > Number(m[1])) take({ count: Number(m[2]) - Number(m[1]) + 1, how: m[0].toUpperCase() });
  return best;
}

/** How many of `noun` a folded text states; null when it does not. */
export const countOf = (noun: string, text: string): number | null => statedCount(noun, text)?.count ?? null;
