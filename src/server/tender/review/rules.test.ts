// Every rule of the table with at least one matching and one non-matching example. A rule
// without examples fails the first test, so new rows cannot slip in untested.

import { describe, expect, it } from "vitest";
import { emptyFlags, newNode, type BoqNode, type PositionFlags } from "../types";
import { PRECHECK_RULES } from "./rules";
import { runPrecheck } from "./run";

type Example = Partial<Omit<BoqNode, "flags">> & {
  flags?: Partial<PositionFlags>;
  /** Other items of the LV, for rules that compare with the whole LV. */
  others?: Example[];
};

const EXAMINED_OZ = "EXAMINED";

function position(example: Example, oz: string): BoqNode {
  const { flags, others: _others, ...fields } = example;
  return newNode("item", {
    oz,
    shortText: "Mauerwerk aus Kalksandstein",
    qty: 120,
    unit: "m2",
    ...fields,
    flags: { ...emptyFlags(), ...flags },
  });
}

const otherM2 = [100, 120, 80, 150].map((qty) => ({ qty, unit: "m2" }));
const otherSt = [2, 4, 6, 3].map((qty) => ({ qty, unit: "Stck" }));

const EXAMPLES: Record<string, { hits: Example[]; misses: Example[] }> = {
  // Position kinds: a finding only where something is wrong with the position (issue 24).
  bedarfsposition: {
    hits: [{ flags: { provisional: "WithoutTotal" }, qty: null }, { flags: { provisional: "WithTotal" } }],
    misses: [{}, { flags: { provisional: "WithoutTotal" } }],
  },
  wahlposition: {
    hits: [{ flags: { alternative: { group: "1", serial: 1 } }, qty: null }],
    misses: [{ flags: { alternative: { group: "1", serial: 0 } } }, { flags: { alternative: { group: "1", serial: 1 } } }],
  },
  pauschalposition: {
    hits: [
      { flags: { lumpSum: true }, qty: 1, unit: "psch" },
      { unit: "Psch." },
      { shortText: "Mobilkran bis 300 t", unit: "psch", qty: 1 },
    ],
    // A test of the finished installation, the workshop drawings and the traffic safety are lump
    // sums by nature.
    misses: [
      {},
      { shortText: "Erstprüfung nach DIN VDE 0100-600", unit: "psch", qty: 1 },
      { shortText: "Werk- und Montageplanung", unit: "psch", qty: 1 },
      { shortText: "Verkehrssicherung nach RSA 21", unit: "psch", qty: 1 },
    ],
  },
  stundenlohn: {
    hits: [
      { flags: { hourly: true }, qty: 1, unit: "psch" },
      { shortText: "Stundenlohnarbeiten Helfer", unit: "Std", qty: null },
    ],
    misses: [
      { shortText: "Bagger vorhalten", unit: "h" },
      { flags: { hourly: true }, unit: "h" },
      { shortText: "Stundenlohnarbeiten Helfer", unit: "Std" },
    ],
  },
  schwerpunktposition: { hits: [{ flags: { keyItem: true } }], misses: [{}] },
  "position-entfaellt": { hits: [{ flags: { notApplicable: true } }], misses: [{}] },
  "nicht-angeboten": { hits: [{ flags: { notOffered: true } }], misses: [{}] },
  nachtragsposition: { hits: [{ flags: { changeOrder: { number: "N1", status: null } } }], misses: [{}] },
  zuschlagsposition: { hits: [{ kind: "markup" }], misses: [{ kind: "item" }] },
  "menge-fehlt": {
    hits: [{ qty: null }, { qty: 0 }],
    misses: [{ qty: 5 }, { qty: null, flags: { lumpSum: true } }, { qty: null, flags: { qtyTBD: true } }],
  },
  "menge-vom-bieter": { hits: [{ qty: null, flags: { qtyTBD: true } }], misses: [{}] },
  "menge-negativ": { hits: [{ qty: -5 }], misses: [{ qty: 5 }] },
  "menge-eins": {
    hits: [
      { qty: 1, unit: "m²" },
      { qty: 1, unit: "lfm" },
    ],
    misses: [
      { qty: 1, unit: "St" },
      { qty: 2, unit: "m2" },
    ],
  },
  "menge-auffaellig-gross": {
    hits: [
      { qty: 50000, unit: "m2", others: otherM2 },
      { shortText: "Aushub Baugrube", qty: 8000, unit: "m3", others: [10, 40, 25, 60].map((qty) => ({ qty, unit: "m3" })) },
    ],
    misses: [
      { qty: 50000, unit: "m2" },
      { qty: 50001, unit: "m2", others: otherM2 },
      { qty: 500, unit: "m2", others: otherM2 },
      // 100 Stück are an ordinary ordering size, however small the other Stück quantities are.
      { shortText: "Dübel setzen", qty: 100, unit: "Stck", others: otherSt },
      { shortText: "Stundenlohnarbeiten Helfer", qty: 200, unit: "h", others: [8, 4, 16, 10].map((qty) => ({ qty, unit: "h" })) },
      // Absurd sizes are reported by "menge-unplausibel" with the expected range instead.
      { shortText: "Oberboden abtragen", qty: 12345600, unit: "m2", others: otherM2 },
      // Cables are taken off in round hundreds of metres (drums): 18.500 m NYM among 480 and 350 m.
      { shortText: "NYM-J 3x1,5 mm²", qty: 18500, unit: "m", others: [480, 350, 640, 420].map((qty) => ({ qty, unit: "m" })) },
    ],
  },
  "einheit-fehlt": { hits: [{ unit: "", qty: 5 }], misses: [{ unit: "m2" }, { unit: "", flags: { lumpSum: true } }] },
  "einheit-flaeche": {
    hits: [
      { shortText: "Kalkzementputz innen", unit: "St" },
      { shortText: "Deckenfläche spachteln", unit: "m" },
    ],
    misses: [
      { shortText: "Putzprofil setzen", unit: "m" },
      { shortText: "Zementestrich CT-C25-F4", unit: "m2" },
    ],
  },
  "einheit-laenge": {
    hits: [{ shortText: "Dehnfuge abdichten", unit: "m3" }],
    misses: [
      { shortText: "Rohrgraben ausheben", unit: "m3" },
      { shortText: "Dehnfuge abdichten", unit: "m" },
    ],
  },
  "einheit-volumen": {
    hits: [{ shortText: "Bodenaushub Baugrube", unit: "m2" }],
    misses: [
      { shortText: "Sauberkeitsschicht Magerbeton d=5 cm", unit: "m2" },
      { shortText: "Sichtbeton SB3", unit: "m2" },
      { shortText: "Ortbeton C25/30", unit: "m3" },
    ],
  },
  "einheit-stunde": {
    hits: [{ shortText: "Facharbeiterstunde", unit: "St" }],
    misses: [
      { shortText: "Facharbeiterstunde", unit: "Std" },
      { shortText: "Bereitschaft 24 Stunden", unit: "psch" },
    ],
  },
  "bieterangaben-offen": { hits: [{ bidderGaps: 2 }], misses: [{ bidderGaps: 0 }] },
  wahlrecht: {
    hits: [{ longText: "Oberfläche nach Wahl des AG." }, { longText: "Befestigung wahlweise geklebt oder gedübelt." }],
    misses: [{ longText: "Oberfläche glatt." }],
  },
  bauseits: {
    hits: [
      { longText: "Strom und Wasser werden bauseits gestellt." },
      { kind: "remark", oz: "", longText: "Bauseitige Gerüste dürfen genutzt werden." },
    ],
    misses: [{ longText: "Das Gerüst stellt der AN." }],
  },
  "nebenleistungen-pauschal": {
    hits: [
      { longText: "inkl. aller Nebenleistungen" },
      { longText: "einschl. aller Nebenarbeiten" },
      { longText: "Einschließlich sämtlicher erforderlicher Nebenarbeiten." },
    ],
    misses: [{ longText: "Nebenleistungen nach DIN 18299 Abschnitt 4.1 sind enthalten." }],
  },
  "keine-gesonderte-verguetung": {
    hits: [{ longText: "Das Vorhalten wird nicht gesondert vergütet." }, { longText: "Ist in die Einheitspreise einzurechnen." }],
    misses: [{ longText: "Wird nach Aufmaß vergütet." }],
  },
  "nach-angabe-ag": {
    hits: [{ longText: "Farbton gem. Angabe AG" }, { longText: "Ausführung nach Anweisung der Bauleitung." }],
    misses: [{ longText: "Verarbeitung nach Angaben des Herstellers." }],
  },
  "nach-erfordernis": {
    hits: [{ longText: "Abstützungen nach Erfordernis." }, { longText: "Zwischenreinigung, falls erforderlich." }],
    misses: [{ longText: "Reinigung wöchentlich." }],
  },
  komplett: {
    hits: [{ shortText: "Heizkörper komplett montieren" }, { longText: "Anlage betriebsfertig herstellen." }],
    misses: [{ shortText: "Heizkörper montieren" }],
  },
  "pauschal-im-text": {
    hits: [{ longText: "Abrechnung pauschal.", unit: "m2" }],
    misses: [{ longText: "Abrechnung pauschal.", unit: "psch" }, { longText: "Abrechnung nach Aufmaß." }],
  },
  "verweis-unterlagen": {
    hits: [
      { longText: "Ausführung lt. Plan A-101." },
      { longText: "Gründung gemäß Baugrundgutachten." },
      { longText: "Maße siehe Fensterliste." },
      { longText: "Öffnungen lt. Fensterliste abziehen, ca. 90 m²." },
      { longText: "Bewehrung nach Statik, Bewehrungsgrad ca. 110 kg/m³." },
    ],
    misses: [
      { longText: "Ausführung nach DIN 18330." },
      // the figure is given; the list or plan is only its source
      { longText: "Wandfläche 635,10 m², abzüglich Öffnungen lt. Fensterliste 92,40 m²." },
      { longText: "Mauerwerk abzüglich Aussparungen laut Plan 4,20 m³." },
    ],
  },
  "unterlagen-folgen": {
    hits: [{ longText: "Bewehrung nach Statik, Statik folgt." }, { longText: "Details werden nachgereicht." }],
    misses: [{ longText: "Die Statik liegt bei (Anlage 3)." }],
  },
  bodenklassen: {
    hits: [{ longText: "Bodenklasse 3-5" }, { longText: "Boden BKL 4 lösen" }],
    misses: [{ longText: "Homogenbereich B1 nach DIN 18300" }],
  },
  schadstoffe: {
    hits: [
      { longText: "Boden mit Altlasten." },
      { longText: "Teerhaltiger Asphalt aufnehmen." },
      { longText: "Asphalt aufbrechen, PAK-Gehalt unbekannt, Analyse durch den AN." },
      { longText: "Asphalt aufnehmen, PAK > 25 mg/kg gem. Voruntersuchung, als gefährlicher Abfall entsorgen." },
    ],
    misses: [
      { longText: "Unbelasteter Boden Z0." },
      // tested and clean: the position says so
      { longText: "Asphaltbefestigung, teerfrei (PAK < 25 mg/kg gem. Voruntersuchung), aufbrechen." },
      { longText: "Asphalt aufnehmen; PAK unter 10 mg/kg laut Analyse, Verwertung als Ausbauasphalt." },
    ],
  },
  "markenname-ohne-gleichwertig": {
    hits: [
      { longText: "Gipskartonplatte Knauf Diamant" },
      { longText: "Wärmedämmung aus Rockwool-Platten" },
      { longText: "Schöck Isokorb Typ K" },
    ],
    misses: [
      { longText: "Gipskartonplatte Knauf Diamant oder gleichwertig" },
      { longText: "Schöck Isokorb o. glw." },
      { longText: "Gipskartonplatte GKF 12,5 mm" },
    ],
  },
  "fabrikat-vorgegeben": {
    hits: [{ longText: "Fabrikat: Muster, Typ: ABC" }],
    misses: [
      { longText: "Fabrikat: [Bieterangabe: …]" },
      { longText: "Fabrikat: Muster oder gleichwertig" },
      { longText: "[Bieterangabe: Fabrikat: Muster GmbH, Typ ABC-500]" },
    ],
  },
  vertragsstrafe: {
    hits: [{ kind: "remark", oz: "", longText: "Vertragsstrafe 0,2 % je Werktag." }, { longText: "Pönale bei Verzug." }],
    misses: [{ longText: "Bauzeit 6 Wochen." }],
  },
};

