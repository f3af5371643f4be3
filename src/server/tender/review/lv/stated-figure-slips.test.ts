// The forms of the third tuning round (tune3/tune4 of issue 24): swapped digits, counts of the thing
// in the Vorbemerkungen, named areas and lengths, per-unit lists, timber volumes, pieces × length
// and the same object in another title. Each mechanism with an exact expected figure and a
// harmless neighbour that must stay quiet.

import { describe, expect, it } from "vitest";
import { buildLvView } from "./facts";
import { isDigitSwap } from "./figure-check";
import { ownFigureHits } from "./own-figures";
import { statedCount } from "./stated-counts";
import { lvPositions, type PositionSpec } from "./test-lv";

type Spec = PositionSpec;

/** An LV of one or more titles; positions are numbered 0T.0010, 0T.0020 … */
function lv(titles: { title: string; specs: Spec[] }[], preamble = "") {
  return ownFigureHits(buildLvView({ positions: lvPositions(titles), preamble })).map((h) => ({ oz: h.oz, expected: h.expectedQty }));
}
const one = (specs: Spec[], preamble = "") => lv([{ title: "Leistungen", specs }], preamble);

describe("swapped digits (Zahlendreher)", () => {
  it("knows a swap from rounding and from a decimal shift", () => {
    expect(isDigitSwap(121, 112)).toBe(true);
    expect(isDigitSwap(2250, 2520)).toBe(true);
    expect(isDigitSwap(1010, 1001)).toBe(false); // under 8 %: rounding or measured
    expect(isDigitSwap(120, 2100)).toBe(false); // other number of digits
  });
  it("flags a product of the long text with its digits swapped, even inside the tolerance", () => {
    const klassen = "Klassenräume 18 Stück zu je ca. 62 m².";
    expect(one([{ shortText: "Akustik-Unterdecke", longText: klassen, qty: 1611, unit: "m²" }])).toEqual([
      { oz: "01.0010", expected: 1116 },
    ]);
    expect(one([{ shortText: "Akustik-Unterdecke", longText: klassen, qty: 1150, unit: "m²" }])).toEqual([]);
  });
  it("flags a layer of a title with the common area's digits swapped", () => {
    const layers = (last: number) =>
      one([
        { shortText: "Frostschutzschicht", qty: 2520, unit: "m²" },
        { shortText: "Asphalttragschicht", qty: 2520, unit: "m²" },
        { shortText: "Asphaltbinderschicht", qty: 2520, unit: "m²" },
        { shortText: "Asphaltdeckschicht", qty: last, unit: "m²" },
      ]);
    expect(layers(2250)).toEqual([{ oz: "01.0040", expected: 2520 }]);
    expect(layers(2400)).toEqual([]); // another part of the work
  });
});

