// Item texts and Vorbemerkungen that shift VOB/C Besondere Leistungen into the prices without a
// position of their own. The contract clauses themselves (Vertragsstrafe, Sicherheiten,
// Verjährung, Preisgleitung, Bauzeit, Aufmaß …) are judged by the clause review against the
// checklist in knowledge/klauseln (review/clauses/), which replaced the rules that stood here.

import { excerptOf } from "./facts";
import type { LvHit, LvRule, LvSentence, LvView } from "./types";

/** All sentences a contract clause can be in: preamble, remarks and item long texts. */
const clauseSentences = (lv: LvView) => lv.sentences.filter((s) => !s.headline);

const hit = (s: LvSentence, evidence: string, why?: string): LvHit => ({
  oz: s.oz,
  excerpt: excerptOf(s),
  evidence,
  ...(why ? { why } : {}),
});

/** One hit per rule and quoted sentence. */
function unique(hits: LvHit[]): LvHit[] {
  const seen = new Set<string>();
  return hits.filter((h) => {
    const key = `${h.oz}|${h.excerpt}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ── Besondere Leistungen, die in die Preise verschoben werden ─────────────────────────────────

const SHIFTED =
  /einzurechnen|einzukalkulieren|einzupreisen|abgegolten|nicht\s+(gesondert|besonders|extra|separat|zusaetzlich)\s+(verguetet|bezahlt|abgerechnet)|ohne\s+(gesonderte|besondere|zusaetzliche)\s+verguetung|als\s+nebenleistung|gelten\s+als\s+nebenleistung|sind\s+nebenleistung|zu\s+lasten\s+des\s+(an\b|auftragnehmers|bieters)|kostenlos|unentgeltlich/;

/** Work that VOB/C (DIN 18299 and the trade standards, Abschnitt 4.2) lists as Besondere Leistung. */
export const SPECIAL_SERVICES: { label: string; pattern: RegExp; unless?: RegExp }[] = [
  {
    label: "Besondere Leistungen",
    pattern: /besondere[n]?\s+leistung/,
    // "Besondere Leistungen werden nur vergütet, wenn sie im LV stehen" restates the VOB.
    unless: /besondere[n]?\s+leistung\w*\s+(werden|sind|wird)\s+(\w+\s+){0,3}(verguetet|abgerechnet|bezahlt)/,
  },
  {
    label: "Maßnahmen bei Frost und Schnee (Winterbau)",
    pattern: /winterbau|winterschutz|winterliche|frost\s+und\s+schnee|schnee-?\s+und\s+eis|beheizen|beheizung\s+des\s+(bau|roh)/,
  },
  { label: "Beaufsichtigen anderer Unternehmer", pattern: /beaufsichtig/ },
  {
    label: "Versicherung der Leistung zugunsten des Auftraggebers",
    pattern: /bauleistungsversicherung|versicherung\s+der\s+(bau)?leistung/,
  },
  { label: "Beseitigen von Hindernissen", pattern: /hindernis/ },
  {
    label: "Einrichtungen zur Verkehrssicherung",
    pattern:
      /verkehrssicherung|sicherung\s+des\s+(oeffentlichen\s+)?verkehrs|anliegerverkehr|oeffentlichen\s+verkehr|verkehrsfuehrung|verkehrsregelung|umleitung/,
  },
  {
    label: "Vorhalten und Bereitstellen für andere Unternehmer",
    pattern: /(anderen?|nachfolgenden?|sonstigen?|uebrigen?|allen)\s+(unternehmer\w*|gewerke\w*|auftragnehmer\w*|handwerker\w*)/,
  },
  {
    label: "Schutz gegen Grund- und Hochwasser (Wasserhaltung)",
    pattern: /grundwasser|hochwasser|wasserhaltung/,
    unless: /niederschlag|oberflaechenwasser|tagwasser|regenwasser/,
  },
  {
    label: "Entsorgen von Abfall, der nicht vom Auftragnehmer stammt",
    pattern: /abfall\w*\s+(anderer|der\s+anderen|des\s+(ag|auftraggebers|bauherrn))|fremdabfall|fremdmaterial|bauschutt\s+anderer/,
  },
  {
    label: "Sichern von Leitungen, Bäumen und Nachbarbebauung",
    pattern: /sicher\w*\s+(von\s+|der\s+)?(vorhandene[nr]?\s+)?(leitungen|kabel|baeume|baumbestand|nachbar)|baumschutz/,
  },
];

// ── The rules ────────────────────────────────────────────────────────────────────────────────

export const CONTRACT_RULES: LvRule[] = [
  {
    id: "besondere-leistung-eingerechnet",
    title: "Besondere Leistung ohne Vergütung",
    severity: "warnung",
    category: "vertrag",
    nachtragspotenzial: true,
    why: "Die VOB/C führt diese Arbeiten als Besondere Leistungen, die nur vergütet werden, wenn sie in der Leistungsbeschreibung stehen. Hier sollen sie ohne eigene Position in die Preise. Aufwand ermitteln und einpreisen; Änderungen an den Vergabeunterlagen führen zum Ausschluss – Unklarheiten als Bieterfrage klären.",
    basis: "VOB/C DIN 18299 Abschnitt 4.2; § 2 Abs. 1 und 6 VOB/B; § 7 Abs. 1 Nr. 3 VOB/A",
    check: (lv) =>
      unique(
        clauseSentences(lv).flatMap((s) => {
          if (!SHIFTED.test(s.folded)) return [];
          const found = SPECIAL_SERVICES.filter((x) => x.pattern.test(s.folded) && !x.unless?.test(s.folded)).map((x) => x.label);
          return found.length ? [hit(s, `in die Preise verschoben: ${found.join(", ")}`)] : [];
        }),
      ),
  },
];
