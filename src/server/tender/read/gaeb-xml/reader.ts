// GAEB DA XML 3.0–3.3 reader (phases 81–86; 87 and 89 leniently), streaming with saxes.
// saxes never loads external entities and does not expand DTD entities; we additionally refuse
// any DOCTYPE, so neither XXE nor "billion laughs" can do anything.

import { SaxesParser, type SaxesTagPlain } from "saxes";
import { decodeBytes } from "../decode";
import { looksLikeGaeb2000, looksLikeGaeb90 } from "../detect";
import { GaebError } from "../../errors";
import { DEFAULT_LIMITS, type ReadLimits } from "../../limits";
import { LineBuffer, collapseWhitespace } from "./text-buffer";
import { computeTotals, parseDecimal } from "../../totals";
import { newNode, type BoqNode, type NodeKind, type ParsedTender, type SubDescription } from "../../types";

export { GaebError } from "../../errors";
export { detectTenderFormat } from "../detect";

const SUPPORTED_VERSIONS = new Set(["3.0", "3.1", "3.2", "3.3"]);
const FULLY_SUPPORTED_PHASES = new Set([81, 82, 83, 84, 85, 86]);
/** Phases with a letter: 89B is the supporting document to an invoice (Rechnungsbegleitende Unterlage). */
const PHASE_VARIANTS = new Set(["89B"]);
const LENIENT_PHASES = new Set([87, 89]);
/** Element names of GAEB DA XML 2.x, which used German names. */
const GERMAN_2X_ELEMENTS = new Set([
  "Vergabe",
  "Leistungsverzeichnis",
  "LVBereich",
  "Position",
  "Kurztext",
  "Langtext",
  "Menge",
  "Einheit",
  "Einheitspreis",
]);
const ENTRY_ELEMENTS = new Map<string, NodeKind>([
  ["Item", "item"],
  ["MarkupItem", "markup"],
  ["Remark", "remark"],
  ["PerfDescr", "remark"],
]);
/** Leaf elements outside the positions that we read (project, BoQ and award data). */
const HEADER_FIELDS = new Set(["DP", "Version", "LblPrj", "NamePrj", "Name", "Cur", "LblBoQ", "Type", "CnstStart", "CnstEnd"]);
/** Totals of a BoQCtgy or of BoQInfo (sum, discount, lump sum). */
const TOTALS_FIELDS = new Set(["Total", "DiscountPcnt", "DiscountAmt", "TotAfterDisc", "TotalLSUM"]);
/** All leaf elements whose text we read; only their text is collected (speed on large files). */
const LEAF_FIELDS = new Set([
  ...HEADER_FIELDS,
  ...TOTALS_FIELDS,
  ...["NotApplBoQ", "ALNBGroupNo", "ALNBSerNo", "SubDNo"],
  ...["Qty", "QU", "UP", "IT", "Provis", "ALNGroupNo", "ALNSerNo", "LumpSumItem", "HourIt", "KeyIt"],
  ...["QtyTBD", "NotAppl", "NotOffered", "CONo", "COStatus", "MarkupType", "PerfLbl"],
  ...["UPComp1", "UPComp2", "UPComp3", "UPComp4", "UPComp5", "UPComp6"],
]);
const BIDDER_GAP = "[Bieterangabe: …]";
/** Where the bidder's filled-in answer stands in the owner's text (the answer is in `bidderAnswers`). */
const BIDDER_ANSWERED = "[Bieterangabe]";
const BIDDER_MARKERS = /\[Bieterangabe(?:: …)?\]/g;

/** Whether a text has words of its own besides the bidder's fields. */
export const hasOwnText = (text: string) => text.replace(BIDDER_MARKERS, "").trim() !== "";
/** XML forbids C0 control characters, yet AVA exports contain stray ones (e.g. form feeds). */
// eslint-disable-next-line no-control-regex -- matching control characters is the purpose
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

/**
 * A price-only X84 (as the BVBS check files): its items carry unit prices or totals but neither
 * texts nor quantities – they only make sense merged into the X83 they answer.
 */
