// Recognition by meaning: inflection and compounds through the German stemmer, word order within
// a window, zu-infinitives of separable verbs, negation; and the figures of a clause.
import { describe, expect, it } from "vitest";
import { describeFigures, figuresOf } from "./figures";
import { contains, negated, phrase, stemText, synonymsOf } from "./words";

const has = (text: string, p: string) => contains(stemText(text), phrase(p));

describe("words", () => {
  it("matches inflected forms and the head of a compound, not a modifier before a sum", () => {
    expect(has("Die Vertragsstrafen werden fällig.", "Vertragsstrafe")).toBe(true);
    expect(has("Ein Sicherheitseinbehalt von 5 %.", "Einbehalt")).toBe(true);
    expect(has("Die Gewährleistungsbürgschaft ist zu stellen.", "Bürgschaft")).toBe(true);
    expect(has("0,5 % der Netto-Schlussrechnungssumme", "Schlussrechnung")).toBe(false);
    expect(has("Nachtragsforderungen werden geprüft.", "nachts")).toBe(false);
    // The stemmer would cut "Sicherheit" to "sich"; the reflexive pronoun is no Sicherheit.
    expect(has("Die Haftung richtet sich nach § 10 VOB/B.", "Sicherheit")).toBe(false);
    expect(has("Die Sicherheiten sind zurückzugeben.", "Sicherheit")).toBe(true);
  });

  it("finds two-word phrases in either order and apart, longer phrases only close together", () => {
    expect(
      has("Von jeder Abschlagsrechnung werden 10 % als Sicherheit für die Vertragserfüllung einbehalten.", "Abschlagsrechnung einbehalten"),
    ).toBe(true);
    expect(has("Einbehalten werden von den Abschlagsrechnungen 10 %.", "Abschlagsrechnung einbehalten")).toBe(true);
    expect(has("Die Abnahme durch den Bauherrn ist Voraussetzung.", "Abnahme durch den Bauherrn")).toBe(true);
    expect(
      has("Teilabnahmen sind ausgeschlossen; die Benutzung durch den Bauherrn gilt nicht als Abnahme.", "Abnahme durch den Bauherrn"),
    ).toBe(false);
  });

  it("reads zu-infinitives of separable verbs as the verb, and sees negations", () => {
    expect(has("Der Auftragnehmer ist nicht berechtigt aufzurechnen.", "aufrechnen")).toBe(true);
    expect(negated(stemText("Eine Ablösung ist ausgeschlossen."))).toBe(true);
    expect(negated(stemText("Die Bürgschaft entfällt."))).toBe(true);
    expect(negated(stemText("Die Ablösung durch Bürgschaft ist zulässig."))).toBe(false);
  });

  it("reads a weak participle of a separable verb as the verb", () => {
    expect(has("Der Einbehalt kann nicht durch eine Bürgschaft abgelöst werden.", "ablösen")).toBe(true);
    expect(has("Die Mehrkosten sind in die Preise eingerechnet.", "einrechnen")).toBe(true);
  });

  it("does not read a word with the prefix un- as the word, and keeps the -st of every form", () => {
    expect(has("nur mit unbestrittenen Forderungen", "bestrittene Forderungen")).toBe(false);
    expect(has("auch mit bestrittenen Forderungen", "bestrittene Forderungen")).toBe(true);
    expect(has("erst nach Beseitigung auch unwesentlicher Mängel", "wesentliche Mängel")).toBe(false);
    expect(has("erst nach Beseitigung auch unwesentlicher Mängel", "unwesentliche Mängel")).toBe(true);
    expect(has("Die Gerüste sind vorzuhalten.", "Gerüst")).toBe(true);
    expect(has("Das Arbeitsgerüst ist vorzuhalten.", "Gerüste")).toBe(true);
    expect(has("Mehrkosten aus später festgestellten Erschwernissen", "später festgestellt")).toBe(true);
  });

  it("lets 'ohne dass' negate the whole dass-clause", () => {
    expect(negated(stemText("ohne dass ihm aus dem späteren Abruf Ansprüche auf Preisanpassung erwachsen"))).toBe(true);
    expect(negated(stemText("ohne dass es hierzu einer besonderen Form bedarf"))).toBe(false);
  });

  it("matches a word's synonyms from the checklist's groups", () => {
    const synonyms = synonymsOf([["Vergütung", "Bezahlung", "Entgelt"]]);
    expect(contains(stemText("Ein gesondertes Entgelt wird nicht gezahlt."), phrase("Vergütung", synonyms))).toBe(true);
    expect(contains(stemText("Ein gesondertes Entgelt wird nicht gezahlt."), phrase("Vergütung"))).toBe(false);
  });

  it("keeps a negation in a phrase beside what it negates", () => {
    expect(has("Eine besondere Vergütung wird nicht gewährt.", "nicht Vergütung")).toBe(true);
    expect(
      has(
        "Für im Vertrag nicht vorgesehene Leistungen, die der Auftraggeber fordert, steht eine besondere Vergütung zu.",
        "nicht Vergütung",
      ),
    ).toBe(false);
  });

  it("limits a scoped negation to what follows it, and sees limits and cancelled negations", () => {
    expect(
      negated(stemText("Der Auftragnehmer ist berechtigt, den Einbehalt ohne weitere Voraussetzungen durch Bürgschaft abzulösen.")),
    ).toBe(false);
    expect(negated(stemText("Nachtarbeit ist ohne gesonderte Vergütung zu leisten."))).toBe(true);
    expect(negated(stemText("Der Auftragnehmer verzichtet auf die Geltendmachung von Bedenken."))).toBe(true);
    expect(negated(stemText("Die Bürgschaften sind unter Verzicht auf die Einrede der Vorausklage zu stellen."))).toBe(false);
    expect(negated(stemText("Die Vertragsstrafe beträgt nicht mehr als 5 % der Auftragssumme."))).toBe(false);
    expect(negated(stemText("Eine Ablösung ist nicht ausgeschlossen."))).toBe(false);
    // "ohne dass …" negates the clause after "dass".
    expect(negated(stemText("Sie sind auszuführen, ohne dass hierfür eine gesonderte Vergütung beansprucht werden kann."))).toBe(true);
    expect(negated(stemText("Der AN haftet, ohne dass es auf ein Verschulden ankommt."))).toBe(true);
    expect(negated(stemText("Die Arbeiten sind so auszuführen, ohne dass der Betrieb gestört wird."))).toBe(false);
    // The type's own term "Leistungen ohne Auftrag" names the subject, it does not deny it.
    expect(negated(stemText("Leistungen ohne Auftrag werden vergütet, soweit sie notwendig waren."), [phrase("ohne Auftrag")])).toBe(false);
  });
});

