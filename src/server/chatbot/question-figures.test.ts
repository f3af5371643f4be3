import { describe, expect, it } from "vitest";
import { figureRelation, questionFigures } from "./question-figures";

describe("figures named in a question", () => {
  it("reads figures with a unit in one scale (cm and m as mm, Grad as °C) and skips bare numbers", () => {
    expect(questionFigures("ca 20 grad, 50cm hoch, bei 1 m Abstand, die 3. Abschlagsrechnung")).toEqual([
      { value: 20, unit: "C" },
      { value: 500, unit: "mm" },
      { value: 1000, unit: "mm" },
    ]);
  });

  it("matches the same value, a range holding it and a bound it keeps; another value of its kind is another case", () => {
    const f = questionFigures("bei ca 20 grad");
    expect(figureRelation(f, "von 15 bis unter 25 °C 2 Tage")).toBe("match");
    expect(figureRelation(f, "ab 5 °C Oberflächentemperatur")).toBe("match");
    expect(figureRelation(f, "Oberfläche 12 °C: 4 Tage")).toBe("other");
    expect(figureRelation(f, "mindestens 4 Tage")).toBe("none");
    expect(figureRelation(questionFigures("1 m Messpunktabstand"), "bei 100 cm Messpunktabstand 5 mm")).toBe("match");
  });

  it("takes a limit as the rule on the asked figure, on either side of it; a row's condition stays another case", () => {
    const limit = "höchstens 90 % der Gesamtvergütung";
    expect(figureRelation(questionFigures("darf ich mir 100% als abschläge zahlen lassen?"), limit)).toBe("match");
    expect(figureRelation(questionFigures("sind 95 prozent abschlag ok?"), limit)).toBe("match");
    expect(figureRelation(questionFigures("reichen 2 cm überdeckung"), "mindestens 4 cm Betondeckung")).toBe("match");
    expect(figureRelation(questionFigures("bei 12 grad"), "unter 5 °C keine Arbeiten")).toBe("other");
    expect(figureRelation(questionFigures("bei 3 grad"), "ab 25 °C Sonnenschutz")).toBe("other");
  });
});
