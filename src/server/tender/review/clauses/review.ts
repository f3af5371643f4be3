// The clause review: every contract text of the tender (the LV's Vorbemerkungen and the contract
// documents beside it) split into clauses, each clause recognised by meaning against the checklist
// (stems, so any inflection and compound; phrases in any word order), its figures read, and the
// checklist's verdict rules applied. Every clause type gets an entry: the clauses found with their
// verdicts, or "nicht geregelt" — with a verdict where the gap matters for this tender (a long
// construction time without Preisgleitung, works through a winter without Winterbau).

import type { ChecklistEntryDto } from "../../../../common/schemas/contract-documents";
import { fold } from "../../text";
import { splitSentences } from "../lv/facts";
import { checklist, type ClauseType, type Conditions, type VerdictRule } from "./checklist";
import { datesIn, describeFigures, figuresOf, type ClauseFigures } from "./figures";
import { clauseModels, KRITISCH_THRESHOLD, PROBLEM_THRESHOLD, scoreClause, type ClauseModels } from "./learned";
import { contains, containsAny, matchAt, negated, phrase, stemText, type Phrase, type StemmedText } from "./words";

/** One text to review: the LV's Vorbemerkungen or one contract document. */
export interface ClauseSource {
  /** "Vorbemerkungen" or the document's file name. */
  document: string;
  paragraphs: { text: string; page: number | null; paragraph: number }[];
}

/** One checklist entry (the shape the API sends, src/common/schemas/contract-documents.ts). */
export type ChecklistEntry = ChecklistEntryDto;

export interface TenderDates {
  start: number | null;
  end: number | null;
  months: number | null;
  winters: number;
  /** Months from the bid (or award) to the end of construction: how long the prices must hold. */
  priceMonths: number | null;
  /** The bid date the texts state (Angebotsfrist, Submission), for periods counted from it. */
  offer: number | null;
}

/** What the whole tender says beyond single clauses. */
export interface TenderFacts {
  dates: TenderDates;
  /** All contract text, for what the tender mentions anywhere ("auf Abruf"). */
  text: StemmedText;
  /** The LV's item texts, for the kind of work. */
  items: StemmedText[];
  /** The names of the tender's documents, for documents a clause refers to. */
  documents: StemmedText[];
  outdoorWork: boolean;
  publicClient: boolean;
}

export interface ClauseReview {
  entries: ChecklistEntry[];
  dates: TenderDates;
  /** Characters of contract text read (Vorbemerkungen and documents). */
  contractChars: number;
}

/** Below this much contract text a missing clause says nothing (an LV without Vorbemerkungen). */
const MIN_CONTRACT_CHARS = 300;

interface Clause {
  text: string;
  /** Each sentence of the clause, for negations that must stand beside the clause's term. */
  sentences: StemmedText[];
  /** Each sentence's text and the types it names itself, for figures read per type. */
  parts: { text: string; types: ClauseType[] }[];
  /** The whole paragraph, for words that clear a clause anywhere around it ("none"). */
  paragraph: StemmedText;
  /** The paragraph's sentences and their parts between semicolons, for clearing words that are denied. */
  paragraphParts: StemmedText[];
  document: string;
  location: string;
  stems: StemmedText;
  figures: ClauseFigures;
  types: ClauseType[];
  /** Section (heading) the clause stands under, for caps written in a sentence of their own. */
  section: string;
}

/** A relative clause ending in its finite verb (", die im Leistungsverzeichnis nicht angegeben
 *  sind,"): a negation in it describes the subject and does not turn the main clause around. */
const RELATIVE_CLAUSE =
  /,\s*(?:(?:an|auf|aus|bei|für|in|mit|nach|von|zu|über|unter|gegen|durch)\s+)?(?:der|die|das|dem|den|denen|deren|dessen|welche[rnsm]?)\s+[^,;.:]{1,160}?\s(?:ist|sind|war|waren|wird|werden|wurde|wurden|hat|haben|kann|können|muss|müssen|darf|dürfen|soll|sollen|gilt|gelten|liegt|liegen|besteht|bestehen|vorsieht|vorsehen|enthält|enthalten|ergibt|ergeben)(?=\s*(?:[,;.]|$))/g;

