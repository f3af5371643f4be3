// Shared facts for the LV rules: the LV view (items, folded texts, sentences), German numbers and
// the way figures are written in findings.

import { fold } from "../../text";
import type { BoqNode } from "../../types";
import { headline as foldedHeadline, normaliseUnit, ownerText, unitClass, withoutBidderEntries, type UnitClass } from "../position-facts";
import type { LvSentence, LvSource, LvView } from "./types";

// ── German numbers ────────────────────────────────────────────────────────────────────────

/** "0,2" → 0.2, "1.234,5" → 1234.5, "10.000" → 10000, "0.3" → 0.3; null when not a number. */
export function parseGermanNumber(raw: string): number | null {
  let s = raw.trim().replace(/\s/g, "");
  if (s === "") return null;
  if (s.includes(",")) s = s.replace(/\./g, "").replace(",", ".");
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, "");
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** A number written the German way: 12345678.012 → "12.345.678,012". */
export function de(n: number, maxFractionDigits = 3): string {
  let format = GERMAN_FORMATS.get(maxFractionDigits);
  if (!format)
    GERMAN_FORMATS.set(maxFractionDigits, (format = new Intl.NumberFormat("de-DE", { maximumFractionDigits: maxFractionDigits })));
  return format.format(n);
}
/** One formatter per precision: toLocaleString builds a new one on every call (slow on long LVs). */
const GERMAN_FORMATS = new Map<number, Intl.NumberFormat>();

const UNIT_LABELS: Record<string, string> = { m2: "m²", qm: "m²", m3: "m³", cbm: "m³" };

/** The unit as the estimator writes it: "m2" → "m²", others as in the LV. */
export function unitLabel(unit: string): string {
  return UNIT_LABELS[normaliseUnit(unit)] ?? unit.trim();
}

/** The quantity in the base unit of its class: kg → t; everything else unchanged. */
export function baseQty(p: BoqNode): number | null {
  if (p.qty === null) return null;
  return normaliseUnit(p.unit) === "kg" ? p.qty / 1000 : p.qty;
}

export { unitClass, type UnitClass };

// ── Thickness written in a text ("d = 24 cm", "Dicke 17,5 cm", "Wanddicke 0,24 m") ──────────

const THICKNESS =
  /\b(?:d|h|dicke|wanddicke|deckendicke|plattendicke|staerke|wandstaerke|bauteildicke)\s*(?:=|:)?\s*(?:ca\.?\s*)?(\d+(?:[.,]\d+)?)\s*(mm|cm|m)\b/;

/** The first thickness in a folded text, in metres; null when none is written. */
export function thicknessMetres(folded: string): number | null {
  const m = THICKNESS.exec(folded);
  if (!m) return null;
  const value = parseGermanNumber(m[1]);
  if (value === null || value <= 0) return null;
  const metres = m[2] === "mm" ? value / 1000 : m[2] === "cm" ? value / 100 : value;
  return metres > 0.02 && metres < 3 ? metres : null;
}

// ── Sentences ─────────────────────────────────────────────────────────────────────────────

/** Where the sentence holding `index` starts: after the last full stop that ends one (not "ca.",
 *  "Nr.", "z. B.", "3."), line break or character of `alsoEnds` (";", ":") before it. */
export function sentenceStartBefore(text: string, index: number, alsoEnds = ""): number {
  const re = new RegExp(String.raw`(?<!\b(?:ca|rd|nr|bzw|ggf|inkl|evtl|zzgl|max|mind|pos|vgl|abs|[a-z]|\d+))\.\s|[\n${alsoEnds}]`, "gi");
  const ends = [...text.slice(0, index).matchAll(re)];
  return ends.length ? ends[ends.length - 1].index + 1 : 0;
}

/** Tokens before a period that do not end a sentence ("z. B.", "Abs.", "ca."). */
const ABBREVIATIONS = new Set(
  `abs nr ca ggf inkl incl gem lt pos bzw vgl max min zzgl evtl usw etc bspw einschl ziff tel str mind stk stck lfd std kw
   sog bzgl entspr allg ausschl jew pkt tab abschn anl bzw sep vh dgl ff`.split(/\s+/),
);

/** Splits a text into sentences: at line breaks, and after . ; ! ? when an upper-case word
 *  follows and the period does not close an abbreviation. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    let start = 0;
    // A new sentence starts with a capital, or with a numbered sub-clause: "… bezahlt. (2) Auf …".
    const re = /[.;!?]\s+(?=["„(]?[A-ZÄÖÜ]|\(\s*(?:\d{1,2}|[a-z])\s*\)\s)/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(line))) {
      // Only the last word before the period matters (a bounded slice: no quadratic time on long
      // lines full of abbreviations). "z. B." and "Abs." are abbreviations, "VOB/B." is not.
      const word = /(^|[^A-Za-zÄÖÜäöüß])([A-Za-zÄÖÜäöüß]+)$/.exec(line.slice(Math.max(start, m.index - 24), m.index));
      const token = word?.[2] ?? "";
      const abbreviation = (token.length === 1 && word?.[1] !== "/") || ABBREVIATIONS.has(fold(token));
      if (line[m.index] === "." && abbreviation) continue;
      out.push(line.slice(start, m.index + 1).trim());
      start = m.index + m[0].length;
    }
    out.push(line.slice(start).trim());
  }
  return out.filter(Boolean);
}

// ── The LV view ───────────────────────────────────────────────────────────────────────────

const hasText = (p: BoqNode) => Boolean(p.shortText.trim() || p.longText.trim());

/** f computed once per position: the LV checks ask for the same position's facts many times. */
export function perPosition<T>(f: (p: BoqNode) => T): (p: BoqNode) => T {
  const cache = new Map<BoqNode, T>();
  return (p) => {
    if (!cache.has(p)) cache.set(p, f(p));
    return cache.get(p)!;
  };
}

