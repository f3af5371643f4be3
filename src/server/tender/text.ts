// Text folding shared by duplicate detection and the pre-check, so that "gemäß", "gemäss" and
// "GEMAESS" compare equal.

const GERMAN_FOLDS: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss" };

/** A lower-case non-ASCII character: umlauts spelled out, other accents (é, è …) dropped. */
const foldNonAscii = (c: string) => GERMAN_FOLDS[c] ?? c.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");

/** Lowercase with umlauts folded: ä→ae, ö→oe, ü→ue, ß→ss. */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  return /[\u0080-\uffff]/.test(lower) ? lower.replace(/[\u0080-\uffff]/g, foldNonAscii) : lower;
}

/** The part of `text` whose folded form is `fold(text).slice(start, end)` – to quote a match in
 *  its original spelling. Walks character by character, so it is only used for matches. */
export function originalSpan(text: string, start: number, end: number): string {
  let foldedIndex = 0;
  let from = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const next = foldedIndex + (c < "\u0080" ? 1 : fold(c).length);
    if (from < 0 && next > start) from = i;
    if (next >= end) return text.slice(from, i + 1);
    foldedIndex = next;
  }
  return text.slice(Math.max(from, 0));
}

/** Folded, punctuation replaced by spaces ("Boden-lösen" = "Boden lösen"), whitespace collapsed;
 *  letters and digits are kept. */
export function normaliseForComparison(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
