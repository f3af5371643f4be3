// The arithmetic check (step 6 of own-figures.ts): figures with their dimensions, products of
// them, and a quantity that is a slip of the pen of one – each case with an exact expected figure
// and a harmless twin that must stay quiet. The texts are written for this test, not taken from a
// blind set.

import { describe, expect, it } from "vitest";
import { buildLvView } from "./facts";
import { arithmeticFinding, figuresOf, otherDimensionWitnesses, ownChainExplains, productsOf } from "./figure-arithmetic";
import { view } from "./figure-check";
import { ownFigureHits, slipShaped } from "./own-figures";
import { lvPositions, type PositionSpec } from "./test-lv";
import { unitContradictions } from "./unit-plausibility";

function lvOf(specs: PositionSpec[], preamble = "") {
  const positions = lvPositions([{ title: "Leistungen", specs }]);
  return { lv: view(buildLvView({ positions, preamble })), items: positions.filter((p) => p.kind === "item") };
}
/** The finding on the position at `index`. */
function findingAt(specs: PositionSpec[], index: number) {
  const { lv, items } = lvOf(specs);
  return arithmeticFinding(items[index], lv);
}
/** The finding on the first position, as expected quantity and kind. */
function first(specs: PositionSpec[], preamble = "") {
  const { lv, items } = lvOf(specs, preamble);
  const f = arithmeticFinding(items[0], lv);
  return f && { expected: Math.round(f.expected * 100) / 100, kind: f.kind };
}

describe("figures with their dimensions", () => {
  it("reads sizes, dimension pairs, counts, sides and leaves norms and dates out", () => {
    const f = figuresOf(
      "Bodenplatte 24,00 x 12,50 m, d = 25 cm, 3 Häuser, beidseitig, DIN 18331, C30/37, Beginn 05.04.2027, Pos. 02.0010, 1.240 m²",
      "Langtext",
    );
    expect(f.map((x) => [x.value, x.l, x.counts ?? null])).toEqual([
      [24, 1, null],
      [12.5, 1, null],
      [73, 1, null], // the perimeter of the rectangle
      [0.25, 1, null],
      [1240, 2, null],
      [3, 0, "haus"],
      [2, 0, "seite"],
    ]);
  });
  it("marks a size per unit, also for every figure after a 'je' in the sentence", () => {
    const f = figuresOf("In den Etagen sind je Geschoss ca. 180 m Kanal und 48 Leuchten vorgesehen. Decke 22 cm.", "Vorbemerkungen");
    expect(f.map((x) => [x.value, x.per ?? null])).toEqual([
      [180, "geschoss"],
      [0.22, null],
      [48, "geschoss"],
    ]);
  });
  it("does not make the count of the unit a count per unit ('Je Wohnung ca. 58 m, 30 Wohnungen')", () => {
    const f = figuresOf("Je Wohnung ca. 58 m, 30 Wohnungen. Abrechnung nach m.", "Langtext");
    expect(f.map((x) => [x.value, x.per ?? null, x.counts ?? null])).toEqual([
      [58, "wohnung", null],
      [30, null, "wohnung"],
    ]);
    expect(productsOf(f, { l: 1, kg: 0 }).map((p) => p.value)).toEqual([1740]);
  });
  it("multiplies a size per unit only with the count of its unit when the LV states one", () => {
    const f = figuresOf("je Geschoss ca. 210 m², 5 Geschosse, 2 Treppen", "Langtext");
    expect(productsOf(f, { l: 2, kg: 0 }).map((p) => p.value)).toEqual([1050, 2100]);
  });
});

describe("slips of the pen against the products", () => {
  it("a shifted decimal point of area × thickness", () => {
    const spec = (qty: number) => [
      { shortText: "Bodenplatte C30/37", longText: "Bodenplatte, Fläche ca. 480 m², d = 30 cm", qty, unit: "m³" },
    ];
    expect(first(spec(1440))).toEqual({ expected: 144, kind: "decimal" });
    expect(first(spec(144))).toBeNull();
    expect(first(spec(150))).toBeNull(); // rounded up: explained within 3 %… or no slip
  });
  it("swapped digits of length × height", () => {
    const spec = (qty: number) => [{ shortText: "Innenputz", longText: "Wandfläche Flur 36,50 m × 2,80 m", qty, unit: "m²" }];
    expect(first(spec(120.2))).toEqual({ expected: 102.2, kind: "digits" });
    expect(first(spec(102.2))).toBeNull();
  });
  it("one storey of several", () => {
    const spec = (qty: number) => [{ shortText: "Zementestrich", longText: "Estrich CT-C25-F4, je Geschoss ca. 312 m²", qty, unit: "m²" }];
    const preamble = "Das Gebäude hat 4 Geschosse mit gleichem Grundriss.";
    expect(first(spec(312), preamble)).toEqual({ expected: 1248, kind: "one-of-several" });
    expect(first(spec(1248), preamble)).toBeNull();
  });
  it("an area billed as a volume", () => {
    const spec = (qty: number) => [
      {
        shortText: "Schottertragschicht",
        longText: "Schotter 0/32 einbauen, Breite 3,50 m, Länge 240 m, Schichtdicke 0,25 m",
        qty,
        unit: "m³",
      },
    ];
    expect(first(spec(840))).toEqual({ expected: 210, kind: "dimension" });
    expect(first(spec(210))).toBeNull();
  });
  it("the mass of members from length × kg/m × count", () => {
    const spec = (qty: number) => [{ shortText: "Pfetten IPE 200", longText: "9 Pfetten IPE 200, je 6,00 m, 22,4 kg/m", qty, unit: "t" }];
    expect(first(spec(12.096))).toEqual({ expected: 1.21, kind: "decimal" });
    expect(first(spec(1.21))).toBeNull();
  });
});

