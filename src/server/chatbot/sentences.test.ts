import { describe, expect, it } from "vitest";
import {
  articleKeys,
  citationKeys,
  paragraphLabel,
  ruleReferences,
  sentenceSource,
  splitSentences,
  withoutLabel,
  withoutRuleReferences,
} from "./sentences";
import { CitationStream, citedList, cleanCitations, groundingMessage } from "./citations";
import type { Passage } from "./retrieval";

describe("German sentences", () => {
  it("ends sentences at full stops, not after abbreviations, ordinals, dates or step numbers", () => {
    const p =
      "Verjährung (§ 13 Abs. 4 VOB/B): Ist keine Frist vereinbart, beträgt sie z. B. für Bauwerke 4 Jahre. Sie beginnt mit der Abnahme (Abs. 4 Nr. 3). Am 12. Werktag gilt § 12 Abs. 1 VOB/B. Urteil vom 22.02.2018 – VII ZR 46/17. Die Höhe beträgt 1,0 m. Danach gilt „DIN 18533“.";
    expect(splitSentences(p)).toEqual([
      "Verjährung (§ 13 Abs. 4 VOB/B): Ist keine Frist vereinbart, beträgt sie z. B. für Bauwerke 4 Jahre.",
      "Sie beginnt mit der Abnahme (Abs. 4 Nr. 3).",
      "Am 12. Werktag gilt § 12 Abs. 1 VOB/B.",
      "Urteil vom 22.02.2018 – VII ZR 46/17.",
      "Die Höhe beträgt 1,0 m.",
      "Danach gilt „DIN 18533“.",
    ]);
    expect(splitSentences("1. Erkennen: Nachträge entstehen aus Abweichungen. Jeder Plan zählt.\n- Liste eins\n- Liste zwei")).toEqual([
      "1. Erkennen: Nachträge entstehen aus Abweichungen.",
      "Jeder Plan zählt.",
      "- Liste eins",
      "- Liste zwei",
    ]);
  });

  it("takes paragraph labels, but not sentences, and strips them from an answer sentence", () => {
    expect(paragraphLabel("Gefahrübergang (§ 12 Abs. 6 VOB/B): Mit der Abnahme …")).toBe("Gefahrübergang (§ 12 Abs. 6 VOB/B)");
    expect(paragraphLabel("2. Dokumentieren: Wer hat wann was angeordnet?")).toBe("Dokumentieren");
    expect(paragraphLabel("Die Abnahme ist wichtig. Praxis: immer dokumentieren")).toBeNull();
    expect(withoutLabel("Verjährung (§ 13 Abs. 4 VOB/B): ist keine Frist vereinbart, beträgt sie 4 Jahre.")).toBe(
      "Ist keine Frist vereinbart, beträgt sie 4 Jahre.",
    );
    expect(withoutLabel("Gefahr: keine")).toBe("Gefahr: keine");
  });

  it("finds rule references", () => {
    expect(
      ruleReferences(
        "Nach § 634a Abs. 1 Nr. 2 BGB und §§ 650b bis 650e BGB, § 2 Abs. 3 Nr. 2 VOB/B, DIN EN 1996-1-1/NA, ASR A2.1, DGUV Information 201-011 und TRBS 2121 Teil 1",
      ),
    ).toEqual([
      "§ 634a Abs. 1 Nr. 2 BGB",
      "§§ 650b bis 650e BGB",
      "§ 2 Abs. 3 Nr. 2 VOB/B",
      "DIN EN 1996-1-1/NA",
      "ASR A2.1",
      "DGUV Information 201-011",
      "TRBS 2121 Teil 1",
    ]);
  });

  it("gives each answer sentence a source its article names: its label's, made precise by the sentence, else the article's", () => {
    const article = { title: "§ 13 VOB/B: Verjährung", sources: ["VOB/B (Ausgabe 2016), § 13"] };
    expect(sentenceSource("Die Frist beträgt nach § 13 Abs. 4 Nr. 1 VOB/B 4 Jahre.", null, article)).toBe("§ 13 Abs. 4 Nr. 1 VOB/B");
    expect(sentenceSource("Verjährung (§ 13 Abs. 4 VOB/B): Sie beträgt 4 Jahre.", "Verjährung (§ 13 Abs. 4 VOB/B)", article)).toBe(
      "§ 13 Abs. 4 VOB/B",
    );
    expect(sentenceSource("Die Frist läuft nach § 13 Abs. 5 Nr. 1 neu.", null, article)).toBe("§ 13 Abs. 5 Nr. 1 VOB/B");
    expect(
      sentenceSource("Sie verjähren in 5 Jahren (Abs. 1 Nr. 2).", "Verjährung (§ 634a BGB)", { title: "BGB", sources: ["BGB § 634a"] }),
    ).toBe("§ 634a Abs. 1 Nr. 2 BGB");
    expect(sentenceSource("Fotos mit Datum aufnehmen.", null, article)).toBe("VOB/B (Ausgabe 2016), § 13");
    // A § the sentence merely mentions is not its source (issue 26: "§ 13b UStG" for a VOB/B rule).
    const abrechnung = { title: "§ 14 VOB/B: Abrechnung", sources: ["VOB/B (Ausgabe 2016), § 14"] };
    expect(sentenceSource("Die Steuer schuldet der Leistungsempfänger (§ 13b UStG).", "Abrechnung (§ 14 VOB/B)", abrechnung)).toBe(
      "§ 14 VOB/B",
    );
    expect(sentenceSource("Anders als nach § 650c BGB gilt der alte Preis.", null, abrechnung)).toBe("VOB/B (Ausgabe 2016), § 14");
  });

  it("reads what a source or citation refers to as act and § (or norm number)", () => {
    expect([...citationKeys("BGB §§ 195, 199 Abs. 1, 203, 204 Abs. 1 Nr. 1, 3, 7 und Abs. 2, 209")]).toEqual([
      "BGB §195",
      "BGB §199",
      "BGB §203",
      "BGB §204",
      "BGB §209",
    ]);
    expect([...citationKeys("VOB/B (Ausgabe 2016), § 4 Abs. 5, § 6 Abs. 2 Nr. 2")]).toEqual(["VOB/B §4", "VOB/B §6"]);
    expect([...citationKeys("§§ 650a–650c BGB, § 13 Abs. 4 Nr. 1 VOB/B, DIN 18533-1, ATV DIN 18299, Abschnitt 4.2")].sort()).toEqual(
      ["BGB §650a", "BGB §650b", "BGB §650c", "DIN 18299", "DIN 18533", "VOB/B §13"].sort(),
    );
    expect([...articleKeys(["DIN 1045-3; DIN EN 1996-2/NA", "UStG § 13b"])]).toEqual(["DIN 1045", "DIN EN 1996", "UStG §13b"]);
  });

  it("takes the rules out of a model's answer from general knowledge", () => {
    const text = withoutRuleReferences(
      "Nach § 13 Abs. 4 VOB/B verjähren Mängelansprüche in vier Jahren (§ 634a BGB) [2]. Gemäß DIN 18202 gilt das auch.",
    );
    expect(text).not.toMatch(/§|DIN|\[2\]/);
    expect(text).toContain("verjähren Mängelansprüche in vier Jahren");
  });
});

