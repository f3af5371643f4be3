// Honest gaps (issue 26): an article can pass the coverage threshold on the strength of repaired
// compound parts ("Ziegeldach" → "Ziegel", "Dach"), synonyms and common words alone, and then
// answers with confident text about something else (frost rules for masonry to a question on roof
// pitch). The question's own specific words name its subject: when the knowledge base knows none
// of them, it has nothing on it, and the answer says so.

/** Stems of at most this IDF are too common to name a subject ("Vertrag", "Frist"). */
const SPECIFIC_IDF = 1.0;

/**
 * Whether the best article may answer: a gap only when every specific word of the question's own
 * (its words and typo repairs, not compound parts or synonyms) is unknown to the knowledge base —
 * then whatever matched were pieces ("Ziegel", "Dach") or stand-ins, not the subject. A subject
 * word the knowledge base knows keeps the answer (the ranking decides which article gives it).
 */
export function carriesSubject(opts: {
  lexemes: string[];
  idf: (l: string) => number;
  known: (l: string) => boolean;
  /** Whether a stem is one of the question's own words or typo repairs. */
  isOwn: (l: string) => boolean;
}): boolean {
  const own = opts.lexemes.filter(opts.isOwn);
  const specific = own.filter((l) => !opts.known(l) || opts.idf(l) >= SPECIFIC_IDF);
  return specific.length === 0 || specific.some(opts.known);
}
