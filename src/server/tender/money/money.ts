// The euro amount each pre-check finding puts at stake ("Betrag im Risiko"), and their total.
//
// One table, read top to bottom: a row by rule id wins over the row of the finding's category.
// A row names a formula over the positions the finding refers to (its OZ plus `relatedOz`), the
// provision the amount rests on (for the chart by basis) and a German sentence saying what the
// amount is – appended to the finding's `why` ("… Betrag im Risiko: der ganze Pauschalpreis …").
//
//   rule / category                          amount (GP = Gesamtbetrag = Menge × EP)
//   bedarfsposition                          GP – the amount whose award is uncertain
//   stundenlohn                              GP – paid only when ordered and signed off
//   nachtragsposition                        GP of the change order
//   pauschalposition                         GP – the whole lump sum (§ 2 Abs. 7 VOB/B: quantities
//                                            are not adjusted)
//   wahlposition                             |GP of the Wahlposition(en) − GP of the
//                                            Grundposition(en)| of the same ALN group
//   duplicate (rule id contains "doppel",    GP of the later occurrence(s)
//     "duplikat" or "duplicate")
//   vertragsstrafe… (every rule or model     cap × LV total: the cap after "Vertragsstrafe" in the
//     finding about a contract penalty)      quoted sentence, the position or anywhere in the LV
//                                            (preamble, remarks: "höchstens 5 %"; rates per day do
//                                            not count), else 5 % (the usual cap in AGB)
//   other category vertrag findings          the percentage the clause states × LV total (e.g. a
//                                            10 % security); none without a percentage
//   category menge (every quantity finding,  10 % of GP of each position – the effect of a ±10 %
//     also LV-wide ones with relatedOz)      deviation; beyond it § 2 Abs. 3 VOB/B allows a new price
//   leistungsbeschreibung, unterlagen,       GP when the severity is warnung or risiko (the price
//     produktvorgabe                         of the position whose scope or basis is open); none
//                                            for hints
//   struktur and every other LV-wide         Σ GP of the relatedOz positions; none without them
//     finding
//   vollstaendigkeit (work the LV may lack), none: the price of work that is not described is
//   einheit, bieterangaben, other            unknown, and the value of the trade's other positions
//     positionsart rules                     would overstate it (potentialEur null)
//
// Without any price in the LV, every finding with a row gets `potentialEur: null` and a German
// `priceNeeded` ("Mit einem Einheitspreis für OZ 02.0030 ließe sich der Betrag beziffern: 10 % von
// Menge × EP."), and `potential` is null. With prices, a finding whose position lacks its price or
// quantity gets the same.
//
// The total never counts money twice: each finding is counted once, and money on the same position
// (the same Wahlposition set, the same contract clause) only once – with the largest amount any
// finding puts on it (a Bedarfsposition's GP already contains its 10 % quantity deviation).
// `byBasis` splits exactly that total by the basis of the finding holding each amount, so its
// values add up to `totalEur`; `count` is the number of findings with an amount above 0. All sums
// are in whole cents. Model findings (source "model") are priced by the same table;
// `priceFindings` is pure and may run again over rule and model findings together.

import { isLumpSum } from "../review/position-facts";
import type { Finding, Potential, RuleCategory, Severity } from "../review/types";
import { fold } from "../text";
import type { BoqNode, ParsedTender, TenderTotals } from "../types";

type Formula = "total" | "quantity" | "alternative" | "duplicate" | "contract" | "related";

export interface MoneyRow {
  formula: Formula;
  /** The provision the amount rests on: the basis key when the finding's basis names it. */
  provision?: string;
  /** German: what the amount is (appended to the finding's why); contract rows word it themselves. */
  what: string;
  /** Only for findings of at least this severity. */
  minSeverity?: Severity;
  /** German formula for `priceNeeded` when it differs from the formula's usual wording. */
  formulaText?: string;
}

