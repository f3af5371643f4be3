// Honest gaps (issue 26): an article can pass the coverage threshold on the strength of repaired
// compound parts ("Ziegeldach" → "Ziegel", "Dach"), synonyms and common words alone, and then
// answers with confident text about something else (frost rules for masonry to a question on roof
// pitch). The question's own specific words name its subject: when the best article contains none
// of them, the knowledge base has nothing on it, and the answer says so.

/** Stems of at most this IDF are too common to name a subject ("Vertrag", "Frist"). */
const SPECIFIC_IDF = 1.0;

/**
 * Whether the best article carries the question's subject: at least one of the question's own
 * specific stems (its own words, not repairs or synonyms; IDF ≥ 1) reaches it. When its only
 * specific words are ones no article contains, nothing does.
 */
export function carriesSubject(opts: {
  lexemes: string[];
  idf: (l: string) => number;
  known: (l: string) => boolean;
  strengthInTop: (l: string) => number;
  /** Whether a stem is one of the question's own words (not a repair, synonym or earlier question). */
  isOwn: (l: string) => boolean;
}): boolean {
  const own = opts.lexemes.filter(opts.isOwn);
  const specific = own.filter((l) => !opts.known(l) || opts.idf(l) >= SPECIFIC_IDF);
  // Only common words of its own (all repaired or mapped): nothing to hold the article to.
  if (specific.length === 0) return true;
  const knownSpecific = specific.filter(opts.known);
  if (knownSpecific.length === 0) return false;
  return knownSpecific.some((l) => opts.strengthInTop(l) > 0);
}
