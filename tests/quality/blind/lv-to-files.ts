// Turns a blind tender (`<id>.lv.json`, format: TENDER-FORMAT.md and CLAUSE-TYPES.md
// beside this file) into the files a customer would upload: a GAEB DA XML 3.3 file (X83, or X84
// with unit prices when "priced": true) and each contract document in its own format (.txt plain
// text, .docx written with the `docx` package, .pdf printed by Chromium via playwright-core).
//
//   lvToGaebXml(lv)               the GAEB file only (synchronous, no browser)
//   lvToFiles(lv, { browser })    GAEB + contract documents; a browser is needed only for .pdf
//   npx tsx tests/quality/blind/lv-to-files.ts <lv.json> <out-dir>
//
// Where GAEB keeps things: Vorbemerkungen as AddText of BoQInfo (the reader's preamble), the
// construction dates as AwardInfo/CnstStart and CnstEnd, the client as OWN/Address/Name1.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { Document, Packer, Paragraph, TextRun } from "docx";
import { chromium, type Browser } from "playwright-core";

export type BlindPositionKind = "normal" | "bedarf" | "wahl" | "stundenlohn";

export interface BlindPosition {
  oz: string;
  short: string;
  long: string;
  qty: string;
  unit: string;
  unitPrice: number | null;
  kind: BlindPositionKind;
  baseOz: string | null;
}

export interface BlindTitle {
  oz: string;
  text: string;
  positions: BlindPosition[];
}

export interface BlindContractDocument {
  /** Ends with .docx, .pdf or .txt. */
  name: string;
  paragraphs: string[];
}

export interface BlindLv {
  id: string;
  projectName: string;
  client: string;
  trade: string;
  constructionStart: string | null;
  constructionEnd: string | null;
  questionDeadline?: string | null;
  priced: boolean;
  vorbemerkungen: string[];
  contractDocuments?: BlindContractDocument[];
  titles: BlindTitle[];
}

export interface BlindFile {
  name: string;
  data: Uint8Array;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const para = (text: string) => `<p><span>${esc(text)}</span></p>`;

/** "1.240,50" → "1240.5", "1240.5" → "1240.5", "12.400" (German thousands) → "12400". */
export function gaebDecimal(raw: string): string {
  let s = raw.trim().replace(/\s/g, "");
  if (s.includes(",")) s = s.replace(/\./g, "").replace(",", ".");
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, "");
  const n = Number(s);
  if (!Number.isFinite(n)) throw new Error(`Menge „${raw}“ ist keine Zahl`);
  return String(n);
}

/** Rounds to cents and writes with a point: 12.5 → "12.50". */
const money = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

/** The last dot-separated part of an OZ: "01.0010" → "0010". */
const lastPart = (oz: string) => oz.split(".").at(-1) ?? oz;

/** Alternative groups: each Wahlposition and its Grundposition share a group number. */
function alternativeGroups(lv: BlindLv): Map<string, { group: string; serial: number }> {
  const out = new Map<string, { group: string; serial: number }>();
  let next = 1;
  for (const title of lv.titles) {
    for (const p of title.positions) {
      if (p.kind !== "wahl" || !p.baseOz) continue;
      let base = out.get(p.baseOz);
      if (!base) {
        base = { group: String(next++), serial: 0 };
        out.set(p.baseOz, base);
      }
      const serial = [...out.values()].filter((x) => x.group === base.group).length;
      out.set(p.oz, { group: base.group, serial });
    }
  }
  return out;
}

function itemXml(p: BlindPosition, priced: boolean, alternatives: Map<string, { group: string; serial: number }>): string {
  const qty = gaebDecimal(p.qty);
  const fields: string[] = [];
  if (p.kind === "bedarf") fields.push("<Provis>WithoutTotal</Provis>");
  const alternative = alternatives.get(p.oz);
  if (alternative) fields.push(`<ALNGroupNo>${alternative.group}</ALNGroupNo><ALNSerNo>${alternative.serial}</ALNSerNo>`);
  if (p.kind === "stundenlohn") fields.push("<HourIt>Yes</HourIt>");
  if (/^psch$/i.test(p.unit.trim())) fields.push("<LumpSumItem>Yes</LumpSumItem>");
  fields.push(`<Qty>${qty}</Qty><QU>${esc(p.unit)}</QU>`);
  if (priced && p.unitPrice !== null) {
    fields.push(`<UP>${money(p.unitPrice)}</UP>`);
    const counts = p.kind !== "bedarf" && !(alternative && alternative.serial > 0);
    if (counts) fields.push(`<IT>${money(Number(qty) * p.unitPrice)}</IT>`);
  }
  const long = p.long
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map(para)
    .join("");
  const description =
    `<Description><CompleteText><DetailTxt><Text>${long}</Text></DetailTxt>` +
    `<OutlineText><OutlTxt><TextOutlTxt>${para(p.short)}</TextOutlTxt></OutlTxt></OutlineText></CompleteText></Description>`;
  return `<Item RNoPart="${esc(lastPart(p.oz))}">${fields.join("")}${description}</Item>`;
}

