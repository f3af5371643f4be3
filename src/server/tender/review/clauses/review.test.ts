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
  const entries = reviewClauses([source(text)]).entries.filter(
    (e) => e.type === type && e.status === "geregelt" && e.quote && text.includes(e.quote),
  );
  return ["kritisch", "prüfen", "üblich"].find((v) => entries.some((e) => e.verdict === v)) ?? "–";
}

// [clause, type, verdict]
const EXAMPLES: [string, string, string][] = [
  // Vertragsstrafe: rate, cap, per Werktag/Kalendertag, Zwischentermine
  [
    "Für jeden Arbeitstag des Verzugs schuldet der Unternehmer eine Konventionalstrafe von 0,5 v. H. der Nettoabrechnungssumme.",
    "vertragsstrafe",
    "kritisch",
  ],
  [
    "Gerät der AN mit der Fertigstellung in Verzug, zahlt er je Werktag 0,2 % der Auftragssumme, insgesamt jedoch nicht mehr als 5 % der Auftragssumme.",
    "vertragsstrafe",
    "üblich",
  ],
  [
    "Vertragsstrafen: 0,15 % der Auftragssumme pro Kalendertag; die Summe aller Vertragsstrafen ist auf 8 % der Auftragssumme begrenzt.",
    "vertragsstrafe",
    "kritisch",
  ],
  [
    "Pönale bei Überschreitung des Fertigstellungstermins: 0,25 % der Schlussrechnungssumme je Werktag, höchstens 5 %.",
    "vertragsstrafe",
    "prüfen",
  ],
  [
    "Wird der Zwischentermin Rohbau fertig überschritten, ist eine Vertragsstrafe von 0,1 % der Auftragssumme je Werktag verwirkt, höchstens 5 %.",
    "vertragsstrafe",
    "kritisch",
  ],
  ["Die Vertragsstrafe wird verschuldensunabhängig fällig und beträgt 0,1 % je Werktag, höchstens 5 %.", "vertragsstrafe", "kritisch"],
  ["Für jeden Kalendertag der Verspätung wird eine Vertragsstrafe von 1.500 € vereinbart.", "vertragsstrafe", "kritisch"],
  // Sicherheiten
  ["Der Auftragnehmer stellt eine Erfüllungsbürgschaft in Höhe von 15 % der Auftragssumme.", "vertragserfuellungssicherheit", "kritisch"],
  [
    "Als Vertragserfüllungssicherheit ist eine Bürgschaft über 8 % der Auftragssumme beizubringen.",
    "vertragserfuellungssicherheit",
    "prüfen",
  ],
  ["Die Sicherheit für die Vertragserfüllung beträgt 5 % der Auftragssumme.", "vertragserfuellungssicherheit", "üblich"],
  ["Die Gewährleistungsbürgschaft ist auf erstes Anfordern auszustellen.", "maengelsicherheit", "kritisch"],
  [
    "Als Sicherheit für Mängelansprüche werden 7 % der Schlussrechnungssumme für die Dauer der Verjährungsfrist einbehalten.",
    "maengelsicherheit",
    "kritisch",
  ],
  [
    "Der Gewährleistungseinbehalt beträgt 5 % der Abrechnungssumme und kann durch Bürgschaft abgelöst werden.",
    "maengelsicherheit",
    "üblich",
  ],
  [
    "Von den Abschlagsrechnungen behält der Auftraggeber jeweils 10 % als Sicherheitseinbehalt zurück.",
    "einbehalt-abschlagszahlungen",
    "kritisch",
  ],
  [
    "Von jeder Abschlagszahlung werden 5 % einbehalten, bis die vereinbarte Sicherheit erreicht ist (§ 17 Abs. 6 VOB/B).",
    "einbehalt-abschlagszahlungen",
    "üblich",
  ],
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
  ["Vorauszahlungen werden nur gegen Stellung einer Vorauszahlungsbürgschaft geleistet.", "vorauszahlung", "üblich"],
  [
    "Die vorbehaltlose Annahme der Schlusszahlung schließt Nachforderungen aus; eines Hinweises bedarf es nicht.",
    "schlussrechnung",
    "kritisch",
  ],
  ["Die Schlussrechnung ist spätestens 24 Werktage nach Fertigstellung einzureichen.", "schlussrechnung", "üblich"],
  // Pauschalierung, Nachträge
  [
    "Mit den Einheitspreisen sind alle Leistungen abgegolten, die zur vollständigen Herstellung erforderlich sind, auch soweit sie im Leistungsverzeichnis nicht erwähnt sind.",
    "komplettheit",
    "kritisch",
  ],
  ["Mengenabweichungen von bis zu 25 % berechtigen nicht zur Anpassung der Einheitspreise.", "mengenaenderung", "prüfen"],
  ["§ 2 Abs. 3 VOB/B findet keine Anwendung.", "mengenaenderung", "prüfen"],
  ["Mehr- oder Mindermengen bis 10 % berechtigen nicht zu einer Änderung der Einheitspreise.", "mengenaenderung", "üblich"],
  ["Für angeordnete Leistungsänderungen steht dem Auftragnehmer keine Mehrvergütung zu.", "geaenderte-leistung", "kritisch"],
  [
    "Zusätzliche Leistungen sind ohne zusätzliche Vergütung zu erbringen, soweit sie geringfügig sind.",
    "zusaetzliche-leistung",
    "kritisch",
  ],
  [
    "Ansprüche auf Vergütung von Nachträgen erlöschen, wenn sie nicht binnen 6 Werktagen schriftlich angemeldet werden.",
    "schriftform-nachtraege",
    "kritisch",
  ],
  ["Stundenlohnarbeiten werden nur vergütet, wenn sie vor Beginn ausdrücklich vereinbart worden sind.", "stundenlohnarbeiten", "üblich"],
  [
    "Der Auftraggeber kann eine Verkürzung der Ausführungsfristen anordnen; Beschleunigungskosten sind mit den Einheitspreisen abgegolten.",
    "beschleunigung",
    "kritisch",
  ],
  [
    "Arbeiten an Samstagen, Sonn- und Feiertagen sind auf Verlangen der Bauleitung ohne gesonderte Zuschläge auszuführen.",
    "nacht-wochenend-arbeit",
    "kritisch",
  ],
  [
    "Erschwernisse jeder Art, auch durch den laufenden Klinikbetrieb, sind mit den Einheitspreisen abgegolten.",
    "erschwernisse",
    "kritisch",
  ],
  // Risiken
  [
    "Hinweise des Auftragnehmers auf Bedenken gegen die Planung sind ausgeschlossen; er übernimmt die volle Verantwortung für die Ausführung.",
    "bedenkenanmeldung",
    "kritisch",
  ],
  ["Bedenken gegen die vorgesehene Art der Ausführung sind unverzüglich schriftlich mitzuteilen.", "bedenkenanmeldung", "üblich"],
  ["Das Risiko abweichender Bodenverhältnisse trägt der Auftragnehmer.", "baugrund", "kritisch"],
  ["Die Bodenverhältnisse sind im Baugrundgutachten vom 12.02.2027 beschrieben.", "baugrund", "üblich"],
  [
    "Sollten Altlasten angetroffen werden, sind diese vom Auftragnehmer ohne gesonderte Vergütung zu entsorgen.",
    "altlasten-kampfmittel",
    "kritisch",
  ],
  ["Leistungsstörungen infolge Behinderung berechtigen den Auftragnehmer nicht zu Mehrkostenforderungen.", "behinderung", "kritisch"],
  ["Der Auftragnehmer haftet verschuldensunabhängig für alle Schäden an benachbarten Gebäuden.", "haftung", "kritisch"],
  ["Die Kosten der Entsorgung von Abfällen anderer Gewerke werden anteilig dem Auftragnehmer belastet.", "entsorgung", "kritisch"],
  // Termine
  ["Die Zuschlagsfrist endet 120 Kalendertage nach Ablauf der Angebotsfrist.", "bindefrist", "kritisch"],
  ["Mit der Ausführung ist nach Abruf durch die Bauleitung zu beginnen.", "bauzeit-fristen", "prüfen"],
  [
    "Schlechtwetter berechtigt nicht zu einer Verlängerung der Ausführungsfristen; Winterbaumaßnahmen sind einzukalkulieren.",
    "winterbau",
    "kritisch",
  ],
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
  [
    "Kündigt der Auftraggeber den Vertrag frei, erhält der Auftragnehmer nur die Vergütung der erbrachten Leistungen.",
    "kuendigung",
    "kritisch",
  ],
  ["Für Baustrom und Bauwasser werden pauschal 4 % der Schlussrechnungssumme abgezogen.", "baustelleneinrichtung", "kritisch"],
  ["Die Umlage für die Bauleistungsversicherung beträgt 0,2 % der Abrechnungssumme.", "bauleistungsversicherung", "üblich"],
  ["Der Einsatz von Nachunternehmern bedarf der vorherigen schriftlichen Zustimmung des Auftraggebers.", "nachunternehmer", "üblich"],
  ["Die Abtretung von Forderungen aus diesem Vertrag ist ausgeschlossen.", "abtretungsverbot", "prüfen"],
  ["Abgerechnet wird ausschließlich nach den Planmaßen; ein Aufmaß entfällt.", "aufmass", "prüfen"],
  // A second round of wordings, written after the first round passed

  [
    "Der Auftraggeber ist berechtigt, von jeder Abschlagszahlung einen Sicherheitseinbehalt von 10 % vorzunehmen, der erst nach Ablauf der Gewährleistung ausgezahlt wird.",
    "einbehalt-abschlagszahlungen",
    "kritisch",
  ],
  ["Eine Verlängerung der Ausführungsfrist wegen ungünstiger Witterung ist ausgeschlossen.", "winterbau", "kritisch"],
  ["Vorhaltekosten für Gerüste bei witterungsbedingten Unterbrechungen werden nicht erstattet.", "winterbau", "kritisch"],
  [
    "Der Auftragnehmer hat sich vor Angebotsabgabe über die örtlichen Verhältnisse und die Beschaffenheit des Baugrunds zu informieren; Mehrkosten aus abweichenden Bodenverhältnissen werden nicht vergütet.",
    "baugrund",
    "kritisch",
  ],
  [
    "Mit Abgabe des Angebots erkennt der Bieter an, dass das Leistungsverzeichnis vollständig ist und alle Leistungen für ein funktionsfähiges Gewerk enthält.",
    "komplettheit",
    "kritisch",
  ],
  [
    "Arbeiten außerhalb der üblichen Arbeitszeiten sind nach Anordnung der Bauleitung ohne Zuschläge zu erbringen.",
    "nacht-wochenend-arbeit",
    "kritisch",
  ],
  ["Die Zahlung der Schlussrechnung erfolgt innerhalb von 30 Tagen nach Eingang.", "zahlungsfristen", "üblich"],
  ["Abschlagsrechnungen können monatlich nach Leistungsstand gestellt werden.", "abschlagszahlungen", "üblich"],
  ["Die Mängelansprüche verjähren in 4 Jahren nach § 13 Abs. 4 VOB/B.", "verjaehrung", "üblich"],
  [
    "Der Auftragnehmer stellt den Auftraggeber von sämtlichen Ansprüchen Dritter frei, gleich aus welchem Rechtsgrund.",
    "haftung",
    "kritisch",
  ],
  ["Änderungen der Mengen um mehr als 10 % führen zu keiner Anpassung der Einheitspreise.", "mengenaenderung", "prüfen"],
  [
    "Bei der Ausführung hat der Auftragnehmer die Planung zu prüfen; Bedenken hat er unverzüglich schriftlich anzuzeigen (§ 4 Abs. 3 VOB/B).",
    "bedenkenanmeldung",
    "üblich",
  ],
  ["Der Auftragnehmer verzichtet auf die Geltendmachung von Bedenken gegen die Planung.", "bedenkenanmeldung", "kritisch"],
  [
    "Die Bauleistungsversicherung wird vom Auftraggeber abgeschlossen; die Prämie wird mit 0,25 % der Schlussrechnungssumme verrechnet.",
    "bauleistungsversicherung",
    "üblich",
  ],
  ["Stundenlohnzettel sind werktäglich vorzulegen.", "stundenlohnarbeiten", "üblich"],
  ["Eine Teilabnahme findet nicht statt; die Abnahme erfolgt nach Fertigstellung aller Gewerke des Bauvorhabens.", "abnahme", "kritisch"],
  [
    "Der Auftragnehmer ist verpflichtet, auf Anordnung zusätzliche Arbeitskräfte einzusetzen, um Verzögerungen anderer Gewerke aufzuholen, ohne dass ihm hierfür Mehrkosten erstattet werden.",
    "beschleunigung",
    "kritisch",
  ],
  [
    "Die Vertragsstrafe ist auf insgesamt 5 % der Netto-Schlussrechnungssumme begrenzt und beträgt 0,2 % je Werktag.",
    "vertragsstrafe",
    "üblich",
  ],
  ["Der Kampfmittelräumdienst hat die Fläche freigegeben; die Bescheinigung liegt bei.", "altlasten-kampfmittel", "üblich"],
  [
    "Abfälle sind getrennt zu sammeln und vom Auftragnehmer zu entsorgen; die Entsorgung ist in die Einheitspreise einzurechnen.",
    "entsorgung",
    "üblich",
  ],
  ["Leistungen ohne Auftrag werden nicht vergütet (§ 2 Abs. 8 Nr. 1 VOB/B).", "leistung-ohne-auftrag", "üblich"],
  ["Nachträge sind vor Ausführung schriftlich anzukündigen.", "schriftform-nachtraege", "üblich"],
  [
    "Der Auftraggeber behält sich vor, Teilleistungen zu kündigen; in diesem Fall steht dem Auftragnehmer keine Vergütung für nicht erbrachte Leistungen zu.",
    "kuendigung",
    "kritisch",
  ],
  [
    "Die Preise gelten bis zum Ende der Bauzeit (30 Monate) als Festpreise; eine Lohn- oder Stoffpreisgleitung wird nicht gewährt.",
    "preisgleitung",
    "kritisch",
  ],
  // A third round
  [
    "Sicherheitsleistung: Der Auftraggeber behält 5 % jeder Abschlagszahlung als Sicherheit für die Vertragserfüllung ein; die Ablösung durch Bürgschaft nach § 17 VOB/B bleibt unberührt.",
    "einbehalt-abschlagszahlungen",
    "üblich",
  ],
  [
    "Für Mängelansprüche ist eine Bürgschaft in Höhe von 3 % der Abrechnungssumme zu stellen, die nach Ablauf der Verjährungsfrist zurückgegeben wird.",
    "maengelsicherheit",
    "üblich",
  ],
  ["Zahlungen erfolgen 90 Tage nach Rechnungsstellung.", "zahlungsfristen", "kritisch"],
  ["Der Auftraggeber zieht von jeder Rechnung 3 % Skonto ab, unabhängig vom Zahlungszeitpunkt.", "skonto", "kritisch"],
  ["Die im Leistungsverzeichnis angegebenen Mengen sind verbindlich; Mehrmengen werden nicht vergütet.", "mengenaenderung", "kritisch"],
  [
    "Für die Ausführung gilt der Terminplan in Anlage 3; Beginn der Arbeiten ist der 02.03.2027, Fertigstellung der 30.09.2027.",
    "bauzeit-fristen",
    "üblich",
  ],
  ["Behinderungen sind dem Auftraggeber unverzüglich schriftlich anzuzeigen (§ 6 Abs. 1 VOB/B).", "behinderung", "üblich"],
  ["Stillstandszeiten, die durch andere Unternehmer verursacht werden, werden nicht vergütet.", "behinderung", "kritisch"],
  ["Der Auftragnehmer haftet für Schäden nach den gesetzlichen Bestimmungen.", "haftung", "üblich"],
  [
    "Die Deckungssumme der Betriebshaftpflichtversicherung muss mindestens 3 Mio. € für Personen- und Sachschäden betragen.",
    "versicherung",
    "üblich",
  ],
  ["Nachunternehmer dürfen nur mit vorheriger Zustimmung des Auftraggebers eingesetzt werden.", "nachunternehmer", "üblich"],
  ["Forderungen aus diesem Vertrag dürfen nur mit Zustimmung des Auftraggebers abgetreten werden.", "abtretungsverbot", "üblich"],
  [
    "Bei Widersprüchen gilt die Reihenfolge: Leistungsbeschreibung, Besondere Vertragsbedingungen, Zusätzliche Vertragsbedingungen, VOB/B.",
    "rangfolge",
    "üblich",
  ],
  ["Gerichtsstand ist Frankfurt am Main.", "gerichtsstand", "üblich"],
  ["Vorauszahlungen werden nicht geleistet.", "vorauszahlung", "üblich"],
  [
    "Die Schlussrechnung ist innerhalb von 6 Werktagen nach Abnahme einzureichen, andernfalls verfallen die Ansprüche.",
    "schlussrechnung",
    "kritisch",
  ],
  ["Das Aufmaß ist gemeinsam mit der Bauleitung zu nehmen.", "aufmass", "üblich"],
  ["Die Kosten für Baustrom und Bauwasser trägt der Auftraggeber.", "baustelleneinrichtung", "üblich"],
  [
    "Der Auftraggeber kann den Vertrag jederzeit kündigen; dem Auftragnehmer stehen dann nur die bis dahin erbrachten Leistungen zu.",
    "kuendigung",
    "kritisch",
  ],
  ["Die Angebotsbindung beträgt 30 Kalendertage.", "bindefrist", "üblich"],
  ["Die Vertragsstrafe beträgt 5.000 € je Werktag der Überschreitung.", "vertragsstrafe", "kritisch"],
  ["Der Auftragnehmer trägt das Risiko von Kampfmittelfunden einschließlich der Stillstandskosten.", "altlasten-kampfmittel", "kritisch"],
  ["Mit den Einheitspreisen sind Erschwernisse durch den laufenden Schulbetrieb abgegolten.", "erschwernisse", "prüfen"],
  ["Die Gewährleistungsfrist für die Dachabdichtung beträgt 5 Jahre.", "verjaehrung", "üblich"],
  ["Eine Abnahme durch Ingebrauchnahme ist ausgeschlossen; die Abnahme erfolgt förmlich.", "abnahme", "üblich"],
  ["Mehrkosten infolge geänderter Planung werden nach § 2 Abs. 5 VOB/B vergütet.", "geaenderte-leistung", "üblich"],
  // A fourth round: subcontracts and private AGB
  [
    "Der Nachunternehmer hat die Vertragsstrafe zu tragen, die der Bauherr gegenüber dem Generalunternehmer geltend macht, auch soweit sie über 5 % hinausgeht.",
    "vertragsstrafe",
    "kritisch",
  ],
  [
    "Zahlungen an den Nachunternehmer werden fällig, sobald der Bauherr die entsprechende Zahlung an den Generalunternehmer geleistet hat.",
    "zahlungsfristen",
    "kritisch",
  ],
  ["Die Gewährleistungsfrist beginnt erst mit der Abnahme des Gesamtbauwerks durch den Bauherrn.", "verjaehrung", "prüfen"],
  [
    "Der Auftraggeber ist berechtigt, Gegenforderungen aus anderen Bauvorhaben mit dem Werklohn zu verrechnen.",
    "aufrechnungsverbot",
    "prüfen",
  ],
  [
    "Der Auftragnehmer übernimmt die Gewähr für die Vollständigkeit und Richtigkeit der ihm übergebenen Pläne.",
    "bedenkenanmeldung",
    "kritisch",
  ],
  ["Die Einheitspreise gelten auch bei Über- oder Unterschreitung der Mengen um mehr als 10 %.", "mengenaenderung", "prüfen"],
  ["Sofern die Baugrube nicht standsicher ist, sind Verbaumaßnahmen ohne gesonderte Vergütung auszuführen.", "baugrund", "kritisch"],
  ["Witterungsbedingte Ausfalltage gehen zu Lasten des Auftragnehmers.", "winterbau", "kritisch"],
  ["Arbeiten an Wochenenden sind nicht vorgesehen.", "nacht-wochenend-arbeit", "üblich"],
  ["Eine Preisgleitklausel für Stahl nach Formblatt 225 ist Bestandteil des Vertrages.", "preisgleitung", "üblich"],
  [
    "Die Sicherheit für die Vertragserfüllung ist als selbstschuldnerische Bürgschaft in Höhe von 5 % der Auftragssumme zu stellen und wird nach Abnahme zurückgegeben.",
    "vertragserfuellungssicherheit",
    "üblich",
  ],
  [
    "Der Auftraggeber darf Sicherheitseinbehalte bis zur Höhe von 10 % von den Abschlagsrechnungen vornehmen; ein Anspruch auf Ablösung durch Bürgschaft besteht nicht.",
    "ablösung-sicherheit",
    "kritisch",
  ],
  [
    "Die Schlusszahlung erfolgt nach Prüfung der Schlussrechnung durch den Bauherrn, spätestens jedoch 120 Tage nach Eingang.",
    "zahlungsfristen",
    "kritisch",
  ],
  ["Der Auftragnehmer erhält Abschlagszahlungen in Höhe von 95 % der nachgewiesenen Leistung.", "einbehalt-abschlagszahlungen", "prüfen"],
];