/** Whether `rule` reports the examined position (oz "EXAMINED", or the remark). */
function reports(ruleId: string, example: Example): boolean {
  const rule = PRECHECK_RULES.find((r) => r.id === ruleId)!;
  const examined = position(example, example.oz ?? EXAMINED_OZ);
  const others = (example.others ?? []).map((o, i) => position(o, `OTHER${i}`));
  const { findings } = runPrecheck({ positions: [examined, ...others] }, [rule], []);
  return findings.some((f) => f.oz === examined.oz && f.kind === examined.kind);
}

describe("pre-check rule table", () => {
  it("has examples for every rule, and no examples for rules that do not exist", () => {
    const ids = PRECHECK_RULES.map((r) => r.id);
    const missing = ids.filter((id) => !EXAMPLES[id] || !EXAMPLES[id].hits.length || !EXAMPLES[id].misses.length);
    expect(missing, "rules without a matching and a non-matching example").toEqual([]);
    expect(Object.keys(EXAMPLES).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it("has unique ids, German texts and a test or patterns per rule", () => {
    expect(new Set(PRECHECK_RULES.map((r) => r.id)).size).toBe(PRECHECK_RULES.length);
    for (const rule of PRECHECK_RULES) {
      expect(rule.title.length, rule.id).toBeGreaterThan(3);
      expect(rule.why.length, rule.id).toBeGreaterThan(30);
      expect("test" in rule || rule.patterns.length > 0, rule.id).toBe(true);
    }
  });

  describe.each(PRECHECK_RULES.map((r) => r.id))("%s", (ruleId) => {
    const { hits = [], misses = [] } = EXAMPLES[ruleId] ?? {};
    it.each(hits.map((e) => [JSON.stringify(e).slice(0, 80), e] as const))("reports %s", (_, example) => {
      expect(reports(ruleId, example)).toBe(true);
    });
    it.each(misses.map((e) => [JSON.stringify(e).slice(0, 80), e] as const))("does not report %s", (_, example) => {
      expect(reports(ruleId, example)).toBe(false);
    });
  });
});
