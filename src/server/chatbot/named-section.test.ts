import { describe, expect, it } from "vitest";
import { leadWithNamedSection, namedSections } from "./named-section";

// The question's terms among some heading stems (here: plain equality).
const namesOf = (terms: string[]) => (stems: string[]) => stems.filter((s) => terms.includes(s));

describe("the section the question names", () => {
  const vergabe = [
    { ord: 1, headingStems: ["anwendungsbereich"] },
    { ord: 2, headingStems: ["vergabeart"] },
    { ord: 3, headingStems: ["angebotsfrist"] },
    { ord: 4, headingStems: ["bindefrist"] },
    { ord: 5, headingStems: [] },
  ];

  it("finds the paragraph whose heading names a term of the question", () => {
    expect([...namedSections(vergabe, namesOf(["gemeind", "bindefrist", "tag"]))]).toEqual([4]);
    expect(namedSections(vergabe, namesOf(["gemeind"])).size).toBe(0);
  });

  it("ignores a term that most headings of the article name", () => {
    const abnahme = [
      { ord: 1, headingStems: ["formlich", "abnahm"] },
      { ord: 2, headingStems: ["fiktiv", "abnahm"] },
      { ord: 3, headingStems: ["teilabnahm"] },
    ];
    expect(namedSections(abnahme, namesOf(["abnahm"])).size).toBe(0);
  });

  it("moves the named section's best sentence before a background sentence of the same article, if it is close enough", () => {
    const place = (s: { score: number; a: number; ord: number }) => ({ article: s.a, section: s.ord });
    const named = () => new Set([4]);
    const ranked = [
      { score: 10, a: 1, ord: 1 },
      { score: 7, a: 1, ord: 4 },
    ];
    leadWithNamedSection(ranked, place, named);
    expect(ranked.map((s) => s.ord)).toEqual([4, 1]);
    const weak = [
      { score: 10, a: 1, ord: 1 },
      { score: 3, a: 1, ord: 4 },
      { score: 9, a: 2, ord: 4 },
    ];
    leadWithNamedSection(weak, place, named);
    expect(weak.map((s) => s.score)).toEqual([10, 3, 9]);
  });
});
