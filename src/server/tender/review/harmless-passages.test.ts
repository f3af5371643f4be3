// Ordinary positions and wordings an estimator would not flag (issue 24: false alarms). Each case is
// a small LV around one harmless position; no rule may put a finding on it. Written in wordings of
// their own, not copied from the blind corpora, so the rules must generalise to pass them.

import { describe, expect, it } from "vitest";
import { emptyFlags, newNode, type BoqNode, type PositionFlags } from "../types";
import { runPrecheck } from "./run";

interface Harmless {
  name: string;
  short: string;
  long?: string;
  qty?: number | null;
  unit?: string;
  flags?: Partial<PositionFlags>;
  preamble?: string;
  /** Further positions of the LV (other OZ). */
  others?: { short: string; long?: string; qty: number; unit: string }[];
}

const ATTACHED_SOIL_REPORT = "Das Baugrundgutachten des Ingenieurbüros Keller vom 14.03.2027 liegt den Vergabeunterlagen als Anlage 3 bei.";

const CASES: Harmless[] = [
  // Baustelleneinrichtung and other lump sums by nature
  {
    name: "BE psch",
    short: "Baustelleneinrichtung vorhalten und räumen",
    long: "Einrichten, Vorhalten und Räumen der Baustelle einschl. Container, Zaun, Bauschild.",
    qty: 1,
    unit: "psch",
  },
  {
    name: "BE pauschal Wortlaut",
    short: "Baustelle einrichten",
    long: "Pauschal für das Einrichten der Baustelle mit allen Geräten.",
    qty: 1,
    unit: "pauschal",
  },
  {
    name: "Baustrom psch",
    short: "Baustrom- und Bauwasserversorgung",
    long: "Anschluss an den vom AG gestellten Übergabepunkt, Unterverteilungen vorhalten.",
    qty: 1,
    unit: "psch",
  },
  // Lengths that are lengths
  {
    name: "Bewegungsfuge in m",
    short: "Bewegungsfuge im Estrich herstellen",
    long: "Randfuge und Bewegungsfugen mit Fugenprofil, Breite 10 mm, in Längenmetern abgerechnet.",
    qty: 86,
    unit: "m",
  },
  {
    name: "Dehnfuge lfm",
    short: "Dehnungsfuge Bodenbelag",
    long: "Dehnfugen im Fliesenbelag mit Silikon schließen, Fugenbreite 8 mm.",
    qty: 42,
    unit: "lfm",
  },
  {
    name: "Sockelleiste m",
    short: "Sockelfliese verlegen",
    long: "Sockel aus Fliesen 7 cm hoch, Belag wie Bodenfläche.",
    qty: 120,
    unit: "m",
  },
  {
    name: "Attikaabdeckung m",
    short: "Attikaabdeckung Aluminium",
    long: "Attikaabdeckung aus Aluminium, Zuschnitt 450 mm, auf Attika Stahlbeton montieren.",
    qty: 96,
    unit: "m",
  },
  // Laws and standards are no documents to ask for
  {
    name: "GEG Anlage 8",
    short: "Wärmedämmung Außenwand",
    long: "Dämmung der Rohrleitungen nach GEG Anlage 8, Dämmschichtdicke 100 %.",
    qty: 140,
    unit: "m",
  },
  {
    name: "DIN 18560",
    short: "Zementestrich CT-C25-F4",
    long: "Estrich nach DIN 18560-2 auf Trennlage, Nenndicke 45 mm.",
    qty: 310,
    unit: "m2",
  },
  { name: "ZTV-ING", short: "Betonschutz", long: "Oberflächenschutzsystem nach ZTV-ING Teil 3 Abschnitt 4.", qty: 85, unit: "m2" },
  // Shallow work without Verbau; Attika as a component
  {
    name: "Oberboden 0,80 m ohne Verbau",
    short: "Oberboden abtragen",
    long: "Oberboden in 0,80 m Stärke abtragen und seitlich lagern, ohne Verbau.",
    qty: 620,
    unit: "m2",
  },
  {
    name: "Oberboden 30 cm",
    short: "Mutterboden abschieben",
    long: "Mutterboden 30 cm abschieben, auf Miete setzen.",
    qty: 540,
    unit: "m2",
  },
  {
    name: "Attika Stahlbeton",
    short: "Attika Stahlbeton C30/37",
    long: "Attika Stahlbeton, Höhe 40 cm, Dicke 20 cm, einschl. Bewehrungsanschluss.",
    qty: 12,
    unit: "m3",
  },
  // The contractor's own choice
  {
    name: "Fabrikat nach Wahl des AN",
    short: "Kunststoffdübel",
    long: "Dübel, Fabrikat nach Wahl des AN, Zulassung beachten.",
    qty: 400,
    unit: "St",
  },
  {
    name: "Verfahren nach Wahl des Auftragnehmers",
    short: "Aufbruch Pflaster",
    long: "Pflaster aufnehmen, Verfahren nach Wahl des Auftragnehmers.",
    qty: 75,
    unit: "m2",
  },
  {
    name: "nach Wahl des Bieters",
    short: "Gerüst",
    long: "Fassadengerüst Lastklasse 3, Gerüstsystem nach Wahl des Bieters.",
    qty: 640,
    unit: "m2",
  },
  // Stundenlohn
  {
    name: "Stundenlohn Facharbeiter",
    short: "Stundenlohnarbeiten Facharbeiter",
    long: "Nur auf Anordnung der Bauleitung; Stundenzettel täglich vorlegen.",
    qty: 40,
    unit: "h",
    flags: { hourly: true },
  },
  {
    name: "Stundenlohn Helfer",
    short: "Stundenlohn Helfer",
    long: "Verrechnungssatz einschl. aller Zuschläge.",
    qty: 30,
    unit: "Std",
    flags: { hourly: true },
  },
  { name: "Stundenlohn Polier", short: "Polier im Stundenlohn", qty: 10, unit: "h", flags: { hourly: true } },
  // Correctly marked Bedarfs- and Wahlpositionen
  {
    name: "Bedarfsposition Wasserhaltung",
    short: "Wasserhaltung offen",
    long: "Bedarfsposition: Offene Wasserhaltung mit Pumpensumpf, je Betriebstag.",
    qty: 10,
    unit: "d",
    flags: { provisional: "WithoutTotal" },
  },
  {
    name: "Bedarfsposition Bodenaustausch",
    short: "Bodenaustausch Bedarfsposition",
    long: "Nur auf Anordnung: nicht tragfähigen Boden ausbauen und durch Schotter ersetzen.",
    qty: 50,
    unit: "m3",
    flags: { provisional: "WithoutTotal" },
  },
  {
    name: "Wahlposition mit Grundposition",
    short: "Fliese 60 × 60 cm (Wahl)",
    long: "Alternativ zur Grundposition: Feinsteinzeug 60 × 60 cm.",
    qty: 120,
    unit: "m2",
    flags: { alternative: { group: "1", serial: 1 } },
  },
  // Referenced documents that are part of the tender
  {
    name: "Baugrundgutachten als Anlage",
    short: "Baugrube ausheben",
    long: "Boden Homogenbereich B2 gemäß Baugrundgutachten lösen und laden.",
    qty: 800,
    unit: "m3",
    preamble: ATTACHED_SOIL_REPORT,
  },
  {
    name: "Gutachten liegt vor",
    short: "Bodenaustausch",
    long: "Bodenaustausch nach Bodengutachten.",
    qty: 60,
    unit: "m3",
    preamble: "Ein Bodengutachten liegt vor und ist Bestandteil der Ausschreibung.",
  },
  {
    name: "Geotechnischer Bericht",
    short: "Gründungspolster",
    long: "Gründungspolster entsprechend Baugrundgutachten, Dicke 50 cm.",
    qty: 95,
    unit: "m3",
    preamble: "Der geotechnische Bericht zum Baugrund wird den Bietern zur Verfügung gestellt.",
  },
  {
    name: "Pläne beigefügt",
    short: "Mauerwerk KS 17,5 cm",
    long: "Innenwände lt. Plan, KS 12-1,8.",
    qty: 210,
    unit: "m2",
    preamble: "Die Ausführungspläne Grundrisse EG–2.OG sind den Unterlagen beigefügt.",
  },
  {
    name: "siehe Anlage 2",
    short: "Türen nach Türliste",
    long: "Innentüren siehe Anlage 2 (Türliste).",
    qty: 24,
    unit: "St",
    preamble: "Anlage 2: Türliste mit Maßen und Beschlägen.",
  },
  {
    name: "Statik liegt bei",
    short: "Betonstahl B500B",
    long: "Betonstahl liefern und verlegen nach Statik.",
    qty: 18,
    unit: "t",
    preamble: "Die statische Berechnung mit Positionsplänen liegt den Ausschreibungsunterlagen bei.",
  },
  {
    name: "Raumbuch als Anlage",
    short: "Bodenbelag Linoleum",
    long: "Linoleum 2,5 mm gemäß Raumbuch.",
    qty: 430,
    unit: "m2",
    preamble: "Das Raumbuch ist als Anlage 4 beigefügt.",
  },
  {
    name: "Schadstoffgutachten zur Einsicht",
    short: "Fliesen entfernen",
    long: "Wandfliesen entfernen, Kleber nach Schadstoffgutachten unbelastet.",
    qty: 90,
    unit: "m2",
    preamble: "Das Schadstoffgutachten liegt zur Einsicht bei der Bauleitung aus und wird auf Wunsch übergeben.",
  },
  // Ordinary quantities
  { name: "Count of doors", short: "Türdrücker Edelstahl", long: "Drückergarnitur für Innentüren.", qty: 24, unit: "St" },
  {
    name: "Abdichtung m²",
    short: "Abdichtung Bodenplatte",
    long: "Abdichtung mit Bitumenbahn, einlagig, vollflächig verschweißt.",
    qty: 300,
    unit: "m2",
  },
];

