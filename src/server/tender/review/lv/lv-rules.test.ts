// Every LV rule with at least one matching and one non-matching LV. A rule without examples
// fails the first test, so new rows (also new companions in trade-completeness.ts) cannot slip in
// untested.

import { describe, expect, it } from "vitest";
import { emptyFlags, newNode, type BoqNode, type PositionFlags } from "../../types";
import { PRECHECK_RULES } from "../rules";
import { runPrecheck } from "../run";
import { LV_RULES } from "./rules";

type ItemSpec = string | (Partial<Omit<BoqNode, "flags">> & { flags?: Partial<PositionFlags> });

interface LvExample {
  positions: BoqNode[];
  preamble?: string;
  /** The OZ the finding must name; undefined = any. */
  oz?: string | null;
  /** Text the finding's evidence must contain. */
  evidence?: string;
}

/** Items under title 01, numbered 01.0010, 01.0020 … unless they bring their own OZ. */
function lv(specs: ItemSpec[], extra: Omit<LvExample, "positions"> = {}): LvExample {
  const positions: BoqNode[] = [newNode("title", { oz: "01", shortText: "Leistungen" })];
  specs.forEach((spec, i) => {
    const { flags, ...fields } = typeof spec === "string" ? { shortText: spec, flags: undefined } : spec;
    positions.push(
      newNode(fields.kind ?? "item", {
        oz: `01.${String((i + 1) * 10).padStart(4, "0")}`,
        parentOz: "01",
        level: 1,
        qty: 10,
        unit: "m2",
        ...fields,
        flags: { ...emptyFlags(), ...flags },
      }),
    );
  });
  return { positions, ...extra };
}

/** Items that belong to no trade of the completeness table, to make an LV large enough. */
const FILLER = [
  "Stundenlohnarbeiten Facharbeiter",
  "Stundenlohnarbeiten Helfer",
  "Bauendreinigung",
  "Schutzabdeckung der Böden",
  "Kleinmaterial",
];
const withBe = ["Baustelleneinrichtung einrichten und räumen", ...FILLER];
const contract = (preamble: string) => lv(withBe, { preamble });

