// The section the question names (issue 26, "the asked fact first"): an article's paragraphs
// often carry a heading ("Angebotsfrist (§ 10 Abs. 1 VOB/A): …", "Bindefrist: …"). When the
// question names a term that such a heading names – and few other headings of the article do –
// that paragraph holds the rule asked about, even if the story around the question ("Gemeinde",
// "öffentliche Ausschreibung") matches the article's background paragraph better.

export interface Section {
  ord: number;
  /** Stems of the heading's name (without its references). */
  headingStems: string[];
}

/**
 * The paragraphs (by `ord`) whose heading names a term of the question (`names` gives the
 * question's terms among some stems) that at most a third of the article's headings name:
 * "Abnahme" in "Förmliche Abnahme" and "Fiktive Abnahme" tells no section apart.
 */
export function namedSections(sections: Section[], names: (stems: string[]) => string[]): Set<number> {
  const headed = sections.filter((s) => s.headingStems.length > 0);
  const hits = headed.map((s) => ({ ord: s.ord, terms: [...new Set(names(s.headingStems))] }));
  const count = new Map<string, number>();
  for (const h of hits) for (const t of h.terms) count.set(t, (count.get(t) ?? 0) + 1);
  const distinctive = (t: string) => (count.get(t) ?? 0) <= Math.max(1, headed.length / 3);
  return new Set(hits.filter((h) => h.terms.some(distinctive)).map((h) => h.ord));
}

/** A named section's sentence may lead if it reaches this share of the leading sentence's score. */
const NAMED_SHARE = 0.4;

/**
 * Moves the best sentence of a named section of the leading sentence's article to the front,
 * when the lead comes from another section of that article and the named one is about the question.
 */
export function leadWithNamedSection<T extends { score: number }>(
  ranked: T[],
  place: (s: T) => { article: number; section: number },
  named: (article: number) => Set<number>,
): void {
  if (ranked.length === 0) return;
  const lead = place(ranked[0]);
  const sections = named(lead.article);
  if (sections.size === 0 || sections.has(lead.section)) return;
  const at = ranked.findIndex((s) => {
    const { article, section } = place(s);
    return article === lead.article && sections.has(section) && s.score >= NAMED_SHARE * ranked[0].score;
  });
  if (at > 0) ranked.unshift(...ranked.splice(at, 1));
}