export function isPriceOnly(items: BoqNode[]): boolean {
  // Bidder answers (TextComplement Kind="Bidder") are not a description of the item's own.
  if (
    items.length === 0 ||
    items.some((p) => p.shortText || hasOwnText(p.longText) || p.subDescriptions?.some((s) => s.shortText || s.longText))
  )
    return false;
  const withoutQty = items.filter((p) => p.qty === null).length;
  return withoutQty >= items.length * 0.8 && items.some((p) => p.unitPrice !== null || p.total !== null);
}

interface OpenCategory {
  node: BoqNode;
  depth: number;
  alnGroup: string | null;
  alnSerial: number | null;
  totals: Partial<Record<string, number | null>>;
}

/** An Item/SubDescr being read. */
interface OpenSubDescription {
  sub: SubDescription;
  depth: number;
  descriptionDepth: number | null;
}

/** The Item/MarkupItem/Remark/PerfDescr being read, and the fields that need combining. */
interface OpenEntry {
  node: BoqNode;
  depth: number;
  /** Depth of the entry's own Description while inside it (not a SubDescr's). */
  descriptionDepth: number | null;
  upComponents: number | null;
  alnGroup: string | null;
  alnSerial: number | null;
  coNumber: string | null;
  coStatus: string | null;
  subDescription: OpenSubDescription | null;
}

type Part = "caption" | "body" | "tail";

interface OpenComplement {
  bidder: boolean;
  markedEmpty: boolean;
  parts: Record<Part, string>;
  current: Part | null;
}

/** Contract and preliminary texts (AddText) kept for `ParsedTender.preamble`, in characters. */
const MAX_PREAMBLE_CHARS = 200_000;

/** A formatted text being collected: short text, long text, a category label or an AddText. */
interface OpenRichText {
  target: "short" | "long" | "label" | "preamble" | "subShort" | "subLong";
  depth: number;
  lines: LineBuffer;
  complement: OpenComplement | null;
}

const isYes = (raw: string) => {
  const v = raw.trim().toLowerCase();
  // An empty flag element (<QtyTBD/>) is taken as set: files in the field write it that way.
  return v === "" || v === "yes" || v === "true" || v === "1" || v === "ja";
};

/** 60000 → "60.000" */
const germanCount = (n: number) => n.toLocaleString("de-DE");

const localName = (name: string) => {
  const i = name.indexOf(":");
  return i < 0 ? name : name.slice(i + 1);
};

class GaebXmlReader {
  private readonly stack: string[] = [];
  private readonly positions: BoqNode[] = [];
  private readonly warnings: string[] = [];
  private readonly categories: OpenCategory[] = [];
  private entry: OpenEntry | null = null;
  private rich: OpenRichText | null = null;
  /** Text of the innermost element while it is one of LEAF_FIELDS. */
  private leafText = "";
  private inLeaf = false;
  private breakdown: string[] = [];
  private missingOzCount = 0;
  private sawAward = false;
  private sawBoq = false;

  private nsVersion: string | null = null;
  private nsPhase: number | null = null;
  private ns200407 = false;
  private declaredVersion: string | null = null;
  private dp: number | null = null;
  /** "89B" when the file says so (namespace DA89B or DP 89B); the phase number stays 89. */
  private phaseLabel: string | null = null;
  private projectLabel = "";
  private projectName = "";
  private boqLabel = "";
  private boqName = "";
  private awardCurrency = "";
  private projectCurrency = "";
  /** BoQInfo/Totals. */
  private readonly boqTotals: Partial<Record<string, number | null>> = {};
  /** AddText (Vorbemerkungen, Vertragstexte) outside the positions, and AwardInfo's dates. */
  private readonly preambleParts: string[] = [];
  private preambleChars = 0;
  private constructionDates: { start: string; end: string } = { start: "", end: "" };

  /** Depth of an open <image> element: its content (base64) is skipped. */
  private imageDepth: number | null = null;

  constructor(private readonly limits: ReadLimits) {}

