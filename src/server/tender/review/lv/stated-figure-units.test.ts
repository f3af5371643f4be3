// The forms of the fifth tuning round (tune6): pieces × length × section or weight per metre, the
// count of the thing in its own text, lengths per side and per thing, the outline in the position's
// own text, named surfaces, exact area × thickness, and units that contradict the long text. Each
// with two other wordings that fire and two harmless look-alikes that stay quiet.

import { describe, expect, it } from "vitest";
import { buildLvView } from "./facts";
import { ownFigureHits } from "./own-figures";
import { lvPositions, type PositionSpec } from "./test-lv";
import { unitContradictions } from "./unit-plausibility";

type Spec = PositionSpec;

const positions = (specs: Spec[]) => lvPositions([{ title: "Leistungen", specs }]);
const one = (specs: Spec[], preamble = "") =>
  ownFigureHits(buildLvView({ positions: positions(specs), preamble })).map((h) => ({ oz: h.oz, expected: h.expectedQty }));
const units = (specs: Spec[], preamble = "") => unitContradictions(buildLvView({ positions: positions(specs), preamble })).map((h) => h.oz);

describe("pieces × length × cross-section or weight per metre", () => {
  it("reads timber and steel members from their count, length and section", () => {
    const balken =
      "Deckenbalken BSH GL24h, Querschnitt 12/24 cm, Länge 6,50 m, 38 Balken je Decke, Decken über EG und über 1. OG (2 Decken).";
    expect(one([{ shortText: "Deckenbalken BSH 12/24", longText: balken, qty: 142.27, unit: "m³" }])).toEqual([
      { oz: "01.0010", expected: 14.227 },
    ]);
    const pfetten = "Pfetten aus KVH, Querschnitt 14/26 cm, 9 Pfetten, Länge je 12,00 m, abbinden und verlegen.";
    expect(one([{ shortText: "Pfetten KVH 14/26", longText: pfetten, qty: 39.31, unit: "m³" }])).toEqual([
      { oz: "01.0010", expected: 3.931 },
    ]);
    const traeger = "Deckenträger HEB 240, Spannweite 8,00 m, 14 Träger, Metergewicht 83,2 kg/m, liefern und montieren.";
    expect(one([{ shortText: "Deckenträger HEB 240", longText: traeger, qty: 0.932, unit: "t" }])).toEqual([
      { oz: "01.0010", expected: 9.318 },
    ]);
    expect(one([{ shortText: "Deckenträger HEB 240", longText: traeger, qty: 9.6, unit: "t" }])).toEqual([]);
  });
  it("leaves alone a count of something else and a section without the pieces", () => {
    // the count is of Anschlüsse, not of Stützen
    const stuetzen = "Stützen HEA 200, Länge 4,00 m, mit 12 Anschlüssen an die Riegel, Nenngewicht 42,3 kg/m.";
    expect(one([{ shortText: "Stützen HEA 200", longText: stuetzen, qty: 5, unit: "t" }])).toEqual([]);
    const schwelle = "Schwelle aus KVH, Querschnitt 12/16 cm, Länge 6,00 m, auf 3 Lagen Bitumenbahn.";
    expect(one([{ shortText: "Schwelle KVH 12/16", longText: schwelle, qty: 1.2, unit: "m³" }])).toEqual([]);
  });
});

describe("the count of the thing in its own text", () => {
  it("holds the pieces to the count the text states, both ways", () => {
    const sparren = "Sparren KVH 8/24 cm, Länge 7,60 m, 32 Sparrenpaare (64 Sparren). Abrechnung je Sparren.";
    expect(one([{ shortText: "Sparren KVH 8/24", longText: sparren, qty: 32, unit: "St" }])).toEqual([{ oz: "01.0010", expected: 64 }]);
    const tueren = "Innentüren aus Röhrenspan, 42 Türen, mit Zarge und Drückergarnitur.";
    expect(one([{ shortText: "Innentüren Röhrenspan", longText: tueren, qty: 24, unit: "St" }])).toEqual([{ oz: "01.0010", expected: 42 }]);
    expect(one([{ shortText: "Innentüren Röhrenspan", longText: tueren, qty: 42, unit: "St" }])).toEqual([]);
  });
  it("leaves alone parts of the thing, norms and per-unit counts", () => {
    const verteiler = "Heizkreisverteiler Edelstahl, 6 Heizkreise, mit Durchflussmessern.";
    expect(one([{ shortText: "Heizkreisverteiler 6 Kreise", longText: verteiler, qty: 48, unit: "St" }])).toEqual([]);
    const leuchte = "Sicherheitsleuchte LED nach DIN EN 1838 und DIN VDE V 0108-100-1, 2 Leuchten je Flur.";
    expect(one([{ shortText: "Sicherheitsleuchte", longText: leuchte, qty: 36, unit: "St" }])).toEqual([]);
  });
});