describe("counts of the thing in the Vorbemerkungen", () => {
  const kanal =
    "Herzustellen sind ein Schmutzwasserkanal DN 250 mit einer Länge von ca. 620 m und 16 Schachtbauwerken DN 1000 sowie ein Regenwasserkanal DN 400 mit einer Länge von ca. 585 m und 15 Schachtbauwerken DN 1000.";
  it("holds each position to the count of its own clause", () => {
    const specs = (sw: number) => [
      { shortText: "Schachtbauwerk DN 1000 SW", longText: "für den Schmutzwasserkanal DN 250", qty: sw, unit: "St" },
      { shortText: "Schachtbauwerk DN 1000 RW", longText: "für den Regenwasserkanal DN 400", qty: 15, unit: "St" },
    ];
    expect(one(specs(26), kanal)).toEqual([{ oz: "01.0010", expected: 16 }]);
    expect(one(specs(16), kanal)).toEqual([]);
  });
  it("a number of things is exact: a fifth more is another number", () => {
    const vb = "Herzustellen sind 16 Schachtbauwerke.";
    expect(one([{ shortText: "Schachtbauwerk DN 1000", qty: 20, unit: "St" }], vb)).toEqual([{ oz: "01.0010", expected: 16 }]);
    expect(one([{ shortText: "Schachtbauwerk DN 1000", qty: 17, unit: "St" }], vb)).toEqual([]);
  });
  it("a sentence that names the position's thing makes the count its own; the total, not the count per house", () => {
    const vb =
      "Je Haus sind in den vier Vollgeschossen jeweils neun Fensteröffnungen mit Fensterbank vorhanden, das sind 36 Fenster je Haus bzw. 108 Fenster für alle drei Häuser.";
    expect(one([{ shortText: "Fensterbänke Aluminium", qty: 144, unit: "St" }], vb)).toEqual([{ oz: "01.0010", expected: 108 }]);
    expect(one([{ shortText: "Fensterbänke Aluminium", qty: 110, unit: "St" }], vb)).toEqual([]);
  });
  it("leaves a count alone that several positions share (split by depth)", () => {
    const specs = [
      { shortText: "Schachtbauwerk Tiefe bis 2 m", qty: 10, unit: "St" },
      { shortText: "Schachtbauwerk Tiefe über 2 m", qty: 6, unit: "St" },
    ];
    expect(one(specs, "Herzustellen sind 16 Schachtbauwerke.")).toEqual([]);
  });
  it("holds what the work is for only to slips: swapped digits, not other counts", () => {
    const tg = "Tiefgarage mit einer Parkebene und 112 Stellplätzen.";
    expect(one([{ shortText: "Stellplatzmarkierung", qty: 121, unit: "St" }], tg)).toEqual([{ oz: "01.0010", expected: 112 }]);
    expect(one([{ shortText: "Stellplatzmarkierung", qty: 120, unit: "St" }], tg)).toEqual([]);
  });
  it("matches fire stops to the penetrations of the same first part", () => {
    const vb = "Erfasst wurden insgesamt 64 Kabeldurchführungen und 28 Durchführungen brennbarer Rohrleitungen.";
    const specs = (kabel: number) => [
      { shortText: "Kabelabschottung", longText: "in Metallständerwand EI 30", qty: kabel, unit: "St" },
      { shortText: "Rohrabschottung brennbar", longText: "Manschette für brennbare Rohre", qty: 28, unit: "St" },
    ];
    expect(one(specs(46), vb)).toEqual([{ oz: "01.0010", expected: 64 }]);
    expect(one(specs(64), vb)).toEqual([]);
  });
  it("reads no total from a per-unit list, a truncated compound or a count of something else", () => {
    expect(statedCount("fenster", "jede wohnung erhaelt sechs fenster- bzw. fenstertuerelemente")).toBeNull();
    const wohnungen =
      "Drei Häuser mit insgesamt 48 Wohnungen. Jede Wohnung erhält sechs Fenster- bzw. Fenstertürelemente (drei einflügelige Fenster, zwei zweiflügelige Fenster, eine Fenstertür).";
    expect(one([{ shortText: "Kunststofffenster 2-flg.", qty: 96, unit: "St" }], wohnungen)).toEqual([]);
    expect(one([{ shortText: "Briefkastenanlage", longText: "16 Fächer je Haus", qty: 3, unit: "St" }], wohnungen)).toEqual([]);
  });
});

describe("per-unit lists and the storeys they are about", () => {
  const vb =
    "Das Gebäude hat ein Untergeschoss, ein Erdgeschoss und sechs Büroetagen im 1. bis 6. OG. In den Büroetagen sind je Geschoss ca. 180 m Brüstungskanal, 48 LED-Einbauleuchten sowie 24 Präsenzmelder vorgesehen.";
  it("a length per storey × the Büroetagen, a count of the list × the Büroetagen", () => {
    expect(
      one(
        [
          { shortText: "Brüstungskanal zweizügig", qty: 10800, unit: "m" },
          { shortText: "LED-Einbauleuchte Büro", qty: 48, unit: "St" },
          { shortText: "Präsenzmelder DALI", qty: 144, unit: "St" },
        ],
        vb,
      ),
    ).toEqual([
      { oz: "01.0010", expected: 1080 },
      { oz: "01.0020", expected: 288 },
    ]);
  });
});

