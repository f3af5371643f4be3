// Any read LV out as GAEB DA XML 3.3: an X83 (Angebotsaufforderung: titles, items, texts,
// quantities, units and kinds, no prices) or an X84 (Angebotsabgabe: the prices the LV carries,
// section totals with their discounts and lump sums, and the bidder's answers), so that an LV that
// arrived as PDF, Excel, CSV or GAEB 90/2000 can be imported into any AVA program. Written from
// the stored positions, in the element order of the official 3.3 schemas (2021-05); read back by
// our reader, the X83 gives the same LV, and the X84 merged into it the same prices and totals.
import type { BidderAnswer, PositionFlags, SectionTotals, SubDescription } from "../tender/public";

export type GaebExportPhase = 83 | 84;

/** A stored position with what the export needs of its details. */
export interface GaebExportNode {
  kind: string;
  level: number;
  oz: string | null;
  parentOz: string | null;
  shortText: string | null;
  longText: string | null;
  qty: number | null;
  unit: string | null;
  unitPrice: number | null;
  total: number | null;
  flags: PositionFlags | null;
  subDescriptions?: SubDescription[];
  bidderAnswers?: BidderAnswer[];
  discountPercent?: number;
  section?: SectionTotals;
}

export interface GaebExportInput {
  phase: GaebExportPhase;
  projectName: string;
  boqName: string;
  currency: string;
  /** The bidder (X84 CTR): the project's company and its address as entered ("Straße 1, 12345 Ort"). */
  companyName: string;
  companyAddress?: string | null;
  positions: GaebExportNode[];
  /** The LV-wide discount, if the LV carries one. */
  lvDiscount?: { percent: number | null; amount: number | null; beforeDiscount: number | null } | null;
  total: number | null;
  date?: Date;
}

const BIDDER_MARKER = /\[Bieterangabe(?:: …)?\]/;

// eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const esc = (s: string) =>
  s.replace(FORBIDDEN, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** A one-line schema string (tgNormalizedString…): no line breaks, at most `max` characters. */
const line = (s: string | null | undefined, max: number) => esc((s ?? "").replace(/\s+/g, " ").trim().slice(0, max));
const el = (name: string, value: string) => `<${name}>${value}</${name}>`;
const qty = (n: number) => n.toFixed(3);
const money = (n: number) => n.toFixed(2);
const decimal = (n: number) => String(Math.round(n * 1e6) / 1e6);
const yes = (name: string, on: boolean) => (on ? el(name, "Yes") : "");

interface TreeNode {
  node: GaebExportNode;
  children: TreeNode[];
}

/** The flat, document-ordered list as a tree (children: the following nodes of a deeper level). */
function toTree(positions: GaebExportNode[]): TreeNode[] {
  const roots: TreeNode[] = [];
  const open: TreeNode[] = [];
  for (const node of positions) {
    const t: TreeNode = { node, children: [] };
    while (open.length && open[open.length - 1].node.level >= node.level) open.pop();
    (open.at(-1)?.children ?? roots).push(t);
    if (node.kind === "lot" || node.kind === "title") open.push(t);
  }
  return roots;
}

const isCategory = (n: GaebExportNode) => n.kind === "lot" || n.kind === "title";

/** RNoPart (and RNoIndex) of a node: its OZ without the parent's, in the characters GAEB allows. */
function ozParts(node: GaebExportNode, fallback: string): { part: string; index: string | null } {
  const oz = node.oz ?? "";
  const parent = node.parentOz ?? "";
  let own = parent && oz.startsWith(`${parent}.`) ? oz.slice(parent.length + 1) : oz;
  let index: string | null = null;
  const dot = own.lastIndexOf(".");
  if (!isCategory(node) && dot > 0 && /^[0-9A-Za-z]$/.test(own.slice(dot + 1))) {
    index = own.slice(dot + 1);
    own = own.slice(0, dot);
  }
  const part = own.replace(/[^0-9A-Za-z_]/g, "_").slice(0, 14);
  return { part: part || fallback, index };
}

/** GAEB formatted text: one paragraph per line. */
const paragraphs = (text: string) =>
  text
    .split("\n")
    .map((l) => `<p><span>${esc(l)}</span></p>`)
    .join("");

/**
 * A long text whose bidder fields ("[Bieterangabe: …]"/"[Bieterangabe]") become TextComplements
 * again: the words before a field on its line are the caption, after the line's last field the
 * tail, so that reading it back gives the same lines.
 */
function detailText(text: string, answers: BidderAnswer[], marks: { next: number }): string {
  let out = "";
  let answer = 0;
  for (const l of text.split("\n")) {
    if (!BIDDER_MARKER.test(l)) {
      out += `<Text><p><span>${esc(l)}</span></p></Text>`;
      continue;
    }
    const pieces = l.split(/(\[Bieterangabe(?:: …)?\])/);
    for (let i = 1; i < pieces.length; i += 2) {
      const caption = pieces[i - 1].trim();
      const tail = i + 2 === pieces.length ? pieces[i + 1].trim() : "";
      const given = answers[answer++]?.answer ?? null;
      out +=
        `<TextComplement Kind="Bidder" MarkLbl="${marks.next++}"${given === null ? ' Empty="Yes"' : ""}>` +
        (caption ? `<ComplCaption><span>${esc(caption)}</span></ComplCaption>` : "") +
        `<ComplBody><span>${esc(given ?? "")}</span></ComplBody>` +
        (tail ? `<ComplTail><span>${esc(tail)}</span></ComplTail>` : "") +
        "</TextComplement>";
    }
    // A reader continues the line after a complement; the paragraph end starts the next one.
    out += "<Text><p><br/></p></Text>";
  }
  return out;
}

function description(short: string, long: string, answers: BidderAnswer[]): string {
  // CompleteText needs a DetailTxt, even an empty one.
  const detail = long ? `<DetailTxt>${detailText(long, answers, { next: 1 })}</DetailTxt>` : "<DetailTxt/>";
  const outline = short ? `<OutlineText><OutlTxt><TextOutlTxt>${paragraphs(short)}</TextOutlTxt></OutlTxt></OutlineText>` : "";
  return `<Description><CompleteText>${detail}${outline}</CompleteText></Description>`;
}

/** The bidder's answers in an X84 (TextComplement with ComplBody only, in the order of the fields). */
function bidderDescription(answers: BidderAnswer[] | undefined): string {
  const given = (answers ?? []).filter((a) => a.answer !== null);
  if (given.length === 0) return "";
  const complements = (answers ?? [])
    .map(
      (a, i) =>
        `<TextComplement Kind="Bidder" MarkLbl="${i + 1}"${a.answer === null ? ' Empty="Yes"' : ""}><ComplBody><span>${esc(a.answer ?? "")}</span></ComplBody></TextComplement>`,
    )
    .join("");
  return `<Description><CompleteText><DetailTxt>${complements}</DetailTxt></CompleteText></Description>`;
}

/** OZ mask (BoQBkdn) from the tree: one BoQLevel per category depth, then Item and Index. */
function breakdown(roots: TreeNode[]): string {
  const levels: number[] = [];
  let item = 1;
  let index = false;
  const walk = (nodes: TreeNode[], depth: number) => {
    nodes.forEach((t, i) => {
      const { part, index: idx } = ozParts(t.node, String(i + 1));
      if (isCategory(t.node)) {
        levels[depth] = Math.max(levels[depth] ?? 1, part.length);
        walk(t.children, depth + 1);
      } else if (t.node.kind === "item" || t.node.kind === "markup") {
        item = Math.max(item, part.length);
        if (idx) index = true;
      }
    });
  };
  walk(roots, 0);
  const lvl = (type: string, length: number) =>
    `<BoQBkdn><Type>${type}</Type><Length>${Math.min(length, 14)}</Length><Num>No</Num></BoQBkdn>`;
  return [...levels.map((l) => lvl("BoQLevel", l)), lvl("Item", item), ...(index ? [lvl("Index", 1)] : [])].slice(0, 7).join("");
}

class Writer {
  private ids = 0;
  private perfNo = 0;
  /** ALNGroupNo is a number 0–999: groups named otherwise (a PDF's "04.") are numbered. */
  private readonly groups = new Map<string, string>();
  constructor(private readonly phase: GaebExportPhase) {}

  private group(name: string): string {
    if (/^\d{1,3}$/.test(name)) return name;
    let no = this.groups.get(name);
    if (!no) {
      no = String(900 - this.groups.size);
      this.groups.set(name, no);
    }
    return no;
  }

  private alternative(f: PositionFlags | null, section = false): string {
    const alt = f?.alternative;
    if (!alt) return "";
    const prefix = section ? "ALNB" : "ALN";
    return el(`${prefix}GroupNo`, this.group(alt.group)) + el(`${prefix}SerNo`, String(Math.min(9, Math.max(0, Math.round(alt.serial)))));
  }

  private id(prefix: string): string {
    this.ids++;
    return `${prefix}${this.ids}`;
  }

  body(nodes: TreeNode[]): string {
    // A BoQBody holds either sections (with remarks between them) or one item list.
    const hasCategories = nodes.some((t) => isCategory(t.node));
    if (!hasCategories) return `<BoQBody><Itemlist>${nodes.map((t) => this.entry(t.node)).join("")}</Itemlist></BoQBody>`;
    let out = "";
    let loose: TreeNode[] = [];
    const flushLoose = () => {
      // Items beside sections (a PDF's items before its first title): kept in a section of their own.
      if (loose.length === 0) return;
      const wrapper: GaebExportNode = {
        ...loose[0].node,
        kind: "title",
        oz: "0",
        parentOz: loose[0].node.parentOz,
        shortText: "Positionen ohne Titel",
      };
      out += this.category({ node: wrapper, children: loose }, "0");
      loose = [];
    };
    nodes.forEach((t, i) => {
      if (isCategory(t.node)) {
        flushLoose();
        out += this.category(t, String(i + 1));
      } else if (t.node.kind === "remark" && !t.node.flags?.perfDescr) {
        flushLoose();
        out += this.entry(t.node);
      } else loose.push(t);
    });
    flushLoose();
    return `<BoQBody>${out}</BoQBody>`;
  }

  private category(t: TreeNode, fallback: string): string {
    const n = t.node;
    const { part } = ozParts(n, fallback);
    let out = `<BoQCtgy ID="${this.id("C")}" RNoPart="${part}">`;
    if (this.phase === 83) {
      out += `<LblTx>${paragraphs((n.shortText ?? "").replace(/\n/g, " ") || " ")}</LblTx>`;
      out += this.alternative(n.flags, true);
      out += yes("NotApplBoQ", !!n.flags?.notApplicable);
    }
    if (t.children.length) out += this.body(t.children);
    if (this.phase === 84) out += this.sectionTotals(n);
    return out + "</BoQCtgy>";
  }

  /** X84 Totals of a section: the sum before, then the discount or lump sum as the LV carries it. */
  private sectionTotals(n: GaebExportNode): string {
    const s = n.section;
    const before = s?.subtotal ?? (s ? null : n.total) ?? 0;
    let out = el("Total", money(before));
    if (s?.discountPercent != null) out += el("DiscountPcnt", decimal(s.discountPercent));
    else if (s?.discountAmount != null) out += el("DiscountAmt", money(s.discountAmount));
    if ((s?.discountPercent != null || s?.discountAmount != null) && n.total !== null) out += el("TotAfterDisc", money(n.total));
    if (s?.lumpSum != null) out += el("TotalLSUM", money(s.lumpSum));
    return `<Totals>${out}</Totals>`;
  }

  private entry(n: GaebExportNode): string {
    if (n.kind === "remark") return n.flags?.perfDescr ? this.perfDescr(n) : this.remark(n);
    if (n.kind === "markup") return this.markup(n);
    return this.item(n);
  }

  private remark(n: GaebExportNode): string {
    if (this.phase === 84) return `<Remark ID="${this.id("R")}"/>`;
    return `<Remark ID="${this.id("R")}">${description(n.shortText ?? "", n.longText ?? "", n.bidderAnswers ?? [])}</Remark>`;
  }

  private perfDescr(n: GaebExportNode): string {
    const no = String(++this.perfNo);
    if (this.phase === 84) return `<PerfDescr ID="${this.id("P")}">${el("PerfNo", no)}</PerfDescr>`;
    return `<PerfDescr ID="${this.id("P")}">${el("PerfNo", no)}${el("PerfLbl", line(n.shortText, 55))}${description("", n.longText ?? "", [])}</PerfDescr>`;
  }

  private rno(n: GaebExportNode): string {
    const { part, index } = ozParts(n, String(this.ids + 1));
    return `RNoPart="${part}"${index ? ` RNoIndex="${index}"` : ""}`;
  }

  private markup(n: GaebExportNode): string {
    const f = n.flags;
    const attrs = `ID="${this.id("M")}" ${this.rno(n)}`;
    if (this.phase === 84) return `<MarkupItem ${attrs}>${n.total !== null ? el("IT", money(n.total)) : ""}</MarkupItem>`;
    let out = this.alternative(f);
    if (f?.provisional) out += el("Provis", f.provisional);
    out += yes("HourIt", !!f?.hourly) + yes("KeyIt", !!f?.keyItem);
    const type = f?.markupType && ["IdentAsMark", "AllInCat", "ListInSubQty"].includes(f.markupType) ? f.markupType : "IdentAsMark";
    out += el("MarkupType", type);
    return `<MarkupItem ${attrs}>${out}${description(n.shortText ?? "", n.longText ?? "", n.bidderAnswers ?? [])}</MarkupItem>`;
  }

  private item(n: GaebExportNode): string {
    const f = n.flags;
    const attrs = `ID="${this.id("I")}" ${this.rno(n)}`;
    if (this.phase === 84) {
      let out = yes("NotOffered", !!f?.notOffered);
      if (n.unitPrice !== null) out += el("UP", n.unitPrice.toFixed(3));
      if (n.discountPercent) out += el("DiscountPcnt", decimal(n.discountPercent));
      if (n.total !== null) out += el("IT", money(n.total));
      out += bidderDescription(n.bidderAnswers);
      for (const s of n.subDescriptions ?? []) out += `<SubDescr>${el("SubDNo", line(s.no, 3))}</SubDescr>`;
      return `<Item ${attrs}>${out}</Item>`;
    }
    let out = this.alternative(f);
    if (f?.provisional) out += el("Provis", f.provisional);
    out += yes("LumpSumItem", !!f?.lumpSum) + yes("HourIt", !!f?.hourly) + yes("KeyIt", !!f?.keyItem);
    if (f?.changeOrder) out += el("CONo", line(f.changeOrder.number, 20)) + el("COStatus", line(f.changeOrder.status || "Offer", 20));
    if (f?.qtyTBD) out += el("QtyTBD", "Yes");
    else if (n.qty !== null) out += el("Qty", qty(n.qty));
    out += el("QU", line(n.unit, 4));
    out += description(n.shortText ?? "", n.longText ?? "", n.bidderAnswers ?? []);
    if (n.subDescriptions?.length) {
      out += el("SumDescr", "Yes");
      for (const s of n.subDescriptions) {
        out +=
          `<SubDescr>${el("SubDNo", line(s.no, 3))}${description(s.shortText, s.longText, [])}` +
          `${el("QtySpec", "Yes")}${el("Qty", qty(s.qty ?? 0))}${el("QU", line(s.unit, 4))}</SubDescr>`;
      }
    }
    return `<Item ${attrs}>${out}</Item>`;
  }
}

/** The X84's bidder address (Name1, Street, PCode, City are required): "k. A." for what is not known. */
function bidderAddress(name: string, address: string | null | undefined): string {
  const parts = (address ?? "")
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const place = parts.findLast((p) => /^\d{4,5}\s+\S/.test(p));
  const street = parts.find((p) => p !== place) ?? "k. A.";
  const m = place ? /^(\d{4,5})\s+(.+)$/.exec(place) : null;
  return `<Address>${el("Name1", line(name || "Bieter", 40))}${el("Street", line(street, 40))}${el("PCode", line(m?.[1] ?? "k. A.", 10))}${el("City", line(m?.[2] ?? "k. A.", 40))}</Address>`;
}

/** The LV as a GAEB DA XML 3.3 document (UTF-8). */
export function buildGaebXml(input: GaebExportInput): string {
  const { phase } = input;
  const roots = toTree(input.positions);
  const date = (input.date ?? new Date()).toISOString().slice(0, 10);
  const writer = new Writer(phase);
  const body = writer.body(roots);
  const boqName = line(input.boqName || input.projectName || "LV", 20) || "LV";
  const cur = line(input.currency || "EUR", 3);
  let boqInfo = el("Name", boqName);
  if (phase === 83)
    boqInfo += el("LblBoQ", line(input.boqName || input.projectName || "Leistungsverzeichnis", 60)) + el("OutlCompl", "AllTxt");
  boqInfo += breakdown(roots);
  if (phase === 84) {
    const d = input.lvDiscount;
    const before = d?.beforeDiscount ?? input.total ?? 0;
    let totals = el("Total", money(before));
    if (d?.percent) totals += el("DiscountPcnt", decimal(d.percent));
    else if (d?.amount) totals += el("DiscountAmt", money(d.amount));
    if ((d?.percent || d?.amount) && input.total !== null) totals += el("TotAfterDisc", money(input.total));
    boqInfo += `<Totals>${totals}</Totals>`;
  }
  const prjInfo = el("NamePrj", line(input.projectName || "Projekt", 60)) + (phase === 83 ? el("Cur", cur) : "");
  const award =
    phase === 83
      ? `<Award>${el("DP", "83")}<AwardInfo>${el("Cur", cur)}</AwardInfo>`
      : `<Award>${el("DP", "84")}<AwardInfo>${el("Cur", cur)}</AwardInfo><CTR>${bidderAddress(input.companyName, input.companyAddress)}</CTR>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA${phase}/3.3">` +
    `<GAEBInfo>${el("Version", "3.3")}${el("VersDate", "2021-05")}${el("Date", date)}${el("ProgSystem", "bauklar")}</GAEBInfo>` +
    `<PrjInfo>${prjInfo}</PrjInfo>${award}` +
    `<BoQ ID="B1"><BoQInfo>${boqInfo}</BoQInfo>${body}</BoQ></Award></GAEB>\n`
  );
}
