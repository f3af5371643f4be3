// Counts of the thing itself in the Vorbemerkungen or the title ("16 Schachtbauwerken", "112
// Stellplätze", "64 Kabeldurchführungen"): the piece position that counts that thing is held to
// the stated number. Where the texts state several counts of one thing ("16 Schachtbauwerken …
// 15 Schachtbauwerken" for the Schmutz- and the Regenwasserkanal), the one whose neighbourhood
// shares the most words with the position's text is meant; a count that two positions would
// share (the work split by depth or size) is left alone.

import { fold, originalSpan } from "../../text";
import type { BoqNode } from "../../types";
import { unitClass } from "../position-facts";
import type { AddHit, Expectation, View } from "./figure-check";
import { contradicts } from "./figure-check";
import { countMentions, sameNoun, SENTENCE_END, stem } from "./stated-counts";
import { COUNTED_BY } from "./stated-figure-expectations";

/** A count the texts state for the position's own thing: more than this factor off is a finding. */
export const STATED_COUNT_TOLERANCE = 1.2;

interface Mention {
  count: number;
  word: string;
  index: number;
  /** The words around the count up to the sentence's end or the next count of the same thing. */
  near: Set<string>;
  /** The words of its sentence. */
  sentence: Set<string>;
}

/** How a position's headline word names a stated thing. `strong`: the word is the thing
 *  ("Schachtbauwerk DN 1000" ↔ "16 Schachtbauwerken"); otherwise the thing is what the work is
 *  for ("Stellplatzmarkierung" ↔ "112 Stellplätze", "Kabelabschottung" ↔ "64
 *  Kabeldurchführungen"): one per thing is usual there, but not certain. */
interface Naming {
  strong: boolean;
  /** The first part of the position's compound ("kabel" of "Kabelabschottung"). */
  modifier: string;
}

function naming(headWord: string, thing: string): Naming | null {
  const [h, t] = [stem(headWord), stem(thing)];
  if (h.length < 4 || t.length < 4) return null;
  if (sameNoun(headWord, thing)) return { strong: true, modifier: "" };
  // "stellplatzmarkierung" starts with "stellplatz"
  if (t.length >= 5 && h.startsWith(t) && h.length - t.length >= 4) return { strong: false, modifier: "" };
  for (const c of COUNTED_BY) {
    const at = headWord.search(c.work);
    const noun = at >= 0 ? c.nouns.find((n) => sameNoun(thing, n)) : undefined;
    if (!noun) continue;
    // "Rohrabschottung" is not counted by "Kabeldurchführungen": another first part is another thing
    const modifier = headWord.slice(0, at);
    const prefix = t.slice(0, Math.max(0, t.length - stem(noun).length));
    if (prefix && prefix !== modifier) continue;
    return { strong: false, modifier };
  }
  return null;
}

const words = (text: string) =>
  new Set(
    text
      .split(/[^a-z0-9]+/)
      .filter(
        (w) => w.length >= 3 && !/^(und|der|die|das|den|dem|des|mit|von|fuer|sind|wird|werden|einer|eine|sowie|nach|ist|bis|ca)$/.test(w),
      )
      .map(stem),
  );

/** Where clauses end: a full stop that ends no abbreviation or ordinal ("ca.", "1. OG"), a comma,
 *  a semicolon, a colon, "sowie", "ferner". */
const CLAUSE_END = new RegExp(String.raw`${SENTENCE_END.source}|[,;:]\s|\s(?:sowie|ferner)\s`, "g");
/** "je Büroetage sind 180 m Brüstungskanal, 48 LED-Einbauleuchten sowie 24 Präsenzmelder": the
 *  counts of a per-unit sentence are no totals. */
const PER_UNIT = /\b(?:je|pro|jede[rsmn]?)\s+[a-z]/;

