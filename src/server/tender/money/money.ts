// The euro amount each pre-check finding puts at stake, split into Risiko (a possible loss for the
// bidder) and Chance (a likely Nachtrag, i.e. additional payment), and their totals – never added
// together. The formulas are written down for users in docs/money.md; keep both in step.
//
// One table, read top to bottom: a row by rule id wins over the row of the finding's category.
// A row names a formula over the positions the finding refers to (its OZ plus `relatedOz`), whether
// the amount is a risk, a chance or only open ("offen": uncertain, neither gain nor loss; shown,
// never summed), the provision it rests on and a German sentence saying what the amount is.
//
//   rule / category                 effect   amount (GP = Gesamtbetrag = Menge × EP)
//   bedarfsposition                 chance   GP – work that may be ordered in addition; every
//                                            Bedarfsposition counts, with or without a finding
//   nachtragsposition               chance   GP of the change order
//   stundenlohn                     offen    GP – uncertainty of scope, no loss (paid by the hour)
//   wahlposition                    offen    |GP Wahl − GP Grund| of the same ALN group
//   pauschalposition                risiko   10 % of the lump sum (quantities are not adjusted,
//                                            § 2 Abs. 7 VOB/B); 0 for Baustelleneinrichtung and
//                                            other lump sums by nature
//   duplicate                       risiko   GP of the later occurrence(s)
//   vertragsstrafe                  risiko   cap × LV total; without a cap in the LV at least 5 %
//   security (Sicherheit, Einbehalt, risiko   cash retention: % × LV total × 6 % p. a. × term;
//     Bürgschaft)                            surety: % × LV total × 1,5 % p. a. (Aval) × term;
//                                            term: Mängel = stated years or 5, else 1 year
//   quantity clause keeping the EP  risiko   stated deviation % × 10 % × LV total (overhead)
//   other vertrag                   risiko   the stated percentage × LV total
//   menge with expectedQty          chance   stated < expected: (expected − stated) × EP
//                                   risiko   stated > expected: 10 % × (stated − expected) × EP
//                                            (overhead spread on work that is not built);
//                                            lump sum: the whole (expected − stated) × EP
//   other menge                     risiko   10 % of GP (a ±10 % deviation, § 2 Abs. 3 VOB/B)
//   produktvorgabe                  risiko   material share 50 % of GP; 0 "nach Wahl des AN" or
//                                            "oder gleichwertig"
//   leistungsbeschreibung,          risiko   20 % of GP when warnung or risiko (calculation
//     unterlagen                             uncertainty of an open scope); none for hints
//   struktur, other LV-wide         offen    Σ GP of the relatedOz positions
//   vollstaendigkeit                chance   none: the price of work that is not described is unknown
//
// Without any price in the LV, amounts are estimated with the reference price table
// (reference-prices.ts): each position gets the table's low and high unit price, the same formulas
// run twice, and the finding gets `potentialEurEstimate: { low, high }` marked "Schätzung
// (Richtwert)"; `potentialEur` stays null (with `priceNeeded`). A price from the file always wins.
//
// The totals never count money twice: each claim (a position, a Wahlposition set, a contract
// clause) counts once, with the largest amount any finding puts on it. All sums in whole cents.
// `priceFindings` is pure and may run again over rule and model findings together.

import { isLumpSum } from "../review/position-facts";
import { USUAL_LUMP_SUM } from "../review/rules";
import type { Finding, Potential, RuleCategory, Severity } from "../review/types";
import { fold } from "../text";
import { countsInTotal } from "../totals";
import type { BoqNode, ParsedTender, TenderTotals } from "../types";
import { DEFAULT_REFERENCE_PRICES, indexScaling, referencePriceFor, type ReferencePriceTable } from "./reference-prices";

export type Effect = "risiko" | "chance" | "offen";
type Formula = "total" | "share" | "quantity" | "alternative" | "duplicate" | "contract" | "related";

export interface MoneyRow {
  formula: Formula;
  effect: Effect;
  /** For "share": the part of GP at stake. */
  share?: number;
  /** The provision the amount rests on: the basis key when the finding's basis names it. */
  provision?: string;
  /** German: what the amount is (appended to the finding's why); contract rows word it themselves. */
  what: string;
  /** Only for findings of at least this severity. */
  minSeverity?: Severity;
  /** German formula for `priceNeeded` when it differs from the formula's usual wording. */
  formulaText?: string;
}

/** Interest on cash tied up by a retention, and the yearly fee of a surety (Avalprovision). */
export const LIQUIDITY_RATE = 0.06;
export const AVAL_RATE = 0.015;
export const MATERIAL_SHARE = 0.5;
export const OPEN_SCOPE_SHARE = 0.2;
export const LUMP_SUM_SHARE = 0.1;
export const OVERSTATED_QUANTITY_SHARE = 0.1;

