// Makes scanned copies of the rendered LV prints (src/server/tender/fixtures/rendered/, made by
// scripts/render-lv-fixtures.ts) for the tests of the OCR path of the PDF reader: every page is
// rasterised at 300 dpi in grey (poppler's pdftoppm), turned by a slight skew, given scanner noise
// (grain and dark specks) and written back as an image-only PDF – no text layer, 4 grey levels,
// Flate-compressed. Deterministic (seeded noise, fixed angles); re-runnable:
//
//   npx tsx scripts/make-scan-fixtures.ts
//
// Writes src/server/tender/fixtures/scanned/<layout>-scan.pdf for classic, compact and landscape.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const RENDERED = join(ROOT, "src/server/tender/fixtures/rendered");
const OUT = join(ROOT, "src/server/tender/fixtures/scanned");
const DPI = 300;
/** Grain: the spread of the noise added to every pixel (σ ≈ GRAIN / 2 grey values). */
const GRAIN = 16;
/** One speck per this many pixels (about 290 on an A4 page). */
const SPECK_AREA = 30_000;
/** Bits per pixel of the page images: 4 grey levels keep a noisy page near 150 KB. */
const BITS = 2;

/** Layouts and the skew of their pages (degrees; a page fed slightly askew, both ways). */
const LAYOUTS: { name: string; angles: number[] }[] = [
  { name: "classic", angles: [0.6, -0.4, 0.8, -0.7] },
  { name: "compact", angles: [-0.5, 0.7, -0.8] },
  { name: "landscape", angles: [0.5, -0.6, 0.4] },
];

interface Grey {
  width: number;
  height: number;
  /** One byte per pixel, 0 black … 255 white. */
  pixels: Uint8Array;
}

/** A binary PGM (P5, maxval 255) as pdftoppm writes it. */
function readPgm(bytes: Buffer): Grey {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.toString("latin1", 0, 64));
  if (!header) throw new Error("not a P5 PGM with maxval 255");
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: new Uint8Array(bytes.subarray(header[0].length, header[0].length + width * height)) };
}

/** Seeded random numbers in [0, 1) (mulberry32): the same fixture on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The image turned by `degrees` about its centre (bilinear), white where nothing was. */
function rotate(image: Grey, degrees: number): Grey {
  const { width, height, pixels } = image;
  const out = new Uint8Array(width * height).fill(255);
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Where this output pixel comes from in the source.
      const sx = cos * (x - cx) + sin * (y - cy) + cx;
      const sy = -sin * (x - cx) + cos * (y - cy) + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * width + x0;
      const top = pixels[i] * (1 - fx) + pixels[i + 1] * fx;
      const bottom = pixels[i + width] * (1 - fx) + pixels[i + width + 1] * fx;
      out[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, pixels: out };
}

/** Scanner noise: grain on every pixel, some grey specks and a few dark dots. */
function addNoise(image: Grey, seed: number): void {
  const rnd = random(seed);
  const { width, height, pixels } = image;
  for (let i = 0; i < pixels.length; i++) {
    // Grain: the sum of three uniforms is close to a normal distribution.
    const grain = (rnd() + rnd() + rnd() - 1.5) * GRAIN;
    pixels[i] = Math.max(0, Math.min(255, Math.round(pixels[i] + grain)));
  }
  const specks = Math.round((width * height) / SPECK_AREA);
  for (let n = 0; n < specks; n++) {
    const x = Math.floor(rnd() * (width - 3));
    const y = Math.floor(rnd() * (height - 3));
    const size = 1 + Math.floor(rnd() * 2);
    const shade = Math.floor(rnd() * 160);
    for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) pixels[(y + dy) * width + x + dx] = shade;
  }
}

/** BITS bits per pixel (grey levels), each row behind the PNG "Up" filter byte, deflated. */
function encodeImage(image: Grey): Buffer {
  const { width, height, pixels } = image;
  const rowBytes = Math.ceil((width * BITS) / 8);
  const perByte = 8 / BITS;
  const raw = Buffer.alloc(height * (rowBytes + 1));
  let previous = Buffer.alloc(rowBytes);
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(rowBytes);
    for (let x = 0; x < width; x++) {
      const level = pixels[y * width + x] >> (8 - BITS);
      row[Math.floor(x / perByte)] |= level << (8 - BITS * ((x % perByte) + 1));
    }
    const at = y * (rowBytes + 1);
    raw[at] = 2;
    for (let i = 0; i < rowBytes; i++) raw[at + 1 + i] = (row[i] - previous[i]) & 0xff;
    previous = row;
  }
  return deflateSync(raw, { level: 9 });
}

/** An image-only PDF: one page per image, the image filling the page at 300 dpi. */
function writePdf(images: Grey[]): Buffer {
  const objects: Buffer[] = [];
  /** Appends an object; its number is its 1-based place in the list. */
  const add = (content: Buffer | string) => objects.push(Buffer.isBuffer(content) ? content : Buffer.from(content, "latin1"));
  const pageIds: number[] = [];
  // Objects 1 and 2: catalogue and page tree, written once the pages are known.
  objects.push(Buffer.alloc(0), Buffer.alloc(0));
  for (const image of images) {
    const w = (image.width * 72) / DPI;
    const h = (image.height * 72) / DPI;
    const data = encodeImage(image);
    const imageId = add(
      Buffer.concat([
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceGray /BitsPerComponent ${BITS} ` +
            `/Filter /FlateDecode /DecodeParms << /Predictor 12 /Colors 1 /BitsPerComponent ${BITS} /Columns ${image.width} >> /Length ${data.length} >>\nstream\n`,
          "latin1",
        ),
        data,
        Buffer.from("\nendstream", "latin1"),
      ]),
    );
    const draw = `q ${w.toFixed(2)} 0 0 ${h.toFixed(2)} 0 0 cm /Im0 Do Q`;
    const contentId = add(`<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`);
    const pageId = add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w.toFixed(2)} ${h.toFixed(2)}] ` +
        `/Resources << /XObject << /Im0 ${imageId} 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    pageIds.push(pageId);
  }
  objects[0] = Buffer.from("<< /Type /Catalog /Pages 2 0 R >>", "latin1");
  objects[1] = Buffer.from(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`, "latin1");
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let length = parts[0].length;
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, "latin1"), body, Buffer.from("\nendobj\n", "latin1")]);
    offsets.push(length);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("") +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(parts);
}

function main(): void {
  mkdirSync(OUT, { recursive: true });
  for (const [n, layout] of LAYOUTS.entries()) {
    const dir = mkdtempSync(join(tmpdir(), "scan-fixture-"));
    try {
      execFileSync("pdftoppm", ["-r", String(DPI), "-gray", join(RENDERED, `${layout.name}.pdf`), join(dir, "page")]);
      const files = readdirSync(dir)
        .filter((f) => f.endsWith(".pgm"))
        .sort();
      const images = files.map((file, i) => {
        const image = rotate(readPgm(readFileSync(join(dir, file))), layout.angles[i % layout.angles.length]);
        addNoise(image, 1000 * (n + 1) + i);
        return image;
      });
      const pdf = writePdf(images);
      writeFileSync(join(OUT, `${layout.name}-scan.pdf`), pdf);
      console.log(`${layout.name}-scan.pdf: ${images.length} pages, ${Math.round(pdf.length / 1024)} KB`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

main();
