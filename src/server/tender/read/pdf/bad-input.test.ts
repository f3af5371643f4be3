// PDFs the reader must refuse or bound: a password, a broken file, a decompression bomb,
// and the page, text-run and position caps of the reader limits. A scan (scan.pdf) is read with OCR
// or refused without Tesseract: ocr/scanned-layouts.test.ts.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createDeflate, deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GaebError, type GaebErrorCode } from "../../errors";
import { DEFAULT_LIMITS } from "../../limits";
import { readTenderPdf } from "./index";
import { checkPdfStreams } from "./pdf-guard";
import { buildPdf, streamObject, writePdf, type TextRun } from "./testing/build-pdf";

const RENDERED = join(import.meta.dirname, "../../fixtures/rendered");
const MB = 1024 * 1024;

async function failure(promise: Promise<unknown>): Promise<GaebError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GaebError);
  return err as GaebError;
}

const code = async (promise: Promise<unknown>): Promise<GaebErrorCode> => (await failure(promise)).code;

/** Deflates `size` zero bytes chunk by chunk: the test itself never holds them. */
function deflatedZeros(size: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const deflate = createDeflate({ level: 9 });
    const chunks: Buffer[] = [];
    deflate.on("data", (c: Buffer) => chunks.push(c));
    deflate.on("end", () => resolve(Buffer.concat(chunks)));
    deflate.on("error", reject);
    const chunk = Buffer.alloc(MB);
    let written = 0;
    const write = () => {
      while (written < size) {
        written += chunk.length;
        if (!deflate.write(chunk)) {
          deflate.once("drain", write);
          return;
        }
      }
      deflate.end();
    };
    write();
  });
}

/** A minimal valid one-page PDF whose content stream is the given Flate data. */
const pdfWithContent = (flate: Buffer) =>
  writePdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
    streamObject(flate, " /Filter /FlateDecode"),
  ]);

const item = (n: number, y: number): TextRun[] => [
  [50, y, `01.${String(n).padStart(4, "0")}`],
  [110, y, `Position ${n}`],
  [400, y, "1,000"],
  [450, y, "St"],
];