/** The sentence without its relative clauses, for reading negations. */
export const mainClause = (sentence: string) => sentence.replace(RELATIVE_CLAUSE, "");

/** A short paragraph that names a topic: "§ 5 Vertragsstrafe", "3. Abnahme", "§ 15 Aufrechnung." */
function isHeading(text: string): boolean {
  const t = text.trim();
  if (t.length > 90 || /\d\s*(%|v\.\s?h\.)/.test(t)) return false;
  const words = t.split(/\s+/).length;
  if (!/[.;:!?]\s*$/.test(t)) return words <= 9;
  return words <= 5 && /^(§\s*\d|\d+(\.\d+)*\.?\s)/.test(t);
}

/** "11. Skonto: Der AG ist berechtigt …", "§ 6 Entsorgung: Der Aushub …": the label before the
 *  colon names the topic of every sentence of the paragraph. */
const LABEL = /^\s*(?:§\s*\d+[a-z]?\.?\s*|\d+(?:\.\d+)*\.?\s*)?([A-ZÄÖÜ][^:.;]{2,60}):\s/;

/** A sentence that opens by pointing back ("Zuschläge hierfür werden nicht vergütet", "Dafür …",
 *  "Dies gilt unabhängig davon, wer die Verzögerung zu vertreten hat")
 *  speaks of the clause before it, whatever other type its words name. */
const REFERS_BACK =
  /^\s*(?:(?:\S+\s+){0,2}(?:hierfür|hierzu|hierbei|hierdurch|hiervon|dafür|dabei|hierfuer)\b|(?:dies|das|gleiches|dasselbe|selbiges)\s+gilt\b)/i;

function typesOf(stems: StemmedText, types: ClauseType[]): ClauseType[] {
  return types.filter((t) => containsAny(stems, t.lookFor) && !containsAny(stems, t.exclude));
}

const location = (p: { page: number | null; paragraph: number }) =>
  p.page !== null ? `Seite ${p.page}, Absatz ${p.paragraph}` : `Absatz ${p.paragraph}`;

/** Lines the GAEB reader adds for AwardInfo dates are facts, not clauses. */
const AWARD_INFO = /\(AwardInfo\/Cnst(Start|End)\)/;

/** A sentence with a cap and no rate of its own, after a clause with a rate. */
function capOnly(sentence: string, before: Clause): boolean {
  const f = figuresOf(sentence);
  const rated = before.figures.rates.length > 0 || before.figures.amountRates.length > 0;
  return rated && f.caps.length + f.amountCaps.length > 0 && !f.rates.length && !f.amountRates.length;
}

/** Splits the sources into clauses: a sentence that names a clause type, plus the sentences after
 *  it in the same paragraph that name none (they continue it: "Sie ist auf 5 % begrenzt."). */
