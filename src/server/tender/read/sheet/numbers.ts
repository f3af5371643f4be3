// Numbers in spreadsheets: German ("1.240,500") and plain ("1240.5") decimals in text cells and
// CSV files, and Excel number formats to show a numeric cell as the user sees it ("01.0010").

/** Currency marks, spaces and a leading plus around an amount. */
const NOISE = /[\s\u00A0\u202F]|€|\bEUR\b|^\+/gi;
const GERMAN_GROUPED = /^-?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
const GERMAN_PLAIN = /^-?\d*,\d+$|^-?\d+,?$/;
const ENGLISH_GROUPED = /^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const PLAIN = /^-?\d*\.?\d+$|^-?\d+\.$/;

/** A cell that only holds a blank for the bidder ("........", "____") or a dash: no number. */
export const isBlankMark = (text: string) => /^(?:[._…\s-]+|–|—)$/.test(text);

/**
 * A number written in a cell, or null when the text is no number. `decimalComma` decides the
 * ambiguous "1.240" (German: 1240, else 1.24); unambiguous forms are read either way.
 */
export function parseSheetNumber(raw: string, decimalComma: boolean): number | null {
  const s = raw.replace(NOISE, "");
  if (s === "") return null;
  let normalised: string | null = null;
  if (decimalComma) {
    if (GERMAN_GROUPED.test(s) || GERMAN_PLAIN.test(s)) normalised = s.replace(/\./g, "").replace(",", ".");
    else if (PLAIN.test(s)) normalised = s;
    else if (ENGLISH_GROUPED.test(s)) normalised = s.replace(/,/g, "");
  } else {
    if (ENGLISH_GROUPED.test(s) || PLAIN.test(s)) normalised = s.replace(/,/g, "");
    else if (GERMAN_GROUPED.test(s) || GERMAN_PLAIN.test(s)) normalised = s.replace(/\./g, "").replace(",", ".");
  }
  if (normalised === null) return null;
  const n = Number(normalised);
  return Number.isFinite(n) ? n : null;
}

/**
 * Whether the numbers among `texts` use a decimal comma. Only unambiguous texts count:
 * "12,5" and "1.240,500" say comma; "1240.5", "12.75" and "1,240.50" say point; "1.240" says
 * nothing. Without evidence the answer is `fallback`.
 */
export function detectDecimalComma(texts: Iterable<string>, fallback: boolean): boolean {
  let comma = 0;
  let point = 0;
  for (const raw of texts) {
    const s = raw.replace(NOISE, "");
    if (!/^-?[\d.,]*\d[\d.,]*$/.test(s)) continue;
    if (/^-?\d{1,3}(?:\.\d{3})*,\d+$|^-?\d+,\d{1,2}$|^-?\d+,\d{4,}$/.test(s)) comma++;
    else if (/^-?\d{1,3}(?:,\d{3})+\.\d+$|^-?\d+\.\d{1,2}$|^-?\d+\.\d{4,}$|^-?\d{4,}\.\d+$/.test(s)) point++;
  }
  if (comma === point) return fallback;
  return comma > point;
}

interface FormatToken {
  kind: "digit" | "point" | "literal";
  /** digit: "0" (always shown) or "#"/"?" (shown when needed); literal: the text. */
  value: string;
}

/** The tokens of the first (positive) section of an Excel number format, or null for formats this
 *  does not render (General, text, dates, times, scientific). */
function tokenize(format: string): { tokens: FormatToken[]; grouping: boolean; percent: boolean } | null {
  const tokens: FormatToken[] = [];
  let grouping = false;
  let percent = false;
  let inQuote = false;
  let seenPoint = false;
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (inQuote) {
      if (c === '"') inQuote = false;
      else tokens.push({ kind: "literal", value: c });
      continue;
    }
    if (c === ";") break;
    if (c === '"') inQuote = true;
    else if (c === "\\") tokens.push({ kind: "literal", value: format[++i] ?? "" });
    else if (c === "_" || c === "*") i++;
    else if (c === "[") i = format.indexOf("]", i) < 0 ? format.length : format.indexOf("]", i);
    else if (c === "0" || c === "#" || c === "?") tokens.push({ kind: "digit", value: c === "0" ? "0" : "#" });
    else if (c === "." && !seenPoint) {
      seenPoint = true;
      tokens.push({ kind: "point", value: "." });
    } else if (c === ",") grouping = grouping || (!seenPoint && tokens.some((t) => t.kind === "digit"));
    else if (c === "%") {
      percent = true;
      tokens.push({ kind: "literal", value: "%" });
    } else if (/[A-Za-z@]/.test(c)) return null;
    else tokens.push({ kind: "literal", value: c });
  }
  return tokens.some((t) => t.kind === "digit") ? { tokens, grouping, percent } : null;
}

