// Recognition by meaning: inflection and compounds through the German stemmer, word order within
// a window, zu-infinitives of separable verbs, negation; and the figures of a clause.
import { describe, expect, it } from "vitest";
import { describeFigures, figuresOf } from "./figures";
import { contains, negated, phrase, stemText } from "./words";

const has = (text: string, p: string) => contains(stemText(text), phrase(p));

describe("words", () => {
  it("matches inflected forms and the head of a compound, not a modifier before a sum", () => {
    expect(has("Die Vertragsstrafen werden fällig.", "Vertragsstrafe")).toBe(true);
    expect(has("Ein Sicherheitseinbehalt von 5 %.", "Einbehalt")).toBe(true);
    expect(has("Die Gewährleistungsbürgschaft ist zu stellen.", "Bürgschaft")).toBe(true);
    expect(has("0,5 % der Netto-Schlussrechnungssumme", "Schlussrechnung")).toBe(false);
    expect(has("Nachtragsforderungen werden geprüft.", "nachts")).toBe(false);
  });

  it("finds two-word phrases in either order and apart, longer phrases only close together", () => {
    expect(has("Von jeder Abschlagsrechnung werden 10 % als Sicherheit für die Vertragserfüllung einbehalten.", "Abschlagsrechnung einbehalten")).toBe(true);
    expect(has("Einbehalten werden von den Abschlagsrechnungen 10 %.", "Abschlagsrechnung einbehalten")).toBe(true);
    expect(has("Die Abnahme durch den Bauherrn ist Voraussetzung.", "Abnahme durch den Bauherrn")).toBe(true);
    expect(has("Teilabnahmen sind ausgeschlossen; die Benutzung durch den Bauherrn gilt nicht als Abnahme.", "Abnahme durch den Bauherrn")).toBe(false);
  });

  it("reads zu-infinitives of separable verbs as the verb, and sees negations", () => {
    expect(has("Der Auftragnehmer ist nicht berechtigt aufzurechnen.", "aufrechnen")).toBe(true);
    expect(negated(stemText("Eine Ablösung ist ausgeschlossen."))).toBe(true);
    expect(negated(stemText("Die Bürgschaft entfällt."))).toBe(true);
    expect(negated(stemText("Die Ablösung durch Bürgschaft ist zulässig."))).toBe(false);
  });
});

describe("figures", () => {
  it("reads rates per day (Kalendertage converted to Werktage), caps, periods, amounts and dates", () => {
    const f = figuresOf("Für jeden Kalendertag der Überschreitung 0,3 % der Auftragssumme, insgesamt höchstens 5 %; Frist 24 Werktage, 2.500 € je Tag, bis 31.10.2027.");
    expect(f.rates.map((r) => [r.value, r.unit, Math.round(r.perWorkday * 1000) / 1000])).toEqual([[0.3, "kalendertag", 0.35]]);
    expect(f.caps).toEqual([5]);
    expect(f.periods.map((p) => [p.value, p.unit])).toEqual([[24, "werktag"]]);
    expect(f.amountRates).toEqual([2500]);
    expect(f.dates).toEqual([Date.UTC(2027, 9, 31)]);
    expect(describeFigures(figuresOf("Gewährleistung fünf Jahre, Sicherheit 3 v. H."))).toBe("3 %; 5 Jahre");
  });

  it("reads a cap written after the figure and a rate written before it", () => {
    const f = figuresOf("Für jeden Werktag des Verzugs zahlt der AN 0,2 % der Auftragssumme; die Vertragsstrafe ist auf 5 % der Auftragssumme begrenzt.");
    expect(f.rates.map((r) => r.value)).toEqual([0.2]);
    expect(f.caps).toEqual([5]);
  });
});
