// Writes small PDFs by hand for the reader's tests (not used by production code): Helvetica and
// Helvetica-Bold, WinAnsi text placed with Tm, one content stream per page (optionally Flate).

import { deflateSync } from "node:zlib";

/** x, y (from the bottom of the page, PDF style), text; bold and size optional. */
export type TextRun = [x: number, y: number, text: string, options?: { bold?: boolean; size?: number }];

const pdfString = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** A PDF 1.4 from its objects (numbered from 1; object 1 the catalog). */
export function writePdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n", "latin1")];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      typeof body === "string" ? Buffer.from(body, "latin1") : body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(part);
    length += part.length;
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  tail += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(tail, "latin1"));
  return Buffer.concat(parts);
}

/** A stream object with the given (already encoded) data and extra dictionary entries. */
export function streamObject(data: Buffer, dict = ""): Buffer {
  return Buffer.concat([
    Buffer.from(`<< /Length ${data.length}${dict} >>\nstream\n`, "latin1"),
    data,
    Buffer.from("\nendstream", "latin1"),
  ]);
}

/** A PDF with one A4 page per entry of `pages`, each with its text runs. */
export function buildPdf(pages: TextRun[][], options: { flate?: boolean } = {}): Buffer {
  const fonts = 3 + pages.length * 2; // object numbers of /F1 and /F2
  const objects: (string | Buffer)[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${3 + i * 2} 0 R`).join(" ")}] /Count ${pages.length} >>`,
  ];
  for (const runs of pages) {
    const n = objects.length + 1;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${fonts} 0 R /F2 ${fonts + 1} 0 R >> >> /Contents ${n + 1} 0 R >>`,
    );
    const content = Buffer.from(
      runs.map(([x, y, s, o]) => `BT /${o?.bold ? "F2" : "F1"} ${o?.size ?? 10} Tf 1 0 0 1 ${x} ${y} Tm ${pdfString(s)} Tj ET`).join("\n"),
      "latin1",
    );
    objects.push(options.flate ? streamObject(deflateSync(content), " /Filter /FlateDecode") : streamObject(content));
  }
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  return writePdf(objects);
}