describe("areas and lengths the position names", () => {
  it("an area per storey of the upper floors the Vorbemerkungen name", () => {
    const vb = "Die Büroflächen im 1. bis 4. OG umfassen je Geschoss 1.150 m² beheizte Nettogrundfläche.";
    const fbh = (qty: number) => [
      { shortText: "Fußbodenheizung", longText: "Büroflächen 1.–4. OG gemäß Vorbemerkungen.", qty, unit: "m²" },
    ];
    expect(one(fbh(460), vb)).toEqual([{ oz: "01.0010", expected: 4600 }]);
    expect(one(fbh(4400), vb)).toEqual([]); // a part of the area
  });
  it("a total with the size per house: one house of two is a unit left out", () => {
    const vb = "Die Dachflächen beider Häuser betragen zusammen ca. 1.150 m² (je Haus ca. 575 m²).";
    const bahn = (qty: number) => [{ shortText: "Unterdeckbahn diffusionsoffen", longText: "Dachflächen beider Häuser.", qty, unit: "m²" }];
    expect(one(bahn(575), vb)).toEqual([{ oz: "01.0010", expected: 1150 }]);
    expect(one(bahn(1100), vb)).toEqual([]);
  });
  it("the whole named length on both sides", () => {
    const vb = "Die Ausbaulänge beträgt 420 m.";
    const bord = (qty: number) => [
      { shortText: "Hochbord", longText: "beidseitig der Fahrbahn über die gesamte Ausbaulänge", qty, unit: "m" },
    ];
    expect(one(bord(480), vb)).toEqual([{ oz: "01.0010", expected: 840 }]);
    expect(one(bord(850), vb)).toEqual([]);
  });
  it("„Länge je“ on both sides × the width", () => {
    const text = "Gehwege beidseitig, Länge je 420 m, Breite 2,50 m.";
    expect(one([{ shortText: "Betonsteinpflaster Gehweg", longText: text, qty: 1050, unit: "m²" }])).toEqual([
      { oz: "01.0010", expected: 2100 },
    ]);
    expect(one([{ shortText: "Betonsteinpflaster Gehweg", longText: text, qty: 2150, unit: "m²" }])).toEqual([]);
  });
});

describe("volumes and lengths from the long text", () => {
  it("timber: cross-section × total length", () => {
    const text = "Sparren KVH C24, Querschnitt 10/24 cm. Gesamtlänge der Sparren beider Häuser ca. 1.480 m.";
    expect(one([{ shortText: "Sparren abbinden", longText: text, qty: 355.2, unit: "m³" }])).toEqual([{ oz: "01.0010", expected: 35.52 }]);
    // lengths per piece and house, no total: not read
    const pfetten = "KVH 16/32 cm, je Haus eine Firstpfette und zwei Mittelpfetten, je 36,80 m.";
    expect(one([{ shortText: "Pfetten abbinden", longText: pfetten, qty: 11.3, unit: "m³" }])).toEqual([]);
  });
  it("the parts of a position add up", () => {
    const text = "Bodenplatte d = 15 cm, Fläche 672 m² = 100,80 m³, sowie Streifenfundamente 60/80 cm (ca. 58 m³) abbrechen.";
    expect(one([{ shortText: "Bodenplatte abbrechen", longText: text, qty: 158.8, unit: "m³" }])).toEqual([]);
    expect(one([{ shortText: "Bodenplatte abbrechen", longText: text, qty: 1588, unit: "m³" }])).toEqual([
      { oz: "01.0010", expected: 158.8 },
    ]);
  });
  it("pieces × mean length", () => {
    const text = "Anzahl 240 Stück (alle Fenster außer Fenstertüren), mittlere Länge ca. 1,30 m.";
    expect(one([{ shortText: "Außenfensterbank", longText: text, qty: 3120, unit: "m" }])).toEqual([{ oz: "01.0010", expected: 312 }]);
    expect(one([{ shortText: "Außenfensterbank", longText: text, qty: 330, unit: "m" }])).toEqual([]);
  });
});

