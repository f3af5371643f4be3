// Tender PDFs (AVA prints of an LV): read the way a person reads them – columns from the header row
// and the x-positions, running headers and footers left out, multi-line texts joined to their item,
// quantities only from the quantity column. Guarded against decompression bombs and bounded by the
// reader limits; a password and a broken file end in a GaebError. A scan (no page with a text layer)
// is read with OCR (ocr/read-scan.ts) into the same text runs, so the same layout reader reads it;
// without Tesseract it ends as pdf_no_text.

import { GaebError } from "../../errors";
import { DEFAULT_LIMITS, type ReadLimits } from "../../limits";
import { computeTotals } from "../../totals";
import type { ParsedTender } from "../../types";
import { extractText } from "./extract-runs";
import type { PageText } from "./model";
import { ocrAvailable, readScanPages } from "./ocr/read-scan";
import { layoutPages } from "./page-layout";
import { checkPdfStreams } from "./pdf-guard";
import { recognisePositions } from "./recognise-items";

const germanCount = (n: number) => n.toLocaleString("de-DE");

export async function readTenderPdf(buffer: Uint8Array, limits: ReadLimits = DEFAULT_LIMITS): Promise<ParsedTender> {
  checkPdfStreams(buffer, limits);
  const extracted = await extractText(buffer, limits);
  const { numPages } = extracted;
  let pages = extracted.pages;
  const scan = !pages.some((p) => p.runs.length);
  const warnings: string[] = [];
  if (scan) {
    if (!(await ocrAvailable())) throw new GaebError("pdf_no_text", `${numPages} pages without text, no tesseract with deu`);
    const read = await readScanPages(buffer, pages, limits);
    if (!read.pages.some((p) => p.runs.length)) {
      if (read.outOfTime.length) throw new GaebError("reader_timeout", `OCR time cap of ${limits.ocrTimeMs} ms reached before any text`);
      throw new GaebError("ocr_no_text", `${numPages} pages, OCR found no text`);
    }
    pages = read.pages;
    warnings.push(...scanWarnings(numPages, pages, read.outOfTime));
  }

  const { positions, preamble, warnings: pageWarnings } = recognisePositions(layoutPages(pages));
  if (positions.length > limits.maxPositions) {
    throw new GaebError(
      "too_large",
      `pdf: ${positions.length} positions, limit ${limits.maxPositions}`,
      `mehr als ${germanCount(limits.maxPositions)} Positionen`,
    );
  }

  if (!positions.some((p) => p.kind === "item")) {
    warnings.push(
      "Die PDF-Datei enthält keine erkennbaren LV-Positionen (Ordnungszahl, Menge und Einheit in ihren Spalten). Bitte laden Sie, wenn vorhanden, die GAEB-Datei (.x83) hoch.",
    );
  } else {
    warnings.push(
      "Die Positionen wurden aus dem Layout der PDF-Datei erkannt. Langtexte und Positionsarten können unvollständig sein; die GAEB-Datei liefert genauere Ergebnisse.",
    );
  }
  if (numPages > pages.length && !scan) {
    warnings.push(`Die PDF-Datei hat ${germanCount(numPages)} Seiten; gelesen wurden nur die ersten ${germanCount(pages.length)}.`);
  }
  const textless = pages.filter((p) => p.runs.length === 0).map((p) => p.number);
  if (textless.length && !scan) {
    warnings.push(
      `${textless.length === 1 ? "Seite" : "Seiten"} ${textless.join(", ")}: kein auslesbarer Text (vermutlich eingescannt oder ein Bild); ${textless.length === 1 ? "sie wurde" : "sie wurden"} nicht gelesen.`,
    );
  }
  warnings.push(...pageWarnings);

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
    ...(preamble ? { preamble } : {}),
    ...(scan ? { ocr: true } : {}),
  };
}

const pageList = (numbers: number[]) => `${numbers.length === 1 ? "Seite" : "Seiten"} ${numbers.join(", ")}`;

/** What the user must know about a scan read with OCR: that it needs checking, and what was left out. */
function scanWarnings(numPages: number, pages: PageText[], outOfTime: number[]): string[] {
  const warnings = [
    "Die PDF-Datei ist ein Scan ohne Textebene: Die Positionen wurden mit Texterkennung (OCR) aus den Seitenbildern gelesen. Bitte prüfen Sie Ordnungszahlen, Mengen, Einheiten und Texte mit dem Original.",
  ];
  const last = pages.length + outOfTime.length;
  if (numPages > last) {
    warnings.push(
      `Die PDF-Datei hat ${germanCount(numPages)} Seiten; mit Texterkennung gelesen wurden nur die ersten ${germanCount(last)}.`,
    );
  }
  if (outOfTime.length) {
    warnings.push(
      `${pageList(outOfTime)}: Die Texterkennung hat ihre Zeitgrenze erreicht; ${outOfTime.length === 1 ? "diese Seite wurde" : "diese Seiten wurden"} nicht gelesen.`,
    );
  }
  const blank = pages.filter((p) => p.runs.length === 0).map((p) => p.number);
  if (blank.length) warnings.push(`${pageList(blank)}: Die Texterkennung hat keinen Text gefunden.`);
  return warnings;
}
