// The asked case of a pair of opposite cases first (issue 26): a question about heated screed,
// calcium sulphate screed, a quantity shortfall or the VOB/B rule should not open with the
// sentence on unheated, cement, overrun or BGB of the same paragraph. The pairs are data in the
// word table ("Gegensatz: beheizt, Fußbodenheizung | unbeheizt, ohne Fußbodenheizung"); a side
// named in the question lifts the sentences that name it and lowers those that name only the other.
import { termPattern, type WordTable } from "./word-table";

/** A sentence that names only the asked side, and one that names only the other. */
export const ASKED_SIDE = 1.3;
export const OTHER_SIDE = 0.6;

interface Side {
  patterns: RegExp[];
  /** The same expressions with the g flag, for taking every occurrence out. */
  globals: RegExp[];
}

export interface AskedContrast {
  asked: Side;
  other: Side;
}

const compiled = new WeakMap<WordTable, [Side, Side][]>();

/** Each pair's sides as expressions. */
function pairsOf(table: WordTable): [Side, Side][] {
  let pairs = compiled.get(table);
  if (!pairs) {
    const side = (terms: string[]): Side => {
      const patterns = terms.map(termPattern);
      return { patterns, globals: patterns.map((p) => new RegExp(p.source, `${p.flags}g`)) };
    };
    pairs = table.contrasts.map((c) => [side(c.sides[0]), side(c.sides[1])]);
    compiled.set(table, pairs);
  }
  return pairs;
}

/** Which side of a pair a text names: 0, 1, both (2) or none (-1). The longest terms of both sides
 * are taken out first, so that "ohne FBH" is not also read as "FBH" and "unbeheizt" not as "beheizt". */
function sideNamed(pair: [Side, Side], text: string): number {
  const terms = pair.flatMap((side, index) =>
    side.patterns.map((p, i) => ({ index, p, global: side.globals[i], length: p.source.length })),
  );
  terms.sort((a, b) => b.length - a.length);
  const found = [false, false];
  let rest = text;
  for (const t of terms) {
    if (!t.p.test(rest)) continue;
    found[t.index] = true;
    rest = rest.replace(t.global, " ");
  }
  return found[0] && found[1] ? 2 : found[0] ? 0 : found[1] ? 1 : -1;
}

/** "Anhydrit statt Zement", "anstelle von Gips": the word after "statt" is the case not asked. */
const INSTEAD_OF =
  /\b(?:an)?statt\s+(?:(?:mit|von|de[mnrs]|die|das|eine?[mnrs]?)\s+)?[\p{L}\d-]+|\banstelle\s+(?:(?:von|de[mnrs]|eine?[mnrs]?)\s+)?[\p{L}\d-]+/giu;

/** The sides a question asks for (only pairs of which it names exactly one side, not counting the replaced case). */
export function askedContrasts(table: WordTable, question: string): AskedContrast[] {
  const asked = question.replace(INSTEAD_OF, " ");
  return pairsOf(table).flatMap((pair) => {
    const named = sideNamed(pair, asked);
    return named === 0 || named === 1 ? [{ asked: pair[named], other: pair[1 - named] }] : [];
  });
}

/** The weight of a sentence (with its heading) for the asked sides: lifted, lowered or 1. */
export function contrastFactor(asked: AskedContrast[], text: string): number {
  let factor = 1;
  for (const c of asked) {
    const named = sideNamed([c.asked, c.other], text);
    if (named === 0) factor *= ASKED_SIDE;
    else if (named === 1) factor *= OTHER_SIDE;
  }
  return factor;
}