describe("clause review: every clause judged, in any wording", () => {
  it.each(EXAMPLES)("%s → %s %s", (text, type, verdict) => {
    expect(verdictOf(text, type)).toBe(verdict);
  });

  it("gives every clause type an entry, and quotes document and paragraph", () => {
    const review = reviewClauses([source("Die Gewährleistungsfrist beträgt 12 Jahre ab Abnahme.")]);
    expect(new Set(review.entries.map((e) => e.type)).size).toBeGreaterThanOrEqual(40);
    const entry = review.entries.find((e) => e.type === "verjaehrung")!;
    expect(entry).toMatchObject({
      document: "Vorbemerkungen",
      location: "Absatz 2",
      figures: "12 Jahre",
      yardstick: expect.stringContaining("§ 13 Abs. 4 VOB/B"),
    });
  });

  it("treats the sentence after a clause as part of it (a cap in the next sentence, a heading above)", () => {
    const review = reviewClauses([
      source("§ 7 Vertragsstrafe", "Sie beträgt 0,2 % der Auftragssumme je Werktag. Insgesamt ist sie auf 5 % der Auftragssumme begrenzt."),
    ]);
    const penalty = review.entries.filter((e) => e.type === "vertragsstrafe");
    expect(penalty.map((e) => [e.verdict, e.figures])).toEqual([["üblich", "0,2 % je Werktag; Obergrenze 5 %"]]);
  });
});

