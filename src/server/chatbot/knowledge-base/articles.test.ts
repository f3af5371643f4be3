// The shipped knowledge base (knowledge/<assistant>/*.md): every article is well-formed — the
// suite fails on a malformed one, with file and line — and the base covers the subjects and
// facts it must.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatProblems, normaliseBody, parseArticle, readKnowledgeBase, type KnowledgeArticle } from "./articles";
import { parseFrontMatter } from "./front-matter";

const kb = readKnowledgeBase();
const knowledgeArticles = kb.articles;
const legalArticles = knowledgeArticles.filter((a) => a.chatbotType === "legal");
const constructionArticles = knowledgeArticles.filter((a) => a.chatbotType === "construction");

function bySlug(slug: string): KnowledgeArticle {
  const article = knowledgeArticles.find((a) => a.slug === slug);
  if (!article) throw new Error(`Artikel ${slug} fehlt`);
  return article;
}

const legalText = legalArticles.map((a) => `${a.title}\n${a.content}`).join("\n");
const constructionText = constructionArticles.map((a) => `${a.title}\n${a.content}`).join("\n");

const GOOD = `---
title: "Kranprüfung: Prüffristen"
assistant: bauausfuehrung
type: checkliste
tags: [Kran, "Turmdrehkran, mobil"]
sources:
  - DGUV Vorschrift 52
  - "BetrSichV § 14"
version: 2
reviewed_on: 2026-01-15
reviewed_by: Dipl.-Ing. Erika Muster
---
Prüffrist: Turmdrehkrane sind mindestens einmal jährlich durch einen Sachkundigen zu prüfen. Der Unternehmer
veranlasst die Prüfung und hält das Ergebnis im Prüfbuch fest, das auf der Baustelle vorliegt.

Vor Inbetriebnahme: Nach jeder Montage auf einer neuen Baustelle ist eine Prüfung erforderlich, bevor der Kran
benutzt wird; sie umfasst Aufstellung, Ballast, Abspannungen und die Sicherheitseinrichtungen.
- Prüfbuch vorhanden
- Ergebnis dokumentiert
`;

