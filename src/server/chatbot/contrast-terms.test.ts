import { describe, expect, it } from "vitest";
import { parseWordTable, wordTable } from "./word-table";
import { ASKED_SIDE, OTHER_SIDE, askedContrasts, contrastFactor } from "./contrast-terms";

const table = parseWordTable(
  [
    "Gegensatz: beheizt, Fußbodenheizung, FBH | unbeheizt, ohne Fußbodenheizung, ohne FBH",
    "Gegensatz: Zement, Zementestrich | Calciumsulfat, Anhydrit",
  ].join("\n"),
);

describe("opposite cases of the word table", () => {
  it("reads „Gegensatz:“ lines and reports one without two sides", () => {
    expect(table.problems).toEqual([]);
    expect(table.contrasts).toHaveLength(2);
    expect(parseWordTable("Gegensatz: beheizt").problems[0].message).toMatch(/zwei Seiten/);
  });

  it("takes „ohne Fußbodenheizung“ as the unheated case, not the heated one", () => {
    const asked = askedContrasts(table, "Parkett auf Anhydritestrich ohne Fußbodenheizung, ab welchem CM-Wert?");
    expect(contrastFactor(asked, "Calciumsulfatestrich, unbeheizt: 0,5 CM-%")).toBeCloseTo(ASKED_SIDE * ASKED_SIDE);
    expect(contrastFactor(asked, "Zementestrich mit Fußbodenheizung: 1,8 CM-%")).toBeCloseTo(OTHER_SIDE * OTHER_SIDE);
    // A sentence that names both cases of a pair is neither lifted nor lowered by it.
    expect(contrastFactor(asked, "Anhydrit: 0,5 CM-% (unbeheizt) bzw. 0,3 CM-% bei Fußbodenheizung")).toBeCloseTo(ASKED_SIDE);
  });

  it("reads the case after „statt“ as the one not asked", () => {
    for (const q of [
      "und wenn das anhydrit ist statt zement?",
      "Calciumsulfat anstelle von Zementestrich, welcher CM-Wert?",
      "nehmen anstatt dem zementestrich einen anhydrit – ändert sich was?",
    ]) {
      const asked = askedContrasts(table, q);
      expect(contrastFactor(asked, "Calciumsulfatestrich: 0,5 CM-%"), q).toBeCloseTo(ASKED_SIDE);
      expect(contrastFactor(asked, "Zementestrich: 2,0 CM-%"), q).toBeCloseTo(OTHER_SIDE);
    }
  });

  it("leaves a question that names both or none of the cases alone", () => {
    expect(askedContrasts(table, "Unterschied Zement und Anhydrit?")).toHaveLength(0);
    expect(askedContrasts(table, "Wie lange muss Estrich trocknen?")).toHaveLength(0);
  });

  it("the shipped table's pairs parse", () => {
    expect(wordTable().contrasts.length).toBeGreaterThanOrEqual(5);
  });
});