describe("figures", () => {
  it("reads amounts with a scale (Mio., Millionen, Tsd.)", () => {
    expect(figuresOf("Deckungssumme von mindestens 20 Mio. € je Schadensfall").amounts).toEqual([20_000_000]);
    expect(figuresOf("€ 1,5 Millionen").amounts).toEqual([1_500_000]);
    expect(figuresOf("500 Tsd. EUR").amounts).toEqual([500_000]);
  });

  it("reads rates per day (Kalendertage converted to Werktage), caps, periods, amounts and dates", () => {
    const f = figuresOf(
      "Für jeden Kalendertag der Überschreitung 0,3 % der Auftragssumme, insgesamt höchstens 5 %; Frist 24 Werktage, 2.500 € je Tag, bis 31.10.2027.",
    );
    expect(f.rates.map((r) => [r.value, r.unit, Math.round(r.perWorkday * 1000) / 1000])).toEqual([[0.3, "kalendertag", 0.35]]);
    expect(f.caps).toEqual([5]);
    expect(f.periods.map((p) => [p.value, p.unit])).toEqual([[24, "werktag"]]);
    expect(f.amountRates).toEqual([2500]);
    expect(f.dates).toEqual([Date.UTC(2027, 9, 31)]);
    expect(describeFigures(figuresOf("Gewährleistung fünf Jahre, Sicherheit 3 v. H."))).toBe("3 %; 5 Jahre");
  });

  it("reads a cap written after the figure and a rate written before it", () => {
    const f = figuresOf(
      "Für jeden Werktag des Verzugs zahlt der AN 0,2 % der Auftragssumme; die Vertragsstrafe ist auf 5 % der Auftragssumme begrenzt.",
    );
    expect(f.rates.map((r) => r.value)).toEqual([0.2]);
    expect(f.caps).toEqual([5]);
  });

  it("reads numbers written as words, rates written as adverbs or far from the figure, and next-day deadlines", () => {
    const words = figuresOf(
      "Eine Strafe von null Komma fünf vom Hundert der Abrechnungssumme für jeden Kalendertag, insgesamt höchstens zehn Prozent; Zahlung binnen einundzwanzig Tagen oder drei Monaten.",
    );
    expect(words.rates.map((r) => [r.value, r.unit])).toEqual([[0.5, "kalendertag"]]);
    expect(words.caps).toEqual([10]);
    expect(words.periods.map((p) => [p.value, p.unit])).toEqual([
      [21, "tag"],
      [3, "monat"],
    ]);
    expect(figuresOf("werktäglich 0,2 % der Auftragssumme").rates.map((r) => r.unit)).toEqual(["werktag"]);
    expect(figuresOf("0,25 v. H. der im Auftragsschreiben genannten Netto-Auftragssumme je Werktag").rates.map((r) => r.value)).toEqual([
      0.25,
    ]);
    expect(figuresOf("Stundenzettel sind am nächsten Werktag vorzulegen.").periods.map((p) => [p.value, p.unit])).toEqual([[1, "werktag"]]);
    // An article is a number only before a unit.
    expect(figuresOf("Eine Bürgschaft ist binnen einer Woche zu stellen.").periods.map((p) => [p.value, p.unit])).toEqual([[1, "woche"]]);
    expect(figuresOf("Eine Bürgschaft ist zu stellen.").periods).toEqual([]);
    // Thousands written as words: a fixed amount per day.
    const amount = (text: string) => figuresOf(text).amountRates;
    expect(amount("für jeden Kalendertag der Überschreitung eine Vertragsstrafe in Höhe von zweitausendfünfhundert Euro")).toEqual([2500]);
    expect(amount("je Werktag tausend Euro")).toEqual([1000]);
    expect(amount("je Arbeitstag fünfzehnhundert Euro")).toEqual([]); // no such reading; digits are written as 1.500
  });

  it("adds a checking period and the payment period counted from its end, not the contractor's own deadline", () => {
    const chained = (text: string) => figuresOf(text).chained;
    expect(
      chained(
        "Die Prüfung der Schlussrechnung erfolgt innerhalb von acht Wochen nach Eingang; die Schlusszahlung wird sodann innerhalb von 60 Kalendertagen nach Abschluss der Prüfung geleistet.",
      ),
    ).toEqual([116]);
    expect(chained("Die Schlussrechnung ist binnen 12 Werktagen einzureichen; die Zahlung erfolgt sodann binnen 30 Tagen.")).toEqual([]);
    expect(chained("Abschlagszahlungen binnen 21 Tagen, die Schlusszahlung binnen 30 Tagen nach Zugang.")).toEqual([]);
  });
});
