// GAEB 90 reader (.d81–.d86): fixed 80-character records, the record type ("Satzart") in
// columns 1–2, data in 3–74, a running record number in 75–80. The records an LV uses:
//   00 header: phase (11–12), OZ mask (63–71)     01 LV name (3–42)   02 project   08 currency
//   11 section start: compact OZ (3–11)           12 section label (continued over several 12)
//   20 remark (Hinweistext) start                 21 item: OZ (3–11), kind letters (12–14),
//      quantity with three implied decimals (24–34), unit (35–38)
//   23 prices of the item before (phase 84): unit price and total as digit fields
//   25 short text   26/27 long text               31 section end      99 end of file
//   T0/T1/T9 free text before the LV (Baubeschreibung)
// Records may be separated by line breaks or not at all; the record number is ignored.

import { GaebError } from "../../errors";
import { DEFAULT_LIMITS, type ReadLimits } from "../../limits";
import { collapseWhitespace } from "../gaeb-xml/text-buffer";
import { ENCODING_LABELS, decodeLegacyText } from "../legacy-charset";
import { LvBuilder, normaliseCurrency } from "../lv-builder";
import { itemOz, parseMaskString, sectionOz, type OzMask } from "../oz-mask";
import type { BoqNode, ParsedTender } from "../../types";

const RECORD = 80;
/** Columns 1–74 carry the data; 75–80 the record number. */
const DATA_END = 74;
const SUPPORTED_PHASES = new Set([81, 82, 83, 84, 85, 86]);
/** A mask for files without a usable one: two section levels of 2, position 4, index 1. */
const FALLBACK_MASK: OzMask = { levels: [2, 2], item: 4, index: 1 };

/** 1-based, inclusive columns as in the GAEB 90 record descriptions. */
const col = (record: string, from: number, to: number) => record.slice(from - 1, to);

interface Record90 {
  type: string;
  text: string;
  line: number;
}

/** Splits into records: by line breaks, or every 80 characters when the file has none. */
function records(text: string): Record90[] {
  const body = text.replace(/^\uFEFF/, "");
  const lines = /[\r\n]/.test(body) ? body.split(/\r\n|\r|\n/) : (body.match(new RegExp(`[^]{1,${RECORD}}`, "g")) ?? []);
  const out: Record90[] = [];
  lines.forEach((raw, i) => {
    if (raw.trim() === "" || raw === "\u001a") return;
    const padded = raw.padEnd(RECORD);
    out.push({ type: padded.slice(0, 2).toUpperCase(), text: padded.slice(0, DATA_END), line: i + 1 });
  });
  return out;
}

/** A fixed-point field with `decimals` implied decimals ("00000001500" → 1.5); null if blank. */
function impliedDecimal(raw: string, decimals: number): number | null | "invalid" {
  const s = raw.trim();
  if (s === "") return null;
  const negative = /-/.test(s);
  const digits = s.replace(/[-+\s]/g, "");
  if (!/^\d+$/.test(digits)) return "invalid";
  const n = Number(digits) / 10 ** decimals;
  return negative ? -n : n;
}

/**
 * Unit price (3 or 2 implied decimals) and total (2) whose product with the quantity agrees. The
 * two fields are either apart or written back to back as one run of digits; then every split is
 * tried. Accepted only when exactly one reading is consistent.
 */
export function consistentPrices(numbers: string[], qty: number | null): { unitPrice: number; total: number } | null {
  if (qty === null || numbers.length === 0 || numbers.length > 2) return null;
  const pairs: [string, string][] =
    numbers.length === 2
      ? [[numbers[0], numbers[1]]]
      : [...Array(Math.max(0, numbers[0].length - 1)).keys()].map((i) => [numbers[0].slice(0, i + 1), numbers[0].slice(i + 1)]);
  const readings = new Map<string, { unitPrice: number; total: number }>();
  for (const [up, it] of pairs) {
    const total = Number(it) / 100;
    for (const decimals of [3, 2]) {
      const unitPrice = Number(up) / 10 ** decimals;
      if (total > 0 && Math.abs(Math.round(qty * unitPrice * 100) / 100 - total) < 0.005)
        readings.set(`${unitPrice}|${total}`, { unitPrice, total });
    }
  }
  return readings.size === 1 ? [...readings.values()][0] : null;
}

