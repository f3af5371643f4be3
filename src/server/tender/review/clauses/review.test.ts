// The clause review on clauses in wordings of their own (not those of the blind corpus): each
// example names the clause type and the verdict an estimator would give.

import { describe, expect, it } from "vitest";
import { reviewClauses, type ClauseSource } from "./review";

const PAD =
  "Es gelten die VOB/B und die VOB/C in der bei Angebotsabgabe gültigen Fassung. Die Baustelle ist über die Lindenstraße erreichbar; Lagerflächen stehen nur begrenzt zur Verfügung. Die Leistungen sind mit den übrigen Gewerken abzustimmen.";

const source = (...paragraphs: string[]): ClauseSource => ({
  document: "Vorbemerkungen",
  paragraphs: [PAD, ...paragraphs].map((text, i) => ({ text, page: null, paragraph: i + 1 })),
});

/** The worst verdict of the type's entries that quote (part of) the text; "–" when the type did not see it. */
function verdictOf(text: string, type: string): string {
  const entries = reviewClauses([source(text)]).entries.filter((e) => e.type === type && e.status === "geregelt" && e.quote && text.includes(e.quote));
  return ["kritisch", "prüfen", "üblich"].find((v) => entries.some((e) => e.verdict === v)) ?? "–";
}

// [clause, type, verdict]
const EXAMPLES: [string, string, string][] = [
  // Vertragsstrafe: rate, cap, per Werktag/Kalendertag, Zwischentermine
  ["Für jeden Arbeitstag des Verzugs schuldet der Unternehmer eine Konventionalstrafe von 0,5 v. H. der Nettoabrechnungssumme.", "vertragsstrafe", "kritisch"],
  ["Gerät der AN mit der Fertigstellung in Verzug, zahlt er je Werktag 0,2 % der Auftragssumme, insgesamt jedoch nicht mehr als 5 % der Auftragssumme.", "vertragsstrafe", "üblich"],
  ["Vertragsstrafen: 0,15 % der Auftragssumme pro Kalendertag; die Summe aller Vertragsstrafen ist auf 8 % der Auftragssumme begrenzt.", "vertragsstrafe", "kritisch"],
  ["Pönale bei Überschreitung des Fertigstellungstermins: 0,25 % der Schlussrechnungssumme je Werktag, höchstens 5 %.", "vertragsstrafe", "prüfen"],
  ["Wird der Zwischentermin Rohbau fertig überschritten, ist eine Vertragsstrafe von 0,1 % der Auftragssumme je Werktag verwirkt, höchstens 5 %.", "vertragsstrafe", "kritisch"],
  ["Die Vertragsstrafe wird verschuldensunabhängig fällig und beträgt 0,1 % je Werktag, höchstens 5 %.", "vertragsstrafe", "kritisch"],
  ["Für jeden Kalendertag der Verspätung wird eine Vertragsstrafe von 1.500 € vereinbart.", "vertragsstrafe", "kritisch"],
  // Sicherheiten
  ["Der Auftragnehmer stellt eine Erfüllungsbürgschaft in Höhe von 15 % der Auftragssumme.", "vertragserfuellungssicherheit", "kritisch"],
  ["Als Vertragserfüllungssicherheit ist eine Bürgschaft über 8 % der Auftragssumme beizubringen.", "vertragserfuellungssicherheit", "prüfen"],
  ["Die Sicherheit für die Vertragserfüllung beträgt 5 % der Auftragssumme.", "vertragserfuellungssicherheit", "üblich"],
  ["Die Gewährleistungsbürgschaft ist auf erstes Anfordern auszustellen.", "maengelsicherheit", "kritisch"],
  ["Als Sicherheit für Mängelansprüche werden 7 % der Schlussrechnungssumme für die Dauer der Verjährungsfrist einbehalten.", "maengelsicherheit", "kritisch"],
  ["Der Gewährleistungseinbehalt beträgt 5 % der Abrechnungssumme und kann durch Bürgschaft abgelöst werden.", "maengelsicherheit", "üblich"],
  ["Von den Abschlagsrechnungen behält der Auftraggeber jeweils 10 % als Sicherheitseinbehalt zurück.", "einbehalt-abschlagszahlungen", "kritisch"],
  ["Von jeder Abschlagszahlung werden 5 % einbehalten, bis die vereinbarte Sicherheit erreicht ist (§ 17 Abs. 6 VOB/B).", "einbehalt-abschlagszahlungen", "üblich"],
  ["Das Recht, den Bareinbehalt durch eine Bürgschaft abzulösen, wird ausgeschlossen.", "ablösung-sicherheit", "kritisch"],
  ["Der Auftragnehmer kann den Einbehalt jederzeit durch eine selbstschuldnerische Bürgschaft ablösen.", "ablösung-sicherheit", "üblich"],
  ["Sämtliche Bürgschaften sind als Bürgschaften auf erste Anforderung zu stellen.", "buergschaft-erstes-anfordern", "kritisch"],
  // Zahlung
  ["Bei Zahlung wird ein Skontoabzug von 2 % vorgenommen.", "skonto", "kritisch"],
  ["Skonto: 2 % bei Zahlung innerhalb von 10 Tagen nach Rechnungseingang.", "skonto", "üblich"],
  ["Rechnungen sind zahlbar 75 Tage nach Eingang beim Auftraggeber.", "zahlungsfristen", "kritisch"],
  ["Die Schlusszahlung ist 45 Kalendertage nach Zugang der prüfbaren Schlussrechnung fällig.", "zahlungsfristen", "prüfen"],
  ["Abschlagszahlungen werden erst nach Abnahme der Gesamtleistung geleistet.", "abschlagszahlungen", "kritisch"],
  ["Abschlagszahlungen werden auf Antrag in Höhe des Wertes der nachgewiesenen Leistungen gewährt.", "abschlagszahlungen", "üblich"],
  ["Vorauszahlungen werden nur gegen Stellung einer Vorauszahlungsbürgschaft geleistet.", "vorauszahlung", "prüfen"],
  ["Die vorbehaltlose Annahme der Schlusszahlung schließt Nachforderungen aus; eines Hinweises bedarf es nicht.", "schlussrechnung", "kritisch"],
  ["Die Schlussrechnung ist spätestens 24 Werktage nach Fertigstellung einzureichen.", "schlussrechnung", "üblich"],
  // Pauschalierung, Nachträge
  ["Mit den Einheitspreisen sind alle Leistungen abgegolten, die zur vollständigen Herstellung erforderlich sind, auch soweit sie im Leistungsverzeichnis nicht erwähnt sind.", "komplettheit", "kritisch"],
  ["Mengenabweichungen von bis zu 25 % berechtigen nicht zur Anpassung der Einheitspreise.", "mengenaenderung", "kritisch"],
  ["§ 2 Abs. 3 VOB/B findet keine Anwendung.", "mengenaenderung", "kritisch"],
  ["Mehr- oder Mindermengen bis 10 % berechtigen nicht zu einer Änderung der Einheitspreise.", "mengenaenderung", "üblich"],
  ["Für angeordnete Leistungsänderungen steht dem Auftragnehmer keine Mehrvergütung zu.", "geaenderte-leistung", "kritisch"],
  ["Zusätzliche Leistungen sind ohne zusätzliche Vergütung zu erbringen, soweit sie geringfügig sind.", "zusaetzliche-leistung", "kritisch"],
  ["Ansprüche auf Vergütung von Nachträgen erlöschen, wenn sie nicht binnen 6 Werktagen schriftlich angemeldet werden.", "schriftform-nachtraege", "kritisch"],
  ["Stundenlohnarbeiten werden nur vergütet, wenn sie vor Beginn ausdrücklich vereinbart worden sind.", "stundenlohnarbeiten", "üblich"],
  ["Der Auftraggeber kann eine Verkürzung der Ausführungsfristen anordnen; Beschleunigungskosten sind mit den Einheitspreisen abgegolten.", "beschleunigung", "kritisch"],
  ["Arbeiten an Samstagen, Sonn- und Feiertagen sind auf Verlangen der Bauleitung ohne gesonderte Zuschläge auszuführen.", "nacht-wochenend-arbeit", "kritisch"],
  ["Erschwernisse jeder Art, auch durch den laufenden Klinikbetrieb, sind mit den Einheitspreisen abgegolten.", "erschwernisse", "kritisch"],
  // Risiken
  ["Hinweise des Auftragnehmers auf Bedenken gegen die Planung sind ausgeschlossen; er übernimmt die volle Verantwortung für die Ausführung.", "bedenkenanmeldung", "kritisch"],
  ["Bedenken gegen die vorgesehene Art der Ausführung sind unverzüglich schriftlich mitzuteilen.", "bedenkenanmeldung", "üblich"],
  ["Das Risiko abweichender Bodenverhältnisse trägt der Auftragnehmer.", "baugrund", "kritisch"],
  ["Die Bodenverhältnisse sind im Baugrundgutachten vom 12.02.2027 beschrieben.", "baugrund", "üblich"],
  ["Sollten Altlasten angetroffen werden, sind diese vom Auftragnehmer ohne gesonderte Vergütung zu entsorgen.", "altlasten-kampfmittel", "kritisch"],
  ["Leistungsstörungen infolge Behinderung berechtigen den Auftragnehmer nicht zu Mehrkostenforderungen.", "behinderung", "kritisch"],
  ["Der Auftragnehmer haftet verschuldensunabhängig für alle Schäden an benachbarten Gebäuden.", "haftung", "kritisch"],
  ["Die Kosten der Entsorgung von Abfällen anderer Gewerke werden anteilig dem Auftragnehmer belastet.", "entsorgung", "kritisch"],
  // Termine
  ["Die Zuschlagsfrist endet 120 Kalendertage nach Ablauf der Angebotsfrist.", "bindefrist", "kritisch"],
  ["Mit der Ausführung ist nach Abruf durch die Bauleitung zu beginnen.", "bauzeit-fristen", "prüfen"],
  ["Schlechtwetter berechtigt nicht zu einer Verlängerung der Ausführungsfristen; Winterbaumaßnahmen sind einzukalkulieren.", "winterbau", "kritisch"],
  ["Die Preise sind Festpreise; Lohn- und Materialpreiserhöhungen werden nicht vergütet.", "preisgleitung", "üblich"],
  // Abnahme, Mängel
  ["Die Abnahme der Leistung erfolgt erst mit der Übergabe des Gebäudes an den Erwerber.", "abnahme", "kritisch"],
  ["Die Abnahme erfolgt förmlich; über das Ergebnis wird ein Protokoll gefertigt.", "abnahme", "üblich"],
  ["Die Gewährleistungsfrist beträgt 12 Jahre ab Abnahme.", "verjaehrung", "kritisch"],
  ["Die Verjährungsfrist für Mängelansprüche beträgt abweichend von § 13 Abs. 4 VOB/B 5 Jahre.", "verjaehrung", "üblich"],
  // Recht, Organisation
  ["Gegen Forderungen des Auftraggebers kann der Auftragnehmer nicht aufrechnen.", "aufrechnungsverbot", "kritisch"],
  ["Die Aufrechnung ist nur mit unbestrittenen oder rechtskräftig festgestellten Forderungen zulässig.", "aufrechnungsverbot", "üblich"],
  ["Bei Widersprüchen zwischen den Vertragsunterlagen ist die jeweils höherwertige Ausführung geschuldet.", "rangfolge", "kritisch"],
  ["Streitigkeiten werden unter Ausschluss des ordentlichen Rechtswegs durch ein Schiedsgericht entschieden.", "gerichtsstand", "prüfen"],
  ["Kündigt der Auftraggeber den Vertrag frei, erhält der Auftragnehmer nur die Vergütung der erbrachten Leistungen.", "kuendigung", "kritisch"],
  ["Für Baustrom und Bauwasser werden pauschal 4 % der Schlussrechnungssumme abgezogen.", "baustelleneinrichtung", "kritisch"],
  ["Die Umlage für die Bauleistungsversicherung beträgt 0,2 % der Abrechnungssumme.", "bauleistungsversicherung", "üblich"],
  ["Der Einsatz von Nachunternehmern bedarf der vorherigen schriftlichen Zustimmung des Auftraggebers.", "nachunternehmer", "prüfen"],
  ["Die Abtretung von Forderungen aus diesem Vertrag ist ausgeschlossen.", "abtretungsverbot", "prüfen"],
  ["Abgerechnet wird ausschließlich nach den Planmaßen; ein Aufmaß entfällt.", "aufmass", "kritisch"],
];

