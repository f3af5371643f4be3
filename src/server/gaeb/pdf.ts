// Tender PDFs: extract the text with PDF.js and recognise LV lines of the form
// "01.02.0010  Boden lösen ....  100,000 m3 [unit price [total]]". Only what the layout shows on
// one line is recognised; everything else is reported as a warning, never guessed.

import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import * as pdfWorker from "pdfjs-dist/legacy/build/pdf.worker.mjs";
import { GaebError } from "./errors";
import { DEFAULT_LIMITS, type ReadLimits } from "./limits";
import { collapseWhitespace } from "./text-buffer";
import { computeTotals, parseDecimal } from "./totals";
import { newNode, type BoqNode, type ParsedTender } from "./types";

// Run PDF.js's worker code on this thread: no worker thread, no worker file to load.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= pdfWorker;

const OZ = String.raw`\d{1,4}(?:\.[0-9A-Za-z]{1,4}){1,5}\.?`;
const NUMBER = String.raw`\d{1,3}(?:\.\d{3})+(?:,\d{1,3})?|\d+(?:,\d{1,3})?`;
const MONEY = String.raw`\d{1,3}(?:\.\d{3})*,\d{2}`;
const UNITS = String.raw`m[23²³]?|qm|cbm|lfm|lfdm|St(?:ck|k|ück)?|psch|pauschal|h|Std|t|kg|l|Wo|Tg|Mon`;
/** OZ, text, quantity, unit, optionally unit price and total. */
const ITEM_LINE = new RegExp(`^(${OZ})\\s+(.+?)\\s+(${NUMBER})\\s*(${UNITS})\\.?(?:\\s+(${MONEY})(?:\\s+(${MONEY}))?)?$`, "i");
/** Lump-sum items are often printed without a quantity. */
const LUMP_SUM_LINE = new RegExp(`^(${OZ})\\s+(.+?)\\s+(psch|pauschal)\\.?(?:\\s+(${MONEY}))?$`, "i");
/** A possible title: ordinal number (with or without dots) and a text, no quantity. */
const HEADING_LINE = /^(\d{1,4}(?:\.[0-9A-Za-z]{1,4}){0,5})\.?\s+([A-Za-zÄÖÜäöüß].*)$/;
const PAGE_FURNITURE = /^(seite\s+\d+(\s+von\s+\d+)?|\d+\s*\/\s*\d+|-\s*\d+\s*-)$/i;
/** Dotted or underlined blanks in a long text are gaps for the bidder to fill. */
const BLANK = /[._]{5,}/g;
const BIDDER_GAP = "[Bieterangabe: …]";
/** Runs whose baselines differ by at most this (pt) are on one line. */
const LINE_Y_TOLERANCE = 2;
/** Runs further apart than this (pt) are separate words or columns. */
const WORD_GAP = 1;

interface Run {
  str: string;
  x: number;
  y: number;
  width: number;
}

/** Text runs of a page grouped into lines, top to bottom, left to right. */
function runsToLines(runs: Run[]): string[] {
  const lines: { y: number; runs: Run[] }[] = [];
  for (const run of runs) {
    if (!run.str.trim()) continue;
    const line = lines.find((l) => Math.abs(l.y - run.y) <= LINE_Y_TOLERANCE);
    if (line) line.runs.push(run);
    else lines.push({ y: run.y, runs: [run] });
  }
  return lines
    .sort((a, b) => b.y - a.y)
    .map(({ runs: lineRuns }) => {
      lineRuns.sort((a, b) => a.x - b.x);
      let text = "";
      let end = -Infinity;
      for (const run of lineRuns) {
        text += (run.x - end > WORD_GAP ? " " : "") + run.str;
        end = run.x + run.width;
      }
      return collapseWhitespace(text);
    })
    .filter(Boolean);
}

async function extractLines(buffer: Uint8Array): Promise<string[]> {
  // A copy: PDF.js may take ownership of (detach) the buffer it is given.
  const task = getDocument({
    data: new Uint8Array(buffer),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const lines: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const runs: Run[] = [];
      for (const item of content.items) {
        if ("str" in item) runs.push({ str: item.str, x: item.transform[4], y: item.transform[5], width: item.width });
      }
      lines.push(...runsToLines(runs));
      page.cleanup();
    }
    return lines;
  } catch (err) {
    // Broken, encrypted or unsupported PDFs – PDF.js says which in its message.
    throw new GaebError("pdf_unreadable", err instanceof Error ? err.message : String(err));
  } finally {
    await task.destroy();
  }
}

