// Hostile and huge tender files for the reader-isolation tests and the benchmark, built cheaply
// in memory: decompression bombs (PDF, XLSX), deeply nested GAEB XML, a 10 MB GAEB LV.
import { constants, crc32, createDeflate, createDeflateRaw, type Deflate, type DeflateRaw } from "node:zlib";
import { category, gaebXml, item, itemlist } from "../../src/server/tender/testing/build-gaeb";

const MB = 1024 * 1024;

/** Writes `input` and returns what a Z_SYNC_FLUSH after it produced. */
function flushed(stream: Deflate | DeflateRaw, input: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const onData = (c: Buffer) => chunks.push(c);
    stream.on("data", onData);
    stream.once("error", reject);
    stream.write(input);
    stream.flush(constants.Z_SYNC_FLUSH, () => {
      stream.off("data", onData);
      resolve(Buffer.concat(chunks));
    });
  });
}

/**
 * A deflate stream of `megabytes` MB of zeros. Zeros compress periodically: after the first
 * megabyte (stream header and first block) every further megabyte is the same byte-aligned
 * block, so it is repeated instead of compressed; a final empty block closes the stream.
 */
async function zeroDeflate(megabytes: number, raw: boolean): Promise<Buffer> {
  const stream = raw ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const zeros = Buffer.alloc(MB);
  const first = await flushed(stream, zeros);
  const steady = await flushed(stream, zeros);
  stream.destroy();
  // Final fixed-Huffman block holding only end-of-block: bits 1 (BFINAL), 01 (fixed), 0000000.
  const parts = [first, ...Array.from({ length: megabytes - 1 }, () => steady), Buffer.from([0x03, 0x00])];
  if (!raw) {
    // Adler-32 of n zeros: a stays 1, b grows by 1 per byte.
    const n = megabytes * MB;
    const adler = Buffer.alloc(4);
    adler.writeUInt32BE((((n % 65521) << 16) | 1) >>> 0);
    parts.push(adler);
  }
  return Buffer.concat(parts);
}

/** A one-page PDF whose content stream (/FlateDecode) inflates to `megabytes` MB of zeros. */
export async function pdfBomb(megabytes = 3000): Promise<Buffer> {
  const stream = await zeroDeflate(megabytes, false);
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (chunk: string | Buffer) => {
    const b = typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk;
    parts.push(b);
    length += b.length;
  };
  const object = (n: number, body: string | Buffer[]) => {
    offsets[n] = length;
    if (typeof body === "string") add(`${n} 0 obj\n${body}\nendobj\n`);
    else {
      add(`${n} 0 obj\n`);
      body.forEach(add);
      add("\nendobj\n");
    }
  };
  add("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n");
  object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  object(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  object(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >> /Contents 4 0 R >>");
  object(4, [
    Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, "latin1"),
    stream,
    Buffer.from("\nendstream", "latin1"),
  ]);
  const xref = length;
  add(
    `xref\n0 5\n0000000000 65535 f \n${offsets
      .slice(1)
      .map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)
      .join("")}`,
  );
  add(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** CRC-32 of n zero bytes. */
function zeroCrc(n: number): number {
  const block = Buffer.alloc(16 * MB);
  let crc = 0;
  for (let left = n; left > 0; left -= block.length) crc = crc32(left >= block.length ? block : block.subarray(0, left), crc);
  return crc;
}

interface ZipEntry {
  name: string;
  /** Deflated bytes. */
  data: Buffer;
  crc: number;
  size: number;
}

function zip(entries: ZipEntry[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0, 6); // flags
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt32LE(0, 10); // time, date
    header.writeUInt32LE(e.crc >>> 0, 14);
    header.writeUInt32LE(e.data.length, 18);
    header.writeUInt32LE(e.size, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    local.push(header, name, e.data);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(0, 12);
    dir.writeUInt32LE(e.crc >>> 0, 16);
    dir.writeUInt32LE(e.data.length, 20);
    dir.writeUInt32LE(e.size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += header.length + name.length + e.data.length;
  }
  const centralBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, centralBytes, end]);
}

async function textEntry(name: string, text: string): Promise<ZipEntry> {
  const data = Buffer.from(text, "utf8");
  const stream = createDeflateRaw();
  const deflated = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
  stream.end(data);
  return { name, data: await deflated, crc: crc32(data), size: data.length };
}

/** An .xlsx whose sheet XML inflates to `megabytes` MB (< 4096: no zip64) of zeros. */
export async function xlsxBomb(megabytes = 3000): Promise<Buffer> {
  const ns = "http://schemas.openxmlformats.org";
  const size = megabytes * MB;
  return zip([
    await textEntry(
      "[Content_Types].xml",
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    await textEntry(
      "_rels/.rels",
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    await textEntry(
      "xl/workbook.xml",
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="LV" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    await textEntry(
      "xl/_rels/workbook.xml.rels",
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    { name: "xl/worksheets/sheet1.xml", data: await zeroDeflate(megabytes, true), crc: zeroCrc(size), size },
  ]);
}

/** A GAEB XML file whose elements are nested `depth` deep inside the LV. */
export function nestedGaeb(depth = 100_000): Buffer {
  return Buffer.from(gaebXml({ body: `${"<Nest>".repeat(depth)}${"</Nest>".repeat(depth)}` }), "utf8");
}

/** A valid GAEB X83 of about `bytes` bytes: titles of 50 items each with short and long texts. */
export function largeGaeb(bytes = 10 * MB - 64 * 1024): { buffer: Buffer; items: number } {
  const categories: string[] = [];
  // Everything around the body (header, namespaces) is well under 1 KB.
  let size = 1024;
  let items = 0;
  for (let c = 1; ; c++) {
    const list: string[] = [];
    for (let i = 1; i <= 50; i++) {
      list.push(
        item({
          rno: String(i * 10).padStart(4, "0"),
          qty: `${i}.500`,
          unit: "m2",
          short: `Innenputz Wand ${i}`,
          long: `Kalkzementputz nach DIN EN 13914-2, Dicke 15 mm, Position ${c}.${i}.`,
        }),
      );
    }
    const block = category(String(c).padStart(3, "0"), `Titel ${c}`, itemlist(...list));
    const blockSize = Buffer.byteLength(block);
    if (size + blockSize > bytes) break;
    categories.push(block);
    size += blockSize;
    items += list.length;
  }
  return { buffer: Buffer.from(gaebXml({ body: categories.join("") }), "utf8"), items };
}
