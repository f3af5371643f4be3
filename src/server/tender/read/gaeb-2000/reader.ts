// GAEB 2000 reader (.p81–.p86): keyword records. Blocks are "#begin[Name]" … "#end[Name]", values
// "[Key]value[end]", where a value may run over several lines (long texts, often RTF). Keywords
// are case-insensitive (CaliforniaX writes them in capitals). The LV is
//   #begin[Vergabe] [DP]83 #begin[LV] #begin[LVInfo] (#begin[LVGlied] [Typ] [Laenge]) [Summe]
//   #begin[LVBereich] [OZ] [Bez]|[BezTx] … #begin[Position] [OZ] [Menge] [ME] [EP] [GB] [Bedarf]
//   #begin[Beschreibung] [Kurztext] [Langtext] … #begin[Hinweis] (remark) … #begin[ZusText] (preamble)
// Programs that convert from DA XML add "_GAEBXML_<Element>" keys (e.g. _GAEBXML_LumpSumItem);
// they mean what the DA XML element means.

import { GaebError } from "../../errors";
import { DEFAULT_LIMITS, type ReadLimits } from "../../limits";
import { parseDecimal } from "../../totals";
import { collapseWhitespace } from "../gaeb-xml/text-buffer";
import { ENCODING_LABELS, decodeLegacyText } from "../legacy-charset";
import { LvBuilder, normaliseCurrency } from "../lv-builder";
import { itemOz, sectionOz, type OzMask } from "../oz-mask";
import type { BoqNode, ParsedTender } from "../../types";
import { looksLikeRtf, rtfToText } from "./rtf";

const SUPPORTED_PHASES = new Set([81, 82, 83, 84, 85, 86]);
const FALLBACK_MASK: OzMask = { levels: [2, 2], item: 4, index: 1 };

const isYes = (v: string) => /^(yes|ja|j|y|true|1)$/i.test(v.trim());

/** A value as text: RTF converted, lines trimmed, empty lines dropped (as the DA XML reader). */
function plainText(raw: string): string {
  const text = looksLikeRtf(raw) ? rtfToText(raw) : raw;
  return text
    .split(/\r\n|\r|\n/)
    .map(collapseWhitespace)
    .filter(Boolean)
    .join("\n");
}

interface Token {
  kind: "begin" | "end" | "value";
  name: string;
  value: string;
  line: number;
}