const QUANTITY: MoneyRow = {
  formula: "quantity",
  effect: "risiko",
  provision: "§ 2 Abs. 3 VOB/B",
  what: "10 % des Gesamtbetrags – die Wirkung einer Mengenabweichung um 10 %; darüber hinaus kann nach § 2 Abs. 3 VOB/B ein neuer Preis verlangt werden.",
};
const OPEN_SCOPE: MoneyRow = {
  formula: "share",
  effect: "risiko",
  share: OPEN_SCOPE_SHARE,
  formulaText: "20 % von Menge × EP",
  what: "20 % des Gesamtbetrags – die Kalkulationsunsicherheit einer Position, deren Umfang oder Grundlage offen ist.",
  minSeverity: "warnung",
};
const PRODUCT: MoneyRow = {
  formula: "share",
  effect: "risiko",
  share: MATERIAL_SHARE,
  formulaText: "Materialanteil 50 % von Menge × EP",
  what: "der Materialanteil (50 % des Gesamtbetrags) – ein vorgegebenes Produkt lässt sich nicht günstiger einkaufen.",
  minSeverity: "warnung",
};
const RELATED: MoneyRow = {
  formula: "related",
  effect: "offen",
  what: "die Summe der Gesamtbeträge der betroffenen Positionen (offen, kein Verlust).",
};
const CONTRACT: MoneyRow = { formula: "contract", effect: "risiko", what: "" };
const DUPLICATE: MoneyRow = {
  formula: "duplicate",
  effect: "risiko",
  what: "der Gesamtbetrag der doppelt ausgeschriebenen Position, die sonst zweimal angeboten würde.",
};

export const MONEY_BY_RULE: Record<string, MoneyRow> = {
  bedarfsposition: { formula: "total", effect: "chance", what: "der Gesamtbetrag (Menge × EP), der zusätzlich beauftragt werden kann." },
  stundenlohn: {
    formula: "total",
    effect: "offen",
    what: "der Gesamtbetrag – eine Unsicherheit im Umfang, kein Verlust: vergütet wird jede angeordnete und nachgewiesene Stunde.",
  },
  nachtragsposition: { formula: "total", effect: "chance", what: "der Gesamtbetrag der Nachtragsposition." },
  pauschalposition: {
    formula: "share",
    effect: "risiko",
    share: LUMP_SUM_SHARE,
    provision: "§ 2 Abs. 7 VOB/B",
    formulaText: "10 % des Pauschalpreises",
    what: "10 % des Pauschalpreises – Mehr- oder Mindermengen werden nicht ausgeglichen, das Mengenrisiko liegt beim Bieter.",
  },
  wahlposition: {
    formula: "alternative",
    effect: "offen",
    what: "der Preisunterschied zur Grundposition, über den der Auftraggeber erst beim Zuschlag entscheidet (offen, kein Verlust).",
  },
  vertragsstrafe: { ...CONTRACT, provision: "§ 11 VOB/B" },
};

export const MONEY_BY_CATEGORY: Record<RuleCategory, MoneyRow | null> = {
  positionsart: null,
  menge: QUANTITY,
  einheit: null,
  bieterangaben: null,
  leistungsbeschreibung: OPEN_SCOPE,
  unterlagen: OPEN_SCOPE,
  produktvorgabe: PRODUCT,
  vertrag: CONTRACT,
  vollstaendigkeit: null,
  struktur: RELATED,
};

/** The effect of a finding without an amount row (missing work is a likely Nachtrag). */
const EFFECT_WITHOUT_ROW: Partial<Record<RuleCategory, Effect>> = { vollstaendigkeit: "chance" };

const DUPLICATE_RULE = /doppel|duplikat|duplicate/;
const PENALTY = /vertragsstrafe|poenale|konventionalstrafe/;
const PENALTY_G = new RegExp(PENALTY.source, "g");
/** The same on unfolded text (a quick test before folding). */
const PENALTY_TEXT = /vertragsstrafe|p(ö|oe)nale|konventionalstrafe/i;
const SEVERITY_RANK: Record<Severity, number> = { hinweis: 0, warnung: 1, risiko: 2 };
/** The usual cap of a contract penalty in general terms of business (BGH, 23.01.2003 – VII ZR 210/01). */
const DEFAULT_PENALTY_PERCENT = 5;

const isPenalty = (f: Pick<Finding, "ruleId" | "title">) => PENALTY.test(fold(`${f.ruleId} ${f.title}`));

