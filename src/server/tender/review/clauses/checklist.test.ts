// The clause checklist as data (knowledge/klauseln/*.md): every file valid, at least 40 clause
// types in the blind corpus's vocabulary, each with a yardstick and verdict rules; malformed files
// fail with their name and the problem.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ChecklistError, checklistDir, parseClauseType, parseSynonyms, readChecklist, SYNONYMS_FILE } from "./checklist";
import { contains, stemText } from "./words";

const VOCABULARY = [
  ...readFileSync(join(import.meta.dirname, "../../../../../tests/quality/blind/CLAUSE-TYPES.md"), "utf8").matchAll(
    /^([a-zäöü][a-zäöü-]*) \|/gm,
  ),
]
  .map((m) => m[1])
  .filter((s) => s !== "slug");

describe("clause checklist", () => {
  const types = readChecklist(checklistDir());

  it("has at least 40 valid clause types, each a slug of the vocabulary, with a yardstick and a verdict for every case", () => {
    expect(types.length).toBeGreaterThanOrEqual(40);
    expect(types.map((t) => t.slug).sort()).toEqual([...VOCABULARY].sort());
    for (const t of types) {
      expect(t.yardstick, t.slug).toMatch(/§|BGH/);
      expect(t.lookFor.length, t.slug).toBeGreaterThan(0);
      expect(
        t.lookFor.every((p) => p.stems.length > 0),
        t.slug,
      ).toBe(true);
      expect(["kritisch", "prüfen", "üblich"]).toContain(t.fallback.verdict);
      expect(t.explanation.length, t.slug).toBeGreaterThan(100);
    }
  });

  it("names the leading BGH decisions with their file numbers where the issue asks for them", () => {
    const yardstick = (slug: string) => types.find((t) => t.slug === slug)!.yardstick;
    expect(yardstick("vertragsstrafe")).toContain("VII ZR 210/01");
    expect(yardstick("buergschaft-erstes-anfordern")).toContain("VII ZR 192/01");
    expect(yardstick("ablösung-sicherheit")).toContain("VII ZR 324/95");
    expect(yardstick("preisgleitung")).toContain("§ 9d VOB/A");
    expect(yardstick("mengenaenderung")).toContain("§ 2 Abs. 3 VOB/B");
  });

  it("gives kritisch, prüfen and üblich verdicts across the checklist and 'nicht geregelt' rules where the gap matters", () => {
    const verdicts = new Set(types.flatMap((t) => [t.fallback.verdict, ...t.verdicts.map((v) => v.verdict)]));
    expect([...verdicts].sort()).toEqual(["kritisch", "prüfen", "üblich"]);
    expect(
      types
        .filter((t) => t.notRegulated)
        .map((t) => t.slug)
        .sort(),
    ).toEqual(["altlasten-kampfmittel", "bauzeit-fristen", "behinderung", "preisgleitung", "winterbau"]);
  });

  it("reads the synonym groups beside the types, so a rule's phrase also finds the group's other words", () => {
    const synonyms = parseSynonyms(readFileSync(join(checklistDir(), SYNONYMS_FILE), "utf8"));
    expect(synonyms.size).toBeGreaterThan(50);
    const behinderung = types.find((t) => t.slug === "behinderung")!;
    const claims = behinderung.verdicts.find((v) => v.when.negated && v.when.any?.includes("Vergütung"))!;
    expect(claims.compiled.any.some((p) => contains(stemText("Ein Entgelt für Stillstand wird nicht gezahlt."), p))).toBe(true);
    expect(() => parseSynonyms("- Vergütung")).toThrow(/synonyme\.yaml: Gruppe 1 muss eine Liste/);
    expect(() => parseSynonyms("a: b")).toThrow(/muss eine Liste von Gruppen sein/);
  });

  const file = (front: string, body = "Erläuterung für den Kalkulator: worauf zu achten ist und warum, in einem ganzen Satz.") =>
    `---\n${front}\n---\n${body}\n`;
  const valid =
    'slug: test\nname: "Test"\ngroup: Recht\nyardstick: "§ 1 VOB/B"\nlook_for: ["Test"]\nverdicts: []\nfallback:\n  verdict: üblich\n  why: "gut"';

  it("rejects malformed files with the file name and the problem", () => {
    expect(parseClauseType(file(valid), "test.md").slug).toBe("test");
    const problems: [string, RegExp][] = [
      [valid.replace("verdicts: []", "verdicts:\n  - verdict: schlimm\n    why: x"), /verdict muss kritisch, prüfen oder üblich sein/],
      [
        valid.replace("verdicts: []", "verdicts:\n  - verdict: kritisch\n    when: { prozent_ueber: 5 }\n    why: x"),
        /unbekannte Bedingung „prozent_ueber“/,
      ],
      [
        valid.replace("verdicts: []", "verdicts:\n  - verdict: kritisch\n    when: { percent_over: fünf }\n    why: x"),
        /percent_over muss eine Zahl sein/,
      ],
      [valid.replace('yardstick: "§ 1 VOB/B"', 'yardstick: "üblich"'), /yardstick muss eine Vorschrift/],
      [valid.replace('look_for: ["Test"]', "look_for: []"), /look_for braucht mindestens einen Begriff/],
      [valid.replace("group: Recht", "group: Sonstiges"), /group muss eine von/],
      [`${valid}\nsynonyme: [a]`, /unbekanntes Feld „synonyme“/],
    ];
    for (const [front, message] of problems) {
      expect(() => parseClauseType(file(front), "kaputt.md")).toThrow(ChecklistError);
      expect(() => parseClauseType(file(front), "kaputt.md")).toThrow(message);
    }
    expect(() => parseClauseType(file(valid, "kurz"), "kaputt.md")).toThrow(/kaputt\.md: Erläuterung/);
    expect(() => parseClauseType("slug: x", "kaputt.md")).toThrow(/Front Matter/);
  });
});
