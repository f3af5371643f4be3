// GET /api/projects/:id/boq/export.x83 and .x84: any read LV as GAEB DA XML 3.3, with the LV's
// access rules; read back by our reader (the X84 merged into the X83) it is the LV of the LV tab,
// whether it arrived as DA XML, GAEB 90, GAEB 2000, PDF, Excel or CSV.
// Also: sub-descriptions, bidder answers and section discounts in the LV response and the Excel export.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { createWorld } from "../helpers/world";
import { storeInputFile } from "./projects.helpers";
import { projectFiles, projects } from "../../src/server/db/schema";
import { analyseStoredFile, positionKinds } from "../../src/server/boq/store";
import { queueBoqAnalysis } from "../../src/server/boq/worker";
import { readGaebXml } from "../../src/server/tender/read/gaeb-xml/reader";
import { mergePrices } from "../../src/server/tender/read/merge-prices";
import type { ParsedTender } from "../../src/server/tender/types";

const FIXTURES = join(import.meta.dirname, "../../src/server/tender/fixtures");
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

let ctx: TestContext;
let companyA: number;
let superAdmin: TestUser;
let adminA: TestUser;
let userA: TestUser;
let adminB: TestUser;
let userB: TestUser;

async function addInput(fileName: string, data: Buffer, projectId?: number) {
  const stored = await storeInputFile(ctx, adminA, companyA, fileName, data, { projectId, projectName: `GAEB ${fileName}` });
  await analyseStoredFile(ctx.db, stored.fileId);
  return stored.projectId;
}

interface LvPosition {
  kind: string;
  level: number;
  oz: string | null;
  shortText: string | null;
  longText: string | null;
  qty: number | null;
  unit: string | null;
  unitPrice: number | null;
  total: number | null;
  kinds: string[];
  subDescriptions?: { no: string; shortText: string; qty: number | null }[];
}

/** The LV tab's positions in the terms the reader gives back. */
const fromTab = (positions: LvPosition[], prices: boolean) =>
  positions.map((p) => ({
    kind: p.kind,
    level: p.level,
    oz: p.oz ?? "",
    shortText: p.shortText ?? "",
    longText: p.longText ?? "",
    qty: p.kind === "item" ? p.qty : null,
    unit: p.unit ?? "",
    kinds: p.kinds,
    subDescriptions: (p.subDescriptions ?? []).map((s) => [s.no, s.shortText, s.qty]),
    ...(prices ? { unitPrice: p.unitPrice, total: p.total } : {}),
  }));
const fromFile = (lv: ParsedTender, prices: boolean) =>
  lv.positions.map((p) => ({
    kind: p.kind,
    level: p.level,
    oz: p.oz,
    shortText: p.shortText,
    longText: p.longText,
    qty: p.kind === "item" ? p.qty : null,
    unit: p.unit,
    kinds: positionKinds(p),
    subDescriptions: (p.subDescriptions ?? []).map((s) => [s.no, s.shortText, s.qty]),
    ...(prices ? { unitPrice: p.unitPrice, total: p.total } : {}),
  }));

const get = (path: string, user?: TestUser) => ctx.request("GET", path, user ? { user } : {});

/** Downloads X83 and X84 and reads them back as an AVA program hands them over. */
async function download(projectId: number) {
  const x83 = await get(`/api/projects/${projectId}/boq/export.x83`, userA);
  const x84 = await get(`/api/projects/${projectId}/boq/export.x84`, userA);
  expect(x83.statusCode).toBe(200);
  expect(x84.statusCode).toBe(200);
  const lv = readGaebXml(x83.rawPayload);
  const prices = readGaebXml(x84.rawPayload);
  return { x83, x84, lv, prices, merged: mergePrices(lv, prices, "lv.x83") };
}

const projectsByFile: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  ({ companyA, superAdmin, adminA, userA, adminB, userB } = await createWorld(ctx, ["Alpha Bau", "Beta Bau"]));
  const rohbau = await addInput("rohbau-27.x83", fixture("rohbau-27.x83"));
  await addInput("rohbau-27-preise.x84", fixture("rohbau-27-preise.x84"), rohbau);
  projectsByFile["rohbau-27"] = rohbau;
  const sections = await addInput("sections.x83", fixture("sections.x83"));
  await addInput("sections-preise.x84", fixture("sections-preise.x84"), sections);
  projectsByFile.sections = sections;
  projectsByFile["boq.x83"] = await addInput("boq.x83", fixture("boq.x83"));
  projectsByFile["classic-priced.pdf"] = await addInput("classic-priced.pdf", fixture("rendered/classic-priced.pdf"));
  projectsByFile["rohbau-priced.xlsx"] = await addInput("rohbau-priced.xlsx", fixture("sheets/rohbau-priced.xlsx"));
  projectsByFile["rohbau-semikolon.csv"] = await addInput("rohbau-semikolon.csv", fixture("sheets/rohbau-semikolon.csv"));
  projectsByFile["rohbau-27.d84"] = await addInput("rohbau-27.d84", fixture("rohbau-27.d84"));
  projectsByFile["rohbau-27.p83"] = await addInput("rohbau-27.p83", fixture("rohbau-27.p83"));
}, 120_000);
afterAll(() => ctx.close());

