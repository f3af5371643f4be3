// Reference unit-price ranges (Richtwerte) for unpriced LVs, and the construction price index
// that scales them to today. Shipped as data; a super admin can replace both (money/reference
// routes, table reference_prices) – the engine takes whatever table it is given.
//
// The ranges are bauklar's own orientation values, compiled from generally published market
// ranges for German building work (net, without VAT, normal quantities, no special conditions) for
// the price level of the quarter in `stand`. They are no official statistics: an estimate made
// with them is always marked "Schätzung (Richtwert)" and a price from the file always wins.
//
// Matching: the first row (in this order) whose unit fits the position's unit and one of whose
// keywords occurs in the position's short text (folded: "daemmung", "fussboden") prices it.

import { fold } from "../text";
import { normaliseUnit, unitClass, type UnitClass } from "../review/position-facts";

export interface ReferencePriceRow {
  /** The ATV (VOB/C) of the work, e.g. "DIN 18331". */
  atv: string;
  trade: string;
  /** Folded words; any of them in the short text selects the row. */
  keywords: string[];
  /** m2, m3, m, st, t, h, wo, psch */
  unit: string;
  low: number;
  high: number;
}

export interface PriceIndexPoint {
  /** "2025-Q2" */
  quarter: string;
  value: number;
}

export interface ReferencePriceTable {
  /** Price level of the ranges: "2025-Q2". */
  stand: string;
  source: string;
  rows: ReferencePriceRow[];
  /** Construction price index: values only where a published value is at hand (none are guessed). */
  index: { name: string; source: string; base: string; points: PriceIndexPoint[] };
}

const r = (atv: string, trade: string, keywords: string, unit: string, low: number, high: number): ReferencePriceRow => ({
  atv,
  trade,
  // ", " separates keywords; a decimal comma ("17,5") stays inside one.
  keywords: keywords.split(/,\s+/),
  unit,
  low,
  high,
});

const E = ["DIN 18300", "Erdarbeiten"] as const;
const B = ["DIN 18331", "Beton- und Stahlbetonarbeiten"] as const;
const M = ["DIN 18330", "Mauerarbeiten"] as const;
const D = ["DIN 18336/18338", "Abdichtungs- und Dachdeckungsarbeiten"] as const;
const T = ["DIN 18340", "Trockenbauarbeiten"] as const;
const S = ["DIN 18353", "Estricharbeiten"] as const;
const F = ["DIN 18352", "Fliesen- und Plattenarbeiten"] as const;
const H = ["DIN 18380", "Heizanlagen"] as const;
const W = ["DIN 18381", "Gas-, Wasser- und Entwässerungsanlagen"] as const;
const V = ["DIN 18318", "Pflaster- und Verkehrsflächen"] as const;
const L = ["DIN 18320", "Landschaftsbauarbeiten"] as const;
const A = ["DIN 18299", "Allgemeine Leistungen"] as const;