function lvOf(c: Harmless): { positions: BoqNode[]; preamble?: string } {
  const positions: BoqNode[] = [newNode("title", { oz: "01", shortText: "Leistungen" })];
  const items = [
    { short: c.short, long: c.long ?? "", qty: c.qty === undefined ? 10 : c.qty, unit: c.unit ?? "m2", flags: c.flags },
    ...(c.others ?? []),
  ];
  items.forEach((it, i) => {
    positions.push(
      newNode("item", {
        oz: `01.${String((i + 1) * 10).padStart(4, "0")}`,
        parentOz: "01",
        level: 1,
        shortText: it.short,
        longText: it.long ?? "",
        qty: it.qty,
        unit: it.unit,
        flags: { ...emptyFlags(), ...("flags" in it ? it.flags : {}) },
      }),
    );
  });
  if (c.flags?.alternative) {
    // the Grundposition of the Wahlposition
    positions.push(
      newNode("item", {
        oz: "01.0900",
        parentOz: "01",
        level: 1,
        shortText: "Fliese 30 × 60 cm",
        qty: 120,
        unit: "m2",
        flags: { ...emptyFlags(), alternative: { group: c.flags.alternative.group, serial: 0 } },
      }),
    );
  }
  return { positions, ...(c.preamble ? { preamble: c.preamble } : {}) };
}

describe("harmless passages stay unflagged", () => {
  it("has 30 or more cases", () => expect(CASES.length).toBeGreaterThanOrEqual(30));
  it.each(CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const { findings } = runPrecheck(lvOf(c), undefined, undefined);
    const onIt = findings.filter((f) => f.oz === "01.0010").map((f) => `${f.ruleId}: ${f.excerpt ?? f.evidence ?? ""}`);
    expect(onIt).toEqual([]);
  });
  it("still flags a referenced document the LV does not provide", () => {
    const c: Harmless = {
      name: "",
      short: "Baugrube ausheben",
      long: "Boden gemäß Baugrundgutachten lösen.",
      qty: 800,
      unit: "m3",
      preamble: "Ein Schadstoffgutachten liegt bei.",
    };
    expect(runPrecheck(lvOf(c)).findings.map((f) => f.ruleId)).toContain("verweis-unterlagen");
    const notYet: Harmless = { ...c, preamble: "Das Baugrundgutachten liegt noch nicht vor." };
    expect(runPrecheck(lvOf(notYet)).findings.map((f) => f.ruleId)).toContain("verweis-unterlagen");
  });
});