/** The row that prices a finding, or null when the finding is not a money question. */
export function moneyRow(f: Pick<Finding, "ruleId" | "category" | "scope" | "severity" | "title">): MoneyRow | null {
  const row =
    MONEY_BY_RULE[f.ruleId] ??
    (DUPLICATE_RULE.test(f.ruleId) ? DUPLICATE : null) ??
    (isPenalty(f) ? MONEY_BY_RULE.vertragsstrafe : null) ??
    MONEY_BY_CATEGORY[f.category] ??
    (f.scope === "lv" && f.category !== "vollstaendigkeit" ? RELATED : null);
  if (!row || (row.minSeverity && SEVERITY_RANK[f.severity] < SEVERITY_RANK[row.minSeverity])) return null;
  return row;
}

/** The short form of a basis: the provision the amount rests on when the basis names it, else its
 *  first provision without the explanation ("§ 7 Abs. 1 Nr. 4 VOB/A (…); …" → "§ 7 Abs. 1 Nr. 4 VOB/A"). */
export function basisKey(basis: string | undefined, provision?: string): string {
  const text = (basis ?? "").trim();
  if (provision && text.includes(provision)) return provision;
  return (
    text
      .split(";")[0]
      .replace(/\s*\([^)]*\)/g, "")
      .trim() || "ohne Grundlage"
  );
}

/** The basis key a finding's amount is summed under (as in `MoneyTotal.byBasis`). */
export function findingBasisKey(f: Pick<Finding, "basis" | "ruleId" | "category" | "scope" | "severity" | "title">): string {
  return basisKey(f.basis, moneyRow(f)?.provision);
}

/** Where a sentence about a penalty turns to another clause (security, warranty, payment). */
const OTHER_CLAUSE = /sicherheit|buergschaft|gewaehrleist|verjaehr|skonto|nachlass|abschlag|einbehalt|zahlung/;

/** Percentages after "Vertragsstrafe" in a text: the largest that is not a rate per day or week. */
export function penaltyCap(text: string): number | null {
  const folded = fold(text);
  let cap: number | null = null;
  for (const m of folded.matchAll(PENALTY_G)) {
    let window = folded.slice(m.index, m.index + 400);
    const other = OTHER_CLAUSE.exec(window);
    if (other) window = window.slice(0, other.index);
    for (const p of window.matchAll(/(\d{1,3}(?:[.,]\d{1,3})?)\s*(?:%|prozent|v\.\s?h\.)/g)) {
      const after = window.slice(p.index + p[0].length, p.index + p[0].length + 40);
      if (/^\s*(je|pro)\b|^[^.;]{0,25}\b(je|pro)\s+(\w+\s+)?(werk|arbeits|kalender)?(tag|woche)/.test(after)) continue;
      const value = Number(p[1].replace(",", "."));
      if (value > 0 && value <= 100 && (cap === null || value > cap)) cap = value;
    }
  }
  return cap;
}

/** Any percentage in a text (a contract clause worded by the model or the evidence). */
function statedPercent(text: string): number | null {
  const m = /(\d{1,3}(?:[.,]\d{1,3})?)\s*(?:%|prozent|v\.\s?h\.)/.exec(fold(text));
  const value = m ? Number(m[1].replace(",", ".")) : NaN;
  return value > 0 && value <= 100 ? value : null;
}

const SECURITY = /sicherheit|einbehalt|buergschaft/;
/** A quantity clause that keeps the unit price ("berechtigen nicht zu einer Änderung der
 *  Einheitspreise", "§ 2 Abs. 3 VOB/B findet keine Anwendung") … */
const PRICE_STAYS =
  /(?:aenderung|anpassung)\s+(?:der\s+)?(?:einheits)?preise|einheitspreise\s+(?:bleiben|gelten)\s[^.;]{0,60}?(?:unveraendert|fest)|§\s*2\s*abs\.?\s*3\s+(?:vob\/b\s+)?(?:findet\s+)?keine/;
/** … unlike one that leaves quantities unpaid ("Mehrmengen … werden nicht gesondert vergütet"). */
const UNPAID = /nicht\s+(?:gesondert\s+)?(?:verguetet|bezahlt|abgerechnet)|ohne\s+(?:gesonderte\s+)?verguetung/;
const CASH_RETENTION = /einbehalt|bareinbehalt/;
const SURETY_ALLOWED =
  /abgeloest|abloesen|abloesung\s+(durch|mit)|durch\s+(eine\s+)?buergschaft|buergschaft\s+(nach|gemaess|gem\.)|formblatt/;
const NO_SURETY = /abloesung[^.]{0,40}ausgeschlossen|ausgeschlossen[^.]{0,40}buergschaft|nicht\s+abloesbar/;
const DEFECTS = /maengel|gewaehrleist|verjaehr/;