  onOpen(tag: SaxesTagPlain): void {
    const name = localName(tag.name);
    this.stack.push(name);
    this.leafText = "";
    this.inLeaf = LEAF_FIELDS.has(name);
    const depth = this.stack.length;
    if (depth > this.limits.maxXmlDepth) {
      throw new GaebError(
        "too_large",
        `element depth > ${this.limits.maxXmlDepth}`,
        `XML-Elemente mehr als ${germanCount(this.limits.maxXmlDepth)} Ebenen tief verschachtelt`,
      );
    }
    if (depth === 1) return this.openRoot(name, tag.attributes);
    // German element names before any Award: a GAEB DA XML 2.x file.
    if (!this.sawAward && GERMAN_2X_ELEMENTS.has(name)) throw new GaebError("gaeb_2x", `element ${name}`);

    const entryKind = ENTRY_ELEMENTS.get(name);
    if (entryKind && !this.entry) return this.openEntry(name, entryKind, tag.attributes, depth);
    // An embedded picture (<image Type="image/jpeg">base64…</image>) in formatted text: the text
    // says "[Grafik]", the base64 never reaches the long text (issue 27).
    if (name.toLowerCase() === "image" && this.imageDepth === null) {
      this.imageDepth = depth;
      if (this.rich && !this.rich.complement) this.rich.lines.addInline("[Grafik]");
      return;
    }

    switch (name) {
      case "Award":
        this.sawAward = true;
        break;
      case "BoQ":
        this.sawBoq = true;
        this.breakdown = [];
        break;
      case "BoQCtgy":
        this.openCategory(tag.attributes, depth);
        break;
      case "SubDescr":
        if (this.entry && depth === this.entry.depth + 1 && !this.entry.subDescription) {
          this.entry.subDescription = { sub: { no: "", shortText: "", longText: "", qty: null, unit: "" }, depth, descriptionDepth: null };
        }
        break;
      case "Description": {
        const sub = this.entry?.subDescription;
        if (sub && depth === sub.depth + 1) sub.descriptionDepth = depth;
        else if (this.entry && depth === this.entry.depth + 1) this.entry.descriptionDepth = depth;
        break;
      }
      case "OutlTxt":
      case "TextOutlTxt":
        if (this.rich) break;
        if (this.entry?.subDescription?.descriptionDepth) this.startRich("subShort", depth);
        else if (this.entry?.descriptionDepth) this.startRich("short", depth);
        break;
      case "DetailTxt":
        if (this.rich) break;
        if (this.entry?.subDescription?.descriptionDepth) this.startRich("subLong", depth);
        else if (this.entry?.descriptionDepth) this.startRich("long", depth);
        break;
      case "LblTx": {
        const category = this.categories.at(-1);
        if (!this.entry && category && depth === category.depth + 1 && !this.rich) {
          this.startRich("label", depth);
        }
        break;
      }
      case "AddText":
        // BoQInfo, Award, BoQCtgy or GAEB level: OutlineAddText + DetailAddText.
        if (!this.entry && !this.rich) this.startRich("preamble", depth);
        break;
      case "TextComplement":
        if (this.rich?.target === "long" || this.rich?.target === "subLong") {
          this.rich.complement = {
            bidder: tag.attributes.Kind === "Bidder",
            markedEmpty: isYes(tag.attributes.Empty ?? "no"),
            parts: { caption: "", body: "", tail: "" },
            current: null,
          };
        }
        break;
      case "ComplCaption":
      case "ComplBody":
      case "ComplTail":
        if (this.rich?.complement) {
          this.rich.complement.current = name === "ComplCaption" ? "caption" : name === "ComplBody" ? "body" : "tail";
        }
        break;
    }
  }

  onText(text: string): void {
    if (this.imageDepth !== null) return;
    if (this.inLeaf) this.leafText += text;
    const rich = this.rich;
    if (!rich) return;
    if (rich.complement) {
      const part = rich.complement.current;
      if (part) rich.complement.parts[part] += text;
    } else {
      rich.lines.add(text);
    }
  }

  onClose(): void {
    const depth = this.stack.length;
    const name = this.stack[depth - 1];
    if (this.imageDepth !== null && depth >= this.imageDepth) {
      if (depth === this.imageDepth) this.imageDepth = null;
      this.stack.pop();
      return;
    }
    const category = this.categories.at(-1);

    if (this.rich) this.closeInRich(name, depth);
    if (this.inLeaf) {
      const text = this.leafText;
      const sub = this.entry?.subDescription;
      if (sub && depth === sub.depth + 1) this.applySubDescriptionField(sub.sub, name, text);
      else if (this.entry && depth === this.entry.depth + 1) this.applyEntryField(name, text);
      if (category && !this.entry) this.applyCategoryField(category, name, depth, text);
      this.applyHeaderField(name, this.stack[depth - 2], text);
    }

    const sub = this.entry?.subDescription;
    if (sub && depth === sub.descriptionDepth) sub.descriptionDepth = null;
    if (sub && depth === sub.depth) {
      (this.entry!.node.subDescriptions ??= []).push(sub.sub);
      this.entry!.subDescription = null;
    }
    if (this.entry && depth === this.entry.descriptionDepth) this.entry.descriptionDepth = null;
    if (this.entry && depth === this.entry.depth) this.closeEntry();
    if (category && depth === category.depth) this.closeCategory(category);
    this.stack.pop();
    this.leafText = "";
    this.inLeaf = false;
  }

