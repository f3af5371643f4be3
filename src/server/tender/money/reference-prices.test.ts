// The shipped reference price table prices the common work of every usual building trade: an
// unpriced LV of each trade, written as an estimator writes one, gets an estimated total with at
// least 60 % of its counted positions priced.

import { describe, expect, it } from "vitest";
import { linesToRows, referencePriceTableSchema, rowsToLines } from "../../../common/schemas/reference-prices";
import { newNode, type BoqNode } from "../types";
import { priceFindings } from "./money";
import { DEFAULT_REFERENCE_PRICES, referencePriceFor } from "./reference-prices";

type Row = [shortText: string, qty: number, unit: string];

function unpricedLv(rows: Row[]): BoqNode[] {
  return [
    newNode("title", { oz: "01", shortText: "Leistungen" }),
    ...rows.map(([shortText, qty, unit], i) =>
      newNode("item", { oz: `01.${String((i + 1) * 10).padStart(4, "0")}`, parentOz: "01", level: 1, shortText, qty, unit }),
    ),
  ];
}

const TRADES: Record<string, Row[]> = {
  Erdarbeiten: [
    ["Oberboden abtragen und seitlich lagern", 850, "m²"],
    ["Baugrube ausheben, Homogenbereich 2", 1450, "m³"],
    ["Arbeitsraum verfüllen, lagenweise verdichten", 380, "m³"],
    ["Überschüssigen Boden laden und abfahren", 1070, "m³"],
    ["Planum herstellen, Sohle verdichten", 620, "m²"],
    ["Frostschutzschicht 0/32, d = 30 cm", 620, "m²"],
    ["Geotextil GRK 3 verlegen", 650, "m²"],
  ],
  "Kanal/Tiefbau": [
    ["Rohrgraben ausheben, Tiefe bis 2,00 m", 240, "m³"],
    ["KG-Rohr DN 150 SN 8 verlegen", 86, "m"],
    ["KG 2000 DN 200 Grundleitung", 42, "m"],
    ["Kontrollschacht DN 1000 aus Betonfertigteilen", 3, "St"],
    ["Schachtabdeckung Klasse D 400", 3, "St"],
    ["Anschluss an den öffentlichen Kanal", 1, "St"],
    ["Dichtheitsprüfung der Grundleitungen", 128, "m"],
    ["Kamerabefahrung der Grundleitungen", 128, "m"],
  ],
  "Beton/Stahlbeton": [
    ["Sauberkeitsschicht C12/15, d = 5 cm", 420, "m²"],
    ["Bodenplatte C30/37, d = 25 cm", 105, "m³"],
    ["Stahlbetonwand C25/30, d = 20 cm", 64, "m³"],
    ["Wandschalung, glatt", 640, "m²"],
    ["Deckenschalung", 380, "m²"],
    ["Stahlbetondecke C25/30, d = 22 cm", 84, "m³"],
    ["Betonstahl B500 A/B, liefern und einbauen", 28, "t"],
    ["Stütze C30/37, 30/30 cm", 4, "m³"],
    ["Fugenband für Arbeitsfugen", 120, "m"],
  ],
  Mauerwerk: [
    ["Kalksandstein-Mauerwerk KS 20-2,0, d = 17,5 cm", 540, "m²"],
    ["Mauerwerk aus Porenbeton-Plansteinen, d = 24 cm", 380, "m²"],
    ["Nichttragende Innenwand, d = 11,5 cm", 260, "m²"],
    ["Flachsturz 11,5 cm, Länge 1,26 m", 42, "St"],
    ["Schlitze herstellen für Elektroleitungen", 180, "m"],
    ["Ringbalken U-Schale", 96, "m"],
  ],
  "Abbruch/Schadstoffsanierung": [
    ["Asbestzement-Wellplatten ausbauen nach TRGS 519", 420, "m²"],
    ["KMF-Dämmung (alte Mineralwolle) ausbauen und entsorgen", 380, "m²"],
    ["Schwarzbereich mit Personenschleuse einrichten", 1, "St"],
    ["Unterdruckhaltung vorhalten", 4, "Wo"],
    ["Freimessung nach TRGS 519", 2, "St"],
    ["Mauerwerk abbrechen, d = 24 cm", 48, "m³"],
    ["Bodenbelag entfernen und entsorgen", 620, "m²"],
    ["Türen ausbauen und entsorgen", 24, "St"],
    ["Baumischabfall entsorgen, AVV 17 09 04", 35, "t"],
  ],
  Gerüst: [
    ["Fassadengerüst Lastklasse 3, Breitenklasse W09", 1240, "m²"],
    ["Standzeit über 4 Wochen hinaus", 2480, "m²"],
    ["Schutznetz am Gerüst", 1240, "m²"],
    ["Dachfanggerüst an der Traufe", 86, "m"],
    ["Innenkonsolen", 120, "m"],
  ],
  "WDVS/Fassade/Putz": [
    ["WDVS EPS 160 mm, WLG 035, geklebt und gedübelt", 1180, "m²"],
    ["Sockeldämmung XPS 120 mm", 96, "m²"],
    ["Laibungen dämmen und putzen", 420, "m"],
    ["Brandriegel Mineralwolle, 20 cm hoch", 180, "m"],
    ["Oberputz mineralisch, Körnung 2 mm", 1180, "m²"],
    ["Fensterbänke Aluminium, außen", 160, "m"],
    ["Innenputz Kalkgipsputz einlagig, Q2", 2400, "m²"],
    ["Eckschienen und Anputzleisten", 620, "m"],
  ],
  "Dach (Steildach)": [
    ["Unterdeckbahn diffusionsoffen", 520, "m²"],
    ["Konterlattung 30/50 mm", 520, "m²"],
    ["Traglattung 30/50 mm", 520, "m²"],
    ["Dachdeckung mit Betondachsteinen", 520, "m²"],
    ["Ortgang mit Formsteinen", 48, "m"],
    ["First trocken verlegt", 24, "m"],
    ["Dachflächenfenster 78/140 cm", 6, "St"],
    ["Aufsparrendämmung PIR 160 mm", 520, "m²"],
  ],
  "Dach (Flachdach)": [
    ["Voranstrich auf Beton", 1236, "m²"],
    ["Dampfsperre Bitumen-Schweißbahn", 1236, "m²"],
    ["Wärmedämmung PIR 160 mm", 1236, "m²"],
    ["Gefälledämmung 2 %", 1236, "m²"],
    ["Oberlage Polymerbitumen-Schweißbahn", 1236, "m²"],
    ["Attikaanschluss, h = 50 cm", 142, "m"],
    ["Dachablauf DN 100 mit Anschlussflansch", 8, "St"],
    ["Kiesschüttung 16/32, d = 5 cm", 1236, "m²"],
  ],
  "Zimmerer/Holzbau": [
    ["Dachstuhl aus Konstruktionsvollholz, abbinden und aufstellen", 18, "m³"],
    ["Sparren KVH 8/20", 420, "m"],
    ["Rauspundschalung 24 mm", 520, "m²"],
    ["Holzbalkendecke, Balken 10/22", 140, "m²"],
    ["Holzfassade Lärche, Boden-Deckel-Schalung", 260, "m²"],
    ["Balkenschuhe und Winkelverbinder", 120, "St"],
  ],
  Klempner: [
    ["Hängedachrinne Titanzink, Zuschnitt 333", 86, "m"],
    ["Regenfallrohr Titanzink DN 100", 64, "m"],
    ["Rinnenstutzen", 8, "St"],
    ["Attikaabdeckung Aluminium, Zuschnitt 400 mm", 142, "m"],
    ["Kaminverwahrung Titanzink", 2, "St"],
    ["Standrohr Guss DN 100, 1 m", 8, "St"],
  ],
  "Fenster/Türen/Metallbau": [
    ["Kunststofffenster Dreh-Kipp, 1,01 × 1,26 m", 72, "St"],
    ["Balkontür zweiflügelig", 18, "St"],
    ["Hauseingangstür Aluminium mit Seitenteil", 2, "St"],
    ["Innentür Röhrenspan, 86 × 198,5 cm", 64, "St"],
    ["Umfassungszarge Stahl", 12, "St"],
    ["Drückergarnitur Edelstahl", 64, "St"],
    ["Rollladen mit Elektroantrieb", 72, "St"],
    ["Treppengeländer Stahl verzinkt", 48, "m"],
    ["Stahlkonstruktion S235 für Vordach", 850, "kg"],
  ],
  Trockenbau: [
    ["Metallständerwand CW 75, doppelt beplankt", 960, "m²"],
    ["Abgehängte Decke GK 12,5 mm", 640, "m²"],
    ["Vorsatzschale freistehend", 120, "m²"],
    ["Dachschrägenbekleidung GK", 280, "m²"],
    ["Türöffnung in Ständerwand", 28, "St"],
    ["Revisionsklappe 30/30 cm", 12, "St"],
    ["Deckenanschluss gleitend", 210, "m"],
  ],
  Estrich: [
    ["Trittschalldämmung EPS-T 30-2", 1150, "m²"],
    ["Randdämmstreifen", 980, "m"],
    ["Zementestrich CT-C25-F4, d = 50 mm, schwimmend", 1150, "m²"],
    ["Heizestrich CAF-C25-F5", 420, "m²"],
    ["Bewegungsfugen im Estrich", 120, "m"],
    ["CM-Messung je Raum", 24, "St"],
  ],
  Fliesen: [
    ["Verbundabdichtung im Duschbereich", 86, "m²"],
    ["Wandfliesen 30 × 60 cm", 240, "m²"],
    ["Bodenfliesen Feinsteinzeug 60 × 60 cm", 310, "m²"],
    ["Fliesensockel, h = 6 cm", 180, "m"],
    ["Wartungsfugen Silikon", 420, "m"],
    ["Mosaik im Duschbereich", 24, "m²"],
  ],
  Maler: [
    ["Raufaser tapezieren", 2400, "m²"],
    ["Dispersionsanstrich Wand, zweifach", 3100, "m²"],
    ["Deckenanstrich Dispersion", 1150, "m²"],
    ["Tiefgrund auftragen", 1150, "m²"],
    ["Stahlzargen lackieren", 64, "St"],
    ["Heizkörper lackieren", 48, "St"],
    ["Bodenbeschichtung Epoxidharz im Technikraum", 60, "m²"],
  ],
  Bodenbelag: [
    ["Linoleum 2,5 mm, Bahnenware", 860, "m²"],
    ["Fertigparkett Eiche, geklebt", 420, "m²"],
    ["Textiler Bodenbelag Nadelvlies", 240, "m²"],
    ["Sockelleisten Holz", 620, "m"],
    ["Sauberlaufzone im Eingang", 12, "m²"],
    ["Spachtelmasse, d bis 3 mm", 1520, "m²"],
  ],
  Elektro: [
    ["Mantelleitung NYM-J 3 × 1,5 mm²", 4800, "m"],
    ["NYM-J 5 × 2,5 mm²", 1200, "m"],
    ["Schutzkontaktsteckdose, unterputz", 260, "St"],
    ["Ausschalter / Wechselschalter", 140, "St"],
    ["Unterverteilung für 48 TE, bestückt", 12, "St"],
    ["Leitungsschutzschalter B16", 180, "St"],
    ["LED-Panel 62 × 62 cm", 120, "St"],
    ["Sicherheitsleuchte Rettungszeichen", 24, "St"],
    ["Kabelrinne 200 × 60 mm", 140, "m"],
    ["Fundamenterder Bandstahl 30 × 3,5", 210, "m"],
    ["Rauchwarnmelder", 96, "St"],
  ],
  "Heizung/Sanitär/Lüftung": [
    ["Gas-Brennwertkessel 45 kW", 1, "St"],
    ["Heizungsrohr C-Stahl 22 × 1,5", 640, "m"],
    ["Rohrdämmung 100 % nach GEG", 640, "m"],
    ["Plattenheizkörper Typ 22", 64, "St"],
    ["Trinkwasserleitung Mehrschichtverbundrohr 20 × 2,25", 820, "m"],
    ["Abwasserleitung HT DN 100", 240, "m"],
    ["Wand-WC mit Vorwandelement", 48, "St"],
    ["Waschtisch 60 cm mit Armatur", 48, "St"],
    ["Wohnraumlüftungsgerät mit Wärmerückgewinnung", 24, "St"],
    ["Lüftungsleitung Wickelfalzrohr DN 125", 310, "m"],
    ["Abluftventil DN 125", 96, "St"],
  ],
  "Außenanlagen/Pflaster": [
    ["Schottertragschicht 0/32, d = 25 cm", 2450, "m²"],
    ["Betonsteinpflaster 20 × 10 × 8 cm", 2080, "m²"],
    ["Tiefbord 8 × 25 cm in Beton", 620, "m"],
    ["Rasenansaat Gebrauchsrasen", 1800, "m²"],
    ["Sträucher pflanzen, 60–100 cm", 240, "St"],
    ["Doppelstabmattenzaun, h = 1,80 m", 180, "m"],
    ["Hochstamm pflanzen, StU 18–20", 6, "St"],
    ["Rasengittersteine für Feuerwehrzufahrt", 360, "m²"],
  ],
  Baustelleneinrichtung: [
    ["Baustelleneinrichtung einrichten und räumen", 1, "psch"],
    ["Bürocontainer vorhalten", 26, "Wo"],
    ["Sanitärcontainer vorhalten", 26, "Wo"],
    ["Bauzaun mobil, h = 2,00 m", 180, "m"],
    ["Baustrom: Vorhalten des Baustromverteilers", 26, "Wo"],
    ["Bauendreinigung", 3200, "m²"],
    ["Stundenlohnarbeiten Facharbeiter", 40, "h"],
  ],
};

