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

const caseCache = new WeakMap<object, { nouns: Set<string>; lower: Set<string> }>();

type Snapshot = { articles: { title: string; paragraphs: { sentences: { text: string }[] }[] }[] };

/** The words (lower case) the articles write capitalised inside a sentence more often than not, and the others. */
function wordCases(snapshot: Snapshot): { nouns: Set<string>; lower: Set<string> } {
  let cases = caseCache.get(snapshot);
  if (cases) return cases;
  // A word counts when the articles write it capitalised inside sentences more often than in lower case.
  const upper = new Map<string, number>();
  const lower = new Map<string, number>();
  for (const a of snapshot.articles)
    for (const p of a.paragraphs)
      for (const s of p.sentences)
        for (const m of s.text.matchAll(/(?<=[\p{L}\d,;]\s+)([\p{L}][\p{L}-]*)/gu)) {
          const counts = /^\p{Lu}\p{Ll}/u.test(m[1]) ? upper : /^\p{Ll}/u.test(m[1]) ? lower : null;
          counts?.set(m[1].toLowerCase(), (counts.get(m[1].toLowerCase()) ?? 0) + 1);
        }
  cases = {
    nouns: new Set([...upper].filter(([w, n]) => w.length >= 3 && n > (lower.get(w) ?? 0)).map(([w]) => w)),
    lower: new Set([...lower].filter(([w, n]) => n >= (upper.get(w) ?? 0)).map(([w]) => w)),
  };
  caseCache.set(snapshot, cases);
  return cases;
}

/**
 * The words (lower case) that the articles write capitalised inside a sentence: their nouns.
 * Questions are often typed in lower case, so the knowledge base tells which of their words name things.
 */
export const articleNouns = (snapshot: Snapshot): Set<string> => wordCases(snapshot).nouns;

/** The words the articles write in lower case ("seit", "prüfen"): no noun, whatever their stem shares with one ("Seite"). */
export const articleLowerWords = (snapshot: Snapshot): Set<string> => wordCases(snapshot).lower;

const nounStemCache = new WeakMap<object, Set<string>>();

/**
 * The stems of the articles' nouns, so that a question's word is a noun in any inflection
 * ("Wohnungstrennwand" where the articles write "Wohnungstrennwände", "Mindestanforderung" –
 * "Mindestanforderungen"). Stemmed once per knowledge snapshot.
 */
export async function articleNounStems(snapshot: Snapshot, stem: (words: string) => Promise<string[]>): Promise<Set<string>> {
  let stems = nounStemCache.get(snapshot);
  if (!stems) {
    stems = new Set(await stem([...articleNouns(snapshot)].join(" ")));
    nounStemCache.set(snapshot, stems);
  }
  return stems;
}

/** A subject word must reach at least this strength in the best article (a prefix or compound part counts, a mere relation not). */
const IN_ARTICLE = 0.5;

/**
 * Whether the best article is about the question's subject: when the question has own specific
 * words that the knowledge base knows, the article must contain at least one of them. An article
 * chosen for the question's common words, synonyms or figures alone ("Frist", "Wochen", "30 %")
 * answers another question; then the knowledge base has nothing on this one.
 */
export function bestCoversSubject(opts: {
  lexemes: string[];
  idf: (l: string) => number;
  known: (l: string) => boolean;
  isOwn: (l: string) => boolean;
  /** Whether the word table maps the stem's word to article terms (those stand for it). */
  isMapped: (l: string) => boolean;
  /** Whether the stem is of a word the articles write as a noun (the thing asked about, not "prüfen"). */
  isNoun: (l: string) => boolean;
  /** Whether the stem is of another inflection of such a noun ("Wohnungstrennwand" – "Wohnungstrennwände"):
   *  it shows the best article is about the question, but never makes a gap by itself. */
  isNounForm?: (l: string) => boolean;
  /** How strongly the best article (title, tags, text) contains a stem, 0 to 1. */
  inBest: (l: string) => number;
  /** How strongly the best article's title and tags — the subjects it declares — contain a stem, 0 to 1. */
  inHead?: (l: string) => number;
  /** The best article's stems: a compound there that ends in the subject is about it ("Ständerwand" – "Wand"). */
  bestStems: Iterable<string>;
}): boolean {
  const nouns = opts.lexemes.filter((l) => opts.isOwn(l) && opts.isNoun(l) && opts.known(l) && opts.idf(l) >= SPECIFIC_IDF);
  // A word the table maps need not be in the article (its terms stand for it), but when it is, the article is about it.
  const subject = nouns.filter((l) => !opts.isMapped(l));
  if (subject.length === 0 || nouns.some((l) => opts.inBest(l) >= IN_ARTICLE)) return true;
  // An own specific word among the article's declared subjects ("Skonto" in the tags of § 16 VOB/B)
  // makes it the article about the question, whatever the story's other nouns ("Schlusszahlung").
  const declared = opts.lexemes.filter((l) => opts.isOwn(l) && !opts.isMapped(l) && opts.known(l) && opts.idf(l) >= SPECIFIC_IDF);
  if (declared.some((l) => (opts.inHead?.(l) ?? 0) >= IN_ARTICLE)) return true;
  const forms = opts.lexemes.filter((l) => opts.isOwn(l) && opts.isNounForm?.(l) && opts.known(l) && opts.idf(l) >= SPECIFIC_IDF);
  if (forms.some((l) => opts.inBest(l) >= IN_ARTICLE)) return true;
  const stems = [...opts.bestStems];
  return subject.some((l) => l.length >= 4 && stems.some((s) => s.length > l.length && s.endsWith(l)));
}