/** Years a security runs: Mängelsicherheit the stated years (or 5), else one year of construction. */
function securityYears(text: string): number {
  if (!DEFECTS.test(text)) return 1;
  const m = /(\d{1,2}|zwei|drei|vier|fuenf|sechs|zehn)\s+jahre/.exec(text);
  const words: Record<string, number> = { zwei: 2, drei: 3, vier: 4, fuenf: 5, sechs: 6, zehn: 10 };
  return m ? (words[m[1]] ?? Number(m[1])) : 5;
}

const cents = (eur: number) => Math.round(eur * 100);
const euros = (c: number) => c / 100;
const formatPercent = (p: number) => `${p.toLocaleString("de-DE", { maximumFractionDigits: 3 })} %`;

interface Entry {
  node: BoqNode;
  /** Index in the position list: the identity of a position, also when its OZ repeats. */
  index: number;
}

interface Lookup {
  /** Items and markup items by OZ, in document order. */
  byOz: Map<string, Entry[]>;
  /** Wahlposition groups: ALN group → serial → members (serial 0 = Grundposition). */
  groups: Map<string, Map<number, Entry[]>>;
  lvTotal: number | null;
  /** The largest Vertragsstrafe cap written anywhere in the LV. */
  penaltyPercent: number | null;
}

function buildLookup(positions: BoqNode[], lvTotal: number | null, preamble: string): Lookup {
  const byOz: Lookup["byOz"] = new Map();
  const groups: Lookup["groups"] = new Map();
  let penaltyPercent = PENALTY_TEXT.test(preamble) ? penaltyCap(preamble) : null;
  positions.forEach((node, index) => {
    if ((node.kind === "item" || node.kind === "markup") && node.oz) {
      const list = byOz.get(node.oz);
      if (list) list.push({ node, index });
      else byOz.set(node.oz, [{ node, index }]);
      const alt = node.flags.alternative;
      if (alt) {
        let group = groups.get(alt.group);
        if (!group) groups.set(alt.group, (group = new Map()));
        group.set(alt.serial, [...(group.get(alt.serial) ?? []), { node, index }]);
      }
    }
    if ((node.kind === "item" || node.kind === "remark") && PENALTY_TEXT.test(node.longText + node.shortText)) {
      const cap = penaltyCap(`${node.shortText}\n${node.longText}`);
      if (cap !== null && (penaltyPercent === null || cap > penaltyPercent)) penaltyPercent = cap;
    }
  });
  return { byOz, groups, lvTotal, penaltyPercent };
}

/** GP of a position: its total (read, or qty × EP); a lump sum's unit price; null when unknown. */
function positionTotal(n: BoqNode): number | null {
  if (n.qty === null || n.qty === 0) {
    if (isLumpSum(n) && n.unitPrice !== null) return n.unitPrice;
    return n.total ? n.total : null;
  }
  if (n.total === null && n.unitPrice !== null) return n.qty * n.unitPrice;
  return n.total;
}

/** "Mit einem Einheitspreis für OZ 02.0030" – what is missing to price these positions. */
function missingFor(entries: Entry[]): string {
  const unpriced = entries.filter((e) => positionTotal(e.node) === null).map((e) => e.node);
  const list = unpriced.length ? unpriced : entries.map((e) => e.node);
  const needPrice = list.some((n) => n.unitPrice === null);
  const needQty = list.some((n) => (n.qty === null || n.qty === 0) && !isLumpSum(n));
  const many = list.length > 1;
  const what =
    needPrice && needQty
      ? many
        ? "Mengen und Einheitspreisen"
        : "Menge und Einheitspreis"
      : needQty
        ? many
          ? "Mengen"
          : "einer Menge"
        : many
          ? "Einheitspreisen"
          : "einem Einheitspreis";
  const oz = [...new Set(list.map((n) => n.oz))];
  return `Mit ${what} für ${oz.map((o) => `OZ ${o}`).join(", ")}`;
}

interface Priced {
  cents: number | null;
  /** Money claims keyed by what they are about, for counting each only once in the total. */
  claims: { key: string; cents: number }[];
  /** Overrides the row's `what`. */
  note?: string;
  /** Overrides the row's effect (a quantity finding: chance or risk by direction). */
  effect?: Effect;
  priceNeeded?: string;
}

