// LV rules from the trade table: one question per companion work the LV does not contain.

import type { BoqNode } from "../../types";
import { firstOz, quoteItem } from "./facts";
import { TRADE_COMPLETENESS, type CompanionWork, type TradeCompleteness } from "./trade-completeness";
import type { LvRule, LvSentence, LvView } from "./types";

/** Below this many items with text an LV (a sample, a small addendum) is not judged as complete. */
export const MIN_LV_ITEMS = 5;

/** The work is paid in a position of its own – which then has to exist in this LV. */
const SEPARATE_POSITION =
  /gesondert(e[nrs]?)?\s+(verguetet|abgerechnet|bezahlt|position|pos\b|pos\.)|gesonderte[rn]?\s+(lv-)?position|separat(e[nr]?)?\s+(verguetet|abgerechnet|position)|eigene[rn]?\s+position|besondere[rn]?\s+position|\bsiehe\s+(lv-)?pos|\b(nach|gemaess|gem\.|lt\.|laut)\s+(lv-)?pos(ition)?\.?\s*\d/;
/** A trade item that names the companion work as part of itself, or as settled elsewhere. */
const INCLUDED =
  /einschl|\binkl|\bincl|inklusive|\bsamt\b|\bmit\b|enthalten|einzurechnen|abgegolten|bauseit|beigestellt|beistell|(stellt|liefert)\s+der\s+(ag|auftraggeber|bauherr)|durch\s+den\s+(ag|auftraggeber|bauherr)|anderes?\s+(gewerk|los)|anderen\s+(gewerk|los)/;

function tradeItems(lv: LvView, trade: TradeCompleteness): BoqNode[] {
  return lv.textItems.filter((p) => {
    const h = lv.headline(p);
    return trade.recognise.test(h) && !trade.exclude?.test(h);
  });
}

function mentions(companion: CompanionWork, s: LvSentence, ownItems: Set<BoqNode>): boolean {
  if (!companion.keywords.test(s.folded)) return false;
  if (companion.context && !companion.context.test(s.folded)) return false;
  if (SEPARATE_POSITION.test(s.folded)) return false;
  if (s.item && ownItems.has(s.item) && !companion.anyMention) return INCLUDED.test(s.folded);
  return true;
}

function companionRule(trade: TradeCompleteness, companion: CompanionWork): LvRule {
  return {
    id: companion.id,
    title: `Keine Position für ${companion.label}`,
    severity: companion.severity,
    category: "vollstaendigkeit",
    why: `${companion.reason} ${companion.question}`,
    ...(companion.basis ? { basis: companion.basis } : {}),
    check(lv) {
      if (lv.textItems.length < MIN_LV_ITEMS) return [];
      const own = tradeItems(lv, trade);
      if (own.length === 0 || own.length < (trade.minItems ?? 1)) return [];
      if (companion.onlyWhen && !own.some((p) => companion.onlyWhen!.test(lv.text(p)))) return [];
      if (companion.when && !own.some((p) => companion.when!(lv.text(p)))) return [];
      const ownSet = new Set(own);
      if (lv.sentences.some((s) => mentions(companion, s, ownSet))) return [];
      const general = trade.trade === "alle Gewerke";
      const found = general
        ? "Das LV enthält"
        : `Das LV enthält ${trade.trade} (${quoteItem(own[0])}${own.length > 1 ? ` und ${own.length - 1} weitere` : ""}), aber`;
      return [
        {
          oz: null,
          ...(general ? {} : { relatedOz: firstOz(own) }),
          title: general ? `Keine Position für ${companion.label}` : `${trade.trade} ohne ${companion.label}`,
          why: `${found} keine Position und keinen Hinweis für „${companion.label}“. ${companion.reason} ${companion.question} Vor Angebotsabgabe als Bieterfrage klären.`,
          evidence: general
            ? `${lv.textItems.length} Positionen, keine nennt „${companion.label}“`
            : `${trade.trade} in ${firstOz(own, 5).join(", ")}${own.length > 5 ? " …" : ""}; keine Position oder Vorbemerkung für „${companion.label}“`,
        },
      ];
    },
  };
}

export const COMPLETENESS_RULES: LvRule[] = TRADE_COMPLETENESS.flatMap((trade) => trade.companions.map((c) => companionRule(trade, c)));
