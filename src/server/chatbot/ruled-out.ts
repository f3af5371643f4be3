// Rulebooks a question rules out (issue 26): "reiner BGB-Vertrag ohne VOB", "kein VOB/B vereinbart".
// An article on the excluded rulebook ("§ 10 VOB/B") is then no answer, however well its words fit.
import { RULEBOOKS } from "./german-query";

/** "VOB" alone stands for VOB/B when a contract is meant. */
const VOB_B = RULEBOOKS[0];
const NEGATED_VOB = /\b(kein[e-z]*|ohne|nicht|statt)\s+(\p{L}+\s+)?VOB\b(?!\s*\/?\s*[AC]\b)/iu;
const ONLY_BGB = /\b(nur|rein[e-z]*)\s+(\p{L}+\s+)?BGB\b/iu;
const negation = (r: RegExp) => new RegExp(`\\b(kein[e-z]*|ohne|nicht|statt)\\s+(\\p{L}+\\s+)?(${r.source})`, "iu");

/** The rulebooks (of RULEBOOKS) the question excludes. */
export function ruledOutRulebooks(question: string): RegExp[] {
  const out = RULEBOOKS.filter((r) => negation(r).test(question));
  if (!out.includes(VOB_B) && (NEGATED_VOB.test(question) || ONLY_BGB.test(question))) out.push(VOB_B);
  return out;
}

/** What an article on an excluded rulebook keeps of its score. */
export const RULED_OUT_FACTOR = 0.5;
