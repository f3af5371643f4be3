// Quantities: absurd magnitudes per unit class, quantities that do not fit each other (Schalung
// to Beton, Betonstahl to Beton, layers of the same wall), and lump sums for measurable work.

import type { BoqNode } from "../../types";
import { isLumpSum } from "../position-facts";
import { baseQty, de, thicknessMetres, unitClass, unitLabel, type UnitClass } from "./facts";
import { ABSURD_QUANTITY, rangeFor } from "./quantity-ranges";
import { TRADE_COMPLETENESS } from "./trade-completeness";
import type { LvHit, LvRule, LvView } from "./types";

const BASE_UNIT: Partial<Record<UnitClass, string>> = { area: "m²", volume: "m³", length: "m", mass: "t", piece: "St" };

/** Flag Schalung outside this factor of the expected area (conservative: openings, edges). */
export const FORMWORK_FACTOR = { min: 0.4, max: 2.5 };
/** Betonstahl per m³ Stahlbeton (kg) outside which the LV gets a question; usual 60–200. */
export const REINFORCEMENT_KG_PER_M3 = { min: 30, max: 300 };
/** Layers of one wall (Abdichtung, Perimeterdämmung, Noppenbahn) differing by more than this. */
export const LAYER_RATIO = 1.5;
export const LAYER_MIN_DIFFERENCE_M2 = 25;

const INCLUDED = (work: string) => new RegExp(`(einschl|inkl|incl|inklusive|samt|\\bmit\\b)\\w*\\.?\\s+(\\w+\\s+){0,2}\\w*${work}`);
const CONCRETE = /beton|\bstb\b|c\s?\d{2}\/\d{2}/;

const stahlbeton = TRADE_COMPLETENESS.find((t) => t.trade === "Stahlbetonarbeiten")!;
const isReinforcedConcrete = (lv: LvView, p: BoqNode) => {
  const h = lv.headline(p);
  return stahlbeton.recognise.test(h) && !stahlbeton.exclude!.test(h);
};

const sum = (nodes: BoqNode[]) => nodes.reduce((s, p) => s + (baseQty(p) ?? 0), 0);

// ── Schalung zu Beton ─────────────────────────────────────────────────────────────────────────

interface Element {
  name: string;
  /** The form in compounds: "Decken" (Deckenschalung, Deckenbeton). */
  compound: string;
  concrete: RegExp;
  formwork: RegExp;
  /** Formwork faces per m² of element: walls both sides, slabs the soffit. */
  faces: number;
}

const ELEMENTS: Element[] = [
  { name: "Wand", compound: "Wand", concrete: /wand|waende|wandscheibe/, formwork: /wand|waende/, faces: 2 },
  { name: "Decke", compound: "Decken", concrete: /decke|deckenplatte/, formwork: /decke|deckenplatte/, faces: 1 },
];
const FORMWORK_OTHER = /fundament|stuetz|unterzug|balken|rand|sturz|aussparung|stirn|abschal|zulage|bodenplatte|treppe|attika|bruestung/;

function formworkCheck(lv: LvView, element: Element): LvHit | null {
  const concrete = lv.items.filter((p) => {
    const h = lv.headline(p);
    return (
      unitClass(p.unit) === "volume" &&
      CONCRETE.test(h) &&
      element.concrete.test(h) &&
      !/schalung|fertigteil|sturz|sauberkeit|bodenplatte/.test(h)
    );
  });
  const formwork = lv.items.filter((p) => {
    const h = lv.headline(p);
    return unitClass(p.unit) === "area" && /schalung/.test(h) && element.formwork.test(h) && !FORMWORK_OTHER.test(h);
  });
  if (!concrete.length || !formwork.length) return null;
  if (concrete.some((p) => INCLUDED("schalung").test(lv.text(p)))) return null;
  let expected = 0;
  for (const p of concrete) {
    const d = thicknessMetres(lv.text(p));
    if (d === null || p.qty === null) return null;
    expected += (element.faces * p.qty) / d;
  }
  const volume = sum(concrete);
  const actual = sum(formwork);
  if (expected <= 0 || volume <= 0) return null;
  const factor = actual / expected;
  if (factor >= FORMWORK_FACTOR.min && factor <= FORMWORK_FACTOR.max) return null;
  const culprit = wrongConcrete(lv, element);
  if (culprit) return culprit.hit;
  const thicknesses = [...new Set(concrete.map((p) => de(thicknessMetres(lv.text(p))! * 100, 1)))].join("/");
  return {
    oz: formwork[0].oz,
    relatedOz: [...formwork.slice(1), ...concrete].slice(0, 10).map((p) => p.oz),
    title: `${element.compound}schalung passt nicht zur Betonmenge`,
    evidence:
      `${de(actual, 1)} m² ${element.compound}schalung zu ${de(volume, 2)} m³ ${element.compound}beton (d = ${thicknesses} cm): ` +
      `${de(actual / volume, 1)} m²/m³; erwartet etwa ${de(Math.round(expected))} m² (${element.faces === 2 ? "2 × " : ""}Betonmenge / Dicke = ${de(expected / volume, 1)} m²/m³)`,
  };
}