describe("PDFs that are refused", () => {
  it("a password-protected PDF → pdf_encrypted", async () => {
    const err = await failure(readTenderPdf(readFileSync(join(RENDERED, "encrypted.pdf"))));
    expect(err.code).toBe("pdf_encrypted");
    expect(err.message).toContain("passwortgeschützt");
  });

  it("a corrupt PDF → pdf_unreadable", async () => {
    expect(await code(readTenderPdf(readFileSync(join(RENDERED, "corrupt.pdf"))))).toBe("pdf_unreadable");
    expect(await code(readTenderPdf(Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog")))).toBe("pdf_unreadable");
  });

  it("a decompression bomb (64 MB from one Flate stream) → too_large, quickly and without inflating it", async () => {
    const bomb = pdfWithContent(await deflatedZeros(64 * MB));
    expect(bomb.length).toBeLessThan(200_000);
    const limits = { ...DEFAULT_LIMITS, maxDecodedBytes: 8 * MB };
    const before = process.memoryUsage();
    const started = performance.now();
    const err = await failure(readTenderPdf(bomb, limits));
    const elapsed = performance.now() - started;
    const after = process.memoryUsage();
    expect(err.code).toBe("too_large");
    expect(err.message).toContain("entpackt mehr als 8 MB");
    expect(elapsed).toBeLessThan(2_000);
    // zlib stops at the budget (8 MB): far from the 64 MB the stream holds.
    expect(after.arrayBuffers + after.external - before.arrayBuffers - before.external).toBeLessThan(40 * MB);
  });

  it("the budget counts all streams together; broken streams are left to PDF.js", async () => {
    const three = writePdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [] /Count 0 >>",
      streamObject(await deflatedZeros(3 * MB), " /Filter /FlateDecode"),
      streamObject(await deflatedZeros(3 * MB), " /Filter /FlateDecode"),
      streamObject(Buffer.from("kein zlib"), " /Filter /FlateDecode"),
      streamObject(await deflatedZeros(3 * MB), " /Filter /FlateDecode"),
    ]);
    expect(checkPdfStreams(three, { ...DEFAULT_LIMITS, maxDecodedBytes: 10 * MB })).toBe(9 * MB);
    expect(() => checkPdfStreams(three, { ...DEFAULT_LIMITS, maxDecodedBytes: 8 * MB })).toThrow(GaebError);
    // A truncated stream counts with what it inflates to.
    const whole = await deflatedZeros(4 * MB);
    const truncated = pdfWithContent(whole.subarray(0, whole.length - 8));
    expect(checkPdfStreams(truncated, DEFAULT_LIMITS)).toBeGreaterThan(3 * MB);
  });
});

// Issue 22, item 5: a PDF bomb passed the guard with the filter written indirectly, with a name
// escape, or behind a dictionary padded past 1 KB; the user was told "vermutlich ein Scan".
describe("PDF bombs in disguise → too_large (zu umfangreich), never pdf_no_text", () => {
  const limits = { ...DEFAULT_LIMITS, maxDecodedBytes: 8 * MB };
  const disguised = async (dict: string, extraObjects: string[] = [], transform: (b: Buffer) => Buffer = (b) => b) =>
    writePdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
      streamObject(transform(await deflatedZeros(64 * MB)), dict),
      ...extraObjects,
    ]);
  const cases: [string, () => Promise<Buffer>][] = [
    ["an indirect /Filter (/Filter 5 0 R)", () => disguised(" /Filter 5 0 R", ["/FlateDecode"])],
    ["a name escape (/F#6CateDecode)", () => disguised(" /Filter /F#6CateDecode")],
    ["a dictionary padded past 1 KB", () => disguised(` /Filter /FlateDecode /Pad (${"x".repeat(4096)})`)],
    ["a filter array behind a padded dictionary", () => disguised(` /Filter [/FlateDecode] ${"/P ".repeat(2000)}/Q 1`)],
    ["Flate inside Flate", () => disguised(" /Filter [/FlateDecode /FlateDecode]", [], (b) => deflateSync(b))],
    ["hex-encoded Flate", () => disguised(" /Filter [/ASCIIHexDecode /FlateDecode]", [], (b) => Buffer.from(`${b.toString("hex")}>`))],
  ];
  for (const [label, make] of cases) {
    it(label, async () => {
      const bomb = await make();
      const started = performance.now();
      const err = await failure(readTenderPdf(bomb, limits));
      expect({ code: err.code, message: err.message }).toMatchObject({
        code: "too_large",
        message: expect.stringContaining("zu umfangreich"),
      });
      expect(err.message).not.toContain("Scan");
      expect(performance.now() - started).toBeLessThan(5_000);
    });
  }

  it("leaves images and other non-zlib streams alone", () => {
    const pdf = writePdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [] /Count 0 >>",
      streamObject(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), " /Filter /DCTDecode"),
      streamObject(Buffer.from("BT /F1 12 Tf (Hallo) Tj ET")),
    ]);
    expect(checkPdfStreams(pdf, DEFAULT_LIMITS)).toBe(0);
  });
});

describe("reader limits", () => {
  const page = (first: number): TextRun[] => [0, 1, 2].flatMap((i) => item(first + i, 780 - i * 20));

  it("reads at most maxPdfPages pages and says so", async () => {
    const parsed = await readTenderPdf(buildPdf([page(10), page(20), page(30)]), { ...DEFAULT_LIMITS, maxPdfPages: 2 });
    expect(parsed.positions.map((p) => p.oz)).toEqual(["01.0010", "01.0011", "01.0012", "01.0020", "01.0021", "01.0022"]);
    expect(parsed.warnings).toContain("Die PDF-Datei hat 3 Seiten; gelesen wurden nur die ersten 2.");
  });

  it("refuses more than maxPdfTextItems text runs", async () => {
    const err = await failure(readTenderPdf(buildPdf([page(10), page(20)]), { ...DEFAULT_LIMITS, maxPdfTextItems: 15 }));
    expect(err.code).toBe("too_large");
    expect(err.message).toContain("mehr als 15 Textstücke");
  });

  it("refuses more than maxPositions positions", async () => {
    expect(await code(readTenderPdf(buildPdf([page(10)]), { ...DEFAULT_LIMITS, maxPositions: 2 }))).toBe("too_large");
  });
});