/** A value's text that holds a later block marker, or whose [end] closes a later "[Key]" line. */
function runsIntoNextEntry(value: string): boolean {
  if (/\n[ \t]*#(?:begin|end)\[/i.test(value)) return true;
  const lastLine = value.slice(value.lastIndexOf("\n") + 1);
  return value.includes("\n") && /^[ \t]*\[[A-Za-z0-9_]+\]/.test(lastLine);
}

/** Splits the file into block markers and values; unreadable lines are reported and skipped. */
function* tokens(text: string, warnLine: (line: number, message: string) => void): Generator<Token> {
  const END = /\[end\]/gi;
  let p = 0;
  let line = 1;
  const n = text.length;
  const advanceTo = (to: number) => {
    for (let k = p; k < to; k++) if (text.charCodeAt(k) === 10) line++;
    p = to;
  };
  const lineEnd = (from: number) => {
    const e = text.indexOf("\n", from);
    return e < 0 ? n : e;
  };
  while (p < n) {
    const c = text[p];
    if (c === " " || c === "\t" || c === "\r" || c === "\n" || c === "\u001a") {
      advanceTo(p + 1);
      continue;
    }
    const head = text.slice(p, p + 7).toLowerCase();
    if (head === "#begin[" || head.startsWith("#end[")) {
      const open = p + (head === "#begin[" ? 7 : 5);
      const close = text.indexOf("]", open);
      const eol = lineEnd(p);
      if (close < 0 || close > eol) {
        warnLine(line, "Blockmarke ohne schließende Klammer – übersprungen.");
      } else {
        yield { kind: head === "#begin[" ? "begin" : "end", name: text.slice(open, close).trim().toUpperCase(), value: "", line };
      }
      advanceTo(eol); // a counter or anything else after the marker is not content
      continue;
    }
    if (c === "[") {
      const close = text.indexOf("]", p);
      const key = close > 0 ? text.slice(p + 1, close) : "";
      if (/^[A-Za-z0-9_]+$/.test(key)) {
        END.lastIndex = close + 1;
        const m = END.exec(text);
        const startLine = line;
        // A value without [end] must not swallow the blocks and entries after it. Only the value's
        // own text is searched, so the whole file is scanned once.
        const runsOn = m ? runsIntoNextEntry(text.slice(close + 1, m.index)) : false;
        if (!m || runsOn) {
          const eol = lineEnd(close);
          warnLine(startLine, `Wert [${key}] ohne [end] – bis zum Zeilenende gelesen.`);
          yield { kind: "value", name: key.toUpperCase(), value: text.slice(close + 1, eol), line: startLine };
          advanceTo(eol);
        } else {
          yield { kind: "value", name: key.toUpperCase(), value: text.slice(close + 1, m.index), line: startLine };
          advanceTo(m.index + m[0].length);
        }
        continue;
      }
    }
    const eol = lineEnd(p);
    warnLine(line, `Kein gültiger GAEB-2000-Eintrag („${text.slice(p, Math.min(eol, p + 30)).trim()}“) – übersprungen.`);
    advanceTo(eol);
  }
}

class Gaeb2000Reader {
  private readonly lv: LvBuilder;
  private readonly blocks: string[] = [];
  private phase: number | null = null;
  private version = "";
  private projectName = "";
  private projectLabel = "";
  private lvName = "";
  private lvLabel = "";
  private currency = "";
  private stated: number | null = null;
  private readonly maskLevels: { type: string; length: number }[] = [];
  private glied: { type: string; length: number } | null = null;
  private mask: OzMask | null = null;
  private readonly preamble: string[] = [];
  /** Open LVBereich nodes and the item or remark being read. */
  private readonly sections: BoqNode[] = [];
  private entry: BoqNode | null = null;
  private entryBlock = "";
  private alnGroup: string | null = null;
  private alnSerial: number | null = null;

  constructor(private readonly limits: ReadLimits) {
    this.lv = new LvBuilder(limits);
  }

  read(text: string, encoding: string): ParsedTender {
    if (!/#begin\[/i.test(text)) throw new GaebError("not_xml", "no #begin[");
    for (const token of tokens(text, (line, message) => this.lv.warnLine(line, message))) {
      if (token.kind === "begin") this.begin(token);
      else if (token.kind === "end") this.end(token);
      else this.value(token);
    }
    if (this.phase === null) this.lv.warn("Die Datenaustauschphase ([DP]) ist nicht angegeben.");
    if (encoding !== "windows-1252" && encoding !== "utf-8") {
      this.lv.warn(
        `Die Datei ist im Zeichensatz ${ENCODING_LABELS[encoding as keyof typeof ENCODING_LABELS] ?? encoding} geschrieben; Umlaute wurden entsprechend gelesen.`,
      );
    }
    return this.lv.finish(
      {
        format: "gaeb-2000",
        version: this.version ? `2000 ${this.version}` : "2000",
        phase: this.phase,
        projectName: this.projectLabel || this.projectName,
        boqName: this.lvLabel || this.lvName,
        currency: this.currency || "EUR",
      },
      this.stated,
      this.preamble.join("\n\n"),
    );
  }

  private get top(): string {
    return this.blocks.at(-1) ?? "";
  }

  private ozMask(): OzMask {
    if (this.mask) return this.mask;
    const levels = this.maskLevels.filter((g) => g.type === "LVSTUFE").map((g) => g.length);
    const item = this.maskLevels.find((g) => g.type === "POSITION")?.length ?? 0;
    const index = this.maskLevels.find((g) => g.type === "INDEX")?.length ?? 0;
    if (item > 0) this.mask = { levels, item, index };
    else {
      this.lv.warn("Die OZ-Maske (LVGlied) fehlt; die Ordnungszahlen wurden als 2-2-4-1 gelesen.");
      this.mask = FALLBACK_MASK;
    }
    return this.mask;
  }

  private begin(token: Token): void {
    const name = token.name;
    if (this.blocks.length >= this.limits.maxXmlDepth) {
      throw new GaebError(
        "too_large",
        `block depth > ${this.limits.maxXmlDepth}`,
        `Blöcke mehr als ${this.limits.maxXmlDepth.toLocaleString("de-DE")} Ebenen tief verschachtelt`,
      );
    }
    // Inside a position, sub-blocks (Beschreibung, KatZuord, ZuschlPosition …) belong to it.
    if (this.entry && name !== "BESCHREIBUNG") {
      this.blocks.push(name);
      return;
    }
    this.blocks.push(name);
    if (name === "LVGLIED") this.glied = { type: "", length: 0 };
    else if (name === "LVBEREICH") {
      this.sections.push(this.lv.openSection("", ""));
    } else if (name === "POSITION") {
      this.entry = this.lv.addItem("");
      this.entryBlock = name;
      this.alnGroup = null;
      this.alnSerial = null;
    } else if (name === "HINWEIS") {
      this.entry = this.lv.addRemark();
      this.entryBlock = name;
    }
  }

  private end(token: Token): void {
    const at = this.blocks.lastIndexOf(token.name);
    if (at < 0) {
      this.lv.warnLine(token.line, `#end[${token.name}] ohne passendes #begin – übersprungen.`);
      return;
    }
    // Blocks left open inside are closed with it.
    for (const name of this.blocks.splice(at).reverse()) this.closed(name);
  }

  private closed(name: string): void {
    if (name === "LVGLIED" && this.glied) {
      this.maskLevels.push(this.glied);
      this.glied = null;
    } else if (name === "LVBEREICH") {
      this.lv.closeSection();
      this.sections.pop();
    } else if (name === this.entryBlock && this.entry) {
      this.finishEntry(this.entry);
      this.entry = null;
      this.entryBlock = "";
    }
  }

  private finishEntry(node: BoqNode): void {
    if (this.alnGroup !== null || this.alnSerial !== null) {
      node.flags.alternative = { group: this.alnGroup ?? "", serial: this.alnSerial ?? 0 };
    }
    if (node.kind === "item" && /^(psch|pausch|pauschal)$/i.test(node.unit)) node.flags.lumpSum = true;
  }

  private value(token: Token): void {
    const key = token.name;
    const raw = token.value;
    const v = raw.trim();
    const block = this.top;
    if (this.entry) return this.entryValue(this.entry, block, key, raw, token.line);
    switch (block) {
      case "GAEBINFO":
        if (key === "VERSION") this.version = v;
        return;
      case "PRJINFO":
        if (key === "NAME") this.projectName = collapseWhitespace(v);
        else if (key === "BEZ") this.projectLabel = collapseWhitespace(v);
        else if (key === "WAE") this.currency = normaliseCurrency(v);
        return;
      case "VERGABE":
        if (key === "DP") this.setPhase(v);
        return;
      case "VERGABEINFO":
        if (key === "WAE" && !this.currency) this.currency = normaliseCurrency(v);
        return;
      case "LVINFO":
        if (key === "NAME") this.lvName = collapseWhitespace(v);
        else if (key === "BEZ") this.lvLabel = collapseWhitespace(v);
        else if (key === "SUMME") this.stated = parseDecimal(v);
        return;
      case "LVGLIED":
        if (this.glied && key === "TYP") this.glied.type = v.toUpperCase();
        else if (this.glied && key === "LAENGE") this.glied.length = Number.parseInt(v, 10) || 0;
        return;
      case "LVBEREICH":
        return this.sectionValue(key, raw);
      case "ZUSTEXT":
        if (key === "TEXTRTF" || key === "TEXT") {
          const text = plainText(raw);
          if (text && !this.preamble.includes(text)) this.preamble.push(text);
        }
        return;
    }
  }

  private sectionValue(key: string, raw: string): void {
    const section = this.sections.at(-1);
    if (!section) return;
    if (key === "OZ") section.oz = sectionOz(raw.replace(/\r?\n/g, ""), this.ozMask(), this.lv.depth);
    else if (key === "BEZ" || key === "BEZTX") {
      if (!section.shortText) section.shortText = plainText(raw).replace(/\n/g, " ");
    } else if (key === "ENTF" && isYes(raw)) section.flags.notApplicable = true;
  }

  private entryValue(node: BoqNode, block: string, key: string, raw: string, line: number): void {
    const v = raw.trim();
    if (block === "BESCHREIBUNG") {
      if (key === "KURZTEXT") node.shortText = plainText(raw).replace(/\n/g, " ");
      else if (key === "LANGTEXT") node.longText = plainText(raw);
      return;
    }
    if (block !== this.entryBlock) return; // KatZuord, ZuschlPosition …: not the item's own fields
    switch (key) {
      case "OZ":
        if (node.kind === "item") node.oz = itemOz(raw.replace(/\r?\n/g, ""), this.ozMask());
        return;
      case "MENGE":
        node.qty = this.number(v, "Menge", line);
        return;
      case "ME":
        node.unit = v;
        return;
      case "EP":
        node.unitPrice = this.number(v, "Einheitspreis", line);
        return;
      case "GB":
        node.total = this.number(v, "Gesamtbetrag", line);
        return;
      case "BEDARF":
        // E = Bedarfsposition ohne Gesamtbetrag; any other letter but N = with total.
        if (/^e$/i.test(v)) node.flags.provisional = "WithoutTotal";
        else if (v && !/^n$/i.test(v)) node.flags.provisional = "WithTotal";
        return;
      case "ENTF":
        if (isYes(v)) node.flags.notApplicable = true;
        return;
      case "_GAEBXML_LUMPSUMITEM":
        node.flags.lumpSum = isYes(v);
        return;
      case "_GAEBXML_HOURIT":
        node.flags.hourly = isYes(v);
        return;
      case "_GAEBXML_KEYIT":
        node.flags.keyItem = isYes(v);
        return;
      case "_GAEBXML_QTYTBD":
        node.flags.qtyTBD = isYes(v);
        return;
      case "_GAEBXML_PROVIS":
        if (v === "WithoutTotal" || v === "WithTotal") node.flags.provisional = v;
        return;
      case "_GAEBXML_ALNGROUPNO":
        this.alnGroup = v;
        return;
      case "_GAEBXML_ALNSERNO":
        this.alnSerial = parseDecimal(v) ?? 0;
        return;
    }
  }

  private number(v: string, label: string, line: number): number | null {
    if (v === "") return null;
    const n = parseDecimal(v);
    if (n === null) this.lv.warnLine(line, `${label} „${v.slice(0, 20)}“ ist keine Zahl.`);
    return n;
  }

  private setPhase(v: string): void {
    const dp = Number.parseInt(v, 10);
    if (!SUPPORTED_PHASES.has(dp)) throw new GaebError("unsupported_phase", `DP ${v}`, `Phase ${v}`);
    this.phase = dp;
  }
}

/** The [Zeichensatz] a GAEB 2000 file declares, read from its ASCII bytes. */
function declaredCharset(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString("latin1");
  return /\[zeichensatz\]([^[]*)\[end\]/i.exec(head)?.[1]?.trim() ?? "";
}

/** Reads a GAEB 2000 file; throws GaebError with a German message when it cannot. */
export function readGaeb2000(buffer: Uint8Array, limits: ReadLimits = DEFAULT_LIMITS): ParsedTender {
  if (buffer.length === 0) throw new GaebError("empty");
  const { text, encoding } = decodeLegacyText(buffer, declaredCharset(buffer));
  return new Gaeb2000Reader(limits).read(text, encoding);
}
