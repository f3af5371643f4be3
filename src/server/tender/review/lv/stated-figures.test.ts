// Quantities against the LV's own figures in the usual German forms: each planted error is found on
// its position with the expected value, and the harmless variants (another part of the building,
// waste, a partial layer, a tile size) stay quiet.

import { describe, expect, it } from "vitest";
import { emptyFlags, newNode, type BoqNode } from "../../types";
import { buildLvView } from "./facts";
import { ownFigureHits } from "./own-figures";
import { QUANTITY_RULES } from "./quantities";
import { statedCount } from "./stated-counts";
import { productCounts, roomDimensions, statedLength, wordNumber } from "./stated-figures";
import { lvPositions, type PositionSpec } from "./test-lv";

type Spec = PositionSpec;

function lv(title: string, specs: Spec[], preamble = "") {
  return ownFigureHits(buildLvView({ positions: lvPositions([{ title, specs }]), preamble }));
}

describe("stated figures", () => {
  it("reads number words, dimensions, lengths and products", () => {
    expect(wordNumber("zwoelf")).toBe(12);
    expect(wordNumber("zweiundsiebzig")).toBe(72);
    expect(roomDimensions("raum 3,10 x 2,45 m")).toMatchObject([{ length: 3.1, width: 2.45, count: 1, exact: true }]);
    expect(roomDimensions("bad rund 3,10 m x 2,45 m")).toMatchObject([{ length: 3.1, width: 2.45, count: 1, exact: false }]);
    expect(roomDimensions("in 4 duschraeumen je 6,50 m x 4,20 m")).toMatchObject([{ length: 6.5, width: 4.2, count: 4 }]);
    expect(roomDimensions("flurflaeche je geschoss 38,50 m x 1,80 m")).toMatchObject([{ perUnit: "geschoss" }]);
    // the door of a room is no room
    expect(roomDimensions("abzueglich tueroeffnung je raum 1,00 m x 2,10 m")).toEqual([]);
    expect(roomDimensions("fliesen 0,30 x 0,60 m")).toEqual([]); // a tile, not a room
    expect(statedLength("trasse, laenge rd. 86 m")).toBe(86);
    expect(productCounts("4 geschosse a 18 fenster")[0].count).toBe(72);
    expect(statedCount("stuetze", "11 zweigelenkrahmen; je rahmen sind zwei stuetzen angeordnet")?.count).toBe(22);
    expect(statedCount("wohnung", "vier vollgeschosse (eg bis 3. og) mit je drei wohnungen")?.count).toBe(12);
    expect(statedCount("stuetze", "je rahmen sind zwei stuetzen")).toBeNull(); // a count per unit is no total
  });
});