describe("reference prices for every usual building trade", () => {
  for (const [trade, rows] of Object.entries(TRADES)) {
    it(`an unpriced ${trade} LV gets an estimate with at least 60 % of its counted positions priced`, () => {
      const estimate = priceFindings([], { positions: unpricedLv(rows) }).money.estimate;
      expect(estimate).not.toBeNull();
      expect(estimate!.lvTotal.high).toBeGreaterThan(estimate!.lvTotal.low);
      expect(estimate!.pricedPositions / estimate!.positions).toBeGreaterThanOrEqual(0.6);
    });
  }

  it("places work in its own trade, not in a trade that shares a word", () => {
    const trade = (shortText: string, unit: string) =>
      referencePriceFor({ shortText, longText: "", unit }, DEFAULT_REFERENCE_PRICES)?.row.trade;
    expect(trade("Deckenanstrich Dispersion", "m²")).toBe("Maler- und Lackierarbeiten");
    expect(trade("Wandputz Kalkzement", "m²")).toBe("Putz- und Stuckarbeiten");
    expect(trade("Fenster ausbauen und entsorgen", "St")).toBe("Abbruch- und Rückbauarbeiten");
    expect(trade("Hängedachrinne Titanzink", "m")).toBe("Klempnerarbeiten");
    expect(trade("Drückergarnitur Edelstahl", "St")).toBe("Fenster, Türen, Metallbau");
    expect(trade("Lüftungsrohr Wickelfalz DN 125", "m")).toBe("Raumlufttechnische Anlagen");
    expect(trade("Gerüst Standzeit je Woche", "m²")).toBe("Gerüstarbeiten");
    expect(trade("Linoleum 2,5 mm, Bahnenware", "m²")).toBe("Bodenbelag- und Parkettarbeiten");
    expect(trade("Lüftungsleitung Wickelfalzrohr DN 125", "m")).toBe("Raumlufttechnische Anlagen");
    expect(trade("Trittschalldämmung EPS-T 30-2", "m²")).toBe("Estricharbeiten");
    expect(trade("Baustelleneinrichtung", "psch")).toBeUndefined(); // no table prices a lump sum
    expect(trade("Bürocontainer vorhalten", "Monat")).toBe("Baustelleneinrichtung");
    expect(trade("Gerüst vorhalten", "m²Wo")).toBe("Gerüstarbeiten");
    expect(trade("Lkw mit Fahrer", "h")).toBe("Allgemeine Leistungen");
  });

  it("reads the long text's first sentence where the short text names only the place", () => {
    const trade = (shortText: string, longText: string, unit: string) =>
      referencePriceFor({ shortText, longText, unit }, DEFAULT_REFERENCE_PRICES)?.row.trade;
    expect(trade("Untersichten Treppenläufe", "Untersichten der Treppenläufe und Podeste streichen, je Geschoss 9,80 m².", "m²")).toBe(
      "Maler- und Lackierarbeiten",
    );
    expect(trade("Flure EG", "Boden: Kautschukbelag 3 mm verlegen. Dahinter liegt eine Wand mit Anstrich.", "m²")).toBe(
      "Bodenbelag- und Parkettarbeiten",
    );
    // The short text wins; a later sentence of the long text is not read.
    expect(trade("Deckenanstrich", "Vorhandene Fliesen bleiben. Danach Fliesenspiegel reinigen.", "m²")).toBe("Maler- und Lackierarbeiten");
    expect(trade("Treppenhaus 2. OG", "Bestand aufnehmen. Danach streichen.", "m²")).toBeUndefined();
    expect(trade("Fehlstellen schließen", "Mit Reparaturmörtel, 20 mm.", "m³")).toBe("Estricharbeiten");
  });

  it("passes the super admin's schema and survives the edit form's text round trip", () => {
    expect(referencePriceTableSchema.safeParse(DEFAULT_REFERENCE_PRICES).success).toBe(true);
    const back = linesToRows(rowsToLines(DEFAULT_REFERENCE_PRICES.rows));
    expect(back.errors).toEqual([]);
    expect(back.rows).toEqual(DEFAULT_REFERENCE_PRICES.rows);
  });

  it("states its date and that it is an own compilation", () => {
    expect(DEFAULT_REFERENCE_PRICES.stand).toMatch(/^\d{4}-Q[1-4]$/);
    expect(DEFAULT_REFERENCE_PRICES.source).toMatch(/eigene Zusammenstellung/);
    for (const row of DEFAULT_REFERENCE_PRICES.rows) expect(row.high).toBeGreaterThan(row.low);
  });
});
