// The LV rules, run once per LV after the position rules (see run.ts). Each group keeps its
// patterns and limits in a readable table next to it:
//   completeness.ts ← trade-completeness.ts  work a trade normally needs (questions)
//   contract-clauses.ts                      Besondere Leistungen ohne Vergütung (the clauses: review/clauses/)
//   structure.ts                             doppelte OZ/Texte, leere Titel, Wahl ohne Grund, Bedarfspositionen
//   quantities.ts ← quantity-ranges.ts       Größenordnung, Mengenverhältnisse, Pauschale für Messbares
// Every rule needs a matching and a non-matching example in lv-rules.test.ts.

import { COMPLETENESS_RULES } from "./completeness";
import { CONTRACT_RULES } from "./contract-clauses";
import { OWN_FIGURE_RULES } from "./own-figures";
import { UNIT_RULES } from "./unit-plausibility";
import { QUANTITY_RULES } from "./quantities";
import { STRUCTURE_RULES } from "./structure";
import type { LvRule } from "./types";

export const LV_RULES: LvRule[] = [
  ...COMPLETENESS_RULES,
  ...CONTRACT_RULES,
  ...STRUCTURE_RULES,
  ...QUANTITY_RULES,
  ...OWN_FIGURE_RULES,
  ...UNIT_RULES,
];
