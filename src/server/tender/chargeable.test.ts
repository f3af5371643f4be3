import { describe, expect, it } from "vitest";
import { countChargeable } from "./chargeable";
import { newNode, type NodeKind } from "./types";

const node = (kind: NodeKind, oz: string, shortText = "", longText = "") => newNode(kind, { oz, shortText, longText, qty: 1, unit: "St" });

describe("countChargeable", () => {
  it("charges items only – not lots, titles, remarks or markup items", () => {
    const result = countChargeable([
      node("lot", "1", "Los 1"),
      node("title", "1.01", "Erdarbeiten"),
      node("remark", "", "Vorbemerkung"),
      node("item", "1.01.0010", "Boden lösen"),
      node("markup", "1.01.0090", "Zuschlag"),
    ]);
    expect(result).toEqual({ chargeablePositions: 1, duplicates: [] });
  });

  it("does not charge an exact duplicate or a near-identical item (case, whitespace, punctuation, umlauts)", () => {
    const result = countChargeable([
      node("item", "01.0010", "Boden lösen", "Boden lösen und seitlich lagern."),
      node("item", "01.0020", "Boden lösen", "Boden lösen und seitlich lagern."),
      node("item", "02.0010", "  BODEN  loesen ", "Boden-lösen und\nseitlich lagern"),
      node("item", "02.0020", "Boden lösen", "Boden lösen und abfahren."),
    ]);
    expect(result.chargeablePositions).toBe(2);
    expect(result.duplicates).toEqual([
      { oz: "01.0020", sameAs: "01.0010" },
      { oz: "02.0010", sameAs: "01.0010" },
    ]);
  });

  it("keeps numbers significant", () => {
    const result = countChargeable([node("item", "1", "Beton C25/30"), node("item", "2", "Beton C30/37")]);
    expect(result.chargeablePositions).toBe(2);
  });

  it("compares items without text by OZ only", () => {
    const result = countChargeable([node("item", "01.0010"), node("item", "90.0010"), node("item", "01.0010")]);
    expect(result).toEqual({ chargeablePositions: 2, duplicates: [{ oz: "01.0010", sameAs: "01.0010" }] });
  });
});