const EXAMPLES: Record<string, { hits: LvExample[]; misses: LvExample[] }> = {
  // ── Vollständigkeit ──────────────────────────────────────────────────────────────────────
  "fehlt-baustelleneinrichtung": {
    hits: [lv(FILLER, { oz: null })],
    misses: [lv(withBe), lv(FILLER, { preamble: "Die Baustelleneinrichtung stellt der Auftraggeber." }), lv(FILLER.slice(0, 3))],
  },
  "fehlt-erdarbeiten-entsorgung": {
    hits: [lv(["Baugrube ausheben, Homogenbereich B1", "Arbeitsraum verfüllen und verdichten", ...withBe], { oz: null })],
    misses: [
      lv(["Baugrube ausheben", "Aushub laden, abfahren und entsorgen", ...withBe]),
      lv([{ shortText: "Baugrube ausheben", longText: "Überschüssiger Boden ist abzufahren und zu verwerten." }, ...withBe]),
      lv(["Oberboden abtragen und seitlich lagern", ...withBe]),
    ],
  },
  "fehlt-erdarbeiten-baugrubensicherung": {
    hits: [lv(["Baugrube ausheben, Tiefe bis 3,00 m", "Aushub abfahren und entsorgen", ...withBe])],
    misses: [
      lv([{ shortText: "Baugrube ausheben", longText: "Böschungswinkel 60°, Aushubtiefe bis 3,20 m." }, ...withBe]),
      lv(["Baugrube ausheben", "Trägerbohlwandverbau herstellen", ...withBe]),
      lv(["Rohrgraben ausheben", ...withBe]),
    ],
  },
  "fehlt-beton-bewehrung": {
    hits: [
      lv(["Bodenplatte C30/37, d = 25 cm", "Randschalung Bodenplatte", ...withBe]),
      lv([{ shortText: "Stahlbetonwand C25/30", longText: "Bewehrung wird gesondert vergütet." }, ...withBe]),
      lv([{ shortText: "Stahlbetonwand C25/30", longText: "Bewehrung nach Statik." }, ...withBe]),
    ],
    misses: [
      lv(["Bodenplatte C30/37", "Betonstahl B500B liefern und verlegen", ...withBe]),
      lv([{ shortText: "Stahlbetonwand C25/30", longText: "Einschließlich Bewehrung, ca. 90 kg/m³." }, ...withBe]),
      lv(["Sauberkeitsschicht C12/15, d = 5 cm", ...withBe]),
      lv(["Stahlbetonwand C25/30", ...withBe], { preamble: "Die Bewehrung wird bauseits beigestellt." }),
    ],
  },
  "fehlt-beton-schalung": {
    hits: [lv(["Stahlbetonwand C25/30, d = 24 cm", "Betonstahl B500B", ...withBe])],
    misses: [
      lv(["Stahlbetonwand C25/30", "Wandschalung herstellen und beseitigen", ...withBe]),
      lv([{ shortText: "Stahlbetondecke C25/30", longText: "Einschließlich Deckenschalung." }, ...withBe]),
    ],
  },
  "fehlt-beton-nachbehandlung": {
    hits: [lv(["Stahlbetondecke C25/30, d = 22 cm", ...withBe])],
    misses: [
      lv([{ shortText: "Stahlbetondecke C25/30", longText: "Nachbehandlung nach DIN 1045-3, Klasse 2." }, ...withBe]),
      lv(["Stahlbetondecke C25/30", ...withBe], { preamble: "Die Nachbehandlung des Betons ist in die Einheitspreise einzurechnen." }),
    ],
  },
  "fehlt-mauerwerk-stuerze": {
    hits: [lv(["Kalksandstein-Mauerwerk, d = 17,5 cm", "Mauersperrbahn unter Wänden", ...withBe])],
    misses: [lv(["Kalksandstein-Mauerwerk, d = 17,5 cm", "Fertigteilsturz liefern und einbauen", ...withBe])],
  },
  "fehlt-mauerwerk-abdichtung": {
    hits: [lv(["Porenbeton-Mauerwerk, d = 24 cm", "Fertigteilsturz liefern und einbauen", ...withBe])],
    misses: [lv(["Porenbeton-Mauerwerk, d = 24 cm", "Mauersperrbahn R500 unter Wänden", ...withBe])],
  },
  "fehlt-fenster-anschluss": {
    hits: [lv([{ shortText: "Kunststofffenster, 2-flügelig, 1,26 x 1,40 m", unit: "St" }, "Fensterbank innen", ...withBe])],
    misses: [
      lv(["Kunststofffenster", "Fensteranschluss innen luftdicht mit Folie, außen mit Kompriband", ...withBe]),
      lv([{ shortText: "Holzfenster", longText: "Montage nach RAL-Leitfaden einschließlich Abdichtung der Anschlussfuge." }, ...withBe]),
    ],
  },
  "fehlt-estrich-daemmung": {
    hits: [
      lv(["Zementestrich CT-C25-F4, schwimmend, d = 50 mm", ...withBe]),
      lv([{ shortText: "Heizestrich CAF-C25-F5", longText: "Auf Dämmschicht (gesonderte Position)." }, ...withBe]),
    ],
    misses: [
      lv(["Zementestrich CT-C25-F4, schwimmend", "Trittschalldämmung EPS DES sg 20-2", ...withBe]),
      lv(["Verbundestrich CT-C30-F5", ...withBe]),
    ],
  },
  "fehlt-dach-absturzsicherung": {
    hits: [lv(["Dachziegel verlegen, Biberschwanz", "Dachlattung 30/50 mm", ...withBe])],
    misses: [
      lv(["Dachziegel verlegen", "Dachfanggerüst stellen und vorhalten", ...withBe]),
      lv(["Flachdachabdichtung zweilagig", ...withBe], { preamble: "Das Gerüst mit Seitenschutz wird bauseits gestellt." }),
    ],
  },
  "fehlt-fassade-geruest": {
    hits: [lv(["WDVS, EPS 160 mm, mineralischer Oberputz", ...withBe])],
    misses: [lv(["WDVS, EPS 160 mm", "Fassadengerüst LK 3 stellen und vorhalten", ...withBe])],
  },
  "fehlt-abbruch-entsorgung": {
    hits: [lv(["Abbruch Mauerwerk, d = 24 cm", ...withBe])],
    misses: [
      lv(["Abbruch Mauerwerk, d = 24 cm", "Bauschutt laden, abfahren und entsorgen", ...withBe]),
      lv([{ shortText: "Abbruch Mauerwerk", longText: "Einschließlich Entsorgung des Abbruchmaterials." }, ...withBe]),
    ],
  },

  // ── Vertrag ──────────────────────────────────────────────────────────────────────────────
  "besondere-leistung-eingerechnet": {
    hits: [
      contract("Winterbaumaßnahmen sind in die Einheitspreise einzurechnen."),
      contract("Das Gerüst ist den nachfolgenden Gewerken kostenlos zur Verfügung zu stellen."),
      contract("Eine Wasserhaltung bei Grundwasser ist in die Einheitspreise einzurechnen."),
    ],
    misses: [
      contract("Nebenleistungen nach VOB/C sind in die Einheitspreise einzurechnen."),
      contract("Winterbaumaßnahmen werden nach Pos. 01.0090 vergütet."),
      contract("Das Abführen von Niederschlagswasser (Wasserhaltung) ist einzurechnen."),
    ],
  },

  // ── Struktur ─────────────────────────────────────────────────────────────────────────────
  "oz-doppelt": {
    hits: [lv(["Mauerwerk KS", { oz: "01.0010", shortText: "Putz innen" }], { oz: "01.0010" })],
    misses: [lv(["Mauerwerk KS", "Putz innen"])],
  },
  "text-doppelt": {
    hits: [
      lv(
        [
          { shortText: "Innenputz Q2", qty: 120 },
          { shortText: "Innenputz Q2", qty: 80 },
        ],
        { oz: "01.0010" },
      ),
      lv([
        { shortText: "Innenputz Q2, Kalkgips", qty: 120 },
        { shortText: "Innenputz Q2, Kalkgips", qty: 120, unit: "m", parentOz: "02" },
      ]),
    ],
    misses: [
      lv([
        { shortText: "Innenputz Q2", qty: 120 },
        { shortText: "Innenputz Q2", qty: 80, parentOz: "02" },
      ]),
      lv([
        { shortText: "Innenputz Q2", qty: 120 },
        { shortText: "Innenputz Q3", qty: 80 },
      ]),
    ],
  },
  "titel-ohne-positionen": {
    hits: [
      {
        positions: [
          newNode("title", { oz: "01", shortText: "Erdarbeiten" }),
          newNode("title", { oz: "02", shortText: "Mauerwerk" }),
          newNode("item", { oz: "02.0010", parentOz: "02", level: 1, shortText: "Mauerwerk KS", qty: 10, unit: "m2" }),
        ],
        oz: "01",
      },
    ],
    misses: [
      lv(["Mauerwerk KS"]),
      {
        positions: [
          newNode("title", { oz: "00", shortText: "Vorbemerkungen" }),
          newNode("remark", { parentOz: "00", level: 1, longText: "Es gilt die VOB/B." }),
          newNode("title", { oz: "01", shortText: "Erdarbeiten", flags: { ...emptyFlags(), notApplicable: true } }),
        ],
      },
    ],
  },
  "wahlposition-ohne-grundposition": {
    hits: [
      lv(
        [
          { shortText: "Bodenbelag Standard", flags: { alternative: { group: "1", serial: 1 } } },
          { shortText: "Bodenbelag Premium", flags: { alternative: { group: "1", serial: 2 } } },
        ],
        { oz: "01.0010" },
      ),
      lv(["Mauerwerk KS", { shortText: "Ziegelmauerwerk", longText: "Wahlposition zu Pos. 01.0050: Planziegel." }], { oz: "01.0020" }),
      lv(
        [
          "Mauerwerk KS",
          {
            shortText: "Ziegelmauerwerk",
            longText: "Wahlposition zu Pos. 01.0050: Planziegel.",
            flags: { alternative: { group: "", serial: 1 } },
          },
        ],
        { oz: "01.0020" },
      ),
    ],
    misses: [
      lv([
        { shortText: "Mauerwerk KS", flags: { alternative: { group: "1", serial: 0 } } },
        { shortText: "Ziegelmauerwerk", flags: { alternative: { group: "1", serial: 1 } } },
      ]),
      lv(["Mauerwerk KS", { shortText: "Ziegelmauerwerk", longText: "Wahlposition zu Pos. 0010: Planziegel." }]),
      // PDF/Excel: the reader marks the Wahlposition from its text, without a group number.
      lv([
        "Mauerwerk KS",
        {
          shortText: "Ziegelmauerwerk",
          longText: "Wahlposition zu Pos. 01.0010: Planziegel.",
          flags: { alternative: { group: "", serial: 1 } },
        },
      ]),
    ],
  },
  "bedarfspositionen-anteil": {
    hits: [
      lv(
        Array.from({ length: 10 }, (_, i) => ({
          shortText: `Leistung ${i}`,
          flags: { provisional: i < 3 ? ("WithoutTotal" as const) : null },
        })),
      ),
    ],
    misses: [
      lv(
        Array.from({ length: 30 }, (_, i) => ({
          shortText: `Leistung ${i}`,
          flags: { provisional: i < 3 ? ("WithTotal" as const) : null },
        })),
      ),
      lv(
        Array.from({ length: 6 }, (_, i) => ({
          shortText: `Leistung ${i}`,
          flags: { provisional: i < 2 ? ("WithTotal" as const) : null },
        })),
      ),
    ],
  },

  // ── Mengen ───────────────────────────────────────────────────────────────────────────────
  "menge-unplausibel": {
    hits: [
      lv([{ shortText: "Oberboden abtragen und seitlich lagern", qty: 12345678.012, unit: "m2" }], {
        oz: "01.0010",
        evidence:
          "12.345.678,012 m² Oberboden; plausibel für ein Hochbau-LV bis etwa 50.000 m² Oberboden; bei vertauschtem Dezimal- und Tausendertrennzeichen wären es 12.345,678 m²",
      }),
      lv([{ shortText: "Kabel NYY-J 5x16 mm² verlegen", qty: 450000, unit: "m" }], { evidence: "450.000 m Kabel/Leitung (= 450 km)" }),
      lv([{ shortText: "Kleinteile", qty: 20000000, unit: "St" }]),
    ],
    misses: [
      lv([{ shortText: "Oberboden abtragen", qty: 850, unit: "m2" }]),
      lv([{ shortText: "Kabel NYY-J 5x16 mm² verlegen", qty: 2500, unit: "m" }]),
      lv([{ shortText: "Kernbohrung DN 150", qty: 100, unit: "St" }]),
    ],
  },
  "pauschal-messbare-leistung": {
    hits: [lv([{ shortText: "Kalksandstein-Mauerwerk Innenwände, d = 11,5 cm", qty: 1, unit: "psch" }], { oz: "01.0010" })],
    misses: [
      lv([{ shortText: "Baustelleneinrichtung", qty: 1, unit: "psch" }]),
      lv([{ shortText: "Kalksandstein-Mauerwerk", qty: 120, unit: "m2" }]),
      lv([{ shortText: "Schlitze im Mauerwerk herstellen", qty: 1, unit: "psch" }]),
    ],
  },
  "mengenverhaeltnis-schalung": {
    hits: [
      lv(
        [
          { shortText: "Stahlbetonwände C25/30, d = 25 cm", qty: 100, unit: "m3" },
          { shortText: "Wandschalung, glatt", qty: 80, unit: "m2" },
        ],
        { oz: "01.0020", evidence: "erwartet etwa 800 m²" },
      ),
    ],
    misses: [
      lv([
        { shortText: "Stahlbetonwände C25/30, d = 24 cm", qty: 96.5, unit: "m3" },
        { shortText: "Wandschalung, glatt", qty: 804, unit: "m2" },
      ]),
      lv([
        { shortText: "Stahlbetonwände C25/30", qty: 100, unit: "m3" },
        { shortText: "Wandschalung, glatt", qty: 80, unit: "m2" },
      ]),
    ],
  },
  "mengenverhaeltnis-bewehrung": {
    hits: [
      lv(
        [
          { shortText: "Bodenplatte C30/37, d = 30 cm", qty: 400, unit: "m3" },
          { shortText: "Betonstahl B500B liefern und verlegen", qty: 2, unit: "t" },
        ],
        { oz: "01.0020", evidence: "= 5 kg/m³" },
      ),
    ],
    misses: [
      lv([
        { shortText: "Bodenplatte C30/37, d = 30 cm", qty: 300, unit: "m3" },
        { shortText: "Betonstahl B500B liefern und verlegen", qty: 45, unit: "t" },
      ]),
      lv([
        { shortText: "Bodenplatte C30/37, d = 30 cm", qty: 400, unit: "m3", longText: "Einschließlich Bewehrung nach Statik." },
        { shortText: "Betonstahl B500B, Zulage Anschlussbewehrung", qty: 2, unit: "t" },
      ]),
    ],
  },
  "einheit-widerspricht-langtext": {
    hits: [
      lv(
        [
          {
            shortText: "Kimmschicht",
            longText: "Gesamtlänge lt. Grundriss 201,00 m. Abrechnung nach laufenden Metern Wandlänge.",
            qty: 201,
            unit: "m3",
          },
        ],
        { oz: "01.0010", evidence: "die Menge passt zur Einheit m, nicht zu m³" },
      ),
    ],
    misses: [
      lv([
        {
          shortText: "Kimmschicht",
          longText: "Gesamtlänge lt. Grundriss 201,00 m. Abrechnung nach laufenden Metern.",
          qty: 201,
          unit: "m",
        },
      ]),
    ],
  },
  "menge-widerspricht-lv-angaben": {
    hits: [
      // own text: a figure with the position's unit, ten times smaller
      lv([{ shortText: "Wärmedämmung EPS 2 x 120 mm", longText: "Dachfläche gemäß Vorbemerkung ca. 1.236 m².", qty: 12360 }], {
        oz: "01.0010",
        evidence: "erwartet etwa 1.236 m² (Langtext nennt 1.236 m²) – um den Faktor 10 zu groß",
      }),
      // area × thickness for a volume
      lv([{ shortText: "Bodenplatte C30/37 d = 25 cm", longText: "Fläche lt. Grundriss ca. 640 m².", qty: 260, unit: "m3" }], {
        oz: "01.0010",
        evidence: "erwartet etwa 160 m³ (Fläche 640 m² × Dicke/Tiefe 0,25 m laut Langtext = 160 m³)",
      }),
      // length × height for an area
      lv([{ shortText: "MS-Wand CW 100", longText: "Wandhöhe 3,10 m, Wandlänge gesamt lt. Plan ca. 1.380 m.", qty: 1380 }], {
        oz: "01.0010",
        evidence:
          "erwartet etwa 4.278 m² (3,10 m × 1.380 m (Langtext) = 4.278 m²; 1.380 ist die Länge laut Langtext, nicht die Menge in m²)",
      }),
      // per unit × a count from the Vorbemerkungen
      lv([{ shortText: "Flachdachablauf DN 100", longText: "je Haus 4 Abläufe", qty: 21, unit: "St" }], {
        preamble: "Flachdächer der Häuser A, B und C.",
        oz: "01.0010",
        evidence: "erwartet etwa 12 St (4 St je Haus × 3 (Vorbemerkungen) = 12)",
      }),
      // a share of a stated area
      lv([{ shortText: "Zulage Granitpflaster Fehlmenge", longText: "Fehlmenge ca. 15 % der Fläche von 2.450 m².", qty: 3680 }], {
        oz: "01.0010",
        evidence: "erwartet etwa 367,5 m² (15 % von 2.450 m² laut Langtext)",
      }),
      // a reference to other positions: excavation minus backfill
      lv(
        [
          { shortText: "Baugrubenaushub", qty: 1450, unit: "m3" },
          { shortText: "Arbeitsraum verfüllen", qty: 380, unit: "m3" },
          {
            shortText: "Aushub abfahren",
            longText: "Bodenaushub aus Pos. 01.0010 abzüglich Wiedereinbau Pos. 01.0020 abfahren.",
            qty: 3070,
            unit: "m3",
          },
        ],
        { oz: "01.0030", evidence: "erwartet etwa 1.070 m³ (OZ 01.0010 1.450 m³ − OZ 01.0020 380 m³ = 1.070 m³" },
      ),
      // a named area stated in the Vorbemerkungen
      lv([{ shortText: "Heizestrich CT-C30-F5 Mensa", longText: "nur Mensa", qty: 480 }], {
        preamble: "Flächen: Mensa 240 m², Flure 145 m².",
        oz: "01.0010",
        evidence: "das LV nennt die Fläche „Mensa“ 240 m²",
      }),
      // the odd layer of one title: a shifted decimal point
      lv(
        [
          { shortText: "Voranstrich", qty: 1236 },
          { shortText: "Dampfsperre", qty: 1236 },
          { shortText: "Wärmedämmung EPS", qty: 12360 },
          { shortText: "Abdichtung 1. Lage", qty: 1236 },
        ],
        { oz: "01.0030" },
      ),
      // counts that go together
      lv(
        [
          { shortText: "Vorwandelement WC", qty: 72, unit: "St" },
          { shortText: "Wand-WC spülrandlos", qty: 96, unit: "St" },
        ],
        { oz: "01.0020", evidence: "erwartet etwa 72 St" },
      ),
    ],
    misses: [
      lv([{ shortText: "Wärmedämmung EPS", longText: "Dachfläche ca. 1.236 m².", qty: 1236 }]),
      lv([{ shortText: "Bodenplatte d = 22 cm", longText: "Deckenfläche ca. 550 m².", qty: 121, unit: "m3" }]),
      lv([
        { shortText: "Wandschalung beidseitig", longText: "für Wände Pos. 01.0020", qty: 800 },
        { shortText: "Wand d = 24 cm", qty: 96, unit: "m3" },
      ]),
      lv([
        { shortText: "Baumgrube mit Substrat", longText: "Baumgrube je Baum 12 m³", qty: 72, unit: "m3" },
        { shortText: "Baum pflanzen", qty: 6, unit: "St" },
      ]),
      lv([{ shortText: "Zementestrich", longText: "in Sanitärräumen, Küche und Fluren", qty: 293 }], {
        preamble: "Flächen: Sanitärräume EG zusammen 86 m², Ausgabeküche 62 m², Flure Anbau 145 m².",
      }),
      lv([
        { shortText: "Frostschutzschicht", qty: 3630 },
        { shortText: "Tragschicht", qty: 3630 },
        { shortText: "Bettung", qty: 3630 },
        { shortText: "Asphaltanschluss", qty: 210 },
      ]),
      lv([{ shortText: "Rasterdecke", longText: "in Büros je Geschoss ca. 780 m²", qty: 3900 }], {
        preamble: "Bürogebäude, EG bis 4. OG.",
      }),
      lv([{ shortText: "Oberboden abtragen d = 30 cm", longText: "Abtrag bis 0,80 m", qty: 1200 }]),
    ],
  },
  "mengenverhaeltnis-abdichtung": {
    hits: [
      lv(
        [
          { shortText: "Abdichtung erdberührter Wände nach DIN 18533", qty: 400 },
          { shortText: "Perimeterdämmung XPS, d = 120 mm", qty: 120 },
          { shortText: "Noppenbahn als Schutzschicht", qty: 400 },
        ],
        { oz: "01.0020" },
      ),
    ],
    misses: [
      lv([
        { shortText: "Abdichtung erdberührter Wände nach DIN 18533", qty: 380 },
        { shortText: "Perimeterdämmung XPS, d = 120 mm", qty: 380 },
        { shortText: "Noppenbahn als Schutzschicht", qty: 380 },
      ]),
      lv([
        { shortText: "Abdichtung erdberührter Wände nach DIN 18533", qty: 380 },
        { shortText: "Perimeterdämmung XPS unter Bodenplatte", qty: 120 },
      ]),
    ],
  },
};

