// Reads the pages of a scanned PDF (no text layer) with OCR: poppler's pdftoppm rasterises one page
// at a time (300 dpi, grey), Tesseract with its German model reads the image into hOCR word boxes,
// and hocr-runs.ts turns them into the text runs the layout reader works on. Both are child
// processes of the reader thread, started without a shell with their arguments as an array, each
// killed when the OCR time cap runs out; the page images live in a private temporary folder that is
// removed afterwards, whatever happens. At most limits.maxOcrPages pages are read.

import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ReadLimits } from "../../../limits";
import type { PageText } from "../model";
import { hocrToPage } from "./hocr-runs";

/** Resolution a page is rasterised at: what Tesseract reads best at; lowered for huge pages. */
const DPI = 300;
/** Pixels of one page image at most (an A3 page at 300 dpi has 17 million). */
const MAX_PAGE_PIXELS = 40_000_000;

interface Run {
  stdout: string;
}

/** Runs a program (no shell), killed after timeoutMs; one OpenMP thread, as the machine is shared. */
function run(file: string, args: string[], timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        timeout: Math.max(1, Math.floor(timeoutMs)),
        killSignal: "SIGKILL",
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, OMP_THREAD_LIMIT: "1" },
        windowsHide: true,
      },
      (err, stdout) => (err ? reject(err) : resolve({ stdout })),
    );
  });
}

let available: Promise<boolean> | null = null;

/** Makes the next ocrAvailable() ask again (tests change PATH). */
export function forgetOcrAvailability(): void {
  available = null;
}

/** Whether Tesseract with the German model and pdftoppm are installed (asked once per thread). */
export function ocrAvailable(): Promise<boolean> {
  available ??= Promise.all([run("tesseract", ["--list-langs"], 10_000), run("pdftoppm", ["-v"], 10_000)])
    .then(([langs]) => /^deu$/m.test(langs.stdout))
    .catch(() => false);
  return available;
}

export interface ScanPages {
  pages: PageText[];
  /** Pages left unread because the OCR time cap ran out. */
  outOfTime: number[];
}

/** The PDF's page sizes (points) as PDF.js reported them, for the pages to read. */
type PageSize = Pick<PageText, "number" | "width" | "height">;

/**
 * OCR of the given pages, in order, until limits.ocrTimeMs is used up. A page that Tesseract or
 * pdftoppm cannot read stays empty (it is named in the reader's warning about pages without text).
 */
export async function readScanPages(buffer: Uint8Array, sizes: readonly PageSize[], limits: ReadLimits): Promise<ScanPages> {
  const deadline = Date.now() + limits.ocrTimeMs;
  const dir = await mkdtemp(join(tmpdir(), "bauklar-ocr-"));
  try {
    const pdf = join(dir, "scan.pdf");
    await writeFile(pdf, buffer, { mode: 0o600 });
    const pages: PageText[] = [];
    const outOfTime: number[] = [];
    for (const size of sizes.slice(0, limits.maxOcrPages)) {
      if (Date.now() >= deadline) {
        outOfTime.push(size.number);
        continue;
      }
      const inches = (size.width / 72) * (size.height / 72);
      const dpi = Math.max(36, Math.min(DPI, Math.floor(Math.sqrt(MAX_PAGE_PIXELS / Math.max(inches, 1e-3)))));
      const image = join(dir, `page-${size.number}`);
      try {
        // -singlefile: the image is called exactly page-N.pgm.
        const page = String(size.number);
        await run("pdftoppm", ["-r", String(dpi), "-gray", "-f", page, "-l", page, "-singlefile", pdf, image], deadline - Date.now());
        // --psm 6: one block of text, so each row of the LV's table comes out as one line.
        await run(
          "tesseract",
          [`${image}.pgm`, image, "-l", "deu", "--psm", "6", "--dpi", String(dpi), "-c", "hocr_char_boxes=1", "hocr"],
          deadline - Date.now(),
        );
        pages.push(hocrToPage(await readFile(`${image}.hocr`, "utf8"), dpi, size));
      } catch {
        if (Date.now() >= deadline) outOfTime.push(size.number);
        else pages.push({ ...size, runs: [] });
      }
      await rm(`${image}.pgm`, { force: true });
    }
    return { pages, outOfTime };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