/**
 * Formwork and concrete disagree: which figure is wrong? With one concrete position and the
 * reinforcement as a third witness – the steel per m³ is usual for the volume the formwork implies
 * and unusual for the stated one – the concrete volume is the suspicious figure.
 */
function wrongConcrete(lv: LvView, element: Element): { node: BoqNode; hit: LvHit } | null {
  const concrete = lv.items.filter((p) => {
    const h = lv.headline(p);
    return (
      unitClass(p.unit) === "volume" &&
      CONCRETE.test(h) &&
      element.concrete.test(h) &&
      !/schalung|fertigteil|sturz|sauberkeit|bodenplatte/.test(h)
    );
  });
  const formwork = lv.items.filter((p) => {
    const h = lv.headline(p);
    return unitClass(p.unit) === "area" && /schalung/.test(h) && element.formwork.test(h) && !FORMWORK_OTHER.test(h);
  });
  if (concrete.length !== 1 || !formwork.length || concrete[0].qty === null) return null;
  const c = concrete[0];
  const d = thicknessMetres(lv.text(c));
  if (d === null) return null;
  const implied = (sum(formwork) * d) / element.faces;
  const steelOk = (volume: number) => {
    const r = reinforcementRatio(lv, volume - c.qty!);
    return r !== null && r >= REINFORCEMENT_USUAL_KG_PER_M3.min && r <= REINFORCEMENT_USUAL_KG_PER_M3.max;
  };
  if (!(implied > 0) || steelOk(c.qty!) || !steelOk(implied) || !steelOk(sumConcrete(lv) - c.qty! + implied)) return null;
  return {
    node: c,
    hit: {
      oz: c.oz,
      relatedOz: formwork.slice(0, 9).map((p) => p.oz),
      expectedQty: Math.round(implied * 1000) / 1000,
      title: `${element.compound}beton passt nicht zur Schalung und zum Betonstahl`,
      evidence:
        `${de(c.qty!, 2)} m³ ausgeschrieben; erwartet etwa ${de(implied, 1)} m³ (${element.compound}schalung ${de(sum(formwork), 1)} m²` +
        `${element.faces === 2 ? " / 2 Seiten" : ""} × d = ${de(d * 100, 1)} cm); mit dieser Menge liegt auch der Betonstahl im üblichen Bereich`,
    },
  };
}

/** Usual Betonstahl per m³ in building construction (the witness range is the usual one). */
const REINFORCEMENT_USUAL_KG_PER_M3 = { min: 50, max: 220 };

const sumConcrete = (lv: LvView) =>
  lv.items.filter((p) => isReinforcedConcrete(lv, p) && unitClass(p.unit) === "volume").reduce((s, p) => s + (p.qty ?? 0), 0);

/** kg Betonstahl per m³ of the LV's reinforced concrete, with `adjust` m³ added; null without both. */
function reinforcementRatio(lv: LvView, adjust = 0): number | null {
  const steel = lv.items.filter((p) => unitClass(p.unit) === "mass" && STEEL.test(lv.headline(p)) && !STEEL_OTHER.test(lv.headline(p)));
  const volume = sumConcrete(lv) + adjust;
  const tonnes = sum(steel);
  return steel.length && volume > 0 && tonnes > 0 ? (tonnes * 1000) / volume : null;
}

// ── Betonstahl zu Beton ───────────────────────────────────────────────────────────────────────

const STEEL = /betonstahl|bewehrung|stabstahl|matten|b\s?500|baustahl/;
const STEEL_OTHER = /zulage|anschluss|abstandhalter|korb/;

