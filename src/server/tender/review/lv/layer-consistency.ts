// Layer consistency: positions of one title measured on the same area (roof or floor layers); the
// odd one with a shifted decimal point (× 10, ÷ 10 …) or swapped digits is a finding.

import type { BoqNode } from "../../types";
import { unitClass } from "../position-facts";
import { de, perPosition } from "./facts";
import { stem } from "./stated-counts";
import { isDecimalShift, isDigitSwap, LAYER_OUTLIER_FACTOR, type AddHit, type View } from "./figure-check";

/** Finds the layer far off the common area of its title. */
export function layerOutliers(items: BoqNode[], lv: View, flagged: Set<BoqNode>, qtyOf: (p: BoqNode) => number, add: AddHit) {
  const byTitle = new Map<BoqNode | null, BoqNode[]>();
  for (const p of items) if (unitClass(p.unit) === "area") byTitle.set(lv.title(p), [...(byTitle.get(lv.title(p)) ?? []), p]);
  for (const group of byTitle.values()) {
    if (group.length < 3) continue;
    // The largest cluster of areas within 3 % of each other (layers measured once, or with a
    // little waste): at least two positions, and three when the title is small.
    const close = (a: number, b: number) => Math.abs(Math.log(a / b)) < 0.03;
    const clusters = group.map((p) => group.filter((q) => close(qtyOf(q), qtyOf(p))));
    const best = clusters.sort((a, b) => b.length - a.length)[0];
    const n = best.length;
    if (n < (group.length < 4 ? 2 : 3)) continue;
    const common = [...best.map(qtyOf)].sort((a, b) => a - b)[Math.floor((n - 1) / 2)];
    for (const p of group) {
      if (flagged.has(p) || best.includes(p)) continue;
      const factor = p.qty! / common;
      // Only a shifted decimal point (× 10, × 100, ÷ 10 …) or the common area's digits swapped
      // ("2.250" among layers of 2.520 m²): other sizes are other parts of the work.
      const shifted = (factor >= LAYER_OUTLIER_FACTOR || factor <= 1 / LAYER_OUTLIER_FACTOR) && isDecimalShift(factor);
      if (!shifted && !isDigitSwap(p.qty!, common)) continue;
      const peers = best;
      add(
        p,
        {
          qty: common,
          derivation: `${n} weitere Lagen desselben Titels haben ${best.every((q) => qtyOf(q) === common) ? "je" : "etwa"} ${de(common)} m² (OZ ${peers
            .map((q) => q.oz)
            .slice(0, 4)
            .join(", ")})`,
        },
        peers.map((q) => q.oz).slice(0, 6),
      );
    }
  }
}

/** The same object in another title ("Kugelstrahlen Rampe" 182 m², "Beschichtung Rampe" 1.820
 *  m²): an area exactly ten (a hundred …) times that of a position whose own text confirms its
 *  figure is a shifted decimal point. Only exact shifts (within 0,5 %) count: unrelated areas of
 *  the same word are rarely exactly ten times each other. */
export function sameObjectShifts(items: BoqNode[], lv: View, flagged: Set<BoqNode>, confirmed: (p: BoqNode) => boolean, add: AddHit) {
  const areas = items.filter((p) => unitClass(p.unit) === "area");
  // Each position's words and confirmation once: the pairs are many, reading a long text is not cheap.
  const wordsOf = perPosition(
    (p) =>
      new Set(
        lv
          .headline(p)
          .split(/[^a-z]+/)
          .filter((x) => x.length >= 5)
          .map(stem),
      ),
  );
  const isConfirmed = perPosition(confirmed);
  // Positions by the leading digits of their quantity and its power of ten (1 820 and 182 share
  // "182"): a witness is looked up among the few with the same digits and another power of ten,
  // not among all areas.
  const digits = (x: number) => Math.round((x / 10 ** Math.floor(Math.log10(x))) * 100);
  const byDigits = new Map<number, Map<number, number[]>>();
  areas.forEach((q, i) => {
    if (!(q.qty! > 0)) return;
    const k = digits(q.qty!);
    const e = Math.floor(Math.log10(q.qty!));
    const powers = byDigits.get(k) ?? new Map<number, number[]>();
    powers.set(e, [...(powers.get(e) ?? []), i]);
    byDigits.set(k, powers);
  });
  for (const p of areas) {
    if (flagged.has(p) || !(p.qty! > 0)) continue;
    const own = wordsOf(p);
    const k = digits(p.qty!);
    const e = Math.floor(Math.log10(p.qty!));
    const candidates = [k - 1, k, k + 1, ...(k >= 999 ? [100] : []), ...(k <= 100 ? [1000] : [])]
      .flatMap((d) => [...(byDigits.get(d) ?? [])].flatMap(([power, list]) => (power === e ? [] : list)))
      .sort((a, b) => a - b)
      .map((i) => areas[i]);
    const witness = candidates.find((q) => {
      if (q === p || lv.title(q) === lv.title(p)) return false;
      const exponent = Math.round(Math.log10(p.qty! / q.qty!));
      if (exponent === 0 || Math.abs(p.qty! / q.qty! / 10 ** exponent - 1) >= 0.005) return false;
      return [...wordsOf(q)].some((w) => own.has(w)) && !flagged.has(q) && isConfirmed(q);
    });
    if (!witness) continue;
    const word = [...wordsOf(witness)].find((w) => own.has(w))!;
    add(
      p,
      {
        qty: witness.qty!,
        derivation: `OZ ${witness.oz} „${witness.shortText.slice(0, 40)}“ hat für dasselbe Bauteil (${word.replace(/^./, (c) => c.toUpperCase())}) ${de(witness.qty!)} m², durch die Angaben im Langtext belegt`,
      },
      [witness.oz],
    );
  }
}
