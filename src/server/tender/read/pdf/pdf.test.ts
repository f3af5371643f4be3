// PDF tenders written by hand (Helvetica, text placed with Tm) read through PDF.js and the layout
// reader: titles, items, long texts, bidder gaps, price columns, page furniture.

import { describe, expect, it } from "vitest";
import { GaebError } from "../../errors";
import { readTenderPdf } from "./index";
import { buildPdf, type TextRun } from "./testing/build-pdf";

const LV_PAGE: TextRun[] = [
  [50, 800, "Leistungsverzeichnis Testhalle"],
  [50, 780, "01"],
  [110, 780, "Erdarbeiten"],
  [50, 760, "01.02"],
  [110, 760, "Aushub"],
  [50, 740, "01.02.0010"],
  [110, 740, "Boden lösen ........"],
  [400, 740, "100,000"],
  [450, 740, "m3"],
  [110, 728, "Boden der Bodenklasse 3 bis 5 lösen, laden und seitlich"],
  [110, 716, "lagern."],
  [110, 704, "Fabrikat: .........."],
  [50, 688, "01.02.0020"],
  [110, 688, "Baustelle einrichten"],
  [450, 688, "psch"],
  [50, 668, "01.02.0030"],
  [110, 668, "Bedarfsposition Wasserhaltung"],
  [400, 668, "1.250,5"],
  [450, 668, "h"],
  [280, 40, "Seite 1 von 1"],
];

describe("readTenderPdf", () => {
  it("recognises titles and items with OZ, quantity and unit", async () => {
    const parsed = await readTenderPdf(buildPdf([LV_PAGE]));
    expect(parsed.format).toBe("pdf");
    expect(parsed.positions.map((p) => [p.kind, p.oz, p.level, p.parentOz, p.shortText, p.qty, p.unit])).toEqual([
      ["title", "01", 0, null, "Erdarbeiten", null, ""],
      ["title", "01.02", 1, "01", "Aushub", null, ""],
      ["item", "01.02.0010", 2, "01.02", "Boden lösen", 100, "m3"],
      ["item", "01.02.0020", 2, "01.02", "Baustelle einrichten", null, "psch"],
      ["item", "01.02.0030", 2, "01.02", "Bedarfsposition Wasserhaltung", 1250.5, "h"],
    ]);
    const [, , soil, site, provisional] = parsed.positions;
    // Printed over two lines, but one paragraph: "lagern." would not have fitted on the first line.
    expect(soil.longText).toBe("Boden der Bodenklasse 3 bis 5 lösen, laden und seitlich lagern.\nFabrikat: [Bieterangabe: …]");
    expect(soil.bidderGaps).toBe(1);
    expect(site.flags.lumpSum).toBe(true);
    expect(provisional.flags.provisional).toBe("WithTotal");
    expect(parsed.preamble).toBe("Leistungsverzeichnis Testhalle");
    expect(parsed.warnings[0]).toContain("aus dem Layout der PDF-Datei erkannt");
    expect(parsed.warnings).toHaveLength(1);
  });

  it("reads unit price and total printed after the unit, and the header row names the columns", async () => {
    const parsed = await readTenderPdf(
      buildPdf([
        [
          [50, 800, "OZ", { bold: true }],
          [110, 800, "Leistungsbeschreibung", { bold: true }],
          [380, 800, "Menge", { bold: true }],
          [430, 800, "ME", { bold: true }],
          [470, 800, "EP", { bold: true }],
          [530, 800, "GP", { bold: true }],
          [50, 780, "01.0010"],
          [110, 780, "Beton C25/30 liefern", { bold: true }],
          [380, 780, "12,500"],
          [430, 780, "m3"],
          [470, 780, "98,40"],
          [530, 780, "1.230,00"],
          [110, 768, "Beton C25/30, Größtkorn 16 mm, 2 Lieferungen."],
        ],
      ]),
    );
    const [item] = parsed.positions;
    expect(item).toMatchObject({ oz: "01.0010", shortText: "Beton C25/30 liefern", qty: 12.5, unit: "m3", unitPrice: 98.4, total: 1230 });
    expect(item.longText).toBe("Beton C25/30, Größtkorn 16 mm, 2 Lieferungen.");
    expect(parsed.totals.total).toBe(1230);
  });

  it("does not take headings without items below them for titles", async () => {
    const parsed = await readTenderPdf(
      buildPdf([
        [
          [50, 800, "1"],
          [110, 800, "Allgemeines"],
          [50, 780, "2.1"],
          [110, 780, "Vorbemerkungen"],
          [50, 760, "02.0010"],
          [110, 760, "Zaun stellen"],
          [400, 760, "20,000"],
          [450, 760, "m"],
        ],
      ]),
    );
    expect(parsed.positions.map((n) => [n.kind, n.oz])).toEqual([["item", "02.0010"]]);
    expect(parsed.preamble).toBe("1 Allgemeines\n2.1 Vorbemerkungen");
  });

  it("warns when a PDF has text but no recognisable LV positions", async () => {
    const parsed = await readTenderPdf(
      buildPdf([
        [
          [50, 800, "Baubeschreibung"],
          [50, 780, "Das Gebäude erhält ein Flachdach."],
        ],
      ]),
    );
    expect(parsed.positions).toEqual([]);
    expect(parsed.warnings[0]).toMatch(/^Die PDF-Datei enthält keine erkennbaren LV-Positionen/);
  });

  it("reports a broken PDF as unreadable", async () => {
    const err = await readTenderPdf(Buffer.from("%PDF-1.4\nkaputt")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GaebError);
    expect((err as GaebError).code).toBe("pdf_unreadable");
  });

  it("reads Flate-compressed content streams", async () => {
    const parsed = await readTenderPdf(buildPdf([LV_PAGE], { flate: true }));
    expect(parsed.positions.filter((p) => p.kind === "item")).toHaveLength(3);
  });
});
