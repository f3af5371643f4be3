// The token shapes of a printed LV: ordinal numbers, German numbers, units, blanks.

/** An ordinal number (OZ) as printed: "01", "01.0010", "1.2.30.", "03.0040.1". */
export const OZ_TOKEN = /^\d{1,4}(?:\.[0-9A-Za-z]{1,4}){0,5}\.?$/;
/** An OZ with at least two parts: how items (and most titles) are numbered. */
export const DOTTED_OZ = /^\d{1,4}(?:\.[0-9A-Za-z]{1,4}){1,5}\.?$/;
/** A printed date ("12.03.2026") looks like an OZ; it never stands in the OZ column. */
const DATE = /^\d{1,2}\.\d{1,2}\.(?:19|20)\d\d\.?$/;

/** A number in a quantity or price column: "1.240,500", "1240,50", "6", "(312,00)", "-12,5". */
export const NUMBER_TOKEN = /^\(?[-–]?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?\)?$/;
/** A unit of measure: "m", "m2", "m³", "St", "psch", "mWo", "lfdm", "kg", "h", "Std.", "t/m". */
export const UNIT_TOKEN = /^[A-Za-zÄÖÜäöüß][A-Za-zÄÖÜäöüß0-9²³./]{0,7}$/;
export const LUMP_SUM_UNIT = /^(psch|pauschal|pschl)\.?$/i;
/** Dotted, underlined or ellipsis blanks: gaps for the bidder (or empty price fields). */
export const BLANK_TOKEN = /^(?:[._…·]{3,}|_{2,})$/;
export const BLANK_RUN = /(?:[.…·]{5,}|_{3,}|…{2,})/g;
export const BIDDER_GAP = "[Bieterangabe: …]";

export const isOz = (s: string) => OZ_TOKEN.test(s) && !DATE.test(s);
export const isDottedOz = (s: string) => DOTTED_OZ.test(s) && !DATE.test(s);
export const normaliseOz = (s: string) => s.replace(/\.$/, "");
export const isNumber = (s: string) => NUMBER_TOKEN.test(s);
export const isBlank = (s: string) => BLANK_TOKEN.test(s);
export const isUnit = (s: string) => UNIT_TOKEN.test(s) && !isBlank(s);

/** A printed German number: "1.240,500" → 1240.5, "1.000" → 1000, "(312,00)" → 312. */
export function parseGermanNumber(raw: string): number | null {
  let s = raw.replace(/[()\s]/g, "").replace("–", "-");
  if (s.includes(",")) s = s.replace(/\./g, "").replace(",", ".");
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, "");
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}