class Gaeb90Reader {
  private readonly lv: LvBuilder;
  private mask: OzMask | null = null;
  private phase: number | null = null;
  private lvName = "";
  private projectName = "";
  private currency = "";
  private statedTotal: number | null = null;
  private readonly preambleLines: string[] = [];
  /** Where text records (12, 25, 26) go. */
  private section: BoqNode | null = null;
  private entry: BoqNode | null = null;
  private longLines: string[] = [];
  private shortLines: string[] = [];

  constructor(limits: ReadLimits) {
    this.lv = new LvBuilder(limits);
  }

  read(text: string, encoding: string): ParsedTender {
    const recs = records(text);
    if (!recs.some((r) => /^\d\d$/.test(r.type))) throw new GaebError("not_xml", "no GAEB 90 records");
    for (const rec of recs) this.record(rec);
    this.flushEntry();
    if (this.phase === null) this.lv.warn("Die Datenaustauschphase (Satz 00) ist nicht angegeben.");
    if (encoding !== "windows-1252" && encoding !== "utf-8") {
      this.lv.warn(
        `Die Datei ist im Zeichensatz ${ENCODING_LABELS[encoding as keyof typeof ENCODING_LABELS] ?? encoding} geschrieben; Umlaute wurden entsprechend gelesen.`,
      );
    }
    return this.lv.finish(
      {
        format: "gaeb-90",
        version: "90",
        phase: this.phase,
        projectName: this.projectName,
        boqName: this.lvName,
        currency: this.currency || "EUR",
      },
      this.statedTotal,
      this.preambleLines.join("\n").trim(),
    );
  }

  private record(rec: Record90): void {
    const r = rec.text;
    switch (rec.type) {
      case "00":
        return this.header(rec);
      case "01":
        this.lvName = collapseWhitespace(col(r, 3, 42));
        return;
      case "02":
        this.projectName = collapseWhitespace(col(r, 3, DATA_END));
        return;
      case "99": {
        const total = impliedDecimal(col(r, 3, 14), 2);
        if (typeof total === "number") this.statedTotal = total;
        return;
      }
      case "08":
        this.currency = normaliseCurrency(col(r, 3, 8));
        return;
      case "11":
        return this.openSection(rec);
      case "12":
        if (this.section && !this.entry) {
          this.section.shortText = [this.section.shortText, collapseWhitespace(col(r, 3, DATA_END))].filter(Boolean).join(" ");
        } else this.lv.warnLine(rec.line, "Bereichsbezeichnung (Satz 12) ohne vorangehenden Bereich – übersprungen.");
        return;
      case "20":
        this.flushEntry();
        this.entry = this.lv.addRemark();
        this.shortLines = [collapseWhitespace(col(r, 3, DATA_END))].filter(Boolean);
        return;
      case "21":
        return this.openItem(rec);
      case "23":
        return this.prices(rec);
      case "25":
        if (this.entry) this.shortLines.push(collapseWhitespace(col(r, 3, DATA_END)));
        else this.lv.warnLine(rec.line, "Kurztext (Satz 25) ohne Position – übersprungen.");
        return;
      case "26":
      case "27":
        if (this.entry) this.longLines.push(collapseWhitespace(col(r, 3, DATA_END)));
        else if (this.section) this.lv.warnLine(rec.line, `Langtext (Satz ${rec.type}) ohne Position – übersprungen.`);
        return;
      case "31":
        this.flushEntry();
        if (this.lv.depth === 0) this.lv.warnLine(rec.line, "Bereichsende (Satz 31) ohne offenen Bereich.");
        this.lv.closeSection();
        this.section = null;
        return;
      default:
        if (/^T\d$/.test(rec.type)) this.preambleLines.push(col(r, 3, DATA_END).trimEnd());
        else if (/^\d\d$/.test(rec.type))
          return; // other record types (addresses, price shares …) carry nothing we show
        else this.lv.warnLine(rec.line, `Kein gültiger GAEB-90-Satz (Satzart „${rec.type.trim()}“) – übersprungen.`);
    }
  }

  private header(rec: Record90): void {
    const dp = Number.parseInt(col(rec.text, 11, 12), 10);
    if (Number.isFinite(dp)) {
      if (!SUPPORTED_PHASES.has(dp)) throw new GaebError("unsupported_phase", `DA ${dp}`, `Phase ${dp}`);
      this.phase = dp;
    }
    this.mask = parseMaskString(col(rec.text, 63, 71));
    if (!this.mask)
      this.lv.warnLine(rec.line, "Die OZ-Maske (Satz 00, Spalten 63–71) fehlt; die Ordnungszahlen wurden als 2-2-4-1 gelesen.");
  }