/** The GAEB DA XML 3.3 file of the LV: X83 unpriced, X84 with unit prices and item totals. */
export function lvToGaebXml(lv: BlindLv): BlindFile {
  const dp = lv.priced ? "84" : "83";
  const alternatives = alternativeGroups(lv);
  const titleDigits = Math.max(1, ...lv.titles.map((t) => lastPart(t.oz).length));
  const itemDigits = Math.max(1, ...lv.titles.flatMap((t) => t.positions.map((p) => lastPart(p.oz).length)));
  const categories = lv.titles
    .map(
      (t) =>
        `<BoQCtgy RNoPart="${esc(lastPart(t.oz))}"><LblTx>${para(t.text)}</LblTx><BoQBody><Itemlist>` +
        t.positions.map((p) => itemXml(p, lv.priced, alternatives)).join("") +
        `</Itemlist></BoQBody></BoQCtgy>`,
    )
    .join("");
  const dates =
    (lv.constructionStart ? `<CnstStart>${esc(lv.constructionStart)}</CnstStart>` : "") +
    (lv.constructionEnd ? `<CnstEnd>${esc(lv.constructionEnd)}</CnstEnd>` : "");
  const vorbemerkungen = lv.vorbemerkungen.length
    ? `<AddText><OutlineAddText>${para("Vorbemerkungen")}</OutlineAddText><DetailAddText>${lv.vorbemerkungen.map(para).join("")}</DetailAddText></AddText>`
    : "";
  let total = 0;
  if (lv.priced) {
    for (const t of lv.titles) {
      for (const p of t.positions) {
        const alternative = alternatives.get(p.oz);
        if (p.unitPrice === null || p.kind === "bedarf" || (alternative && alternative.serial > 0)) continue;
        total += Math.round(Number(gaebDecimal(p.qty)) * p.unitPrice * 100) / 100;
      }
    }
  }
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA${dp}/3.3">` +
    `<GAEBInfo><Version>3.3</Version><ProgSystem>bauklar blind corpus</ProgSystem></GAEBInfo>` +
    `<PrjInfo><NamePrj>${esc(lv.id)}</NamePrj><LblPrj>${esc(lv.projectName)}</LblPrj><Cur>EUR</Cur></PrjInfo>` +
    `<Award><DP>${dp}</DP><AwardInfo><Cur>EUR</Cur>${dates}</AwardInfo>` +
    `<OWN><Address><Name1>${esc(lv.client)}</Name1></Address></OWN>` +
    `<BoQ><BoQInfo><Name>${esc(lv.trade)}</Name><LblBoQ>${esc(`${lv.trade} – ${lv.projectName}`)}</LblBoQ>` +
    `<BoQBkdn><Type>BoQLevel</Type><Length>${titleDigits}</Length></BoQBkdn>` +
    `<BoQBkdn><Type>Item</Type><Length>${itemDigits}</Length></BoQBkdn>` +
    (lv.priced ? `<Totals><Total>${money(total)}</Total></Totals>` : "") +
    `${vorbemerkungen}</BoQInfo><BoQBody>${categories}</BoQBody></BoQ></Award></GAEB>\n`;
  return { name: `${lv.id}.${lv.priced ? "x84" : "x83"}`, data: new TextEncoder().encode(xml) };
}

// ── Contract documents ───────────────────────────────────────────────────────────────────────

function txt(doc: BlindContractDocument): Uint8Array {
  return new TextEncoder().encode(`${doc.paragraphs.join("\n\n")}\n`);
}