function findings(ruleId: string, example: LvExample) {
  const rule = LV_RULES.find((r) => r.id === ruleId)!;
  return runPrecheck({ positions: example.positions, preamble: example.preamble }, [], [rule]).findings;
}

describe("LV rule table", () => {
  it("has examples for every LV rule, and no examples for rules that do not exist", () => {
    const ids = LV_RULES.map((r) => r.id);
    const missing = ids.filter((id) => !EXAMPLES[id] || !EXAMPLES[id].hits.length || !EXAMPLES[id].misses.length);
    expect(missing, "LV rules without a matching and a non-matching example").toEqual([]);
    expect(Object.keys(EXAMPLES).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it("has ids unique across position and LV rules, German texts and a VOB basis", () => {
    const ids = [...PRECHECK_RULES, ...LV_RULES].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of LV_RULES) {
      expect(rule.id, rule.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(rule.title.length, rule.id).toBeGreaterThan(3);
      expect(rule.why.length, rule.id).toBeGreaterThan(30);
      expect(rule.basis?.length ?? 0, rule.id).toBeGreaterThan(3);
    }
  });

  it("words the completeness findings as questions", () => {
    for (const rule of LV_RULES.filter((r) => r.category === "vollstaendigkeit")) {
      const [hit] = findings(rule.id, EXAMPLES[rule.id].hits[0]);
      expect(hit.why, rule.id).toMatch(/\?/);
      expect(hit.why, rule.id).toMatch(/an anderer Stelle ausgeschrieben|abgegolten/);
      expect(hit.severity === "hinweis" || hit.severity === "warnung", rule.id).toBe(true);
    }
  });

  describe.each(LV_RULES.map((r) => r.id))("%s", (ruleId) => {
    const { hits = [], misses = [] } = EXAMPLES[ruleId] ?? {};
    it.each(hits.map((e, i) => [i + 1, e] as const))("reports LV %i", (_, example) => {
      const found = findings(ruleId, example);
      expect(found.length, JSON.stringify(found.map((f) => f.evidence))).toBeGreaterThan(0);
      if (example.oz !== undefined) expect(found.map((f) => f.oz)).toContain(example.oz);
      if (example.evidence) expect(found.map((f) => f.evidence).join("\n")).toContain(example.evidence);
      for (const f of found) {
        expect(f.source).toBe("rule");
        expect(f.scope === "lv" || f.oz !== null).toBe(true);
        if (f.scope === "lv" && f.oz === null) expect(f.kind).toBeNull();
      }
    });
    it.each(misses.map((e, i) => [i + 1, e] as const))("does not report LV %i", (_, example) => {
      expect(findings(ruleId, example).map((f) => f.evidence ?? f.excerpt ?? f.title)).toEqual([]);
    });
  });
});