describe("a count per thing × the things another position's text counts", () => {
  const stuetzen = {
    shortText: "Rahmenstützen HEA 300",
    longText: "Länge 8,00 m, 22 Stück (11 Rahmenachsen × 2), Nenngewicht 88,3 kg/m.",
    qty: 15.54,
    unit: "t",
  };
  it("multiplies the pieces per thing by the stated count, both ways", () => {
    const anker = { shortText: "Ankerbolzen M24", longText: "Ankerbolzen M24, feuerverzinkt, je Stütze 4 Stück.", qty: 44, unit: "St" };
    expect(one([stuetzen, anker])).toEqual([{ oz: "01.0020", expected: 88 }]);
    const platten = {
      shortText: "Fußplatten",
      longText: "Fußplatten 400 × 400 × 30 mm, je Stütze 1 Stück, mit Bohrungen.",
      qty: 11,
      unit: "St",
    };
    expect(one([stuetzen, platten])).toEqual([{ oz: "01.0020", expected: 22 }]);
    expect(one([stuetzen, { ...anker, qty: 88 }])).toEqual([]);
  });
  it("leaves alone a thing two positions count, and a count within the tolerance", () => {
    const giebel = { shortText: "Giebelstützen HEA 200", longText: "Länge 7,50 m, 8 Stück, Nenngewicht 42,3 kg/m.", qty: 2.54, unit: "t" };
    const anker = { shortText: "Ankerbolzen M20", longText: "je Stütze 4 Stück.", qty: 44, unit: "St" };
    expect(one([stuetzen, giebel, anker])).toEqual([]); // which Stützen? both positions count some
    expect(one([stuetzen, { ...anker, qty: 80 }])).toEqual([]);
  });
});

describe("lengths per side and per thing, the outline in the own text", () => {
  it("doubles a length per side and multiplies a length per thing", () => {
    const rinne = "Muldenrinne dreizeilig, beidseitig entlang des Kirchwegs (Länge 180,00 m je Seite).";
    expect(one([{ shortText: "Pflasterrinne", longText: rinne, qty: 180, unit: "m" }])).toEqual([{ oz: "01.0010", expected: 360 }]);
    const bord = "Tiefbord, beiderseits des Gehwegs, Länge 95,00 m je Seite.";
    expect(one([{ shortText: "Tiefbord", longText: bord, qty: 190, unit: "m" }])).toEqual([]);
    const laibung = "Laibungsdämmung, Abwicklung je Fenster 2 × 1,385 m + 1,26 m = 4,03 m, 96 Fenster (3 Häuser × 32).";
    expect(one([{ shortText: "Laibungsdämmung Fenster", longText: laibung, qty: 128.96, unit: "m" }])).toEqual([
      { oz: "01.0010", expected: 386.88 },
    ]);
    const fuge = "Anschlussfuge umlaufend, Länge je Tür ca. 5,20 m, 24 Türen.";
    expect(one([{ shortText: "Anschlussfuge Türen", longText: fuge, qty: 62.4, unit: "m" }])).toEqual([{ oz: "01.0010", expected: 124.8 }]);
    expect(one([{ shortText: "Anschlussfuge Türen", longText: fuge, qty: 130, unit: "m" }])).toEqual([]);
  });
  it("takes the outline the position states for work along the whole building", () => {
    const erder = "Ringerder im Streifenfundament entlang des gesamten Gebäudeumfangs, Gebäudeabmessungen 48,00 m × 16,50 m.";
    expect(one([{ shortText: "Fundamenterder", longText: erder, qty: 64.5, unit: "m" }])).toEqual([{ oz: "01.0010", expected: 129 }]);
    expect(one([{ shortText: "Fundamenterder", longText: erder, qty: 132, unit: "m" }])).toEqual([]);
    // a length without the whole outline: no perimeter
    const teil = "Erder an der Nordseite, Gebäudeabmessungen 48,00 m × 16,50 m.";
    expect(one([{ shortText: "Erder", longText: teil, qty: 48, unit: "m" }])).toEqual([]);
  });
});

