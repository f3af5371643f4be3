import { describe, expect, it } from "vitest";
import { carriesSubject } from "./subject-gap";

/** A question's stems with weight (1 own, 0.85 repaired part, 0.7 synonym), IDF and whether an article has them. */
const check = (stems: Record<string, { w: number; idf: number; df: number }>, inTop: string[]) =>
  carriesSubject({
    lexemes: Object.keys(stems),
    idf: (l) => stems[l].idf,
    known: (l) => stems[l].df > 0,
    strengthInTop: (l) => (inTop.includes(l) ? 1 : 0),
    isOwn: (l) => stems[l].w === 1,
  });

describe("carriesSubject", () => {
  it("is a gap when the article reaches only repaired parts of words the knowledge base lacks („Ziegeldach“ → „Ziegel“)", () => {
    const stems = { ziegeldach: { w: 1, idf: 2.5, df: 0 }, mindestdachneig: { w: 1, idf: 2.5, df: 0 }, ziegel: { w: 0.85, idf: 2, df: 3 }, dach: { w: 0.85, idf: 2, df: 4 } };
    expect(check(stems, ["ziegel", "dach"])).toBe(false);
  });

  it("is an answer when the article holds one of the question's own specific words", () => {
    const stems = { nachbehandel: { w: 1, idf: 2.5, df: 2 }, grad: { w: 1, idf: 2.5, df: 0 }, beton: { w: 1, idf: 1.3, df: 20 } };
    expect(check(stems, ["nachbehandel"])).toBe(true);
    expect(check(stems, ["beton"])).toBe(true);
    expect(check(stems, [])).toBe(false);
  });

  it("does not hold a question of common words only to anything", () => {
    expect(check({ vertrag: { w: 1, idf: 0.4, df: 40 }, beginn: { w: 0.7, idf: 1.1, df: 10 } }, ["beginn"])).toBe(true);
  });
});
