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
