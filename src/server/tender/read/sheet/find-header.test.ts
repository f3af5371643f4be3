import { describe, expect, it } from "vitest";
import { findHeader, headerField } from "./find-header";
import { guessColumns } from "./guess-columns";
import { pickSheet } from "./pick-sheet";
import { gridOf } from "./test-support";

describe("headerField", () => {
  it.each([
    ["OZ", "oz"],
    ["Pos.", "oz"],
    ["Pos.-Nr.", "oz"],
    ["Position", "oz"],
    ["Ordnungszahl", "oz"],
    ["Ordnungszahl (OZ)", "oz"],
    ["Nr.", "oz"],
    ["Kurztext", "shortText"],
    ["Bezeichnung", "shortText"],
    ["Leistung", "shortText"],
    ["Leistungsbeschreibung", "shortText"],
    ["Text", "shortText"],
    ["Langtext", "longText"],
    ["Beschreibung", "longText"],
    ["Ausführliche Beschreibung", "longText"],
    ["AUSFUEHRLICHE BESCHREIBUNG", "longText"],
    ["Menge", "qty"],
    ["Vordersatz", "qty"],
    ["Anzahl", "qty"],
    ["LV-Menge", "qty"],
    ["ME", "unit"],
    ["Einheit", "unit"],
    ["Mengeneinheit", "unit"],
    ["Dim.", "unit"],
    ["EP", "unitPrice"],
    ["Einheitspreis", "unitPrice"],
    ["EP netto", "unitPrice"],
    ["Einheitspreis (EUR)", "unitPrice"],
    ["Preis je Einheit", "unitPrice"],
    ["GP", "total"],
    ["Gesamtpreis", "total"],
    ["Gesamtbetrag", "total"],
    ["Betrag", "total"],
    ["GP netto", "total"],
    ["Gesamtpreis €", "total"],
    ["Menge\n(ME)", "qty"],
  ])("%s → %s", (text, field) => {
    expect(headerField(text)).toBe(field);
  });

  it.each([
    "Bauvorhaben:",
    "LV-Nr.:",
    "Datum",
    "Bemerkung",
    "Baustelleneinrichtung",
    "01.0010",
    "",
    "Menge der Leistung gemäß Aufmaß nach VOB/C und Plan",
  ])("%j names no field", (text) => {
    expect(headerField(text)).toBeNull();
  });
});

describe("findHeader", () => {
  it("finds a header below title rows", () => {
    const grid = gridOf([
      ["Bauvorhaben:", "Neubau Kita"],
      ["LV-Nr.:", "LV 300"],
      [],
      ["Pos.-Nr.", "Bezeichnung", "Menge", "Einheit", "Einheitspreis", "Gesamtpreis"],
      ["01", "Erdarbeiten"],
    ]);
    expect(findHeader(grid)?.mapping).toEqual({
      headerRow: 3,
      columns: { oz: 0, shortText: 1, longText: null, qty: 2, unit: 3, unitPrice: 4, total: 5 },
    });
  });

  it("maps columns wherever they stand, with gaps and extra columns", () => {
    const grid = gridOf([["", "Bemerkung", "Ordnungszahl", "Menge", "Dim.", "Leistung", "", "Langtext", "GP netto"]]);
    expect(findHeader(grid)?.mapping.columns).toEqual({ oz: 2, shortText: 5, longText: 7, qty: 3, unit: 4, unitPrice: null, total: 8 });
  });

  it("takes the row naming more fields of two candidates", () => {
    const grid = gridOf([
      ["Nr.", "Text", "Datum"], // a small table of contents above the LV
      ["1", "Vorbemerkungen", "16.03.2026"],
      [],
      ["OZ", "Kurztext", "Langtext", "Menge", "ME", "EP", "GP"],
    ]);
    expect(findHeader(grid)?.mapping.headerRow).toBe(3);
  });

  it("takes the first of two equal header rows (header repeated on every printed page)", () => {
    const row = ["OZ", "Kurztext", "Menge", "ME"];
    const grid = gridOf([row, ["01.0010", "Aushub", "10", "m3"], row, ["01.0020", "Verfüllen", "5", "m3"]]);
    expect(findHeader(grid)?.mapping.headerRow).toBe(0);
  });

  it("uses a lone Beschreibung column as the text column", () => {
    expect(findHeader(gridOf([["Pos.", "Beschreibung", "Menge"]]))?.mapping.columns).toMatchObject({
      oz: 0,
      shortText: 1,
      longText: null,
      qty: 2,
    });
  });

  it("needs an OZ column, a text column and one more field", () => {
    expect(findHeader(gridOf([["Kurztext", "Menge", "ME", "EP"]]))).toBeNull();
    expect(findHeader(gridOf([["OZ", "Menge", "ME", "EP"]]))).toBeNull();
    expect(findHeader(gridOf([["Nr.", "Bezeichnung"]]))).toBeNull();
  });

  it("looks only at the first 30 rows", () => {
    const rows = Array.from({ length: 30 }, (_, i) => [`Zeile ${i}`]);
    expect(findHeader(gridOf([...rows, ["OZ", "Kurztext", "Menge"]]))).toBeNull();
  });
});

