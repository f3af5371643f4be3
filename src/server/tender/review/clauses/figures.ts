// The figures of a clause: percentages (a rate per day, a cap, a plain share), periods (days,
// Werktage, Kalendertage, weeks, months, years — also written as words: "zwei Wochen"), amounts in
// euros and dates. All read from the folded text (ä → ae, lower case).

import { fold } from "../../text";
import { numberWord, parseGermanNumber } from "../lv/facts";

export type DayUnit = "werktag" | "arbeitstag" | "kalendertag" | "tag" | "woche" | "monat";

export interface ClauseFigures {
  /** Every percentage, in the order written. */
  percents: number[];
  /** Percentages per period (Vertragsstrafe): per Werktag, and the unit as written. */
  rates: { value: number; perWorkday: number; unit: DayUnit }[];
  /** Percentages after "höchstens", "insgesamt", "begrenzt auf" … */
  caps: number[];
  /** Periods converted to calendar days, with the unit as written. */
  periods: { days: number; value: number; unit: DayUnit | "jahr" }[];
  /** Euro amounts. */
  amounts: number[];
  /** Euro amounts per period ("2.500 € je Kalendertag"). */
  amountRates: number[];
  /** Euro amounts after "höchstens", "insgesamt" … */
  amountCaps: number[];
  /** Dates (UTC ms). */
  dates: number[];
  /** Calendar days of a checking period and the period after it ("Prüfung binnen acht Wochen; die
   *  Zahlung sodann binnen 60 Tagen nach Abschluss der Prüfung" = 116 days in all). */
  chained: number[];
}

/** Words a number stands before: a unit, a share or a decimal comma. */
const COUNTED = /^(?:werktag|arbeitstag|kalendertag|tag|kalenderwoche|woche|monat|jahr|prozent|v\.|vh|%|komma|euro|eur|€|stunde)/;
const ARTICLE = /^(?:ein|eine|einem|einen|einer|eines)$/;

/** Numbers written as words turned into digits, so that one reader serves both: "fünf Prozent",
 *  "null Komma drei vom Hundert", "drei Monate", "einen Monat", "einundzwanzig Tage". An article
 *  counts as one only before a unit ("einen Monat", not "eine Bürgschaft"). */
export function digitsForNumberWords(folded: string): string {
  const tokens = folded
    .replace(/\bvom\s+hundert\b/g, "%")
    // "werktäglich 0,2 %" reads as "je Werktag 0,2 %"
    .replace(/\b(werk|arbeits|kalender)?taeglich(?:e[nrs]?)?\b/g, (_m, kind: string | undefined) => `je ${kind ? `${kind}tag` : "tag"}`)
    .split(/(\s+)/);
  const next = (i: number) => tokens.slice(i + 1).find((t) => t.trim()) ?? "";
  for (let i = 0; i < tokens.length; i++) {
    const m = /^([a-z]+)(.*)$/s.exec(tokens[i]);
    if (!m) continue;
    const [, word, tail] = m;
    const value = ARTICLE.test(word) ? (COUNTED.test(next(i)) && !tail ? 1 : null) : numberWord(word);
    if (value === null) continue;
    if (word === "null" && !/^komma/.test(next(i))) continue;
    tokens[i] = `${value}${tail}`;
  }
  // "am nächsten Werktag", "am Folgetag": a deadline of one day.
  const nextDay = tokens
    .join("")
    .replace(
      /\b(?:am\s+)?(?:naechsten|folgenden|darauffolgenden)\s+(werktag|arbeitstag|kalendertag|tag)\b|\bam\s+folgetag\b/g,
      (_m, unit: string | undefined) => `1 ${unit ?? "tag"}`,
    );
  // "0 komma 5" → "0,5"
  return nextDay.replace(/\b(\d+)\s+komma\s+(\d+)\b/g, "$1,$2");
}

const NUMBER = String.raw`(\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:[.,]\d+)?)`;

function numberOf(raw: string): number | null {
  return parseGermanNumber(raw);
}

const PERCENT = new RegExp(String.raw`(\d{1,3}(?:[.,]\d{1,3})?)\s*(?:%|v\.\s?h\.?|vh\b|prozent|vom\s+hundert)`, "g");
const RATE_UNIT =
  /^\s*(?:[\w()-]+\s+|\([^)]*\)\s+){0,6}?(?:je|pro|fuer\s+jede[nr]?|jede[nr]?)\s+(?:angefangene[nr]?\s+|vollendete[nr]?\s+|volle[nr]?\s+)?(werktag|arbeitstag|kalendertag|tag|kalenderwoche|woche)/;
const RATE_BEFORE =
  /(?:je|pro|fuer\s+jede[nr]?|jede[nr]?)\s+(?:angefangene[nr]?\s+|vollendete[nr]?\s+)?(werktag|arbeitstag|kalendertag|tag|kalenderwoche|woche)\w*\s+(?:[\w-]+\s+){0,9}$/;