describe("citations of a language model", () => {
  const passage = (title: string): Passage => ({ articleId: 1, title, sources: ["VOB/B § 13"], text: "Text", score: 1 });
  const passages = [passage("Verjährung"), passage("Abnahme")];

  it("numbers the passages with titles and sources and states the rules", () => {
    const m = groundingMessage(passages);
    expect(m).toMatch(/^Auszüge aus der bauklar-Wissensdatenbank/);
    expect(m).toContain("[1] Verjährung\nText\nQuellen: VOB/B § 13");
    expect(m).toContain("[2] Abnahme");
    expect(m).toMatch(/ausschließlich auf Grundlage dieser Auszüge/);
    expect(m).toMatch(/nur die Nummern 1 bis 2/);
  });

  it("keeps citations of given passages and removes the others", () => {
    const cited = new Set<number>();
    expect(cleanCitations("Vier Jahre [1]. Fünf Jahre [3]. Beides [1, 3]. Spanne [1–2]. Falsch [7–9].", 2, cited)).toBe(
      "Vier Jahre [1]. Fünf Jahre. Beides [1]. Spanne [1–2]. Falsch.",
    );
    expect([...cited].sort()).toEqual([1, 2]);
    expect(citedList(passages, cited)).toBe(
      "\n\n**Quellen aus der Wissensdatenbank**\n- [1] Verjährung – VOB/B § 13\n- [2] Abnahme – VOB/B § 13",
    );
    expect(citedList(passages, new Set())).toBe("");
  });

  it("cleans a streamed answer piece by piece, never showing a removed citation", () => {
    const stream = new CitationStream(2);
    const pieces = ["Die Frist ", "beträgt vier Jahre ", "[", "3", "] und", " beginnt [", "1]", " mit der Abnahme [2", ", 5].", " Ende "];
    const shown = pieces.map((p) => stream.push(p));
    for (const s of shown) expect(s).not.toMatch(/\[3|5\]/);
    const text = shown.join("") + stream.end();
    expect(text).toBe("Die Frist beträgt vier Jahre und beginnt [1] mit der Abnahme [2]. Ende ");
    expect([...stream.cited].sort()).toEqual([1, 2]);
  });
});