  onDoctype(): never {
    throw new GaebError("dtd_forbidden");
  }

  result(): ParsedTender {
    if (!this.sawBoq) this.warnings.push("Die Datei enthält kein Leistungsverzeichnis (keine Positionen).");
    this.inheritNotApplicable();
    this.inheritAlternativeSections();
    this.warnDuplicateOz();
    const items = this.positions.filter((p) => p.kind === "item");
    const priceOnly = isPriceOnly(items);
    if (items.length > 0 && !priceOnly && items.every((p) => !p.shortText && !p.longText)) {
      this.warnings.push(
        "Die Positionen enthalten keine Texte (bei Angebotsdateien .x84 üblich). Für die Textprüfung bitte die zugehörige Angebotsaufforderung (.x83) hochladen.",
      );
    }
    const t = this.boqTotals;
    const totals = computeTotals(this.positions, t.TotAfterDisc ?? t.TotalLSUM ?? t.Total ?? null, {
      percent: t.DiscountPcnt ?? null,
      amount: t.DiscountAmt ?? null,
      lumpSum: t.TotalLSUM ?? null,
    });
    if (totals.stated !== null && totals.total !== null && Math.abs(totals.stated - totals.total) > 0.005) {
      this.warnings.push(
        `Die Summe laut Datei (${totals.stated.toFixed(2)}) weicht von der Summe der Positionen (${totals.total.toFixed(2)}) ab.`,
      );
    }
    return {
      format: "gaeb-xml",
      version: this.version(),
      phase: this.phase(),
      projectName: this.projectLabel || this.projectName,
      boqName: this.boqLabel || this.boqName,
      currency: this.awardCurrency || this.projectCurrency || "EUR",
      positions: this.positions,
      totals,
      warnings: this.warnings,
      ...(priceOnly ? { priceOnly } : {}),
      ...this.preamble(),
    };
  }

  private addPreamble(text: string): void {
    if (!text || this.preambleChars >= MAX_PREAMBLE_CHARS) return;
    this.preambleParts.push(text.slice(0, MAX_PREAMBLE_CHARS - this.preambleChars));
    this.preambleChars += text.length;
  }

  /** AwardInfo's construction dates, the AddTexts, then remarks (Vorbemerkungen) before the first item. */
  private preamble(): { preamble?: string } {
    const { start, end } = this.constructionDates;
    const dates = [start && `Ausführungsbeginn (AwardInfo/CnstStart): ${start}`, end && `Fertigstellung (AwardInfo/CnstEnd): ${end}`];
    const remarks: string[] = [];
    for (const node of this.positions) {
      if (node.kind === "item") break;
      if (node.kind === "remark") remarks.push([node.shortText, node.longText].filter(Boolean).join("\n"));
    }
    const preamble = [...dates, ...this.preambleParts, ...remarks].filter(Boolean).join("\n\n");
    return preamble ? { preamble } : {};
  }

  addWarning(message: string): void {
    this.warnings.push(message);
  }