export function clausesOf(sources: ClauseSource[], types: ClauseType[]): Clause[] {
  const clauses: Clause[] = [];
  for (const source of sources) {
    let headingTypes: ClauseType[] = [];
    let section = "";
    /** The last clause of the paragraph before, while no heading stood between. */
    let before: Clause | null = null;
    for (const p of source.paragraphs) {
      if (AWARD_INFO.test(p.text) || !p.text.trim()) continue;
      if (isHeading(p.text)) {
        headingTypes = typesOf(stemText(p.text), types);
        section = p.text;
        before = null;
        continue;
      }
      let current: Clause | null = null;
      let continued = 0;
      const label = LABEL.exec(p.text);
      const labelTypes = label ? typesOf(stemText(label[1]), types) : [];
      const paragraph = stemText(p.text);
      const paragraphParts = splitSentences(p.text)
        .flatMap((s) => s.split(";"))
        .map(stemText);
      const sentences = splitSentences(p.text);
      sentences.forEach((sentence, index) => {
        const stems = stemText(sentence);
        const named = typesOf(stems, types);
        const own = [...named, ...labelTypes.filter((t) => !named.includes(t))];
        // "§ 15 Aufrechnung. Der Auftragnehmer …": a heading at the start of the paragraph.
        if (index === 0 && isHeading(sentence)) {
          headingTypes = own;
          section = sentence;
          before = null;
          return;
        }
        // "… 0,3 % je Kalendertag." ¶ "Die Summe der Vertragsstrafen ist auf 10 % begrenzt.": a
        // paragraph that opens with only the cap of the rate before it continues that clause.
        if (index === 0 && before !== null && own.some((t) => before!.types.includes(t)) && capOnly(sentence, before)) {
          current = before;
          clauses.splice(clauses.lastIndexOf(before), 1);
        }
        // A sentence continues the clause when it names no type, or one of the clause's types
        // ("… einzukalkulieren. Schlechtwettertage verlängern die Frist nicht."); it brings its other types along.
        // A sentence that only adds a detail of the clause ("Der Einbehalt kann nur durch eine
        // Bürgschaft auf erstes Anfordern abgelöst werden." after the Mängelsicherheit) continues it too.
        const sameTopic =
          current !== null &&
          (own.some((t) => current!.types.includes(t)) ||
            REFERS_BACK.test(sentence) ||
            // "… geht auf den AN über; Mehraufwendungen … werden nicht vergütet": one sentence, one clause.
            sentences[index - 1]?.endsWith(";") ||
            (own.length > 0 && own.every((t) => t.continues.some((slug) => current!.types.some((c) => c.slug === slug)))));
        if ((own.length && !sameTopic) || !current || continued >= 3) {
          if (current) clauses.push(current);
          current = {
            text: sentence,
            sentences: [stemText(mainClause(sentence))],
            parts: [{ text: sentence, types: own }],
            paragraph,
            paragraphParts,
            document: source.document,
            location: location(p),
            stems,
            figures: figuresOf(sentence),
            types: own.length ? own : headingTypes,
            section,
          };
          continued = 0;
        } else {
          current.text = `${current.text} ${sentence}`;
          current.types = [...current.types, ...own.filter((t) => !current!.types.includes(t))];
          current.sentences.push(stemText(mainClause(sentence)));
          current.parts.push({ text: sentence, types: own });
          current.stems = stemText(current.text);
          current.figures = figuresOf(current.text);
          continued++;
        }
      });
      if (current) clauses.push(current);
      before = current;
    }
  }
  return clauses.filter((c) => c.types.length);
}

const DAY_MS = 86_400_000;
const MONTH_DAYS = 30.44;

/** Sentences that date the bid ("Ablauf der Angebotsfrist ist am 02.07.2027") … */
const OFFER_WORDS = [
  "Angebot",
  "Angebotsfrist",
  "Angebotsabgabe",
  "Angebotseröffnung",
  "Submission",
  "Eröffnungstermin",
  "Einreichung",
].map((w) => phrase(w));
/** … or, failing that, the award ("Zuschlag voraussichtlich im Mai 2027"). */
const AWARD_WORDS = ["Zuschlag", "Zuschlagsfrist", "Auftragserteilung", "Vergabe", "Bindefrist"].map((w) => phrase(w));

/** Without a dated bid: the usual lead from bid to construction start (submission, award, Auftragsschreiben, mobilisation). */
const BID_LEAD_MONTHS = 3;

/** The earliest date of a sentence with one of the words, before the construction start when it is known. */
function datedBy(sources: ClauseSource[], words: Phrase[], start: number | null): number | null {
  const stamps: number[] = [];
  for (const s of sources)
    for (const p of s.paragraphs) {
      if (AWARD_INFO.test(p.text)) continue;
      for (const sentence of splitSentences(p.text)) {
        const dates = datesIn(fold(sentence)).filter((d) => start === null || (d < start && start - d < 24 * MONTH_DAYS * DAY_MS));
        if (dates.length && containsAny(stemText(sentence), words)) stamps.push(...dates);
      }
    }
  return stamps.length ? Math.min(...stamps) : null;
}