const NONE: Priced = { cents: null, claims: [] };
const zero = (note: string): Priced => ({ cents: 0, claims: [], note });
const FORMULA_TEXT: Record<Exclude<Formula, "contract">, string> = {
  total: "Menge × EP",
  share: "Anteil von Menge × EP",
  quantity: "10 % von Menge × EP",
  alternative: "Differenz von Menge × EP der Wahl- und der Grundposition",
  duplicate: "Menge × EP der doppelten Position",
  related: "Summe von Menge × EP der betroffenen Positionen",
};
const needed = (who: string, formula: string): Priced => ({ ...NONE, priceNeeded: `${who} ließe sich der Betrag beziffern: ${formula}.` });
const unique = (entries: Entry[]) => [...new Map(entries.map((e) => [e.index, e])).values()].sort((a, b) => a.index - b.index);

/** A contract clause: a percentage of the offer sum (a security: its cost over its term). */
function priceContract(f: Finding, lookup: Lookup, hasPrices: boolean): Priced {
  // The wording model sees how a clause is worded, not what it puts at stake: a percentage in it
  // may be anything ("erst nach 90 % Fertigstellung"), so it gets no amount.
  if (f.clause?.wording) return NONE;
  const penalty = isPenalty(f);
  // The LV's own words: the quoted excerpt (a rule's evidence and why also name the usual limits);
  // a model finding has only its own wording.
  const own = f.source === "model" ? `${f.excerpt ?? ""} ${f.evidence ?? ""} ${f.title} ${f.why}` : (f.excerpt ?? "");
  const ownNode = f.oz ? lookup.byOz.get(f.oz)?.[0]?.node : undefined;
  let percent: number | null;
  let from: "finding" | "lv" | "default" = "finding";
  if (penalty) {
    percent = penaltyCap(`Vertragsstrafe ${own}`) ?? (ownNode ? penaltyCap(`${ownNode.shortText}\n${ownNode.longText}`) : null);
    if (percent === null)
      [percent, from] = lookup.penaltyPercent !== null ? [lookup.penaltyPercent, "lv"] : [DEFAULT_PENALTY_PERCENT, "default"];
  } else {
    percent = statedPercent(own) ?? (f.source === "rule" && f.evidence ? statedPercent(f.evidence) : null);
  }
  if (percent === null) return NONE;
  const text = fold(`${f.title} ${own}`);
  const security = !penalty && SECURITY.test(text);
  const years = securityYears(text);
  const cash = security && CASH_RETENTION.test(text) && (NO_SURETY.test(text) || !SURETY_ALLOWED.test(text));
  const rate = cash ? LIQUIDITY_RATE : AVAL_RATE;
  // "Abweichungen der Mengen von bis zu 50 % berechtigen nicht zu einer Änderung der
  // Einheitspreise": the quantities are paid, only the overhead on the deviation is at risk (as for
  // an overstated quantity); "Mehrmengen bis 10 % werden nicht vergütet" loses the whole share.
  const priceOnly = !penalty && !security && PRICE_STAYS.test(text) && !UNPAID.test(text);
  const factor = security ? (percent / 100) * rate * years : priceOnly ? (percent / 100) * OVERSTATED_QUANTITY_SHARE : percent / 100;
  const formula = security
    ? `${formatPercent(percent)} der Angebotssumme × ${formatPercent(rate * 100)} p. a. × ${years} ${years === 1 ? "Jahr" : "Jahre"}`
    : priceOnly
      ? `${formatPercent(percent)} Mengenabweichung × ${formatPercent(OVERSTATED_QUANTITY_SHARE * 100)} Gemeinkostenanteil der Angebotssumme`
      : `${formatPercent(percent)} der Angebotssumme`;
  if (!hasPrices || lookup.lvTotal === null) return needed("Mit Einheitspreisen für alle Positionen", formula);
  const c = Math.round(cents(lookup.lvTotal) * factor);
  const note = security
    ? `${formula} – ${cash ? "Zinsverlust auf den Bareinbehalt (Ablösung durch Bürgschaft nicht vorgesehen)" : "Avalprovision der Bürgschaft"} über ${years === 1 ? "die Bauzeit (1 Jahr angesetzt)" : `${years} Jahre`}.`
    : priceOnly
      ? `${formula}: die Mengen werden bezahlt, nur der Einheitspreis bleibt – im Risiko ist die Deckung der Gemeinkosten auf die Abweichung.`
      : !penalty
        ? `${formatPercent(percent)} der Angebotssumme laut Vertragsklausel.`
        : from === "default"
          ? `mindestens ${formatPercent(percent)} der Angebotssumme – das LV nennt keine Obergrenze der Vertragsstrafe; angesetzt ist die in Allgemeinen Geschäftsbedingungen zulässige Höchstgrenze von 5 % (ohne Obergrenze ist die Klausel dort unwirksam, das Risiko bleibt bis zur Klärung).`
          : `${formatPercent(percent)} der Angebotssumme – die Obergrenze der Vertragsstrafe laut LV.`;
  return { cents: c, claims: [{ key: penalty ? "contract:vertragsstrafe" : `contract:${f.ruleId}:${percent}`, cents: c }], note };
}

