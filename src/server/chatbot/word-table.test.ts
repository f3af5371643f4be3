// The everyday-German word table (knowledge/wortschatz.txt) and the repairs of site language:
// every line parses, every term on the right is one the articles use, abbreviations match only
// as written, and typos, umlaut spellings and compounds find the knowledge base's words.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { knowledgeDir, readKnowledgeBase } from "./knowledge-base/articles";
import { WORD_TABLE_FILE, expandWords, parseWordTable, termPattern } from "./word-table";
import { closestWord, repairWords, splitCompound } from "./everyday-german";

const table = parseWordTable(readFileSync(join(knowledgeDir(), WORD_TABLE_FILE), "utf8"));
const { articles } = readKnowledgeBase();
const corpus = articles.map((a) => `${a.title} ${a.tags.join(" ")} ${a.content}`.toLowerCase()).join("\n");

describe("word table", () => {
  it("parses without problems and has the abbreviations of site language", () => {
    expect(table.problems).toEqual([]);
    expect(table.rules.length).toBeGreaterThan(100);
    for (const abbreviation of ["AG", "AN", "BL", "GU", "NU", "LV", "EP"])
      expect(
        table.rules.some((r) => r.terms.includes(abbreviation)),
        abbreviation,
      ).toBe(true);
    expect(table.domainWords.length).toBeGreaterThan(50);
  });

  it("maps only to terms the articles use (a term nobody wrote cannot help)", () => {
    const missing = table.rules.flatMap((r) =>
      r.target
        .split(/\s+/)
        .filter((t) => !corpus.includes(t.toLowerCase()))
        .map((t) => `Zeile ${r.line}: ${t}`),
    );
    expect(missing).toEqual([]);
  });

  it("reads the site spelling „nich“ as „nicht“ inside a term, not „nichts“", () => {
    expect(termPattern("nicht im LV").test("ne stützmauer die nich im LV is")).toBe(true);
    expect(termPattern("nicht im LV").test("Leistung nicht im LV")).toBe(true);
    expect(termPattern("nicht fertig").test("der is immer noch nich fertig")).toBe(true);
    expect(termPattern("meldet sich nicht").test("AG meldet sich nich")).toBe(true);
    expect(termPattern("nicht fertig").test("nichts fertig")).toBe(false);
    const table = parseWordTable(
      "Widerruf, will raus, anders überlegt = Widerrufsrecht\nok vom, okay vom, Erlaubnis, einverstanden = Zustimmung",
    );
    expect(expandWords(table, "kunde will raus aus dem vertrag")).toContain("Widerrufsrecht");
    expect(expandWords(table, "bauherr hat es sich anders überlegt")).toContain("Widerrufsrecht");
    expect(expandWords(table, "brauch ich das ok vom AG")).toContain("Zustimmung");
    expect(expandWords(table, "ist der AG einverstanden sein muss")).toContain("Zustimmung");
    expect(expandWords(table, "ist das okay so?")).not.toContain("Zustimmung");
  });

  it("matches abbreviations only as written, words wherever they stand", () => {
    const t = parseWordTable(
      'AN = Auftragnehmer\n"bad" = Abdichtung\nkündig = Kündigung\nFachwörter: Beton\nAllgemeinwörter: Höhe\nRahmenwörter: Neubau, Einfamilienhaus',
    );
    expect(expandWords(t, "Was darf der AN?")).toBe("Auftragnehmer");
    expect(expandWords(t, "Wer denkt an Mängel?")).toBe("");
    expect(expandWords(t, "Abdichtung im Bad")).toBe("Abdichtung");
    expect(expandWords(t, "Badewanne")).toBe("");
    expect(expandWords(t, "AG hat gekündigt")).toBe("Kündigung");
    expect(expandWords(t, "Pendlerpauschale", true)).toBe("");
    expect(t.domainWords).toEqual(["Beton"]);
    expect(t.generalWords).toEqual(["Höhe"]);
    expect(t.settingWords).toEqual(["Neubau", "Einfamilienhaus"]);
    expect(parseWordTable("ohne Gleichheitszeichen").problems).toEqual([
      { line: 1, message: "Zeile ohne „=“ (Alltagswort, … = Fachbegriff …)" },
    ]);
  });
});

describe("site language repairs", () => {
  const words = new Map([
    ["gewährleistung", 3],
    ["bürgschaft", 5],
    ["mängel", 9],
    ["beton", 9],
    ["nachbehandlung", 4],
    ["stundenlohnzettel", 2],
    ["mängelanzeige", 1],
  ]);

  it("repairs typos by edit distance (one edit up to 8 letters, two from 9)", () => {
    expect(closestWord("gewärleistung", words)).toBe("gewährleistung");
    expect(closestWord("stundenlonzetel", words)).toBe("stundenlohnzettel");
    expect(closestWord("bürgshaft", words)).toBe("bürgschaft");
    expect(closestWord("beeton", words)).toBe("beton");
    expect(closestWord("xylophon", words)).toBeNull();
  });

  it("splits and joins compounds, and reads spellings without umlauts", () => {
    expect(splitCompound("betonnachbehandlung", words)).toEqual(["beton", "nachbehandlung"]);
    expect(repairWords("Maengel an der Betonnachbehandlung", words)).toEqual(expect.arrayContaining(["mängel", "beton", "nachbehandlung"]));
    expect(repairWords("Mängel Anzeige schreiben", words)).toContain("mängelanzeige");
    expect(repairWords("Gewährleistung", words)).toEqual([]);
  });
});
