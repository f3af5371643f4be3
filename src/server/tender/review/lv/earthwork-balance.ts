// The earthwork balance: excavated soil is put back or carried away, so backfill of site soil and
// disposal are held to the excavation.

import type { BoqNode } from "../../types";
import { unitClass } from "../position-facts";
import { de } from "./facts";
import { DERIVED_FIGURE_TOLERANCE, type AddHit, type View } from "./figure-check";

const EXCAVATION = /aushub|ausheben|baugrube\w*\s+(?:ausheb|herstell)|boden\s+loesen|bodenaushub/;
const BACKFILL = /verfuell|hinterfuell|wiedereinbau|arbeitsraum/;
const DISPOSAL = /abfahr|abfuhr|entsorg|verwert|abtransport|laden\s+und/;

/** Excavated soil is put back or carried away: a disposal more than half again the excavation
 *  (loosening included), or a backfill of site soil larger than the excavation, is a finding. */
export function earthworkBalance(items: BoqNode[], lv: View, flagged: Set<BoqNode>, qtyOf: (p: BoqNode) => number, add: AddHit) {
  const volume = items.filter((p) => unitClass(p.unit) === "volume");
  const pick = (re: RegExp, not: RegExp) => volume.filter((p) => re.test(lv.headline(p)) && !not.test(lv.headline(p)));
  const excavation = pick(EXCAVATION, /verfuell|abfahr|entsorg|laden/);
  const backfill = pick(BACKFILL, /liefer|fremd|schotter|kies|sand|beton|recycling|rc-|abfahr|entsorg/);
  const disposal = pick(DISPOSAL, /bauschutt|asbest|schadstoff|oberboden|mutterboden|abbruch|belast|kontamin|verfuell/);
  if (excavation.length === 0) return;
  const dug = excavation.reduce((s, p) => s + qtyOf(p), 0);
  const ex = excavation.map((p) => `OZ ${p.oz} ${de(qtyOf(p))} m³`).join(" + ");
  for (const p of backfill) {
    if (flagged.has(p) || p.qty! <= dug * DERIVED_FIGURE_TOLERANCE) continue;
    add(
      p,
      { qty: dug, derivation: `verfüllt wird höchstens, was ausgehoben wurde: Aushub ${ex}` },
      excavation.map((q) => q.oz),
    );
  }
  for (const p of disposal) {
    if (flagged.has(p) || disposal.length !== 1) continue;
    const rest = dug - backfill.filter((q) => !flagged.has(q)).reduce((s, q) => s + qtyOf(q), 0);
    if (p.qty! <= dug * 1.5 || rest <= 0) continue;
    const fill = backfill.map((q) => ` − Verfüllung OZ ${q.oz} ${de(qtyOf(q))} m³`).join("");
    add(
      p,
      { qty: rest, derivation: `Aushub ${ex}${fill} = ${de(rest, 1)} m³ bleiben zum Abfahren` },
      [...excavation, ...backfill].map((q) => q.oz),
    );
  }
}