describe("the same object in another title", () => {
  const rampe = (coating: number) =>
    lv([
      {
        title: "Untergrund",
        specs: [{ shortText: "Kugelstrahlen Rampe", longText: "Länge 28,00 m, Breite 6,50 m.", qty: 182, unit: "m²" }],
      },
      { title: "Beschichtung", specs: [{ shortText: "Beschichtung Rampe", qty: coating, unit: "m²" }] },
    ]);
  it("an area exactly ten times the confirmed one is a shifted decimal point", () => {
    expect(rampe(1820)).toEqual([{ oz: "02.0010", expected: 182 }]);
  });
  it("other multiples stay quiet", () => {
    expect(rampe(364)).toEqual([]);
  });
});

// Round 4 (tune5): context of the figures – per storey, both sides, openings, a referenced
// position's quantity, the outline, named extents in a formula. Each form with two wordings that
// must fire and two look-alikes that must not.
describe("the same quantity as another position ('Menge wie Pos. X')", () => {
  const base = { shortText: "Fassade reinigen", longText: "Fassadenfläche 89,80 m × 13,80 m.", qty: 1239.24, unit: "m²" };
  const ref = (longText: string, qty: number) => one([base, { shortText: "Grundbeschichtung", longText, qty, unit: "m²" }]);
  it("flags swapped digits, a tenfold and a double quantity", () => {
    expect(ref("Menge wie Pos. 01.0010.", 1293.24)).toEqual([{ oz: "01.0020", expected: 1239.24 }]);
    expect(ref("Massen wie Position 01.0010.", 12392.4)).toEqual([{ oz: "01.0020", expected: 1239.24 }]);
    expect(ref("Fläche entsprechend Pos. 01.0010.", 2478.48)).toEqual([{ oz: "01.0020", expected: 1239.24 }]);
  });
  it("leaves the way of working, a part and a close figure alone", () => {
    expect(ref("Ausführung wie Pos. 01.0010.", 300)).toEqual([]);
    expect(ref("Abrechnung wie Pos. 01.0010 nach Aufmaß.", 300)).toEqual([]);
    expect(ref("Oberfläche wie Pos. 01.0010.", 300)).toEqual([]);
    expect(ref("Menge wie Pos. 01.0010, jedoch abzüglich der Sockelflächen.", 600)).toEqual([]);
    expect(ref("Menge wie Pos. 01.0010.", 1250)).toEqual([]);
  });
});

