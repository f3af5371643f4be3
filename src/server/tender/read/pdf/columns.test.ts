// Column detection from a header row and from x-positions, and sorting a row's words into columns.

import { describe, expect, it } from "vitest";
import { detectColumns, readHeaderRow, readRow, type ColumnLayout } from "./columns";
import { buildLines } from "./lines";
import type { Line } from "./model";
import { page, right, type Cell } from "./testing/synthetic-page";

const linesOf = (cells: Cell[]) => buildLines(page(1, cells));
const wordsOf = (row: { text: { text: string }[] }) => row.text.map((w) => w.text).join(" ");

function layoutOf(cells: Cell[]): { layout: ColumnLayout; lines: Line[] } {
  const all = linesOf(cells);
  const header = all.map(readHeaderRow).find((h) => h !== null) ?? null;
  const lines = all.filter((l) => !readHeaderRow(l));
  const layout = detectColumns(lines, header);
  if (!layout) throw new Error("no layout");
  return { layout, lines };
}

describe("readHeaderRow", () => {
  it("reads the labels of a header row", () => {
    const [line] = linesOf([
      [40, 100, "Pos."],
      [90, 100, "Leistungsbeschreibung"],
      [380, 100, "Menge"],
      [425, 100, "Einheit"],
      [470, 100, "EP in EUR"],
      [530, 100, "GP"],
    ]);
    expect(readHeaderRow(line)?.map((l) => l.kind)).toEqual(["oz", "text", "qty", "unit", "unitPrice", "total"]);
  });

  it("does not take a sentence that names columns for a header row", () => {
    const [line] = linesOf([[40, 100, "Die Menge ist in der Einheit m2 anzugeben, der EP netto."]]);
    expect(readHeaderRow(line)).toBeNull();
  });
});

describe("detectColumns from the header row", () => {
  // One item only: too little to see columns in the x-positions; the header row tells them.
  const { layout, lines } = layoutOf([
    [40, 100, "Pos.", { bold: true }],
    [90, 100, "Stichwort", { bold: true }],
    [160, 100, "Leistungsbeschreibung", { bold: true }],
    right(420, 100, "Menge", { bold: true }),
    [430, 100, "Einheit", { bold: true }],
    right(520, 100, "Einheitspreis", { bold: true }),
    right(580, 100, "Gesamtpreis", { bold: true }),
    [40, 120, "01.0010"],
    [90, 120, "Erdbau"],
    [160, 120, "Oberboden abtragen", { bold: true }],
    right(420, 120, "850,00"),
    [430, 120, "m2"],
    right(520, 120, "3,90"),
    right(580, 120, "3.315,00"),
    [160, 132, "Oberboden 30 cm abtragen und lagern."],
  ]);

  it("takes the columns from the labels", () => {
    expect(layout.ozLeft).toBeCloseTo(40);
    expect(layout.textLeft).toBeCloseTo(160);
    expect(layout.columns.map((c) => c.kind)).toEqual(["qty", "unit", "unitPrice", "total"]);
    expect(layout.columns.find((c) => c.kind === "qty")?.anchor).toBeCloseTo(420);
    expect(layout.textRight).toBeLessThan(400);
    expect(layout.skip).toHaveLength(1); // the keyword column
  });

  it("sorts a row into the columns and leaves the keyword out of the text", () => {
    const row = readRow(lines[0], layout);
    expect(row).toMatchObject({ oz: "01.0010", qty: "850,00", unit: "m2", unitPrice: "3,90", total: "3.315,00" });
    expect(wordsOf(row)).toBe("Oberboden abtragen");
    expect(readRow(lines[1], layout)).toMatchObject({ oz: null, qty: null, unit: null });
  });
});

