import { describe, expect, it } from "vitest";
import type { ColumnMapping } from "../../../../common/schemas/boq";
import { GaebError } from "../../errors";
import { DEFAULT_LIMITS } from "../../limits";
import { classifyRow, rowsToPositions, viewRow } from "./rows-to-positions";
import { gridOf } from "./test-support";

/** OZ | Kurztext | Menge | ME | EP | GP, header in row 0. */
const MAPPING: ColumnMapping = { headerRow: 0, columns: { oz: 0, shortText: 1, longText: null, qty: 2, unit: 3, unitPrice: 4, total: 5 } };
const HEADER = ["OZ", "Kurztext", "Menge", "ME", "EP", "GP"];

const kindOf = (cells: string[]) => classifyRow(viewRow({ index: 9, cells: cells.map((text) => ({ text })) }, MAPPING.columns));
const read = (rows: string[][], mapping = MAPPING, limits = DEFAULT_LIMITS) => rowsToPositions(gridOf([HEADER, ...rows]), mapping, limits);

describe("classifyRow", () => {
  it.each([
    [["01.0010", "Boden lösen", "120,5", "m3"], "item"],
    [["01.0010", "Boden lösen", "", "m3"], "item"], // unit only: EP-only item
    [["01.0020", "Baustelleneinrichtung", "", "psch", "", "18.500,00"], "item"],
    [["01.0030", "Zulage", "", "", "12,50"], "item"],
    [["01", "Erdarbeiten"], "heading"],
    [["01.", "Erdarbeiten", "", "", "", "12.000,00"], "heading"],
    [["", "Boden der Bodenklasse 3–5 lösen."], "text"],
    [["", "Summe Titel 01 Erdarbeiten", "", "", "", "12.000,00"], "sum"],
    [["", "Übertrag", "", "", "", "12.000,00"], "sum"],
    [["Summe 01", "", "", "", "", "12.000,00"], "sum"],
    [["", "Gesamtsumme netto"], "sum"],
    [["", "zzgl. 19 % MwSt."], "sum"],
    [["", "", "", "", "", "12.000,00"], "other"],
    [["", "", "12", "m"], "other"],
    [["", "Verfüllen", "12", "m3"], "other"],
  ])("%j is %s", (cells, kind) => {
    expect(kindOf(cells)).toBe(kind);
  });
});

