// Plausible quantities for one position of a Hochbau LV, one row per (work, unit class).
//
// The first row (in this order) whose `keywords` match the position's short text (folded: "oberboden",
// "maengel") and whose unit class fits gives the upper end of the plausible range; positions
// above it get a finding. The limits are deliberately generous – large projects (a 500-flat
// quarter, a hospital) stay below them; what lies above is nearly always a typing error
// (decimal point and comma swapped, a unit mix-up). After the rows, the general limits apply to
// any position whatever its text.

import type { UnitClass } from "../position-facts";

export interface QuantityRange {
  /** The work as the finding names it. */
  label: string;
  keywords: RegExp;
  unit: UnitClass;
  /** Upper end of the plausible range, in the class's base unit (m², m³, m, t, St). */
  max: number;
}

export const QUANTITY_RANGES: QuantityRange[] = [
  { label: "Oberboden", keywords: /oberboden|mutterboden/, unit: "area", max: 50_000 },
  { label: "Oberboden", keywords: /oberboden|mutterboden/, unit: "volume", max: 20_000 },
  { label: "Aushub", keywords: /aushub|ausheben|boden\s+loesen|baugrube|bodenabtrag/, unit: "volume", max: 100_000 },
  { label: "Verfüllung", keywords: /verfuell|hinterfuell|wiedereinbau|bodenaustausch/, unit: "volume", max: 100_000 },
  { label: "Schalung", keywords: /schalung/, unit: "area", max: 100_000 },
  { label: "Betonstahl", keywords: /betonstahl|bewehrung|stabstahl|matten|b\s?500/, unit: "mass", max: 3_000 },
  { label: "Mauerwerk", keywords: /mauerwerk|kalksandstein|ziegel|porenbeton|planstein|\bks\b/, unit: "area", max: 50_000 },
  { label: "Mauerwerk", keywords: /mauerwerk|kalksandstein|ziegel|porenbeton|planstein|\bks\b/, unit: "volume", max: 10_000 },
  { label: "Estrich", keywords: /estrich/, unit: "area", max: 50_000 },
  { label: "Abdichtung", keywords: /abdicht|dickbeschichtung|bitumenbahn/, unit: "area", max: 50_000 },
  { label: "Putz", keywords: /putz/, unit: "area", max: 100_000 },
  { label: "Dämmung", keywords: /daemm|wdvs/, unit: "area", max: 100_000 },
  { label: "Fliesen", keywords: /fliese|feinsteinzeug|steingut/, unit: "area", max: 30_000 },
  { label: "Anstrich", keywords: /anstrich|beschichtung|streichen|lackier/, unit: "area", max: 200_000 },
  { label: "Trockenbau", keywords: /gipskarton|gipsplatte|trockenbau|staenderwand|unterdecke/, unit: "area", max: 50_000 },
  { label: "Gerüst", keywords: /geruest/, unit: "area", max: 100_000 },
  {
    label: "Kabel/Leitung",
    keywords: /\bny[my]\b|\bnyy-j|\bnym-j|\bnhxh|\bn2xh|kabel|mantelleitung|installationsleitung/,
    unit: "length",
    max: 20_000,
  },
  { label: "Rohrleitung", keywords: /rohr|leitung|\bdn\s?\d/, unit: "length", max: 20_000 },
  { label: "Bauzaun", keywords: /bauzaun/, unit: "length", max: 5_000 },
  { label: "Fenster", keywords: /fenster/, unit: "piece", max: 5_000 },
  { label: "Türen", keywords: /\btuer|tueren|tuerelement/, unit: "piece", max: 5_000 },
  { label: "Fenster", keywords: /fenster/, unit: "area", max: 20_000 },
  // After the trades whose names contain "beton" (Porenbeton, Betonstahl, Abdichtung der Betonwand).
  { label: "Beton", keywords: /beton|\bstb\b|c\d{2}\/\d{2}/, unit: "volume", max: 20_000 },
  { label: "Beton", keywords: /beton|\bstb\b|c\d{2}\/\d{2}/, unit: "area", max: 100_000 },
];

/** Limits for any position, whatever its text, in the class's base unit. */
export const GENERAL_LIMITS: Partial<Record<UnitClass, number>> = {
  area: 1_000_000,
  volume: 500_000,
  length: 200_000,
  mass: 100_000,
  piece: 100_000,
};

/** Any quantity at or above this is a typing error, whatever the unit. */
export const ABSURD_QUANTITY = 10_000_000;

export interface RangeCheck {
  /** The work's label, "" for the general limits. */
  label: string;
  max: number;
}

/** The range a quantity (in its base unit) is checked against, or null when none applies. */
export function rangeFor(headline: string, unit: UnitClass): RangeCheck | null {
  const row = QUANTITY_RANGES.find((r) => r.unit === unit && r.keywords.test(headline));
  if (row) return { label: row.label, max: row.max };
  const max = GENERAL_LIMITS[unit];
  return max === undefined ? null : { label: "", max };
}

/** Whether a quantity lies above its plausible range (shared with the position rule
 *  "menge-auffaellig-gross", which leaves such positions to the range check). */
export function isImplausible(headline: string, unit: UnitClass, qty: number): boolean {
  if (qty >= ABSURD_QUANTITY) return true;
  const range = rangeFor(headline, unit);
  return range !== null && qty > range.max;
}
