// Issue 26, right sources: every sentence of every shipped article, cited the way an answer cites
// it, names only acts, §§ and norms that its article gives as sources — never a § it merely
// mentions.
import { describe, expect, it } from "vitest";
import { readKnowledgeBase } from "./knowledge-base/articles";
import { shortTitle } from "./kb-responder";
import { wrongCitations } from "./citation-check";
import { articleKeys, citationKeys, paragraphLabel, sentenceSource, splitSentences } from "./sentences";

const { articles, problems } = readKnowledgeBase();

describe("citations of knowledge-base sentences", () => {
  it("reads the knowledge base without problems", () => {
    expect(problems).toEqual([]);
    expect(articles.length).toBeGreaterThan(90);
  });

  it("cites every sentence only with what its article names as sources", () => {
    const wrong: string[] = [];
    let sentences = 0;
    for (const a of articles) {
      const allowed = articleKeys(a.sources);
      for (const para of a.content.split(/\n\s*\n/)) {
        const label = paragraphLabel(para);
        for (const sentence of splitSentences(para)) {
          sentences++;
          const cited = sentenceSource(sentence, label, a);
          const outside = [...citationKeys(cited, null)].filter((k) => !allowed.has(k) && !k.startsWith("?"));
          if (outside.length) wrong.push(`${a.file}: „${sentence.slice(0, 60)}…“ → ${cited} (${outside.join(", ")})`);
        }
      }
    }
    expect(sentences).toBeGreaterThan(1400);
    expect(wrong).toEqual([]);
  });

  it("finds a wrong citation in an answer, and accepts the article's and the expected sources", () => {
    const article = { title: "§ 16 VOB/B: Zahlung", sources: ["VOB/B (Ausgabe 2016), § 16"] };
    const name = shortTitle(article.title);
    expect(wrongCitations(`Satz _(§ 16 Abs. 1 Nr. 3 VOB/B – „${name}“)_`, [article])).toEqual([]);
    expect(wrongCitations(`Satz _(§ 13b UStG – „${name}“)_`, [article])).toEqual([
      `§ 13b UStG – „${name}“: UStG §13b steht nicht in den Quellen des Artikels`,
    ]);
    expect(wrongCitations(`Satz _(§ 650f BGB – „${name}“)_`, [article], ["BGB § 650f"])).toEqual([]);
    expect(wrongCitations(`Satz _(§ 16 VOB/B – „Unbekannt“)_`, [article])).toHaveLength(1);
  });
});