describe("length × height with the outline, per storey and on both sides", () => {
  const wall = (longText: string, qty: number, preamble = "") => one([{ shortText: "Wandfläche", longText, qty, unit: "m²" }], preamble);
  it("flags a tenfold or double wall area", () => {
    expect(wall("Sockelbereich Höhe 0,50 m über die gesamte Abwicklung von 120,00 m.", 600)).toEqual([{ oz: "01.0010", expected: 60 }]);
    expect(wall("Beckenumfang 40,00 m, Wandhöhe bis Rinnenunterkante 1,50 m.", 600)).toEqual([{ oz: "01.0010", expected: 60 }]);
    expect(wall("Flurlänge je Geschoss 40,00 m, Höhe 2,50 m, 5 Geschosse.", 2000)).toEqual([{ oz: "01.0010", expected: 500 }]);
    expect(wall("für beide Giebelwände (Achse 1 und Achse 9), Länge je 30,00 m, Höhe 10,00 m.", 360)).toEqual([
      { oz: "01.0010", expected: 600 },
    ]);
  });
  it("flags one storey too few of walls counted per storey", () => {
    const perFloor = "Je Geschoss 10 Trennwände à 5,00 m Länge × 2,50 m Höhe.";
    expect(wall(perFloor, 375, "Das Gebäude hat vier Vollgeschosse (EG bis 3. OG).")).toEqual([{ oz: "01.0010", expected: 500 }]);
    expect(wall(perFloor, 500, "Das Gebäude hat vier Vollgeschosse (EG bis 3. OG).")).toEqual([]);
  });
  it("leaves walls on both sides, an unknown number of storeys and a height limit alone", () => {
    expect(wall("Flurwände beidseits des Mittelflurs, Flurlänge je Geschoss 40,00 m, Höhe 2,50 m, 5 Geschosse.", 1000)).toEqual([]);
    expect(wall("Flurlänge je Geschoss 40,00 m, Höhe 2,50 m.", 1000)).toEqual([]);
    expect(wall("Gerüstabwicklung 89,80 m, Gerüsthöhe bis 14,80 m (Traufhöhe 13,80 m zzgl. 1,00 m).", 1329.04)).toEqual([]);
    expect(wall("Länge 20,00 m, Höhe 3,00 m. Öffnungen bis 2,5 m² werden übermessen.", 60)).toEqual([]);
  });
});

describe("rooms counted, per storey and with the door deducted", () => {
  const tiles = "in 3 Duschräumen je 5,00 m × 4,00 m, Wandhöhe 2,50 m, abzüglich Türöffnung je Raum 1,00 m × 2,00 m";
  it("flags half the walls of several rooms and a tenfold corridor", () => {
    expect(one([{ shortText: "Wandfliesen Duschräume", longText: tiles, qty: 64.5, unit: "m²" }])).toEqual([
      { oz: "01.0010", expected: 129 },
    ]);
    expect(
      one([{ shortText: "Unterdecke Flur", longText: "Flurfläche je Geschoss 30,00 m × 2,00 m, 4 Geschosse.", qty: 2400, unit: "m²" }]),
    ).toEqual([{ oz: "01.0010", expected: 240 }]);
    expect(
      one([{ shortText: "Fliesenbelag Beckenboden", longText: "Beckenboden Sportbecken 25,00 m × 12,50 m.", qty: 321.5, unit: "m²" }]),
    ).toEqual([{ oz: "01.0010", expected: 312.5 }]);
  });
  it("leaves the right figures, the door's size and an approximate room alone", () => {
    expect(one([{ shortText: "Wandfliesen Duschräume", longText: tiles, qty: 129, unit: "m²" }])).toEqual([]);
    expect(one([{ shortText: "Bodenfliesen Duschräume", longText: "4 Duschräume je 6,50 m × 4,20 m.", qty: 109.2, unit: "m²" }])).toEqual(
      [],
    );
    expect(one([{ shortText: "Wandfliesen Bad", longText: "abzüglich Türöffnung je Raum 1,00 m × 2,10 m.", qty: 40, unit: "m²" }])).toEqual(
      [],
    );
    expect(one([{ shortText: "Bodenbelag", longText: "Raum rund 25,00 m × 12,50 m.", qty: 321.5, unit: "m²" }])).toEqual([]);
  });
});

describe("a length along the whole outline the Vorbemerkungen give", () => {
  const hall = "Die Halle hat die Außenabmessungen 60,00 m × 30,00 m.";
  const edge = (longText: string, qty: number, preamble = hall) =>
    one([{ shortText: "Randabschluss", longText, qty, unit: "m" }], preamble);
  it("flags half or twice the outline and swapped digits", () => {
    expect(edge("Attikaelement entlang des gesamten Hallenumfangs.", 90)).toEqual([{ oz: "01.0010", expected: 180 }]);
    expect(edge("Anschluss umlaufend an der gesamten Attika.", 360)).toEqual([{ oz: "01.0010", expected: 180 }]);
    expect(edge("Anschluss umlaufend an der gesamten Attika.", 108)).toEqual([{ oz: "01.0010", expected: 180 }]);
  });
  it("leaves other outlines and several stated sizes alone", () => {
    expect(edge("Anschluss umlaufend an der gesamten Attika.", 180)).toEqual([]);
    expect(edge("Kompriband umlaufend um die Lichtkuppeln.", 20)).toEqual([]);
    // the eaves of a pitched roof are two sides, not the outline
    expect(edge("Dachrinne entlang der gesamten Traufe.", 120)).toEqual([]);
    expect(
      edge(
        "Rinne umlaufend am gesamten Umfang.",
        75,
        "Sportbecken: Innenabmessungen 25,00 m × 12,50 m. Halle: Innenabmessungen 40,00 m × 24,00 m.",
      ),
    ).toEqual([]);
  });
});