  private openRoot(name: string, attributes: Record<string, string>): void {
    if (name !== "GAEB") {
      if (GERMAN_2X_ELEMENTS.has(name)) throw new GaebError("gaeb_2x", `root ${name}`);
      throw new GaebError("wrong_root", `root ${name}`, `Wurzelelement „${name}“ statt „GAEB“`);
    }
    const namespace = Object.entries(attributes).find(
      ([key, value]) => (key === "xmlns" || key.startsWith("xmlns:")) && /gaeb/i.test(value),
    )?.[1];
    if (!namespace) return;
    const m = /GAEB_DA_XML\/(?:DA(\d\d)([A-Z]*)\/(\d+\.\d+)|(200407))/i.exec(namespace);
    if (m?.[4]) this.ns200407 = true;
    if (m?.[1]) {
      this.nsPhase = Number(m[1]);
      const variant = `${m[1]}${m[2].toUpperCase()}`;
      if (PHASE_VARIANTS.has(variant)) this.phaseLabel = variant;
      this.nsVersion = m[3];
      if (!SUPPORTED_VERSIONS.has(m[3])) {
        throw new GaebError("unsupported_version", namespace, `Version ${m[3]}`);
      }
    }
  }

  private openCategory(attributes: Record<string, string>, depth: number): void {
    const parent = this.categories.at(-1);
    const level = this.categories.length;
    const kind = this.breakdown[level] === "Lot" ? "lot" : "title";
    const rno = attributes.RNoPart?.trim() || this.nextMissingOz();
    const oz = parent ? `${parent.node.oz}.${rno}` : rno;
    const node = newNode(kind, { level, oz, parentOz: parent?.node.oz ?? null, id: attributes.ID ?? null });
    this.addPosition(node);
    this.categories.push({ node, depth, alnGroup: null, alnSerial: null, totals: {} });
  }

  /** ALNBGroupNo/ALNBSerNo (alternative sections), NotApplBoQ and Totals of the open category. */
  private applyCategoryField(category: OpenCategory, name: string, depth: number, raw: string): void {
    const value = raw.trim();
    if (depth === category.depth + 1) {
      if (name === "NotApplBoQ" && isYes(value)) category.node.flags.notApplicable = true;
      else if (name === "ALNBGroupNo") category.alnGroup = value;
      else if (name === "ALNBSerNo") category.alnSerial = parseDecimal(value) ?? 0;
    } else if (depth === category.depth + 2 && this.stack[depth - 2] === "Totals" && TOTALS_FIELDS.has(name)) {
      category.totals[name] = parseDecimal(value);
    }
  }

  private closeCategory(category: OpenCategory): void {
    const { node, totals } = category;
    if (category.alnGroup !== null || category.alnSerial !== null) {
      node.flags.alternative = { group: category.alnGroup ?? "", serial: category.alnSerial ?? 0 };
    }
    if (Object.keys(totals).length > 0) {
      node.section = {
        discountPercent: totals.DiscountPcnt ?? null,
        discountAmount: totals.DiscountAmt ?? null,
        lumpSum: totals.TotalLSUM ?? null,
        stated: totals.Total ?? null,
        statedAfterDiscount: totals.TotAfterDisc ?? null,
        subtotal: null,
      };
    }
    this.categories.pop();
  }

  private applySubDescriptionField(sub: SubDescription, name: string, raw: string): void {
    const value = raw.trim();
    if (name === "SubDNo") sub.no = value;
    else if (name === "Qty") sub.qty = parseDecimal(value);
    else if (name === "QU") sub.unit = value;
  }

  private openEntry(element: string, kind: NodeKind, attributes: Record<string, string>, depth: number): void {
    const parent = this.categories.at(-1);
    const node = newNode(kind, { level: this.categories.length, parentOz: parent?.node.oz ?? null, id: attributes.ID ?? null });
    if (kind === "item" || kind === "markup") {
      const rno = attributes.RNoPart?.trim() || this.nextMissingOz();
      const index = attributes.RNoIndex?.trim();
      const own = index ? `${rno}.${index}` : rno;
      node.oz = parent ? `${parent.node.oz}.${own}` : own;
    }
    node.flags.perfDescr = element === "PerfDescr";
    this.addPosition(node);
    this.entry = {
      node,
      depth,
      descriptionDepth: null,
      upComponents: null,
      alnGroup: null,
      alnSerial: null,
      coNumber: null,
      coStatus: null,
      subDescription: null,
    };
  }

  private addPosition(node: BoqNode): void {
    if (this.positions.length >= this.limits.maxPositions) {
      throw new GaebError(
        "too_large",
        `positions > ${this.limits.maxPositions}`,
        `mehr als ${germanCount(this.limits.maxPositions)} Positionen`,
      );
    }
    this.positions.push(node);
  }

