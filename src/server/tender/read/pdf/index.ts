// Tender PDFs (AVA prints of an LV): read the way a person reads them – columns from the header row
// and the x-positions, running headers and footers left out, multi-line texts joined to their item,
// quantities only from the quantity column. Guarded against decompression bombs and bounded by the
// reader limits; a scan without text, a password and a broken file end in a GaebError.

import { GaebError } from "../../errors";
import { DEFAULT_LIMITS, type ReadLimits } from "../../limits";
import { computeTotals } from "../../totals";
import type { ParsedTender } from "../../types";
import { extractText } from "./extract-runs";
import { layoutPages } from "./page-layout";
import { checkPdfStreams } from "./pdf-guard";
import { recognisePositions } from "./recognise-items";

const germanCount = (n: number) => n.toLocaleString("de-DE");

export async function readTenderPdf(buffer: Uint8Array, limits: ReadLimits = DEFAULT_LIMITS): Promise<ParsedTender> {
  checkPdfStreams(buffer, limits);
  const { pages, numPages } = await extractText(buffer, limits);
  if (!pages.some((p) => p.runs.length)) throw new GaebError("pdf_no_text", `${numPages} pages without text`);

  const { positions, preamble, warnings: pageWarnings } = recognisePositions(layoutPages(pages));
  if (positions.length > limits.maxPositions) {
    throw new GaebError(
      "too_large",
      `pdf: ${positions.length} positions, limit ${limits.maxPositions}`,
      `mehr als ${germanCount(limits.maxPositions)} Positionen`,
    );
  }

  const warnings: string[] = [];
  if (!positions.some((p) => p.kind === "item")) {
    warnings.push(
      "Die PDF-Datei enthält keine erkennbaren LV-Positionen (Ordnungszahl, Menge und Einheit in ihren Spalten). Bitte laden Sie, wenn vorhanden, die GAEB-Datei (.x83) hoch.",
    );
  } else {
    warnings.push(
      "Die Positionen wurden aus dem Layout der PDF-Datei erkannt. Langtexte und Positionsarten können unvollständig sein; die GAEB-Datei liefert genauere Ergebnisse.",
    );
  }
  if (numPages > pages.length) {
    warnings.push(`Die PDF-Datei hat ${germanCount(numPages)} Seiten; gelesen wurden nur die ersten ${germanCount(pages.length)}.`);
  }
  const textless = pages.filter((p) => p.runs.length === 0).map((p) => p.number);
  if (textless.length) {
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
  };
}