/** The date of the bid as the texts state it (Angebotsfrist, Submission). */
export const offerDate = (sources: ClauseSource[], start: number | null) => datedBy(sources, OFFER_WORDS, start);

/** The bid, else the award, before the construction start. */
const bidDate = (sources: ClauseSource[], start: number) => offerDate(sources, start) ?? datedBy(sources, AWARD_WORDS, start);

/** Months the prices must hold: bid (dated in the text, else the usual lead before the start) to the end. */
function priceMonths(sources: ClauseSource[], start: number | null, end: number | null, months: number | null): number | null {
  if (start === null || end === null) return months !== null ? months + BID_LEAD_MONTHS : null;
  const bid = bidDate(sources, start);
  return bid !== null ? (end - bid) / DAY_MS / MONTH_DAYS : (end - start) / DAY_MS / MONTH_DAYS + BID_LEAD_MONTHS;
}

/** Construction start and end from AwardInfo or the dates of the clauses about the Bauzeit. */
export function tenderDates(sources: ClauseSource[], clauses: Clause[]): TenderDates {
  const stamps: number[] = [];
  for (const s of sources) for (const p of s.paragraphs) if (AWARD_INFO.test(p.text)) stamps.push(...datesIn(fold(p.text)));
  if (!stamps.length) {
    for (const c of clauses) if (c.types.some((t) => t.slug === "bauzeit-fristen")) stamps.push(...c.figures.dates);
  }
  if (!stamps.length) {
    // No date at all: a written length ("Bauzeit 30 Monate") still tells how long prices must hold.
    const longest = Math.max(
      0,
      ...clauses.filter((c) => c.types.some((t) => t.slug === "bauzeit-fristen")).flatMap((c) => c.figures.periods.map((p) => p.days)),
    );
    const months = longest ? longest / 30.44 : null;
    // Without dates only the length is known: twelve months always hold a winter.
    return {
      start: null,
      end: null,
      months,
      winters: months !== null && months >= 12 ? 1 : 0,
      priceMonths: priceMonths(sources, null, null, months),
      offer: offerDate(sources, null),
    };
  }
  const start = Math.min(...stamps);
  const end = Math.max(...stamps);
  let months: number | null = (end - start) / DAY_MS / 30.44;
  if (months === 0) {
    // One date only: a period written beside it ("Bauzeit 14 Monate") gives the length.
    const longest = Math.max(
      0,
      ...clauses.filter((c) => c.types.some((t) => t.slug === "bauzeit-fristen")).flatMap((c) => c.figures.periods.map((p) => p.days)),
    );
    months = longest ? longest / 30.44 : null;
  }
  const endOrLength = months !== null ? start + months * 30.44 * DAY_MS : end;
  let winters = 0;
  const first = new Date(start).getUTCFullYear() - 1;
  const last = new Date(endOrLength).getUTCFullYear();
  for (let y = first; y <= last; y++) {
    // A winter: December to February.
    if (start < Date.UTC(y + 1, 2, 1) && endOrLength >= Date.UTC(y, 11, 1)) winters++;
  }
  return {
    start,
    end: endOrLength,
    months,
    winters,
    priceMonths: priceMonths(sources, start, endOrLength, months),
    offer: offerDate(sources, start),
  };
}

interface Facts {
  clause: Clause | null;
  type: ClauseType;
  /** A cap stated for this type in the same section (a sentence of its own). */
  sectionCap: boolean;
  tender: TenderFacts;
}

/** A negation in a sentence that also names the clause type ("Eine Ablösung … ist ausgeschlossen"). */
const negatedClause = (c: Clause, type: ClauseType) =>
  c.sentences.some((s) => negated(s, type.lookFor) && (containsAny(s, type.lookFor) || c.sentences.length === 1));

