// Everyday German in questions, before stemming: typos repaired against the words of the
// knowledge base (edit distance, fastest-levenshtein), spellings without umlauts ("Maengel"),
// compounds split into known parts ("Betonnachbehandlungszeit") and written-apart compounds
// joined ("Mängel Anzeige"). The repaired words are added to the question, never put in place of
// it, so a correct but unknown word keeps its meaning.
import { distance } from "fastest-levenshtein";

/** Words a typo is repaired to: same first letter, similar length (the index by first letter). */
type WordIndex = Map<string, string[]>;
const indexes = new WeakMap<Map<string, number>, WordIndex>();

function indexOf(words: Map<string, number>): WordIndex {
  let index = indexes.get(words);
  if (!index) {
    index = new Map();
    for (const w of words.keys()) {
      if (w.length < 4) continue;
      const list = index.get(w[0]);
      if (list) list.push(w);
      else index.set(w[0], [w]);
    }
    indexes.set(words, index);
  }
  return index;
}

/** Edits allowed for a word of this length: one up to 8 letters, two from 9 on. */
export const maxEdits = (length: number) => (length >= 9 ? 2 : 1);

/** The known word closest to `word` within the allowed edits (more frequent first on a tie). */
export function closestWord(word: string, words: Map<string, number>): string | null {
  const limit = maxEdits(word.length);
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const candidate of indexOf(words).get(word[0]) ?? []) {
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const d = distance(word, candidate);
    if (d < bestDistance || (d === bestDistance && best !== null && (words.get(candidate) ?? 0) > (words.get(best) ?? 0))) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : null;
}

const UMLAUTS: [RegExp, string][] = [
  [/ae/g, "ä"],
  [/oe/g, "ö"],
  [/ue/g, "ü"],
];

/** "maengel" → "mängel" when the knowledge base knows it. */
function withUmlauts(word: string, words: Map<string, number>): string | null {
  let w = word;
  for (const [re, u] of UMLAUTS) w = w.replace(re, u);
  if (w !== word && words.has(w)) return w;
  const sharp = w.replace(/ss/g, "ß");
  return sharp !== word && words.has(sharp) ? sharp : null;
}

/** "betonnachbehandlung" → ["beton", "nachbehandlung"] when both parts are known words. */
export function splitCompound(word: string, words: Map<string, number>): string[] | null {
  let best: string[] | null = null;
  let bestShort = 0;
  for (let i = 4; i <= word.length - 4; i++) {
    const right = word.slice(i);
    if (!words.has(right)) continue;
    const left = word.slice(0, i);
    // The linking "s", "es", "n" of German compounds ("Abnahmeprotokoll", "Vertragsstrafe").
    const head = [left, left.replace(/(s|es|n)$/, ""), `${left}e`].find((l) => l.length >= 3 && words.has(l));
    if (!head) continue;
    const shorter = Math.min(head.length, right.length);
    if (shorter > bestShort) {
      best = [head, right];
      bestShort = shorter;
    }
  }
  return best;
}

/** A word added to a question, and how: a whole word repaired (typo, umlauts), a compound's part, or a compound joined. */
export interface Repair {
  word: string;
  kind: "whole" | "part" | "joined";
}

/**
 * Words to add to a question: typo repairs, umlaut spellings, parts of unknown compounds and
 * compounds written apart. `understood` tells words the word table already understood.
 */
export function repairs(question: string, words: Map<string, number>, understood: (word: string) => boolean = () => false): Repair[] {
  const tokens = (question.toLowerCase().match(/\p{L}+/gu) ?? []).filter((t) => t.length >= 3);
  const out = new Map<string, Repair["kind"]>();
  const add = (word: string, kind: Repair["kind"]) => {
    if (!out.has(word)) out.set(word, kind);
  };
  for (const token of tokens) {
    if (words.has(token) || token.length < 5 || understood(token)) continue;
    const umlaut = withUmlauts(token, words);
    if (umlaut) {
      add(umlaut, "whole");
      continue;
    }
    const parts = token.length >= 8 ? splitCompound(token, words) : null;
    if (parts) {
      for (const p of parts) add(p, "part");
      continue;
    }
    const fixed = closestWord(token, words);
    if (fixed) add(fixed, "whole");
  }
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [a, b] = [tokens[i], tokens[i + 1]];
    if (a.length < 3 || b.length < 3) continue;
    const joined = [a + b, `${a}s${b}`, `${a.replace(/e$/, "")}${b}`].find((j) => words.has(j));
    if (joined) add(joined, "joined");
  }
  return [...out].map(([word, kind]) => ({ word, kind }));
}

/** The added words only (see `repairs`). */
export const repairWords = (question: string, words: Map<string, number>, understood: (word: string) => boolean = () => false): string[] =>
  repairs(question, words, understood).map((r) => r.word);