const QUANTITY: MoneyRow = {
  formula: "quantity",
  provision: "§ 2 Abs. 3 VOB/B",
  what: "10 % des Gesamtbetrags – die Wirkung einer Mengenabweichung um 10 %; darüber hinaus kann nach § 2 Abs. 3 VOB/B ein neuer Preis verlangt werden.",
};
const OPEN_SCOPE: MoneyRow = {
  formula: "total",
  what: "der Gesamtbetrag der Position, deren Leistungsumfang oder Grundlage offen ist.",
  minSeverity: "warnung",
};
const RELATED: MoneyRow = { formula: "related", what: "die Summe der Gesamtbeträge der betroffenen Positionen." };
const CONTRACT: MoneyRow = { formula: "contract", what: "" };
const DUPLICATE: MoneyRow = {
  formula: "duplicate",
  what: "der Gesamtbetrag der doppelt ausgeschriebenen Position, die sonst zweimal angeboten würde.",
};

export const MONEY_BY_RULE: Record<string, MoneyRow> = {
  bedarfsposition: { formula: "total", what: "der Gesamtbetrag (Menge × EP), dessen Beauftragung ungewiss ist." },
  stundenlohn: {
    formula: "total",
    what: "der Gesamtbetrag; vergütet wird nur, was vorher vereinbart und mit Stundenzetteln nachgewiesen ist.",
  },
  nachtragsposition: { formula: "total", what: "der Gesamtbetrag der Nachtragsposition." },
  pauschalposition: {
    formula: "total",
    provision: "§ 2 Abs. 7 VOB/B",
    formulaText: "der ganze Pauschalpreis",
    what: "der ganze Pauschalpreis – Mehr- oder Mindermengen werden nicht ausgeglichen, das Mengenrisiko liegt beim Bieter.",
  },
  wahlposition: {
    formula: "alternative",
    what: "der Preisunterschied zur Grundposition, über den der Auftraggeber erst beim Zuschlag entscheidet.",
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
  produktvorgabe: OPEN_SCOPE,
  vertrag: CONTRACT,
  vollstaendigkeit: null,
  struktur: RELATED,
};

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
  priceNeeded?: string;
}

const NONE: Priced = { cents: null, claims: [] };
const FORMULA_TEXT: Record<Exclude<Formula, "contract">, string> = {
  total: "Menge × EP",
  quantity: "10 % von Menge × EP",
  alternative: "Differenz von Menge × EP der Wahl- und der Grundposition",
  duplicate: "Menge × EP der doppelten Position",
  related: "Summe von Menge × EP der betroffenen Positionen",
};
const needed = (who: string, formula: string): Priced => ({ ...NONE, priceNeeded: `${who} ließe sich der Betrag beziffern: ${formula}.` });
const unique = (entries: Entry[]) => [...new Map(entries.map((e) => [e.index, e])).values()].sort((a, b) => a.index - b.index);

/** A contract clause: a percentage of the offer sum. */
function priceContract(f: Finding, lookup: Lookup, hasPrices: boolean): Priced {
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
  if (!hasPrices || lookup.lvTotal === null)
    return needed("Mit Einheitspreisen für alle Positionen", `${formatPercent(percent)} der Angebotssumme`);
  const c = Math.round(cents(lookup.lvTotal) * (percent / 100));
  const note = !penalty
    ? `${formatPercent(percent)} der Angebotssumme laut Vertragsklausel.`
    : from === "default"
      ? `${formatPercent(percent)} der Angebotssumme – im LV ist keine Obergrenze der Vertragsstrafe genannt; 5 % ist die in Allgemeinen Geschäftsbedingungen zulässige Höchstgrenze.`
      : `${formatPercent(percent)} der Angebotssumme – die Obergrenze der Vertragsstrafe laut LV.`;
  return { cents: c, claims: [{ key: penalty ? "contract:vertragsstrafe" : `contract:${f.ruleId}:${percent}`, cents: c }], note };
}

