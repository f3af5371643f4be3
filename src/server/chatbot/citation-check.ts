// Checks the citations of an answer against what the knowledge base says each sentence rests on.
// A citation "_(§ 13 Abs. 4 VOB/B – „§ 13 Abs. 4 und 5 VOB/B“)_" is wrong when any act and § (or
// norm number) it names is neither among the sources of the article it names nor among the
// sources a reviewer expected for the question (docs/chatbot-quality.md). Used by the blind
// measurement and by the test over every knowledge-base sentence.
import { shortTitle } from "./kb-responder";
import { articleKeys, citationKeys } from "./sentences";

const CITATION = /_\((.+?) – „([^“]+)“\)_/g;
const BOOK = /\b(VOB\s*\/\s*[ABC]|BGB|HOAI|UStG|BaustellV|VgV|UVgO|ZPO)\b/;

interface SourcedArticle {
  title: string;
  sources: string[];
}

/** The keys a source list names ("VOB/B § 13 Abs. 4 Nr. 1" → "VOB/B §13"). */
export const expectedKeys = (sources: string[]) =>
  new Set(sources.flatMap((s) => [...citationKeys(s, BOOK.exec(s)?.[1]?.replace(/\s+/g, "") ?? null)]));

/** The wrong citations of an answer, each as "cited – „article“: key(s) not among its sources". */
export function wrongCitations(answer: string, articles: SourcedArticle[], expected: string[] = []): string[] {
  const wanted = expectedKeys(expected);
  const wrong: string[] = [];
  for (const m of answer.matchAll(CITATION)) {
    const [, cited, name] = m;
    const article = articles.find((a) => shortTitle(a.title) === name || a.title === name);
    if (!article) {
      wrong.push(`${cited} – „${name}“: kein Artikel dieses Titels`);
      continue;
    }
    const allowed = articleKeys(article.sources);
    const book = BOOK.exec(cited)?.[1] ?? BOOK.exec(article.title)?.[1] ?? null;
    const keys = [...citationKeys(cited, book ? book.replace(/\s+/g, "") : null)];
    const outside = keys.filter((k) => !allowed.has(k) && !wanted.has(k));
    if (outside.length) wrong.push(`${cited} – „${name}“: ${outside.join(", ")} steht nicht in den Quellen des Artikels`);
  }
  return wrong;
}