  /** A placeholder OZ ("?1", "?2" …) keeps positions without RNoPart apart. */
  private nextMissingOz(): string {
    this.missingOzCount++;
    if (this.missingOzCount === 1) {
      this.warnings.push("Mindestens eine Position hat keine Ordnungszahl; sie wurde mit „?“ nummeriert.");
    }
    return `?${this.missingOzCount}`;
  }

  private applyEntryField(name: string, raw: string): void {
    const entry = this.entry!;
    const node = entry.node;
    const value = raw.trim();
    switch (name) {
      case "Qty":
        node.qty = parseDecimal(value);
        break;
      case "QU":
        node.unit = value;
        break;
      case "UP":
        node.unitPrice = parseDecimal(value);
        break;
      case "IT":
        node.total = parseDecimal(value);
        break;
      case "DiscountPcnt":
        node.discountPercent = parseDecimal(value);
        break;
      case "Provis":
        if (value === "WithoutTotal" || value === "WithTotal") node.flags.provisional = value;
        break;
      case "ALNGroupNo":
        entry.alnGroup = value;
        break;
      case "ALNSerNo":
        entry.alnSerial = parseDecimal(value) ?? 0;
        break;
      case "LumpSumItem":
        node.flags.lumpSum = isYes(value);
        break;
      case "HourIt":
        node.flags.hourly = isYes(value);
        break;
      case "KeyIt":
        node.flags.keyItem = isYes(value);
        break;
      case "QtyTBD":
        node.flags.qtyTBD = isYes(value);
        break;
      case "NotAppl":
        node.flags.notApplicable = isYes(value);
        break;
      case "NotOffered":
        node.flags.notOffered = isYes(value);
        break;
      case "CONo":
        entry.coNumber = value;
        break;
      case "COStatus":
        entry.coStatus = value;
        break;
      case "MarkupType":
        node.flags.markupType = value;
        break;
      case "PerfLbl":
        node.shortText = collapseWhitespace(value);
        break;
      default:
        if (/^UPComp[1-6]$/.test(name)) {
          entry.upComponents = (entry.upComponents ?? 0) + (parseDecimal(value) ?? 0);
        }
    }
  }

  private closeEntry(): void {
    const entry = this.entry!;
    const { node } = entry;
    // UP is the sum of its components; some exports only write the components.
    if (node.unitPrice === null && entry.upComponents !== null) {
      node.unitPrice = Math.round(entry.upComponents * 1000) / 1000;
    }
    if (entry.alnGroup !== null || entry.alnSerial !== null) {
      node.flags.alternative = { group: entry.alnGroup ?? "", serial: entry.alnSerial ?? 0 };
    }
    if (entry.coNumber !== null) {
      node.flags.changeOrder = { number: entry.coNumber, status: entry.coStatus };
    }
    // Only the bidder's fields and no text of the entry's own (a bid's X84): no long text.
    if (!hasOwnText(node.longText)) node.longText = "";
    if (node.subDescriptions) {
      for (const sub of node.subDescriptions) if (!hasOwnText(sub.longText)) sub.longText = "";
    }
    this.entry = null;
  }

  private startRich(target: OpenRichText["target"], depth: number): void {
    this.rich = { target, depth, lines: new LineBuffer(), complement: null };
  }

  private closeInRich(name: string, depth: number): void {
    const rich = this.rich!;
    const complement = rich.complement;
    if (depth === rich.depth) {
      this.finishRich(rich);
      this.rich = null;
    } else if (name === "TextComplement" && complement) {
      rich.lines.addInline(this.renderComplement(complement));
      rich.complement = null;
    } else if (complement) {
      if (name === "ComplCaption" || name === "ComplBody" || name === "ComplTail") complement.current = null;
      else if ((name === "p" || name === "br") && complement.current) complement.parts[complement.current] += " ";
    } else if (name === "p" || name === "br" || name === "OutlineAddText") {
      rich.lines.breakLine();
    }
  }