const AN_CHOICE = /nach\s+(freier\s+)?wahl\s+des\s+(an|auftragnehmers?|bieters?|unternehmers?)\b|gleichwertig/;

function priceFinding(f: Finding, row: MoneyRow, lookup: Lookup, hasPrices: boolean): Priced {
  if (row.formula === "contract") return priceContract(f, lookup, hasPrices);
  const oz = [...new Set([...(f.oz ? [f.oz] : []), ...(f.relatedOz ?? [])])];
  const entries = oz.flatMap((o) => lookup.byOz.get(o) ?? []);
  if (entries.length === 0) return NONE;
  const first = entries[0].node;

  if (f.ruleId === "pauschalposition" && USUAL_LUMP_SUM.test(fold(first.shortText || first.longText)))
    return zero("0 € – eine Baustelleneinrichtung oder ähnliche Leistung ist ihrer Natur nach pauschal; kein Mengenrisiko.");
  if (row === PRODUCT && AN_CHOICE.test(fold(`${first.shortText} ${first.longText}`)))
    return zero("0 € – die Wahl liegt beim Auftragnehmer oder Gleichwertiges ist zugelassen; kein Risiko für den Bieter.");

  if (row.formula === "alternative") {
    const own = first.flags.alternative;
    const group = own ? lookup.groups.get(own.group) : undefined;
    const base = group?.get(0) ?? [];
    const set = (own && own.serial > 0 && group?.get(own.serial)) || [entries[0]];
    if (base.length === 0) return NONE;
    const all = [...set, ...base];
    if (!hasPrices || all.some((e) => positionTotal(e.node) === null))
      return needed(missingFor(all), row.formulaText ?? FORMULA_TEXT.alternative);
    const sum = (list: Entry[]) => list.reduce((s, e) => s + cents(positionTotal(e.node)!), 0);
    const c = Math.abs(sum(set) - sum(base));
    return { cents: c, claims: [{ key: `alt:${own?.group ?? entries[0].index}:${own?.serial ?? 0}`, cents: c }] };
  }

  if (row.formula === "quantity" && f.expectedQty !== undefined && f.oz) {
    const own = lookup.byOz.get(f.oz)?.[0];
    if (own && own.node.qty !== null) {
      const n = own.node;
      const price = n.unitPrice;
      const diff = f.expectedQty - n.qty!;
      if (!hasPrices || price === null) return needed(missingFor([own]), "Mengendifferenz × EP");
      const lump = isLumpSum(n);
      const effect: Effect = diff > 0 && !lump ? "chance" : "risiko";
      const c = Math.abs(cents(diff > 0 ? diff * price : -diff * price * OVERSTATED_QUANTITY_SHARE));
      const note =
        diff > 0
          ? lump
            ? "die fehlende Menge × EP – in einer Pauschale wird sie nicht vergütet."
            : "die Mehrmenge × EP – Nachtragspotenzial: über 110 % der ausgeschriebenen Menge ist nach § 2 Abs. 3 VOB/B ein neuer Preis zu vereinbaren."
          : "10 % der zu viel ausgeschriebenen Menge × EP – die darauf umgelegten Gemeinkosten fehlen, wenn die Menge nicht gebaut wird (Ausgleich nur über § 2 Abs. 3 Nr. 3 VOB/B).";
      return { cents: c, claims: [{ key: `pos:${own.index}`, cents: c }], note, effect };
    }
  }

  const all = unique(entries);
  // A duplicate puts the later occurrences at stake; the first one is the position to offer.
  const counted = row.formula === "duplicate" && all.length > 1 ? all.slice(1) : all;
  if (!hasPrices || counted.some((e) => positionTotal(e.node) === null))
    return needed(missingFor(counted), row.formulaText ?? FORMULA_TEXT[row.formula]);
  const claims = counted.map((e) => {
    const gp = Math.abs(cents(positionTotal(e.node)!));
    const part = row.formula === "quantity" ? 0.1 : row.formula === "share" ? (row.share ?? 1) : 1;
    return { key: `pos:${e.index}`, cents: Math.round(gp * part) };
  });
  return { cents: claims.reduce((s, c) => s + c.cents, 0), claims };
}