describe("clause review: every clause judged, in any wording", () => {
  it.each(EXAMPLES)("%s → %s %s", (text, type, verdict) => {
    expect(verdictOf(text, type)).toBe(verdict);
  });

  it("gives every clause type an entry, and quotes document and paragraph", () => {
    const review = reviewClauses([source("Die Gewährleistungsfrist beträgt 12 Jahre ab Abnahme.")]);
    expect(new Set(review.entries.map((e) => e.type)).size).toBeGreaterThanOrEqual(40);
    const entry = review.entries.find((e) => e.type === "verjaehrung")!;
    expect(entry).toMatchObject({ document: "Vorbemerkungen", location: "Absatz 2", figures: "12 Jahre", yardstick: expect.stringContaining("§ 13 Abs. 4 VOB/B") });
  });

  it("treats the sentence after a clause as part of it (a cap in the next sentence, a heading above)", () => {
    const review = reviewClauses([
      source("§ 7 Vertragsstrafe", "Sie beträgt 0,2 % der Auftragssumme je Werktag. Insgesamt ist sie auf 5 % der Auftragssumme begrenzt."),
    ]);
    const penalty = review.entries.filter((e) => e.type === "vertragsstrafe");
    expect(penalty.map((e) => [e.verdict, e.figures])).toEqual([["üblich", "0,2 % je Werktag; Obergrenze 5 %"]]);
  });
});

