// Where an item starts and ends, and what is none: quantities only from the quantity column,
// titles as OZ without quantity, subtotal lines, items over a page break, quantities at the end of
// the text block, bold short texts, paragraphs.

import { describe, expect, it } from "vitest";
import { layoutPages } from "./page-layout";
import { recognisePositions } from "./recognise-items";
import { page, right, type Cell } from "./testing/synthetic-page";

const read = (...pages: Cell[][]) => recognisePositions(layoutPages(pages.map((cells, i) => page(i + 1, cells))));
const summary = (cells: Cell[][]) => read(...cells).positions.map((p) => [p.kind, p.oz, p.shortText, p.qty, p.unit]);

/** An item row: OZ, bold short text, quantity right-aligned at 430, unit at 440. */
const itemRow = (y: number, oz: string, short: string, qty: string | null, unit: string): Cell[] => [
  [40, y, oz],
  [100, y, short, { bold: true }],
  ...(qty ? [right(430, y, qty)] : []),
  [440, y, unit],
];
const text = (y: number, s: string): Cell => [100, y, s];

describe("item boundaries", () => {
  it("takes a number in a long text for no quantity, and an OZ without quantity for no item", () => {
    const result = read([
      [40, 80, "01"],
      [100, 80, "Erdarbeiten", { bold: true }],
      ...itemRow(100, "01.0010", "Oberboden abtragen", "850,000", "m2"),
      text(112, "Oberboden 30 cm abtragen, Lagerfläche bis 50 m Entfernung,"),
      text(124, "Menge 120,000 m3 nach Aufmaß."),
      [40, 150, "01.0020"],
      [100, 150, "Aushub, Menge nach Aufmaß", { bold: true }],
      text(162, "Boden lösen, 120,000 m3, laden und abfahren."),
      ...itemRow(190, "01.0030", "Arbeitsraum verfüllen", "260,000", "m3"),
    ]);
    expect(result.positions.map((p) => [p.kind, p.oz, p.qty, p.unit])).toEqual([
      ["title", "01", null, ""],
      ["item", "01.0010", 850, "m2"],
      ["item", "01.0030", 260, "m3"],
    ]);
    expect(result.positions[1].longText).toBe("Oberboden 30 cm abtragen, Lagerfläche bis 50 m Entfernung, Menge 120,000 m3 nach Aufmaß.");
    expect(result.warnings).toEqual([
      "Seite 1: Bei OZ 01.0020 „Aushub, Menge nach Aufmaß Boden lösen, 1…“ wurden keine Menge und Einheit gefunden; sie wurde nicht als Position übernommen.",
    ]);
  });

  it("takes a heading with OZ and no quantity for a title only if items are numbered below it", () => {
    expect(
      summary([
        [
          [40, 80, "1"],
          [100, 80, "Allgemeine Vorbemerkungen", { bold: true }],
          [40, 100, "02"],
          [100, 100, "Rohbau", { bold: true }],
          [40, 120, "02.01"],
          [100, 120, "Mauerwerk", { bold: true }],
          ...itemRow(140, "02.01.0010", "Mauerwerk KS", "640,000", "m2"),
          ...itemRow(160, "02.01.0020", "Sturz", "48,000", "St"),
          [40, 200, "03"],
          [100, 200, "Dach (entfällt)", { bold: true }],
        ],
      ]),
    ).toEqual([
      ["title", "02", "Rohbau", null, ""],
      ["title", "02.01", "Mauerwerk", null, ""],
      ["item", "02.01.0010", "Mauerwerk KS", 640, "m2"],
      ["item", "02.01.0020", "Sturz", 48, "St"],
    ]);
  });

  it("reads “Titel 02 …” and “Los 1 …” headings; “Summe Titel” lines end the item and are no position", () => {
    const result = read([
      [40, 60, "Los 1 Rohbau", { bold: true }],
      [40, 80, "Titel 1.02 Erdarbeiten", { bold: true }],
      ...itemRow(100, "1.02.0010.", "Aushub", "100,000", "m3"),
      text(112, "Boden lösen."),
      [100, 130, "Summe Titel 1.02 Erdarbeiten", { bold: true }],
      right(575, 130, "1.234,00", { bold: true }),
      [100, 150, "Zusammenstellung", { bold: true }],
      [40, 170, "1.02"],
      [100, 170, "Erdarbeiten"],
      right(575, 170, "1.234,00"),
    ]);
    expect(result.positions.map((p) => [p.kind, p.oz, p.shortText, p.level])).toEqual([
      ["lot", "1", "Rohbau", 0],
      ["title", "1.02", "Erdarbeiten", 1],
      ["item", "1.02.0010", "Aushub", 2],
    ]);
    expect(result.positions[2].longText).toBe("Boden lösen.");
    expect(result.warnings).toEqual([]);
  });

  it("reads the quantity where the text block ends, and an item over a page break", () => {
    const result = read(
      [
        [40, 700, "01.0010."],
        [100, 700, "Bauzaun stellen", { bold: true }],
        text(712, "Mobiler Bauzaun, Höhe 2,00 m, liefern, aufstellen und"),
        text(724, "vorhalten."),
        [40, 760, "01.0020."],
        [100, 760, "Bauzaun vorhalten", { bold: true }],
        text(772, "Vorhaltung über 4 Wochen hinaus, je Meter und Woche,"),
      ],
      [text(80, "nach Anordnung."), right(430, 80, "480,000"), [440, 80, "mWo"]],
    );
    // 01.0010 has no quantity at the end of its block: not an item (the page break is no end).
    expect(result.positions.map((p) => [p.oz, p.qty, p.unit, p.longText])).toEqual([
      ["01.0020", 480, "mWo", "Vorhaltung über 4 Wochen hinaus, je Meter und Woche, nach Anordnung."],
    ]);
    expect(result.warnings[0]).toMatch(/^Seite 1: Bei OZ 01\.0010/);
  });

  it("does not start an item at an OZ inside the description", () => {
    const result = read([
      ...itemRow(100, "04.0010", "Mauerwerk", "640,000", "m2"),
      ...itemRow(130, "04.0020", "Ziegel-Mauerwerk", "640,000", "m2"),
      text(142, "Wahlposition zu"),
      text(154, "04.0010 Mauerwerk 17,5 cm"),
    ]);
    expect(result.positions.map((p) => p.oz)).toEqual(["04.0010", "04.0020"]);
    expect(result.positions[1].longText).toContain("04.0010 Mauerwerk 17,5 cm");
    expect(result.positions[1].flags.alternative).not.toBeNull();
  });
});