describe("guessColumns", () => {
  it("finds OZ, texts, quantity and unit by the shapes of the values", () => {
    const grid = gridOf([
      ["01", "Erdarbeiten"],
      ["01.0010", "m3", "120,500", "Boden lösen", "Boden der Bodenklasse 3–5 lösen, laden und seitlich lagern, Schichtdicke bis 2 m."],
      [
        "01.0020",
        "m2",
        "85",
        "Planum herstellen",
        "Planum unter der Bodenplatte herstellen, Toleranz ± 2 cm, verdichten auf Ev2 ≥ 45 MN/m².",
      ],
      ["01.0030", "psch", "1", "Wasserhaltung", "Offene Wasserhaltung während der Erdarbeiten einrichten, betreiben und räumen."],
    ]);
    expect(guessColumns(grid)).toEqual({
      headerRow: null,
      columns: { oz: 0, shortText: 3, longText: 4, qty: 2, unit: 1, unitPrice: null, total: null },
    });
  });

  it("takes numbers right of the OZ as quantity, unit price and total in this order", () => {
    const grid = gridOf([
      ["1.1", "Bauzaun stellen", "120", "m", "14,80", "1.776,00"],
      ["1.2", "Baustraße herstellen", "300", "m2", "22,50", "6.750,00"],
    ]);
    expect(guessColumns(grid)?.columns).toEqual({ oz: 0, shortText: 1, longText: null, qty: 2, unit: 3, unitPrice: 4, total: 5 });
  });

  it("gives up without an OZ-like column", () => {
    expect(
      guessColumns(
        gridOf([
          ["Bauzaun", "120", "m"],
          ["Baustraße", "300", "m2"],
        ]),
      ),
    ).toBeNull();
  });
});

describe("pickSheet", () => {
  it("prefers the sheet with a header over a text sheet and a hidden one", () => {
    const cover = gridOf([["Deckblatt"], ["1. Allgemeines"], ["2. Ausführung"]], { name: "Deckblatt" });
    const hidden = gridOf(
      [
        ["OZ", "Kurztext", "Menge", "ME"],
        ["01.0010", "Aushub", "1", "m3"],
      ],
      { name: "Kalkulation" },
    );
    const lv = gridOf(
      [
        ["Pos.", "Bezeichnung", "Menge"],
        ["01.0010", "Aushub", "1"],
      ],
      { name: "LV" },
    );
    expect(pickSheet([cover, hidden, lv], new Set(["Kalkulation"]))?.grid.name).toBe("LV");
    expect(pickSheet([cover, hidden], new Set(["Kalkulation"]))?.grid.name).toBe("Kalkulation");
    expect(pickSheet([gridOf([])])).toBeNull();
  });
});
