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
    // The stemmer cuts derivations too: "sicherheit" would become "sich" and match the reflexive
    // pronoun. A long word cut down to a few letters keeps its body, without inflection.
    if (s.length <= 4 && word.length >= 8) s = word.replace(/(?:en|er|es|e|n|s)$/, "");
    // The stemmer cuts "-st" as if it were an ending, but not in every form: "Gerüst" → "geru",
    // "Gerüste" → "geruest"; "Dienst" → "dienst", "Dienste" → "dien". Keep the "st" in every form.
    else {
      const cut = /^e?st/.exec(word.slice(s.length));
      if (cut) s = word.slice(0, s.length) + cut[0];
    }
    if (cache.size < 50_000) cache.set(word, s);
  }
  return s;
}

/** "aufzurechnen" → "aufrechnen", "einzubehalten" → "einbehalten": the zu-infinitive of a
 *  separable verb reads like the verb. */
const ZU_INFIX = /^(ab|an|auf|aus|bei|ein|mit|nach|vor|zurueck|weiter|fest|frei|um|durch|ueber|unter|heraus|her|hin)zu([a-z]{3,}en)$/;

/** "abgelöst" → "ablösen", "eingerechnet" → "einrechnen", "angekündigt" → "ankündigen": the weak
 *  participle of a separable verb reads like the verb, declined too ("später festgestellter Mängel");
 *  strong ones ("ausgeschlossen") stay. */
const GE_INFIX =
  /^(ab|an|auf|aus|bei|ein|mit|nach|vor|zurueck|weiter|fest|frei|um|durch|heraus|her|hin)ge([a-z]{3,}?)(e?)t(?:e|er|en|es|em)?$/;
const participle = (w: string) => w.replace(GE_INFIX, (_m, particle: string, verb: string) => `${particle}${verb}en`);

/** Folded words of a text ("§", digits and "%" kept as their own tokens). */
export function words(text: string): string[] {
  return (fold(text).match(/[a-z]+|\d+(?:[.,]\d+)*|%|§/g) ?? []).map((w) => participle(w.replace(ZU_INFIX, "$1$2")));
}

/** The stem of one word as the text reads it (folded, infinitive for a participle). */
const wordStem = (w: string) => stem(words(w)[0] ?? w);

export interface StemmedText {
  stems: string[];
}

export const stemText = (text: string): StemmedText => ({ stems: words(text).map(stem) });

/** A checklist phrase as stems; compiled once. Each word of the phrase may be matched by any of
 *  its alternatives (the word's synonyms from the checklist's synonym groups). */
export interface Phrase {
  source: string;
  stems: string[];
  /** Per word: the stems that count as that word (the word itself first). */
  alternatives: string[][];
  /** The phrase holds a negation ("nicht vergütet"): its words must stand close together. */
  negative: boolean;
}

/** Synonym groups: a stem → the stems of every word in its group(s). */
export type Synonyms = Map<string, string[]>;

/** Compiles synonym groups ("Vergütung, Mehrvergütung, Bezahlung, Entgelt") into a lookup. */
export function synonymsOf(groups: string[][]): Synonyms {
  const out: Synonyms = new Map();
  for (const group of groups) {
    const stems = [...new Set(group.flatMap((w) => words(w).map(stem)))];
    for (const s of stems) out.set(s, [...new Set([...(out.get(s) ?? []), ...stems])]);
  }
  return out;
}

export const phrase = (source: string, synonyms?: Synonyms): Phrase => {
  const stems = words(source).map(stem);
  return {
    source,
    stems,
    alternatives: stems.map((s) => [s, ...(synonyms?.get(s) ?? []).filter((a) => a !== s)]),
    negative: stems.some((s) => NEGATIONS.includes(s) || SCOPED_NEGATIONS.includes(s)),
  };
};

/** Short stems match whole words only; longer ones also as part of a compound. */
const MIN_PART_STEM = 5;
/** A stem at the start of a compound is only its modifier ("Schlussrechnungssumme" is a sum, not
 *  a Schlussrechnung); it counts from this length on, and not before these heads. */
