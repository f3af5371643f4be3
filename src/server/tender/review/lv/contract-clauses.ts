// Contract and preliminary texts (preamble, Vorbemerkungen, item texts): clauses that shift risk
// or money to the bidder. Each rule reads the figure from the sentence (German numbers: "0,3 %",
// "1.000") and compares it with what the VOB or the courts accept; "0,2 % je Werktag" or
// "höchstens 5 %" are fine and stay silent.

import { originalSpan } from "../../text";
import { de, excerptOf, parseGermanNumber } from "./facts";
import type { LvHit, LvRule, LvSentence, LvView } from "./types";

const PERCENT = /(\d{1,3}(?:[.,]\d{1,3})?)\s*(?:%|v\.\s?h\.|vh\b|prozent)/g;

interface Percent {
  value: number;
  index: number;
  end: number;
}

function percents(folded: string): Percent[] {
  const out: Percent[] = [];
  for (const m of folded.matchAll(PERCENT)) {
    const value = parseGermanNumber(m[1]);
    if (value !== null) out.push({ value, index: m.index, end: m.index + m[0].length });
  }
  return out;
}

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

// ── Vertragsstrafe ──────────────────────────────────────────────────────────────────────────

const PENALTY = /vertragsstrafe|poenale|konventionalstrafe/;
const RATE_UNIT =
  /\b(?:je|pro|fuer\s+jede[nr]?|jede[nr]?)\s+(?:angefangene[nr]?\s+|vollendete[nr]?\s+|volle[nr]?\s+)?(werktag|arbeitstag|kalendertag|tag|kalenderwoche|woche)/;
const CAP_WORDS = /hoechst|insgesamt|maximal|\bmax\b|begrenzt|obergrenze|bis\s+zu|nicht\s+mehr\s+als|gesamtbetrag|gesamthoehe|\bgesamt/;
const OTHER_TOPIC = /sicherheit|buergschaft|gewaehrleist|verjaehr|skonto|nachlass|abschlag|einbehalt|zahlung/;

interface PenaltyTerm {
  sentence: LvSentence;
  kind: "rate" | "cap";
  value: number;
  /** Rate per Werktag (a weekly rate divided by 6). */
  perDay?: number;
  unit?: string;
}

/** The daily rates and caps of all penalty clauses: the penalty sentence plus the next one when
 *  it continues the clause ("Sie ist auf insgesamt 10 % begrenzt."). */
function penaltyTerms(lv: LvView): PenaltyTerm[] {
  const sentences = clauseSentences(lv);
  const terms: PenaltyTerm[] = [];
  sentences.forEach((s, i) => {
    if (!PENALTY.test(s.folded)) return;
    const windows = [s];
    const next = sentences[i + 1];
    if (next && next.oz === s.oz && !PENALTY.test(next.folded) && !OTHER_TOPIC.test(next.folded)) windows.push(next);
    for (const w of windows) {
      for (const p of percents(w.folded)) {
        const before = w.folded.slice(Math.max(0, p.index - 40), p.index);
        const after = RATE_UNIT.exec(w.folded.slice(p.end, p.end + 70));
        const rateBefore = RATE_UNIT.exec(w.folded.slice(Math.max(0, p.index - 70), p.index));
        if (CAP_WORDS.test(before)) terms.push({ sentence: w, kind: "cap", value: p.value });
        else if (after || rateBefore) {
          const unit = (after ?? rateBefore)![1];
          const perDay = /woche/.test(unit) ? p.value / 6 : p.value;
          terms.push({ sentence: w, kind: "rate", value: p.value, perDay, unit });
        } else if (CAP_WORDS.test(w.folded)) terms.push({ sentence: w, kind: "cap", value: p.value });
      }
    }
  });
  return terms;
}

const UNIT_NAMES: Record<string, string> = {
  werktag: "Werktag",
  arbeitstag: "Arbeitstag",
  kalendertag: "Kalendertag",
  tag: "Tag",
  woche: "Woche",
  kalenderwoche: "Kalenderwoche",
};