/** A paragraph that is a heading ("§ 3 Vertragsstrafe", short and without a full stop) is bold. */
const isHeading = (p: string) =>
  p.length < 80 && !/[.:;]\s*$/.test(p) && /^(§|\d+(\.\d+)*\.?\s|[A-ZÄÖÜ])/.test(p) && !/\s\S+\s\S+\s\S+\s\S+\s\S+\s\S+\s\S+/.test(p);

async function docx(doc: BlindContractDocument): Promise<Uint8Array> {
  const document = new Document({
    creator: "bauklar blind corpus",
    title: doc.name.replace(/\.docx$/i, ""),
    sections: [
      {
        children: doc.paragraphs.map(
          (text) =>
            new Paragraph({ children: [new TextRun({ text, bold: isHeading(text), font: "Arial", size: 21 })], spacing: { after: 120 } }),
        ),
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

async function pdf(doc: BlindContractDocument, browser: Browser): Promise<Uint8Array> {
  const body = doc.paragraphs.map((p) => (isHeading(p) ? `<h3>${esc(p)}</h3>` : `<p>${esc(p)}</p>`)).join("\n");
  const html =
    `<!doctype html><html lang="de"><head><meta charset="utf-8"><style>` +
    `body{font-family:Arial,Helvetica,sans-serif;font-size:10.5pt;line-height:1.35}h3{font-size:11pt;margin:14px 0 4px}p{margin:0 0 8px}` +
    `</style></head><body><h2>${esc(doc.name.replace(/\.pdf$/i, ""))}</h2>${body}</body></html>`;
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: "load" });
    const footer = `<div style="font-size:8pt;width:100%;text-align:center">Seite <span class="pageNumber"></span> von <span class="totalPages"></span></div>`;
    const bytes = await page.pdf({
      format: "A4",
      margin: { top: "20mm", bottom: "20mm", left: "22mm", right: "18mm" },
      displayHeaderFooter: true,
      headerTemplate: "<span></span>",
      footerTemplate: footer,
    });
    return new Uint8Array(bytes);
  } finally {
    await page.close();
  }
}

/** One contract document in the format its name asks for; .pdf needs a browser. */
export async function contractDocumentFile(doc: BlindContractDocument, browser?: Browser): Promise<BlindFile> {
  const ext = /\.(docx|pdf|txt)$/i.exec(doc.name)?.[1]?.toLowerCase();
  if (ext === "txt") return { name: doc.name, data: txt(doc) };
  if (ext === "docx") return { name: doc.name, data: await docx(doc) };
  if (ext === "pdf") {
    if (!browser) throw new Error(`${doc.name}: für PDF wird ein Browser gebraucht (launchBrowser())`);
    return { name: doc.name, data: await pdf(doc, browser) };
  }
  throw new Error(`${doc.name}: unbekanntes Format (erwartet .docx, .pdf oder .txt)`);
}

/** Debian's Chromium, headless, for the PDF prints. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
}

/** The tender file and its contract documents. */
export async function lvToFiles(lv: BlindLv, options: { browser?: Browser } = {}): Promise<{ tender: BlindFile; documents: BlindFile[] }> {
  const documents: BlindFile[] = [];
  for (const doc of lv.contractDocuments ?? []) documents.push(await contractDocumentFile(doc, options.browser));
  return { tender: lvToGaebXml(lv), documents };
}

export function readBlindLv(path: string): BlindLv {
  return JSON.parse(readFileSync(path, "utf8")) as BlindLv;
}

async function main(): Promise<void> {
  const [input, outDir] = process.argv.slice(2);
  if (!input || !outDir) {
    console.error("Aufruf: npx tsx tests/quality/blind/lv-to-files.ts <id.lv.json> <Zielordner>");
    process.exit(2);
  }
  const lv = readBlindLv(input);
  const needsBrowser = (lv.contractDocuments ?? []).some((d) => /\.pdf$/i.test(d.name));
  const browser = needsBrowser ? await launchBrowser() : undefined;
  try {
    const { tender, documents } = await lvToFiles(lv, { browser });
    mkdirSync(outDir, { recursive: true });
    for (const file of [tender, ...documents]) {
      writeFileSync(join(outDir, basename(file.name)), file.data);
      console.log(join(outDir, basename(file.name)));
    }
  } finally {
    await browser?.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(basename(process.argv[1]))) await main();
