// Writes the Excel and CSV test LVs in src/server/tender/fixtures/sheets/ from the GAEB source of
// truth: rohbau-27.x83 (27 items, 5 titles) and the unit prices in rohbau-27-preise.x84. Each
// file has the layout of a kind of sheet German general contractors send to subcontractors.
//
//   npx tsx scripts/write-sheet-fixtures.ts

import ExcelJS from "exceljs";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { readGaebXml } from "../src/server/tender/read/gaeb-xml/reader";
import type { BoqNode } from "../src/server/tender/types";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const fixtures = join(root, "src/server/tender/fixtures");
const out = join(fixtures, "sheets");

const lv = readGaebXml(readFileSync(join(fixtures, "rohbau-27.x83")));
const prices = new Map(readGaebXml(readFileSync(join(fixtures, "rohbau-27-preise.x84"))).positions.map((p) => [p.oz, p]));
const FIXED_DATE = new Date("2026-03-16T08:00:00Z");

/** An open bidder gap as printed in a sheet: a dotted line. */
const sheetText = (text: string) => text.replace(/\[Bieterangabe: …\]/g, "..........");
/** Items whose total is not part of the offer sum (Bedarfsposition ohne GB, Wahlposition). */
const counts = (item: BoqNode) =>
  item.flags.provisional !== "WithoutTotal" && !(item.flags.alternative && item.flags.alternative.serial >= 1);

interface Section {
  title: BoqNode;
  items: BoqNode[];
}
const sections: Section[] = [];
for (const node of lv.positions) {
  if (node.kind === "title") sections.push({ title: node, items: [] });
  else if (node.kind === "item") sections.at(-1)!.items.push(node);
}

function price(item: BoqNode): { unitPrice: number; total: number } {
  const p = prices.get(item.oz);
  if (!p || p.unitPrice === null || p.total === null) throw new Error(`no price for ${item.oz}`);
  return { unitPrice: p.unitPrice, total: p.total };
}

function newWorkbook(): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = "bauklar Testdaten";
  wb.created = FIXED_DATE;
  wb.modified = FIXED_DATE;
  return wb;
}

const QTY_FORMAT = "#,##0.000";
const MONEY_FORMAT = "#,##0.00";
const BOLD: Partial<ExcelJS.Font> = { bold: true };
const HEADER_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFD9D9D9" } };

/** 1. A general contractor's LV for pricing: title block, header OZ | Kurztext | Langtext | Menge |
 *  ME | EP | GP, long texts in their own column, empty prices, sum rows with formulas, and a
 *  second sheet with preliminary remarks. */
async function writeGuLayout(): Promise<void> {
  const wb = newWorkbook();
  const ws = wb.addWorksheet("LV Rohbau", { views: [{ state: "frozen", ySplit: 6 }] });
  ws.columns = [{ width: 11 }, { width: 42 }, { width: 80 }, { width: 12 }, { width: 7 }, { width: 12 }, { width: 14 }];
  ws.addRow(["Bauvorhaben:", lv.projectName]);
  ws.addRow(["LV-Nr.:", lv.boqName]);
  ws.addRow(["Datum:", FIXED_DATE]).getCell(2).numFmt = "dd.mm.yyyy";
  ws.addRow(["Auftraggeber:", "Muster Generalbau GmbH, Hauptstraße 1, 12345 Musterstadt"]);
  for (const n of [1, 2, 3, 4]) ws.getCell(n, 1).font = BOLD;
  ws.addRow([]);
  const header = ws.addRow(["OZ", "Kurztext", "Langtext", "Menge", "ME", "EP", "GP"]);
  header.font = BOLD;
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
    cell.border = { bottom: { style: "thin" } };
  });

  const sumCells: string[] = [];
  for (const { title, items } of sections) {
    const titleRow = ws.addRow([`${title.oz}.`, title.shortText]);
    titleRow.font = BOLD;
    const first = titleRow.number + 1;
    for (const item of items) {
      const row = ws.addRow([item.oz, item.shortText, sheetText(item.longText), item.qty, item.unit, null, null]);
      row.alignment = { vertical: "top" };
      row.getCell(3).alignment = { wrapText: true, vertical: "top" };
      row.getCell(4).numFmt = QTY_FORMAT;
      row.getCell(6).numFmt = MONEY_FORMAT;
      row.getCell(7).numFmt = MONEY_FORMAT;
    }
    const last = first + items.length - 1;
    const sum = ws.addRow([
      null,
      `Summe Titel ${title.oz} ${title.shortText}`,
      null,
      null,
      null,
      null,
      { formula: `SUM(G${first}:G${last})`, result: 0 },
    ]);
    sum.font = BOLD;
    sum.getCell(7).numFmt = MONEY_FORMAT;
    sumCells.push(`G${sum.number}`);
  }
  ws.addRow([]);
  const total = ws.addRow([null, "Gesamtsumme netto", null, null, null, null, { formula: sumCells.join("+"), result: 0 }]);
  total.font = BOLD;
  total.getCell(7).numFmt = MONEY_FORMAT;

  const remarks = wb.addWorksheet("Vorbemerkungen");
  remarks.getColumn(1).width = 100;
  const paragraphs = [
    `Vorbemerkungen zum ${lv.boqName}`,
    "1. Allgemeines",
    "Die Preise sind als Festpreise bis zum Ende der Bauzeit anzubieten. Die Einheitspreise sind netto ohne Umsatzsteuer einzutragen.",
    "2. Baustelleneinrichtung",
    "Strom und Wasser werden vom Auftraggeber an einem Übergabepunkt bereitgestellt; die Verbrauchskosten trägt der Auftragnehmer.",
    "3. Abrechnung",
    "Abgerechnet wird nach VOB/C und gemeinsamem Aufmaß.",
  ];
  for (const p of paragraphs) remarks.addRow([p]).getCell(1).alignment = { wrapText: true };
  remarks.getCell("A1").font = { bold: true, size: 14 };
  writeFileSync(join(out, "rohbau-gu.xlsx"), Buffer.from(await wb.xlsx.writeBuffer()));
}