export const DEFAULT_REFERENCE_PRICES: ReferencePriceTable = {
  stand: "2025-Q2",
  source:
    "bauklar-Richtwerte: eigene Zusammenstellung aus allgemein veröffentlichten Marktspannen für Bauleistungen in Deutschland (netto, Normalmengen), Preisstand 2. Quartal 2025; keine amtliche Statistik",
  index: {
    name: "Baupreisindex Neubau Wohngebäude (Bauleistungen am Bauwerk)",
    source: "Statistisches Bundesamt (Destatis), GENESIS-Tabelle 61261-0002; Werte vom Systemadministrator einzutragen",
    base: "2021 = 100",
    // No value is shipped: without published values at hand the table's Preisstand is shown.
    points: [],
  },
  rows: [
    // Stundenlohn and general work
    r(...A, "helfer", "h", 38, 55),
    r(...A, "stundenlohn, facharbeiter, monteur, fliesenleger, dachdecker, trockenbauer", "h", 50, 72),
    r(...A, "minibagger, bagger", "h", 70, 110),
    r(...A, "bauzaun", "m", 8, 20),
    r(...A, "bauschild", "st", 300, 1200),
    r(...A, "verkehrssicherung", "wo", 150, 600),
    r(...A, "provisorisch, zugaeng", "st", 150, 500),
    r(...A, "kernbohrung", "st", 60, 180),
    // Erdarbeiten
    r(...E, "oberboden", "m2", 2, 6),
    r(...E, "abfahren, abfuhr, entsorg, verwert, laden", "m3", 15, 45),
    r(...E, "verfuell, wiedereinbau, arbeitsraum", "m3", 10, 30),
    r(...E, "aushub, ausheben, baugrube, boden loesen", "m3", 8, 25),
    r(...E, "wasserhaltung, pumpe", "h", 15, 60),
    r(...E, "planum", "m2", 1, 4),
    r(...E, "schotter, tragschicht, frostschutz", "m2", 8, 25),
    r(...S, "bauschutt", "t", 60, 180),
    // Beton- und Stahlbeton
    r(...B, "sauberkeitsschicht", "m2", 8, 18),
    r(...B, "randschalung, abschalung", "m", 10, 25),
    r(...B, "wandschalung, schalung wand", "m2", 30, 60),
    r(...B, "deckenschalung, schalung decke, schalung der decke", "m2", 30, 55),
    r(...B, "schalung", "m2", 30, 60),
    r(...B, "fundament", "m3", 180, 320),
    r(...B, "bodenplatte, sohle", "m3", 170, 280),
    r(...B, "wand, waende", "m3", 220, 380),
    r(...B, "decke", "m3", 200, 350),
    r(...B, "attika", "m", 60, 160),
    r(...B, "betonstahl, bewehrung, matten", "t", 1400, 2200),
    r(...B, "treppe", "st", 1500, 4000),
    r(...B, "waermedaemmelement, isokorb", "st", 150, 400),
    r(...B, "bewegungsfuge", "m", 25, 80),
    // Mauerwerk
    r(...M, "17,5, 24, tragend", "m2", 55, 95),
    r(...M, "11,5, nichttragend, mauerwerk", "m2", 45, 80),
    r(...M, "sturz, stuerze", "st", 20, 80),
    // Dach und Abdichtung
    r(...D, "voranstrich, untergrund vorbereiten", "m2", 1.5, 4),
    r(...D, "dampfsperre", "m2", 9, 18),
    r(...D, "gefaelledaemmung", "m2", 20, 40),
    r(...D, "waermedaemmung, daemmung eps, daemmung pir", "m2", 25, 55),
    r(...D, "oberlage, abdichtung, lage, bahn", "m2", 14, 28),
    r(...D, "attikaanschluss, anschluss der abdichtung", "m", 35, 70),
    r(...D, "attikaabdeckung, abdeckung", "m", 45, 90),
    r(...D, "dachablauf, flachdachablauf", "st", 180, 450),
    r(...D, "notueberlauf", "st", 120, 350),
    r(...D, "lichtkuppel", "st", 120, 300),
    r(...D, "rohrdurchfuehrung, luefter", "st", 40, 110),
    r(...D, "dichtheitspruefung", "st", 250, 700),
    r(...D, "anschlageinrichtung, anschlagpunkt", "st", 120, 300),
    r(...D, "bewegungsfuge", "m", 40, 100),
    // Trockenbau
    r(...T, "f90, ei 90, brandwand", "m2", 70, 130),
    r(...T, "f30, ei 30", "m2", 70, 140),
    r(...T, "hohlraumdaemmung", "m2", 5, 12),
    r(...T, "zulage", "m2", 3, 8),
    r(...T, "vorsatzschale, installationswand", "m2", 40, 80),
    r(...T, "verspachtelung, spachtel", "m2", 3, 12),
    r(...T, "rasterdecke, akustik", "m2", 35, 65),
    r(...T, "unterdecke, gk-decke", "m2", 40, 80),
    r(...T, "staenderwand, ms-wand, metallstaender, trennwand", "m2", 45, 90),
    r(...T, "deckenanschluss", "m", 8, 25),
    r(...T, "randwinkel, wandwinkel", "m", 3, 8),
    r(...T, "bewegungsfuge", "m", 20, 60),
    r(...T, "tueroeffnung", "st", 60, 180),
    r(...T, "revisionsklappe", "st", 80, 250),
    r(...T, "ausschnitt", "st", 5, 20),
    // Estrich
    r(...S, "trittschall", "m2", 5, 12),
    r(...S, "randdaemm, randstreifen", "m", 1, 3),
    r(...S, "heizestrich", "m2", 22, 40),
    r(...S, "gefaelle", "m2", 25, 60),
    r(...S, "altestrich", "m2", 15, 35),
    r(...S, "estrich", "m2", 18, 32),
    r(...S, "bewegungsfuge", "m", 10, 25),
    r(...S, "belegreif, cm-messung", "st", 25, 60),
    // Fliesen
    r(...F, "altbelag, fliesen entfernen", "m2", 12, 30),
    r(...F, "verbundabdichtung, abdichtung", "m2", 25, 45),
    r(...F, "wandfliesen", "m2", 55, 100),
    r(...F, "bodenfliesen, fliesen, feinsteinzeug", "m2", 55, 110),
    r(...F, "sockel", "m", 10, 25),
    r(...F, "wartungsfuge, silikon", "m", 4, 10),
    r(...F, "duschrinne", "st", 40, 120),
    // Heizung
    r(...H, "waermepumpe", "st", 18000, 40000),
    r(...H, "pufferspeicher, speicher", "st", 2000, 5000),
    r(...H, "wohnungsstation", "st", 1800, 3500),
    r(...H, "fussbodenheizung", "m2", 35, 65),
    r(...H, "heizkreisverteiler", "st", 500, 1100),
    r(...H, "verteilerschrank", "st", 150, 400),
    r(...H, "heizungssteigleitung, heizungsleitung", "m", 35, 80),
    r(...H, "badheizkoerper, heizkoerper", "st", 300, 800),
    // Sanitär
    r(...W, "edelstahl", "m", 40, 90),
    r(...W, "trinkwasser", "m", 18, 40),
    r(...W, "abwasser", "m", 30, 70),
    r(...W, "vorwandelement, vorwand", "st", 200, 450),
    r(...W, "wc", "st", 250, 600),
    r(...W, "waschtisch", "st", 200, 550),
    r(...W, "handwaschbecken", "st", 120, 350),
    r(...W, "dusche", "st", 500, 1200),
    // Verkehrsflächen und Außenanlagen
    r(...V, "asphalt aufbrechen, asphaltbefestigung", "m2", 6, 15),
    r(...V, "pflaster aufnehmen", "m2", 8, 18),
    r(...V, "bettung", "m2", 3, 8),
    r(...V, "wiederverlegen", "m2", 40, 80),
    r(...V, "granitpflaster, natursteinpflaster", "m2", 35, 70),
    r(...V, "betonsteinpflaster, pflaster", "m2", 35, 65),
    r(...V, "bordstein, bord", "m", 45, 90),
    r(...V, "schlitzrinne, rinne", "m", 120, 250),
    r(...V, "strassenablauf, ablauf", "st", 500, 1200),
    r(...V, "asphalt", "m2", 25, 60),
    r(...L, "baum pflanzen, hochstamm", "st", 800, 2000),
    r(...L, "baumgrube, baumsubstrat", "m3", 60, 120),
    r(...L, "fahrradbuegel, fahrradanlehn", "st", 150, 400),
  ],
};