describe("clause review: a fair public client's Vorbemerkungen", () => {
  it("flags nothing in standard VOB wordings", () => {
    const paragraphs = [
      "Für die Ausführung gelten die VOB/B und VOB/C in der bei Vertragsschluss gültigen Fassung sowie die ZVB des Auftraggebers.",
      "Mit der Ausführung ist innerhalb von 12 Werktagen nach Zugang des Auftragsschreibens zu beginnen. Die Leistung ist bis zum 30.09.2027 fertigzustellen.",
      "Bei Überschreitung der Frist für die Vollendung wird eine Vertragsstrafe von 0,1 % der Abrechnungssumme je Werktag, höchstens 5 % der Abrechnungssumme, vereinbart.",
      "Die Sicherheit für Mängelansprüche beträgt 3 % der Abrechnungssumme; sie kann durch Bürgschaft abgelöst werden.",
      "Die Abrechnung erfolgt nach Aufmaß gemäß den Abrechnungsregeln der ATV DIN 18363.",
      "Abschlagszahlungen werden nach § 16 Abs. 1 VOB/B geleistet. Die Schlusszahlung ist binnen 30 Tagen nach Zugang der prüfbaren Schlussrechnung fällig.",
      "Strom und Wasser werden vom Auftraggeber an einer Übergabestelle kostenlos bereitgestellt.",
      "Ansprüche auf besondere Vergütung sind dem Auftraggeber nach § 2 Abs. 6 VOB/B vor Beginn der Ausführung anzukündigen.",
      "Die Abnahme erfolgt förmlich nach § 12 Abs. 4 VOB/B. Die Verjährungsfrist für Mängelansprüche richtet sich nach § 13 Abs. 4 VOB/B.",
      "Der Auftragnehmer hat seine Abfälle arbeitstäglich zu beseitigen.",
      "Bedenken gegen die vorgesehene Art der Ausführung sind unverzüglich schriftlich mitzuteilen.",
      "Der Auftragnehmer weist eine Betriebshaftpflichtversicherung mit einer Deckungssumme von 3 Mio. € nach.",
      "Die Einheitspreise sind Festpreise für die Dauer der Bauzeit.",
    ];
    const review = reviewClauses(
      [{ document: "Vorbemerkungen", paragraphs: paragraphs.map((text, i) => ({ text, page: null, paragraph: i + 1 })) }],
      undefined,
      {
        itemTexts: ["Wandflächen streichen", "Decke streichen"],
      },
    );
    expect(review.entries.filter((e) => e.verdict !== "üblich")).toEqual([]);
    expect(review.entries.filter((e) => e.status === "geregelt").length).toBeGreaterThanOrEqual(12);
  });
});