const MONEY_NOTE = /(?: Betrag im Risiko: | Chance \(Nachtragspotenzial\): | Offener Betrag: )/;
/** The finding's why without the money note of an earlier run. */
const plainWhy = (why: string) => {
  const m = MONEY_NOTE.exec(why);
  return m ? why.slice(0, m.index) : why;
};
const NOTE_LABEL: Record<Effect, string> = {
  risiko: " Betrag im Risiko: ",
  chance: " Chance (Nachtragspotenzial): ",
  offen: " Offener Betrag: ",
};

/** The provision Bedarfspositionen rest on (the basis of the rule "bedarfsposition"). */
const PROVISIONAL_BASIS = "§ 7 Abs. 1 Nr. 4 VOB/A";

/** The money of one side (risk or chance) over all findings. */
export interface MoneyTotal {
  eur: number;
  /** Findings with an amount above 0. */
  count: number;
  byBasis: Record<string, number>;
}

export interface Range {
  low: number;
  high: number;
}

export interface MoneyEstimate {
  label: "Schätzung (Richtwert)";
  /** The LV's estimated net sum over the positions the table prices. */
  lvTotal: Range;
  risk: Range;
  chance: Range;
  /** Counted positions the table priced, of all counted positions. */
  pricedPositions: number;
  positions: number;
  /** "Preisstand 2. Quartal 2025 (kein neuerer Baupreisindex hinterlegt)" */
  priceLevel: string;
  source: string;
}

/** Risk and chance apart (never added), and without prices the estimate. */
export interface MoneySummary {
  /** null when the LV has no prices. */
  risk: MoneyTotal | null;
  chance: MoneyTotal | null;
  /** The LV total the shares refer to (null without prices). */
  lvTotal: number | null;
  estimate: MoneyEstimate | null;
}

export interface PricedFindings {
  findings: Finding[];
  /** The risk total (kept for older clients: `totalEur` = Risiko); null when no position carries a price. */
  potential: Potential | null;
  money: MoneySummary;
}

/** What the amounts are computed from: the positions, the offer sum and the contract texts. */
export type MoneySource = Pick<ParsedTender, "positions"> & { totals?: TenderTotals | null; preamble?: string };

export interface PriceOptions {
  /** The reference price table for unpriced LVs (default: the shipped one). */
  reference?: ReferencePriceTable;
}

interface Run {
  amounts: (Priced & { row: MoneyRow | null })[];
  risk: MoneyTotal;
  chance: MoneyTotal;
}

function run(findings: Finding[], positions: BoqNode[], lvTotal: number | null, preamble: string, hasPrices: boolean): Run {
  const quoted = findings
    .filter((f) => f.source === "rule" && f.excerpt && isPenalty(f))
    .map((f) => `Vertragsstrafe ${f.excerpt}`)
    .join("\n");
  const lookup = buildLookup(positions, lvTotal, `${preamble}\n${quoted}`);
  const best: Record<"risiko" | "chance", Map<string, { cents: number; finding: number }>> = { risiko: new Map(), chance: new Map() };
  const basisOf: string[] = [];
  const counts = { risiko: 0, chance: 0 };
  const amounts = findings.map((f, i) => {
    const row = moneyRow(f);
    basisOf[i] = basisKey(f.basis, row?.provision);
    const result = row ? priceFinding(f, row, lookup, hasPrices) : NONE;
    const effect = result.effect ?? row?.effect;
    if (result.cents !== null && result.cents > 0 && (effect === "risiko" || effect === "chance")) {
      counts[effect]++;
      for (const claim of result.claims) {
        const held = best[effect].get(claim.key);
        if (!held || claim.cents > held.cents) best[effect].set(claim.key, { cents: claim.cents, finding: i });
      }
    }
    return { ...result, row };
  });
  // Bedarfspositionen are a chance whether or not a finding names them: an ordinary one gets no
  // finding of its own (issue 24), but the work may be ordered in addition (GP).
  const provisional = hasPrices
    ? positions.flatMap((p, index) => {
        const gp = p.kind === "item" && p.flags.provisional ? positionTotal(p) : null;
        return gp && !best.chance.has(`pos:${index}`) ? [Math.abs(cents(gp))] : [];
      })
    : [];
  if (provisional.length) counts.chance += provisional.length;
  const total = (side: "risiko" | "chance"): MoneyTotal => {
    let sum = 0;
    const byBasis = new Map<string, number>();
    for (const { cents: c, finding } of best[side].values()) {
      if (c <= 0) continue;
      sum += c;
      byBasis.set(basisOf[finding], (byBasis.get(basisOf[finding]) ?? 0) + c);
    }
    if (side === "chance")
      for (const c of provisional) {
        sum += c;
        byBasis.set(PROVISIONAL_BASIS, (byBasis.get(PROVISIONAL_BASIS) ?? 0) + c);
      }
    return {
      eur: euros(sum),
      count: counts[side],
      byBasis: Object.fromEntries([...byBasis].sort((a, b) => b[1] - a[1]).map(([k, c]) => [k, euros(c)])),
    };
  };
  return { amounts, risk: total("risiko"), chance: total("chance") };
}

