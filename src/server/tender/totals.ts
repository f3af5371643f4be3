// Item totals, lot/title subtotals and the grand total of a flat position list.

import type { BoqNode, TenderTotals } from "./types";

const toCents = (n: number) => Math.round(n * 100);

/** qty × unit price rounded half up to cents, exactly: GAEB quantities and unit prices have at
 *  most 3 decimals, so both are whole numbers of thousandths (floats would turn 3 × 10.005 into
 *  30.01). */
function lineTotal(qty: number, unitPrice: number): number {
  const product = BigInt(Math.round(qty * 1000)) * BigInt(Math.round(unitPrice * 1000));
  const half = product < 0n ? -5000n : 5000n;
  return Number((product + half) / 10000n) / 100;
}

/** GAEB decimals use a point; files in the field also use "1.234,56" or "12,5". */
export function parseDecimal(raw: string): number | null {
  let s = raw.trim().replace(/\s/g, "");
  if (s === "") return null;
  if (s.includes(",")) s = s.replace(/\./g, "").replace(",", ".");
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** The discount or lump sum of a section or of the whole LV (GAEB Totals). */
export interface Discount {
  percent: number | null;
  amount: number | null;
  lumpSum: number | null;
}

/** cents less `percent` (negative: a surcharge), rounded half up to the cent, exactly. */
function lessPercent(cents: number, percent: number): number {
  const factor = BigInt(100_000 - Math.round(percent * 1000));
  const product = BigInt(cents) * factor;
  const half = product < 0n ? -50_000n : 50_000n;
  return Number((product + half) / 100_000n);
}

/** What a sum becomes under GAEB's Totals: a lump sum replaces it, else a discount amount, else a percentage. */
export function afterDiscount(cents: number, d: Discount | null | undefined): number {
  if (!d) return cents;
  if (d.lumpSum !== null) return toCents(d.lumpSum);
  if (d.amount !== null) return cents - toCents(d.amount);
  if (d.percent !== null) return lessPercent(cents, d.percent);
  return cents;
}

const sameAlternative = (a: BoqNode["flags"]["alternative"], b: BoqNode["flags"]["alternative"]) =>
  a !== null && b !== null && a.group === b.group && a.serial === b.serial;

/**
 * Whether a node's total is part of its parent's sum: provisional items without total,
 * alternatives (Wahlpositionen, and Wahl-Abschnitte ALNBSerNo ≥ 1), not applicable and not
 * offered items are not. `section` is the enclosing alternative section, whose own items count
 * towards that section's sum.
 */
function counts(node: BoqNode, section: BoqNode["flags"]["alternative"]): boolean {
  const f = node.flags;
  if (f.notApplicable || f.notOffered) return false;
  if (f.alternative && f.alternative.serial >= 1 && !sameAlternative(f.alternative, section)) return false;
  if (node.kind === "lot" || node.kind === "title") return true;
  return (node.kind === "item" || node.kind === "markup") && f.provisional !== "WithoutTotal";
}

/** Whether an item's total is part of the offer sum on its own (money/money.ts): no Bedarfsposition
 *  without total, no alternative, nothing not applicable or not offered. */
export function countsInTotal(node: BoqNode): boolean {
  return (node.kind === "item" || node.kind === "markup") && counts(node, null);
}

/**
 * Fills missing item totals from qty × unit price (less an item discount; rounded to cents,
 * marked computed), sets every lot/title's `total` to the sum of its counted items and
 * sub-sections after the section's discount or lump sum (GAEB BoQCtgy/Totals), and returns the
 * grand total after the LV-wide discount. The tree is taken from the levels: a category's
 * children are the nodes after it until the next one at its level or above.
 */
export function computeTotals(positions: BoqNode[], stated: number | null, lvDiscount: Discount | null = null): TenderTotals {
  let computedItems = 0;
  for (const node of positions) {
    if ((node.kind === "item" || node.kind === "markup") && node.total === null) {
      if (node.qty !== null && node.unitPrice !== null) {
        const gross = lineTotal(node.qty, node.unitPrice);
        node.total = node.discountPercent ? lessPercent(toCents(gross), node.discountPercent) / 100 : gross;
        node.totalComputed = true;
        computedItems++;
      }
    }
  }

  let pricedItems = 0;
  // Sums one level of the tree from index `from`; returns [cents, priced, next index].
  const sumLevel = (from: number, level: number, section: BoqNode["flags"]["alternative"]): [number, boolean, number] => {
    let cents = 0;
    let priced = false;
    let i = from;
    while (i < positions.length && positions[i].level >= level) {
      const node = positions[i];
      if (node.kind === "lot" || node.kind === "title") {
        const inner = node.flags.alternative ?? section;
        const [sub, subPriced, next] = sumLevel(i + 1, node.level + 1, inner);
        const d = node.section;
        const hasLumpSum = d?.lumpSum !== null && d?.lumpSum !== undefined;
        const discount = d ? { percent: d.discountPercent, amount: d.discountAmount, lumpSum: d.lumpSum } : null;
        node.total = subPriced || hasLumpSum ? afterDiscount(sub, discount) / 100 : null;
        node.totalComputed = node.total !== null;
        if (d) d.subtotal = subPriced ? sub / 100 : null;
        if (node.total !== null && counts(node, section)) {
          cents += toCents(node.total);
          priced = true;
        }
        i = next;
        continue;
      }
      if (node.total !== null && counts(node, section)) {
        cents += toCents(node.total);
        priced = true;
        pricedItems++;
      }
      i++;
    }
    return [cents, priced, i];
  };
  // From the lowest level present, so that lists not starting at level 0 are summed whole.
  const minLevel = positions.reduce((m, p) => Math.min(m, p.level), 0);
  const [cents, priced] = sumLevel(0, minLevel, null);
  if (!priced && lvDiscount?.lumpSum == null) return { total: null, stated, pricedItems, computedItems };
  const hasDiscount = lvDiscount && (lvDiscount.percent || lvDiscount.amount || lvDiscount.lumpSum !== null);
  const total = afterDiscount(cents, lvDiscount) / 100;
  return {
    total,
    stated,
    pricedItems,
    computedItems,
    ...(hasDiscount
      ? { discount: { percent: lvDiscount.percent, amount: lvDiscount.amount, beforeDiscount: priced ? cents / 100 : null } }
      : {}),
  };
}