function reinforcementCheck(lv: LvView): LvHit | null {
  const steel = lv.items.filter((p) => unitClass(p.unit) === "mass" && STEEL.test(lv.headline(p)) && !STEEL_OTHER.test(lv.headline(p)));
  const concrete = lv.items.filter((p) => isReinforcedConcrete(lv, p));
  if (!steel.length || !concrete.length) return null;
  // The concrete volume is the wrong figure (formwork and steel agree): that finding says it.
  if (ELEMENTS.some((e) => wrongConcrete(lv, e))) return null;
  if (concrete.some((p) => INCLUDED("(bewehrung|betonstahl)").test(lv.text(p)))) return null;
  let volume = 0;
  let unknown = 0;
  for (const p of concrete) {
    const cls = unitClass(p.unit);
    const d = thicknessMetres(lv.text(p));
    if (cls === "volume" && p.qty !== null) volume += p.qty;
    else if (cls === "area" && p.qty !== null && d !== null) volume += p.qty * d;
    else unknown++;
  }
  const tonnes = sum(steel);
  if (volume < 20 || tonnes < 0.5) return null;
  const kgPerM3 = (tonnes * 1000) / volume;
  // Concrete whose volume is unknown only lowers the true ratio: "too high" needs all of it.
  const low = kgPerM3 < REINFORCEMENT_KG_PER_M3.min;
  const high = kgPerM3 > REINFORCEMENT_KG_PER_M3.max && unknown === 0;
  if (!low && !high) return null;
  return {
    oz: steel[0].oz,
    relatedOz: [...steel.slice(1), ...concrete].slice(0, 10).map((p) => p.oz),
    evidence:
      `${de(tonnes, 2)} t Betonstahl zu ${de(volume, 1)} m³ Stahlbeton = ${de(Math.round(kgPerM3))} kg/m³; ` +
      `üblich im Hochbau etwa 60–200 kg/m³${unknown ? ` (${unknown} Betonposition${unknown > 1 ? "en" : ""} ohne Volumenangabe nicht mitgerechnet)` : ""}`,
  };
}

// ── Schichten derselben Wand ──────────────────────────────────────────────────────────────────

interface Layer {
  name: string;
  headline: RegExp;
  notHeadline: RegExp;
  /** The text must place it on a wall (when set). */
  text?: RegExp;
}

const LAYERS: Layer[] = [
  {
    name: "Abdichtung",
    headline: /abdicht|dickbeschichtung|\bkmb\b|\bpmbc\b|bitumenbahn/,
    notHeadline: /bodenplatte|sohle|decke|dach|fenster|bad|dusche|fuge|querschnitt|horizontal|balkon|terrasse|boden|sperr|durchdring|rohr/,
    text: /erdberuehrt|kellerwand|kelleraussenwand|aussenwand|aussenwaende|\bwand|\bwaende|sockel/,
  },
  { name: "Perimeterdämmung", headline: /perimeter|\bxps\b/, notHeadline: /bodenplatte|unter|sohle|boden|dach|decke/ },
  {
    name: "Schutz-/Dränschicht",
    headline: /noppenbahn|noppenfolie|schutzbahn|draenmatte|draenplatte|schutzschicht|schutzplatte/,
    notHeadline: /bodenplatte|unter|sohle|boden|dach|decke/,
  },
];

function layerCheck(lv: LvView): LvHit | null {
  const found = LAYERS.map((layer) => {
    const items = lv.items.filter((p) => {
      const h = lv.headline(p);
      return (
        unitClass(p.unit) === "area" && layer.headline.test(h) && !layer.notHeadline.test(h) && (!layer.text || layer.text.test(lv.text(p)))
      );
    });
    return { layer, items, area: sum(items) };
  }).filter((l) => l.area > 0);
  if (found.length < 2) return null;
  const areas = found.map((l) => l.area).sort((a, b) => a - b);
  const [min, max] = [areas[0], areas[areas.length - 1]];
  if (max / min <= LAYER_RATIO || max - min < LAYER_MIN_DIFFERENCE_M2) return null;
  const median = areas[Math.floor((areas.length - 1) / 2)];
  const odd = [...found].sort((a, b) => Math.abs(Math.log(b.area / median)) - Math.abs(Math.log(a.area / median)))[0];
  return {
    oz: odd.items[0].oz,
    relatedOz: found
      .flatMap((l) => l.items.map((p) => p.oz))
      .filter((oz) => oz !== odd.items[0].oz)
      .slice(0, 10),
    evidence: `${found.map((l) => `${l.layer.name} ${de(l.area, 1)} m²`).join(", ")}; als Schichten derselben erdberührten Wand etwa gleich groß erwartet`,
  };
}