/** The positions with the table's low or high unit price; totals of counted positions summed. */
function withReferencePrices(positions: BoqNode[], table: ReferencePriceTable, side: "low" | "high") {
  const factor = indexScaling(table).factor;
  let total = 0;
  let priced = 0;
  let counted = 0;
  const out = positions.map((p) => {
    if (p.kind !== "item") return p;
    const match = referencePriceFor(p, table, factor);
    const inTotal = countsInTotal(p) && p.qty !== null && p.qty > 0;
    if (inTotal) counted++;
    if (!match || p.qty === null) return p;
    const unitPrice = match[side];
    const gp = Math.round(p.qty * unitPrice * 100) / 100;
    if (inTotal) {
      total += gp;
      priced++;
    }
    return { ...p, unitPrice, total: gp };
  });
  return { positions: out, total: Math.round(total * 100) / 100, priced, counted };
}

/**
 * Sets `potentialEur` (a number, or null with `priceNeeded` where a price or quantity is missing),
 * `effect` and – without prices – `potentialEurEstimate` on every finding, and sums risk and chance
 * apart. Pass the parsed LV (or the TenderAnalysis).
 */
export function priceFindings(findings: Finding[], lv: MoneySource, options: PriceOptions = {}): PricedFindings {
  const { positions } = lv;
  const hasPrices = positions.some((p) => (p.kind === "item" || p.kind === "markup") && (p.unitPrice !== null || p.total !== null));
  const preamble = lv.preamble ?? "";
  const real = run(findings, positions, lv.totals?.total ?? null, preamble, hasPrices);

  let estimate: MoneyEstimate | null = null;
  let low: Run | null = null;
  let high: Run | null = null;
  if (!hasPrices) {
    const table = options.reference ?? DEFAULT_REFERENCE_PRICES;
    const lo = withReferencePrices(positions, table, "low");
    const hi = withReferencePrices(positions, table, "high");
    if (lo.priced > 0) {
      low = run(findings, lo.positions, lo.total, preamble, true);
      high = run(findings, hi.positions, hi.total, preamble, true);
      estimate = {
        label: "Schätzung (Richtwert)",
        lvTotal: { low: lo.total, high: hi.total },
        risk: { low: low.risk.eur, high: high.risk.eur },
        chance: { low: low.chance.eur, high: high.chance.eur },
        pricedPositions: lo.priced,
        positions: lo.counted,
        priceLevel: indexScaling(table).note,
        source: table.source,
      };
    }
  }

  const priced = findings.map((f, i): Finding => {
    const { priceNeeded: _needed, potentialEur: _amount, potentialEurEstimate: _estimate, effect: _effect, ...rest } = f;
    const why = plainWhy(f.why);
    const result = real.amounts[i];
    const effect = result.effect ?? result.row?.effect ?? EFFECT_WITHOUT_ROW[f.category] ?? null;
    const lo = low?.amounts[i];
    const hi = high?.amounts[i];
    const est =
      lo && hi && lo.cents !== null && hi.cents !== null
        ? { low: euros(Math.min(lo.cents, hi.cents)), high: euros(Math.max(lo.cents, hi.cents)) }
        : null;
    const base = { ...rest, ...(effect ? { effect } : {}) };
    if (result.cents === null) {
      const note = est ? (lo!.note ?? lo!.row?.what ?? "") : "";
      return {
        ...base,
        why: est && note ? `${why}${NOTE_LABEL[lo!.effect ?? effect ?? "risiko"]}${note}` : why,
        potentialEur: null,
        ...(est ? { potentialEurEstimate: est } : {}),
        ...(est && lo!.effect ? { effect: lo!.effect } : {}),
        ...(result.priceNeeded ? { priceNeeded: result.priceNeeded } : {}),
      };
    }
    const note = result.note ?? result.row!.what;
    return { ...base, why: note ? `${why}${NOTE_LABEL[effect ?? "risiko"]}${note}` : why, potentialEur: euros(result.cents) };
  });

  const potential: Potential | null = hasPrices ? { totalEur: real.risk.eur, count: real.risk.count, byBasis: real.risk.byBasis } : null;
  return {
    findings: priced,
    potential,
    money: {
      risk: hasPrices ? real.risk : null,
      chance: hasPrices ? real.chance : null,
      lvTotal: hasPrices ? (lv.totals?.total ?? null) : null,
      estimate,
    },
  };
}