/** 2. A priced offer: header Pos.-Nr. | Bezeichnung | Menge | Einheit | Einheitspreis |
 *  Gesamtpreis, OZ as text, long text in the rows below each item (merged across the columns),
 *  title texts merged across the columns, GP as formula with its cached result. */
async function writePricedLayout(): Promise<void> {
  const wb = newWorkbook();
  const ws = wb.addWorksheet("Angebot", { views: [{ state: "frozen", ySplit: 3 }] });
  ws.columns = [{ width: 11 }, { width: 60 }, { width: 12 }, { width: 9 }, { width: 14 }, { width: 15 }];
  ws.addRow([`Angebot – ${lv.boqName}`]).font = { bold: true, size: 14 };
  ws.mergeCells("A1:F1");
  ws.addRow([]);
  const header = ws.addRow(["Pos.-Nr.", "Bezeichnung", "Menge", "Einheit", "Einheitspreis", "Gesamtpreis"]);
  header.font = BOLD;
  header.eachCell((cell) => (cell.fill = HEADER_FILL));

  const sumCells: { cell: string; value: number }[] = [];
  for (const { title, items } of sections) {
    const titleRow = ws.addRow([title.oz, title.shortText]);
    titleRow.font = BOLD;
    titleRow.getCell(1).numFmt = "@";
    ws.mergeCells(titleRow.number, 2, titleRow.number, 6);
    const counted: { cell: string; value: number }[] = [];
    for (const item of items) {
      const { unitPrice, total } = price(item);
      const n = ws.rowCount + 1;
      const row = ws.addRow([item.oz, item.shortText, item.qty, item.unit, unitPrice, { formula: `C${n}*E${n}`, result: total }]);
      row.getCell(1).numFmt = "@";
      row.getCell(3).numFmt = QTY_FORMAT;
      row.getCell(5).numFmt = MONEY_FORMAT;
      row.getCell(6).numFmt = MONEY_FORMAT;
      if (counts(item)) counted.push({ cell: `F${n}`, value: total });
      for (const line of sheetText(item.longText).split("\n")) {
        const textRow = ws.addRow([null, line]);
        textRow.getCell(2).alignment = { wrapText: true };
        ws.mergeCells(textRow.number, 2, textRow.number, 6);
      }
      ws.addRow([]);
    }
    const subtotal = Math.round(counted.reduce((s, c) => s + c.value * 100, 0)) / 100;
    const sum = ws.addRow([
      null,
      `Summe ${title.oz} ${title.shortText}`,
      null,
      null,
      null,
      { formula: `SUM(${counted.map((c) => c.cell).join(",")})`, result: subtotal },
    ]);
    sum.font = BOLD;
    sum.getCell(6).numFmt = MONEY_FORMAT;
    sumCells.push({ cell: `F${sum.number}`, value: subtotal });
    ws.addRow([]);
  }
  const net = Math.round(sumCells.reduce((s, c) => s + c.value * 100, 0)) / 100;
  const gross = Math.round(net * 119) / 100;
  const netRow = ws.addRow([null, "Gesamtsumme netto", null, null, null, { formula: sumCells.map((c) => c.cell).join("+"), result: net }]);
  const vatRow = ws.addRow([
    null,
    "zzgl. 19 % MwSt.",
    null,
    null,
    null,
    { formula: `F${netRow.number}*0.19`, result: Math.round(net * 19) / 100 },
  ]);
  const grossRow = ws.addRow([
    null,
    "Gesamtsumme brutto",
    null,
    null,
    null,
    { formula: `F${netRow.number}+F${vatRow.number}`, result: gross },
  ]);
  for (const row of [netRow, vatRow, grossRow]) {
    row.font = BOLD;
    row.getCell(6).numFmt = MONEY_FORMAT;
  }
  writeFileSync(join(out, "rohbau-priced.xlsx"), Buffer.from(await wb.xlsx.writeBuffer()));
}

