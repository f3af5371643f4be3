// Builds a ParsedTender from the sections, items and remarks a GAEB 90 or GAEB 2000 reader
// meets in document order: levels and parents from the open sections, the position cap, totals,
// duplicate OZ and the warnings naming lines.

import { GaebError } from "../errors";
import type { ReadLimits } from "../limits";
import { computeTotals } from "../totals";
import { isPriceOnly } from "./gaeb-xml/reader";
import { markBidderGaps } from "./pdf/paragraphs";
import { newNode, type BoqNode, type ParsedTender } from "../types";

/** Line warnings shown one by one; the rest are counted in one summary line. */
const MAX_LINE_WARNINGS = 20;

const germanCount = (n: number) => n.toLocaleString("de-DE");

/** "EUR", and the € sign (or the "?" a DOS code page made of it) as EUR. */
export const normaliseCurrency = (raw: string) => {
  const v = raw.trim();
  return v === "€" || v === "?" ? "EUR" : v;
};

export class LvBuilder {
  readonly positions: BoqNode[] = [];
  private readonly open: BoqNode[] = [];
  private readonly warnings: string[] = [];
  private lineWarnings = 0;

  constructor(private readonly limits: ReadLimits) {}

  private add(node: BoqNode): BoqNode {
    if (this.positions.length >= this.limits.maxPositions) {
      throw new GaebError(
        "too_large",
        `positions > ${this.limits.maxPositions}`,
        `mehr als ${germanCount(this.limits.maxPositions)} Positionen`,
      );
    }
    const parent = this.open.at(-1);
    node.level = this.open.length;
    node.parentOz = parent?.oz ?? null;
    this.positions.push(node);
    return node;
  }

  /** Opens a Los/Titel/Bereich; it stays the parent until `closeSection`. */
  openSection(oz: string, label: string): BoqNode {
    const node = this.add(newNode("title", { oz, shortText: label }));
    this.open.push(node);
    return node;
  }

  closeSection(): void {
    this.open.pop();
  }

  /** Closes sections until `depth` remain open (GAEB 90 nests sections by their OZ only). */
  closeToDepth(depth: number): void {
    while (this.open.length > depth) this.open.pop();
  }

  get depth(): number {
    return this.open.length;
  }

  addItem(oz: string): BoqNode {
    return this.add(newNode("item", { oz }));
  }

  addRemark(): BoqNode {
    return this.add(newNode("remark"));
  }

  warn(message: string): void {
    this.warnings.push(message);
  }

  /** A malformed record or line; only the first few are listed one by one. */
  warnLine(line: number, message: string): void {
    this.lineWarnings++;
    if (this.lineWarnings <= MAX_LINE_WARNINGS) this.warnings.push(`Zeile ${line}: ${message}`);
  }

  finish(
    meta: Omit<ParsedTender, "positions" | "totals" | "warnings" | "preamble">,
    stated: number | null,
    preamble: string,
  ): ParsedTender {
    if (this.lineWarnings > MAX_LINE_WARNINGS) {
      this.warnings.push(`… und ${germanCount(this.lineWarnings - MAX_LINE_WARNINGS)} weitere fehlerhafte Zeilen.`);
    }
    const items = this.positions.filter((p) => p.kind === "item");
    // GAEB 90/2000 have no text complements: bidder gaps are dotted or ruled lines, marked as the
    // PDF and sheet readers mark them.
    for (const item of items) {
      const short = markBidderGaps(item.shortText);
      const long = markBidderGaps(item.longText);
      item.shortText = short.text;
      item.longText = long.text;
      item.bidderGaps = short.gaps + long.gaps;
    }
    if (items.length === 0) this.warnings.push("Die Datei enthält keine Positionen.");
    this.warnDuplicateOz();
    const priced = items.some((p) => p.unitPrice !== null || p.total !== null);
    // "Summe 0" in an unpriced LV (an X83 twin has no total at all) states nothing.
    const totals = computeTotals(this.positions, priced || (stated ?? 0) !== 0 ? stated : null);
    if (totals.stated !== null && totals.total !== null && Math.abs(totals.stated - totals.total) > 0.005) {
      this.warnings.push(
        `Die Summe laut Datei (${totals.stated.toFixed(2)}) weicht von der Summe der Positionen (${totals.total.toFixed(2)}) ab.`,
      );
    }
    const remarksBeforeFirstItem: string[] = [];
    for (const node of this.positions) {
      if (node.kind === "item") break;
      if (node.kind === "remark") remarksBeforeFirstItem.push([node.shortText, node.longText].filter(Boolean).join("\n"));
    }
    const fullPreamble = [preamble, ...remarksBeforeFirstItem].filter(Boolean).join("\n\n");
    // A D84/P84 with prices only (no quantities, no texts) completes an earlier LV, like an X84.
    const priceOnly = isPriceOnly(items);
    return {
      ...meta,
      positions: this.positions,
      totals,
      warnings: this.warnings,
      ...(priceOnly ? { priceOnly } : {}),
      ...(fullPreamble ? { preamble: fullPreamble } : {}),
    };
  }

  private warnDuplicateOz(): void {
    const seen = new Set<string>();
    const duplicates = new Set<string>();
    for (const node of this.positions) {
      if (!node.oz) continue;
      if (seen.has(node.oz)) duplicates.add(node.oz);
      seen.add(node.oz);
    }
    if (duplicates.size) this.warnings.push(`Folgende Ordnungszahlen kommen mehrfach vor: ${[...duplicates].slice(0, 10).join(", ")}.`);
  }
}