describe("clause review: nicht geregelt where it matters", () => {
  const dates = (start: string, end: string) => `Ausführungsbeginn (AwardInfo/CnstStart): ${start}\nFertigstellung (AwardInfo/CnstEnd): ${end}`;
  const tender = (start: string, end: string, outdoor: boolean): Parameters<typeof reviewClauses> => [
    [{ document: "Vorbemerkungen", paragraphs: [...dates(start, end).split("\n"), PAD, PAD].map((text, i) => ({ text, page: null, paragraph: i + 1 })) }],
    undefined,
    { itemTexts: outdoor ? ["Oberboden abtragen", "Stahlbeton Bodenplatte", "Mauerwerk KS"] : ["Gipskartonwand", "Fliesen", "Anstrich"] },
  ];
  const gap = (args: Parameters<typeof reviewClauses>, type: string) =>
    reviewClauses(...args).entries.find((e) => e.type === type && e.status === "nicht geregelt")?.verdict;

  it("asks about Winterbau when outdoor work runs through a winter, not for interior work or a summer", () => {
    expect(gap(tender("2027-09-01", "2028-03-31", true), "winterbau")).toBe("prüfen");
    expect(gap(tender("2027-09-01", "2028-03-31", false), "winterbau")).toBe("üblich");
    expect(gap(tender("2027-04-01", "2027-09-30", true), "winterbau")).toBe("üblich");
  });

  it("asks about Preisgleitung over a long construction time only", () => {
    expect(gap(tender("2027-01-01", "2028-06-30", true), "preisgleitung")).toBe("prüfen");
    expect(gap(tender("2027-04-01", "2027-08-31", true), "preisgleitung")).toBe("üblich");
  });

  it("reads construction dates from the texts when the file has no AwardInfo", () => {
    const review = reviewClauses([source("Ausführungszeit: Beginn 15.10.2027, Fertigstellung bis 30.04.2029.")], undefined, { itemTexts: ["Stahlbeton Decke"] });
    expect(review.dates.months).toBeGreaterThan(18);
    expect(review.dates.winters).toBe(2);
    expect(review.entries.find((e) => e.type === "winterbau")).toMatchObject({ status: "nicht geregelt", verdict: "prüfen" });
  });

  it("says nothing is missing when the LV has no contract texts at all", () => {
    const review = reviewClauses([{ document: "Vorbemerkungen", paragraphs: [] }]);
    expect(review.entries.filter((e) => e.verdict !== "üblich")).toEqual([]);
    expect(review.contractChars).toBe(0);
  });
});