describe("sums and named positions", () => {
  it("a list with one summand left out", () => {
    const spec = (qty: number) => [
      { shortText: "Sicherheitsleuchte", longText: "Stückliste: EG 12 St + OG 8 St + Treppenhaus 3 St", qty, unit: "St" },
    ];
    expect(first(spec(20))).toEqual({ expected: 23, kind: "sum" });
    expect(first(spec(23))).toBeNull();
  });
  it("the sum of a range of positions the text names, one of them forgotten", () => {
    const specs = (qty: number) => [
      { shortText: "Rohrleitung DN 15", qty: 900, unit: "m" },
      { shortText: "Rohrleitung DN 20", qty: 420, unit: "m" },
      { shortText: "Rohrleitung DN 25", qty: 230, unit: "m" },
      { shortText: "Dämmung Rohrleitungen", longText: "Menge = Summe der Pos. 01.0010 bis 01.0030", qty, unit: "m" },
    ];
    const found = (qty: number) => findingAt(specs(qty), 3);
    expect(found(1320)).toMatchObject({ expected: 1550, kind: "sum" });
    expect(found(1550)).toBeNull();
  });
  it("'Menge wie Pos.' is exact: swapped digits within 2 % are a slip, not rounding", () => {
    const specs = (qty: number) => [
      { shortText: "Dampfsperre", qty: 4608, unit: "m²" },
      { shortText: "Dachbahn FPO", longText: "Menge wie Pos. 01.0010.", qty, unit: "m²" },
    ];
    const found = (qty: number) => findingAt(specs(qty), 1);
    expect(found(4680)).toMatchObject({ expected: 4608, kind: "digits" });
    expect(found(4608)).toBeNull();
  });
  it("counts of different things are no list", () => {
    expect(
      first([{ shortText: "Stützen", longText: "14 Stück Innenstützen + 10 Stück Randstützen + 4 Stützen im Foyer", qty: 24, unit: "St" }]),
    ).toBeNull();
  });
});

describe("what stays quiet", () => {
  it("a product's own dimensions are no quantity", () => {
    expect(first([{ shortText: "Feinsteinzeug", longText: "Format 60 × 60 cm, Fugenbreite 3 mm", qty: 84, unit: "m²" }])).toBeNull();
    expect(first([{ shortText: "Fenster", longText: "Fenster 1,26 × 1,51 m, 40 Stück", qty: 40, unit: "St" }])).toBeNull();
  });
  it("a product of counts alone needs three digits to call a slip", () => {
    const preamble = "3 Geschosse mit je 8 Räumen.";
    expect(
      first([{ shortText: "Räume Türdrücker", longText: "Drückergarnitur je Raum, 3 Geschosse", qty: 42, unit: "St" }], preamble),
    ).toBeNull();
  });
  it("two counts of one building are alternatives, not factors", () => {
    const preamble = "Vier Doppelhäuser mit acht Doppelhaushälften.";
    const spec = [{ shortText: "Traufe Rinne", longText: "Dachrinne je Doppelhaushälfte 2 x 6,80 m", qty: 54.4, unit: "m" }];
    expect(first(spec, preamble)?.expected).not.toBe(217.6);
  });
  it("of two positions ten times apart, only the one a third figure contradicts", () => {
    const specs = [
      { shortText: "Dampfsperre Dach", longText: "auf der Dachfläche verlegen", qty: 7600, unit: "m²" },
      { shortText: "Dampfsperre Zulage Dach", longText: "Zulage für Anschlüsse", qty: 760, unit: "m²" },
    ];
    const { lv, items } = lvOf(specs);
    expect(items.map((p) => arithmeticFinding(p, lv))).toEqual([null, null]);
    const withPreamble = lvOf(specs, "Die Dachfläche beträgt 760 m².");
    expect(arithmeticFinding(withPreamble.items[0], withPreamble.lv)?.expected).toBe(760);
    expect(arithmeticFinding(withPreamble.items[1], withPreamble.lv)).toBeNull();
  });
  it("a difference the text itself computes explains the quantity", () => {
    const spec = [
      {
        shortText: "Wandpaneele",
        longText: "Wandfläche 180,00 m × 8,00 m = 1.440,00 m², abzüglich 4 Tore je 4,00 m × 4,50 m = 72,00 m²",
        qty: 1368,
        unit: "m²",
      },
    ];
    expect(first(spec)).toBeNull();
  });
});

