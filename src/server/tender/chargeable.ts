// How many positions the customer pays for.
//
// Charged are items only (kind "item"): no lots, titles, remarks or markup items. An item is not
// charged when it duplicates an earlier item, where two items are the SAME ("similar") when
//   normalise(shortText) + normalise(longText)
// are equal, with normalise = lowercase, umlauts folded (ä→ae, ö→oe, ü→ue, ß→ss), punctuation
// replaced by spaces, whitespace collapsed; numbers are kept, so "Beton C25/30" and "Beton C30/37"
// stay different. Items without any text (usual in .x84 offers) cannot be compared by text; they
// count as duplicates only when their OZ repeats. The first occurrence is charged, later ones name
// it in `sameAs`.

import { normaliseForComparison } from "./text";
import type { BoqNode } from "./types";

export interface Duplicate {
  oz: string;
  sameAs: string;
}

export interface ChargeableResult {
  chargeablePositions: number;
  duplicates: Duplicate[];
}

function comparisonKey(node: BoqNode): string {
  const short = normaliseForComparison(node.shortText);
  const long = normaliseForComparison(node.longText);
  return short || long ? `text:${short}|${long}` : `oz:${node.oz}`;
}

export function countChargeable(positions: BoqNode[]): ChargeableResult {
  const firstByKey = new Map<string, BoqNode>();
  const duplicates: Duplicate[] = [];
  for (const node of positions) {
    if (node.kind !== "item") continue;
    const key = comparisonKey(node);
    const first = firstByKey.get(key);
    if (first) duplicates.push({ oz: node.oz, sameAs: first.oz });
    else firstByKey.set(key, node);
  }
  return { chargeablePositions: firstByKey.size, duplicates };
}