const CAP_BEFORE =
  /(hoechst\w*|insgesamt|maximal|\bmax\.?|begrenzt|obergrenze|bis\s+zu|nicht\s+mehr\s+als|gesamtbetrag|gesamthoehe|\bgesamt\w*)\s+(?:\w+\s+){0,4}$/;
const CAP_AFTER =
  /^\s*(?:[\w-]+\s+){0,4}(begrenzt|beschraenkt|gedeckelt|als\s+obergrenze|nicht\s+(?:ueberschreiten|uebersteigen|hinausgehen)|ueberschreiten\s+nicht|uebersteigen\s+nicht)/;
const PERIOD = new RegExp(
  String.raw`\b${NUMBER}\s*(?:\(\s*\w+\s*\)\s*)?(werktage?n?|arbeitstage?n?|kalendertage?n?|tage?n?|wochen?|monate?n?|jahre?n?)\b`,
  "g",
);
/** "20 Mio. €", "€ 1,5 Millionen", "500 Tsd. EUR": the scale between number and currency. */
const AMOUNT =
  /(\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+(?:,\d{1,2})?)\s*(mio\.?|millionen|million|tsd\.?|tausend)?\s*(?:€|eur\b|euro)|(?:€|eur)\s*(\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+(?:,\d{1,2})?)(?:\s*(mio\b\.?|millionen|million))?/g;
const SCALE = (raw: string | undefined) => (!raw ? 1 : raw.startsWith("mio") || raw.startsWith("million") ? 1_000_000 : 1_000);

function unitOf(raw: string): DayUnit | "jahr" {
  if (raw.startsWith("werktag")) return "werktag";
  if (raw.startsWith("arbeitstag")) return "arbeitstag";
  if (raw.startsWith("kalendertag")) return "kalendertag";
  if (raw.startsWith("tag")) return "tag";
  if (raw.startsWith("woche") || raw.startsWith("kalenderwoche")) return "woche";
  if (raw.startsWith("monat")) return "monat";
  return "jahr";
}

const DAYS_PER: Record<DayUnit | "jahr", number> = {
  werktag: 7 / 6,
  arbeitstag: 7 / 5,
  kalendertag: 1,
  tag: 1,
  woche: 7,
  monat: 30.44,
  jahr: 365.25,
};
/** Werktage per unit, for penalty rates. */
const WORKDAYS_PER: Record<DayUnit, number> = { werktag: 1, arbeitstag: 1, kalendertag: 6 / 7, tag: 6 / 7, woche: 6, monat: 26 };

const DAY_MS = 86_400_000;

/** Monday of ISO week `week` in `year`. */
function isoWeek(year: number, week: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const monday1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  return monday1 + (week - 1) * 7 * DAY_MS;
}

const MONTHS = ["januar", "februar", "maerz", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "dezember"];

/** Dates written as 31.10.2027, 31. Oktober 2027, Oktober 2027, 2027-10-31 or KW 30/2027. */
export function datesIn(folded: string): number[] {
  const out: number[] = [];
  for (const m of folded.matchAll(/\b(?:kw|kalenderwoche)\s*(\d{1,2})\s*[/.]\s*(\d{4})\b/g)) {
    const week = Number(m[1]);
    if (week >= 1 && week <= 53) out.push(isoWeek(Number(m[2]), week));
  }
  for (const m of folded.matchAll(/\b(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})\b|\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    const [y, mo, d] = m[3] ? [m[3], m[2], m[1]] : [m[4], m[5], m[6]];
    const t = Date.UTC(Number(y), Number(mo) - 1, Number(d));
    if (Number.isFinite(t) && Number(mo) >= 1 && Number(mo) <= 12) out.push(t);
  }
  for (const m of folded.matchAll(new RegExp(String.raw`\b(?:(\d{1,2})\.\s*)?(${MONTHS.join("|")})\s+(\d{4})\b`, "g"))) {
    out.push(Date.UTC(Number(m[3]), MONTHS.indexOf(m[2]), m[1] ? Number(m[1]) : 15));
  }
  return out;
}

/** "fünf Jahre und sechs Monate", "5 Jahre und 4 Wochen": one period in years, not two. */
const YEARS_AND = /\b(\d+)\s*jahre?n?\s+und\s+(\d+)\s*(monate?n?|wochen?)\b/g;
const joinYears = (folded: string) =>
  folded.replace(YEARS_AND, (_m, years: string, n: string, unit: string) => {
    const extra = unit.startsWith("monat") ? Number(n) / 12 : (Number(n) * 7) / 365.25;
    return `${String(Math.round((Number(years) + extra) * 1000) / 1000).replace(".", ",")} jahre`;
  });

/** A period that starts where the one before it ends: "sodann", "anschließend", "danach", "im
 *  Anschluss", "nach Abschluss/Ende der Prüfung". */
