// PDF tenders: a small PDF is written by hand here (Helvetica, WinAnsi text placed with Tm), then
// read through PDF.js and the LV line recognition.

import { describe, expect, it } from "vitest";
import { GaebError } from "./errors";
import { readTenderPdf, recognisePositions } from "./pdf";

type TextRun = [x: number, y: number, text: string];

const pdfString = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** A one-page PDF 1.4 with the given text runs; strings are written in WinAnsi (Latin-1). */
function buildPdf(runs: TextRun[]): Buffer {
  const content = runs.map(([x, y, s]) => `BT /F1 10 Tf 1 0 0 1 ${x} ${y} Tm ${pdfString(s)} Tj ET`).join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length); // one byte per character: the file is written as Latin-1
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

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
  [110, 728, "Boden lösen und seitlich lagern."],
  [110, 716, "Fabrikat: .........."],
  [50, 700, "01.02.0020"],
  [110, 700, "Baustelle einrichten"],
  [450, 700, "psch"],
  [50, 680, "01.02.0030"],
  [110, 680, "Bedarfsposition Wasserhaltung"],
  [400, 680, "1.250,5"],
  [450, 680, "h"],
  [280, 40, "Seite 1 von 1"],
];

describe("readTenderPdf", () => {
  it("recognises titles and items with OZ, quantity and unit", async () => {
    const parsed = await readTenderPdf(buildPdf(LV_PAGE));
    expect(parsed.format).toBe("pdf");
    expect(parsed.positions.map((p) => [p.kind, p.oz, p.level, p.parentOz, p.shortText, p.qty, p.unit])).toEqual([
      ["title", "01", 0, null, "Erdarbeiten", null, ""],
      ["title", "01.02", 1, "01", "Aushub", null, ""],
      ["item", "01.02.0010", 2, "01.02", "Boden lösen", 100, "m3"],
      ["item", "01.02.0020", 2, "01.02", "Baustelle einrichten", null, "psch"],
      ["item", "01.02.0030", 2, "01.02", "Bedarfsposition Wasserhaltung", 1250.5, "h"],
    ]);
    const [, , soil, site, provisional] = parsed.positions;
    expect(soil.longText).toBe("Boden lösen und seitlich lagern.\nFabrikat: [Bieterangabe: …]");
    expect(soil.bidderGaps).toBe(1);
    expect(site.flags.lumpSum).toBe(true);
    expect(provisional.flags.provisional).toBe("WithTotal");
    expect(parsed.warnings[0]).toContain("aus dem Layout der PDF-Datei erkannt");
  });

  it("warns when a PDF has text but no recognisable LV positions", async () => {
    const parsed = await readTenderPdf(
      buildPdf([
        [50, 800, "Baubeschreibung"],
        [50, 780, "Das Gebäude erhält ein Flachdach."],
      ]),
    );
    expect(parsed.positions).toEqual([]);
    expect(parsed.warnings[0]).toMatch(/^Die PDF-Datei enthält keine erkennbaren LV-Positionen/);
  });

  it("warns when a PDF has no text at all (scan)", async () => {
    const parsed = await readTenderPdf(buildPdf([]));
    expect(parsed.warnings[0]).toContain("keinen auslesbaren Text");
  });

  it("reports a broken PDF as unreadable", async () => {
    const err = await readTenderPdf(Buffer.from("%PDF-1.4\nkaputt")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GaebError);
    expect((err as GaebError).code).toBe("pdf_unreadable");
  });
});

describe("recognisePositions", () => {
  it("reads unit price and total printed after the unit", () => {
    const [p] = recognisePositions(["01.0010 Beton C25/30 liefern 12,500 m3 98,40 1.230,00"]);
    expect(p).toMatchObject({ oz: "01.0010", shortText: "Beton C25/30 liefern", qty: 12.5, unit: "m3", unitPrice: 98.4, total: 1230 });
  });

  it("does not take headings without items below them for titles", () => {
    const nodes = recognisePositions(["1 Allgemeines", "2.1 Vorbemerkungen", "02.0010 Zaun stellen 20,000 m"]);
    expect(nodes.map((n) => [n.kind, n.oz])).toEqual([["item", "02.0010"]]);
  });
});
