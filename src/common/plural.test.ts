import { describe, expect, it } from "vitest";
import { countLabel, plural } from "./plural";

describe("German plurals", () => {
  it("uses the singular only for one", () => {
    expect(countLabel(1, "Befund", "Befunde")).toBe("1 Befund");
    expect(countLabel(0, "Befund", "Befunde")).toBe("0 Befunde");
    expect(countLabel(2, "Frage", "Fragen")).toBe("2 Fragen");
    expect(countLabel(1234, "Position", "Positionen")).toBe("1.234 Positionen");
    expect(plural(-1, "Tag", "Tage")).toBe("Tag");
  });
});