describe("counts per unit, chained and on both sides", () => {
  it("reads a count times what follows it", () => {
    expect(statedCount("binderfeld", "12 binderfelder in laengsrichtung × 3 schiffe")?.count).toBe(36);
    expect(statedCount("zimmer", "tuerblatt roehrenspan 40 mm")).toBeNull(); // "mm" is no Zimmer
  });
  it("flags a count of storeys too few and holds the products it reads", () => {
    const faschen = "Fensterfaschen absetzen. 36 Fenster je Geschoss, 4 Vollgeschosse.";
    expect(one([{ shortText: "Fensterfaschen absetzen", longText: faschen, qty: 108, unit: "St" }])).toEqual([
      { oz: "01.0010", expected: 144 },
    ]);
    expect(one([{ shortText: "Fensterfaschen absetzen", longText: faschen, qty: 150, unit: "St" }])).toEqual([]);
    const pfetten = "10 Pfetten je Binderfeld, 12 Binderfelder in Längsrichtung × 3 Schiffe.";
    expect(one([{ shortText: "Spannbetonpfette", longText: pfetten, qty: 360, unit: "St" }])).toEqual([]);
    expect(one([{ shortText: "Spannbetonpfette", longText: pfetten, qty: 120, unit: "St" }])).toEqual([{ oz: "01.0010", expected: 360 }]);
    // two per unit: any even quantity is a multiple, no finding inside the tolerance
    expect(one([{ shortText: "Treppenläufe", longText: "3 Geschosswechsel, je Geschosswechsel zwei Läufe.", qty: 8, unit: "St" }])).toEqual(
      [],
    );
  });
  it("reads a length on both sides", () => {
    const cut = "beidseitig entlang der Aufbruchkante, Trassenlänge 640 m";
    expect(one([{ shortText: "Asphalt schneiden", longText: cut, qty: 1280, unit: "m" }])).toEqual([]);
    expect(one([{ shortText: "Asphalt schneiden", longText: cut, qty: 12800, unit: "m" }])).toEqual([{ oz: "01.0010", expected: 1280 }]);
  });
});

describe("measuring formulas and stated volumes", () => {
  const trench = "Leitungsgraben, Grabenlänge 500 m, mittlere Grabentiefe von 2,00 m.";
  it("flags a quantity against a formula of named extents", () => {
    const verbau = {
      shortText: "Grabenverbau",
      longText: "beidseitig. Abrechnung: Verbaufläche = 2 × Grabenlänge × mittlere Tiefe.",
      unit: "m²",
    };
    expect(one([{ ...verbau, qty: 1000 }], trench)).toEqual([{ oz: "01.0010", expected: 2000 }]);
    const schalung = { shortText: "Wandschalung", longText: "Abrechnung: Schalfläche = 2 × Wandlänge × Wandhöhe.", unit: "m²" };
    expect(one([{ ...schalung, qty: 90 }], "Kelleraußenwand, Wandlänge 30,00 m, Wandhöhe 3,00 m.")).toEqual([
      { oz: "01.0010", expected: 180 },
    ]);
    expect(one([{ ...verbau, qty: 2000 }], trench)).toEqual([]);
    // two depths: the formula has no one value
    expect(one([{ ...verbau, qty: 1000 }], `${trench} Im Abschnitt 2 Grabentiefe 1,50 m.`)).toEqual([]);
  });
  it("holds three stated dimensions of a volume tighter than approximate ones", () => {
    const dims = (approx: string, qty: number) =>
      one([
        { shortText: "Graben ausheben", longText: `Grabenlänge ${approx}100 m, Grabenbreite 1,00 m, Grabentiefe 2,00 m.`, qty, unit: "m³" },
      ]);
    expect(dims("", 300)).toEqual([{ oz: "01.0010", expected: 200 }]);
    expect(dims("", 260)).toEqual([]);
    expect(dims("ca. ", 300)).toEqual([]);
    // a sloped trench: the stated width is the bottom's
    expect(
      one([
        {
          shortText: "Graben ausheben",
          longText: "Grabenlänge 100 m, Sohlbreite 1,00 m, Grabentiefe 2,00 m, Böschung 60°.",
          qty: 300,
          unit: "m³",
        },
      ]),
    ).toEqual([]);
  });
});

