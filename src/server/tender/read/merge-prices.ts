// A price-only X84 (items referenced by ID/OZ with UP and IT, no quantities or texts – as the
// BVBS check files and many bidders' exports) completes the X83 it answers: its prices, item
// discounts and bidder answers are copied onto the X83's items, the sections' discounts and lump
// sums onto its lots and titles, and the merged LV is analysed like a priced one.
import { GaebError } from "../errors";
import { computeTotals } from "../totals";
import type { BidderAnswer, BoqNode, ParsedTender } from "../types";

const LISTED = 10;
const listOz = (nodes: BoqNode[]) =>
  nodes
    .slice(0, LISTED)
    .map((n) => n.oz)
    .join(", ") + (nodes.length > LISTED ? ` und ${nodes.length - LISTED} weitere` : "");

const entries = (t: ParsedTender) => t.positions.filter((p) => p.kind === "item" || p.kind === "markup");

/**
 * The matching X83 item for each priced X84 item. The OZ decides where both files have it (AVA
 * programs regenerate IDs on export, so an ID can point at another item); the ID finds items
 * whose OZ was renumbered.
 */
function matchItems(base: BoqNode[], priced: BoqNode[]): Map<BoqNode, BoqNode> {
  const byOz = new Map(base.map((b) => [b.oz, b]));
  const byId = new Map(base.filter((b) => b.id).map((b) => [b.id!, b]));
  const matches = new Map<BoqNode, BoqNode>();
  const taken = new Set<BoqNode>();
  for (const p of priced) {
    const target = byOz.get(p.oz) ?? (p.id ? byId.get(p.id) : undefined);
    if (target && !taken.has(target)) {
      matches.set(p, target);
      taken.add(target);
    }
  }
  return matches;
}

/** The bidder's answers filled into the X83's fields, in order; the open ones stay gaps. */
function mergeAnswers(target: BoqNode, answers: BidderAnswer[]): void {
  const merged = (target.bidderAnswers ?? []).map((a) => ({ ...a }));
  answers.forEach((a, i) => {
    if (merged[i]) merged[i].answer = a.answer ?? merged[i].answer;
    else merged.push({ ...a });
  });
  target.bidderAnswers = merged;
  target.bidderGaps = merged.filter((a) => a.answer === null).length;
  // The fields in the long text, in the same order: an answered one is no longer open.
  let i = 0;
  target.longText = target.longText.replace(/\[Bieterangabe(?:: …)?\]/g, (marker) => {
    const answered = merged[i++]?.answer != null;
    return answered ? "[Bieterangabe]" : marker;
  });
}

export function mergePrices(base: ParsedTender, prices: ParsedTender, baseFileName: string): ParsedTender {
  const positions = base.positions.map((p) => ({ ...p, flags: { ...p.flags } }));
  // Section discounts and lump sums are the bidder's: they come from the X84 only.
  const sections = new Map(prices.positions.filter((p) => p.kind === "lot" || p.kind === "title").map((p) => [p.oz, p.section]));
  for (const node of positions) {
    if (node.kind !== "lot" && node.kind !== "title") continue;
    const section = sections.get(node.oz);
    if (section) node.section = { ...section };
    else delete node.section;
  }
  const baseItems = positions.filter((p) => p.kind === "item" || p.kind === "markup");
  const priced = entries(prices);
  const matches = matchItems(baseItems, priced);
  if (matches.size === 0) {
    throw new GaebError(
      "price_only_without_base",
      `no item of the X84 matches ${baseFileName}`,
      `keine Position passt zum LV „${baseFileName}“`,
    );
  }
  for (const item of baseItems) {
    item.unitPrice = null;
    item.total = null;
    item.totalComputed = false;
  }
  for (const [p, target] of matches) {
    target.unitPrice = p.unitPrice;
    target.total = p.total;
    target.discountPercent = p.discountPercent ?? null;
    if (p.flags.notOffered) target.flags.notOffered = true;
    if (p.bidderAnswers?.length) mergeAnswers(target, p.bidderAnswers);
  }
  const unmatched = priced.filter((p) => !matches.has(p));
  const matched = new Set(matches.values());
  const unpriced = baseItems.filter((b) => !matched.has(b) && !b.flags.notApplicable);
  const warnings = [
    ...base.warnings,
    `Die Preise dieser Angebotsdatei wurden in das LV „${baseFileName}“ übernommen: ${matches.size} von ${baseItems.length} Positionen.`,
  ];
  if (unmatched.length > 0)
    warnings.push(`${unmatched.length} Positionen der Angebotsdatei fehlen im LV „${baseFileName}“ (OZ ${listOz(unmatched)}).`);
  if (unpriced.length > 0)
    warnings.push(`${unpriced.length} Positionen des LV haben in der Angebotsdatei keinen Preis (OZ ${listOz(unpriced)}).`);
  const discount = prices.totals.discount;
  const totals = computeTotals(
    positions,
    prices.totals.stated,
    discount ? { percent: discount.percent, amount: discount.amount, lumpSum: null } : null,
  );
  if (totals.stated !== null && totals.total !== null && Math.abs(totals.stated - totals.total) > 0.005) {
    warnings.push(
      `Die Summe laut Angebotsdatei (${totals.stated.toFixed(2)}) weicht von der Summe der Positionen (${totals.total.toFixed(2)}) ab.`,
    );
  }
  return {
    ...base,
    phase: prices.phase ?? base.phase,
    currency: prices.currency || base.currency,
    positions,
    totals,
    warnings,
  };
}
