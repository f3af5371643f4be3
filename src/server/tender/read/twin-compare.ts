// Compares two readings of the same LV (e.g. a .d83 and the .x83 an AVA program exported with it)
// field by field. What may legitimately differ between the formats is normalised: zero padding of
// OZ parts ("01.0010" = "1.10"), line wrapping of texts (GAEB 90 wraps at ~60 characters, breaking
// words at hyphens), "…", which the DOS code pages lack, and bidder gaps (TextComplement in DA
// XML, a dotted line in GAEB 90/2000 that those readers mark like the PDF reader; dotted lines in a
// DA XML file stay unmarked, so the number of gaps is not compared).
import type { BoqNode, ParsedTender } from "../types";

const normOz = (oz: string) =>
  oz
    .split(".")
    .map((part) => part.replace(/^0+(?=.)/, ""))
    .join(".");
/** A bidder gap: DA XML's empty TextComplement as the reader renders it, or a dotted/ruled line. */
const GAP = /\[Bieterangabe: …\]|(?:[.…_][ \t]*){4,}/g;
const normText = (s: string) =>
  s
    .replace(GAP, "▢")
    .replace(/▢(?:[.…_\s]|▢)*/g, "▢")
    .replace(/…/g, "...")
    .replace(/\s+/g, "");

function fields(n: BoqNode): Record<string, unknown> {
  const alt = n.flags.alternative;
  return {
    kind: n.kind,
    level: n.level,
    title: n.kind === "title" || n.kind === "lot" ? normText(n.shortText) : undefined,
    qty: n.kind === "item" ? n.qty : undefined,
    unit: n.kind === "item" ? n.unit : undefined,
    unitPrice: n.unitPrice,
    total: n.kind === "item" ? n.total : undefined,
    shortText: n.kind === "item" ? normText(n.shortText) : undefined,
    longText: n.kind === "item" ? normText(n.longText) : undefined,
    provisional: n.flags.provisional,
    alternative: alt ? (alt.serial >= 1 ? "Wahl" : "Grund") : null,
    lumpSum: n.flags.lumpSum,
    hourly: n.flags.hourly,
    notApplicable: n.flags.notApplicable,
  };
}

/** Up to 60 characters of `a` around where it first differs from `b`. */
function excerpt(a = "undefined", b = "undefined"): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 25);
  return `${from > 0 ? "…" : ""}${a.slice(from, from + 60)}${from + 60 < a.length ? "…" : ""}`;
}

/** One line per difference, e.g. "02.0020 qty: 12.5 ≠ 12"; empty when both read alike. */
export function twinDifferences(a: Pick<ParsedTender, "positions" | "totals">, b: Pick<ParsedTender, "positions" | "totals">): string[] {
  const out: string[] = [];
  const keyed = (t: Pick<ParsedTender, "positions">) =>
    new Map(t.positions.filter((n) => n.kind !== "remark").map((n) => [`${n.kind} ${normOz(n.oz)}`, n]));
  const left = keyed(a);
  const right = keyed(b);
  for (const [key, n] of left) {
    const m = right.get(key);
    if (!m) {
      out.push(`${n.oz}: nur in der ersten Datei`);
      continue;
    }
    const fa = fields(n);
    const fb = fields(m);
    for (const field of Object.keys(fa)) {
      const va = JSON.stringify(fa[field]);
      const vb = JSON.stringify(fb[field]);
      if (va !== vb) out.push(`${n.oz} ${field}: ${excerpt(va, vb)} ≠ ${excerpt(vb, va)}`);
    }
  }
  for (const [key, m] of right) if (!left.has(key)) out.push(`${m.oz}: nur in der zweiten Datei`);
  if (a.totals.total !== b.totals.total) out.push(`Summe: ${a.totals.total} ≠ ${b.totals.total}`);
  // An unpriced LV may state its total as 0 or not at all.
  const stated = (t: Pick<ParsedTender, "totals">) => (t.totals.total === null && t.totals.stated === 0 ? null : t.totals.stated);
  if (stated(a) !== stated(b)) out.push(`Summe laut Datei: ${a.totals.stated} ≠ ${b.totals.stated}`);
  return out;
}