const MIN_MODIFIER_STEM = 7;
const MODIFIER_HEADS = /^(?:ung|ungs|s|n|en|es|e|er|ers)?(summ|betrag|wert|datum|numm|hoh|kont|stell|art|form)/;

/** The German compound's head is its last part: "Sicherheitseinbehalt" is an Einbehalt. */
function tokenMatches(token: string, wanted: string): boolean {
  if (token === wanted) return true;
  // A genitive or plural the stemmer left on ("Skontos", "Pönalen").
  const rest = token.length - wanted.length;
  if (rest > 0 && rest <= 2 && wanted.length >= MIN_PART_STEM - 1 && token.startsWith(wanted)) {
    const tail = token.slice(wanted.length);
    if (tail === "s" || tail === "n" || tail === "en" || tail === "es") return true;
  }
  if (wanted.length < MIN_PART_STEM) return false;
  // "unbestritten" is the opposite of "bestritten", "unwesentlich" of "wesentlich": the prefix un- is no compound.
  if (token.endsWith(wanted)) return !token.endsWith(`un${wanted}`) || wanted.startsWith("un");
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
  return matchAt(text, p) !== null;
}

/** Where the phrase occurs: the token positions of its words, or null. */
export function matchAt(text: StemmedText, p: Phrase): number[] | null {
  const { stems } = text;
  if (p.alternatives.length === 0) return null;
  const matches = (token: string, alternatives: string[]) => alternatives.some((a) => tokenMatches(token, a));
  if (p.alternatives.length === 1) {
    const at = stems.findIndex((t) => matches(t, p.alternatives[0]));
    return at < 0 ? null : [at];
  }
  // A negation in a phrase ("nicht vergütet", "keine Zuschläge") must stand beside what it negates.
  const step = p.alternatives.length > 2 || p.negative ? LONG_PHRASE_STEP : PHRASE_WINDOW;
  const inOrder = (order: string[][]): number[] | null => {
    for (let i = 0; i < stems.length; i++) {
      if (!matches(stems[i], order[0])) continue;
      const at = [i];
      for (const wanted of order.slice(1)) {
        const last = at[at.length - 1];
        let found = -1;
        for (let j = last + 1; j < Math.min(stems.length, last + 1 + step); j++) {
          if (matches(stems[j], wanted)) {
            found = j;
            break;
          }
        }
        if (found < 0) break;
        at.push(found);
      }
      if (at.length === order.length) return at;
    }
    return null;
  };
  return inOrder(p.alternatives) ?? (p.alternatives.length === 2 ? inOrder([p.alternatives[1], p.alternatives[0]]) : null);
}

export const containsAny = (text: StemmedText, phrases: Phrase[]) => phrases.some((p) => contains(text, p));

/** Words that turn a whole clause around: "nicht", "kein", "ausgeschlossen", "entfällt" … */
const NEGATIONS = [
  "nicht",
  "kein",
  "keine",
  "keinen",
  "keiner",
  "keines",
  "keinem",
  "keinerlei",
  "weder",
  "ausgeschlossen",
  "ausschluss",
  "entfaellt",
  "entfallen",
  "unzulaessig",
  "abbedungen",
  "nie",
].map(wordStem);

/** Words that negate only the words right after them ("ohne weitere Voraussetzungen", "unter
 *  Verzicht auf die Einreden"): they turn the clause around only when what they negate is a claim
 *  or the clause's own subject. */
const SCOPED_NEGATIONS = ["ohne", "verzicht", "verzichtet", "verzichten"].map(wordStem);
const SCOPE = 4;
/** "ohne dass ihm aus dem späteren Abruf Ansprüche … erwachsen": a dass-clause reaches further. */
const DASS_SCOPE = 8;
/** Articles and prepositions do not count into a scoped negation's reach ("Verzicht auf die Geltendmachung von Bedenken"). */
/** Words after which a scoped negation's noun phrase has ended ("ohne weitere Voraussetzungen | durch Bürgschaft"). */
const SCOPE_ENDS = new Set(
  [
    "durch",
    "mit",
    "gegen",
    "bei",
    "nach",
    "zu",
    "in",
    "im",
    "an",
    "am",
    "und",
    "oder",
    "soweit",
    "sofern",
    "wenn",
    "dass",
    "ist",
    "sind",
    "wird",
    "werden",
  ].map((w) => stem(w)),
);
const DASS = stem("dass");
const FUNCTION_WORDS = new Set(
  [
    "es",
    "hierfuer",
    "dafuer",
    "auf",
    "die",
    "der",
    "das",
    "den",
    "dem",
    "des",
    "von",
    "vom",
    "zur",
    "zum",
    "ein",
    "eine",
    "einen",
    "einer",
    "eines",
    "jede",
    "jeden",
    "jeder",
    "weitere",
    "gesonderte",
    "besondere",
    "zusaetzliche",
  ].map((w) => stem(w)),
);

