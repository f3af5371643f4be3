import type { BoqNode, NodeKind } from "../types";

export type Severity = "hinweis" | "warnung" | "risiko";

export type RuleCategory =
  | "positionsart"
  | "menge"
  | "einheit"
  | "bieterangaben"
  | "leistungsbeschreibung"
  | "produktvorgabe"
  | "unterlagen"
  | "vertrag"
  /** LV-wide: work a trade normally needs that the LV does not contain. */
  | "vollstaendigkeit"
  /** LV-wide: duplicate OZ, titles without items, alternatives without base … */
  | "struktur";

/** Facts about the whole LV that single-position rules compare against. */
export interface PrecheckContext {
  /** Median quantity of the items with this (normalised) unit; null for fewer than 4 items. */
  medianQty(unit: string): number | null;
  /** The position's owner text (short + long, bidder entries removed), folded like the patterns. */
  text(position: BoqNode): string;
  /** The LV's contract texts (Vorbemerkungen and remarks), folded like the patterns. */
  contractTexts: string[];
}

interface RuleBase {
  /** Stable identifier (kebab-case); used in counts and by the UI. */
  id: string;
  /** Short German title shown to the estimator. */
  title: string;
  severity: Severity;
  category: RuleCategory;
  /** German explanation: why this matters for the calculation. */
  why: string;
  /** VOB/A, VOB/B or VOB/C provision the hint rests on. */
  basis?: string;
  /** The finding points to a possible claim (Nachtrag) or a claim risk. */
  nachtragspotenzial?: boolean;
  /** Node kinds the rule looks at; default: items. */
  kinds?: NodeKind[];
  /** Also check positions that are not applicable (entfallen); default: skip them. */
  includeNotApplicable?: boolean;
}

/**
 * Either a predicate, or patterns matched against the position's text as written by the owner
 * (short + long text, bidder entries removed), lowercased with umlauts folded: write patterns
 * as "gemaess", never "gemäß".
 */
export type PrecheckRule = RuleBase &
  (
    | { test: (position: BoqNode, context: PrecheckContext) => boolean }
    | {
        patterns: RegExp[];
        unless?: RegExp[];
        /** Drops a hit that the rest of the LV settles (e.g. the referenced document is attached);
         *  gets the folded matched wording. */
        settledBy?: (matched: string, position: BoqNode, context: PrecheckContext) => boolean;
      }
  );

export interface Finding {
  ruleId: string;
  /** "position": about one position (oz set); "lv": about the LV as a whole (oz null). */
  scope: "position" | "lv";
  oz: string | null;
  kind: NodeKind | null;
  /** Who found it: the rule table or the language model (then always worded as a question). */
  source: "rule" | "model";
  severity: Severity;
  category: RuleCategory;
  title: string;
  why: string;
  basis?: string;
  nachtragspotenzial: boolean;
  /** The matched wording in its original spelling (pattern rules). */
  excerpt?: string;
  /** The figure found and the range expected, e.g. "12.345.678 m² Oberboden; üblich bis 50.000 m²". */
  evidence?: string;
  /** The quantity the LV's own figures lead to (quantity findings, review/lv/own-figures.ts). */
  expectedQty?: number;
  /** OZ of further positions the finding refers to (e.g. both sides of a duplicate). */
  relatedOz?: string[];
  /** Euro amount at stake, where unit prices are known (see money.ts); null when not computable. */
  potentialEur?: number | null;
  /** Without prices: what price would be needed to put a figure on it (German). */
  priceNeeded?: string;
  /** Risiko = possible loss, Chance = likely Nachtrag, offen = uncertain (shown, never summed);
   *  absent for findings that are no money question (money/money.ts). */
  effect?: "risiko" | "chance" | "offen";
  /** Without prices in the file: the amount estimated from the reference price table, net,
   *  "Schätzung (Richtwert)". A real amount (`potentialEur`) always wins. */
  potentialEurEstimate?: { low: number; high: number } | null;
  /** Contract clause findings (review/clauses): the checklist type, its verdict and where the clause stands. */
  clause?: FindingClause;
}

export interface FindingClause {
  /** Slug of the checklist (knowledge/klauseln/<type>.md). */
  type: string;
  verdict: "kritisch" | "prüfen" | "üblich";
  status: "geregelt" | "nicht geregelt";
  /** "Vorbemerkungen" or the contract document's file name. */
  document?: string;
  /** "Seite 2, Absatz 3" or "Absatz 5". */
  location?: string;
  /** Raised by the wording model, not by a rule: what is at stake is not read, so no amount. */
  wording?: boolean;
}

/** The money at stake over all findings (BoQ response `potential`). */
export interface Potential {
  totalEur: number;
  /** Findings with an amount. */
  count: number;
  /** Sum per VOB basis (the finding's `basis`, "ohne Grundlage" when none). */
  byBasis: Record<string, number>;
}

export interface FindingCounts {
  total: number;
  bySeverity: Record<Severity, number>;
  byRule: Record<string, number>;
  nachtragspotenzial: number;
}

export interface PrecheckResult {
  findings: Finding[];
  counts: FindingCounts;
}
