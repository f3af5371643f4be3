import { describe, expect, it } from "vitest";
import { constructionArticles, knowledgeArticles, legalArticles } from "./index";
import type { KnowledgeArticle } from "./types";

const DOCUMENT_TYPES = ["gesetz", "leitfaden", "checkliste", "praxis"];

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function bySlug(slug: string): KnowledgeArticle {
  const article = knowledgeArticles.find((a) => a.slug === slug);
  if (!article) throw new Error(`Artikel ${slug} fehlt`);
  return article;
}

const legalText = legalArticles.map((a) => `${a.title}\n${a.content}`).join("\n");
const constructionText = constructionArticles.map((a) => `${a.title}\n${a.content}`).join("\n");

describe("Wissensbasis: Struktur", () => {
  it("enthält mindestens 25 Artikel je Chatbot", () => {
    expect(legalArticles.length).toBeGreaterThanOrEqual(25);
    expect(constructionArticles.length).toBeGreaterThanOrEqual(25);
    expect(knowledgeArticles).toHaveLength(legalArticles.length + constructionArticles.length);
  });

  it("ordnet jeden Artikel dem richtigen Chatbot zu", () => {
    for (const a of legalArticles) expect(a.chatbotType, a.slug).toBe("legal");
    for (const a of constructionArticles) expect(a.chatbotType, a.slug).toBe("construction");
  });

  it("hat eindeutige Slugs in Kebab-Case", () => {
    const slugs = knowledgeArticles.map((a) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("hat eindeutige Titel je Chatbot", () => {
    for (const list of [legalArticles, constructionArticles]) {
      const titles = list.map((a) => a.title.trim().toLowerCase());
      expect(new Set(titles).size).toBe(titles.length);
    }
  });

  it("hat gültige Dokumenttypen, Tags und Quellen", () => {
    for (const a of knowledgeArticles) {
      expect(DOCUMENT_TYPES, a.slug).toContain(a.documentType);
      expect(a.tags.length, a.slug).toBeGreaterThan(0);
      expect(a.sources.length, a.slug).toBeGreaterThanOrEqual(1);
      for (const s of [...a.tags, ...a.sources]) expect(s.trim().length, a.slug).toBeGreaterThan(1);
    }
  });

  it("hat ausreichend langen, absatzweise gegliederten Inhalt (150–400 Wörter)", () => {
    for (const a of knowledgeArticles) {
      expect(a.content.length, a.slug).toBeGreaterThanOrEqual(600);
      const words = wordCount(a.content);
      expect(words, a.slug).toBeGreaterThanOrEqual(150);
      expect(words, a.slug).toBeLessThanOrEqual(400);
      const paragraphs = a.content.split("\n\n");
      expect(paragraphs.length, a.slug).toBeGreaterThanOrEqual(3);
      for (const p of paragraphs) {
        expect(p.trim().length, a.slug).toBeGreaterThan(20);
        expect(p, a.slug).toBe(p.trim());
      }
    }
  });

  it("enthält keine Platzhalter und keine Umlaut-Ersatzschreibweisen", () => {
    for (const a of knowledgeArticles) {
      const text = `${a.title} ${a.content}`;
      expect(text, a.slug).not.toMatch(/lorem|ipsum/i);
      expect(text, a.slug).not.toMatch(/\b(TODO|TBD|FIXME|XXX)\b/);
      expect(text, a.slug).not.toMatch(/\b(fuer|ueber|Aenderung|Maengel|Gebaeude|koennen|muessen|Massnahme)\b/i);
    }
    expect(legalText).toMatch(/[äöüß]/);
    expect(constructionText).toMatch(/[äöüß]/);
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
      "650p",
      "650q",
      "650r",
      "650s",
      "650t",
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
    expect(a.content).toMatch(/für Bauwerke 4 Jahre/);
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