describe("rowsToPositions", () => {
  it("builds titles and items with parents, long text from the rows below, sums left out", () => {
    const { positions, warnings } = read([
      ["01", "Erdarbeiten"],
      ["01.0010", "Boden lösen", "1.240,500", "m3", "8,70", "10.792,35"],
      ["", "Boden lösen und seitlich lagern."],
      ["", "Fabrikat: .........."],
      [],
      ["", "Summe Titel 01 Erdarbeiten", "", "", "", "10.792,35"],
      ["", "Hinweis nach der Summe"],
      ["02", "Mauerarbeiten"],
      ["02.0010", "Baustelleneinrichtung", "", "psch"],
    ]);
    expect(warnings).toEqual([]);
    expect(positions.map((p) => [p.kind, p.oz, p.parentOz, p.level])).toEqual([
      ["title", "01", null, 0],
      ["item", "01.0010", "01", 1],
      ["title", "02", null, 0],
      ["item", "02.0010", "02", 1],
    ]);
    const [, item, , lumpSum] = positions;
    expect(item).toMatchObject({ shortText: "Boden lösen", qty: 1240.5, unit: "m3", unitPrice: 8.7, total: 10792.35, bidderGaps: 1 });
    expect(item.longText).toBe("Boden lösen und seitlich lagern.\nFabrikat: [Bieterangabe: …]");
    expect(lumpSum).toMatchObject({ qty: 1, unit: "psch" });
    expect(lumpSum.flags.lumpSum).toBe(true);
  });

  it("reads 'pauschal' in the quantity column as a lump-sum unit", () => {
    const { positions } = read([["01.0010", "Baustelle einrichten", "pauschal"]]);
    expect(positions[0]).toMatchObject({ kind: "item", qty: 1, unit: "pauschal" });
    expect(positions[0].flags.lumpSum).toBe(true);
  });

  it("names unreadable numbers with their row and does not guess them", () => {
    const { positions, warnings } = read([
      ["01.0010", "Aushub", "ca. 20", "m3"],
      ["01.0020", "Verfüllen", "5", "m3", "zwölf"],
    ]);
    expect(positions.map((p) => [p.qty, p.unitPrice])).toEqual([
      [null, null],
      [5, null],
    ]);
    expect(warnings).toEqual(["Zeile 2: Menge „ca. 20“ nicht lesbar", "Zeile 3: Einheitspreis „zwölf“ nicht lesbar"]);
  });

  it("reads bidder blanks in price columns as empty", () => {
    const { positions, warnings } = read([["01.0010", "Aushub", "20", "m3", "..........", "__________"]]);
    expect(positions[0]).toMatchObject({ unitPrice: null, total: null });
    expect(warnings).toEqual([]);
  });

  it("warns about a quantity without OZ and an OZ row without quantity that has no items below", () => {
    const { positions, warnings } = read([
      ["01", "Erdarbeiten"],
      ["01.0010", "Aushub", "20", "m3"],
      ["01.0020", "Zulage für Fels", "", "", "", "450,00"],
      ["", "Verfüllen", "12", "m3"],
    ]);
    expect(positions.map((p) => [p.kind, p.oz, p.total])).toEqual([
      ["title", "01", null],
      ["item", "01.0010", null],
      ["item", "01.0020", 450],
    ]);
    // "Verfüllen" has no OZ: it is not a continuation line either.
    expect(positions[1].longText).toBe("");
    expect(warnings).toEqual([
      "Zeile 4: Position 01.0020 ohne Menge und Einheit",
      "Zeile 5: Menge ohne lesbare Ordnungszahl – Zeile nicht übernommen",
    ]);
  });

  it("keeps a nested title structure and marks lots", () => {
    const { positions } = read([
      ["1", "Los 1 Rohbau"],
      ["1.1", "Erdarbeiten"],
      ["1.1.10", "Aushub", "20", "m3"],
      ["1.2", "Betonarbeiten"],
      ["1.2.10", "Beton", "5", "m3"],
    ]);
    expect(positions.map((p) => [p.kind, p.oz, p.parentOz, p.level])).toEqual([
      ["lot", "1", null, 0],
      ["title", "1.1", "1", 1],
      ["item", "1.1.10", "1.1", 2],
      ["title", "1.2", "1", 1],
      ["item", "1.2.10", "1.2", 2],
    ]);
  });

  it("skips a header repeated on a later page", () => {
    const { positions, warnings } = read([["01.0010", "Aushub", "20", "m3"], HEADER, ["01.0020", "Verfüllen", "5", "m3"]]);
    expect(positions.map((p) => [p.oz, p.longText])).toEqual([
      ["01.0010", ""],
      ["01.0020", ""],
    ]);
    expect(warnings).toEqual([]);
  });

  it("splits a multi-line text cell into short and long text when there is no Langtext column", () => {
    const { positions } = read([["01.0010", "Aushub\nBoden lösen und laden.\nBedarfsposition ohne GB", "20", "m3"]]);
    expect(positions[0]).toMatchObject({ shortText: "Aushub", longText: "Boden lösen und laden.\nBedarfsposition ohne GB" });
    expect(positions[0].flags.provisional).toBe("WithoutTotal");
  });

  it("takes a Gesamtsumme row as the stated total, not the gross one", () => {
    const { statedTotal } = read([
      ["01.0010", "Aushub", "20", "m3", "10,00", "200,00"],
      ["", "Gesamtsumme brutto", "", "", "", "238,00"],
      ["", "Gesamtsumme netto", "", "", "", "200,00"],
    ]);
    expect(statedTotal).toBe(200);
  });

  it("warns about repeated OZ and caps row warnings", () => {
    const rows = Array.from({ length: 40 }, (_, i) => [`01.${String(i + 1).padStart(4, "0")}`, "Aushub", "ca. 1", "m3"]);
    const { warnings } = read([...rows, ["01.0001", "Aushub", "1", "m3"]]);
    expect(warnings).toHaveLength(32);
    expect(warnings[30]).toBe("… und 10 weitere Hinweise zu einzelnen Zeilen.");
    expect(warnings[31]).toBe("Folgende Ordnungszahlen kommen mehrfach vor: 01.0001.");
  });

  it("refuses more positions than the limit", () => {
    const rows = Array.from({ length: 11 }, (_, i) => [`01.${i + 10}`, "Aushub", "1", "m3"]);
    expect(() => read(rows, MAPPING, { ...DEFAULT_LIMITS, maxPositions: 10 })).toThrow(GaebError);
  });
});
