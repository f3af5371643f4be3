// The LV's structure: OZ used twice, the same text with different quantities or units, titles
// without items, alternatives without their base position, too many Bedarfspositionen.

import { normaliseForComparison } from "../../text";
import type { BoqNode } from "../../types";
import { normaliseUnit } from "../position-facts";
import { de, firstOz, quoteItem, unitLabel } from "./facts";
import type { LvHit, LvRule } from "./types";

/** Share of Bedarfspositionen (by count or value) above which the LV gets a finding. */
export const PROVISIONAL_SHARE = 0.1;
/** … and at least this many of them, so that 1 of 6 items is no finding. */
export const PROVISIONAL_MIN_COUNT = 3;

/** Titles that normally hold only remarks. */
const REMARK_TITLE = /vorbemerk|allgemein|hinweis|zusammenstellung|erlaeuter|vorschrift|baubeschreibung|vertragsbedingung|beschreibung/;

const segments = (oz: string) => oz.split(/[.\s]+/).filter(Boolean);
/** "04.0010" and "4.10" compare equal: segments without leading zeros. */
const ozKey = (oz: string) =>
  segments(oz)
    .map((s) => s.replace(/^0+(?=\d)/, ""))
    .join(".");

/** "Wahlposition zu Pos. 04.0010", "Alternativ zu OZ 4.10", "Alternative zur Position 0010". */
const ALTERNATIVE_REFERENCE =
  /(?:wahlposition|alternativposition|alternative?|alternativ)\s+(?:zu|zur|fuer)\s+(?:der\s+)?(?:grundposition\s+)?(?:pos(?:ition)?\.?|oz|lv-pos\.?)\s*(\d[\d.]*\d|\d)/;

function descendants(positions: BoqNode[], index: number): BoqNode[] {
  const node = positions[index];
  const out: BoqNode[] = [];
  for (let j = index + 1; j < positions.length && positions[j].level > node.level; j++) out.push(positions[j]);
  return out;
}