describe("GET /api/projects/:id/boq/export.x83 and .x84", () => {
  it("are GAEB DA XML 3.3 downloads named after the project", async () => {
    const id = projectsByFile["rohbau-27"];
    const { x83, x84 } = await download(id);
    expect(x83.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(x83.headers["content-disposition"]).toBe(`attachment; filename="LV-${id}.x83"; filename*=UTF-8''LV-${id}.x83`);
    expect(x83.headers["cache-control"]).toBe("private, no-store");
    expect(Number(x83.headers["content-length"])).toBe(x83.rawPayload.length);
    expect(x83.body).toContain('<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3">');
    expect(x83.body).not.toContain("<UP>");
    expect(x84.headers["content-disposition"]).toBe(`attachment; filename="LV-${id}.x84"; filename*=UTF-8''LV-${id}.x84`);
    expect(x84.body).toContain('<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA84/3.3">');
    // The bidder is the project's company.
    expect(x84.body).toContain("<Name1>Alpha Bau</Name1>");
  });

  it.each([
    "rohbau-27",
    "sections",
    "boq.x83",
    "classic-priced.pdf",
    "rohbau-priced.xlsx",
    "rohbau-semikolon.csv",
    "rohbau-27.d84",
    "rohbau-27.p83",
  ])("the LV of %s reads back as the LV tab shows it: OZ, texts, quantities, units, kinds, titles, prices and totals", async (name) => {
    const id = projectsByFile[name];
    const tab = (await get(`/api/projects/${id}/boq`, userA)).json();
    expect(tab.status).toBe("done");
    const { lv, merged } = await download(id);
    expect(lv.phase).toBe(83);
    expect(fromFile(lv, false)).toEqual(fromTab(tab.positions, false));
    expect(fromFile(merged, true)).toEqual(fromTab(tab.positions, true));
    expect(merged.totals.total).toBe(tab.totals.total);
  });

  it("the priced rohbau-27 and the discounted sections LV keep their totals to the cent", async () => {
    const rohbau = await download(projectsByFile["rohbau-27"]);
    expect(rohbau.prices.priceOnly).toBe(true);
    const tab = (await get(`/api/projects/${projectsByFile["rohbau-27"]}/boq`, userA)).json();
    expect(rohbau.merged.totals.total).toBe(tab.totals.total);
    const sections = await download(projectsByFile.sections);
    expect(sections.merged.totals).toMatchObject({ total: 18394.6, stated: 18394.6, discount: { percent: 2, beforeDiscount: 18770 } });
    expect(sections.merged.positions.find((p) => p.oz === "02")).toMatchObject({ total: 4500, section: { lumpSum: 4500, subtotal: 5000 } });
  });

  it("has the project's access rules for every role: another company 404, anonymous 401", async () => {
    const id = projectsByFile["rohbau-27"];
    for (const ext of ["x83", "x84"]) {
      for (const u of [superAdmin, adminA, userA]) expect((await get(`/api/projects/${id}/boq/export.${ext}`, u)).statusCode).toBe(200);
      for (const u of [adminB, userB]) {
        const other = await get(`/api/projects/${id}/boq/export.${ext}`, u);
        expect(other.statusCode).toBe(404);
        expect(other.headers["content-type"]).toMatch(/^application\/json/);
        expect(other.body).not.toContain("<GAEB");
      }
      expect((await get(`/api/projects/${id}/boq/export.${ext}`)).statusCode).toBe(401);
      expect((await get(`/api/projects/999999/boq/export.${ext}`, superAdmin)).statusCode).toBe(404);
    }
  });

  it("404 without an LV; 409 while it is read or when it could not be read", async () => {
    const [empty] = await ctx.db.insert(projects).values({ name: "Leer", companyId: companyA, createdBy: adminA.id }).returning();
    const none = await get(`/api/projects/${empty.id}/boq/export.x83`, userA);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("Für dieses Projekt ist kein Leistungsverzeichnis hochgeladen.");

    const [p] = await ctx.db.insert(projects).values({ name: "Neu", companyId: companyA, createdBy: adminA.id }).returning();
    const data = fixture("rohbau-27.x83");
    const [f] = await ctx.db
      .insert(projectFiles)
      .values({
        projectId: p.id,
        kind: "input",
        fileName: "neu.x83",
        extension: "x83",
        mimeType: "application/xml",
        size: data.length,
        sha256: "x",
        data,
      })
      .returning();
    await ctx.db.update(projects).set({ inputFileId: f.id }).where(eq(projects.id, p.id));
    await queueBoqAnalysis(ctx.db, { projectId: p.id, fileId: f.id });
    const pending = await get(`/api/projects/${p.id}/boq/export.x84`, userA);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toMatch(/wird noch gelesen/);

    const broken = await addInput("kaputt.x83", Buffer.from("<GAEB><Award><BoQ>"));
    const failed = await get(`/api/projects/${broken}/boq/export.x83`, userA);
    expect(failed.statusCode).toBe(409);
    expect(failed.json().message).toBe(
      "Das Leistungsverzeichnis konnte nicht automatisch gelesen werden; eine GAEB-Datei ist daher nicht möglich.",
    );
  });
});

describe("sub-descriptions, bidder answers and section discounts in the LV tab and the Excel export", () => {
  it("boq.x83: 01.02.0010 carries its Unterbeschreibung „Trockener Boden“ (60 m3) in the LV response and as a row below it in Excel", async () => {
    const id = projectsByFile["boq.x83"];
    const tab = (await get(`/api/projects/${id}/boq`, userA)).json();
    const item = tab.positions.find((p: LvPosition) => p.oz === "01.02.0010");
    expect(item.subDescriptions).toEqual([
      { no: "1", shortText: "Trockener Boden", longText: "Trockener Boden je m3.", qty: 60, unit: "m3" },
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await get(`/api/projects/${id}/boq/export.xlsx`, userA)).rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("Positionen")!;
    const rows = ws.getRows(2, ws.rowCount - 1)!;
    const at = rows.findIndex((r) => r.getCell(1).value === "01.02.0010");
    const sub = rows[at + 1];
    expect([1, 2, 3, 4, 7].map((c) => sub.getCell(c).value)).toEqual(["01.02.0010/1", "Trockener Boden", 60, "m3", "Unterbeschreibung"]);
  });

  it("sections: the bidder's answer, the section discounts and the alternative section reach the LV tab", async () => {
    const tab = (await get(`/api/projects/${projectsByFile.sections}/boq`, userA)).json();
    const byOz = new Map(tab.positions.map((p: LvPosition) => [p.oz, p]));
    expect(byOz.get("01.02.0010")).toMatchObject({ bidderAnswers: [{ caption: "Angebotenes Fabrikat:", answer: "KS Muster 20 DF" }] });
    expect(byOz.get("01.02.0010")).not.toMatchObject({ kinds: expect.arrayContaining(["bidderGap"]) });
    expect(byOz.get("01.01")).toMatchObject({ total: 2928.29, section: { discountPercent: 3.5, subtotal: 3034.5 } });
    expect(byOz.get("01.02")).toMatchObject({ total: 6861.12, section: { discountPercent: -2.5, subtotal: 6693.78 } });
    expect(byOz.get("01")).toMatchObject({ total: 11000, section: { discountAmount: 489.41, subtotal: 11489.41 } });
    expect(byOz.get("01.04")).toMatchObject({ total: 1980, kinds: ["title", "alternative"] });
    expect(byOz.get("01.04.0010")).toMatchObject({ kinds: ["item", "alternative"] });
    expect(tab.totals).toMatchObject({ total: 18394.6, stated: 18394.6 });
    // In Excel the titles name their discount, surcharge or lump sum beside the amount after it.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await get(`/api/projects/${projectsByFile.sections}/boq/export.xlsx`, userA)).rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("Positionen")!;
    const rowOf = (oz: string) => ws.getRows(2, ws.rowCount - 1)!.find((r) => r.getCell(1).value === oz)!;
    expect([6, 7].map((c) => rowOf("01.01").getCell(c).value)).toEqual([2928.29, "Titel, Nachlass 3,5 % auf 3.034,50 €"]);
    expect([6, 7].map((c) => rowOf("01.02").getCell(c).value)).toEqual([6861.12, "Titel, Zuschlag 2,5 % auf 6.693,78 €"]);
    expect([6, 7].map((c) => rowOf("01").getCell(c).value)).toEqual([11000, "Titel, Nachlass 489,41 € auf 11.489,41 €"]);
    expect([6, 7].map((c) => rowOf("02").getCell(c).value)).toEqual([4500, "Titel, Pauschalsumme statt 5.000,00 €"]);
    expect(rowOf("01.04").getCell(7).value).toBe("Titel, Wahlposition");
    expect(tab.warnings.some((w: string) => w.includes("weicht"))).toBe(false);
  });
});