describe("in the LV rule", () => {
  it("the finding sits on the position with the expected figure and its derivation", () => {
    const positions = lvPositions([
      {
        title: "Stahlbau",
        specs: [{ shortText: "Pfetten IPE 200", longText: "9 Pfetten IPE 200, je 6,00 m, 22,4 kg/m", qty: 12.096, unit: "t" }],
      },
    ]);
    const hits = ownFigureHits(buildLvView({ positions, preamble: "" }));
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ oz: "01.0010", expectedQty: 1.21 });
    expect(hits[0].evidence).toContain("6,00 m × 22,4 kg/m × 9 Pfetten (Langtext) = 1,21 t");
    expect(hits[0].evidence).toContain("Kommafehler");
  });
});

describe("a chain of counts in the position's own text", () => {
  it("multiplies out and stands a reading of one link down", () => {
    const spec = (qty: number) => [
      {
        shortText: "Stufenbelag Kautschuk",
        longText: "Je Haus 3 Geschosstreppen mit je 2 Läufen à 9 Stufen. Abrechnung nach Stück.",
        qty,
        unit: "St",
      },
    ];
    const preamble = "Drei Häuser A, B und C.";
    const { lv, items } = lvOf(spec(162), preamble);
    expect(ownChainExplains(items[0], lv)).toBe(true);
    expect(ownFigureHits(buildLvView({ positions: lvPositions([{ title: "Beläge", specs: spec(162) }]), preamble }))).toEqual([]);
    const wrong = lvOf(spec(54), preamble); // one house
    expect(ownChainExplains(wrong.items[0], wrong.lv)).toBe(false);
    expect(arithmeticFinding(wrong.items[0], wrong.lv)).toMatchObject({ expected: 162, kind: "one-of-several" });
  });
});

describe("a length billed in another unit", () => {
  it("reads '2 × 42 m' as twice a length and gives the unit check its witness", () => {
    expect(figuresOf("je Geschoss 2 × 42 m", "Langtext").map((f) => [f.value, f.l, f.counts ?? null])).toEqual([
      [2, 0, "mal"],
      [42, 1, null],
    ]);
    const spec = (unit: string) => [
      {
        shortText: "Brüstungskanal demontieren",
        longText: "Entlang beider Längsseiten, EG bis 4. OG (je Geschoss 2 × 42 m). Abrechnung nach Länge.",
        qty: 420,
        unit,
      },
    ];
    const preamble = "Das Gebäude hat 5 Geschosse.";
    const { lv, items } = lvOf(spec("m²"), preamble);
    expect(otherDimensionWitnesses(items[0], lv)).toEqual([{ l: 1, what: "2 × 42 m (Langtext) × 5 Geschosse (Vorbemerkungen) = 420 m" }]);
    const hits = unitContradictions(buildLvView({ positions: lvPositions([{ title: "Abbruch", specs: spec("m²") }]), preamble }));
    expect(hits.map((h) => h.oz)).toEqual(["01.0010"]);
    expect(unitContradictions(buildLvView({ positions: lvPositions([{ title: "Abbruch", specs: spec("m") }]), preamble }))).toEqual([]);
  });
});

describe("the text-reading checks call only slip-shaped differences", () => {
  it("knows a slip from a figure that means something else", () => {
    expect(slipShaped(1380, 4278)).toBe(false); // 3,1 ×: another figure (handled as a length billed as area)
    expect(slipShaped(18360, 1800)).toBe(true); // ten times "60 × 30 m zzgl. Dachüberstand"
    expect(slipShaped(14, 144)).toBe(true); // a digit left out
    expect(slipShaped(121, 112)).toBe(true); // swapped digits
    expect(slipShaped(36, 72)).toBe(true); // one of two houses
    expect(slipShaped(260, 160)).toBe(true); // within about twice
    expect(slipShaped(8, 60)).toBe(false); // 7,5 ×: per room vs. all rooms
    expect(slipShaped(364, 12)).toBe(false); // 30 ×
  });
});
