// The text runs of a PDF's pages through PDF.js, with their positions, font sizes and whether the
// font is bold. Bounded: at most limits.maxPdfPages pages and limits.maxPdfTextItems runs.

import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import * as pdfWorker from "pdfjs-dist/legacy/build/pdf.worker.mjs";
import { GaebError } from "../../errors";
import type { ReadLimits } from "../../limits";
import type { PageText, TextRun } from "./model";

// Run PDF.js's worker code on this thread: no worker thread, no worker file to load.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= pdfWorker;

/** Font names of bold faces ("AAAAAA+LiberationSans-Bold", "Arial,Bold", "Helvetica-Black"). */
const BOLD_FONT = /bold|black|heavy|semibold|demibold|[-,]bd\b|[-,]b$/i;
/** Pages on which the operator list is built to learn font names: it costs a page's parse. */
const MAX_FONT_LOOKUPS = 12;

export interface ExtractedText {
  pages: PageText[];
  /** Pages in the document (more than were read if the page cap was hit). */
  numPages: number;
}

const germanCount = (n: number) => n.toLocaleString("de-DE");

interface PdfError {
  name?: string;
  message?: string;
}

function asGaebError(err: unknown): GaebError {
  if (err instanceof GaebError) return err;
  const { name, message } = (err ?? {}) as PdfError;
  if (name === "PasswordException") return new GaebError("pdf_encrypted", `pdf.js: ${message ?? ""}`);
  return new GaebError("pdf_unreadable", `pdf.js: ${name ?? "Error"}: ${message ?? String(err)}`);
}

/** Reads the text runs of the first limits.maxPdfPages pages. */
export async function extractText(buffer: Uint8Array, limits: ReadLimits): Promise<ExtractedText> {
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
    // Images are never needed: building a page's operator list (for the font names) skips them.
    maxImageSize: 1,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const numPages = doc.numPages;
    const pages: PageText[] = [];
    const boldFont = new Map<string, boolean>();
    let fontLookups = 0;
    let runCount = 0;
    for (let n = 1; n <= Math.min(numPages, limits.maxPdfPages); n++) {
      const page = await doc.getPage(n);
      const [x0, y0, x1, y1] = page.view;
      const height = y1 - y0;
      const content = await page.getTextContent();
      runCount += content.items.length;
      if (runCount > limits.maxPdfTextItems) {
        throw new GaebError(
          "too_large",
          `pdf: more than ${limits.maxPdfTextItems} text items by page ${n}`,
          `mehr als ${germanCount(limits.maxPdfTextItems)} Textstücke`,
        );
      }
      // Font names are known only once a page's operator list was built (fonts are shared).
      const unknown = Object.keys(content.styles).filter((f) => !boldFont.has(f));
      if (unknown.length && fontLookups < MAX_FONT_LOOKUPS) {
        fontLookups++;
        await page.getOperatorList();
        for (const fontName of unknown) {
          let name = "";
          try {
            if (page.commonObjs.has(fontName)) name = String((page.commonObjs.get(fontName) as { name?: unknown }).name ?? "");
          } catch {
            // Not resolved: treated as regular.
          }
          boldFont.set(fontName, BOLD_FONT.test(name));
        }
      }
      const runs: TextRun[] = [];
      for (const item of content.items) {
        if (!("str" in item) || !item.str.trim()) continue;
        const [a, b, c, d, e, f] = item.transform as number[];
        // Rotated text (margin notes, watermarks) is not part of the LV's rows.
        if (Math.abs(b) > 0.1 * Math.abs(a) || Math.abs(c) > 0.1 * Math.abs(d)) continue;
        runs.push({
          str: item.str,
          x: e - x0,
          y: y1 - f,
          width: item.width,
          size: Math.abs(d) || Math.hypot(a, b) || item.height,
          bold: boldFont.get(item.fontName) ?? false,
        });
      }
      pages.push({ number: n, width: x1 - x0, height, runs });
      page.cleanup();
    }
    return { pages, numPages };
  } catch (err) {
    throw asGaebError(err);
  } finally {
    await task.destroy();
  }
}