/** A word that clears a clause ("gemeinsames Aufmaß", "Bürgschaft") clears it only where the
 *  paragraph does not deny it ("ein gemeinsames Aufmaß findet nicht statt"); a clearing phrase that
 *  is itself a negation ("ohne", "nicht") is read as written. */
function clears(c: Clause, p: Phrase): boolean {
  if (negated({ stems: p.stems })) return contains(c.paragraph, p);
  return c.paragraphParts.some((part) => contains(part, p) && !negated(part));
}

/** The clause's figures for one type: a sentence that names only other types lends it none
 *  ("… Vertragserfüllung 5 %. Für Mängelansprüche 3 %." – each type reads its own share). */
const figuresByType = new WeakMap<Clause, Map<string, ClauseFigures>>();

function figuresFor(c: Clause, type: ClauseType): ClauseFigures {
  const own = c.parts.filter((p) => !p.types.length || p.types.includes(type));
  if (own.length === c.parts.length || !own.length) return c.figures;
  let byType = figuresByType.get(c);
  if (!byType) figuresByType.set(c, (byType = new Map()));
  let figures = byType.get(type.slug);
  if (!figures) byType.set(type.slug, (figures = figuresOf(own.map((p) => p.text).join(" "))));
  return figures;
}

function holds(rule: VerdictRule, facts: Facts): boolean {
  const w: Conditions = rule.when;
  const c = facts.clause;
  const dates = facts.tender.dates;
  const f = c ? figuresFor(c, facts.type) : undefined;
  const maxPercent = f?.percents.length ? Math.max(...f.percents) : null;
  // A deadline in months is a deadline in days too ("drei Monate nach Eingang" = 91 days).
  const days = [...(f?.periods.filter((p) => p.unit !== "jahr").map((p) => p.days) ?? []), ...(f?.chained ?? [])];
  const years = f?.periods.filter((p) => p.unit === "jahr" || p.unit === "monat").map((p) => p.days / 365.25) ?? [];
  const checks: boolean[] = [];
  if (c) {
    if (rule.compiled.any.length) checks.push(containsAny(c.stems, rule.compiled.any));
    if (rule.compiled.andAny.length) checks.push(containsAny(c.stems, rule.compiled.andAny));
    if (rule.compiled.alsoAny.length) checks.push(containsAny(c.stems, rule.compiled.alsoAny));
    if (rule.compiled.all.length) checks.push(rule.compiled.all.every((p) => contains(c.stems, p)));
    if (rule.compiled.none.length) checks.push(!rule.compiled.none.some((p) => clears(c, p)));
    if (w.negated !== undefined) checks.push(negatedClause(c, facts.type) === w.negated);
  } else if (
    rule.compiled.any.length ||
    rule.compiled.andAny.length ||
    rule.compiled.alsoAny.length ||
    rule.compiled.all.length ||
    w.negated !== undefined
  )
    return false;
  if (w.percent !== undefined) checks.push((maxPercent !== null) === w.percent);
  if (w.percent_over !== undefined) checks.push(maxPercent !== null && maxPercent > w.percent_over + 1e-9);
  if (w.percent_under !== undefined) checks.push(maxPercent !== null && maxPercent < w.percent_under - 1e-9);
  if (w.rate !== undefined) checks.push(Boolean(f?.rates.length || f?.amountRates.length) === w.rate);
  if (w.rate_over !== undefined) checks.push(Boolean(f?.rates.some((r) => r.perWorkday > w.rate_over! + 1e-9)));
  if (w.rate_unit !== undefined) checks.push(Boolean(f?.rates.some((r) => r.unit === w.rate_unit)));
  if (w.cap !== undefined) checks.push((Boolean(f?.caps.length || f?.amountCaps.length) || facts.sectionCap) === w.cap);
  if (w.cap_over !== undefined) checks.push(Boolean(f?.caps.some((x) => x > w.cap_over! + 1e-9)));
  if (w.days_over !== undefined) checks.push(days.some((d) => d > w.days_over! + 1e-9));
  if (w.days_under !== undefined) checks.push(days.some((d) => d < w.days_under! - 1e-9));
  if (w.years_over !== undefined) checks.push(years.some((y) => y > w.years_over! + 1e-9));
  if (w.years_under !== undefined) checks.push(years.some((y) => y < w.years_under! - 1e-9));
  if (w.amount_over !== undefined) checks.push(Boolean(f?.amounts.some((a) => a > w.amount_over! + 1e-9)));
  if (w.period !== undefined) checks.push(Boolean(f?.periods.length) === w.period);
  if (w.construction_months_over !== undefined) checks.push(dates.months !== null && dates.months > w.construction_months_over);
  if (w.price_months_over !== undefined) checks.push(dates.priceMonths !== null && dates.priceMonths > w.price_months_over);
  if (w.mentions?.length) checks.push(containsAny(facts.tender.text, rule.compiled.mentions));
  if (w.work_any?.length) checks.push(facts.tender.items.some((i) => containsAny(i, rule.compiled.work)));
  if (w.refers_to_missing?.length) {
    const named = rule.compiled.missing.filter((p) => c !== null && contains(c.stems, p));
    checks.push(named.length > 0 && !named.some((p) => facts.tender.documents.some((d) => contains(d, p))));
  }
  if (w.days_after_offer_over !== undefined) {
    const offer = dates.offer;
    checks.push(offer !== null && Boolean(f?.dates.some((d) => (d - offer) / DAY_MS > w.days_after_offer_over!)));
  }
  if (w.winters_at_least !== undefined) checks.push(dates.winters >= w.winters_at_least);
  if (w.outdoor_work !== undefined) checks.push(facts.tender.outdoorWork === w.outdoor_work);
  if (w.public_client !== undefined) checks.push(facts.tender.publicClient === w.public_client);
  return checks.every(Boolean);
}