describe("detectColumns from x-positions", () => {
  // No header row: OZ at 40, description at 100, quantities right-aligned at 430, units at 440,
  // unit prices right-aligned at 510 and totals at 575.
  const cells: Cell[] = [];
  const quantities = ["1,000", "120,000", "1.240,500", "6,000", "38,500"];
  const units = ["psch", "m", "m3", "Wo", "t"];
  quantities.forEach((qty, i) => {
    const y = 100 + i * 50;
    cells.push(
      [40, y, `01.00${i + 1}0`],
      [100, y, `Position ${i + 1} mit Kurztext`, { bold: true }],
      right(430, y, qty),
      [440, y, units[i]],
      right(510, y, "12,40"),
      right(575, y, `${i + 1}.000,00`),
      [100, y + 12, "Langtext mit einer Zahl 250,000 und noch mehr Text bis"],
      [100, y + 24, "zum Ende, Dicke 24 cm."],
    );
  });
  const { layout, lines } = layoutOf(cells);

  it("finds the OZ, description and value columns", () => {
    expect(layout.ozLeft).toBeCloseTo(40);
    expect(layout.textLeft).toBeCloseTo(100);
    expect(layout.columns.map((c) => [c.kind, Math.round(c.anchor)])).toEqual([
      ["qty", 430],
      ["unit", 440],
      ["unitPrice", 510],
      ["total", 575],
    ]);
    // Right of the longest description line, left of the widest quantity.
    expect(layout.wrapRight).toBeGreaterThan(300);
    expect(layout.textRight).toBeGreaterThanOrEqual(layout.wrapRight);
    expect(layout.textRight).toBeLessThan(430 - 40);
  });

  it("takes no number of a long text for a value", () => {
    const longTextRows = lines
      .filter((l) => l.words[0].text !== "01.0010" && !/^01\./.test(l.words[0].text))
      .map((l) => readRow(l, layout));
    expect(longTextRows.length).toBe(10);
    expect(longTextRows.every((r) => r.qty === null && r.unit === null && r.unitPrice === null && r.total === null)).toBe(true);
    expect(wordsOf(longTextRows[0])).toBe("Langtext mit einer Zahl 250,000 und noch mehr Text bis");
  });

  it("reads a lump sum without quantity from the unit column", () => {
    const [line] = linesOf([
      [40, 600, "01.0060"],
      [100, 600, "Baustelle räumen"],
      [440, 600, "psch"],
    ]);
    expect(readRow(line, layout)).toMatchObject({ oz: "01.0060", qty: null, unit: "psch" });
  });

  it("reads no values from a line that runs across the columns (a preamble paragraph)", () => {
    const [line] = linesOf([[40, 600, "2. Die Zufahrt ist für Fahrzeuge bis 40 t zugelassen; Lagerflächen stehen bereit, bis 12 m"]]);
    const row = readRow(line, layout);
    expect(row).toMatchObject({ qty: null, unit: null, unitPrice: null, total: null });
  });

  it("finds the quantity column when quantity and unit share one right-aligned cell", () => {
    const combined: Cell[] = [];
    ["1,000 psch", "120,000 m", "1.240,500 m3", "6,000 Wo", "38,500 t"].forEach((cell, i) => {
      const y = 100 + i * 30;
      combined.push(
        [40, y, `02.00${i + 1}0`],
        [100, y, `Position ${i + 1}`, { bold: true }],
        right(450, y, cell),
        right(510, y, "12,40"),
        right(575, y, "1.000,00"),
        [100, y + 12, "Langtext mit 30 cm."],
      );
    });
    const { layout: own, lines: rows } = layoutOf(combined);
    expect(own.columns.filter((c) => c.kind !== "unit").map((c) => [c.kind, Math.round(c.anchor)])).toEqual([
      ["qty", 450],
      ["unitPrice", 510],
      ["total", 575],
    ]);
    expect(rows.filter((l) => /^02\./.test(l.words[0].text)).map((l) => [readRow(l, own).qty, readRow(l, own).unit])).toEqual([
      ["1,000", "psch"],
      ["120,000", "m"],
      ["1.240,500", "m3"],
      ["6,000", "Wo"],
      ["38,500", "t"],
    ]);
  });

  it("needs a quantity column", () => {
    expect(detectColumns(linesOf([[40, 100, "Baubeschreibung"]]), null)).toBeNull();
  });
});