describe("clause review: nicht geregelt where it matters", () => {
  const dates = (start: string, end: string) =>
    `Ausführungsbeginn (AwardInfo/CnstStart): ${start}\nFertigstellung (AwardInfo/CnstEnd): ${end}`;
  const tender = (start: string, end: string, outdoor: boolean): Parameters<typeof reviewClauses> => [
    [
      {
        document: "Vorbemerkungen",
        paragraphs: [...dates(start, end).split("\n"), PAD, PAD].map((text, i) => ({ text, page: null, paragraph: i + 1 })),
      },
    ],
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

  it("counts the months the prices must hold from the bid, not from the construction start", () => {
    // 7½ months of construction: with the usual lead from bid to start the prices hold over 10 months.
    expect(gap(tender("2027-08-15", "2028-03-31", false), "preisgleitung")).toBe("prüfen");
    expect(gap(tender("2027-09-15", "2028-03-31", false), "preisgleitung")).toBe("üblich");
    // 5 months of construction, but the bid is dated a year before the start.
    const [sources, types, work] = tender("2028-03-01", "2028-07-31", false);
    sources[0].paragraphs.push({ text: "Die Angebote sind bis zum 15.03.2027 einzureichen.", page: null, paragraph: 9 });
    expect(reviewClauses(sources, types, work).dates.priceMonths).toBeGreaterThan(16);
    expect(gap([sources, types, work], "preisgleitung")).toBe("prüfen");
    // The same works bid a month before the start: no Gleitklausel needed.
    sources[0].paragraphs[sources[0].paragraphs.length - 1].text = "Die Angebote sind bis zum 01.02.2028 einzureichen.";
    expect(gap([sources, types, work], "preisgleitung")).toBe("üblich");
  });

  it("reads construction dates from the texts when the file has no AwardInfo", () => {
    const review = reviewClauses([source("Ausführungszeit: Beginn 15.10.2027, Fertigstellung bis 30.04.2029.")], undefined, {
      itemTexts: ["Stahlbeton Decke"],
    });
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

describe("clause review: a paragraph read as a whole", () => {
  const entries = (...paragraphs: string[]) => reviewClauses([source(...paragraphs)]).entries.filter((e) => e.status === "geregelt");

  it("gives every sentence of a paragraph the topic of its label („§ 6 Entsorgung: …“)", () => {
    const e = entries(
      "§ 6 Entsorgung: Der Aushub ist vom AN zu übernehmen und zu verwerten. Die Kosten sind unabhängig von der abfallrechtlichen Einstufung in die Einheitspreise einzurechnen; eine Mehrvergütung für belastetes Material entfällt.",
    ).filter((x) => x.type === "entsorgung");
    expect(e).toHaveLength(1);
    expect(e[0].quote).toContain("unabhängig von der abfallrechtlichen Einstufung");
    expect(e[0].verdict).toBe("kritisch");
  });

  it("reads a detail sentence as part of the security it details", () => {
    const e = entries(
      "Zur Sicherung der Mängelansprüche werden 5 % der Schlussrechnungssumme einbehalten. Der Einbehalt kann nur durch eine Bürgschaft auf erstes Anfordern abgelöst werden.",
    ).find((x) => x.type === "maengelsicherheit")!;
    expect(e.quote).toContain("erstes Anfordern");
    expect(e.verdict).toBe("kritisch");
  });

  it("counts the Bindefrist from the bid date the texts state", () => {
    const bindefrist = (bid: string) =>
      entries(`Ablauf der Angebotsfrist ist am ${bid}, 10:00 Uhr.`, "Die Bindefrist endet am 31.08.2027.").find(
        (x) => x.type === "bindefrist",
      )?.verdict;
    expect(bindefrist("02.07.2027")).toBe("prüfen");
    expect(bindefrist("05.08.2027")).toBe("üblich");
  });

  it("asks about Behinderung when the works are called off and nothing regulates it, not otherwise", () => {
    // Enough contract text that a missing clause counts.
    const gap = (text: string) => reviewClauses([source(PAD, text)]).entries.find((x) => x.type === "behinderung")!;
    expect(gap("Die Arbeiten werden hausweise auf Abruf des AG ausgeführt.")).toMatchObject({
      status: "nicht geregelt",
      verdict: "prüfen",
    });
    // Areas released by others in a takt, an occupied building: the start lies with others too.
    expect(
      gap("Die Bauabschnitte werden im Takt von zwei Wochen übergeben; je Abschnitt sind die Arbeiten in 10 Arbeitstagen fertigzustellen."),
    ).toMatchObject({
      status: "nicht geregelt",
      verdict: "prüfen",
    });
    expect(gap("Die Wohnungen sind während der Arbeiten bewohnt; der Zugang ist mit den Mietern abzustimmen.")).toMatchObject({
      status: "nicht geregelt",
      verdict: "prüfen",
    });
    expect(gap("Die Arbeiten beginnen am 03.05.2027.")).toMatchObject({ status: "nicht geregelt", verdict: "üblich" });
    expect(gap("Die Bürgschaft wird nach Ablauf der Verjährungsfrist freigegeben.")).toMatchObject({
      status: "nicht geregelt",
      verdict: "üblich",
    });
  });

  it("asks about Schadstoffe when old building parts are removed and nothing regulates them", () => {
    const gap = (items: string[]) =>
      reviewClauses([source(PAD, "Sanierung der Pflegestationen im Bettenhaus (Baujahr 1974).")], undefined, {
        itemTexts: items,
      }).entries.find((x) => x.type === "altlasten-kampfmittel")!.verdict;
    expect(gap(["Bodenbelag entfernen", "Kautschukbelag 3,0 mm"])).toBe("prüfen");
    expect(gap(["Kautschukbelag 3,0 mm", "Wandanstrich"])).toBe("üblich");
  });

  it("asks for a Bauzeitenplan that sets the Zwischentermine but is not among the documents", () => {
    const text = "Als verbindliche Zwischentermine gelten die Fertigstellungen der Abschnitte nach dem Bauzeitenplan.";
    const verdict = (documents: string[]) =>
      reviewClauses([
        source(text),
        ...documents.map((document) => ({ document, paragraphs: [{ text: "Bauzeitenplan Abschnitte 1 bis 6", page: 1, paragraph: 1 }] })),
      ]).entries.find((x) => x.type === "bauzeit-fristen" && x.quote === text)?.verdict;
    expect(verdict([])).toBe("prüfen");
    expect(verdict(["Anlage 3 Bauzeitenplan.pdf"])).toBe("üblich");
  });

  it("reads a paragraph that only caps the penalty before it as part of that clause, not as a clause of its own", () => {
    const e = entries(
      "§ 2 Termine. Kommt der NU mit einem Termin in Verzug, schuldet er je Kalendertag 0,2 % der Auftragssumme.",
      "Die Summe der Vertragsstrafen ist auf 10 % der Netto-Auftragssumme begrenzt. Sie kann bis zur Schlusszahlung geltend gemacht werden, auch wenn sie bei der Abnahme nicht vorbehalten wurde.",
    );
    const penalties = e.filter((x) => x.type === "vertragsstrafe");
    expect(penalties).toHaveLength(1);
    expect(penalties[0].quote).toContain("auf 10 % der Netto-Auftragssumme begrenzt");
    expect(penalties[0].verdict).toBe("kritisch");
    expect(e.some((x) => x.type === "komplettheit")).toBe(false);
    // A paragraph with a rate of its own (Zwischentermine) stays a clause of its own.
    const two = entries(
      "Bei Überschreitung der Frist für die Vollendung sind als Vertragsstrafe je Werktag 0,2 % der Auftragssumme zu zahlen, insgesamt höchstens 5 %.",
      "Für die Zwischentermine beträgt die Vertragsstrafe je Werktag 0,1 % der Auftragssumme, höchstens 5 %.",
    ).filter((x) => x.type === "vertragsstrafe");
    expect(two).toHaveLength(2);
  });

  it("reads „Dies gilt …“ as part of the clause before it", () => {
    const e = entries(
      "Zeichnet sich ein Verzug ab, hat der AN auf eigene Kosten zusätzliches Personal einzusetzen. Dies gilt unabhängig davon, wer die Verzögerung zu vertreten hat.",
    ).find((x) => x.type === "beschleunigung")!;
    expect(e.quote).toContain("unabhängig davon, wer");
    expect(e.verdict).toBe("kritisch");
  });
});