function priceFinding(f: Finding, row: MoneyRow, lookup: Lookup, hasPrices: boolean): Priced {
  if (row.formula === "contract") return priceContract(f, lookup, hasPrices);
  const oz = [...new Set([...(f.oz ? [f.oz] : []), ...(f.relatedOz ?? [])])];
  const entries = oz.flatMap((o) => lookup.byOz.get(o) ?? []);
  if (entries.length === 0) return NONE;

  if (row.formula === "alternative") {
    const own = entries[0].node.flags.alternative;
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

  const all = unique(entries);
  // A duplicate puts the later occurrences at stake; the first one is the position to offer.
  const counted = row.formula === "duplicate" && all.length > 1 ? all.slice(1) : all;
  if (!hasPrices || counted.some((e) => positionTotal(e.node) === null))
    return needed(missingFor(counted), row.formulaText ?? FORMULA_TEXT[row.formula]);
  const claims = counted.map((e) => {
    const gp = Math.abs(cents(positionTotal(e.node)!));
    return { key: `pos:${e.index}`, cents: row.formula === "quantity" ? Math.round(gp / 10) : gp };
  });
  return { cents: claims.reduce((s, c) => s + c.cents, 0), claims };
}

const MONEY_NOTE = " Betrag im Risiko: ";
/** The finding's why without the money note of an earlier run. */
const plainWhy = (why: string) => {
  const i = why.indexOf(MONEY_NOTE);
  return i < 0 ? why : why.slice(0, i);
};

export interface PricedFindings {
  findings: Finding[];
  /** null when no position of the LV carries a price. */
  potential: Potential | null;
}

/** What the amounts are computed from: the positions, the offer sum and the contract texts. */
export type MoneySource = Pick<ParsedTender, "positions"> & { totals?: TenderTotals | null; preamble?: string };

/**
 * Sets `potentialEur` (a number, or null with `priceNeeded` where a price or quantity is missing)
 * on every finding and sums the money at stake. Pass the parsed LV (or the TenderAnalysis).
 */
export function priceFindings(findings: Finding[], lv: MoneySource): PricedFindings {
  const { positions } = lv;
  const hasPrices = positions.some((p) => (p.kind === "item" || p.kind === "markup") && (p.unitPrice !== null || p.total !== null));
  // Rule findings quote their sentence: with the penalty findings' excerpts a cap written in the
  // preamble is found again when the findings are priced a second time without it (model pass).
  const quoted = findings
    .filter((f) => f.source === "rule" && f.excerpt && isPenalty(f))
    .map((f) => `Vertragsstrafe ${f.excerpt}`)
    .join("\n");
  const lookup = buildLookup(positions, lv.totals?.total ?? null, `${lv.preamble ?? ""}\n${quoted}`);
  /** Per claim key: the largest amount and the finding holding it. */
  const best = new Map<string, { cents: number; finding: number }>();
  const basisOf: string[] = [];
  let count = 0;

  const priced = findings.map((f, i): Finding => {
    const { priceNeeded: _needed, potentialEur: _amount, ...rest } = f;
    const why = plainWhy(f.why);
    const row = moneyRow(f);
    basisOf[i] = basisKey(f.basis, row?.provision);
    const result = row ? priceFinding(f, row, lookup, hasPrices) : NONE;
    if (result.cents === null)
      return { ...rest, why, potentialEur: null, ...(result.priceNeeded ? { priceNeeded: result.priceNeeded } : {}) };
    if (result.cents > 0) count++;
    for (const claim of result.claims) {
      const held = best.get(claim.key);
      if (!held || claim.cents > held.cents) best.set(claim.key, { cents: claim.cents, finding: i });
    }
    const note = result.note ?? row!.what;
    return { ...rest, why: note ? `${why}${MONEY_NOTE}${note}` : why, potentialEur: euros(result.cents) };
  });
  if (!hasPrices) return { findings: priced, potential: null };

  let total = 0;
  const byBasis = new Map<string, number>();
  for (const { cents: c, finding } of best.values()) {
    if (c <= 0) continue;
    total += c;
    byBasis.set(basisOf[finding], (byBasis.get(basisOf[finding]) ?? 0) + c);
  }
  return {
    findings: priced,
    potential: {
      totalEur: euros(total),
      count,
      byBasis: Object.fromEntries([...byBasis].sort((a, b) => b[1] - a[1]).map(([k, c]) => [k, euros(c)])),
    },
  };
}