describe("quantities against the LV's own figures", () => {
  const cases: { name: string; title?: string; preamble?: string; specs: Spec[]; oz: string; expected: number }[] = [
    {
      name: "tiled floor ten times the room",
      specs: [{ shortText: "Bodenfliesen Feinsteinzeug", longText: "Bad EG, Raum 3,10 × 2,45 m.", qty: 76, unit: "m²" }],
      oz: "01.0010",
      expected: 7.595,
    },
    {
      name: "room written with units on both sides",
      specs: [{ shortText: "Linoleum", longText: "Büro, Raumgröße 3,10 m x 2,45 m.", qty: 76, unit: "m²" }],
      oz: "01.0010",
      expected: 7.595,
    },
    {
      name: "slab volume against area × thickness in mm",
      specs: [{ shortText: "Stahlbetondecke C25/30", longText: "Deckenfläche 420 m², Dicke 250 mm.", qty: 1050, unit: "m³" }],
      oz: "01.0010",
      expected: 105,
    },
    {
      name: "wall plaster against length × h",
      specs: [{ shortText: "Innenputz Wand", longText: "Wandlänge 86 m, h = 2,75 m.", qty: 2365, unit: "m²" }],
      oz: "01.0010",
      expected: 236.5,
    },
    {
      name: "cable against its stated length",
      specs: [{ shortText: "Erdkabel NYY-J 5 × 16", longText: "Trasse zum Nebengebäude, Länge rd. 86 m.", qty: 860, unit: "m" }],
      oz: "01.0010",
      expected: 86,
    },
    {
      name: "a total count in the text",
      specs: [{ shortText: "Innentür Röhrenspan", longText: "Insgesamt 72 Stück nach Türliste.", qty: 720, unit: "St" }],
      oz: "01.0010",
      expected: 72,
    },
    // Counts per unit in the Vorbemerkungen, chained and held both ways (tune2 misses, new wordings)
    {
      name: "radiators per room × rooms per corridor",
      preamble: "Das Wohnheim hat 5 Flure mit je 12 Zimmern. Pro Zimmer ist ein Heizkörper vorhanden.",
      specs: [{ shortText: "Heizkörper Kompakt 22/600", qty: 30, unit: "St" }],
      oz: "01.0010",
      expected: 60,
    },
    {
      name: "half the roof windows the houses have",
      preamble: "Es entstehen sechs Reihenhäuser. Jedes Haus hat vier Dachfenster.",
      specs: [{ shortText: "Dachfenster Holz 78/118", qty: 12, unit: "St" }],
      oz: "01.0010",
      expected: 24,
    },
    {
      name: "downpipes per house half × length each",
      preamble: "Zwei Doppelhäuser (vier Haushälften). Je Haushälfte sind zwei Regenfallrohre mit je ca. 7,50 m Länge vorgesehen.",
      specs: [{ shortText: "Regenfallrohr DN 100", qty: 30, unit: "m" }],
      oz: "01.0010",
      expected: 60,
    },
    {
      name: "lintels counted by the openings",
      preamble: "Das Haus hat 10 Wohnungen; jede Wohnung hat fünf Fensteröffnungen.",
      specs: [{ shortText: "Betonfertigteilsturz", qty: 25, unit: "St" }],
      oz: "01.0010",
      expected: 50,
    },
    {
      name: "frames counted by the doors",
      preamble: "Es gibt 4 Etagen mit je 9 Büros; je Büro ist eine Tür vorhanden.",
      specs: [{ shortText: "Stahlzarge lackieren", qty: 3, unit: "St" }],
      oz: "01.0010",
      expected: 36,
    },
    {
      name: "a chain of counts: frames × columns × bolts",
      preamble: "8 Hallenrahmen; je Rahmen sind zwei Stützen angeordnet.",
      specs: [{ shortText: "Ankerbolzen M20", longText: "Je Stütze 4 Ankerbolzen.", qty: 32, unit: "St" }],
      oz: "01.0010",
      expected: 64,
    },
    {
      name: "volume with a mean layer thickness",
      specs: [{ shortText: "Ausgleichsmörtel", longText: "Schichtdicke im Mittel 15 mm, Fläche ca. 200 m².", qty: 30, unit: "m³" }],
      oz: "01.0010",
      expected: 3,
    },
    {
      name: "one floor left out of floors × area each",
      specs: [
        { shortText: "Filigrandecke", longText: "Decken über EG, 1. OG und 2. OG (drei Decken) je ca. 240 m².", qty: 480, unit: "m²" },
      ],
      oz: "01.0010",
      expected: 720,
    },
    {
      name: "windows as floors à windows in the Vorbemerkungen",
      preamble: "Das Gebäude hat 4 Geschosse à 18 Fenster.",
      specs: [{ shortText: "Kunststofffenster Dreh-Kipp", qty: 144, unit: "St" }],
      oz: "01.0010",
      expected: 72,
    },
    {
      name: "roof insulation against the roof area in the Vorbemerkungen",
      title: "Flachdach",
      preamble: "Dachfläche ca. 1.240 m², Attika umlaufend.",
      specs: [
        { shortText: "Dampfsperre", qty: 1240, unit: "m²" },
        { shortText: "Wärmedämmung PIR 160 mm", qty: 12400, unit: "m²" },
      ],
      oz: "01.0020",
      expected: 1240,
    },
    {
      name: "trench as length × width × depth",
      specs: [{ shortText: "Rohrgraben ausheben", longText: "Graben 86 m lang, 0,80 m breit, 1,20 m tief.", qty: 825.6, unit: "m³" }],
      oz: "01.0010",
      expected: 82.56,
    },
    {
      name: "area as Länge × Breite",
      specs: [{ shortText: "Pflaster Hoffläche", longText: "Länge 40 m, Breite 12 m.", qty: 4800, unit: "m²" }],
      oz: "01.0010",
      expected: 480,
    },
    {
      name: "disposal in t against the volume in the text",
      specs: [{ shortText: "Mauerwerk abbrechen und entsorgen", longText: "Ziegelmauerwerk, ca. 48 m³.", qty: 864, unit: "t" }],
      oz: "01.0010",
      expected: 86.4,
    },
    {
      name: "cable length per socket × the sockets counted",
      specs: [
        { shortText: "Schutzkontaktsteckdose", qty: 260, unit: "St" },
        { shortText: "Mantelleitung NYM-J 3 × 2,5", longText: "Zuleitung ca. 8 m je Steckdose.", qty: 20800, unit: "m" },
      ],
      oz: "01.0020",
      expected: 2080,
    },
    {
      name: "windows per floor in the Vorbemerkungen",
      preamble: "Viergeschossig; je Geschoss 18 Fenster.",
      specs: [{ shortText: "Holzfenster", qty: 720, unit: "St" }],
      oz: "01.0010",
      expected: 72,
    },
    {
      name: "disposal more than the excavation",
      title: "Erdarbeiten",
      specs: [
        { shortText: "Baugrube ausheben", qty: 1450, unit: "m³" },
        { shortText: "Arbeitsraum verfüllen", qty: 380, unit: "m³" },
        { shortText: "Boden laden und abfahren", qty: 3070, unit: "m³" },
      ],
      oz: "01.0030",
      expected: 1070,
    },
  ];
  for (const c of cases)
    it(`finds: ${c.name}`, () => {
      const hits = lv(c.title ?? "Leistungen", c.specs, c.preamble);
      expect(hits.map((h) => h.oz)).toEqual([c.oz]);
      expect(hits[0].expectedQty).toBeCloseTo(c.expected, 2);
      expect(hits[0].evidence).toMatch(/erwartet etwa/);
    });

  const quiet: { name: string; title?: string; preamble?: string; specs: Spec[] }[] = [
    {
      name: "roof windows as the houses have them",
      preamble: "Es entstehen sechs Reihenhäuser. Jedes Haus hat vier Dachfenster.",
      specs: [{ shortText: "Dachfenster Holz 78/118", qty: 24, unit: "St" }],
    },
    {
      name: "all floors × area each",
      specs: [
        { shortText: "Filigrandecke", longText: "Decken über EG, 1. OG und 2. OG (drei Decken) je ca. 240 m².", qty: 735, unit: "m²" },
      ],
    },
    {
      name: "a per-unit count of something else",
      preamble: "Jede Wohnung hat zwei Balkone.",
      specs: [{ shortText: "Balkontür Kunststoff", qty: 10, unit: "St" }],
    },
    {
      name: "a per-floor area is no total",
      specs: [{ shortText: "Trittschalldämmung", longText: "Je Geschoss ca. 210 m², vier Geschosse.", qty: 840, unit: "m²" }],
    },
    {
      name: "a facade area for a roof position",
      title: "Flachdach",
      preamble: "Fassadenfläche ca. 980 m².",
      specs: [{ shortText: "Wärmedämmung PIR 160 mm", qty: 2400, unit: "m²" }],
    },
    {
      name: "waste and overlaps",
      title: "Flachdach",
      preamble: "Dachfläche ca. 1.240 m².",
      specs: [{ shortText: "Oberlage Polymerbitumen", qty: 1480, unit: "m²" }],
    },
    {
      name: "a layer on part of the roof",
      title: "Flachdach",
      preamble: "Dachfläche ca. 1.240 m².",
      specs: [{ shortText: "Kiesschüttung 16/32", qty: 420, unit: "m²" }],
    },
    {
      name: "tile size in the text",
      specs: [{ shortText: "Bodenfliesen", longText: "Format 0,60 × 0,60 m, rektifiziert.", qty: 240, unit: "m²" }],
    },
    {
      name: "window size in a piece position",
      specs: [{ shortText: "Fenster", longText: "Größe 1,01 × 1,26 m, insgesamt 18 Stück.", qty: 18, unit: "St" }],
    },
    {
      name: "window sills counted against windows",
      preamble: "4 Geschosse à 18 Fenster.",
      specs: [{ shortText: "Fensterbank innen", qty: 36, unit: "St" }],
    },
    {
      name: "disposal after loosening",
      title: "Erdarbeiten",
      specs: [
        { shortText: "Baugrube ausheben", qty: 1000, unit: "m³" },
        { shortText: "Aushub abfahren", qty: 1250, unit: "m³" },
      ],
    },
    {
      name: "backfill with delivered gravel",
      title: "Erdarbeiten",
      specs: [
        { shortText: "Baugrube ausheben", qty: 100, unit: "m³" },
        { shortText: "Verfüllen mit geliefertem Schotter", qty: 400, unit: "m³" },
      ],
    },
    {
      name: "the size of one parking space",
      specs: [{ shortText: "Betonsteinpflaster Stellplätze", longText: "Stellplatz 2,50 × 5,00 m.", qty: 600, unit: "m²" }],
    },
    {
      name: "the length of one sill",
      specs: [{ shortText: "Fensterbank innen", longText: "Länge 1,26 m, Tiefe 0,25 m.", qty: 160, unit: "m" }],
    },
    {
      name: "a delivery length",
      specs: [{ shortText: "Regenfallrohr DN 100", longText: "Lieferlänge 6 m, Einzellänge 3 m.", qty: 64, unit: "m" }],
    },
    {
      name: "the footprint against the topsoil strip",
      title: "Erdarbeiten",
      preamble: "Grundfläche des Gebäudes ca. 800 m².",
      specs: [{ shortText: "Oberboden abtragen", qty: 2400, unit: "m²" }],
    },
    {
      name: "a count of parts of one piece",
      specs: [{ shortText: "Fenster zweiflügelig", longText: "Anzahl der Flügel: 2 Stück.", qty: 72, unit: "St" }],
    },
    {
      name: "excavation in several positions",
      title: "Erdarbeiten",
      specs: [
        { shortText: "Baugrube ausheben", qty: 600, unit: "m³" },
        { shortText: "Fundamentaushub", qty: 400, unit: "m³" },
        { shortText: "Aushub laden und abfahren", qty: 1200, unit: "m³" },
      ],
    },
    { name: "a limit, not a size", specs: [{ shortText: "Estrich", longText: "Räume bis 40 m² ohne Fuge.", qty: 860, unit: "m²" }] },
  ];
  for (const c of quiet)
    it(`stays quiet: ${c.name}`, () => {
      expect(lv(c.title ?? "Leistungen", c.specs, c.preamble)).toEqual([]);
    });
});

