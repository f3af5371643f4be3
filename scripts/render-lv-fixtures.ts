// Renders the 27-item Rohbau LV (src/server/tender/fixtures/rohbau-27.x83, prices from
// rohbau-27-preise.x84) as PDF prints of different AVA programs, for the tests of the PDF reader
// (src/server/tender/read/pdf/). Prints with playwright-core and Debian's Chromium; re-runnable:
//
//   npx tsx scripts/render-lv-fixtures.ts
//
// Writes to src/server/tender/fixtures/rendered/:
//   classic.pdf          (A) table OZ | Leistungsbeschreibung | Menge | ME | EP | GP, header row on
//                            every page, running header/footer, titles + "Summe Titel", unpriced
//   classic-priced.pdf   (A) the same with unit prices and totals from the X84 and a Zusammenstellung
//   compact.pdf          (B) OZ with trailing dot, quantity and unit on the LAST line of the long
//                            text, no header row, "Titel 02 Erdarbeiten" blocks, narrow margins
//   landscape.pdf        (C) landscape, extra "Stichwort" column, priced, short and long text in one cell
//   scan.pdf             a page that shows the LV only as an image (no text layer)
//   encrypted.pdf        compact.pdf with user and owner password (needs qpdf; kept if qpdf is missing)
//   corrupt.pdf          a PDF header followed by garbled bytes

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { readGaebXml } from "../src/server/tender/read/gaeb-xml/reader";
import type { BoqNode } from "../src/server/tender/types";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const FIXTURES = join(ROOT, "src/server/tender/fixtures");
const OUT = join(FIXTURES, "rendered");
const BIDDER_GAP = "[Bieterangabe: …]";

const tender = readGaebXml(readFileSync(join(FIXTURES, "rohbau-27.x83")));
const prices = new Map(
  readGaebXml(readFileSync(join(FIXTURES, "rohbau-27-preise.x84")))
    .positions.filter((p) => p.kind === "item")
    .map((p) => [p.oz, { unitPrice: p.unitPrice, total: p.total }]),
);

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** German number: "1.240,500" (grouped) or "1240,500". */
function de(n: number, decimals: number, grouped = true): string {
  const [int, frac] = n.toFixed(decimals).split(".");
  const intPart = grouped ? int.replace(/\B(?=(\d{3})+(?!\d))/g, ".") : int;
  return frac ? `${intPart},${frac}` : intPart;
}

interface Title {
  node: BoqNode;
  items: BoqNode[];
}

const titles: Title[] = [];
for (const node of tender.positions) {
  if (node.kind === "title") titles.push({ node, items: [] });
  else if (node.kind === "item") titles[titles.length - 1].items.push(node);
}

/** The paragraphs of a long text, bidder gaps printed as a blank of the given characters. */
const paragraphs = (item: BoqNode, blank: string) => item.longText.split("\n").map((p) => esc(p).replaceAll(BIDDER_GAP, blank));

/** Sum of the printed totals of the items that count (not "ohne Gesamtbetrag"). */
function titleSum(t: Title): number {
  let cents = 0;
  for (const item of t.items) if (item.flags.provisional !== "WithoutTotal") cents += Math.round((prices.get(item.oz)?.total ?? 0) * 100);
  return cents / 100;
}

const PREAMBLE = [
  "Vorbemerkungen",
  "1. Für die Ausführung gelten die VOB Teil B und Teil C in der bei Vertragsschluss gültigen Fassung, insbesondere die ATV DIN 18299, DIN 18300, DIN 18331 und DIN 18330.",
  "2. Die Baustelle ist über die Zufahrt Lindenweg erreichbar. Die Zufahrt ist für Fahrzeuge bis 40 t zugelassen; Lagerflächen stehen auf dem Grundstück in begrenztem Umfang zur Verfügung.",
  "3. Die Mengen sind nach den Ausführungsplänen ermittelt. Mehr- oder Mindermengen bis 10 % berechtigen nicht zu einer Änderung der Einheitspreise.",
];

// ---------------------------------------------------------------------------------------------
// (A) classic AVA print