/** Position kinds a printed LV states in words. */
function flagsFromText(node: BoqNode): void {
  const text = `${node.shortText} ${node.longText}`;
  if (/(bedarfs|eventual)pos/i.test(text)) {
    node.flags.provisional = /ohne\s+(GB|Gesamtbetrag)/i.test(text) ? "WithoutTotal" : "WithTotal";
  }
  if (/(wahl|alternativ)pos/i.test(text)) node.flags.alternative = { group: "", serial: 1 };
  if (/^(psch|pauschal)$/i.test(node.unit)) node.flags.lumpSum = true;
  if (/stundenlohn/i.test(text) && /^(h|std)$/i.test(node.unit)) node.flags.hourly = true;
}

/** An item (or title) from an "OZ text" line; trailing dot leaders are not part of the text. */
function nodeFromLine(kind: "item" | "title", oz: string, text: string): BoqNode {
  return newNode(kind, { oz: oz.replace(/\.$/, ""), shortText: text.replace(/[\s._·]+$/, "") });
}

/** Recognises positions in extracted lines; exported for tests of the line grammar. */
export function recognisePositions(lines: string[]): BoqNode[] {
  const items: BoqNode[] = [];
  const headings: { index: number; oz: string; text: string }[] = [];
  const longText = new Map<BoqNode, string[]>();
  let current: BoqNode | null = null;

  for (const line of lines) {
    if (PAGE_FURNITURE.test(line)) continue;
    const item = ITEM_LINE.exec(line);
    const lumpSum = item ? null : LUMP_SUM_LINE.exec(line);
    if (item) {
      current = nodeFromLine("item", item[1], item[2]);
      current.qty = parseDecimal(item[3]);
      current.unit = item[4];
      // One amount is the unit price; a second one the total.
      current.unitPrice = item[5] ? parseDecimal(item[5]) : null;
      current.total = item[6] ? parseDecimal(item[6]) : null;
      items.push(current);
    } else if (lumpSum) {
      current = nodeFromLine("item", lumpSum[1], lumpSum[2]);
      current.unit = lumpSum[3];
      current.total = lumpSum[4] ? parseDecimal(lumpSum[4]) : null;
      items.push(current);
    } else {
      const heading = HEADING_LINE.exec(line);
      if (heading) {
        headings.push({ index: items.length, oz: heading[1], text: heading[2] });
        current = null;
      } else if (current) {
        const own = longText.get(current);
        if (own) own.push(line);
        else longText.set(current, [line]);
      }
    }
  }

  // A heading is a title only if a recognised item is numbered below it.
  const titles = headings.filter((h) => items.some((i) => i.oz.startsWith(`${h.oz}.`)));
  const nodes: BoqNode[] = [];
  let next = 0;
  const pushTitlesBefore = (index: number) => {
    while (next < titles.length && titles[next].index <= index) {
      const t = titles[next++];
      nodes.push(nodeFromLine("title", t.oz, t.text));
    }
  };
  items.forEach((item, i) => {
    pushTitlesBefore(i);
    const text = (longText.get(item) ?? []).join("\n");
    item.bidderGaps = text.match(BLANK)?.length ?? 0;
    item.longText = text.replace(BLANK, BIDDER_GAP);
    flagsFromText(item);
    nodes.push(item);
  });
  pushTitlesBefore(Infinity);

  // Parent = the earlier title with the longest OZ that is a segment prefix.
  const titleByOz = new Map<string, BoqNode>();
  for (const node of nodes) {
    const segments = node.oz.split(".");
    let parent: BoqNode | undefined;
    for (let n = segments.length - 1; n > 0 && !parent; n--) parent = titleByOz.get(segments.slice(0, n).join("."));
    node.parentOz = parent?.oz ?? null;
    node.level = parent ? parent.level + 1 : 0;
    if (node.kind === "title") titleByOz.set(node.oz, node);
  }
  return nodes;
}

export async function readTenderPdf(buffer: Uint8Array, _limits: ReadLimits = DEFAULT_LIMITS): Promise<ParsedTender> {
  const lines = await extractLines(buffer);
  const positions = recognisePositions(lines);
  const warnings: string[] = [];
  if (lines.length === 0) {
    warnings.push(
      "Die PDF-Datei enthält keine erkennbaren LV-Positionen: sie enthält keinen auslesbaren Text (vermutlich ein Scan). Bitte laden Sie, wenn vorhanden, die GAEB-Datei (.x83) hoch.",
    );
  } else if (!positions.some((p) => p.kind === "item")) {
    warnings.push(
      "Die PDF-Datei enthält keine erkennbaren LV-Positionen (Ordnungszahl, Menge und Einheit in einer Zeile). Bitte laden Sie, wenn vorhanden, die GAEB-Datei (.x83) hoch.",
    );
  } else {
    warnings.push(
      "Die Positionen wurden aus dem Layout der PDF-Datei erkannt. Langtexte und Positionsarten können unvollständig sein; die GAEB-Datei liefert genauere Ergebnisse.",
    );
  }
  return {
    format: "pdf",
    version: null,
    phase: null,
    projectName: "",
    boqName: "",
    currency: "EUR",
    positions,
    totals: computeTotals(positions, null),
    warnings,
  };
}