  /**
   * Owner complements read as their text. A bidder complement leaves a marker in the text – open
   * ("[Bieterangabe: …]", counted as a gap) or answered ("[Bieterangabe]") – and its answer goes
   * to `bidderAnswers`, not into the long text.
   */
  private renderComplement(c: OpenComplement): string {
    const caption = collapseWhitespace(c.parts.caption);
    const body = collapseWhitespace(c.parts.body);
    const tail = collapseWhitespace(c.parts.tail);
    let middle = body;
    if (c.bidder) {
      // Exports write an empty field as '' or as blanks.
      const answer = body.replace(/^['‘’"]+|['‘’"]+$/g, "").trim();
      const open = c.markedEmpty || answer === "";
      const node = this.entry!.node;
      if (open) node.bidderGaps++;
      (node.bidderAnswers ??= []).push({ caption, answer: open ? null : answer });
      middle = open ? BIDDER_GAP : BIDDER_ANSWERED;
    }
    return [caption, middle, tail].filter(Boolean).join(" ");
  }

  private finishRich(rich: OpenRichText): void {
    if (rich.target === "preamble") {
      this.addPreamble(rich.lines.join("\n"));
      return;
    }
    if (rich.target === "label") {
      const category = this.categories.at(-1)!;
      category.node.shortText = rich.lines.join(" ");
      return;
    }
    const node = this.entry!.node;
    const sub = this.entry!.subDescription?.sub;
    if (rich.target === "subShort" && sub) {
      sub.shortText = [sub.shortText, rich.lines.join(" ")].filter(Boolean).join(" ");
      return;
    }
    if (rich.target === "subLong" && sub) {
      sub.longText = [sub.longText, rich.lines.join("\n")].filter(Boolean).join("\n");
      return;
    }
    if (rich.target === "short") {
      node.shortText = [node.shortText, rich.lines.join(" ")].filter(Boolean).join(" ");
    } else {
      node.longText = [node.longText, rich.lines.join("\n")].filter(Boolean).join("\n");
    }
  }

  private applyHeaderField(name: string, parent: string | undefined, raw: string): void {
    if (!HEADER_FIELDS.has(name) && !TOTALS_FIELDS.has(name)) return;
    const value = collapseWhitespace(raw);
    if (name === "DP" && (parent === "Award" || parent === "Invoice")) this.setPhase(value);
    else if (name === "Version" && parent === "GAEBInfo") this.setDeclaredVersion(value);
    else if (parent === "PrjInfo") {
      if (name === "LblPrj") this.projectLabel = value;
      // "Name" is not schema-valid here but used by some exporters instead of NamePrj.
      else if (name === "NamePrj" || (name === "Name" && !this.projectName)) this.projectName = value;
      else if (name === "Cur") this.projectCurrency = value;
    } else if (parent === "BoQInfo") {
      if (name === "LblBoQ" && !this.boqLabel) this.boqLabel = value;
      else if (name === "Name" && !this.boqName) this.boqName = value;
    } else if (name === "Cur" && parent === "AwardInfo") this.awardCurrency = value;
    else if ((name === "CnstStart" || name === "CnstEnd") && parent === "AwardInfo") {
      this.constructionDates[name === "CnstStart" ? "start" : "end"] = value;
    } else if (name === "Type" && parent === "BoQBkdn") this.breakdown.push(value);
    else if (TOTALS_FIELDS.has(name) && parent === "Totals" && this.stack.at(-3) === "BoQInfo") {
      this.boqTotals[name] = parseDecimal(value);
    }
  }

  private setPhase(value: string): void {
    const phase = Number.parseInt(value, 10);
    if (PHASE_VARIANTS.has(value.toUpperCase())) this.phaseLabel = value.toUpperCase();
    if (!FULLY_SUPPORTED_PHASES.has(phase) && !LENIENT_PHASES.has(phase)) {
      throw new GaebError("unsupported_phase", `DP ${value}`, `Phase ${value}`);
    }
    if (this.nsPhase !== null && this.nsPhase !== phase) {
      this.warnings.push(`Die Phase laut Namespace (${this.nsPhase}) weicht von Award/DP (${phase}) ab; DP ${phase} wird verwendet.`);
    }
    this.dp = phase;
  }

  private setDeclaredVersion(value: string): void {
    this.declaredVersion = value;
    if (this.nsVersion || this.ns200407) return;
    const major = Number.parseInt(value, 10);
    if (major < 3) throw new GaebError("gaeb_2x", `Version ${value}`);
    if (!SUPPORTED_VERSIONS.has(value)) {
      throw new GaebError("unsupported_version", `Version ${value}`, `Version ${value}`);
    }
  }

  private version(): string | null {
    if (this.nsVersion) return this.nsVersion;
    if (this.ns200407) {
      const v = this.declaredVersion;
      return v === "3.0" || v === "3.1" ? v : "3.0/3.1";
    }
    if (this.declaredVersion) return this.declaredVersion;
    this.warnings.push("Die GAEB-Version ist nicht angegeben; die Datei wurde als GAEB DA XML 3.x gelesen.");
    return null;
  }

  private phase(): number | null {
    const phase = this.dp ?? this.nsPhase;
    if (phase === null) this.warnings.push("Die Datenaustauschphase (Award/DP) ist nicht angegeben.");
    else if (!FULLY_SUPPORTED_PHASES.has(phase) && !LENIENT_PHASES.has(phase)) {
      throw new GaebError("unsupported_phase", `namespace phase ${phase}`, `Phase ${phase}`);
    } else if (LENIENT_PHASES.has(phase)) {
      this.warnings.push(`Phase ${this.phaseLabel ?? phase} wird nur eingeschränkt ausgewertet (Positionen und Mengen).`);
    }
    return phase;
  }

  /** The items of an alternative section (ALNBGroupNo/ALNBSerNo) are alternatives of that group. */
  private inheritAlternativeSections(): void {
    const open: BoqNode[] = [];
    for (const node of this.positions) {
      while (open.length && open[open.length - 1].level >= node.level) open.pop();
      const section = open.findLast((c) => c.flags.alternative !== null);
      if (section && (node.kind === "item" || node.kind === "markup") && !node.flags.alternative) {
        node.flags.alternative = { ...section.flags.alternative! };
      }
      if (node.kind === "lot" || node.kind === "title") open.push(node);
    }
  }

  /** NotApplBoQ on a section applies to everything below it. */
  private inheritNotApplicable(): void {
    const open: BoqNode[] = [];
    for (const node of this.positions) {
      while (open.length && open[open.length - 1].level >= node.level) open.pop();
      if (open.some((c) => c.flags.notApplicable)) node.flags.notApplicable = true;
      if (node.kind === "lot" || node.kind === "title") open.push(node);
    }
  }

  private warnDuplicateOz(): void {
    const seen = new Set<string>();
    const duplicates = new Set<string>();
    for (const node of this.positions) {
      if (!node.oz) continue;
      if (seen.has(node.oz)) duplicates.add(node.oz);
      seen.add(node.oz);
    }
    if (duplicates.size) {
      this.warnings.push(`Folgende Ordnungszahlen kommen mehrfach vor: ${[...duplicates].slice(0, 10).join(", ")}.`);
    }
  }
}

/** Reads a GAEB DA XML file; throws GaebError with a German message when it cannot. */
export function readGaebXml(buffer: Uint8Array, limits: ReadLimits = DEFAULT_LIMITS): ParsedTender {
  if (buffer.length === 0) throw new GaebError("empty");
  const decoded = decodeBytes(buffer);
  const text = decoded.text
    .replace(/^\uFEFF/, "")
    .trimStart()
    .replace(CONTROL_CHARS, "");
  if (text === "") throw new GaebError("empty");
  if (!text.startsWith("<")) {
    if (looksLikeGaeb2000(text.slice(0, 4096))) throw new GaebError("gaeb_2000");
    if (looksLikeGaeb90(text.slice(0, 4096))) throw new GaebError("gaeb_90");
    throw new GaebError("not_xml");
  }

  const reader = new GaebXmlReader(limits);
  if (decoded.mislabelled) {
    reader.addWarning("Die Datei ist als UTF-8 gekennzeichnet, enthält aber Windows-1252-Zeichen; sie wurde entsprechend gelesen.");
  }
  const parser = new SaxesParser({ xmlns: false, position: false });
  let closing = false;
  parser.on("error", (err) => {
    throw new GaebError(closing ? "truncated" : "malformed", err.message);
  });
  parser.on("doctype", () => reader.onDoctype());
  parser.on("opentag", (tag) => reader.onOpen(tag));
  parser.on("text", (t) => reader.onText(t));
  parser.on("cdata", (t) => reader.onText(t));
  parser.on("closetag", () => reader.onClose());
  parser.write(text);
  closing = true;
  parser.close();
  return reader.result();
}
