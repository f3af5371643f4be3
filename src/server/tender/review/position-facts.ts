// Small facts about a position that several pre-check rules share.

import { fold } from "../text";
import type { BoqNode } from "../types";

export type UnitClass = "area" | "volume" | "length" | "piece" | "hour" | "lumpSum" | "mass" | "none" | "other";

/** "m²" → "m2", "Stck." → "stck", "lfd. m" → "lfdm". */
export function normaliseUnit(unit: string): string {
  return fold(unit).replace(/[\s.]/g, "");
}

const UNIT_CLASSES: Record<string, UnitClass> = {
  m2: "area",
  qm: "area",
  m3: "volume",
  cbm: "volume",
  m: "length",
  lfm: "length",
  lfdm: "length",
  lm: "length",
  st: "piece",
  stk: "piece",
  stck: "piece",
  stueck: "piece",
  h: "hour",
  std: "hour",
  stunde: "hour",
  stunden: "hour",
  psch: "lumpSum",
  pschl: "lumpSum",
  pauschal: "lumpSum",
  t: "mass",
  to: "mass",
  kg: "mass",
};

export function unitClass(unit: string): UnitClass {
  const u = normaliseUnit(unit);
  return u === "" ? "none" : (UNIT_CLASSES[u] ?? "other");
}

export const isLumpSum = (p: BoqNode) => p.flags.lumpSum || unitClass(p.unit) === "lumpSum";

/** The short text, or the first line of the long text when there is none – folded. */
export function headline(p: BoqNode): string {
  return fold(p.shortText || p.longText.split("\n")[0] || "");
}

/** Short + long text with bidder entries replaced by a neutral marker: the pre-check judges
 *  what the owner wrote, not what a bidder filled in. */
export function ownerText(p: BoqNode): string {
  return withoutBidderEntries(`${p.shortText}\n${p.longText}`);
}

/** A text with bidder entries ("[Bieterangabe: …]") replaced by a neutral marker. */
export const withoutBidderEntries = (text: string) => text.replace(/\[Bieterangabe:[^\]]*\]/g, "[Bieterangabe]");