/** 3. Data only, no header and no title block: OZ | Kurztext | Menge | ME | Langtext. */
async function writeWithoutHeader(): Promise<void> {
  const wb = newWorkbook();
  const ws = wb.addWorksheet("Tabelle1");
  for (const { title, items } of sections) {
    ws.addRow([title.oz, title.shortText]);
    for (const item of items) ws.addRow([item.oz, item.shortText, item.qty, item.unit, sheetText(item.longText)]);
  }
  writeFileSync(join(out, "rohbau-ohne-kopf.xlsx"), Buffer.from(await wb.xlsx.writeBuffer()));
}

/** Windows-1252 characters 0x80–0x9F (the rest of Latin-1 maps to itself). */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

function encodeWindows1252(text: string): Buffer {
  const bytes = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const high = CP1252_HIGH.indexOf(text[i]);
    if (high >= 0) bytes[i] = 0x80 + high;
    else if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes[i] = code;
    else throw new Error(`not in Windows-1252: ${text[i]} (U+${code.toString(16)})`);
  }
  return bytes;
}

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
const germanNumber = (n: number) => n.toLocaleString("de-DE", { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** Remarks with semicolons and line breaks inside quotes, for a few items of the ; file. */
const REMARKS: Record<string, string> = {
  "01.0010": "Lage gemäß BE-Plan; Stand 03/2026",
  "02.0020": "Aushub getrennt nach Homogenbereichen;\nNachweis durch Wiegescheine",
  "03.0060": "Stahllisten folgen; Abrechnung nach Gewicht",
};

/** 4. Excel's "CSV (Trennzeichen-getrennt)" in German: ; separated, Windows-1252, CRLF, German
 *  decimals, long texts quoted with line breaks, a remark column with ; inside quotes. */
function writeSemicolonCsv(): void {
  const lines: string[] = [
    `Bauvorhaben:;${quote(lv.projectName)};;;;;;`,
    `LV:;${quote(lv.boqName)};;;;;;`,
    ";;;;;;;",
    "Pos.;Kurztext;Langtext;Menge;Einheit;EP netto;GP netto;Bemerkung",
  ];
  for (const { title, items } of sections) {
    lines.push(`${title.oz};${quote(title.shortText)};;;;;;`);
    for (const item of items) {
      const remark = REMARKS[item.oz] ? quote(REMARKS[item.oz]) : "";
      lines.push(
        [item.oz, quote(item.shortText), quote(sheetText(item.longText)), germanNumber(item.qty!), item.unit, "", "", remark].join(";"),
      );
    }
  }
  writeFileSync(join(out, "rohbau-semikolon.csv"), encodeWindows1252(`${lines.join("\r\n")}\r\n`));
}

/** 5. A comma-separated export: UTF-8 with BOM, decimal point, other header names. */
function writeCommaCsv(): void {
  const lines = ["Ordnungszahl,Leistungsbeschreibung,Ausführliche Beschreibung,Vordersatz,Mengeneinheit,Einheitspreis,Gesamtbetrag"];
  for (const { title, items } of sections) {
    lines.push(`${quote(title.oz)},${quote(title.shortText)},,,,,`);
    for (const item of items) {
      lines.push(
        [quote(item.oz), quote(item.shortText), quote(sheetText(item.longText)), item.qty!.toFixed(3), item.unit, "", ""].join(","),
      );
    }
  }
  writeFileSync(join(out, "rohbau-komma.csv"), `\uFEFF${lines.join("\n")}\n`, "utf8");
}

mkdirSync(out, { recursive: true });
await writeGuLayout();
await writePricedLayout();
await writeWithoutHeader();
writeSemicolonCsv();
writeCommaCsv();
console.log(`Tabellen-Fixtures geschrieben nach ${out}`);