export interface NumberStyle {
  decimal: string;
  /** Thousands separator, "" for none. */
  group: string;
}

export const GERMAN_NUMBERS: NumberStyle = { decimal: ",", group: "." };
/** For ordinal numbers (OZ): "01.0010" keeps its point, no grouping. */
export const OZ_NUMBERS: NumberStyle = { decimal: ".", group: "" };

/**
 * A number as an Excel number format shows it ("00.0000" → "01.0010", "#,##0.000" →
 * "1.240,500" in German, `00"."0000` for 10010 → "01.0010"); formats without digit placeholders
 * (General, text, dates) give the plain number.
 */
export function formatNumber(value: number, format: string | undefined, style: NumberStyle): string {
  const plain = () => {
    const s = String(Number(value.toPrecision(15)));
    return style.decimal === "." ? s : s.replace(".", style.decimal);
  };
  const parsed = format ? tokenize(format) : null;
  if (!parsed || !Number.isFinite(value)) return plain();
  const { tokens, grouping, percent } = parsed;
  const pointAt = tokens.findIndex((t) => t.kind === "point");
  const intTokens = pointAt < 0 ? tokens : tokens.slice(0, pointAt);
  const fracTokens = pointAt < 0 ? [] : tokens.slice(pointAt + 1);
  const fracDigits = fracTokens.filter((t) => t.kind === "digit");
  const scaled = Math.abs(percent ? value * 100 : value);
  const [intPart, fracPart = ""] = scaled.toFixed(fracDigits.length).split(".");

  // Fraction: digits left to right; optional (#) places drop trailing zeros.
  let keep = fracDigits.length;
  while (keep > 0 && fracDigits[keep - 1].value === "#" && fracPart[keep - 1] === "0") keep--;
  let fracIndex = 0;
  let fracText = "";
  for (const t of fracTokens) {
    if (t.kind === "literal") fracText += t.value;
    else if (fracIndex < keep) fracText += fracPart[fracIndex++];
    else fracIndex++;
  }

  // Integer: literals before and after the placeholders stay; literals between them (00"."0000)
  // are placed by filling the placeholders from the right, extra digits going in front.
  const intPlaceholders = intTokens.filter((t) => t.kind === "digit");
  const minDigits = intPlaceholders.filter((t) => t.value === "0").length;
  let digits = intPart === "0" && minDigits === 0 ? "" : intPart.padStart(minDigits, "0");
  const first = intTokens.findIndex((t) => t.kind === "digit");
  const last = intTokens.findLastIndex((t) => t.kind === "digit");
  const literalsIn = (from: number, to: number) =>
    intTokens
      .slice(from, to)
      .filter((t) => t.kind === "literal")
      .map((t) => t.value)
      .join("");
  let intText: string;
  if (first < 0) {
    intText = literalsIn(0, intTokens.length);
  } else if (!intTokens.slice(first, last).some((t) => t.kind === "literal")) {
    if (grouping && style.group) digits = digits.replace(/\B(?=(\d{3})+$)/g, style.group);
    intText = literalsIn(0, first) + digits + literalsIn(last + 1, intTokens.length);
  } else {
    intText = "";
    let remaining = digits;
    for (let i = intTokens.length - 1; i >= 0; i--) {
      const t = intTokens[i];
      if (t.kind === "literal") intText = t.value + intText;
      else if (i === first) {
        intText = remaining + intText;
        remaining = "";
      } else {
        intText = remaining.slice(-1) + intText;
        remaining = remaining.slice(0, -1);
      }
    }
  }
  const sign = value < 0 && /[1-9]/.test(intText + fracText) ? "-" : "";
  return sign + intText + (pointAt >= 0 && keep > 0 ? style.decimal : "") + fracText;
}