export function buildLvView(source: LvSource): LvView {
  const positions = source.positions;
  const preamble = source.preamble ?? "";
  const items = positions.filter((p) => p.kind === "item" && !p.flags.notApplicable);
  const text = perPosition((p) => fold(ownerText(p)));
  const headline = perPosition(foldedHeadline);

  const sentence = (original: string, item: BoqNode | null, isHeadline: boolean): LvSentence => ({
    folded: fold(original),
    original,
    oz: item?.oz ?? null,
    item,
    headline: isHeadline,
  });
  const contractSentences = splitSentences(preamble).map((s) => sentence(s, null, false));
  const sentences = [...contractSentences];
  for (const p of positions) {
    if (p.flags.notApplicable) continue;
    if (p.kind === "remark") {
      const remark = [p.shortText, p.longText].filter(Boolean).join("\n");
      // Remarks before the first item are usually part of the preamble already.
      if (remark && preamble.includes(p.longText || p.shortText)) continue;
      const parts = splitSentences(remark).map((s) => sentence(s, null, false));
      contractSentences.push(...parts);
      sentences.push(...parts);
    } else if (p.kind === "lot" || p.kind === "title") {
      if (p.shortText) sentences.push(sentence(p.shortText, null, true));
    } else if (p.kind === "item") {
      // Without a short text (PDF, Excel) the first long-text line stands in for it.
      const long = withoutBidderEntries(p.longText).split("\n");
      const short = p.shortText ? withoutBidderEntries(p.shortText) : (long.shift() ?? "");
      for (const s of splitSentences(short)) sentences.push(sentence(s, p, true));
      for (const s of splitSentences(long.join("\n"))) sentences.push(sentence(s, p, false));
    }
  }

  const byOz = new Map<string, BoqNode>();
  for (const p of positions) if (p.oz && !byOz.has(p.oz)) byOz.set(p.oz, p);

  return {
    positions,
    preamble,
    totals: source.totals ?? null,
    items,
    textItems: items.filter(hasText),
    text,
    headline,
    sentences,
    contractSentences,
    byOz,
  };
}

/** At most `n` OZ, for relatedOz and evidence. */
export const firstOz = (nodes: BoqNode[], n = 8) => nodes.slice(0, n).map((p) => p.oz);

/** "03.0020 „Bodenplatte C30/37“" */
export const quoteItem = (p: BoqNode) => `${p.oz} „${(p.shortText || p.longText.split("\n")[0] || "").slice(0, 60)}“`;

/** The sentence in its original spelling, shortened for an excerpt. */
export const excerptOf = (s: { original: string }, max = 240) =>
  s.original.length > max ? `${s.original.slice(0, max - 1)}…` : s.original;

// Numbers written as words (folded), shared by the clause figures and the LV's stated counts.
const UNITS: Record<string, number> = { ein: 1, eins: 1, zwei: 2, drei: 3, vier: 4, fuenf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9 };
const TEENS: Record<string, number> = {
  null: 0,
  zehn: 10,
  elf: 11,
  zwoelf: 12,
  dreizehn: 13,
  vierzehn: 14,
  fuenfzehn: 15,
  sechzehn: 16,
  siebzehn: 17,
  achtzehn: 18,
  neunzehn: 19,
};
const TENS: Record<string, number> = {
  zwanzig: 20,
  dreissig: 30,
  vierzig: 40,
  fuenfzig: 50,
  sechzig: 60,
  siebzig: 70,
  achtzig: 80,
  neunzig: 90,
};

/** A number written as one folded word: "fuenf", "einundzwanzig", "hundertzwanzig", "zweihundert". */
export function numberWord(word: string): number | null {
  const below100 = (w: string): number | null => {
    if (w in UNITS && w !== "ein") return UNITS[w];
    if (w in TEENS) return TEENS[w];
    if (w in TENS) return TENS[w];
    const m =
      /^(ein|zwei|drei|vier|fuenf|sechs|sieben|acht|neun)und(zwanzig|dreissig|vierzig|fuenfzig|sechzig|siebzig|achtzig|neunzig)$/.exec(w);
    return m ? UNITS[m[1]] + TENS[m[2]] : null;
  };
  const below1000 = (w: string): number | null => {
    const h = /^(ein|zwei|drei|vier|fuenf|sechs|sieben|acht|neun)?hundert(?:und)?(.*)$/.exec(w);
    if (!h) return below100(w);
    const rest = h[2] ? below100(h[2] === "ein" ? "eins" : h[2]) : 0;
    return rest === null ? null : (h[1] ? UNITS[h[1]] : 1) * 100 + rest;
  };
  // "zweitausendfünfhundert", "tausend", "fünfzehntausend"
  const t = /^(.*?)tausend(?:und)?(.*)$/.exec(word);
  if (t) {
    const thousands = t[1] ? below1000(t[1]) : 1;
    const rest = t[2] ? below1000(t[2] === "ein" ? "eins" : t[2]) : 0;
    return thousands === null || rest === null ? null : thousands * 1000 + rest;
  }
  return below1000(word);
}