function classicHtml(priced: boolean): string {
  const blank = "....................";
  const money = (n: number | null | undefined) => (priced && n !== null && n !== undefined ? de(n, 2) : "..........");
  const rows: string[] = [];
  for (const t of titles) {
    rows.push(`<tr class="title"><td class="oz">${t.node.oz}</td><td colspan="5">${esc(t.node.shortText)}</td></tr>`);
    for (const item of t.items) {
      const price = prices.get(item.oz);
      rows.push(
        `<tr class="item"><td class="oz">${item.oz}</td><td class="short">${esc(item.shortText)}</td>` +
          `<td class="num">${de(item.qty ?? 0, 3)}</td><td class="unit">${esc(item.unit)}</td>` +
          `<td class="num">${money(price?.unitPrice)}</td><td class="num">${money(price?.total)}</td></tr>`,
      );
      for (const p of paragraphs(item, blank)) rows.push(`<tr class="lt"><td></td><td>${p}</td><td colspan="4"></td></tr>`);
    }
    rows.push(
      `<tr class="sum"><td></td><td>Summe Titel ${t.node.oz} ${esc(t.node.shortText)}</td><td colspan="3"></td>` +
        `<td class="num">${priced ? de(titleSum(t), 2) : ".........."}</td></tr>`,
    );
  }
  const summary = priced
    ? `<h2 class="summary">Zusammenstellung</h2><table class="lv summary">${titles
        .map((t) => `<tr><td class="oz">${t.node.oz}</td><td>${esc(t.node.shortText)}</td><td class="num">${de(titleSum(t), 2)}</td></tr>`)
        .join("")}<tr class="sum"><td></td><td>Summe LV netto</td><td class="num">${de(
        titles.reduce((s, t) => s + titleSum(t), 0),
        2,
      )}</td></tr></table>`
    : "";
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><style>
    body { font-family: "Liberation Sans", sans-serif; font-size: 11pt; margin: 0; }
    h1 { font-size: 14pt; margin: 0 0 2mm; } h2 { font-size: 11pt; margin: 4mm 0 2mm; }
    p.pre { margin: 0 0 2mm; text-align: left; }
    table.lv { width: 100%; border-collapse: collapse; table-layout: fixed; }
    table.lv thead th { font-weight: bold; text-align: left; border-bottom: 0.8pt solid #000; padding: 1mm 1mm; }
    table.lv thead th.num { text-align: right; }
    td { vertical-align: top; padding: 0.3mm 1mm; }
    td.num { text-align: right; white-space: nowrap; } td.unit { white-space: nowrap; }
    tr.title td { font-weight: bold; padding-top: 4mm; padding-bottom: 1mm; }
    tr.item td { padding-top: 3mm; } tr.item td.short { font-weight: bold; }
    tr.item td.oz { font-weight: bold; }
    tr.sum td { font-weight: bold; padding-top: 2mm; border-top: 0.5pt solid #000; }
    tr { break-inside: avoid; }
    h2.summary { break-before: page; }
  </style></head><body>
    <h1>Leistungsverzeichnis LV 100 Rohbauarbeiten</h1>
    <p class="pre">Projekt: ${esc(tender.projectName)}</p>
    <h2>${PREAMBLE[0]}</h2>${PREAMBLE.slice(1)
      .map((p) => `<p class="pre">${esc(p)}</p>`)
      .join("")}
    <table class="lv">
      <colgroup><col style="width:20mm"><col><col style="width:22mm"><col style="width:12mm"><col style="width:21mm"><col style="width:23mm"></colgroup>
      <thead><tr><th>OZ</th><th>Leistungsbeschreibung</th><th class="num">Menge</th><th>ME</th><th class="num">EP</th><th class="num">GP</th></tr></thead>
      <tbody>${rows.join("\n")}</tbody>
    </table>${summary}
  </body></html>`;
}

const CLASSIC_HEADER = `<div style="font-family: 'Liberation Sans', sans-serif; font-size: 8pt; width: 100%; margin: 0 15mm; display: flex; justify-content: space-between; border-bottom: 0.5pt solid #000;">
  <span>${esc(tender.projectName)}</span><span>LV 100 Rohbauarbeiten</span></div>`;
const CLASSIC_FOOTER = `<div style="font-family: 'Liberation Sans', sans-serif; font-size: 8pt; width: 100%; margin: 0 15mm; display: flex; justify-content: space-between;">
  <span>Architekturbüro Beispiel, Gartenstraße 3, 12345 Musterstadt</span><span>Seite <span class="pageNumber"></span> von <span class="totalPages"></span></span></div>`;

// ---------------------------------------------------------------------------------------------
// (B) compact print of another program: quantity on the last line of the text block

function compactHtml(): string {
  const blank = "________________";
  const blocks: string[] = [];
  blocks.push(`<div class="head">Leistungsverzeichnis · ${esc(tender.boqName)}</div>`);
  for (const t of titles) {
    blocks.push(`<div class="title">Titel ${t.node.oz} ${esc(t.node.shortText)}</div>`);
    for (const item of t.items) {
      const paras = paragraphs(item, blank);
      const last = paras.pop() ?? "";
      const right =
        `<span class="qty">${de(item.qty ?? 0, 3, false)}</span><span class="unit">${esc(item.unit)}</span>` +
        `<span class="ep">________</span><span class="gp">________</span>`;
      blocks.push(
        `<div class="item"><div class="oz">${item.oz}.</div><div class="short">${esc(item.shortText)}</div>` +
          paras.map((p) => `<p>${p}</p>`).join("") +
          `<p class="last">${last}${right}</p></div>`,
      );
    }
    blocks.push(`<div class="sum">Summe Titel ${t.node.oz} ${esc(t.node.shortText)}<span class="gp">________</span></div>`);
  }
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><style>
    body { font-family: "Liberation Serif", serif; font-size: 12.5pt; line-height: 1.3; margin: 0; }
    .head { font-size: 13pt; font-weight: bold; margin-bottom: 4mm; }
    .title { font-weight: bold; font-size: 12.5pt; margin: 5mm 0 2mm; break-after: avoid; }
    .item { position: relative; padding-left: 24mm; padding-right: 78mm; margin-top: 3mm; }
    .item .oz { position: absolute; left: 0; top: 0; }
    .short { font-weight: bold; }
    p { margin: 0; break-inside: avoid; }
    p.last { position: relative; }
    .qty, .unit, .ep, .gp { position: absolute; bottom: 0; white-space: nowrap; }
    .qty { right: -24mm; } .unit { left: calc(100% + 26mm); }
    .ep { right: -58mm; } .gp { right: -78mm; }
    .sum { position: relative; font-weight: bold; margin: 2mm 0 0 24mm; padding-right: 78mm; }
    .sum .gp { right: 0; }
  </style></head><body>${blocks.join("\n")}</body></html>`;
}

const COMPACT_HEADER = `<div style="font-family: 'Liberation Serif', serif; font-size: 7.5pt; width: 100%; margin: 0 8mm; display: flex; justify-content: space-between;">
  <span>MFH Lindenweg 7 · LV 100 Rohbauarbeiten</span><span>Ausschreibung vom 16.03.2026</span></div>`;
const COMPACT_FOOTER = `<div style="font-family: 'Liberation Serif', serif; font-size: 7.5pt; width: 100%; margin: 0 8mm; text-align: center;">
  - <span class="pageNumber"></span> -</div>`;

// ---------------------------------------------------------------------------------------------
// (C) landscape print with a Stichwort column

const KEYWORDS: Record<string, string> = {
  "01": "Baustelle",
  "02": "Erdbau",
  "03": "Beton",
  "04": "Mauerwerk",
  "05": "Abdichtung",
};

function landscapeHtml(): string {
  const blank = "..........................";
  const rows: string[] = [];
  for (const t of titles) {
    rows.push(`<tr class="title"><td>${t.node.oz}</td><td></td><td colspan="5">${esc(t.node.shortText)}</td></tr>`);
    for (const item of t.items) {
      const price = prices.get(item.oz);
      const text = `<div class="short">${esc(item.shortText)}</div>${paragraphs(item, blank)
        .map((p) => `<div>${p}</div>`)
        .join("")}`;
      rows.push(
        `<tr class="item"><td>${item.oz}</td><td class="kw">${KEYWORDS[t.node.oz]}</td><td>${text}</td>` +
          `<td class="num">${de(item.qty ?? 0, 2)}</td><td>${esc(item.unit)}</td>` +
          `<td class="num">${de(price?.unitPrice ?? 0, 2)}</td><td class="num">${de(price?.total ?? 0, 2)}</td></tr>`,
      );
    }
    rows.push(
      `<tr class="sum"><td></td><td></td><td>Summe ${t.node.oz} ${esc(t.node.shortText)}</td><td colspan="3"></td><td class="num">${de(titleSum(t), 2)}</td></tr>`,
    );
  }
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><style>
    body { font-family: "DejaVu Sans", sans-serif; font-size: 9pt; margin: 0; }
    table { width: 100%; border-collapse: collapse; table-layout: fixed; }
    th { text-align: left; font-weight: bold; border-bottom: 1pt solid #000; padding: 1mm; }
    th.num { text-align: right; }
    td { vertical-align: top; padding: 1mm; }
    td.num { text-align: right; white-space: nowrap; }
    td.kw { color: #333; }
    tr.title td { font-weight: bold; padding-top: 3mm; }
    .short { font-weight: bold; }
    tr.sum td { font-weight: bold; border-top: 0.5pt solid #000; }
  </style></head><body>
    <table>
      <colgroup><col style="width:20mm"><col style="width:26mm"><col><col style="width:24mm"><col style="width:16mm"><col style="width:28mm"><col style="width:30mm"></colgroup>
      <thead><tr><th>Pos.</th><th>Stichwort</th><th>Leistungsbeschreibung</th><th class="num">Menge</th><th>Einheit</th><th class="num">Einheitspreis</th><th class="num">Gesamtpreis</th></tr></thead>
      <tbody>${rows.join("\n")}</tbody>
    </table></body></html>`;
}

const LANDSCAPE_FOOTER = `<div style="font-family: 'DejaVu Sans', sans-serif; font-size: 7pt; width: 100%; margin: 0 12mm; display: flex; justify-content: space-between;">
  <span>Druck 16.03.2026 · LV 100 Rohbauarbeiten</span><span>Seite <span class="pageNumber"></span> von <span class="totalPages"></span></span></div>`;

// ---------------------------------------------------------------------------------------------

interface PrintOptions {
  landscape?: boolean;
  margin: { top: string; bottom: string; left: string; right: string };
  header?: string;
  footer?: string;
}

async function print(browser: Browser, html: string, options: PrintOptions): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: "load" });
    return await page.pdf({
      format: "A4",
      landscape: options.landscape ?? false,
      margin: options.margin,
      printBackground: false,
      displayHeaderFooter: Boolean(options.header || options.footer),
      headerTemplate: options.header ?? "<span></span>",
      footerTemplate: options.footer ?? "<span></span>",
    });
  } finally {
    await page.close();
  }
}

/** The first page of the classic print as a picture inside a PDF: a scan without a text layer. */
async function scan(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 794, height: 1123 } });
  let image: Buffer;
  try {
    await page.setContent(classicHtml(false), { waitUntil: "load" });
    image = await page.screenshot({ type: "jpeg", quality: 55 });
  } finally {
    await page.close();
  }
  const html = `<!doctype html><html><body style="margin:0"><img style="display:block;width:100%;height:100vh;object-fit:contain" src="data:image/jpeg;base64,${image.toString("base64")}"></body></html>`;
  return print(browser, html, { margin: { top: "0", bottom: "0", left: "0", right: "0" } });
}

/** A PDF header and trailer around garbled bytes of a real print: no object can be read. */
function corrupt(source: Buffer): Buffer {
  const bytes = Buffer.from(source.subarray(0, 12_000));
  for (let i = 16; i < bytes.length; i++) bytes[i] = (bytes[i] * 31 + i) & 0xff;
  return Buffer.concat([bytes, Buffer.from("\nstartxref\n999999\n%%EOF\n", "latin1")]);
}

function hasQpdf(): boolean {
  try {
    execFileSync("qpdf", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  const written: string[] = [];
  const write = (name: string, data: Buffer) => {
    writeFileSync(join(OUT, name), data);
    written.push(`${name} (${Math.round(data.length / 1024)} KB)`);
  };
  try {
    const classicMargin = { top: "22mm", bottom: "20mm", left: "15mm", right: "15mm" };
    write(
      "classic.pdf",
      await print(browser, classicHtml(false), { margin: classicMargin, header: CLASSIC_HEADER, footer: CLASSIC_FOOTER }),
    );
    write(
      "classic-priced.pdf",
      await print(browser, classicHtml(true), { margin: classicMargin, header: CLASSIC_HEADER, footer: CLASSIC_FOOTER }),
    );
    const compact = await print(browser, compactHtml(), {
      margin: { top: "14mm", bottom: "12mm", left: "8mm", right: "8mm" },
      header: COMPACT_HEADER,
      footer: COMPACT_FOOTER,
    });
    write("compact.pdf", compact);
    write(
      "landscape.pdf",
      await print(browser, landscapeHtml(), {
        landscape: true,
        margin: { top: "12mm", bottom: "16mm", left: "12mm", right: "12mm" },
        footer: LANDSCAPE_FOOTER,
      }),
    );
    write("scan.pdf", await scan(browser));
    write("corrupt.pdf", corrupt(compact));
  } finally {
    await browser.close();
  }

  const encrypted = join(OUT, "encrypted.pdf");
  if (hasQpdf()) {
    execFileSync("qpdf", ["--encrypt", "bieter", "bauherr", "256", "--", join(OUT, "compact.pdf"), encrypted]);
    written.push("encrypted.pdf (qpdf, AES-256)");
  } else if (existsSync(encrypted)) {
    written.push("encrypted.pdf unverändert (qpdf fehlt: apt-get install -y qpdf)");
  } else {
    throw new Error("qpdf fehlt: apt-get install -y qpdf");
  }
  console.log(`Geschrieben nach ${OUT}:\n  ${written.join("\n  ")}`);
}

await main();