export const STRUCTURE_RULES: LvRule[] = [
  {
    id: "oz-doppelt",
    title: "Ordnungszahl doppelt vergeben",
    severity: "warnung",
    category: "struktur",
    why: "Dieselbe OZ steht für mehrere Positionen. Preise lassen sich nicht eindeutig zuordnen; beim Datenaustausch (X84) kann ein Preis verloren gehen oder doppelt zählen. Beim Auftraggeber klären, welche Position gemeint ist.",
    basis: "§ 7 Abs. 1 Nr. 1 VOB/A; GAEB DA XML (eindeutige OZ)",
    check(lv) {
      const byOz = new Map<string, BoqNode[]>();
      for (const p of lv.positions) {
        if (!p.oz || p.kind === "remark") continue;
        const list = byOz.get(p.oz);
        if (list) list.push(p);
        else byOz.set(p.oz, [p]);
      }
      return [...byOz.values()]
        .filter((list) => list.length > 1)
        .map((list) => ({
          oz: list[0].oz,
          evidence: `OZ ${list[0].oz} kommt ${list.length}-mal vor: ${list.map((p) => `„${(p.shortText || p.longText).slice(0, 50)}“`).join(", ")}`,
        }));
    },
  },
  {
    id: "text-doppelt",
    title: "Gleicher Text mit anderer Menge oder Einheit",
    severity: "hinweis",
    category: "struktur",
    nachtragspotenzial: true,
    why: "Zwei Positionen beschreiben wortgleich dieselbe Leistung, aber mit anderer Menge oder Einheit – im selben Abschnitt oder mit abweichender Einheit. Das deutet auf eine doppelt erfasste oder falsch übernommene Position hin. Klären, welche gilt; sonst wird die Leistung doppelt oder nach falscher Einheit angeboten.",
    basis: "§ 7 Abs. 1 Nr. 1 VOB/A",
    check(lv) {
      const groups = new Map<string, BoqNode[]>();
      for (const p of lv.textItems) {
        if (p.flags.alternative) continue;
        const key = `${normaliseForComparison(p.shortText)}|${normaliseForComparison(p.longText)}`;
        if (key.length < 10) continue;
        const list = groups.get(key);
        if (list) list.push(p);
        else groups.set(key, [p]);
      }
      const hits: LvHit[] = [];
      for (const list of groups.values()) {
        if (list.length < 2) continue;
        const [first, ...rest] = list;
        // Same parent (title): a second copy is suspicious whatever its quantity. Different titles
        // (Haus A / Haus B) repeat texts on purpose; only a different unit is suspicious there.
        const suspicious = rest.filter((p) => p.parentOz === first.parentOz || normaliseUnit(p.unit) !== normaliseUnit(first.unit));
        if (!suspicious.length) continue;
        hits.push({
          oz: first.oz,
          relatedOz: suspicious.map((p) => p.oz),
          evidence: [first, ...suspicious]
            .map((p) => `${p.oz}: ${p.qty === null ? "ohne Menge" : de(p.qty)} ${unitLabel(p.unit)}`)
            .join("; "),
        });
      }
      return hits;
    },
  },
  {
    id: "titel-ohne-positionen",
    title: "Titel ohne Positionen",
    severity: "hinweis",
    category: "struktur",
    why: "Der Abschnitt enthält keine Positionen. Entweder fehlen Leistungen (Export unvollständig, Positionen gelöscht) oder der Titel ist überflüssig. Beim Auftraggeber nachfragen, ob Leistungen nachgereicht werden.",
    basis: "§ 7 Abs. 1 Nr. 1 VOB/A",
    check(lv) {
      const hits: LvHit[] = [];
      const empty = new Set<string>();
      lv.positions.forEach((p, i) => {
        if ((p.kind !== "title" && p.kind !== "lot") || p.flags.notApplicable) return;
        const below = descendants(lv.positions, i);
        if (below.some((d) => d.kind === "item" || d.kind === "markup" || d.kind === "remark")) return;
        if (REMARK_TITLE.test(lv.headline(p))) return;
        empty.add(p.oz);
        if (p.parentOz && empty.has(p.parentOz)) return;
        const nested = below.filter((d) => d.kind === "title" || d.kind === "lot");
        hits.push({
          oz: p.oz,
          ...(nested.length ? { relatedOz: firstOz(nested) } : {}),
          evidence: `Titel ${p.oz} „${p.shortText.slice(0, 60)}“ ohne Positionen`,
        });
      });
      return hits;
    },
  },
  {
    id: "wahlposition-ohne-grundposition",
    title: "Wahlposition ohne Grundposition",
    severity: "warnung",
    category: "struktur",
    why: "Zu dieser Wahlposition gibt es keine Grundposition. Wahlpositionen zählen nicht zur Angebotssumme – ohne Grundposition fehlt die Leistung in der Wertung ganz. Klären, welche Position die Grundposition ist und ob sie in die Angebotssumme eingeht.",
    basis: "§ 7 Abs. 1 Nr. 1 VOB/A; GAEB DA XML (ALNGroupNo/ALNSerNo)",
    check(lv) {
      const hits: LvHit[] = [];
      // GAEB: an alternative group (ALNGroupNo) with serials ≥ 1 but none 0. PDF and Excel
      // readers mark "Wahlposition" from the text, without a group: those are checked below.
      const groups = new Map<string, BoqNode[]>();
      for (const p of lv.items) {
        const alt = p.flags.alternative;
        if (!alt || alt.group === "") continue;
        const list = groups.get(alt.group);
        if (list) list.push(p);
        else groups.set(alt.group, [p]);
      }
      for (const [group, list] of groups) {
        if (list.some((p) => p.flags.alternative!.serial === 0)) continue;
        hits.push({
          oz: list[0].oz,
          relatedOz: list.slice(1).map((p) => p.oz),
          evidence: `Gruppe ${group || "ohne Nummer"}: ${list.map((p) => `${p.oz} (Wahl ${p.flags.alternative!.serial})`).join(", ")}; keine Grundposition (ALNSerNo 0)`,
        });
      }
      // PDF/Excel and texts: "Wahlposition zu Pos. 04.0010" where 04.0010 does not exist.
      const known = new Set(lv.positions.filter((p) => p.oz).map((p) => ozKey(p.oz)));
      for (const p of lv.textItems) {
        if (p.flags.alternative && p.flags.alternative.group !== "") continue;
        const m = ALTERNATIVE_REFERENCE.exec(lv.text(p));
        if (!m) continue;
        const ref = m[1].replace(/\.$/, "");
        const parent = p.parentOz ? segments(p.parentOz) : [];
        // A short reference ("Pos. 0010") is read within the item's own title.
        const candidates = [ozKey(ref), ozKey([...parent, ...segments(ref)].join("."))];
        if (candidates.some((c) => known.has(c))) continue;
        hits.push({ oz: p.oz, evidence: `${quoteItem(p)} verweist auf Pos. ${ref}, die es im LV nicht gibt` });
      }
      return hits;
    },
  },
  {
    id: "bedarfspositionen-anteil",
    title: "Hoher Anteil an Bedarfspositionen",
    severity: "warnung",
    category: "struktur",
    nachtragspotenzial: true,
    why: "Bedarfspositionen sollen die Ausnahme sein; ein großer Anteil macht Menge und Umfang des Auftrags unsicher und lädt zur Spekulation ein. Gemeinkosten nur auf sichere Positionen umlegen und die Bedarfspositionen knapp, aber auskömmlich bepreisen.",
    basis: "§ 7 Abs. 1 Nr. 4 VOB/A",
    check(lv) {
      const items = lv.items.filter((p) => !(p.flags.alternative && p.flags.alternative.serial >= 1));
      const provisional = items.filter((p) => p.flags.provisional !== null);
      if (provisional.length < PROVISIONAL_MIN_COUNT) return [];
      const share = provisional.length / items.length;
      const priced = items.filter((p) => p.total !== null);
      let valueShare: number | null = null;
      if (priced.length >= items.length * 0.8) {
        const all = priced.reduce((s, p) => s + Math.abs(p.total!), 0);
        const prov = provisional.reduce((s, p) => s + Math.abs(p.total ?? 0), 0);
        valueShare = all > 0 ? prov / all : null;
      }
      if (share <= PROVISIONAL_SHARE && (valueShare === null || valueShare <= PROVISIONAL_SHARE)) return [];
      const pct = (x: number) => `${de(Math.round(x * 1000) / 10, 1)} %`;
      return [
        {
          oz: null,
          relatedOz: firstOz(provisional, 20),
          evidence:
            `${provisional.length} von ${items.length} Positionen (${pct(share)}) sind Bedarfspositionen` +
            (valueShare !== null ? `, ${pct(valueShare)} des Werts` : "") +
            `; üblich höchstens etwa 10 %`,
        },
      ];
    },
  },
];