const QUOTE_MAX = 1000;

/** Weather-exposed work: for Winterbau, what matters is whether the work stands in the open. */
const OUTDOOR = [
  "Erdarbeiten",
  "Aushub",
  "Baugrube",
  "Oberboden",
  "Beton",
  "Stahlbeton",
  "Schalung",
  "Bewehrung",
  "Mauerwerk",
  "Dach",
  "Dachabdichtung",
  "Abdichtung",
  "Attika",
  "Dämmung Dach",
  "Fassade",
  "Gerüst",
  "Pflaster",
  "Pflasterdecke",
  "Tragschicht",
  "Frostschutzschicht",
  "Asphalt",
  "Bordstein",
  "Rinne",
  "Kanal",
  "Rohrgraben",
  "Verbau",
  "Gründung",
  "Fundament",
  "Bodenplatte",
  "Rasen",
  "Pflanzung",
  "Zaun",
  "Straße",
  "Kanalrohr",
  "Graben",
  "Schachtbauwerk",
  "Planum",
  "Hausanschlussleitung",
  // Façades: the ETICS and render are applied in the open.
  "WDVS",
  "Wärmedämmverbundsystem",
  "Armierungsputz",
  "Oberputz",
  "Außenputz",
  "Sockeldämmung",
  "Sockelputz",
  // Windows and doors set into the shell: sealing tapes and adhesives need frost-free weather.
  "Fenster",
  "Kunststofffenster",
  "Holzfenster",
  "Aluminiumfenster",
  "Metallfenster",
  "Fensterelemente",
  "Außenfensterbank",
  "Fenstertür",
  "Außentür",
  "Hauseingangstür",
  "Balkongeländer",
  "Vordach",
  // Steel and timber erection of the shell: cranes, columns, purlins, cladding.
  "Stahlkonstruktion",
  "Stahlbau",
  "Stützen",
  "Riegel",
  "Pfetten",
  "Verbände",
  "Ankerbolzen",
  "Trapezprofil",
  "Sandwichpaneele",
  "Kran",
  "Mobilkran",
  "Dachrinne",
  "Fallrohr",
  "Dachziegel",
  "Dachsteine",
  "Lattung",
  "Sparren",
  "Abbund",
  "Außenwand",
  "Holzrahmenbau",
  "Unterdeckbahn",
  "Ortgang",
  "Traufe",
].map((w) => phrase(w));