  private ozMask(): OzMask {
    return this.mask ?? FALLBACK_MASK;
  }

  private openSection(rec: Record90): void {
    this.flushEntry();
    const raw = col(rec.text, 3, 11);
    const mask = this.ozMask();
    // The depth of a section is the number of mask levels its OZ fills.
    let depth = 0;
    let offset = 0;
    for (const length of mask.levels) {
      if (raw.slice(offset, offset + length).trim() === "") break;
      depth++;
      offset += length;
    }
    if (depth === 0) {
      this.lv.warnLine(rec.line, "Bereich (Satz 11) ohne Ordnungszahl – übersprungen.");
      return;
    }
    // A section whose end record (31) is missing is closed by the next one on its level.
    this.lv.closeToDepth(depth - 1);
    this.section = this.lv.openSection(sectionOz(raw, mask, depth), "");
  }

  private openItem(rec: Record90): void {
    this.flushEntry();
    const r = rec.text;
    const raw = col(r, 3, 11);
    if (raw.trim() === "") {
      this.lv.warnLine(rec.line, "Position (Satz 21) ohne Ordnungszahl – übersprungen.");
      return;
    }
    const node = this.lv.addItem(itemOz(raw, this.ozMask()));
    const qty = impliedDecimal(col(r, 24, 34), 3);
    if (qty === "invalid") this.lv.warnLine(rec.line, `Menge „${col(r, 24, 34).trim()}“ der Position ${node.oz} ist keine Zahl.`);
    else node.qty = qty;
    node.unit = col(r, 35, 38).trim();
    if (col(r, 22, 22).toUpperCase() === "X") node.flags.qtyTBD = true;
    this.applyKind(node, col(r, 12, 14).toUpperCase(), col(r, 15, 23).trim());
    if (/^(psch|pausch|pauschal)$/i.test(node.unit)) node.flags.lumpSum = true;
    this.entry = node;
  }

  /**
   * Record 23 carries the unit price and the item total as fixed-point digit fields after the
   * OZ. Their implied decimals differ between programs, so the reading is accepted only where it is
   * consistent: quantity × unit price = total (to the cent); otherwise the record is reported.
   */
  private prices(rec: Record90): void {
    const node = this.entry;
    if (!node || node.kind !== "item") {
      this.lv.warnLine(rec.line, "Preise (Satz 23) ohne Position – übersprungen.");
      return;
    }
    const numbers = col(rec.text, 12, DATA_END).match(/\d+/g) ?? [];
    const reading = consistentPrices(numbers, node.qty);
    if (!reading) {
      this.lv.warnLine(rec.line, `Preise der Position ${node.oz} (Satz 23) sind nicht eindeutig lesbar – übersprungen.`);
      return;
    }
    node.unitPrice = reading.unitPrice;
    node.total = reading.total;
  }

  /**
   * Positionsart letters: first G = Grundposition, A/W = Wahlposition (alternative to the OZ in
   * columns 15–23), E/B = Bedarfsposition; second E/B = Bedarfsposition; S in any = Stundenlohn.
   */
  private applyKind(node: BoqNode, kind: string, reference: string): void {
    const [first, second] = [kind[0] ?? " ", kind[1] ?? " "];
    if (first === "G") node.flags.alternative = { group: node.oz, serial: 0 };
    if (first === "A" || first === "W") {
      const group = reference ? itemOz(reference, this.ozMask()) : "";
      node.flags.alternative = { group, serial: 1 };
    }
    if (first === "E" || second === "E" || first === "B" || second === "B") node.flags.provisional = "WithoutTotal";
    if (kind.includes("S")) node.flags.hourly = true;
  }

  private flushEntry(): void {
    const node = this.entry;
    if (node) {
      node.shortText = this.shortLines.filter(Boolean).join(" ");
      node.longText = this.longLines.filter(Boolean).join("\n");
    }
    this.entry = null;
    this.shortLines = [];
    this.longLines = [];
  }
}

/** Reads a GAEB 90 file; throws GaebError with a German message when it cannot. */
export function readGaeb90(buffer: Uint8Array, limits: ReadLimits = DEFAULT_LIMITS): ParsedTender {
  if (buffer.length === 0) throw new GaebError("empty");
  const { text, encoding } = decodeLegacyText(buffer);
  return new Gaeb90Reader(limits).read(text, encoding);
}