describe("what is not held to the LV's figures", () => {
  it("Bedarfspositionen and lump sums", () => {
    const positions: BoqNode[] = [
      newNode("title", { oz: "01", shortText: "Leistungen" }),
      newNode("item", {
        oz: "01.0010",
        parentOz: "01",
        level: 1,
        shortText: "Innentür",
        longText: "Insgesamt 72 Stück.",
        qty: 720,
        unit: "St",
        flags: { ...emptyFlags(), provisional: "WithoutTotal" },
      }),
      newNode("item", {
        oz: "01.0020",
        parentOz: "01",
        level: 1,
        shortText: "Bedarfsposition: Kabel NYY",
        longText: "Länge rd. 86 m.",
        qty: 860,
        unit: "m",
        flags: emptyFlags(),
      }),
      newNode("item", {
        oz: "01.0030",
        parentOz: "01",
        level: 1,
        shortText: "Estrich",
        longText: "Fläche 240 m².",
        qty: 1,
        unit: "psch",
        flags: emptyFlags(),
      }),
    ];
    expect(ownFigureHits(buildLvView({ positions, preamble: "" }))).toEqual([]);
  });
});

describe("measuring rules are no room sizes", () => {
  it("„Öffnungen bis 2,5 m² werden übermessen“ does not size a wall", () => {
    const hits = lv("Putzarbeiten", [
      { shortText: "Innenputz Öffnungen", longText: "Öffnungen bis 2,5 m² werden übermessen.", qty: 860, unit: "m²" },
    ]);
    expect(hits).toEqual([]);
  });
});