describe("named surfaces, exact area × thickness, extents with a genitive", () => {
  it("reads a surface named right before its dimensions, not the size of one tile", () => {
    const rost = "Gitterroste auf der Lagerbühne, Bühnenfläche 12,00 m × 4,00 m.";
    expect(one([{ shortText: "Gitterroste", longText: rost, qty: 84, unit: "m²" }])).toEqual([{ oz: "01.0010", expected: 48 }]);
    const podest = "Belag auf dem Podest, Podestfläche 6,00 m × 3,50 m.";
    expect(one([{ shortText: "Podestbelag", longText: podest, qty: 21, unit: "m²" }])).toEqual([]);
    const platten = "Betonplatten, Plattenfläche 0,60 m × 0,60 m, im Splittbett.";
    expect(one([{ shortText: "Betonplattenbelag", longText: platten, qty: 320, unit: "m²" }])).toEqual([]);
  });
  it("holds an exact area × thickness both ways, an approximate one only upwards", () => {
    const fss = "Frostschutzschicht 0/32, Dicke 30 cm, Fläche 180,00 m × 5,50 m = 990 m².";
    expect(one([{ shortText: "Frostschutzschicht", longText: fss, qty: 198, unit: "m³" }])).toEqual([{ oz: "01.0010", expected: 297 }]);
    const approx = "Schottertragschicht, Dicke ca. 30 cm, Fläche ca. 990 m².";
    expect(one([{ shortText: "Schottertragschicht", longText: approx, qty: 198, unit: "m³" }])).toEqual([]);
  });
  it("reads 'Gesamtlänge der Fundamentachsen' and 'Sockelhöhe gesamt'", () => {
    const graben = "Fundamentgräben ausheben, Breite 0,60 m, Tiefe 0,80 m, Gesamtlänge der Fundamentachsen 236,00 m.";
    expect(one([{ shortText: "Fundamentgräben ausheben", longText: graben, qty: 1132.8, unit: "m³" }])).toEqual([
      { oz: "01.0010", expected: 113.28 },
    ]);
    expect(one([{ shortText: "Fundamentgräben ausheben", longText: graben, qty: 118, unit: "m³" }])).toEqual([]);
    const sockel = "Sockeldämmung XPS, Sockelhöhe gesamt 0,50 m, abgewickelte Sockellänge aller drei Häuser 133,00 m.";
    expect(one([{ shortText: "Sockeldämmung XPS", longText: sockel, qty: 665, unit: "m²" }])).toEqual([{ oz: "01.0010", expected: 66.5 }]);
    expect(one([{ shortText: "Sockeldämmung XPS", longText: sockel, qty: 70, unit: "m²" }])).toEqual([]);
  });
});

describe("units that contradict the long text", () => {
  it("flags a quantity that is exactly a figure of another unit", () => {
    const kimm =
      "Kimmschicht aus KS-Kimmsteinen, Höhe bis 11,3 cm. Gesamtlänge lt. Grundriss 201,00 m. Abrechnung nach laufenden Metern Wandlänge.";
    expect(units([{ shortText: "Kimmschicht", longText: kimm, qty: 201, unit: "m³" }])).toEqual(["01.0010"]);
    const baenke = "Fensterbänke aus Aluminium, Ausladung 210 mm, Länge 1,30 m, für alle 96 Fenster.";
    expect(units([{ shortText: "Fensterbank Aluminium", longText: baenke, qty: 96, unit: "m²" }])).toEqual(["01.0010"]);
    const platte = [
      { shortText: "Zwischensparrendämmung", longText: "Dachfläche 2 × 25,00 m × 7,60 m = 380,00 m².", qty: 380, unit: "m²" },
      { shortText: "Unterdeckplatte Holzfaser 60 mm", longText: "Auf den Sparren, Fläche wie Pos. 01.0010.", qty: 380, unit: "m³" },
    ];
    expect(units(platte)).toEqual(["01.0020"]);
    const fuge = "Fugenband in der Arbeitsfuge, Länge 46,00 m. Abrechnung nach laufenden Metern.";
    expect(units([{ shortText: "Fugenband", longText: fuge, qty: 46, unit: "m²" }])).toEqual(["01.0010"]);
    const rinne = "Entwässerungsrinne DN 100 mit Gitterrost, Gesamtlänge 58,00 m, Abrechnung in lfm.";
    expect(units([{ shortText: "Entwässerungsrinne", longText: rinne, qty: 58, unit: "St" }])).toEqual(["01.0010"]);
    // a count in metres
    const sturz = "Fertigteilstürze für alle 64 Öffnungen, Länge je 1,50 m.";
    expect(units([{ shortText: "Sturz Fertigteil", longText: sturz, qty: 64, unit: "m" }])).toEqual(["01.0010"]);
  });
  it("leaves alone a unit the text also supports and a coincidence without a measuring rule", () => {
    // 40 m × 1,00 m = 40 m²: the figure fits the own unit too
    const putz = "Sockelputz, Länge 40,00 m, Höhe 1,00 m. Abrechnung nach laufenden Metern der Sockellänge.";
    expect(units([{ shortText: "Sockelputz", longText: putz, qty: 40, unit: "m²" }])).toEqual([]);
    // a length equal to the area, but the text measures nothing in metres
    const estrich = "Estrich im Flur, Flurlänge 24,00 m, Dicke 5 cm.";
    expect(units([{ shortText: "Zementestrich", longText: estrich, qty: 24, unit: "m²" }])).toEqual([]);
    // "96 Fenster" in a position counted in pieces: the right unit
    const baenke = "Fensterbänke aus Aluminium, Länge 1,30 m, für alle 96 Fenster.";
    expect(units([{ shortText: "Fensterbank Aluminium", longText: baenke, qty: 96, unit: "St" }])).toEqual([]);
  });
});