describe("texts", () => {
  it("joins a bold short text over two lines and splits the long text into paragraphs", () => {
    const result = read([
      ...itemRow(100, "05.0010", "Abdichtung erdberührter Wände nach", "380,000", "m2"),
      [100, 112, "DIN 18533", { bold: true }],
      text(124, "Abdichtung der Außenwände mit Dickbeschichtung (PMBC),"),
      text(136, "Wassereinwirkungsklasse W1.2-E, als Kalksandstein-"),
      text(148, "Mauerwerk-Abdichtung."),
      text(160, "Trockenschichtdicke mindestens 3 mm, bis zur Fertig-"),
      text(172, "stellung bis KW 12, Bauwasser- und Baustrom."),
      text(184, "Fabrikat: .........."),
      text(196, "Typ: __________"),
    ]);
    const [item] = result.positions;
    expect(item.shortText).toBe("Abdichtung erdberührter Wände nach DIN 18533");
    expect(item.longText).toBe(
      [
        "Abdichtung der Außenwände mit Dickbeschichtung (PMBC), Wassereinwirkungsklasse W1.2-E, als Kalksandstein-Mauerwerk-Abdichtung.",
        "Trockenschichtdicke mindestens 3 mm, bis zur Fertigstellung bis KW 12, Bauwasser- und Baustrom.",
        "Fabrikat: [Bieterangabe: …]",
        "Typ: [Bieterangabe: …]",
      ].join("\n"),
    );
    expect(item.bidderGaps).toBe(2);
  });

  it("without bold type, the short text is the first paragraph; more line space starts a paragraph", () => {
    const result = read([
      [40, 100, "01.0010"],
      [100, 100, "Baustelle einrichten ......"],
      right(430, 100, "1,000"),
      [440, 100, "psch"],
      text(115, "Baustelleneinrichtung für alle Leistungen dieses LV einrichten, vorhalten und"),
      text(127, "räumen."),
      text(142, "Einschließlich Bauwasser."),
      [40, 170, "01.0020"],
      [100, 170, "Bauzaun"],
      right(430, 170, "120,000"),
      [440, 170, "m"],
    ]);
    expect(result.positions.map((p) => [p.shortText, p.longText])).toEqual([
      [
        "Baustelle einrichten",
        "Baustelleneinrichtung für alle Leistungen dieses LV einrichten, vorhalten und räumen.\nEinschließlich Bauwasser.",
      ],
      ["Bauzaun", ""],
    ]);
    expect(result.positions[0].flags.lumpSum).toBe(true);
  });

  it("puts the text before the first position into the preamble", () => {
    const result = read([
      [40, 60, "Vorbemerkungen", { bold: true }],
      [40, 75, "1. Es gilt die VOB/C, insbesondere die ATV DIN 18299 und DIN 18300 in der Fassung 2019."],
      ...itemRow(100, "01.0010", "Bauzaun", "120,000", "m"),
    ]);
    expect(result.preamble).toBe("Vorbemerkungen\n1. Es gilt die VOB/C, insbesondere die ATV DIN 18299 und DIN 18300 in der Fassung 2019.");
    expect(result.positions).toHaveLength(1);
  });
});
