import { describe, expect, it } from "vitest";
import { assignParents, flagsFromText } from "./hierarchy";
import { newNode } from "../types";

const item = (oz: string, shortText: string, longText = "") => {
  const n = newNode("item", { oz, shortText, longText, qty: 1, unit: "m2" });
  flagsFromText(n);
  return n;
};

describe("Wahlpositionen named in words", () => {
  it("are linked to the Grundposition they name, as a GAEB ALN group would", () => {
    const base = item("04.0010", "Kalksandstein-Mauerwerk");
    const alt = item("04.0020", "Ziegel-Mauerwerk", "Wahlposition zu Pos. 04.0010: Mauerwerk aus Planziegeln");
    const alt2 = item("04.0030", "Porenbeton", "Alternativposition für OZ 04.0010.");
    assignParents([newNode("title", { oz: "04" }), base, alt, alt2]);
    expect(base.flags.alternative).toEqual({ group: "04.0010", serial: 0 });
    expect(alt.flags.alternative).toEqual({ group: "04.0010", serial: 1 });
    expect(alt2.flags.alternative).toEqual({ group: "04.0010", serial: 2 });
  });

  it("stay unlinked when the named OZ does not exist or no OZ is named", () => {
    const lonely = item("04.0020", "Ziegel", "Wahlposition zu Pos. 09.0010");
    const vague = item("04.0030", "Ziegel", "Wahlposition, Ausführung nach Wahl des AG");
    const other = item("04.0010", "Kalksandstein");
    assignParents([other, lonely, vague]);
    expect(lonely.flags.alternative).toEqual({ group: "", serial: 1 });
    expect(vague.flags.alternative).toEqual({ group: "", serial: 1 });
    expect(other.flags.alternative).toBeNull();
  });
});
