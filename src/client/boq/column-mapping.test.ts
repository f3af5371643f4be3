import { describe, expect, it } from "vitest";
import { columnMappingSchema } from "../../common/schemas/boq";
import { columnLetter, initialChoice, toMapping } from "./column-mapping";

describe("column mapping choice", () => {
  it("names columns like a spreadsheet", () => {
    expect([0, 6, 25, 26, 27, 701, 702].map(columnLetter)).toEqual(["A", "G", "Z", "AA", "AB", "ZZ", "AAA"]);
  });

  it("asks for OZ and short text before anything is sent", () => {
    const choice = initialChoice(null);
    expect(toMapping(choice, "", undefined)).toBe("Bitte wählen Sie die Spalte für Ordnungszahl (OZ) und Kurztext.");
    expect(toMapping({ ...choice, oz: "0" }, "", undefined)).toBe("Bitte wählen Sie die Spalte für Kurztext.");
  });

  it("refuses one column for two fields", () => {
    expect(toMapping({ ...initialChoice(null), oz: "0", shortText: "0" }, "", undefined)).toBe(
      "Jede Spalte kann nur einem Feld zugeordnet werden.",
    );
  });

  it("builds a mapping the server schema accepts, starting from the reader's guess", () => {
    const guess = { headerRow: null, columns: { oz: 0, shortText: 1, qty: 3, unit: 4 } };
    const choice = initialChoice(guess);
    expect(choice).toMatchObject({ oz: "0", shortText: "1", longText: "", qty: "3", unit: "4" });
    const mapping = toMapping({ ...choice, unitPrice: "5" }, "2", "LV");
    expect(mapping).toEqual({
      sheet: "LV",
      headerRow: 2,
      columns: { oz: 0, shortText: 1, longText: null, qty: 3, unit: 4, unitPrice: 5, total: null },
    });
    expect(columnMappingSchema.safeParse(mapping).success).toBe(true);
  });
});