// ── Pauschal für messbare Leistungen ──────────────────────────────────────────────────────────

/** Measurable work and the unit it is normally billed in. */
const MEASURABLE: { pattern: RegExp; unit: string; label: string }[] = [
  { pattern: /mauerwerk|kalksandstein|porenbeton|mauern\b/, unit: "m²", label: "Mauerwerk" },
  { pattern: /estrich/, unit: "m²", label: "Estrich" },
  { pattern: /\w*putz\b/, unit: "m²", label: "Putz" },
  { pattern: /aushub|boden\s+loesen|ausheben/, unit: "m³", label: "Aushub" },
  { pattern: /verfuell/, unit: "m³", label: "Verfüllung" },
  { pattern: /oberboden/, unit: "m²", label: "Oberboden" },
  { pattern: /abdichtung/, unit: "m²", label: "Abdichtung" },
  { pattern: /schalung/, unit: "m²", label: "Schalung" },
  { pattern: /betonstahl|bewehrung/, unit: "t", label: "Betonstahl" },
  { pattern: /stahlbeton|ortbeton|\bbeton\b|c\d{2}\/\d{2}/, unit: "m³", label: "Beton" },
  { pattern: /daemmung|wdvs/, unit: "m²", label: "Dämmung" },
  { pattern: /fliesen|bodenbelag|parkett|teppich|linoleum/, unit: "m²", label: "Belag" },
  { pattern: /anstrich|streichen|beschichtung/, unit: "m²", label: "Anstrich/Beschichtung" },
  { pattern: /pflaster/, unit: "m²", label: "Pflaster" },
  { pattern: /trockenbauwand|gipskartonwand|staenderwand|unterdecke/, unit: "m²", label: "Trockenbau" },
];
/** Work that is rightly a lump sum even though its name contains a measurable trade. */
const LUMP_SUM_OK =
  /baustelleneinricht|einricht|raeumen|geruest|aufmass|absteck|vermess|einmess|bestandsaufnahme|messung|protokoll|gutacht|konzept|abnahme|inbetriebnahme|einweisung|revisionsunterlag|schwarzbereich|schleuse|unterdruck|stundenlohn|kleinmeng|kleinflaech|\bmuster|bemusterung|probe|pruef|nachweis|planung|statik|dokumentation|reinig|schutz|abdeck|schlitz|durchbruch|aussparung|kernbohr|anschluss|ausbesser|beiarbeit|nebenarbeit|restarbeit|zulage|vorhalt|wasserhaltung|baustrom|bauwasser|instandsetz|reparatur|nacharbeit|anpass|pumpensumpf|schacht|einzeln|zusaetzlich|winterbau|beheiz|trocknung/;