/** What a scoped negation must take away to turn the clause around: pay, claims, time. */
const CLAIMS = [
  "Vergütung",
  "vergütet",
  "Mehrvergütung",
  "Zusatzvergütung",
  "Bezahlung",
  "bezahlt",
  "Entgelt",
  "Mehrkosten",
  "Kosten",
  "Zuschlag",
  "Zuschläge",
  "Zulage",
  "Anspruch",
  "Ansprüche",
  "Nachforderung",
  "Nachtrag",
  "Entschädigung",
  "Erstattung",
  "Preisanpassung",
  "Anpassung",
  "Ausgleich",
  "Fristverlängerung",
  "Verlängerung",
  "Berechnung",
  "berechnet",
  "Anmeldung",
  "Bedenken",
  "Hinweis",
  "Ablösung",
  "Obergrenze",
  "Begrenzung",
  "Verschulden",
  "Rücksicht",
].map(wordStem);

/** "nicht nur", "nicht mehr als", "nicht später als", "nicht über 5 %": a limit, not a negation. */
const isLimit = (stems: string[], i: number) =>
  stems[i + 1] === stem("nur") ||
  stems[i + 2] === stem("als") ||
  (["ueber", "unter"].map(stem).includes(stems[i + 1] ?? "") && /^\d/.test(stems[i + 2] ?? ""));
/** "nicht ausgeschlossen", "kein Verzicht": two negations cancel out. */
const CANCELS = ["ausgeschlossen", "abbedungen", "unzulaessig", "entfaellt"].map(wordStem);

/** Positions of the words that negate the clause (scoped negations only where they take away a
 *  claim or one of `subject`'s words). */
export function negations(text: StemmedText, subject: Phrase[] = []): number[] {
  const { stems } = text;
  const out: number[] = [];
  // A negation that is part of the clause's own term ("im Vertrag nicht vorgesehene Leistung",
  // "Leistungen ohne Auftrag") names the subject; it does not deny it.
  const own = new Set(subject.filter((p) => p.negative).flatMap((p) => matchAt(text, p) ?? []));
  for (let i = 0; i < stems.length; i++) {
    const t = stems[i];
    if (own.has(i)) continue;
    if (NEGATIONS.includes(t)) {
      if (t === stem("nicht") && isLimit(stems, i)) continue;
      if (CANCELS.includes(t) && out.length && i - out[out.length - 1] <= 2 && !CANCELS.includes(stems[out[out.length - 1]])) {
        out.pop();
        continue;
      }
      out.push(i);
    } else if (SCOPED_NEGATIONS.includes(t)) {
      // "ohne dass es auf ein Verschulden ankommt", "ohne dass hierfür eine Vergütung beansprucht
      // werden kann": the clause after "dass" is what "ohne" negates.
      const dass = stems[i + 1] === DASS;
      const after = stems.slice(dass ? i + 2 : i + 1);
      const end = after.findIndex((w) => SCOPE_ENDS.has(w));
      const scope: StemmedText = {
        stems: after
          .slice(0, end < 0 ? after.length : end)
          .filter((w) => !FUNCTION_WORDS.has(w))
          .slice(0, dass ? DASS_SCOPE : SCOPE),
      };
      if (scope.stems.some((s) => CLAIMS.some((c) => tokenMatches(s, c))) || containsAny(scope, subject)) out.push(i);
    }
  }
  return out;
}

/** The clause is turned around by a negation (see `negations`). */
export const negated = (text: StemmedText, subject: Phrase[] = []) => negations(text, subject).length > 0;
