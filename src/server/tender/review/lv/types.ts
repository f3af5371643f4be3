// The second rule kind of the pre-check: rules that look at the LV as a whole (completeness,
// contract texts, structure, quantities across positions). runPrecheck runs them once per LV,
// after the position rules, and counts their findings like the others.

import type { BoqNode, ParsedTender, TenderTotals } from "../../types";
import type { RuleCategory, Severity } from "../types";

/** What an LV rule is given: the LV as read … */
export interface LvInput {
  positions: BoqNode[];
  /** Contract and preliminary texts (GAEB AddText, PDF front pages); "" when none were read. */
  preamble: string;
  totals: TenderTotals | null;
}

/** … plus shared views of it, computed once per LV. */
export interface LvView extends LvInput {
  /** Items that count: kind "item", not entfallen. */
  items: BoqNode[];
  /** Items with a short or long text. */
  textItems: BoqNode[];
  /** Owner text (short + long, bidder entries removed), folded (lowercase, umlauts as ae/oe/ue/ss). */
  text(p: BoqNode): string;
  /** The short text, or the first long-text line, folded. */
  headline(p: BoqNode): string;
  /** Every sentence of the LV (preamble, remarks, titles, item texts), folded, with its position. */
  sentences: LvSentence[];
  /** Contract texts: the preamble and the remarks (Vorbemerkungen), as sentences. */
  contractSentences: LvSentence[];
  byOz: Map<string, BoqNode>;
}

export interface LvSentence {
  /** Folded text, for matching. */
  folded: string;
  /** The same sentence as written, for quoting. */
  original: string;
  /** The item it belongs to; null for the preamble, remarks and titles. */
  oz: string | null;
  /** The item itself, when the sentence is from an item. */
  item: BoqNode | null;
  /** The sentence is (part of) an item's short text. */
  headline: boolean;
}

/** One finding of an LV rule; the rule row supplies everything that is not set here. */
export interface LvHit {
  /** The position the finding is about, when one position is the point. */
  oz?: string | null;
  relatedOz?: string[];
  excerpt?: string;
  /** The figure found and the range expected. */
  evidence?: string;
  /** The quantity the LV's own figures lead to (quantity findings that can derive one). */
  expectedQty?: number;
  /** Replace the rule's title or explanation for this finding (e.g. naming the trade). */
  title?: string;
  why?: string;
}

export interface LvRule {
  /** Stable identifier (kebab-case), unique across position and LV rules. */
  id: string;
  title: string;
  severity: Severity;
  category: RuleCategory;
  /** General German explanation; a hit may give a more specific one. */
  why: string;
  basis?: string;
  nachtragspotenzial?: boolean;
  /** "position": each finding is about one position (oz set); default "lv". */
  scope?: "position" | "lv";
  check(lv: LvView): LvHit[];
}

export type LvSource = Pick<ParsedTender, "positions"> & Partial<Pick<ParsedTender, "preamble" | "totals">>;