function mentionsIn(text: string): Mention[] {
  const ends = [0, ...[...text.matchAll(CLAUSE_END)].map((m) => m.index + m[0].length), text.length];
  const sentenceStart = (i: number) =>
    Math.max(0, ...[...text.matchAll(SENTENCE_END)].map((m) => m.index + m[0].length).filter((e) => e <= i));
  const all = countMentions(text).filter((m) => {
    if (m.count < 2 || stem(m.word).length < 4) return false;
    const after = text.slice(m.index, m.index + 80).replace(/^\S+\s+\S+/, "");
    if (/^\s*(?:je|pro)\s/.test(after)) return false; // "36 Fenster je Haus"
    // "… das sind 36 Fenster je Haus bzw. 108 Fenster für alle drei Häuser": a total after all
    const total = /^[^,;]{0,30}?\b(?:fuer|in|an)\s+(?:alle|allen|beide|beiden)\b|^\s*(?:insgesamt|zusammen|gesamt)\b/.test(after);
    return total || !PER_UNIT.test(text.slice(sentenceStart(m.index), m.index));
  });
  return all.map((m) => {
    const same = all.filter((o) => o !== m && sameNoun(o.word, m.word)).map((o) => o.index);
    const start = Math.max(...ends.filter((e) => e <= m.index), ...same.filter((i) => i < m.index));
    const stop = Math.min(...ends.filter((e) => e > m.index + m.word.length), ...same.filter((i) => i > m.index));
    const end = [...text.matchAll(SENTENCE_END)].map((e) => e.index).find((e) => e > m.index) ?? text.length;
    return { ...m, near: words(text.slice(start, stop)), sentence: words(text.slice(sentenceStart(m.index), end)) };
  });
}

/** The stated count a piece position is held to, with how strongly. */
function statedFor(p: BoqNode, lv: View, sources: { original: string; where: string; mentions: Mention[] }[]) {
  const head = lv
    .headline(p)
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 4);
  const own = words(lv.text(p));
  for (const { original, where, mentions } of sources) {
    const candidates = mentions.flatMap((m) =>
      head.flatMap((w) => {
        const found = naming(w, m.word);
        if (!found) return [];
        // "neun Fensteröffnungen mit Fensterbank … 108 Fenster": the clause names the position's thing
        const n = found.strong || !m.sentence.has(stem(w)) ? found : { ...found, strong: true };
        // Shared words near the count; the compound's first part in the counted word counts double.
        const score = [...m.near].filter((x) => own.has(x)).length + (n.modifier && stem(m.word).startsWith(n.modifier) ? 2 : 0);
        return [{ m, n, score }];
      }),
    );
    if (!candidates.length) continue;
    // The most specific naming first: the thing itself over what the work is for, a longer
    // counted word over a shorter ("Stellplätze", not "Stellen", for a Stellplatzmarkierung).
    const rank = (c: (typeof candidates)[number]) => (c.n.strong ? 1000 : 0) + stem(c.m.word).length;
    const first = Math.max(...candidates.map(rank));
    candidates.splice(0, candidates.length, ...candidates.filter((c) => rank(c) === first));
    const counts = new Set(candidates.map((c) => c.m.count));
    const quoted = (c: (typeof candidates)[number]) => ({
      ...c,
      where,
      word: originalSpan(original, c.m.index, c.m.index + `${c.m.count} ${c.m.word}`.length),
    });
    if (counts.size === 1) return quoted(candidates[0]);
    const best = Math.max(...candidates.map((c) => c.score));
    const top = candidates.filter((c) => c.score === best);
    if (best > 0 && new Set(top.map((c) => c.m.count)).size === 1) return quoted(top[0]);
    return null;
  }
  return null;
}

/** Piece positions against the counts of their thing stated in the title or the Vorbemerkungen. */
export function statedThingCounts(items: BoqNode[], lv: View, flagged: Set<BoqNode>, add: AddHit) {
  const preamble = fold(lv.preamble);
  const preambleMentions = mentionsIn(preamble);
  const found = new Map<BoqNode, NonNullable<ReturnType<typeof statedFor>>>();
  for (const p of items) {
    if (unitClass(p.unit) !== "piece" || flagged.has(p)) continue;
    const t = lv.title(p);
    const titleText = t ? fold(t.shortText) : "";
    const hit = statedFor(p, lv, [
      { original: t?.shortText ?? "", where: "Titel", mentions: mentionsIn(titleText) },
      { original: lv.preamble, where: "Vorbemerkungen", mentions: preambleMentions },
    ]);
    if (hit) found.set(p, hit);
  }
  for (const [p, h] of found) {
    // The same count claimed by another position: the work is split, the parts are not the whole.
    if ([...found].some(([q, o]) => q !== p && o.m === h.m)) continue;
    const e: Expectation = {
      qty: h.m.count,
      derivation: `${h.where === "Titel" ? "der Titel nennt" : "die Vorbemerkungen nennen"} „${h.word}“`,
      bothWays: true,
      // A number of things is exact (no waste, no overlap): a fifth more or less is another number
      ...(h.n.strong ? { tolerance: STATED_COUNT_TOLERANCE } : { onlySlips: true }),
    };
    if (contradicts(p.qty!, e)) add(p, e);
  }
}
