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
const BE = ["DIN 18299", "Baustelleneinrichtung"] as const;
const AB = ["DIN 18459", "Abbruch- und Rückbauarbeiten"] as const;
const SZ = ["DIN 18459/TRGS 519/521", "Schadstoffsanierung (Asbest, KMF, PAK)"] as const;
const K = ["DIN 18306", "Entwässerungskanalarbeiten"] as const;
const G = ["DIN 18451", "Gerüstarbeiten"] as const;
const WD = ["DIN 18345", "Wärmedämm-Verbundsysteme"] as const;
const P = ["DIN 18350", "Putz- und Stuckarbeiten"] as const;
const SD = ["DIN 18338", "Dachdeckungsarbeiten (Steildach)"] as const;
const Z = ["DIN 18334", "Zimmer- und Holzbauarbeiten"] as const;
const KL = ["DIN 18339", "Klempnerarbeiten"] as const;
const FT = ["DIN 18355/18360", "Fenster, Türen, Metallbau"] as const;
const MA = ["DIN 18363", "Maler- und Lackierarbeiten"] as const;
const BB = ["DIN 18365/18356", "Bodenbelag- und Parkettarbeiten"] as const;
const EL = ["DIN 18382", "Elektro- und Sicherheitstechnik"] as const;
const LU = ["DIN 18379", "Raumlufttechnische Anlagen"] as const;

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
    // Rows placed first because a general keyword of a later trade would take them otherwise
    // ("Fenster ausbauen" is demolition, not a window; "Dachrinne" is no Schlitzrinne).
    r(...SZ, "asbestzement, asbest-zement, eternit", "m2", 25, 60),
    r(...SZ, "asbest", "m2", 40, 120),
    r(...SZ, "asbest", "t", 250, 700),
    r(...SZ, "kmf, kuenstliche mineralfaser, alte mineralwolle, mineralwolle ausbauen", "m2", 12, 35),
    r(...SZ, "kmf, mineralfaser", "t", 250, 600),
    r(...SZ, "pak, teerhaltig, teer", "m2", 20, 60),
    r(...SZ, "pak, teerhaltig, teer, gefaehrlich, schadstoffhaltig, belastet", "t", 120, 400),
    r(...SZ, "schwarzbereich, personenschleuse, materialschleuse, schleuse, unterdruck", "st", 800, 3000),
    r(...SZ, "unterdruckhaltung, schwarzbereich, schleuse", "wo", 250, 900),
    r(...SZ, "freimessung, raumluftmessung, faserfreimessung", "st", 350, 1200),
    r(...AB, "saegeschnitt, wandsaege, seilsaege, betonsaege, schneiden", "m", 40, 150),
    r(...AB, "saegeschnitt, wandsaege, seilsaege, betonsaege", "m2", 150, 450),
    r(...AB, "abbruch, abbrechen, rueckbau, abtragen, stemmen", "m3", 60, 220),
    r(
      ...AB,
      "abbruch, abbrechen, rueckbau, entfernen, abloesen, ausbauen, demontage, demontieren, entkernung, abschlagen, aufnehmen und entsorgen",
      "m2",
      8,
      40,
    ),
    r(...AB, "abbruch, abbrechen, rueckbau, entfernen, ausbauen, demontage, demontieren", "m", 5, 25),
    r(...AB, "abbruch, abbrechen, rueckbau, entfernen, ausbauen, demontage, demontieren", "st", 25, 180),
    r(...AB, "mischabfall, baumischabfall, bauabfall, abfall, entsorgung, entsorgen, container", "t", 80, 250),
    r(...AB, "mischabfall, baumischabfall, bauabfall, container, mulde", "st", 350, 900),
    r(...AB, "container, mulde, bauschutt, abfuhr", "m3", 35, 90),
    r(...KL, "dachrinne, hangrinne, kastenrinne, vorgehaengte rinne", "m", 35, 85),
    r(...W, "bodenablauf, duschablauf", "st", 150, 450),
    r(...SD, "dachfenster, wohndachfenster, dachflaechenfenster", "st", 900, 2200),
    r(...T, "trockenestrich, fertigteilestrich", "m2", 35, 65),
    r(...Z, "rauspund, osb, holzschalung, brettschalung, dachschalung, holzwerkstoffplatte", "m2", 20, 48),
    r(...WD, "wdvs, waermedaemmverbund, waermedaemm-verbund, verbundsystem, fassadendaemmung", "m2", 90, 170),
    r(...EL, "kabelrinne, kabeltrasse, kabelbahn, gitterrinne, kabelleiter", "m", 20, 55),
    r(...EL, "kabelkanal, brustungskanal, bruestungskanal, installationskanal, leitungskanal, geraeteeinbaukanal", "m", 15, 80),
    r(...EL, "leerrohr, installationsrohr, flexrohr, schutzrohr, panzerrohr", "m", 3, 12),
    r(...EL, "sprechanlage, tuerkommunikation, klingelanlage", "st", 250, 900),
    r(...LU, "brandschutzklappe", "st", 400, 1200),
    r(...LU, "lueftungsleitung, luftleitung, wickelfalz, spiralfalz, lueftungsrohr, lueftungskanal", "m", 25, 90),
    r(...WD, "sockeldaemmung", "m2", 70, 140),
    r(...SD, "unterspannbahn, unterdeckbahn, unterdeckung, unterspannung", "m2", 6, 16),
    r(...SD, "aufsparrendaemmung", "m2", 60, 130),
    r(...D, "attikaanschluss, anschluss der abdichtung", "m", 35, 70),
    r(...KL, "attikaabdeckung", "m", 45, 95),
    r(...Z, "holzfassade, boden-deckel, stulpschalung, rhombusschalung", "m2", 70, 160),
    r(...FT, "gelaender, handlauf, absturzsicherung", "m", 80, 450),
    r(...T, "dachschraege, dachschraegenbekleidung", "m2", 45, 90),
    r(...S, "trittschall", "m2", 5, 12),
    r(...S, "ausgleichsmasse, spachtelmasse, nivellier, ausgleichsschicht, selbstverlaufend", "m2", 8, 22),
    r(...F, "verbundabdichtung", "m2", 25, 45),
    r(...MA, "lackieren, lackierung, streichen", "st", 40, 140),
    r(...BB, "linoleum, pvc-belag, vinylbelag, designbelag, kautschuk, elastischer belag", "m2", 35, 80),
    r(...BB, "textil, teppich, nadelvlies, velours", "m2", 25, 65),
    r(...BB, "sockelleiste, fussleiste", "m", 6, 18),
    r(...V, "rasengitter, rasenfuge, oekopflaster, schotterrasen, rasenwabe", "m2", 25, 55),
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
    // Rows added for the trades the first table did not cover (issue 24 item 2): every usual
    // building trade gets a range for its common work.
    // Stundenlohn of every trade
    r(
      ...A,
      "stundenlohn, lohnstunde, regie, geselle, vorarbeiter, polier, elektriker, installateur, maler, maurer, zimmerer, klempner, meister, arbeitskraft, arbeiter",
      "h",
      50,
      75,
    ),
    // Baustelleneinrichtung (lump sums stay unpriced: no table can price "1 psch")
    r(...BE, "container, baucontainer, unterkunft, buerocontainer, sanitaercontainer, wc-container, toilette", "wo", 60, 200),
    r(...BE, "container, baucontainer, unterkunft, buerocontainer, sanitaercontainer, toilette", "st", 400, 1500),
    r(...BE, "baustelleneinrichtung, vorhalten, vorhaltung, kran, baustrom, bauwasser, beleuchtung", "wo", 150, 900),
    r(...BE, "baustelleneinrichtung, einrichten, raeumen, kran, baustromverteiler, baustrom", "st", 500, 4000),
    r(...BE, "bauzaun, absperrung, schutzzaun", "m", 8, 20),
    r(...BE, "bauzaun, absperrung, schutzzaun", "wo", 1, 4),
    r(...BE, "schutzabdeckung, abdecken, schutzvlies, schutzfolie, staubschutz, staubwand", "m2", 2, 8),
    r(...BE, "bautreppe, treppenturm", "st", 500, 1800),
    r(...BE, "container, baucontainer, unterkunft, buerocontainer, sanitaercontainer, toilette", "mt", 250, 800),
    r(...BE, "baustelleneinrichtung, vorhalten, vorhaltung, kran, baustrom, bauwasser, bauzaun", "mt", 600, 3500),
    r(...BE, "container, baucontainer, baustelleneinrichtung, vorhalten, vorhaltung, kran, geruest", "d", 15, 150),
    r(...G, "standzeit, gebrauchsueberlassung, vorhaltung, vorhalten, geruest", "m2wo", 0.1, 0.4),
    r(...A, "lkw, kran, geraet, maschine, radlader, walze, ruettler, fahrer, transporter, kompressor, hebebuehne", "h", 60, 130),
    r(...BE, "endreinigung, bauendreinigung, reinigung, feinreinigung, grobreinigung", "m2", 1.5, 5),
    // Erdarbeiten (more)
    r(...E, "oberboden, mutterboden, andecken", "m3", 10, 30),
    r(...E, "bodenaustausch, austausch", "m3", 25, 55),
    r(...E, "rohrgraben, graben, leitungsgraben, kabelgraben", "m3", 20, 55),
    r(...E, "rohrgraben, graben, leitungsgraben, kabelgraben", "m", 25, 90),
    r(...E, "fundamentaushub, einzelfundament, streifenfundament", "m3", 15, 45),
    r(...E, "boden, erdreich, erdstoff, bodenmaterial, bodenklasse, homogenbereich", "m3", 10, 35),
    r(...E, "boden, erdstoff, aushub, abfuhr, entsorgung, entsorgen, z 1, z1, z 2, z2, dk", "t", 12, 45),
    r(...E, "verbau, baugrubenverbau, spundwand, trägerbohlwand, traegerbohlwand, grabenverbau", "m2", 40, 150),
    r(...E, "boeschung, boeschungsschutz, abdeckfolie", "m2", 2, 8),
    r(...E, "verdichten, verdichtung, planie, feinplanum, grobplanum", "m2", 1, 4),
    r(...E, "schotter, kies, frostschutz, mineralgemisch, sand, recycling, rc-material, tragschicht, kapillarbrech", "m3", 30, 65),
    r(...E, "vlies, geotextil, trennlage", "m2", 2, 6),
    // Kanal und Tiefbau
    r(...K, "tv-inspektion, kamerabefahrung, kanalbefahrung, inspektion", "m", 3, 9),
    r(...K, "dichtheitspruefung, druckpruefung, dichtheit", "m", 3, 9),
    r(...K, "steinzeug", "m", 80, 220),
    r(...K, "betonrohr, stahlbetonrohr", "m", 90, 260),
    r(
      ...K,
      "kg-rohr, kg 2000, kg2000, pvc-rohr, pvc-u, pp-rohr, abwasserleitung, abwasserkanal, regenwasserleitung, schmutzwasserleitung, grundleitung, kanalrohr, kanal, rohrleitung dn",
      "m",
      35,
      140,
    ),
    r(...K, "draenleitung, draenrohr, drainage, draenage, sickerrohr", "m", 18, 45),
    r(...K, "schachtabdeckung, abdeckung klasse, schachtdeckel", "st", 250, 750),
    r(...K, "schacht, kontrollschacht, revisionsschacht, pumpenschacht, sickerschacht", "st", 1200, 4500),
    r(...K, "hausanschluss, kanalanschluss, anschluss an den, anschluss an vorhandene, einbinden, anbohren", "st", 300, 2500),
    r(...K, "formstueck, bogen, abzweig, reduzier, muffe, uebergang", "st", 20, 150),
    r(...K, "rigole, versickerung, fuellkoerper, zisterne", "m3", 80, 250),
    r(...K, "rigole, versickerung, zisterne, regenrueckhalt, ruckstau, rueckstau, abscheider", "st", 800, 6000),
    r(...K, "rinne, entwaesserungsrinne", "m", 60, 180),
    // Beton- und Stahlbeton (more)
    r(...B, "filigrandecke, elementdecke, halbfertigteil, fertigteildecke, hohldiele", "m2", 70, 140),
    r(...B, "bodenplatte, sohle", "m2", 60, 130),
    r(...B, "stahlbetondecke, stb-decke, betondecke, ortbetondecke, massivdecke, deckenplatte", "m2", 80, 160),
    r(...B, "stahlbetonwand, stb-wand, betonwand, ortbetonwand", "m2", 110, 200),
    r(...B, "stuetze, stuetzen", "m3", 350, 750),
    r(...B, "unterzug, balken, ueberzug, ringbalken, sturz", "m3", 300, 650),
    r(...B, "ringbalken, ringanker, sturz, stuerze, unterzug, balken", "m", 30, 90),
    r(...B, "stuetzenschalung, schalung stuetze, unterzugschalung, balkenschalung", "m2", 40, 85),
    r(...B, "sauberkeit, magerbeton, unterbeton", "m3", 120, 220),
    r(...B, "stahlbeton, ortbeton, beton, stb, c20/25, c25/30, c30/37, c35/45", "m3", 170, 380),
    r(...B, "betonstahl, bewehrung, matten, stabstahl", "kg", 1.4, 2.2),
    r(...B, "fertigteiltreppe, treppenlauf, podest", "st", 1500, 5000),
    r(...B, "fugenband, dichtband, arbeitsfuge, fugenblech, quellband", "m", 15, 50),
    r(...B, "aussparung, durchbruch, einbauteil, ankerschiene, einlegeteil", "st", 15, 90),
    r(...B, "perimeterdaemmung, xps", "m2", 25, 55),
    r(...B, "abdichtung, dickbeschichtung, kmb, pmbc, bitumendickbeschichtung", "m2", 25, 55),
    r(...B, "noppenbahn, noppenfolie, schutzbahn, draenmatte, draenplatte", "m2", 6, 15),
    // Mauerwerk (more)
    r(...M, "kalksandstein, ks-, porenbeton, ziegel, planstein, hochlochziegel, mauerwerk, mauer, bims, leichtbeton", "m2", 45, 110),
    r(...M, "mauerwerk, kalksandstein, ziegel, porenbeton", "m3", 280, 550),
    r(...M, "schlitz, schlitze", "m", 8, 25),
    r(...M, "schornstein, kamin, abgasanlage", "m", 120, 300),
    r(...M, "verblend, klinker, vormauer", "m2", 110, 200),
    r(...M, "anschlussfuge, mauerwerksanschluss, maueranker, luftschichtanker", "m", 5, 15),
    r(...M, "abfangung, ueberdeckung", "st", 60, 250),
    // Gerüst
    r(...G, "fanggeruest, schutzdach, dachfanggeruest, schutzwand", "m", 15, 45),
    r(...G, "standzeit, gebrauchsueberlassung, vorhaltung, vorhalten, vorhaltezeit", "m2", 0.3, 1.5),
    r(...G, "geruest, fassadengeruest, arbeitsgeruest, raumgeruest, standgeruest, flaechengeruest", "m2", 6, 15),
    r(...G, "netz, plane, schutznetz, bespannung", "m2", 1, 4),
    r(...G, "konsole, konsolen, innenkonsole", "m", 5, 15),
    r(...G, "rollgeruest, fahrgeruest", "st", 200, 700),
    r(...G, "geruest, treppenturm, aufzug", "st", 400, 1800),
    r(...G, "geruest, standzeit, vorhaltung", "wo", 50, 400),
    // WDVS, Fassade, Putz
    r(...WD, "laibung, leibung", "m", 25, 65),
    r(...WD, "sockeldaemmung, sockel, perimeter", "m2", 70, 140),
    r(...WD, "brandriegel, brandsperre", "m", 20, 55),
    r(...WD, "armierung, gewebe, unterputz", "m2", 12, 28),
    r(...WD, "fensterbank, fensterbaenke, sohlbank", "m", 40, 110),
    r(...WD, "vorgehaengt, hinterlueftet, fassadenbekleidung, faserzement, fassadenplatte", "m2", 150, 350),
    r(
      ...WD,
      "anschlussprofil, abschlussprofil, sockelprofil, tropfkante, anputzleiste, eckschiene, kantenprofil, putzprofil, eckwinkel",
      "m",
      3,
      15,
    ),
    r(...WD, "fassadendaemmung, aussenwanddaemmung, daemmung fassade, daemmung der fassade", "m2", 35, 80),
    r(...P, "oberputz, deckputz, edelputz, scheibenputz, kratzputz, strukturputz, reibeputz, silikonharzputz", "m2", 15, 35),
    r(...P, "aussenputz, fassadenputz", "m2", 35, 75),
    r(...P, "sanierputz, daemmputz", "m2", 35, 75),
    r(...P, "innenputz, kalkputz, gipsputz, kalkzementputz, kalk-zement, maschinenputz, wandputz, deckenputz, putz", "m2", 18, 38),
    r(...P, "ausbesser, beiputz, putzausbesserung", "m2", 30, 80),
    r(...P, "fassadenanstrich, fassadenfarbe, siliconharzfarbe, silikatfarbe", "m2", 10, 25),
    // Dach: Steildach und Flachdach (more)
    r(...SD, "dachziegel, dachstein, ziegeldeckung, betondachstein, eindeckung, dachdeckung, deckung, biberschwanz, pfannen", "m2", 40, 90),
    r(...SD, "schiefer", "m2", 110, 220),
    r(...SD, "unterspannbahn, unterdeckbahn, unterdeckung, unterspannung, diffusionsoffen", "m2", 6, 16),
    r(...SD, "lattung, konterlattung, traglattung", "m2", 8, 20),
    r(...SD, "aufsparrendaemmung", "m2", 60, 130),
    r(...SD, "zwischensparrendaemmung, untersparrendaemmung, daemmung zwischen", "m2", 25, 55),
    r(...SD, "ortgang, first, grat, traufe, kehle, pultabschluss", "m", 25, 80),
    r(...SD, "schneefang, schneeschutz, laufanlage, trittstufe", "m", 25, 70),
    r(...SD, "dachhaken, sicherheitsdachhaken, dachtritt, lueftungsziegel, durchgangsziegel, antennendurchgang", "st", 30, 150),
    r(...D, "kunststoffbahn, fpo, epdm, pvc-bahn, tpo, kunststoffdachbahn", "m2", 25, 48),
    r(...D, "kies, kiesschuettung, auflast, plattenbelag, dachterrass", "m2", 8, 40),
    r(...D, "dachbegruenung, begruenung, extensiv, substrat, vegetation", "m2", 30, 65),
    r(...D, "dachdaemmung, gefaelledaemmplatte, pir, flachdachdaemmung", "m2", 25, 60),
    r(...D, "anschluss, aufkantung, abschluss, randabschluss, wandanschluss", "m", 25, 70),
    r(...D, "sekuritant, absturzsicherung, seilsicherung", "m", 40, 120),
    // Zimmerer und Holzbau
    r(
      ...Z,
      "dachstuhl, sparren, pfette, kantholz, bauholz, konstruktionsvollholz, kvh, brettschichtholz, bsh, holzbalken, balkenlage, schwelle",
      "m3",
      700,
      1500,
    ),
    r(...Z, "sparren, pfette, kantholz, kvh, bsh, holzbalken, schwelle, rahmholz", "m", 15, 50),
    // one piece of 4–8 m (8/24 × 7,60 m ≈ 0,15 m³ at 700–1.500 €/m³, with abbinden)
    r(...Z, "sparren, pfette, kantholz, kvh, holzbalken, deckenbalken, stuetze", "st", 60, 400),
    r(...Z, "holzbalkendecke, holzdecke, brettstapel, brettsperrholz, clt", "m2", 80, 170),
    r(...Z, "holzrahmen, holztafel, holzstaender, holzstaenderwand, holzstaenderwerk", "m2", 140, 300),
    r(...Z, "holzfassade, holzverschalung, boden-deckel, stulpschalung, rhombus, bekleidung", "m2", 70, 160),
    r(...Z, "holzschutz, impraegnier, lasur", "m2", 5, 15),
    r(...Z, "abbund, abbinden, aufstellen, montage", "m3", 150, 400),
    r(...Z, "gaube, dachgaube", "st", 4000, 12000),
    r(...Z, "stahlblech, holzverbinder, balkenschuh, winkelverbinder", "st", 5, 30),
    // Klempner
    r(...KL, "fallrohr, regenfallrohr, standrohr", "m", 30, 75),
    r(...KL, "rinnenstutzen, einhangstutzen, stutzen, rinnenkessel, wasserspeier, speier, standrohr", "st", 25, 200),
    r(...KL, "mauerabdeckung, abdeckblech, mauerkrone, attikablech, brustungsabdeckung, bruestungsabdeckung", "m", 40, 95),
    r(
      ...KL,
      "verwahrung, kaminverwahrung, kehlblech, ortgangblech, traufblech, anschlussblech, blech, titanzink, zink, kupfer, aluminium",
      "m",
      25,
      75,
    ),
    r(...KL, "verwahrung, kaminverwahrung", "st", 150, 500),
    r(...KL, "stehfalz, doppelstehfalz, blechdach, metalldach, titanzink, zink, kupfer", "m2", 80, 180),
    // Elektro (cables, sockets, distribution, lighting)
    r(
      ...EL,
      "nym, nyy, nhxh, n2xh, (n)hxh, mantelleitung, installationsleitung, stegleitung, kabel, h07, j-y(st)y, jy(st)y, datenleitung, cat, erdkabel, leitung",
      "m",
      3,
      16,
    ),
    r(
      ...EL,
      "leitungsschutzschalter, sicherungsautomat, fehlerstrom, fi-schalter, fi/ls, rcd, ls-schalter, ueberspannung, hauptschalter",
      "st",
      25,
      250,
    ),
    r(
      ...EL,
      "steckdose, schuko, schalter, taster, serienschalter, wechselschalter, kreuzschalter, bewegungsmelder, praesenzmelder, dimmer, abzweigdose, geraetedose, dose",
      "st",
      25,
      95,
    ),
    r(...EL, "netzwerkdose, datendose, anschlussdose, rj45, tae, antennendose", "st", 40, 130),
    r(...EL, "sicherheitsleuchte, notleuchte, rettungszeichenleuchte, rettungszeichen, fluchtweg", "st", 150, 450),
    r(
      ...EL,
      "leuchte, downlight, led-panel, led panel, lampe, langfeldleuchte, anbauleuchte, einbauleuchte, strahler, wandleuchte, pendelleuchte, aussenleuchte, mastleuchte",
      "st",
      70,
      400,
    ),
    r(...EL, "zaehlerschrank, zaehlerplatz, zaehleranschluss", "st", 800, 2500),
    r(...EL, "unterverteilung, verteilung, stromkreisverteiler, hauptverteilung, verteiler, kleinverteiler", "st", 600, 4000),
    r(...EL, "rauchwarnmelder, rauchmelder", "st", 30, 90),
    r(
      ...EL,
      "potentialausgleich, erdung, fundamenterder, ringerder, erder, banderder, staberder, blitzschutz, ableitung, fangleitung",
      "m",
      8,
      30,
    ),
    r(...EL, "potentialausgleich, erdung, blitzschutz, ableitung, fangstange, anschlussfahne", "st", 40, 250),
    r(...EL, "wallbox, ladestation, ladepunkt", "st", 900, 2500),
    r(...EL, "herdanschluss, geraeteanschluss, anschluss, anschliessen", "st", 30, 150),
    r(...EL, "e-check, pruefung, messung, messprotokoll, abnahmepruefung", "st", 15, 60),
    r(...EL, "brandschott, abschottung, kabelabschottung", "st", 40, 250),
    // Fenster, Türen, Metallbau
    r(...FT, "hebeschiebetuer, hebe-schiebe, hebeschiebe", "st", 2500, 7000),
    r(...FT, "haustuer, hauseingangstuer, eingangstuer, eingangsanlage, eingangselement", "st", 2500, 7000),
    r(
      ...FT,
      "brandschutztuer, feuerschutztuer, rauchschutztuer, t30, t 30, t90, t 90, ei2 30, ei 30, stahltuer, stahlzargentuer",
      "st",
      900,
      2800,
    ),
    r(...FT, "fenstertuer, balkontuer, terrassentuer", "st", 900, 2400),
    r(
      ...FT,
      "fenster, fensterelement, kunststofffenster, holzfenster, holz-alu, aluminiumfenster, dreh-kipp, drehkipp, festverglasung, oberlicht",
      "st",
      450,
      1600,
    ),
    r(...FT, "fenster, fensterelement, festverglasung, verglasung, pfosten-riegel, pfostenriegel", "m2", 400, 1000),
    r(
      ...FT,
      "tuerdruecker, drueckergarnitur, beschlag, tuerschliesser, obentuerschliesser, schliesszylinder, profilzylinder, tuerstopper",
      "st",
      40,
      350,
    ),
    r(...FT, "zarge, umfassungszarge, blockzarge", "st", 150, 450),
    r(...FT, "innentuer, zimmertuer, tuerelement, tuerblatt, holztuer, tuer", "st", 400, 1300),
    r(
      ...FT,
      "rollladen, rolladen, raffstore, raffstoren, jalousie, aussenjalousie, sonnenschutz, markise, insektenschutz",
      "st",
      300,
      1200,
    ),
    r(...FT, "rollladen, rolladen, raffstore, jalousie, sonnenschutz", "m2", 150, 400),
    r(...FT, "handlauf", "m", 60, 160),
    r(...FT, "gelaender, absturzsicherung, bruestungsgelaender, treppengelaender, franzoesischer balkon", "m", 150, 450),
    r(...FT, "stahltreppe, spindeltreppe, aussentreppe", "st", 4000, 18000),
    r(...FT, "gitterrost, gitterroste", "m2", 90, 220),
    r(...FT, "stahlbau, stahlkonstruktion, stahltraeger, traeger, profilstahl, hea, heb, ipe, upe, baustahl, s235, s355", "kg", 3, 7),
    r(...FT, "stahlbau, stahlkonstruktion, stahltraeger, traeger, profilstahl, hea, heb, ipe, baustahl", "t", 3000, 7000),
    r(...FT, "vordach, briefkasten, briefkastenanlage, fahnenmast", "st", 300, 5000),
    r(...FT, "fensterbank, fensterbaenke", "m", 30, 110),
    r(...FT, "anschlussfuge, fugenabdichtung, kompriband, fugendichtband, fensteranschluss, abdichtungsband, montage fenster", "m", 8, 25),
    // Trockenbau (more)
    r(...T, "gipskarton, gk-platte, gipsplatte, gipsfaser, beplankung, bekleidung", "m2", 25, 55),
    r(...T, "dachschraege, dachgeschoss, kehlbalken", "m2", 45, 90),
    r(...T, "schachtwand, installationsschacht", "m2", 70, 140),
    r(...T, "abgehaengte decke, deckenbekleidung, abhangdecke, deckensegel, gk-decke, gipskartondecke", "m2", 40, 85),
    r(...T, "trennwand, montagewand, leichtbauwand, gk-wand, gipskartonwand, installationswand", "m2", 45, 95),
    r(...T, "eckschutz, kantenschutz, eckprofil", "m", 3, 10),
    // Estrich (more)
    r(...S, "ausgleichsmasse, spachtelmasse, nivellier, ausgleichsschicht, selbstverlaufend", "m2", 8, 22),
    r(...S, "grundierung, haftbruecke, voranstrich", "m2", 2, 6),
    r(...S, "daemmung unter estrich, estrichdaemmung, ausgleichsdaemmung, ept", "m2", 8, 22),
    r(...S, "trennlage, pe-folie, folie", "m2", 1, 3),
    // Repair mortar by volume (PCC/kunstharzvergütet, by hand): 40–80 €/m² at 20 mm
    r(...S, "reparaturmoertel, instandsetzungsmoertel, ausbesserungsmoertel, pcc-moertel, fehlstellen", "m3", 2000, 4000),
    r(...S, "reparaturmoertel, instandsetzungsmoertel, ausbesserungsmoertel, fehlstellen, ausbrueche", "m2", 25, 80),
    // Fliesen (more)
    r(...F, "mosaik", "m2", 80, 160),
    r(...F, "naturstein, werkstein, granit, marmor", "m2", 100, 220),
    r(...F, "stufe, treppenstufe, treppenbelag", "m", 60, 160),
    r(...F, "stufe, treppenstufe", "st", 60, 180),
    r(...F, "fliese, fliesen, wandbelag, plattenbelag, keramik, steinzeug", "m2", 55, 110),
    r(...F, "fuge, fugen, kantenschutz, eckschiene, abschlussschiene", "m", 4, 15),
    // Maler
    r(...MA, "raufaser, tapete, tapezieren, glasvlies, vlies, glasgewebe, malervlies", "m2", 7, 18),
    r(...MA, "spachtelung, spachteln, q2, q3, q4, glaetten", "m2", 5, 18),
    r(...MA, "bodenbeschichtung, epoxid, epoxidharz, 2k, versiegelung", "m2", 18, 55),
    r(...MA, "lackierung, lackieren, lack, lackanstrich", "m2", 15, 35),
    r(...MA, "lackierung, lackieren, lack, anstrich, streichen, beschichten, beschichtung", "st", 40, 140),
    r(...MA, "lackierung, lackieren, lack, anstrich, streichen, beschichten, beschichtung", "m", 4, 14),
    r(...MA, "abkleben, abdecken, abdeckarbeit, schutzabdeckung", "m2", 1, 4),
    r(...MA, "grundierung, tiefgrund, vorstrich, grundanstrich, sperrgrund, isoliergrund", "m2", 1.5, 5),
    r(
      ...MA,
      "dispersion, anstrich, streichen, beschichtung, farbe, innenanstrich, wandanstrich, deckenanstrich, malerarbeiten, latex, silikat, lasur, schlussbeschichtung, zwischenbeschichtung",
      "m2",
      5,
      15,
    ),
    // Bodenbelag und Parkett
    r(...BB, "parkett, fertigparkett, massivparkett, mehrschichtparkett, stabparkett, dielen", "m2", 60, 140),
    r(...BB, "parkett schleifen, abschleifen, schleifen, versiegeln, oelen", "m2", 20, 45),
    r(...BB, "laminat", "m2", 25, 50),
    r(...BB, "teppich, textil, nadelvlies, velours", "m2", 25, 65),
    r(...BB, "linoleum, pvc, vinyl, designbelag, kautschuk, elastisch, bodenbelag, belag, kork", "m2", 35, 80),
    r(...BB, "sauberlaufzone, sauberlauf, schmutzfang, fussmatte", "m2", 80, 220),
    r(...BB, "sockelleiste, fussleiste, sockel, leiste", "m", 6, 18),
    r(...BB, "treppenkante, stufenkante, kantenprofil, uebergangsprofil, profil, schiene", "m", 10, 40),
    // Lüftung
    r(...LU, "einzelraumluefter, dezentral, ventilator, abluftventilator, luefter, badluefter", "st", 150, 900),
    r(
      ...LU,
      "lueftungsgeraet, kwl, wohnraumlueftung, lueftungsanlage, lueftungszentrale, rlt-geraet, klimageraet, waermerueckgewinnung",
      "st",
      3000,
      15000,
    ),
    r(
      ...LU,
      "luftleitung, lueftungskanal, lueftungsleitung, wickelfalz, lueftungsrohr, spiralfalz, luftkanal, zuluft, abluft, fortluft, aussenluft",
      "m",
      25,
      90,
    ),
    r(...LU, "luftleitung, lueftungskanal, kanal, blechkanal", "m2", 50, 120),
    r(
      ...LU,
      "luftauslass, zuluftventil, abluftventil, tellerventil, luftdurchlass, gitter, lueftungsgitter, dralldurchlass, ueberstroem",
      "st",
      30,
      180,
    ),
    r(...LU, "schalldaempfer, volumenstromregler, regelklappe, klappe", "st", 150, 800),
    r(...LU, "daemmung, isolierung, kaeltedaemmung", "m2", 20, 50),
    // Heizung (more)
    r(...H, "gasbrennwert, brennwert, heizkessel, kessel, therme, pelletkessel", "st", 5000, 16000),
    r(...H, "fernwaerme, uebergabestation, hausanschlussstation", "st", 6000, 20000),
    r(...H, "umwaelzpumpe, heizungspumpe, pumpe", "st", 300, 1300),
    r(...H, "ausdehnungsgefaess, membranausdehnung", "st", 150, 700),
    r(...H, "ventil, absperr, kugelhahn, thermostat, strangregul, heizkoerperventil, schieber, rueckschlag", "st", 20, 200),
    r(...H, "hydraulischer abgleich, abgleich, inbetriebnahme, spuelen, druckprobe, fuellen", "st", 30, 150),
    r(...H, "rohrdaemmung, daemmung, isolierung, daemmschale", "m", 8, 28),
    r(...H, "heizungsrohr, heizleitung, heizungsverteil, stahlrohr, c-stahl, praessrohr", "m", 25, 75),
    r(...H, "fussbodenheizung, flaechenheizung, heizflaeche, heizrohr", "m2", 35, 70),
    // Sanitär (more)
    r(...W, "badewanne, wanne, duschwanne, duschtasse", "st", 500, 1600),
    r(...W, "urinal", "st", 400, 1000),
    r(...W, "armatur, mischbatterie, einhebel, thermostat, brause, duscharmatur", "st", 150, 500),
    r(...W, "hebeanlage, pumpanlage", "st", 1500, 6000),
    r(...W, "warmwasserbereiter, durchlauferhitzer, boiler, trinkwasserspeicher", "st", 500, 3000),
    r(...W, "wasserzaehler, hauswasserstation, filter, druckminderer, enthaertung", "st", 100, 1200),
    r(...W, "spuele, ausgussbecken, kuechenanschluss, anschluss", "st", 80, 450),
    r(...W, "ht-rohr, sml, abflussrohr, fallleitung, schmutzwasser, regenwasser, entwaesserung", "m", 30, 80),
    r(...W, "rohrdaemmung, daemmung, isolierung", "m", 8, 28),
    r(
      ...W,
      "mehrschichtverbund, verbundrohr, kupfer, pressrohr, trinkwasser, kaltwasser, warmwasser, zirkulation, rohrleitung, leitung, rohr",
      "m",
      18,
      50,
    ),
    r(...W, "feuerloescher, wandhydrant, loeschwasser", "st", 60, 1500),
    // Außenanlagen und Pflaster (more)
    r(...L, "rasen, rasenansaat, raseneinsaat, ansaat, landschaftsrasen", "m2", 2, 7),
    r(...L, "fertigrasen, rollrasen", "m2", 8, 16),
    r(...L, "strauch, straeucher, hecke, heckenpflanze, bodendecker, pflanze, staude, solitaer", "st", 6, 80),
    r(...L, "pflanzflaeche, pflanzung, beet, mulch, rindenmulch", "m2", 8, 35),
    r(...L, "zaun, stabmattenzaun, doppelstabmatte, maschendraht, einfriedung", "m", 50, 160),
    r(...L, "einfahrtstor, gartentor, schiebetor, drehtor, hoftor, gartenpforte", "st", 800, 6000),
    r(...L, "winkelstuetz, l-stein, stuetzmauer, gabionen, gabione, palisade, mauer", "m", 80, 300),
    r(...L, "baumschutz, stammschutz", "st", 60, 300),
    r(...L, "poller, sitzbank, bank, abfallbehaelter, abfallbehaeltnis, spielgeraet, fahrradstaender", "st", 150, 3000),
    r(...V, "rasengitter, rasenfuge, oekopflaster, schotterrasen, rasenwabe", "m2", 25, 55),
    r(...V, "wassergebunden, wegedecke, splitt, kiesflaeche, deckschicht", "m2", 15, 40),
    r(...V, "betonplatte, gehwegplatte, platten, plattenbelag, terrassenplatte, naturstein", "m2", 40, 110),
    r(...V, "tiefbord, hochbord, randstein, rasenkante, einfassung, kantenstein, rabattenstein, muldenstein", "m", 25, 70),
    r(...V, "markierung, fahrbahnmarkierung, parkplatzmarkierung", "m", 2, 8),
    r(...V, "tragschicht, frostschutz, schottertragschicht, planum", "m2", 6, 25),
    r(...V, "schachtabdeckung angleichen, anpassen, hoehe anpassen, regulieren", "st", 80, 350),
    // Insulation the rows above do not place in a trade
    r(
      "DIN 18336/18345/18353",
      "Dämmarbeiten (gewerkübergreifend)",
      "daemmung, daemmplatte, mineralwolle, eps, xps, pir, pur, holzfaser, glaswolle, steinwolle",
      "m2",
      15,
      60,
    ),
  ],
};

