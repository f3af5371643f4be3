import { describe, expect, it } from "vitest";
import { linesToPoints, linesToRows, pointsToLines, referencePriceTableSchema, rowsToLines } from "./reference-prices";

describe("reference price table text form", () => {
  it("turns rows into lines and back, with decimal commas and keyword lists", () => {
    const rows = [{ atv: "DIN 18330", trade: "Mauerarbeiten", keywords: ["17,5", "tragend"], unit: "m2", low: 55.5, high: 95 }];
    const text = rowsToLines(rows);
    expect(text).toBe("DIN 18330; Mauerarbeiten; 17,5, tragend; m2; 55,5; 95");
    expect(linesToRows(text)).toEqual({ rows, errors: [] });
    expect(linesToPoints(pointsToLines([{ quarter: "2025-Q2", value: 131.5 }]))).toEqual({
      points: [{ quarter: "2025-Q2", value: 131.5 }],
      errors: [],
    });
  });

  it("names the line that is wrong, and the schema refuses von > bis", () => {
    expect(linesToRows("a; b; c; m2; 1\n\nx; y; z; m2; 1; zwei").errors).toEqual([
      "Zeile 1: erwartet „ATV; Gewerk; Stichwörter; Einheit; von; bis“",
      "Zeile 3: erwartet „ATV; Gewerk; Stichwörter; Einheit; von; bis“",
    ]);
    const bad = referencePriceTableSchema.safeParse({
      stand: "2025-Q2",
      source: "Test",
      rows: [{ atv: "A", trade: "B", keywords: ["cc"], unit: "m2", low: 9, high: 3 }],
      index: { name: "I", source: "S", base: "2021 = 100", points: [] },
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].message).toBe("„bis“ muss mindestens „von“ sein");
  });
});