const CHAIN =
  /\b(?:sodann|anschliessend|danach|daraufhin|im\s+anschluss|nach\s+(?:abschluss|ende|beendigung)\s+de[rs]\s+(?:pruefung|prueffrist|frist))\b/;

/** The sum of a checking period and the payment period counted from its end. */
function chainedDays(folded: string): number[] {
  const found = [...folded.matchAll(PERIOD)];
  const out: number[] = [];
  for (let i = 1; i < found.length; i++) {
    const [a, b] = [found[i - 1], found[i]];
    const between = folded.slice(a.index + a[0].length, b.index);
    const after = folded.slice(b.index + b[0].length, b.index + b[0].length + 60);
    // Only a checking period lengthens the wait for the money; the contractor's own deadline
    // ("Schlussrechnung binnen 12 Werktagen einreichen, Zahlung sodann binnen 30 Tagen") does not.
    const around = folded.slice(Math.max(0, a.index - 80), a.index + a[0].length + 30);
    if (between.length > 160 || !/pruef/.test(around) || !(CHAIN.test(between) || CHAIN.test(after))) continue;
    const [x, y] = [numberOf(a[1]), numberOf(b[1])];
    if (x !== null && y !== null) out.push(x * DAYS_PER[unitOf(a[2])] + y * DAYS_PER[unitOf(b[2])]);
  }
  return out;
}

export function figuresOf(text: string): ClauseFigures {
  const folded = joinYears(digitsForNumberWords(fold(text)));
  const figures: ClauseFigures = {
    percents: [],
    rates: [],
    caps: [],
    periods: [],
    amounts: [],
    amountRates: [],
    amountCaps: [],
    dates: datesIn(folded),
    chained: [],
  };
  for (const m of folded.matchAll(PERCENT)) {
    const value = parseGermanNumber(m[1]);
    if (value === null) continue;
    figures.percents.push(value);
    const end = m.index + m[0].length;
    const after = RATE_UNIT.exec(folded.slice(end, end + 80));
    const before = folded.slice(Math.max(0, m.index - 120), m.index);
    const rateBefore = RATE_BEFORE.exec(before);
    if ((CAP_BEFORE.test(before) || CAP_AFTER.test(folded.slice(end, end + 60))) && !rateBefore && !after) figures.caps.push(value);
    else if (after || rateBefore) {
      const unit = unitOf((after ?? rateBefore)![1]) as DayUnit;
      figures.rates.push({ value, perWorkday: value / WORKDAYS_PER[unit], unit });
    }
  }
  for (const m of folded.matchAll(PERIOD)) {
    const value = numberOf(m[1]);
    if (value === null) continue;
    const unit = unitOf(m[2]);
    figures.periods.push({ value, unit, days: value * DAYS_PER[unit] });
  }
  figures.chained = chainedDays(folded);
  for (const m of folded.matchAll(AMOUNT)) {
    const number = parseGermanNumber(m[1] ?? m[3]);
    if (number === null) continue;
    const value = number * SCALE(m[2] ?? m[4]);
    figures.amounts.push(value);
    const end = m.index + m[0].length;
    const before = folded.slice(Math.max(0, m.index - 120), m.index);
    if (RATE_UNIT.test(folded.slice(end, end + 80)) || RATE_BEFORE.test(before)) figures.amountRates.push(value);
    else if (CAP_BEFORE.test(before) || CAP_AFTER.test(folded.slice(end, end + 60))) figures.amountCaps.push(value);
  }
  return figures;
}

const UNIT_LABEL: Record<DayUnit | "jahr", [string, string]> = {
  werktag: ["Werktag", "Werktage"],
  arbeitstag: ["Arbeitstag", "Arbeitstage"],
  kalendertag: ["Kalendertag", "Kalendertage"],
  tag: ["Tag", "Tage"],
  woche: ["Woche", "Wochen"],
  monat: ["Monat", "Monate"],
  jahr: ["Jahr", "Jahre"],
};

const de = (n: number) => n.toLocaleString("de-DE", { maximumFractionDigits: 3 });

/** The figures as the estimator reads them: "0,3 % je Werktag; Obergrenze 5 %; 24 Werktage". */
export function describeFigures(f: ClauseFigures): string {
  const parts: string[] = [];
  for (const r of f.rates) parts.push(`${de(r.value)} % je ${UNIT_LABEL[r.unit][0]}`);
  for (const c of f.caps) parts.push(`Obergrenze ${de(c)} %`);
  const plain = f.percents.filter((p) => !f.caps.includes(p) && !f.rates.some((r) => r.value === p));
  for (const p of plain) parts.push(`${de(p)} %`);
  for (const p of f.periods) parts.push(`${de(p.value)} ${UNIT_LABEL[p.unit][p.value === 1 ? 0 : 1]}`);
  for (const a of f.amounts)
    parts.push(`${de(a)} €${f.amountRates.includes(a) ? " je Tag" : f.amountCaps.includes(a) ? " (Obergrenze)" : ""}`);
  return parts.join("; ");
}
