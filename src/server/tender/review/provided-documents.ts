// Whether a document a position refers to ("gemäß Baugrundgutachten", "lt. Plan", "siehe Anlage 3")
// is stated elsewhere in the LV to be part of the tender ("liegt als Anlage 3 bei", "wird zur
// Verfügung gestellt"). A reference to a document the bidder has is no reason to ask for it.
// Works on folded text (lowercase, umlauts folded), like the rule patterns.

/** Wordings that say a document is handed to the bidder. */
const PROVIDED =
  /\b(liegt|liegen)\s+(\w+\s+){0,6}(vor|bei)\b|\bbeigefuegt|\bbeiliegend|\banbei\b|\bals\s+anlage\b|\banlage\s+\d|\b(wird|werden)\s+(\w+\s+){0,4}zur\s+verfuegung\s+gestellt|\bzur\s+einsicht\b|\b(ist|sind)\s+(\w+\s+){0,3}bestandteil\b|\bbeigelegt|\buebergeben\b|\bin\s+den\s+(vergabe|ausschreibungs)unterlagen\s+enthalten/;
/** … unless the same sentence says it is still missing (that is a finding of its own). */
const NOT_YET = /\bnoch\s+nicht\b|\bfolg(t|en)\b|\bnachgereicht\b|\bnicht\s+(vor|bei)\b|\bkein(e|en)?\b/;
/** Sentence ends, not after an abbreviation ("Ingenieurbüro Dr. Keller", "Nr. 3", "ca. 5 m"). */
const SENTENCE_END = /(?<!\b(?:dr|nr|ca|rd|bzw|ing|dipl|prof|gem|lt|vgl|abs|str|inkl|ggf|z\.\s*b|[a-z])\.)(?<=[.;!?])\s+|\n+/;
/** Head nouns of a document; a compound keeps its specifying part ("baugrund|gutachten"). */
const HEAD_NOUNS = [
  "gutachten",
  "bericht",
  "untersuchung",
  "plaene",
  "planen",
  "plan",
  "zeichnungen",
  "zeichnung",
  "details",
  "detail",
  "statik",
  "raumbuch",
  "liste",
  "anlage",
];
/** Words that name the same kind of document in other wordings. */
const SYNONYMS: Record<string, RegExp> = {
  gutachten: /gutachten|bericht|untersuchung/,
  bericht: /gutachten|bericht|untersuchung/,
  untersuchung: /gutachten|bericht|untersuchung/,
  plan: /plaen|plan\b|planunterlagen|zeichnung/,
  plaene: /plaen|plan\b|planunterlagen|zeichnung/,
  planen: /plaen|plan\b|planunterlagen|zeichnung/,
  zeichnung: /plaen|plan\b|planunterlagen|zeichnung/,
  zeichnungen: /plaen|plan\b|planunterlagen|zeichnung/,
  detail: /detail|plaen|planunterlagen|zeichnung/,
  details: /detail|plaen|planunterlagen|zeichnung/,
  statik: /statik|statisch\w*\s+berechnung|tragwerksplanung|positionsplaen/,
};

const STOPWORD = /^(der|die|das|dem|den|des|lt|laut|siehe|s|gem|gemaess|entsprechend|entspr|nach)$/;

/** What to look for: the document word split into its specifying part and its head noun. */
function parts(reference: string): { specific: string | null; head: string; anlage: string | null } | null {
  const anlage = /\banlage\s+(\d+|[a-z])\b/.exec(reference);
  if (anlage) return { specific: null, head: "anlage", anlage: anlage[1] };
  const words = reference.split(/[^a-z0-9]+/).filter((w) => w && !STOPWORD.test(w));
  const word = words.at(-1);
  if (!word) return null;
  const head = HEAD_NOUNS.find((h) => word.endsWith(h));
  if (!head) return null;
  const specific = word.slice(0, word.length - head.length);
  return { specific: specific.length >= 4 ? specific : null, head, anlage: null };
}

/** The sentence names the referenced document (same word, or its kind with the same specifying part). */
function namesDocument(sentence: string, ref: NonNullable<ReturnType<typeof parts>>): boolean {
  if (ref.anlage) return new RegExp(`\\banlage\\s+${ref.anlage}\\b`).test(sentence);
  const kind = SYNONYMS[ref.head] ?? new RegExp(ref.head);
  if (ref.specific) return sentence.includes(ref.specific) && kind.test(sentence);
  return kind.test(sentence);
}

/**
 * True when one of the LV's own texts (folded: Vorbemerkungen, remarks, the position itself) says
 * that the document named in `reference` (the folded matched wording) is attached or provided.
 */
export function isDocumentProvided(reference: string, lvTexts: string[]): boolean {
  const ref = parts(reference);
  if (!ref) return false;
  for (const text of lvTexts) {
    for (const sentence of text.split(SENTENCE_END)) {
      if (!PROVIDED.test(sentence) || NOT_YET.test(sentence)) continue;
      if (namesDocument(sentence, ref)) return true;
    }
  }
  return false;
}