export const QUANTITY_RULES: LvRule[] = [
  {
    id: "menge-unplausibel",
    title: "Menge außerhalb jeder plausiblen Größenordnung",
    severity: "warnung",
    category: "menge",
    scope: "position",
    nachtragspotenzial: true,
    why: "Die Menge liegt weit über dem, was ein Hochbau-LV für diese Leistung enthält. Solche Werte entstehen fast immer durch vertauschte Dezimal- und Tausendertrennzeichen (12345678,012 statt 12345,678) oder eine falsche Einheit (m statt km, kg statt t). Menge vor der Kalkulation klären: sie verfälscht die Angebotssumme, und bei großer Abweichung der ausgeführten Menge ändert sich der Einheitspreis.",
    basis: "§ 7 Abs. 1 Nr. 1 VOB/A; § 2 Abs. 3 VOB/B",
    check(lv) {
      const hits: LvHit[] = [];
      for (const p of lv.items) {
        const q = baseQty(p);
        if (q === null || q <= 0) continue;
        const cls = unitClass(p.unit);
        const range = rangeFor(lv.headline(p), cls);
        if (q < ABSURD_QUANTITY && (range === null || q <= range.max)) continue;
        const unit = BASE_UNIT[cls] ?? unitLabel(p.unit);
        const work = range?.label ? ` ${range.label}` : "";
        const km = cls === "length" && q >= 10_000 ? ` (= ${de(q / 1000)} km)` : "";
        const expected = range
          ? `plausibel für ein Hochbau-LV bis etwa ${de(range.max)} ${unit}${work || " je Position"}`
          : "Mengen ab 10 Mio. sind in keinem Bau-LV plausibel";
        const shifted = q / 1000;
        const swap =
          range && shifted <= range.max && shifted >= 1
            ? `; bei vertauschtem Dezimal- und Tausendertrennzeichen wären es ${de(shifted)} ${unit}`
            : "";
        hits.push({ oz: p.oz, evidence: `${de(p.qty!)} ${unitLabel(p.unit)}${work}${km}; ${expected}${swap}` });
      }
      return hits;
    },
  },
  {
    id: "pauschal-messbare-leistung",
    title: "Messbare Leistung als Pauschale",
    severity: "warnung",
    category: "menge",
    scope: "position",
    nachtragspotenzial: true,
    why: "Die Leistung ist nach Aufmaß messbar, wird aber mit „1 psch“ ausgeschrieben. Das Mengenrisiko liegt damit beim Bieter: Mehrmengen werden bei gleichbleibender Leistung nicht vergütet. Menge aus den Plänen selbst ermitteln und als Annahme festhalten oder eine Abrechnung nach Einheitspreis erfragen.",
    basis: "§ 2 Abs. 7 VOB/B; § 4 Abs. 1 und § 7 Abs. 1 Nr. 1 VOB/A",
    check(lv) {
      const hits: LvHit[] = [];
      for (const p of lv.items) {
        if (!isLumpSum(p) || (p.qty !== null && p.qty !== 1)) continue;
        const h = lv.headline(p);
        if (LUMP_SUM_OK.test(h)) continue;
        const work = MEASURABLE.find((m) => m.pattern.test(h));
        if (!work) continue;
        hits.push({ oz: p.oz, evidence: `1 ${p.unit.trim() || "psch"} für ${work.label}; üblich nach Aufmaß in ${work.unit}` });
      }
      return hits;
    },
  },
  {
    id: "mengenverhaeltnis-schalung",
    title: "Schalung passt nicht zur Betonmenge",
    severity: "hinweis",
    category: "menge",
    nachtragspotenzial: true,
    why: "Aus Betonmenge und Bauteildicke ergibt sich die Schalfläche (Wände beidseitig: 2 × Betonmenge / Dicke, Decken: Betonmenge / Dicke). Die ausgeschriebene Schalung weicht davon stark ab. Mengen aus den Plänen prüfen: Mehrmengen über 10 % berechtigen zu einem neuen Preis, Mindermengen verschieben die Umlage.",
    basis: "§ 2 Abs. 3 VOB/B; VOB/C DIN 18331 Abschnitt 5",
    check: (lv) => ELEMENTS.map((e) => formworkCheck(lv, e)).filter((h): h is LvHit => h !== null),
  },
  {
    id: "mengenverhaeltnis-bewehrung",
    title: "Betonstahl passt nicht zur Betonmenge",
    severity: "hinweis",
    category: "menge",
    nachtragspotenzial: true,
    why: "Im Hochbau sind etwa 60–200 kg Betonstahl je m³ Stahlbeton üblich. Das Verhältnis im LV liegt weit außerhalb. Ist ein Teil der Bewehrung an anderer Stelle oder gar nicht ausgeschrieben, oder ist eine Menge falsch? Bei der Kalkulation die Stahlmenge aus der Statik prüfen.",
    basis: "§ 2 Abs. 3 VOB/B; VOB/C DIN 18331 Abschnitt 5",
    check: (lv) => {
      const h = reinforcementCheck(lv);
      return h ? [h] : [];
    },
  },
  {
    id: "mengenverhaeltnis-abdichtung",
    title: "Schichten der erdberührten Wand mit stark unterschiedlicher Fläche",
    severity: "hinweis",
    category: "menge",
    nachtragspotenzial: true,
    why: "Abdichtung, Perimeterdämmung und Schutz-/Dränschicht liegen auf derselben erdberührten Wand und haben normalerweise etwa dieselbe Fläche. Hier weichen sie stark voneinander ab. Ist eine Schicht nur teilweise vorgesehen oder eine Menge falsch?",
    basis: "§ 2 Abs. 3 VOB/B; DIN 18533",
    check: (lv) => {
      const h = layerCheck(lv);
      return h ? [h] : [];
    },
  },
];