describe("relations between positions: the finding sits on the wrong figure", () => {
  const rohbau = (slab: number, formwork: number) => {
    const positions: BoqNode[] = [newNode("title", { oz: "03", shortText: "Stahlbetonarbeiten" })];
    const specs: Spec[] = [
      { shortText: "Deckenschalung", qty: formwork, unit: "m²" },
      { shortText: "Stahlbetondecke C25/30", longText: "Deckenplatte, d = 25 cm.", qty: slab, unit: "m³" },
      { shortText: "Stahlbetonwand C25/30", longText: "d = 20 cm", qty: 60, unit: "m³" },
      { shortText: "Betonstahl B500", qty: 18, unit: "t" },
    ];
    specs.forEach((sp, i) =>
      positions.push(newNode("item", { oz: `03.00${i + 1}0`, parentOz: "03", level: 1, longText: "", ...sp, flags: emptyFlags() })),
    );
    const view = buildLvView({ positions, preamble: "" });
    return QUANTITY_RULES.flatMap((r) => r.check(view).map((h) => ({ rule: r.id, ...h })));
  };
  it("a slab volume ten times formwork × thickness, steel usual for the right volume: on the concrete", () => {
    const hits = rohbau(1050, 420);
    expect(hits.map((h) => [h.rule, h.oz])).toEqual([["mengenverhaeltnis-schalung", "03.0020"]]);
    expect(hits[0].expectedQty).toBe(105);
  });
  it("a formwork ten times the slab: on the formwork", () => {
    const hits = rohbau(105, 4200);
    expect(hits.map((h) => [h.rule, h.oz])).toEqual([["mengenverhaeltnis-schalung", "03.0010"]]);
  });
  it("all three agree: quiet", () => {
    expect(rohbau(105, 430)).toEqual([]);
  });
});
