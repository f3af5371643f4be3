import { describe, expect, it } from "vitest";
import { ANSWER_KINDS, FOLLOW_UP, matchStrength, paragraphLabel, tsLiteral, withoutZu } from "./german-query";
import { conversationTitle } from "../../common/schemas/chatbot";
import { roleFromPrompt } from "./default-prompts";

describe("German query rules", () => {
  it("matches compound words by their parts", () => {
    const stems = new Set(["verjahrungsfrist", "rechtswirkung", "abnahm"]);
    expect(matchStrength("abnahm", stems)).toBe(1);
    expect(matchStrength("verjahr", stems)).toBe(0.7);
    expect(matchStrength("wirkung", stems)).toBe(0.6);
    expect(matchStrength("abnahmeprotokoll", stems)).toBe(0.5);
    expect(matchStrength("bau", new Set(["bautagebuch"]))).toBe(0); // too short to be a part
  });

  it("queries longer stems as prefixes", () => {
    expect(tsLiteral("verjahr")).toBe("'verjahr':*");
    expect(tsLiteral("vob")).toBe("'vob'");
  });

  it("recognises follow-up questions", () => {
    expect(FOLLOW_UP.test("und nach BGB?")).toBe(true);
    expect(FOLLOW_UP.test("Gilt das auch beim Pauschalvertrag?")).toBe(true);
    expect(FOLLOW_UP.test("Was ist ein Aufmaß?")).toBe(false);
  });

  it("knows which paragraph states the asked-for kind of fact", () => {
    const kinds = (q: string) => ANSWER_KINDS.filter((k) => k.question.test(q));
    const [period] = kinds("Wie lange verjähren Mängelansprüche?");
    expect(period.answer.test("beträgt sie für Bauwerke 4 Jahre")).toBe(true);
    expect(period.answer.test("Die Anzeige ist schriftlich zu erstatten.")).toBe(false);
    const [contents] = kinds("Was gehört in ein Bautagebuch?");
    expect(contents.answer.test("Tägliche Mindestinhalte: Datum und Wochentag")).toBe(true);
    expect(kinds("Was ist ein Aufmaß?").map((k) => k.name)).toEqual(["definition"]);
    // An upper limit, however it is asked.
    for (const q of [
      "wieviel darf ich maximal abrechnen?",
      "gibts im sommer auch ne obergrenze für die betontemperatur?",
      "bis zu wieviel darf der einbehalten?",
    ]) {
      const limit = kinds(q).find((k) => k.name === "limit");
      expect(limit, q).toBeDefined();
      expect(limit!.answer.test("darf ihr Gesamtbetrag 90 % der Vergütung nicht übersteigen")).toBe(true);
      expect(limit!.answer.test("darf +30 °C nicht überschreiten")).toBe(true);
    }
    // "pro m²" asks an amount.
    expect(kinds("gerüst lastklasse 3, was darf da pro m2 drauf?").map((k) => k.name)).toContain("amount");
    for (const q of [
      "was muss ich da von seiner rechnung einbehalten?",
      "was muss ich auf cmin draufschlagen?",
      "was darf ich vom werklohn abziehen?",
    ])
      expect(
        kinds(q).map((k) => k.name),
        q,
      ).toContain("amount");
    expect(kinds("Wie gehe ich bei einem Nachtrag vor?").map((k) => k.name)).toEqual(["steps"]);
    expect(kinds("Welche Norm gilt für Estricharbeiten?").map((k) => k.name)).toEqual(["norm", "enumeration", "list"]);
    expect(kinds("Ab welchem CM-Wert ist Zementestrich belegreif?").map((k) => k.name)).toEqual(["amount"]);
    // "was für ein" asks like "welche"; a cover or a cross-section is a measure.
    expect(kinds("was für ein cnom muss in den plan?").map((k) => k.name)).toContain("amount");
    expect(kinds("welchen querschnitt brauch ich für die dachlatten?").map((k) => k.name)).toContain("amount");
    expect(kinds("Bis wann muss ich den Nachtrag ankündigen?").map((k) => k.name)).toEqual(["deadline"]);
    const [deadline] = kinds("Bis wann muss ich den Nachtrag ankündigen?");
    expect(deadline.answer.test("Er muss ihn ankündigen, bevor er mit der Ausführung beginnt.")).toBe(true);
    const [amount] = kinds("Wie hoch ist der Einbehalt?");
    expect(amount.answer.test("höchstens 10 % der Zahlung")).toBe(true);
    expect(amount.answer.test("nach § 650m Abs. 2 BGB")).toBe(false);
    // "Um wieviel …?" without a fixed figure: the rule that computes it.
    const calculation = kinds("Um wieviel verlängert sich meine Ausführungsfrist?").find((k) => k.name === "calculation");
    expect(calculation?.answer.test("Die Fristverlängerung berechnet sich nach der Dauer der Behinderung")).toBe(true);
    expect(calculation?.answer.test("Ausführungsfristen werden verlängert, soweit die Behinderung …")).toBe(false);
    expect(kinds("Wie wird der Preis für den Nachtrag berechnet?").map((k) => k.name)).toContain("calculation");
    expect(kinds("Wie lange verjähren Mängelansprüche?").map((k) => k.name)).not.toContain("calculation");
  });

  it("matches German compounds, participles and separable verbs", () => {
    expect(matchStrength("vertragserfullungsburgschaft", new Set(["vertragserfullungssicher"]))).toBe(0.55);
    expect(matchStrength("vertragserfullungsburgschaft", new Set(["vertragserfullung", "burgschaft"]))).toBe(0.9);
    expect(matchStrength("trenn", new Set(["getrennt"]))).toBe(0.6);
    expect(withoutZu("durchzufuhr")).toBe("durchfuhr");
    expect(withoutZu("zustimm")).toBe("zustimm");
  });

  it("takes paragraph labels, but not sentences", () => {
    expect(paragraphLabel("Gefahrübergang (§ 12 Abs. 6 VOB/B): Mit der Abnahme …")).toBe("Gefahrübergang (§ 12 Abs. 6 VOB/B)");
    expect(paragraphLabel("Die Abnahme ist wichtig. Praxis: immer dokumentieren")).toBeNull();
    expect(paragraphLabel("Ohne Doppelpunkt")).toBeNull();
  });
});

describe("titles and roles", () => {
  it("cuts a conversation title at a word boundary", () => {
    expect(conversationTitle("Was ist ein Aufmaß?")).toBe("Was ist ein Aufmaß?");
    expect(conversationTitle(`${"Wort ".repeat(20)}Ende`)).toMatch(/^(Wort ){11}Wort…$/);
  });

  it("reads the assistant's role from the prompt's first line", () => {
    expect(roleFromPrompt("Sie sind der Baurecht-Assistent von bauklar.\nRegeln …")).toBe("Baurecht-Assistent von bauklar");
    expect(roleFromPrompt("\n  Du bist ein Polier.\n")).toBe("Polier");
    expect(roleFromPrompt("Baurecht-Hilfe")).toBe("Baurecht-Hilfe");
  });
});