describe("Wissensbasis: Dateien", () => {
  it("liest jeden ausgelieferten Artikel ohne Fehler", () => {
    expect(formatProblems(kb)).toEqual([]);
    expect(legalArticles.length).toBeGreaterThanOrEqual(40);
    expect(constructionArticles.length).toBeGreaterThanOrEqual(45);
  });

  it("hat eindeutige Dateinamen und Titel je Assistent, Quellen, Version und Prüfvermerk", () => {
    for (const list of [legalArticles, constructionArticles]) {
      const titles = list.map((a) => a.title.toLowerCase());
      expect(new Set(titles).size).toBe(titles.length);
      const slugs = list.map((a) => a.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
    }
    for (const a of knowledgeArticles) {
      expect(a.sources.length, a.file).toBeGreaterThan(0);
      expect(a.version, a.file).toBeGreaterThanOrEqual(1);
      expect(a.reviewedOn, a.file).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(a.reviewedBy.length, a.file).toBeGreaterThan(2);
      expect(a.content.split("\n\n").length, a.file).toBeGreaterThanOrEqual(2);
    }
    expect(legalText).toMatch(/[äöüß]/);
    expect(constructionText).toMatch(/[äöüß]/);
  });

  it("liest Kopfdaten: Listen in beiden Schreibweisen, Zahlen, Zeichenketten in Anführungszeichen", () => {
    const { article, problems } = parseArticle(GOOD, "bauausfuehrung/kranpruefung.md");
    expect(problems).toEqual([]);
    expect(article).toMatchObject({
      slug: "kranpruefung",
      chatbotType: "construction",
      title: "Kranprüfung: Prüffristen",
      documentType: "checkliste",
      tags: ["Kran", "Turmdrehkran, mobil"],
      sources: ["DGUV Vorschrift 52", "BetrSichV § 14"],
      version: 2,
      reviewedOn: "2026-01-15",
      reviewedBy: "Dipl.-Ing. Erika Muster",
    });
    // Wrapped lines are joined; list lines keep their own line; paragraphs stay apart.
    expect(article!.content.split("\n\n")).toHaveLength(2);
    expect(article!.content).toContain("durch einen Sachkundigen zu prüfen. Der Unternehmer veranlasst");
    expect(article!.content).toMatch(/Sicherheitseinrichtungen\.\n- Prüfbuch vorhanden\n- Ergebnis dokumentiert$/);
    expect(normaliseBody("a\r\nb\r\n\r\n\r\nc")).toBe("a b\n\nc");
  });

  const broken: [string, (text: string) => string, RegExp][] = [
    ["ohne Kopfdaten", (t) => t.replace(/^---\n/, ""), /muss mit einer Zeile „---“ beginnen/],
    ["nicht abgeschlossene Kopfdaten", (t) => t.replace(/\n---\n/, "\n"), /nicht mit „---“ abgeschlossen/],
    [
      "Tippfehler im Schlüssel",
      (t) => t.replace("reviewed_on:", "reviewd_on:"),
      /Unbekannter Schlüssel „reviewd_on“.*|„reviewed_on“ muss ein Datum/,
    ],
    ["falscher Assistent", (t) => t.replace("assistant: bauausfuehrung", "assistant: baurecht"), /passt nicht zum Ordner/],
    ["unbekannter Assistent", (t) => t.replace("assistant: bauausfuehrung", "assistant: statik"), /„assistant“ muss/],
    ["unbekannte Dokumentart", (t) => t.replace("type: checkliste", "type: roman"), /„type“ muss eines von/],
    ["keine Quellen", (t) => t.replace(/sources:\n( {2}- .*\n)+/, "sources:\n"), /„sources“ braucht mindestens einen Eintrag/],
    ["Version keine Zahl", (t) => t.replace("version: 2", "version: zwei"), /„version“ muss eine ganze Zahl/],
    ["ungültiges Datum", (t) => t.replace("2026-01-15", "2026-02-30"), /„reviewed_on“ muss ein Datum/],
    ["Prüfdatum in der Zukunft", (t) => t.replace("2026-01-15", "2999-01-01"), /liegt in der Zukunft/],
    ["ohne Prüfer", (t) => t.replace(/reviewed_by: .*\n/, ""), /„reviewed_by“ fehlt/],
    [
      "Überschrift im Text",
      (t) => t.replace("Vor Inbetriebnahme:", "## Vor Inbetriebnahme\n\nVor Inbetriebnahme:"),
      /Überschriften sind im Text nicht vorgesehen/,
    ],
    ["Platzhalter", (t) => t.replace("Prüfbuch vorhanden", "TODO Prüfbuch"), /Platzhalter/],
    ["Umlaut-Ersatz", (t) => t.replace("jährlich", "jaehrlich fuer alle"), /Umlaut-Ersatzschreibweise „fuer“/],
    ["zu kurz", (t) => t.replace(/\n---\n[\s\S]*$/, "\n---\nNur ein Satz.\n\nUnd noch einer hier."), /zu kurz/],
    ["Tabulator in den Kopfdaten", (t) => t.replace("  - DGUV Vorschrift 52", "\t- DGUV Vorschrift 52"), /Tabulatoren/],
    [
      "offene Anführungszeichen",
      (t) => t.replace('title: "Kranprüfung: Prüffristen"', 'title: "Kranprüfung'),
      /Anführungszeichen nicht geschlossen/,
    ],
  ];

  it.each(broken)("lehnt einen Artikel ab: %s", (_name, change, message) => {
    const { article, problems } = parseArticle(change(GOOD), "bauausfuehrung/kranpruefung.md", new Date("2026-06-01"));
    expect(article).toBeNull();
    expect(problems.map((p) => p.message).join("\n")).toMatch(message);
  });

  it("nennt Datei und Zeile und prüft Dateinamen und doppelte Titel im Ordner", () => {
    const dir = mkdtempSync(join(tmpdir(), "bauklar-kb-"));
    try {
      mkdirSync(join(dir, "baurecht"));
      mkdirSync(join(dir, "bauausfuehrung"));
      writeFileSync(join(dir, "bauausfuehrung", "kranpruefung.md"), GOOD);
      writeFileSync(join(dir, "bauausfuehrung", "kran-zwei.md"), GOOD);
      writeFileSync(join(dir, "bauausfuehrung", "Kran Prüfung.md"), GOOD);
      writeFileSync(join(dir, "bauausfuehrung", "notiz.txt"), "x");
      writeFileSync(join(dir, "bauausfuehrung", "kaputt.md"), GOOD.replace("version: 2", "version 2"));
      const result = readKnowledgeBase(dir, new Date("2026-06-01"));
      const lines = formatProblems(result).join("\n");
      expect(lines).toMatch(/kaputt\.md:9: Zeile nicht lesbar: „version 2“/);
      expect(lines).toMatch(/Kran Prüfung\.md:1: Dateiname/);
      expect(lines).toMatch(/notiz\.txt:0: Nur \.md-Dateien/);
      expect(lines).toMatch(/Titel „Kranprüfung: Prüffristen“ gibt es schon/);
      expect(result.articles.map((a) => a.slug).sort()).toEqual(["kran-zwei", "kranpruefung"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("liest die Kopfdaten-Syntax streng", () => {
    expect(parseFrontMatter('---\na: [x, "y, z", \'q\']\nb:\n  - eins\n  - "zwei: drei"\nc: 7\n---\nText').data).toEqual({
      a: ["x", "y, z", "q"],
      b: ["eins", "zwei: drei"],
      c: 7,
    });
    expect(() => parseFrontMatter("---\na: 1\na: 2\n---\n")).toThrow(/doppelt/);
    expect(() => parseFrontMatter("---\n  - x\n---\n")).toThrow(/ohne Schlüssel/);
  });
});

describe("Wissensbasis: Abdeckung der Pflichtthemen", () => {
  it("behandelt jeden Paragrafen der VOB/B (§§ 1–18) in einem eigenen Titel", () => {
    for (let n = 1; n <= 18; n++) {
      const pattern = new RegExp(`§ ${n}(?!\\d).*VOB/B`);
      expect(
        legalArticles.some((a) => pattern.test(a.title)),
        `§ ${n} VOB/B`,
      ).toBe(true);
    }
  });

  it("nennt die zentralen BGB-Vorschriften des Werk- und Bauvertragsrechts", () => {
    const norms = [
      "631",
      "632",
      "632a",
      "634",
      "634a",
      "635",
      "637",
      "638",
      "640",
      "641",
      "642",
      "643",
      "645",
      "648",
      "648a",
      "650",
      "650a",
      "650b",
      "650c",
      "650d",
      "650e",
      "650f",
      "650g",
      "650h",
      "650i",
      "650j",
      "650k",
      "650l",
      "650m",
      "650n",
      "650o",
      "650p",
      "650q",
      "650r",
      "650s",
      "650t",
      "650u",
      "650v",
      "310",
    ];
    for (const n of norms) {
      expect(legalText, `§ ${n} BGB`).toMatch(new RegExp(`§ ${n}(?![0-9a-z])`));
    }
  });

  it("deckt die Pflichtthemen der Bauausführung ab", () => {
    const topics = [
      /Arbeitsvorbereitung/,
      /Baustelleneinrichtung/,
      /Aufmaß/,
      /Bautagebuch/,
      /Nachtragsmanagement/,
      /Mengenermittlung/,
      /Terminplanung/,
      /Baustellenverordnung/,
      /Gefährdungsbeurteilung/,
      /Absturz/,
      /Behinderungen/,
      /Abnahme vorbereiten/,
      /Mängelmanagement/,
      /Qualitätssicherung/,
      /Betonier/,
      /Nachbehandlung/,
      /Frost/,
      /Mauerwerk/,
      /Estrich/,
      /DIN 18533/,
      /DIN 18534/,
      /Winterbau/,
      /Baustellenlogistik/,
      /Nachunternehmer/,
      /Baustellenbesprechung/,
      /Kalkulation/,
      /Urkalkulation/,
      /Leistungsverzeichnis/,
      /Stundenlohnarbeiten/,
      /Abschlagsrechnungen/,
      /Schlussrechnung/,
      /Fotos/,
      /Gewerbeabfallverordnung/,
      /Baustrom/,
      /Lärm/,
      /Schlitze/,
      /DIN 18535/,
      /DIN 4109/,
      /Brandschutz/,
      /Gerüst/,
      /Hitze/,
      /DIN 18531/,
      /18340/,
      /18300/,
      /18363/,
    ];
    for (const t of topics) {
      expect(
        constructionArticles.some((a) => t.test(a.title)),
        String(t),
      ).toBe(true);
    }
  });
});

describe("Wissensbasis: Stichproben zentraler Fakten", () => {
  it("VOB/B § 13: vier Jahre für Bauwerke, § 13 Abs. 4, Quasi-Neubeginn von 2 Jahren", () => {
    const a = bySlug("vob-b-13-verjaehrung-maengelansprueche");
    expect(a.content).toMatch(/vier Jahre|4 Jahre/);
    expect(a.content).toContain("§ 13 Abs. 4");
    expect(a.content).toMatch(/für Bauwerke in 4 Jahren/);
    expect(a.content).toMatch(/2 Jahren, gerechnet vom Zugang des schriftlichen Verlangens/);
    expect(a.content).toMatch(/nicht vor Ablauf der Regelfrist/);
    expect(a.content).toMatch(/industriellen Feuerungsanlagen 1 Jahr/);
    expect(a.content).toContain("§ 634a Abs. 1 Nr. 2 BGB");
  });

  it("BGB § 634a: 5 Jahre bei Bauwerken ab Abnahme", () => {
    const a = bySlug("bgb-633-639-maengelrechte-werkvertrag");
    expect(a.content).toMatch(/5 Jahren bei einem Bauwerk/);
    expect(a.content).toMatch(/beginnt mit der Abnahme/);
  });

  it("VOB/B § 2 Abs. 3: 10-%-Grenze für Mengenänderungen", () => {
    const a = bySlug("vob-b-2-verguetung-mengenaenderung");
    expect(a.content).toMatch(/nicht mehr als 10 %/);
    expect(a.content).toContain("§ 2 Abs. 3 Nr. 2 VOB/B");
    expect(a.content).toContain("§ 2 Abs. 3 Nr. 3 VOB/B");
  });

  it("VOB/B § 2 Abs. 6: Ankündigung vor Ausführungsbeginn", () => {
    const a = bySlug("vob-b-2-geaenderte-zusaetzliche-leistung");
    expect(a.content).toMatch(/ankündigen, bevor er mit der Ausführung beginnt/);
  });

  it("VOB/B § 15: Stundenlohnzettel werktäglich oder wöchentlich, Rückgabe binnen 6 Werktagen", () => {
    const a = bySlug("vob-b-15-stundenlohnarbeiten");
    expect(a.content).toMatch(/werktäglich oder wöchentlich/);
    expect(a.content).toMatch(/6 Werktagen/);
    expect(a.content).toMatch(/gelten als anerkannt/);
  });

  it("VOB/B § 16: 21 Tage Abschlag, 30/60 Tage Schlusszahlung, Vorbehalt 28 + 28 Tage", () => {
    expect(bySlug("vob-b-16-abschlagszahlungen-zahlungsverzug").content).toMatch(/binnen 21 Tagen/);
    const s = bySlug("vob-b-16-schlusszahlung-vorbehalt").content;
    expect(s).toMatch(/30 Tagen nach Zugang der Schlussrechnung/);
    expect(s).toMatch(/höchstens 60 Tage/);
    expect(s).toMatch(/innerhalb von 28 Tagen/);
    expect(s).toMatch(/weiteren 28 Tagen/);
  });

  it("VOB/B § 12: Abnahme binnen 12 Werktagen, fiktiv nach 12 bzw. 6 Werktagen", () => {
    const a = bySlug("vob-b-12-abnahme");
    expect(a.content).toMatch(/binnen 12 Werktagen/);
    expect(a.content).toMatch(/Ablauf von 12 Werktagen nach schriftlicher Mitteilung/);
    expect(a.content).toMatch(/Ablauf von 6 Werktagen nach Beginn der Benutzung/);
  });

  it("VOB/B § 17: kein Bürge auf erstes Anfordern, Einbehalt höchstens 10 %, Sperrkonto binnen 18 Werktagen", () => {
    const a = bySlug("vob-b-17-sicherheitsleistung");
    expect(a.content).toMatch(/erstes Anfordern/);
    expect(a.content).toMatch(/höchstens 10 %/);
    expect(a.content).toMatch(/18 Werktagen/);
  });

  it("Vertragsstrafe: Vorbehalt bei Abnahme und AGB-Grenze von 5 %", () => {
    const a = bySlug("vertragsstrafe-vob-b-11-agb-grenzen");
    expect(a.content).toContain("§ 11 Abs. 4 VOB/B");
    expect(a.content).toMatch(/5 % der Auftragssumme/);
    expect(a.content).toMatch(/0,2 % bis 0,3 %/);
  });

  it("BGB §§ 650b, 650c, 650f, 640: 30 Tage, 80 %, 10 % Nebenforderungen, fiktive Abnahme", () => {
    expect(bySlug("bgb-650a-650b-bauvertrag-anordnungsrecht").content).toMatch(/binnen 30 Tagen/);
    const c = bySlug("bgb-650c-650d-verguetungsanpassung-einstweilige-verfuegung").content;
    expect(c).toMatch(/tatsächlich erforderlichen Kosten/);
    expect(c).toMatch(/80 %/);
    expect(bySlug("bgb-650e-650f-sicherungshypothek-bauhandwerkersicherung").content).toMatch(/10 % des zu sichernden/);
    expect(bySlug("bgb-640-641-abnahme-faelligkeit").content).toMatch(/unter Angabe mindestens eines Mangels/);
    expect(bySlug("bgb-kuendigung-648-648a-650h-neue-paragrafen").content).toMatch(/5 %/);
  });

  it("Baustellenverordnung: Schwellen der Vorankündigung", () => {
    const a = bySlug("arbeitsschutz-baustellenverordnung-sigeko");
    expect(a.content).toMatch(/mehr als 30 Arbeitstage/);
    expect(a.content).toMatch(/mehr als 20 Beschäftigte/);
    expect(a.content).toMatch(/500 Personentage/);
    expect(a.content).toMatch(/zwei Wochen vor Einrichtung/);
  });

  it("Absturzsicherung: ASR A2.1 mit 1,0 m und 2,0 m", () => {
    const a = bySlug("absturzsicherung-asr-a2-1");
    expect(a.content).toContain("ASR A2.1");
    expect(a.content).toMatch(/mehr als 1,0 m/);
    expect(a.content).toMatch(/mehr als 2,0 m/);
  });

  it("Aufmaß: Übermessen bis 2,5 m² nach DIN 18350", () => {
    const a = bySlug("aufmass-gemeinsames-aufmass");
    expect(a.content).toContain("DIN 18350");
    expect(a.content).toMatch(/bis 2,5 m² Einzelgröße übermessen/);
  });

  it("Beton bei Frost: 5 °C, 10 °C, 5 N/mm²", () => {
    const a = bySlug("betonieren-bei-frost-kalter-witterung");
    expect(a.content).toMatch(/\+5 °C/);
    expect(a.content).toMatch(/\+10 °C/);
    expect(a.content).toMatch(/5 N\/mm²/);
  });

  it("Gewerbeabfallverordnung: zehn Fraktionen und 10-m³-Grenze", () => {
    const a = bySlug("entsorgung-bauabfall-gewabfv");
    for (const key of ["17 02 02", "17 02 03", "17 02 01", "17 06 04", "17 03 02", "17 08 02", "17 01 01", "17 01 02", "17 01 03"]) {
      expect(a.content).toContain(key);
    }
    expect(a.content).toMatch(/10 m³/);
  });
});

describe("Wissensbasis: Fakten der Bauausführung mit Quelle", () => {
  it("Estrich: CM-Grenzwerte je Estrich und Beheizung, abweichende DIN 18560-1, KRL ohne erfundene Zahl", () => {
    const a = bySlug("estrich-belegreife-cm-messung");
    expect(a.content).toMatch(/höchstens 2,0 CM-% \(unbeheizt\) bzw\. höchstens 1,8 CM-% bei Fußbodenheizung/);
    expect(a.content).toMatch(/höchstens 0,5 CM-% \(unbeheizt\) bzw\. höchstens 0,3 CM-% bei Fußbodenheizung/);
    expect(a.content).toMatch(/DIN 18560-1 \(Ausgabe 2015-11\) nennt für Calciumsulfatestriche einheitlich 0,5 CM-%/);
    expect(a.content).toMatch(/TKB-Merkblatt 18/);
    expect(a.content).not.toMatch(/\d+ ?% r\. ?F\./);
    expect(a.sources.join(" ")).toMatch(/Schnittstellenkoordination/);
  });

  it("Abdichtung: alle Wassereinwirkungsklassen der DIN 18533, 18534 und 18535", () => {
    const a = bySlug("wassereinwirkungsklassen-din-18533-18534-18535");
    for (const c of [
      "W1-E",
      "W1.1-E",
      "W1.2-E",
      "W2-E",
      "W2.1-E",
      "W2.2-E",
      "W3-E",
      "W4-E",
      "W0-I",
      "W1-I",
      "W2-I",
      "W3-I",
      "W1-B",
      "W2-B",
    ])
      expect(a.content).toContain(c);
    expect(a.content).toMatch(/bodengleichen Duschen/);
  });

  it("Schallschutz, Brandschutz, Gerüste, Schlitze, Beton bei Hitze", () => {
    const schall = bySlug("schallschutz-din-4109").content;
    expect(schall).toMatch(/R'w = 53 dB/);
    expect(schall).toMatch(/R'w = 54 dB/);
    expect(schall).toMatch(/L'n,w = 50 dB/);
    const brand = bySlug("brandschutz-grundlagen").content;
    expect(brand).toMatch(/feuerhemmend einer Feuerwiderstandsdauer von 30 Minuten/);
    expect(brand).toMatch(/feuerbeständig 90 Minuten/);
    expect(brand).toMatch(/in Gebäudeklasse 5 feuerbeständig, in Gebäudeklasse 4 hochfeuerhemmend/);
    const geruest = bySlug("geruest-pruefung-nutzung").content;
    expect(geruest).toMatch(/mindestens 1,00 m über dem Belag/);
    expect(geruest).toMatch(/höchstens 0,30 m/);
    expect(bySlug("mauerwerk-schlitze-aussparungen").content).toMatch(/höchstens 0,4 m ober- oder unterhalb der Rohdecke/);
    const hitze = bySlug("betonieren-bei-hitze-sommer").content;
    expect(hitze).toMatch(/\+30 °C/);
    expect(hitze).toMatch(/90 Minuten/);
  });

  it("Bauträgervertrag: § 650u Abs. 2 und Ratenplan der MaBV", () => {
    const a = bySlug("bautraegervertrag-650u-650v").content;
    expect(a).toMatch(/§§ 650b bis 650e BGB/);
    expect(a).toMatch(/30 % der Vertragssumme nach Beginn der Erdarbeiten/);
    expect(a).toMatch(/höchstens sieben Raten/);
  });
});
