import { describe, expect, it } from "vitest";
import { countNoun, plural } from "./plural";

describe("German plurals", () => {
  it("names one and many right", () => {
    expect(countNoun(1, "Wahlposition")).toBe("1 Wahlposition");
    expect(countNoun(2, "Wahlposition")).toBe("2 Wahlpositionen");
    expect(countNoun(6, "Titel")).toBe("6 Titel");
    expect(countNoun(1, "Risiko")).toBe("1 Risiko");
    expect(countNoun(3, "Risiko")).toBe("3 Risiken");
    expect(countNoun(0, "Befund")).toBe("0 Befunde");
    expect(countNoun(1200, "Position")).toBe("1.200 Positionen");
    expect(plural(2, "Haus", "Häuser")).toBe("Häuser");
  });
});

describe("German plurals (count labels)", () => {
  it("uses the singular only for one", () => {
    expect(countNoun(1, "Befund", "Befunde")).toBe("1 Befund");
    expect(countNoun(0, "Befund", "Befunde")).toBe("0 Befunde");
    expect(countNoun(2, "Frage", "Fragen")).toBe("2 Fragen");
    expect(countNoun(1234, "Position", "Positionen")).toBe("1.234 Positionen");
    expect(plural(-1, "Tag", "Tage")).toBe("Tag");
  });
});
