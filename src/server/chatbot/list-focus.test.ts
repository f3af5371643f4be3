import { describe, expect, it } from "vitest";
import { askedItemFirst } from "./list-focus";

const LPH =
  "Die Grundleistungen sind in 9 Leistungsphasen mit festen Anteilen am Honorar gegliedert: 1 Grundlagenermittlung 2 %, 2 Vorplanung 7 %, 3 Entwurfsplanung 15 %, 4 Genehmigungsplanung 3 %, 5 Ausführungsplanung 25 %, 6 Vorbereitung der Vergabe 10 %, 7 Mitwirkung bei der Vergabe 4 %, 8 Objektüberwachung 32 %, 9 Objektbetreuung 2 %.";

describe("askedItemFirst", () => {
  it("moves the list item the question names to the front and keeps the others", () => {
    const out = askedItemFirst(LPH, "wieviel prozent macht die LPH 8 (objektüberwachung) nach HOAI aus?");
    expect(
      out.startsWith(
        "Die Grundleistungen sind in 9 Leistungsphasen mit festen Anteilen am Honorar gegliedert: 8 Objektüberwachung 32 % (übrige: 1 Grundlagenermittlung 2 %",
      ),
    ).toBe(true);
    for (const item of ["2 Vorplanung 7 %", "9 Objektbetreuung 2 %"]) expect(out).toContain(item);
  });

  it("leaves a sentence alone when no item or several items fit, or the item is near the front", () => {
    expect(askedItemFirst(LPH, "wie ist das Honorar gegliedert?")).toBe(LPH);
    expect(askedItemFirst(LPH, "was macht die Vorplanung aus?")).toBe(LPH);
    expect(askedItemFirst("Kurz: a, b, c, d.", "d?")).toBe("Kurz: a, b, c, d.");
  });
});
