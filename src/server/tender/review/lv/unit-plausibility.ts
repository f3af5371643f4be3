// Unit plausibility: the position's unit contradicts what its own text measures. "Kimmschicht …
// Gesamtlänge 201,00 m. Abrechnung nach laufenden Metern" with 201 m³, "Fensterbänke … für alle 96
// Fenster" with 96 m², "Unterdeckplatte …, Fläche wie Pos. 04.0040" (380 m²) with 380 m³: the
// quantity is exactly a figure of another unit, and nothing in the text gives it in its own unit.
// No expected quantity (no money): the question is the unit, and with it the unit price.

import type { BoqNode } from "../../types";
import { isLumpSum, unitClass } from "../position-facts";
import { de, unitLabel } from "./facts";
import { AREA_UNIT, holds, NUMBER, num, view, VOLUME_UNIT, type View } from "./figure-check";
import { otherDimensionWitnesses } from "./figure-arithmetic";
import { SAME_AS } from "./own-figures";
import { countedByNouns, headWords, ownExpectations } from "./stated-figure-expectations";
import { sameNoun, stem } from "./stated-counts";
import { ownPieceCount } from "./stated-figures";
import type { LvHit, LvRule, LvView } from "./types";

type Measured = "length" | "area" | "volume" | "piece";

const LABEL: Record<Measured, string> = { length: "m", area: "m²", volume: "m³", piece: "St" };

/** "Abrechnung nach laufenden Metern", "… nach Raummaß", "Abrechnung je Stück": how the text says
 *  the work is measured. */
const MEASURED_BY: Record<Measured, RegExp> = {
  length:
    /\babrechnung\s+(?:nach|in|je)\s+(?:laufenden\s+|lfd\.\s*)?met(?:er|ern)\b|\blaufende[nr]?\s+meter|\babrechnung\s+(?:nach\s+|in\s+|je\s+)?(?:lfm|lfdm|laenge)\b|\babrechnung\s+(?:nach|in|je)\s+m\b(?![23²³])/,
  area: /\babrechnung\s+(?:nach|in|je)\s+(?:flaeche|quadratmet\w*|m2)\b/,
  volume: /\babrechnung\s+(?:nach|in|je)\s+(?:raummass|volumen|kubikmet\w*|m3)\b/,
  piece: /\babrechnung\s+(?:nach|je)\s+(?:stueck|stk|anzahl)\b/,
};

/** A figure of the text equal to the quantity (within 0,5 %), in another unit than the position's. */
function witnesses(p: BoqNode, text: string, lv: View): { unit: Measured; what: string; strong: boolean }[] {
  const q = p.qty!;
  const same = (v: number) => Math.abs(v / q - 1) < 0.005;
  const out: { unit: Measured; what: string; strong: boolean }[] = [];
  const figures: [Measured, string][] = [
    ["length", String.raw`m(?![\w²2/])`],
    ["area", AREA_UNIT],
    ["volume", VOLUME_UNIT],
  ];
  for (const [unit, re] of figures) {
    for (const m of text.matchAll(new RegExp(String.raw`(${NUMBER})\s*${re}`, "g"))) {
      const before = text.slice(Math.max(0, m.index - 12), m.index);
      if (/\b(je|pro|a|à|bis|max\.?|mind\.?|ab)\s*$|[×x*/]\s*$/.test(before)) continue;
      if (same(num(m[1]))) out.push({ unit, what: `${de(num(m[1]))} ${LABEL[unit]}`, strong: false });
    }
  }
  // "für alle 96 Fenster" in a Fensterbank position: the count of the thing or what it is counted by
  const head = lv.headline(p);
  const nouns = [...headWords(head).slice(0, 1), ...countedByNouns(head)];
  const pieces = ownPieceCount(text, (n) => nouns.some((x) => stem(n).length >= 3 && (sameNoun(n, x) || stem(x).endsWith(stem(n)))));
  if (pieces && !pieces.per && same(pieces.count)) out.push({ unit: "piece", what: `${de(pieces.count)} Stück`, strong: true });
  // "Fläche wie Pos. 04.0040": that position's quantity in its unit
  const ref = SAME_AS.exec(text);
  const other = ref ? lv.byOz.get(ref[1]) : undefined;
  const cls = other ? unitClass(other.unit) : null;
  if (other && other.qty && same(other.qty) && (cls === "length" || cls === "area" || cls === "volume" || cls === "piece"))
    out.push({ unit: cls, what: `OZ ${other.oz} mit ${de(other.qty)} ${unitLabel(other.unit)} („${ref![0]}“)`, strong: true });
  // Products of the figures around it: "Umfang 2 × (64,00 m + 16,50 m) = 161 m" for 161 m²
  const MEASURED: Measured[] = ["piece", "length", "area", "volume"];
  for (const w of otherDimensionWitnesses(p, lv))
    if (!out.some((o) => o.unit === MEASURED[w.l])) out.push({ unit: MEASURED[w.l], what: w.what, strong: false });
  return out;
}

export function unitContradictions(lvIn: LvView): LvHit[] {
  const lv = view(lvIn);
  const hits: LvHit[] = [];
  for (const p of lv.items) {
    const cls = unitClass(p.unit);
    if (!(cls === "length" || cls === "area" || cls === "volume" || cls === "piece")) continue;
    if (p.qty === null || p.qty < 10 || isLumpSum(p) || p.flags.hourly || p.flags.provisional || p.flags.alternative) continue;
    const text = lv.text(p);
    if (/\bzulage\b/.test(text)) continue;
    const found = witnesses(p, text, lv).filter((w) => w.unit !== cls && (w.strong || MEASURED_BY[w.unit].test(text)));
    // Nothing may give the quantity in its own unit ("Länge 40 m, Höhe 1,00 m" is 40 m² too).
    if (found.length === 0 || ownExpectations(p, text, lv).some((e) => holds(p.qty!, e))) continue;
    const w = found[0];
    const how = MEASURED_BY[w.unit].exec(text)?.[0];
    hits.push({
      oz: p.oz,
      evidence:
        `${de(p.qty)} ${unitLabel(p.unit)} ausgeschrieben; der Langtext nennt ${w.what}${how ? ` und „${how.replace(/^./, (c) => c.toUpperCase())}“` : ""}` +
        ` – die Menge passt zur Einheit ${LABEL[w.unit]}, nicht zu ${unitLabel(p.unit)}`,
    });
  }
  return hits;
}

export const UNIT_RULES: LvRule[] = [
  {
    id: "einheit-widerspricht-langtext",
    title: "Einheit widerspricht dem Langtext",
    severity: "warnung",
    category: "menge",
    scope: "position",
    nachtragspotenzial: true,
    why: "Die Menge ist genau eine Zahl, die der Langtext in einer anderen Einheit nennt (Meter, Quadratmeter, Kubikmeter oder Stück), und nichts im Text ergibt sie in der ausgeschriebenen Einheit. Einheit vor der Kalkulation klären: Ein Einheitspreis für die falsche Einheit ist um ein Vielfaches falsch.",
    basis: "§ 7 Abs. 1 Nr. 1 VOB/A; § 2 Abs. 2 VOB/B",
    check: (lv) => unitContradictions(lv),
  },
];