const UNIT_ALIASES: Record<string, string> = { qm: "m2", cbm: "m3", lfm: "m", lfdm: "m", lm: "m", stk: "st", stck: "st", stueck: "st", std: "h", stunde: "h", stunden: "h", woche: "wo", wochen: "wo", to: "t" };
/** The table's unit spelling for a position's unit ("m²" → "m2", "Stck" → "st"). */
export const referenceUnit = (unit: string) => {
  const u = normaliseUnit(unit);
  return UNIT_ALIASES[u] ?? u;
};

export interface ReferenceMatch {
  row: ReferencePriceRow;
  /** Unit prices scaled to today with the index (factor 1 when no index value is at hand). */
  low: number;
  high: number;
}

/** The index factor from the table's Preisstand to the newest value, and how it is worded. */
export function indexScaling(table: ReferencePriceTable): { factor: number; note: string } {
  const points = [...table.index.points].sort((a, b) => a.quarter.localeCompare(b.quarter));
  const base = points.find((p) => p.quarter === table.stand);
  const latest = points.at(-1);
  if (!base || !latest || latest.quarter <= table.stand)
    return { factor: 1, note: `Preisstand ${quarterLabel(table.stand)} (kein neuerer Baupreisindex hinterlegt)` };
  const factor = latest.value / base.value;
  return {
    factor,
    note: `Preisstand ${quarterLabel(table.stand)}, mit dem ${table.index.name} auf ${quarterLabel(latest.quarter)} hochgerechnet (${base.value.toLocaleString("de-DE")} → ${latest.value.toLocaleString("de-DE")})`,
  };
}

/** "2025-Q2" → "2. Quartal 2025" */
export const quarterLabel = (q: string) => {
  const m = /^(\d{4})-Q([1-4])$/.exec(q);
  return m ? `${m[2]}. Quartal ${m[1]}` : q;
};

/** The reference price range for a position, or null when no row fits. */
export function referencePriceFor(
  position: { shortText: string; longText: string; unit: string },
  table: ReferencePriceTable,
  factor = indexScaling(table).factor,
): ReferenceMatch | null {
  const unit = referenceUnit(position.unit);
  if (!unit || unitClass(position.unit) === ("lumpSum" satisfies UnitClass)) return null;
  const head = fold(position.shortText || position.longText.split("\n")[0] || "");
  const row = table.rows.find((row) => row.unit === unit && row.keywords.some((k) => k && head.includes(k)));
  if (!row) return null;
  return { row, low: round2(row.low * factor), high: round2(row.high * factor) };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