const PENALTY_BASIS = "§ 11 VOB/B; § 9a VOB/A; BGH, Urteil vom 23.01.2003 – VII ZR 210/01 (Obergrenze 5 %)";

// ── Sicherheiten ─────────────────────────────────────────────────────────────────────────────

const SECURITY = /sicherheit|buergschaft|einbehalt|sicherheitsleistung/;
const NOT_SECURITY =
  /abschlag|skonto|nachlass|arbeitssicherheit|verkehrssicherheit|gesundheitsschutz|sige|standsicherheit|sicherheitsfachkraft/;

// ── Verjährung ───────────────────────────────────────────────────────────────────────────────

const WARRANTY = /verjaehrung|gewaehrleist|maengelanspr|mangelanspr|maengelhaftung/;
const DURATION = /(\d{1,3}(?:[.,]\d)?)\s*(jahre?n?|monate?n?)\b/g;

// ── Bauzeit und Preisgleitung ────────────────────────────────────────────────────────────────

const SCHEDULE =
  /bauzeit|ausfuehrungsfrist|ausfuehrungszeit|ausfuehrungsbeginn|ausfuehrungsdauer|baubeginn|bauende|fertigstell|vertragsfrist|einzelfrist|zwischentermin|bauzeitenplan|terminplan|beginn\s+der\s+(arbeiten|ausfuehrung|leistung)|fertigzustellen|\bkw\s*\d|kalenderwoche|vollendung|cnststart|cnstend/;
const FIXED_PRICE =
  /festpreis|preise\s+(sind|gelten\s+als|bleiben)\s+(\w+\s+)?fest|(preis|stoffpreis|lohn)gleit\w*\s*:\s*(keine|nein|entfaell|ohne)|preisgleit\w*\s+(ist\s+|sind\s+|wird\s+|werden\s+)?(ausgeschlossen|nicht)|keine\s+(stoff|lohn|material)?preisgleit|ohne\s+(stoff|lohn)?preisgleit|unveraenderliche\s+preise/;
const ESCALATION = /stoffpreisgleit|preisgleitklausel|lohngleit|gleitklausel|preisanpassungsklausel|materialpreisgleit|indexklausel/;
const NEGATION = /\bkein\w*|\bohne\b|\bnicht\b|ausgeschlossen/;

const DAY_MS = 86_400_000;
const MONTH_DAYS = 30.44;

/** Monday of ISO week `week` in `year`, as a UTC timestamp. */
function isoWeek(year: number, week: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const monday1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  return monday1 + (week - 1) * 7 * DAY_MS;
}

