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

/** Whether an item's total is part of the offer sum: provisional items without total,
 *  alternatives (Wahlpositionen), not applicable and not offered items are not. */
export function countsInTotal(node: BoqNode): boolean {
  if (node.kind !== "item" && node.kind !== "markup") return false;
  const f = node.flags;
  return f.provisional !== "WithoutTotal" && !(f.alternative && f.alternative.serial >= 1) && !f.notApplicable && !f.notOffered;
}

/**
 * Fills missing item totals from qty × unit price (rounded to cents, marked computed), sets every
 * lot/title's `total` to the subtotal of the items below it, and returns the grand total.
 * Descendants are found by level: the nodes after a category until the next one at its level or
 * above, which holds for any document-ordered list.
 */
export function computeTotals(positions: BoqNode[], stated: number | null): TenderTotals {
  let computedItems = 0;
  for (const node of positions) {
    if ((node.kind === "item" || node.kind === "markup") && node.total === null) {
      if (node.qty !== null && node.unitPrice !== null) {
        node.total = lineTotal(node.qty, node.unitPrice);
        node.totalComputed = true;
        computedItems++;
      }
    }
  }

  positions.forEach((node, i) => {
    if (node.kind !== "lot" && node.kind !== "title") return;
    let cents = 0;
    let priced = false;
    for (let j = i + 1; j < positions.length && positions[j].level > node.level; j++) {
      const child = positions[j];
      if (countsInTotal(child) && child.total !== null) {
        cents += toCents(child.total);
        priced = true;
      }
    }
    node.total = priced ? cents / 100 : null;
    node.totalComputed = priced;
  });

  let cents = 0;
  let pricedItems = 0;
  for (const node of positions) {
    if (countsInTotal(node) && node.total !== null) {
      cents += toCents(node.total);
      pricedItems++;
    }
  }
  return { total: pricedItems > 0 ? cents / 100 : null, stated, pricedItems, computedItems };
}