const UNIT_ALIASES: Record<string, string> = {
  qm: "m2",
  cbm: "m3",
  lfm: "m",
  lfdm: "m",
  lm: "m",
  stk: "st",
  stck: "st",
  stueck: "st",
  std: "h",
  stunde: "h",
  stunden: "h",
  woche: "wo",
  wochen: "wo",
  wch: "wo",
  stwo: "wo",
  to: "t",
  kilogramm: "kg",
  monat: "mt",
  monate: "mt",
  mon: "mt",
  mo: "mt",
  mtl: "mt",
  tag: "d",
  tage: "d",
  kt: "d",
  at: "d",
  wt: "d",
  qmwo: "m2wo",
  m2xwo: "m2wo",
  "m2*wo": "m2wo",
  m2woche: "m2wo",
};
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
  // The short text names the work; where it names only the place ("Untersichten Treppenläufe"), an
  // estimator reads the long text's first sentence ("… streichen").
  const firstSentence = position.longText.split(/\n|(?<=[.;])\s/)[0] ?? "";
  const texts = [position.shortText, firstSentence].filter(Boolean).map(fold);
  let row: ReferencePriceRow | undefined;
  for (const head of texts) {
    row = table.rows.find((row) => row.unit === unit && row.keywords.some((k) => k && head.includes(k)));
    if (row) break;
  }
  if (!row) return null;
  return { row, low: round2(row.low * factor), high: round2(row.high * factor) };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
