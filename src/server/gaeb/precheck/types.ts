import type { BoqNode, NodeKind } from "../types";

export type Severity = "hinweis" | "warnung" | "risiko";

export type RuleCategory =
  "positionsart" | "menge" | "einheit" | "bieterangaben" | "leistungsbeschreibung" | "produktvorgabe" | "unterlagen" | "vertrag";

/** Facts about the whole LV that single-position rules compare against. */
export interface PrecheckContext {
  /** Median quantity of the items with this (normalised) unit; null for fewer than 4 items. */
  medianQty(unit: string): number | null;
  /** The position's owner text (short + long, bidder entries removed), folded like the patterns. */
  text(position: BoqNode): string;
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
  ({ test: (position: BoqNode, context: PrecheckContext) => boolean } | { patterns: RegExp[]; unless?: RegExp[] });

export interface Finding {
  ruleId: string;
  oz: string;
  kind: NodeKind;
  severity: Severity;
  category: RuleCategory;
  title: string;
  why: string;
  basis?: string;
  nachtragspotenzial: boolean;
  /** The matched wording in its original spelling (pattern rules). */
  excerpt?: string;
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