describe("a figure per unit in its clause, with what it deducts, × the units counted", () => {
  const area = (longText: string, qty: number) => one([{ shortText: "Wandfläche", longText, qty, unit: "m²" }]);
  it("flags a wrong number of units and a tenfold total", () => {
    const stairs = "Wandfläche je Treppenhaus und Geschoss 38,50 m², 4 Geschosse, 3 Treppenhäuser.";
    expect(area(stairs, 308)).toEqual([{ oz: "01.0010", expected: 462 }]); // two stairwells
    expect(area(stairs, 4620)).toEqual([{ oz: "01.0010", expected: 462 }]);
    const decks = "Fläche je Decke 24,00 m × 12,50 m = 300,00 m² abzüglich Treppenauge 2,60 m × 5,20 m = 13,52 m², 2 Decken.";
    expect(area(decks, 859.44)).toEqual([{ oz: "01.0010", expected: 572.96 }]);
  });
  it("leaves the right totals and figures per unit without a count alone", () => {
    expect(area("je Geschoss 2 Giebel × 10,50 m × 2,75 m = 57,75 m², 2 Geschosse.", 115.5)).toEqual([]);
    expect(
      area("Fläche je Decke 24,00 m × 12,50 m = 300,00 m² abzüglich Treppenauge 2,60 m × 5,20 m = 13,52 m², 2 Decken.", 572.96),
    ).toEqual([]);
    expect(area("Wandfläche je Geschoss ca. 210 m².", 840)).toEqual([]);
  });
});

describe("one piece per point of the grid the Vorbemerkungen count", () => {
  const grid = "Daraus ergeben sich 13 Stützenachsen in Längsrichtung und 4 Stützenachsen in Querrichtung.";
  const columns = (longText: string, qty: number, preamble = grid) =>
    one([{ shortText: "Fertigteilstütze", longText, qty, unit: "St" }], preamble);
  it("flags columns missing from a whole grid", () => {
    expect(columns("Stützen für sämtliche Achsen des Stützenrasters (siehe Vorbemerkungen).", 48)).toEqual([
      { oz: "01.0010", expected: 52 },
    ]);
    expect(columns("Stützen in allen Achsen des Rasters.", 56)).toEqual([{ oz: "01.0010", expected: 52 }]);
    expect(columns("Stützen für das gesamte Stützenraster.", 26)).toEqual([{ oz: "01.0010", expected: 52 }]);
  });
  it("leaves a part of the grid, the right count and a grid without both directions alone", () => {
    expect(columns("Stützen der Achsen 1 bis 7.", 28)).toEqual([]);
    expect(columns("Stützen für sämtliche Achsen des Stützenrasters.", 52)).toEqual([]);
    expect(columns("Stützen für sämtliche Achsen des Stützenrasters.", 48, "13 Stützenachsen in Längsrichtung.")).toEqual([]);
  });
});