export function outdoorWork(itemTexts: string[]): boolean {
  if (!itemTexts.length) return false;
  const outdoor = itemTexts.filter((t) => containsAny(stemText(t), OUTDOOR)).length;
  return outdoor / itemTexts.length >= 0.35;
}

/** Wordings only public clients use. */
const PUBLIC = [
  "VOB/A",
  "Vergabestelle",
  "§ 18 Abs. 1 VOB/B",
  "öffentlicher Auftraggeber",
  "Vergabe- und Vertragshandbuch",
  "VHB",
  "Tariftreue",
  "Vergabeunterlagen",
  "Landkreis",
  "Gemeinde",
  "Kreisverwaltung",
  "Bauamt",
  "Hochbauamt",
  "Landesbetrieb",
  "Landratsamt",
  "Bezirksregierung",
  "Stadtverwaltung",
  "Freistaat",
  "Zweckverband",
  "Vergabeverfahren",
  "öffentliche Auftraggeberin",
  "Formblatt",
].map((w) => phrase(w));

export function publicClient(sources: ClauseSource[]): boolean {
  return sources.some((s) => s.paragraphs.some((p) => containsAny(stemText(p.text), PUBLIC)));
}

export interface ReviewOptions {
  /** The wording models (default: the trained weights; null: rules only). */
  model?: ClauseModels | null;
  /** The problem model's probability from which a clause is raised (default PROBLEM_THRESHOLD). */
  threshold?: number;
}

/** A clause that names the VOB/B or BGB rule it follows, and no departure from it ("Leistungen ohne
 *  Auftrag werden nicht vergütet (§ 2 Abs. 8 Nr. 1 VOB/B)"), restates the rule: no wording flag. */
const CITED_RULE = /§\s*\d+[a-z]?(?:\s*(?:Abs\.|Absatz)\s*\d+)?(?:\s*(?:Nr\.|Satz)\s*\d+)*\s*(?:VOB\/B|BGB)/;
const DEPARTS =
  /abweichend|in abänderung|entgegen|abbedungen|ausgeschlossen|keine anwendung|gilt nicht|gelten nicht|findet nicht|\bnur\b|\berst\b|verzicht|darüber hinaus|ohne (?:\p{L}+ )?(?:vergütung|anspruch|ansprüche|mehrkosten|zuschl)/iu;
const restatesRule = (text: string) => CITED_RULE.test(text) && !DEPARTS.test(text);

const modelsOf = (options: ReviewOptions) => (options.model === undefined ? clauseModels() : options.model);
const quoted = (cues: string[]) => (cues.length ? ` (${cues.map((c) => `„${c}“`).join(", ")})` : "");

/** Where no rule of the checklist holds and its fallback is "üblich", the wording models may still
 *  see a clause like those estimators flag: then "prüfen" or "kritisch", naming the words that weighed most. */
function wordingRule(text: string, options: ReviewOptions): Pick<VerdictRule, "verdict" | "why"> | undefined {
  const models = modelsOf(options);
  if (!models || restatesRule(text)) return undefined;
  const problem = scoreClause(models.problem, text);
  if (problem.probability < (options.threshold ?? PROBLEM_THRESHOLD)) return undefined;
  const severe = scoreClause(models.kritisch, text);
  return severe.probability >= KRITISCH_THRESHOLD
    ? {
        verdict: "kritisch",
        why: `Formulierung wie bei Klauseln, die Kalkulatoren als kritisch beanstanden${quoted(severe.cues)} – kritisch`,
      }
    : { verdict: "prüfen", why: `Formulierung wie bei Klauseln, die Kalkulatoren beanstanden${quoted(problem.cues)} – prüfen` };
}

