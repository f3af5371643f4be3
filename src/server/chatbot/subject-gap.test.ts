import { describe, expect, it } from "vitest";
import { articleLowerWords, articleNounStems, articleNouns, bestCoversSubject, carriesSubject } from "./subject-gap";
import { repairs } from "./everyday-german";

/** A question's stems: own word (or typo repair) or not, IDF and whether an article has them. */
const check = (stems: Record<string, { own: boolean; idf: number; df: number }>) =>
  carriesSubject({ lexemes: Object.keys(stems), idf: (l) => stems[l].idf, known: (l) => stems[l].df > 0, isOwn: (l) => stems[l].own });

describe("carriesSubject", () => {
  it("is a gap when the knowledge base knows none of the question's own specific words, only parts of them („Ziegeldach“ → „Ziegel“)", () => {
    expect(
      check({
        ziegeldach: { own: true, idf: 2.5, df: 0 },
        mindestdachneig: { own: true, idf: 2.5, df: 0 },
        ziegel: { own: false, idf: 2, df: 3 },
        dach: { own: false, idf: 2, df: 4 },
      }),
    ).toBe(false);
  });

  it("is an answer when one own specific word is known, or the question has only common words", () => {
    expect(check({ nachbehandel: { own: true, idf: 2.5, df: 2 }, grad: { own: true, idf: 2.5, df: 0 } })).toBe(true);
    expect(check({ vertrag: { own: true, idf: 0.4, df: 40 }, beginn: { own: false, idf: 1.1, df: 10 } })).toBe(true);
  });

  it("counts a typo repaired to a whole word as the question's own, a compound's parts not", () => {
    const words = new Map(
      [
        ["gewährleistung", 3],
        ["ziegel", 2],
        ["dach", 4],
        ["dachneigung", 0],
      ].filter(([, n]) => n) as [string, number][],
    );
    expect(repairs("wie lang is die gewärleistung", words)).toContainEqual({ word: "gewährleistung", kind: "whole" });
    expect(repairs("ein ziegeldach", words).every((r) => r.kind === "part")).toBe(true);
  });
});

describe("bestCoversSubject", () => {
  const check = (inBest: Record<string, number>, bestStems: string[] = []) =>
    bestCoversSubject({
      lexemes: ["dachneig", "mindest", "pruf"],
      idf: () => 2,
      known: () => true,
      isOwn: () => true,
      isMapped: () => false,
      isNoun: (l) => l !== "pruf",
      inBest: (l) => inBest[l] ?? 0,
      bestStems,
    });

  it("is a gap when the best article contains none of the question's known nouns (it matched on other words)", () => {
    expect(check({ pruf: 1 })).toBe(false);
    expect(check({ dachneig: 1 })).toBe(true);
  });

  it("counts another inflection of an article noun in the best article as covering, but never as a gap of its own", () => {
    const covers = (inBest: Record<string, number>) =>
      bestCoversSubject({
        lexemes: ["neubau", "wohnungstrennwand", "ansatz"],
        idf: () => 2,
        known: () => true,
        isOwn: () => true,
        isMapped: () => false,
        isNoun: (l) => l === "neubau",
        isNounForm: (l) => l !== "neubau",
        inBest: (l) => inBest[l] ?? 0,
        bestStems: [],
      });
    expect(covers({ wohnungstrennwand: 1 })).toBe(true); // "Wohnungstrennwände" in the article
    expect(covers({})).toBe(false); // "Neubau" is the subject and not there
  });

  it("counts a noun the word table maps when the best article contains it itself („Nachtrag“)", () => {
    const covers = (inBest: Record<string, number>) =>
      bestCoversSubject({
        lexemes: ["nachtrag", "stell"],
        idf: () => 2,
        known: () => true,
        isOwn: () => true,
        isMapped: (l) => l === "nachtrag",
        isNoun: () => true,
        inBest: (l) => inBest[l] ?? 0,
        bestStems: [],
      });
    expect(covers({ nachtrag: 1 })).toBe(true);
    expect(covers({})).toBe(false);
  });

  it("counts a compound of the best article that ends in the noun („Ständerwand“ – „Wand“)", () => {
    expect(check({}, ["dachziegel"])).toBe(false);
    expect(check({}, ["grunddachneig"])).toBe(true);
  });
});

describe("articleNouns", () => {
  it("takes the words the articles write capitalised inside sentences more often than in lower case", () => {
    const snapshot = {
      articles: [
        {
          title: "x",
          paragraphs: [
            { sentences: [{ text: "Der Estrich muss trocknen. Frost schadet dem Estrich, das Liegen bleibt liegen und liegen." }] },
          ],
        },
      ],
    };
    const nouns = articleNouns(snapshot);
    expect(nouns.has("estrich")).toBe(true);
    expect(nouns.has("frost")).toBe(false); // only at a sentence's start
    expect(nouns.has("liegen")).toBe(false);
  });

  it("stems the nouns once, and knows the words written in lower case („seit“ is no „Seite“)", async () => {
    const snapshot = {
      articles: [
        { title: "x", paragraphs: [{ sentences: [{ text: "Auf der Seite der Wohnungstrennwände, seit der Abnahme, auf jeder Seite." }] }] },
      ],
    };
    expect(articleLowerWords(snapshot).has("seit")).toBe(true);
    expect(articleLowerWords(snapshot).has("seite")).toBe(false);
    let calls = 0;
    const stem = async (words: string) => {
      calls++;
      return words.split(" ").map((w) => w.replace("wände", "wand"));
    };
    const stems = await articleNounStems(snapshot, stem);
    expect(stems.has("wohnungstrennwand")).toBe(true);
    await articleNounStems(snapshot, stem);
    expect(calls).toBe(1);
  });
});