/** Dates written as 31.10.2027, 2027-10-31 or KW 30/2027. */
function dates(folded: string): number[] {
  const out: number[] = [];
  for (const m of folded.matchAll(/\b(?:kw|kalenderwoche)\s*(\d{1,2})\s*[/.]\s*(\d{4})\b/g)) {
    const week = Number(m[1]);
    if (week >= 1 && week <= 53) out.push(isoWeek(Number(m[2]), week));
  }
  for (const m of folded.matchAll(/\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b|\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    const [y, mo, d] = m[3] ? [m[3], m[2], m[1]] : [m[4], m[5], m[6]];
    const t = Date.UTC(Number(y), Number(mo) - 1, Number(d));
    if (Number.isFinite(t)) out.push(t);
  }
  return out;
}

/** The longest construction period the texts state, in months; null when none is stated. */
export function constructionMonths(lv: LvView): number | null {
  let months: number | null = null;
  const stamps: number[] = [];
  for (const s of lv.sentences) {
    if (!SCHEDULE.test(s.folded)) continue;
    for (const m of s.folded.matchAll(/(\d{1,3})\s*(monate?n?|wochen|werktage?n?|arbeitstage?n?|kalendertage?n?)\b/g)) {
      const n = Number(m[1]);
      const unit = m[2];
      const value = unit.startsWith("monat")
        ? n
        : unit === "wochen"
          ? n / 4.345
          : unit.startsWith("werktag")
            ? n / 25
            : unit.startsWith("arbeitstag")
              ? n / 21.5
              : n / MONTH_DAYS;
      months = Math.max(months ?? 0, value);
    }
    stamps.push(...dates(s.folded));
  }
  if (stamps.length >= 2) {
    const span = (Math.max(...stamps) - Math.min(...stamps)) / DAY_MS / MONTH_DAYS;
    months = Math.max(months ?? 0, span);
  }
  return months;
}

/** Wording of contract conditions (as opposed to a site description). */
const CONTRACT_TERMS = /\bvob\b|vertrag|verguetung|abrechnung|sicherheit|buergschaft|gewaehrleist|verjaehrung|zahlung|preise\b/;

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

// ── Abrechnung ohne Aufmaß ───────────────────────────────────────────────────────────────────

const BILLING = /abrechnung|abgerechnet|aufmass|verguetung|verguetet|mengenermittlung/;
const THEORETICAL =
  /theoretisch\w*\s+(mass|masse|massen|mengen|werte|flaechen)\w*|(ausschliesslich|nur|grundsaetzlich)\s+nach\s+(den\s+)?(plan|planmass|ausfuehrungsplaen|zeichnung|soll)\w*|ohne\s+(ein\s+|oertliches\s+)?aufmass|kein\s+(oertliches\s+)?aufmass|aufmass\s+(findet\s+nicht\s+statt|entfaellt|wird\s+nicht)|unabhaengig\s+von\s+der\s+(tatsaechlich|ausgefuehrt)|mehrmengen\s+werden\s+nicht\s+verguetet/;

// ── The rules ────────────────────────────────────────────────────────────────────────────────

export const CONTRACT_RULES: LvRule[] = [
  {
    id: "vertragsstrafe-tagessatz",
    title: "Vertragsstrafe: hoher Tagessatz",
    severity: "warnung",
    category: "vertrag",
    why: "Üblich sind bis 0,2 % der Auftragssumme je Werktag (so auch die Vorgabe für öffentliche Auftraggeber). Höhere Tagessätze sind in Allgemeinen Geschäftsbedingungen angreifbar, erhöhen aber in jedem Fall das Terminrisiko: Puffer einplanen und die Vertragsstrafe als Wagnis bewerten.",
    basis: PENALTY_BASIS,
    check: (lv) =>
      unique(
        penaltyTerms(lv)
          .filter((t) => t.kind === "rate" && t.perDay! > 0.2 + 1e-9)
          .map((t) => hit(t.sentence, `${de(t.value)} % je ${UNIT_NAMES[t.unit!] ?? t.unit}; üblich bis 0,2 % je Werktag`)),
      ),
  },
  {
    id: "vertragsstrafe-obergrenze",
    title: "Vertragsstrafe: Obergrenze über 5 %",
    severity: "risiko",
    category: "vertrag",
    why: "Nach der Rechtsprechung des BGH darf eine Vertragsstrafe in AGB insgesamt höchstens 5 % der Auftragssumme betragen. Eine höhere Obergrenze bedeutet ein erhebliches Terminrisiko; die Klausel kann unwirksam sein – darauf sollte die Kalkulation nicht bauen.",
    basis: PENALTY_BASIS,
    check: (lv) =>
      unique(
        penaltyTerms(lv)
          .filter((t) => t.kind === "cap" && t.value > 5 + 1e-9)
          .map((t) => hit(t.sentence, `Obergrenze ${de(t.value)} %; zulässig höchstens 5 % der Auftragssumme`)),
      ),
  },
  {
    id: "vertragsstrafe-ohne-obergrenze",
    title: "Vertragsstrafe ohne Obergrenze",
    severity: "hinweis",
    category: "vertrag",
    why: "Ein Tagessatz ohne Begrenzung der Gesamthöhe ist in AGB nach der Rechtsprechung unwirksam, führt aber bis zur Klärung zu Streit. Obergrenze beim Auftraggeber erfragen und das Terminrisiko bewerten.",
    basis: PENALTY_BASIS,
    check: (lv) => {
      const terms = penaltyTerms(lv);
      if (terms.some((t) => t.kind === "cap")) return [];
      const rate = terms.find((t) => t.kind === "rate");
      return rate
        ? [
            hit(
              rate.sentence,
              `${de(rate.value)} % je ${UNIT_NAMES[rate.unit!] ?? rate.unit}; keine Obergrenze genannt (üblich: höchstens 5 %)`,
            ),
          ]
        : [];
    },
  },
  {
    id: "sicherheit-hoch",
    title: "Sicherheitsleistung über 5 %",
    severity: "warnung",
    category: "vertrag",
    why: "Öffentliche Auftraggeber sollen für die Vertragserfüllung höchstens 5 % der Auftragssumme und für Mängelansprüche höchstens 3 % der Abrechnungssumme verlangen. Höhere Sicherheiten binden Liquidität und Avalrahmen; Avalkosten und Einbehalt in die Kalkulation (Gemeinkosten) einrechnen.",
    basis: "§ 17 VOB/B; § 9c Abs. 2 VOB/A",
    check: (lv) =>
      unique(
        clauseSentences(lv).flatMap((s) => {
          if (!SECURITY.test(s.folded) || NOT_SECURITY.test(s.folded)) return [];
          const high = percents(s.folded).find((p) => p.value > 5 + 1e-9 && p.value < 50);
          if (!high) return [];
          const kind = /maengel|mangel|gewaehrleist/.test(s.folded)
            ? "Sicherheit für Mängelansprüche"
            : /erfuell/.test(s.folded)
              ? "Sicherheit für die Vertragserfüllung"
              : "Sicherheitsleistung";
          return [hit(s, `${kind} ${de(high.value)} %; üblich höchstens 5 % (Mängelansprüche bei öffentlichen Auftraggebern 3 %)`)];
        }),
      ),
  },
  {
    id: "buergschaft-erstes-anfordern",
    title: "Bürgschaft auf erstes Anfordern",
    severity: "warnung",
    category: "vertrag",
    why: "Eine Bürgschaft auf erstes Anfordern muss der Bürge ohne Prüfung auszahlen; in AGB des Auftraggebers ist das für Vertragserfüllungs- und Mängelsicherheiten unwirksam, Banken berechnen dafür höhere Avalprovisionen. Klären, ob eine selbstschuldnerische Bürgschaft genügt.",
    basis: "§ 17 Abs. 4 VOB/B",
    check: (lv) =>
      unique(
        clauseSentences(lv)
          .filter((s) => /auf\s+erste[sn]?\s+anforder/.test(s.folded))
          .map((s) => hit(s, "Bürgschaft „auf erstes Anfordern“; nach VOB/B genügt eine selbstschuldnerische Bürgschaft")),
      ),
  },
  {
    id: "verjaehrung-lang",
    title: "Verjährung der Mängelansprüche über 5 Jahre",
    severity: "warnung",
    category: "vertrag",
    why: "Die VOB/B sieht für Bauwerke 4 Jahre vor, das BGB 5 Jahre. Eine längere Frist verlängert Haftung, Sicherheit und Avalkosten; für Gewährleistungsrückstellungen und Nachunternehmerverträge (gleiche Frist vereinbaren) einpreisen.",
    basis: "§ 13 Abs. 4 VOB/B; § 634a Abs. 1 Nr. 2 BGB",
    check: (lv) =>
      unique(
        clauseSentences(lv).flatMap((s) => {
          if (!WARRANTY.test(s.folded) || /wartung/.test(s.folded)) return [];
          for (const m of s.folded.matchAll(DURATION)) {
            const n = parseGermanNumber(m[1]);
            if (n === null) continue;
            const years = m[2].startsWith("monat") ? n / 12 : n;
            if (years > 5 + 1e-9 && years <= 30) {
              return [hit(s, `${de(n)} ${m[2].startsWith("monat") ? "Monate" : "Jahre"}; VOB/B: 4 Jahre, BGB: 5 Jahre`)];
            }
          }
          return [];
        }),
      ),
  },
  {
    id: "festpreis-lange-bauzeit",
    title: "Festpreise bei langer Bauzeit ohne Preisgleitung",
    severity: "warnung",
    category: "vertrag",
    why: "Bei einer Bauzeit über 12 Monate tragen Festpreise ohne Stoff- oder Lohngleitklausel das volle Preissteigerungsrisiko (Stahl, Beton, Tariflohn). Steigerungen bis zum Ausführungszeitpunkt schätzen und einrechnen oder eine Gleitklausel erfragen.",
    basis: "§ 9d VOB/A; § 2 Abs. 1 VOB/B",
    check: (lv) => {
      const fixed = clauseSentences(lv).find((s) => FIXED_PRICE.test(s.folded));
      if (!fixed) return [];
      const escalation = lv.sentences.some((s) => ESCALATION.test(s.folded) && !NEGATION.test(s.folded));
      const months = constructionMonths(lv);
      if (escalation || months === null || months <= 12) return [];
      return [hit(fixed, `Festpreise bei etwa ${de(Math.round(months))} Monaten Bauzeit; keine Stoff- oder Lohngleitklausel`)];
    },
  },
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
  {
    id: "abrechnung-ohne-aufmass",
    title: "Abrechnung nach theoretischen Maßen statt Aufmaß",
    severity: "warnung",
    category: "vertrag",
    why: "Abgerechnet wird nicht die ausgeführte Menge, sondern eine Plan- oder Sollmenge. Nach VOB/C gelten Zeichnungsmaße nur, soweit die Ausführung den Zeichnungen entspricht; Mehrmengen aus Planabweichungen blieben hier unbezahlt. Mengen aus den Plänen selbst prüfen und das Risiko bewerten.",
    basis: "§ 14 Abs. 2 VOB/B; VOB/C Abschnitt 5 (Abrechnung)",
    check: (lv) =>
      unique(
        clauseSentences(lv)
          .filter((s) => BILLING.test(s.folded) && THEORETICAL.test(s.folded))
          .map((s) => {
            const m = THEORETICAL.exec(s.folded)!;
            return hit(s, `„${originalSpan(s.original, m.index, m.index + m[0].length)}“ statt Abrechnung nach Aufmaß`);
          }),
      ),
  },
  {
    id: "bauzeit-fehlt",
    title: "Keine Ausführungsfristen genannt",
    severity: "hinweis",
    category: "vertrag",
    why: "Die Vorbemerkungen nennen weder Bauzeit noch Beginn oder Fertigstellung. Ohne Fristen lassen sich Kolonnenstärke, Vorhaltezeiten (Gerüst, Baustelleneinrichtung, Kran) und Winterbau nicht kalkulieren. Fristen erfragen oder in den übrigen Vertragsunterlagen (Besondere Vertragsbedingungen) nachsehen.",
    basis: "§ 5 VOB/B; § 9 Abs. 1 VOB/A",
    check: (lv) => {
      const contractChars = lv.contractSentences.reduce((n, s) => n + s.original.length, 0);
      // Only contract conditions without Fristen are worth a question; a site description is not.
      if (contractChars < 300 || lv.textItems.length < 5 || !lv.contractSentences.some((s) => CONTRACT_TERMS.test(s.folded))) return [];
      if (lv.sentences.some((s) => SCHEDULE.test(s.folded))) return [];
      return [{ oz: null, evidence: `${de(contractChars)} Zeichen Vorbemerkungen/Vertragstexte ohne Bauzeit, Beginn oder Fertigstellung` }];
    },
  },
];
