// Words of a clause as stems, so that a phrase of the checklist matches any inflection and the
// parts of a German compound: "Vertragsstrafen" and "Vertragsstrafenregelung" both contain the
// stem of "Vertragsstrafe", "Abschlagsrechnungen" that of "Abschlag". The stemmer is the Snowball
// German stemmer (snowball-stemmers); text is folded first (ä → ae), like the rest of the review.

import { newStemmer } from "snowball-stemmers";
import { fold } from "../../text";

const stemmer = newStemmer("german");
const cache = new Map<string, string>();

/** The stem of one folded word. */
export function stem(word: string): string {
  let s = cache.get(word);
  if (s === undefined) {
    s = stemmer.stem(word);
    if (cache.size < 50_000) cache.set(word, s);
  }
  return s;
}

/** "aufzurechnen" → "aufrechnen", "einzubehalten" → "einbehalten": the zu-infinitive of a
 *  separable verb reads like the verb. */
const ZU_INFIX = /^(ab|an|auf|aus|bei|ein|mit|nach|vor|zurueck|weiter|fest|frei|um|durch|ueber|unter|heraus|her|hin)zu([a-z]{3,}en)$/;

/** Folded words of a text ("§", digits and "%" kept as their own tokens). */
export function words(text: string): string[] {
  return (fold(text).match(/[a-z]+|\d+(?:[.,]\d+)*|%|§/g) ?? []).map((w) => w.replace(ZU_INFIX, "$1$2"));
}

export interface StemmedText {
  stems: string[];
}

export const stemText = (text: string): StemmedText => ({ stems: words(text).map(stem) });

/** A checklist phrase as stems; compiled once. */
export interface Phrase {
  source: string;
  stems: string[];
}

export const phrase = (source: string): Phrase => ({ source, stems: words(source).map(stem) });

/** Short stems match whole words only; longer ones also as part of a compound. */
const MIN_PART_STEM = 5;
/** A stem at the start of a compound is only its modifier ("Schlussrechnungssumme" is a sum, not
 *  a Schlussrechnung); it counts from this length on, and not before these heads. */
const MIN_MODIFIER_STEM = 7;
const MODIFIER_HEADS = /^(?:ung|ungs|s|n|en|es|e|er|ers)?(summ|betrag|wert|datum|numm|hoh|kont|stell|art|form)/;

/** The German compound's head is its last part: "Sicherheitseinbehalt" is an Einbehalt. */
function tokenMatches(token: string, wanted: string): boolean {
  if (token === wanted) return true;
  if (wanted.length < MIN_PART_STEM) return false;
  if (token.endsWith(wanted)) return true;
  return wanted.length >= MIN_MODIFIER_STEM && token.startsWith(wanted) && !MODIFIER_HEADS.test(token.slice(wanted.length));
}

/** Words of a two-word phrase may stand apart (word order, inserted words) within this many
 *  tokens; in longer phrases each next word must follow closely. */
const PHRASE_WINDOW = 12;
const LONG_PHRASE_STEP = 4;

/**
 * The phrase's stems occur in the text, the first anywhere and each next one within the window
 * after the previous one (any order for two-word phrases: "Einbehalt … Abschlagszahlung" and
 * "Abschlagszahlungen … einbehalten" read the same).
 */
export function contains(text: StemmedText, p: Phrase): boolean {
  const { stems } = text;
  if (p.stems.length === 0) return false;
  if (p.stems.length === 1) return stems.some((t) => tokenMatches(t, p.stems[0]));
  const inOrder = (order: string[]) => {
    for (let i = 0; i < stems.length; i++) {
      if (!tokenMatches(stems[i], order[0])) continue;
      let at = i;
      let ok = true;
      for (const wanted of order.slice(1)) {
        let found = -1;
        const step = order.length > 2 ? LONG_PHRASE_STEP : PHRASE_WINDOW;
        for (let j = at + 1; j < Math.min(stems.length, at + 1 + step); j++) {
          if (tokenMatches(stems[j], wanted)) {
            found = j;
            break;
          }
        }
        if (found < 0) {
          ok = false;
          break;
        }
        at = found;
      }
      if (ok) return true;
    }
    return false;
  };
  return inOrder(p.stems) || (p.stems.length === 2 && inOrder([p.stems[1], p.stems[0]]));
}

export const containsAny = (text: StemmedText, phrases: Phrase[]) => phrases.some((p) => contains(text, p));

/** Words that turn a clause around: "nicht", "kein", "ausgeschlossen", "entfällt" … */
const NEGATIONS = [
  "nicht",
  "kein",
  "keine",
  "keinen",
  "keiner",
  "keines",
  "keinem",
  "keinerlei",
  "ohne",
  "weder",
  "ausgeschlossen",
  "ausschluss",
  "entfaellt",
  "entfallen",
  "verzichtet",
  "verzicht",
  "unzulaessig",
  "abbedungen",
  "nie",
].map((w) => stem(w));

/** The clause contains a negation word. */
export const negated = (text: StemmedText) => text.stems.some((t) => NEGATIONS.includes(t));
