import { describe, expect, it } from "vitest";
import { detectDecimalComma, formatNumber, GERMAN_NUMBERS, OZ_NUMBERS, parseSheetNumber } from "./numbers";
import { cleanOz, ozFromCell } from "./oz";

describe("parseSheetNumber", () => {
  it.each([
    ["1.234,50", 1234.5],
    ["1.240,500", 1240.5],
    ["120,000", 120],
    ["12,75", 12.75],
    ["0,65", 0.65],
    ["1.000.000", 1000000],
    ["1.240", 1240],
    ["1234.5", 1234.5],
    ["12.75", 12.75],
    ["-3,5", -3.5],
    ["1 240,50 €", 1240.5],
    ["EUR 18.500,00", 18500],
    ["42", 42],
  ])("German file: %j → %d", (text, value) => {
    expect(parseSheetNumber(text, true)).toBe(value);
  });

  it.each([
    ["1240.500", 1240.5],
    ["1,240.50", 1240.5],
    ["1.240", 1.24],
    ["120.000", 120],
    ["12,75", 12.75],
  ])("decimal-point file: %j → %d", (text, value) => {
    expect(parseSheetNumber(text, false)).toBe(value);
  });

  it.each(["ca. 20", "20 - 25", "psch", "1.2.3", "", "1,2,3", "12,5 m"])("%j is no number", (text) => {
    expect(parseSheetNumber(text, true)).toBeNull();
  });
});

describe("detectDecimalComma", () => {
  it("decides by unambiguous numbers", () => {
    expect(detectDecimalComma(["1.240,500", "120,000", "6,000"], false)).toBe(true);
    expect(detectDecimalComma(["1240.500", "120.000", "6.000"], true)).toBe(false);
    expect(detectDecimalComma(["12.75", "1,240.00"], true)).toBe(false);
  });

  it("falls back when every number is ambiguous", () => {
    expect(detectDecimalComma(["1.240", "120.000", "6"], true)).toBe(true);
    expect(detectDecimalComma(["1.240", "120.000", "6"], false)).toBe(false);
    expect(detectDecimalComma(["Text", "psch"], true)).toBe(true);
  });
});

describe("formatNumber", () => {
  it.each([
    [1240.5, "#,##0.000", "1.240,500"],
    [18500, "#,##0.00", "18.500,00"],
    [0.65, "#,##0.00 €", "0,65 €"],
    [1240.5, undefined, "1240,5"],
    [-3.5, "0.0", "-3,5"],
    [0.19, "0%", "19%"],
    [12.5, "0.##", "12,5"],
  ])("%d as %j → %j", (value, format, text) => {
    expect(formatNumber(value, format, GERMAN_NUMBERS)).toBe(text);
  });

  it("shows an OZ stored as number as Excel displays it", () => {
    expect(formatNumber(1.001, "00.0000", OZ_NUMBERS)).toBe("01.0010");
    expect(formatNumber(10010, '00"."0000', OZ_NUMBERS)).toBe("01.0010");
    expect(formatNumber(1, "00", OZ_NUMBERS)).toBe("01");
    expect(formatNumber(1.001, undefined, OZ_NUMBERS)).toBe("1.001");
    expect(formatNumber(3.2, "@", OZ_NUMBERS)).toBe("3.2");
  });
});

describe("OZ", () => {
  it.each([
    ["01.0010", "01.0010"],
    ["01.", "01"],
    [" 1.2.10 ", "1.2.10"],
    ["Pos. 01.0010", "01.0010"],
    ["03.0040.1", "03.0040.1"],
    ["01 . 0010", "01.0010"],
    ["Summe", ""],
    ["Titel 01", ""],
    ["Übertrag", ""],
    ["", ""],
  ])("cleanOz(%j) → %j", (text, oz) => {
    expect(cleanOz(text)).toBe(oz);
  });

  it("reads a numeric OZ cell with its number format and flags one without", () => {
    expect(ozFromCell({ text: "1,001", num: 1.001, fmt: "00.0000" })).toEqual({ oz: "01.0010", numberWithoutFormat: false });
    expect(ozFromCell({ text: "1,001", num: 1.001 })).toEqual({ oz: "1.001", numberWithoutFormat: true });
    expect(ozFromCell({ text: "2", num: 2 })).toEqual({ oz: "2", numberWithoutFormat: false });
  });
});