const targets = new WeakMap<Clause, ClauseType | undefined>();

/** The one type of a clause the wording model may raise — the one the clause names first — so
 *  that a clause naming three types is flagged once, not three times; none where that type keeps
 *  the model out ("Festpreise für die Dauer der Bauzeit" is a Preisgleitung clause first). */
function wordingTarget(clause: Clause): ClauseType | undefined {
  if (targets.has(clause)) return targets.get(clause);
  let best: { type: ClauseType; at: number } | undefined;
  for (const type of clause.types) {
    const at = Math.min(...type.lookFor.map((p) => Math.min(...(matchAt(clause.stems, p) ?? [Infinity]))));
    if (!best || at < best.at) best = { type, at };
  }
  const target = best && best.type.wordingModel && best.type.fallback.verdict === "üblich" ? best.type : undefined;
  targets.set(clause, target);
  return target;
}

/** Reviews the sources against the checklist: an entry per clause found, "nicht geregelt" per type without one. */
export function reviewClauses(
  sources: ClauseSource[],
  types: ClauseType[] = checklist(),
  work: { itemTexts?: string[] } = {},
  options: ReviewOptions = {},
): ClauseReview {
  const clauses = clausesOf(sources, types);
  const dates = tenderDates(sources, clauses);
  const contractChars = sources.reduce(
    (n, s) => n + s.paragraphs.reduce((m, p) => (AWARD_INFO.test(p.text) ? m : m + p.text.length), 0),
    0,
  );
  const tender: TenderFacts = {
    dates,
    text: stemText(sources.flatMap((s) => s.paragraphs.filter((p) => !AWARD_INFO.test(p.text)).map((p) => p.text)).join(" ")),
    items: (work.itemTexts ?? []).map(stemText),
    documents: sources.map((s) => stemText(s.document)),
    outdoorWork: outdoorWork(work.itemTexts ?? []),
    publicClient: publicClient(sources),
  };
  const entries: ChecklistEntry[] = [];
  for (const type of types) {
    const own = clauses.filter((c) => c.types.includes(type));
    const seen = new Set<string>();
    for (const clause of own) {
      if (seen.has(clause.text)) continue;
      seen.add(clause.text);
      const sectionCap = own.some(
        (o) =>
          o !== clause &&
          o.document === clause.document &&
          o.section === clause.section &&
          o.figures.caps.length > 0 &&
          o.figures.rates.length === 0,
      );
      const facts: Facts = { clause, type, sectionCap, tender };
      const ruled = type.verdicts.find((r) => holds(r, facts));
      const worded = !ruled && wordingTarget(clause) === type ? wordingRule(clause.text, options) : undefined;
      const rule = ruled ?? worded;
      const figures = describeFigures(clause.figures);
      entries.push({
        type: type.slug,
        name: type.name,
        group: type.group,
        status: "geregelt",
        verdict: rule?.verdict ?? type.fallback.verdict,
        why: rule?.why ?? type.fallback.why,
        yardstick: type.yardstick,
        quote: clause.text.length > QUOTE_MAX ? `${clause.text.slice(0, QUOTE_MAX - 1)}…` : clause.text,
        document: clause.document,
        location: clause.location,
        ...(figures ? { figures } : {}),
        source: "rule",
        ...(worded ? { wording: true } : {}),
      });
    }
    if (own.length) continue;
    const gap =
      contractChars >= MIN_CONTRACT_CHARS &&
      type.notRegulated &&
      holds(type.notRegulated, { clause: null, type, sectionCap: false, tender })
        ? type.notRegulated
        : null;
    entries.push({
      type: type.slug,
      name: type.name,
      group: type.group,
      status: "nicht geregelt",
      verdict: gap?.verdict ?? "üblich",
      why: gap?.why ?? "Nicht geregelt – es gilt die VOB/B bzw. das Gesetz.",
      yardstick: type.yardstick,
      source: "rule",
    });
  }
  return { entries, dates, contractChars };
}
