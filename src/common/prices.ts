// Business constants of requirements 1.9 and the cost-comparison calculator. One source for the
// landing page, the project's price display and the order view.

export interface PackagePrice {
  /** Service fee per bill of quantities (LV), EUR net. */
  basePerLv: number;
  /** Price per chargeable position, EUR net. */
  perPosition: number;
  /** One-time setup fee, EUR net. */
  setupFee: number;
}

export const KALKULATIONSPAKET: PackagePrice = { basePerLv: 75, perPosition: 1.35, setupFee: 100 };
export const AUSFUEHRUNGSPAKET: PackagePrice = { basePerLv: 125, perPosition: 3.05, setupFee: 100 };

export const CHATBOT_PACKAGE = {
  monthlyPrice: 69,
  includedRequests: 250,
  pricePerExtraRequest: 0.27,
} as const;

export const PACKAGE_IDS = {
  kalkulationspaket: 1,
  ausfuehrungspaket: 2,
  partnerschaft: 3,
  chatbot: 4,
} as const;

export const PACKAGE_NAMES: Record<number, string> = {
  1: "Kalkulationspaket",
  2: "Ausführungspaket",
  3: "Partnerschaft",
  4: "Chatbot-Paket",
};

export const ANALYSIS_DELIVERY_HOURS = 48;

/** Manual effort per position in hours, and the hourly rate (5,000 EUR gross per month). */
export const MANUAL_HOURS_PER_POSITION = 0.25;
export const MANUAL_HOURLY_RATE = 31.25;
export const DEFAULT_CALCULATOR_POSITIONS = 300;

const roundCents = (n: number) => Math.round(n * 100) / 100;

/** Price of one LV in a package: base fee plus per-position fee (setup fee is billed once). */
export function packagePrice(pkg: PackagePrice, positions: number): number {
  return roundCents(pkg.basePerLv + pkg.perPosition * Math.max(0, positions));
}

/** Calculator input rule: strip non-digits and leading zeros; empty/invalid/negative → 0. */
export function sanitizePositions(input: string): number {
  const digits = input.replace(/\D/g, "").replace(/^0+/, "");
  if (!digits) return 0;
  const n = Number.parseInt(digits, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export type SizeLabel = "klein" | "mittel" | "groß";

export function sizeLabel(positions: number): SizeLabel {
  if (positions < 100) return "klein";
  if (positions < 300) return "mittel";
  return "groß";
}

export interface Comparison {
  hours: number;
  manualCost: number;
  kalkulation: { price: number; savings: number; savingsPercent: number };
  ausfuehrung: { price: number; savings: number; savingsPercent: number };
  size: SizeLabel;
}

function savingsOf(manualCost: number, price: number) {
  const savings = roundCents(manualCost - price);
  const savingsPercent = manualCost > 0 ? Math.round((savings / manualCost) * 100) : 0;
  return { price, savings, savingsPercent };
}

/** The cost comparison of the value-analysis section. */
export function compareCosts(positions: number): Comparison {
  const p = Math.max(0, positions);
  const hours = p > 0 ? p * MANUAL_HOURS_PER_POSITION : 0;
  const manualCost = roundCents(hours * MANUAL_HOURLY_RATE);
  return {
    hours,
    manualCost,
    kalkulation: savingsOf(manualCost, packagePrice(KALKULATIONSPAKET, p)),
    ausfuehrung: savingsOf(manualCost, packagePrice(AUSFUEHRUNGSPAKET, p)),
    size: sizeLabel(p),
  };
}
