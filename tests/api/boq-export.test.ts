// GET /api/projects/:id/boq/export.xlsx: the read LV and its pre-check as an Excel workbook.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { createWorld } from "../helpers/world";
import { storeInputFile } from "./projects.helpers";
import { projects } from "../../src/server/db/schema";
import { analyseStoredFile } from "../../src/server/boq/store";
import { queueBoqAnalysis } from "../../src/server/boq/worker";
import { category, gaebXml, item, itemlist } from "../../src/server/tender/testing/build-gaeb";

const FIXTURES = join(import.meta.dirname, "../../src/server/tender/fixtures");
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

let ctx: TestContext;
let companyA: number;
let superAdmin: TestUser;
let adminA: TestUser;
let userA: TestUser;
let userB: TestUser;

/** Adds an input file version to a project (a new project when none is given) and points the project at it. */
const addInput = (fileName: string, data: Buffer, projectId?: number) =>
  storeInputFile(ctx, adminA, companyA, fileName, data, { projectId, mimeType: "application/xml", projectName: `Export ${fileName}` });

async function workbook(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

/** The row's first `n` cell values (empty cells as null). */
const values = (row: ExcelJS.Row, n = row.worksheet.columnCount) => Array.from({ length: n }, (_, i) => row.getCell(i + 1).value ?? null);

/** The rohbau-27 LV (X83) completed by its price-only X84, read as the project's current input. */
let rohbau: number;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ companyA, superAdmin, adminA, userA, userB } = await createWorld(ctx, ["Alpha Bau", "Beta Bau"]));
  const x83 = await addInput("rohbau-27.x83", fixture("rohbau-27.x83"));
  await analyseStoredFile(ctx.db, x83.fileId);
  const x84 = await addInput("rohbau-27-preise.x84", fixture("rohbau-27-preise.x84"), x83.projectId);
  await analyseStoredFile(ctx.db, x84.fileId);
  rohbau = x83.projectId;
});
afterAll(() => ctx.close());

describe("GET /api/projects/:id/boq/export.xlsx", () => {
  it("is an XLSX download named after the project", async () => {
    const res = await ctx.request("GET", `/api/projects/${rohbau}/boq/export.xlsx`, { user: userA });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(XLSX);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="LV-Auswertung-${rohbau}.xlsx"; filename*=UTF-8''LV-Auswertung-${rohbau}.xlsx`,
    );
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    expect(res.rawPayload.subarray(0, 2).toString("latin1")).toBe("PK");
    const wb = await workbook(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Positionen", "Befunde", "LV-Fragen", "Zusammenfassung"]);
  });

  it("sheet Positionen: every position with German number formats, frozen header, autofilter", async () => {
    const wb = await workbook((await ctx.request("GET", `/api/projects/${rohbau}/boq/export.xlsx`, { user: userA })).rawPayload);
    const ws = wb.getWorksheet("Positionen")!;
    expect(values(ws.getRow(1))).toEqual([
      "OZ",
      "Kurztext",
      "Menge",
      "Einheit",
      "EP",
      "GP",
      "Positionsarten",
      "Befunde",
      "Betrag im Risiko",
      "Chance",
      "Schätzung (Richtwert) von",
      "Schätzung (Richtwert) bis",
      "Fragen zur Position",
      "Langtext",
    ]);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(ws.autoFilter).toBe("A1:N1");
    // 5 titles and 27 items, in LV order.
    expect(ws.rowCount).toBe(1 + 5 + 27);
    const title = ws.getRow(2);
    expect(values(title).slice(0, 2)).toEqual(["01", "Baustelleneinrichtung"]);
    expect(title.getCell(6).value).toBe(20276);
    expect(title.getCell(1).font?.bold).toBe(true);

    const row = ws.getRow(5);
    // An ordinary Bedarfsposition shows its kind but gets no finding of its own (issue 24); its
    // amount counts in the LV's Chance total (see the LV response).
    expect(values(row).slice(0, 11)).toEqual([
      "01.0030",
      "Bauzaun über 4 Wochen hinaus vorhalten",
      480,
      "mWo",
      0.65,
      312,
      "Bedarfsposition (ohne GB)",
      null,
      null,
      null,
      null,
    ]);
    expect(row.getCell(13).value ?? null).toBeNull();
    expect(String(row.getCell(14).value)).toMatch(/Bauzaun/);
    expect(row.getCell(3).numFmt).toBe("#,##0.000");
    expect(row.getCell(5).numFmt).toBe('#,##0.00 "€"');
    expect(row.getCell(6).numFmt).toBe('#,##0.00 "€"');
    expect(row.getCell(9).numFmt).toBe('#,##0.00 "€"');
    expect(row.getCell(1).font?.bold).toBeFalsy();

    // Stundenlohn is open (uncertain scope, no loss): neither in Risiko nor in Chance.
    const hourly = ws.getRows(2, ws.rowCount - 1)!.find((r) => r.getCell(1).value === "03.0090")!;
    expect(values(hourly).slice(2, 10)).toEqual([40, "h", 58, 2320, "Stundenlohn", null, null, null]);
    const noFinding = ws.getRows(2, ws.rowCount - 1)!.find((r) => r.getCell(1).value === "02.0010")!;
    expect(values(noFinding).slice(0, 9)).toEqual([
      "02.0010",
      "Oberboden abtragen und seitlich lagern",
      850,
      "m2",
      3.9,
      3315,
      null,
      null,
      null,
    ]);
  });

  it("sheet Befunde: every finding with severity, basis, amount and source", async () => {
    const boq = (await ctx.request("GET", `/api/projects/${rohbau}/boq`, { user: userA })).json();
    const wb = await workbook((await ctx.request("GET", `/api/projects/${rohbau}/boq/export.xlsx`, { user: userA })).rawPayload);
    const ws = wb.getWorksheet("Befunde")!;
    expect(values(ws.getRow(1))).toEqual([
      "OZ",
      "Schwere",
      "Titel",
      "Begründung",
      "Grundlage",
      "Beleg",
      "Betrag",
      "Quelle",
      "Weitere OZ",
      "Für den Betrag fehlt",
      "Art",
      "Schätzung (Richtwert) von",
      "Schätzung (Richtwert) bis",
    ]);
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(ws.autoFilter).toBe("A1:M1");
    expect(ws.rowCount).toBe(1 + boq.findings.length);
    // Ordinary Bedarfspositionen get no finding (issue 24); a position finding of rohbau-27:
    const open = boq.findings.find((f: { oz: string; ruleId: string }) => f.oz === "02.0030" && f.ruleId === "bieterangaben-offen");
    const row = ws.getRows(2, ws.rowCount - 1)!.find((r) => r.getCell(1).value === "02.0030")!;
    const [oz, severity, title, why, basis, evidence, amount, source, related] = values(row);
    expect([oz, severity, title, basis, evidence, amount, source, related]).toEqual([
      "02.0030",
      "Warnung",
      open.title,
      open.basis,
      null,
      null,
      "Regel",
      null,
    ]);
    expect(why).toBe(open.why);
    // LV-wide findings are marked "LV".
    const lvRows = ws.getRows(2, ws.rowCount - 1)!.filter((r) => r.getCell(1).value === "LV");
    expect(lvRows.length).toBe(boq.findings.filter((f: { scope: string }) => f.scope === "lv").length);
  });

  it("sheet LV-Fragen: the LV-wide findings with a question to the owner each", async () => {
    const boq = (await ctx.request("GET", `/api/projects/${rohbau}/boq`, { user: userA })).json();
    const lv = boq.findings.filter((f: { scope: string }) => f.scope === "lv");
    const wb = await workbook((await ctx.request("GET", `/api/projects/${rohbau}/boq/export.xlsx`, { user: userA })).rawPayload);
    const ws = wb.getWorksheet("LV-Fragen")!;
    expect(values(ws.getRow(1))).toEqual([
      "Nr.",
      "Frage an den Auftraggeber",
      "Befund",
      "Schwere",
      "Begründung",
      "Grundlage",
      "Beleg",
      "Betroffene OZ",
      "Betrag",
      "Quelle",
    ]);
    expect(ws.autoFilter).toBe("A1:J1");
    expect(ws.rowCount).toBe(1 + lv.length);
    lv.forEach((f: { title: string; oz: string | null; relatedOz?: string[]; potentialEur: number | null }, i: number) => {
      const row = ws.getRow(i + 2);
      expect(row.getCell(1).value).toBe(i + 1);
      expect(String(row.getCell(2).value)).toMatch(/\?$/);
      expect(row.getCell(3).value).toBe(f.title);
      expect(row.getCell(8).value ?? "").toBe([...new Set([...(f.oz ? [f.oz] : []), ...(f.relatedOz ?? [])])].join(", "));
      expect(row.getCell(9).value).toBe(f.potentialEur);
    });
  });

  it("the LV response carries the money at stake, and no file bytes", async () => {
    const res = await ctx.request("GET", `/api/projects/${rohbau}/boq`, { user: userA });
    const body = res.json();
    // Risiko and Chance apart; `potential` keeps the risk for older clients.
    expect(body.potential.totalEur).toBe(body.money.risk.eur);
    expect(body.money.chance.eur).toBeGreaterThanOrEqual(2832);
    expect(body.money.estimate).toBeNull();
    expect(["Go", "Go mit Auflagen", "No-Go"]).toContain(body.decision.verdict);
    const sum = Object.values(body.potential.byBasis as Record<string, number>).reduce((s, v) => s + Math.round(v * 100), 0);
    expect(sum).toBe(Math.round(body.potential.totalEur * 100));
    // The Bedarfspositionen 01.0030 (312 €) and 02.0050 (2.520 €) are the chance, without findings of their own.
    expect(body.money.chance.byBasis["§ 7 Abs. 1 Nr. 4 VOB/A"]).toBe(2832);
    expect(body.findings.filter((f: { ruleId: string }) => f.ruleId === "bedarfsposition")).toEqual([]);
    for (const text of [res.body]) {
      expect(text).not.toContain('"data"');
      expect(text).not.toContain("<GAEB");
      expect(text).not.toContain(fixture("rohbau-27-preise.x84").toString("base64").slice(0, 40));
      expect(text).not.toContain(fixture("rohbau-27.x83").toString("base64").slice(0, 40));
    }
  });

  it("an LV without prices: potential null and no amounts", async () => {
    const { projectId, fileId } = await addInput("rohbau-27.x83", fixture("rohbau-27.x83"));
    await analyseStoredFile(ctx.db, fileId);
    const body = (await ctx.request("GET", `/api/projects/${projectId}/boq`, { user: userA })).json();
    expect(body.potential).toBeNull();
    expect(body.findings.every((f: { potentialEur: number | null }) => f.potentialEur === null)).toBe(true);
    // The estimate from the reference prices, marked as such in the API.
    expect(body.money.estimate.lvTotal.high).toBeGreaterThan(body.money.estimate.lvTotal.low);
    expect(body.money.estimate.label).toBe("Schätzung (Richtwert)");
    const wb = await workbook((await ctx.request("GET", `/api/projects/${projectId}/boq/export.xlsx`, { user: userA })).rawPayload);
    const summary = wb.getWorksheet("Zusammenfassung")!;
    const labels = summary.getRows(2, summary.rowCount - 1)!.map((r) => r.getCell(1).value);
    expect(labels).toContain("Empfehlung");
    expect(labels).toContain("Geschätzte Angebotssumme – Schätzung (Richtwert)");
    expect(labels).toContain("Risiko (möglicher Verlust) – Schätzung (Richtwert)");
    const row = wb.getWorksheet("Positionen")!.getRow(5);
    expect(values(row).slice(0, 9)).toEqual([
      "01.0030",
      "Bauzaun über 4 Wochen hinaus vorhalten",
      480,
      "mWo",
      null,
      null,
      "Bedarfsposition (ohne GB)",
      null,
      null,
    ]);
  });

  it("the printable summary: decision, Risiko and Chance apart, questions; same access as the LV", async () => {
    const res = await ctx.request("GET", `/api/projects/${rohbau}/boq/summary`, { user: userA });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = res.body;
    expect(html).toContain("<h2>Auf einen Blick</h2>");
    expect(html).toMatch(/<p class="verdict"><strong>(Go|Go mit Auflagen|No-Go)<\/strong><\/p>/);
    expect(html).toContain("Risiko (möglicher Verlust)");
    expect(html).toContain("Chance (Nachtragspotenzial)");
    expect(html).toContain("Vorgeschlagener Wagniszuschlag");
    expect(html).toContain("@page { size: A4;");
    expect(html).not.toMatch(/\b1 (Risiken|Befunde|Warnungen|Hinweise|Fragen)\b/);
    expect((await ctx.request("GET", `/api/projects/${rohbau}/boq/summary`, { user: userB })).statusCode).toBe(404);
    expect((await ctx.request("GET", `/api/projects/${rohbau}/boq/summary`)).statusCode).toBe(401);
  });

  it("has the project's access rules: another company 404, anonymous 401", async () => {
    for (const u of [superAdmin, adminA, userA])
      expect((await ctx.request("GET", `/api/projects/${rohbau}/boq/export.xlsx`, { user: u })).statusCode).toBe(200);
    const other = await ctx.request("GET", `/api/projects/${rohbau}/boq/export.xlsx`, { user: userB });
    expect(other.statusCode).toBe(404);
    expect(other.headers["content-type"]).toMatch(/^application\/json/);
    expect(other.body).not.toContain("PK");
    expect((await ctx.request("GET", `/api/projects/${rohbau}/boq/export.xlsx`)).statusCode).toBe(401);
    expect((await ctx.request("GET", "/api/projects/999999/boq/export.xlsx", { user: superAdmin })).statusCode).toBe(404);
  });

  it("404 without an LV; 409 while it is read or when it could not be read", async () => {
    const [empty] = await ctx.db.insert(projects).values({ name: "Leer", companyId: companyA, createdBy: adminA.id }).returning();
    const none = await ctx.request("GET", `/api/projects/${empty.id}/boq/export.xlsx`, { user: userA });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("Für dieses Projekt ist kein Leistungsverzeichnis hochgeladen.");

    const unread = await addInput("neu.x83", fixture("rohbau-27.x83"));
    const notYet = await ctx.request("GET", `/api/projects/${unread.projectId}/boq/export.xlsx`, { user: userA });
    expect(notYet.statusCode).toBe(409);
    await queueBoqAnalysis(ctx.db, unread);
    const pending = await ctx.request("GET", `/api/projects/${unread.projectId}/boq/export.xlsx`, { user: userA });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toMatch(/wird noch gelesen/);
    expect(pending.body).not.toContain("<GAEB");

    const broken = await addInput("kaputt.x83", Buffer.from("<GAEB><Award><BoQ>"));
    await analyseStoredFile(ctx.db, broken.fileId);
    const failed = await ctx.request("GET", `/api/projects/${broken.projectId}/boq/export.xlsx`, { user: userA });
    expect(failed.statusCode).toBe(409);
    expect(failed.json().message).toMatch(/nicht automatisch gelesen/);
    expect(failed.body).not.toContain("<GAEB");
  });

  // Issue 22, item 10: text a spreadsheet would run as a formula went into the export as is.
  it("prefixes text that starts like a formula (=, +, -, @, tab, CR) so it stays text", async () => {
    const hostile = [
      '=HYPERLINK("http://x.test","Klick")',
      "+1+cmd|' /C calc'!A0",
      "-2+3",
      "@SUM(A1:A9)",
      "\tTabulator",
      "\rWagenrücklauf",
    ];
    const items = hostile.map((short, i) => item({ rno: String((i + 1) * 10).padStart(4, "0"), qty: "1.000", unit: "St", short }));
    const xml = Buffer.from(gaebXml({ body: category("01", "=Titel", itemlist(...items)) }), "utf8");
    const { projectId, fileId } = await addInput("formel.x83", xml);
    await analyseStoredFile(ctx.db, fileId);
    const res = await ctx.request("GET", `/api/projects/${projectId}/boq/export.xlsx`, { user: userA });
    expect(res.statusCode).toBe(200);
    const sheet = (await workbook(res.rawPayload)).getWorksheet("Positionen")!;
    const cells: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) row.eachCell((cell) => cells.push(cell.value));
    });
    const texts = cells.filter((v): v is string => typeof v === "string");
    expect(texts.filter((t) => /^[=+\-@\t\r]/.test(t))).toEqual([]);
    for (const h of hostile) {
      // The reader may trim the leading whitespace characters; what is left is prefixed when it starts like a formula.
      const shown = texts.find((t) => t.replace(/^'/, "").trim() === h.trim());
      expect({ h, shown }).toMatchObject({ h });
      expect(shown).toBeDefined();
    }
    expect(cells.some((v) => typeof v === "object" && v !== null && "formula" in v)).toBe(false);
  });

  it("exports an LV of 5 000 positions in a few seconds of CPU", async () => {
    const titles: string[] = [];
    for (let t = 1; t <= 10; t++) {
      const items = Array.from({ length: 500 }, (_, i) =>
        item({
          rno: String((i + 1) * 10).padStart(4, "0"),
          qty: `${(i % 97) + 1}.250`,
          unit: i % 5 === 0 ? "psch" : "m2",
          up: `${(i % 50) + 10}.40`,
          short: `Innenputz Wand ${t}.${i}`,
          long: i % 7 === 0 ? "Ausführung nach Angabe des Auftraggebers, inkl. aller Nebenleistungen." : "Kalkzementputz, Dicke 15 mm.",
          extra: i % 11 === 0 ? "<Provis>WithoutTotal</Provis>" : "",
        }),
      );
      titles.push(category(String(t).padStart(2, "0"), `Titel ${t}`, itemlist(...items)));
    }
    const xml = Buffer.from(gaebXml({ body: titles.join(""), dp: "84", breakdown: ["BoQLevel", "Item"] }), "utf8");
    const { projectId, fileId } = await addInput("gross.x84", xml);
    await analyseStoredFile(ctx.db, fileId);
    const boq = (await ctx.request("GET", `/api/projects/${projectId}/boq`, { user: userA })).json();
    expect(boq.status).toBe("done");
    expect(boq.counts.items).toBe(5000);

    const cpu = process.cpuUsage();
    const started = performance.now();
    const res = await ctx.request("GET", `/api/projects/${projectId}/boq/export.xlsx`, { user: userA });
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    console.log(`export of 5 000 positions: ${Math.round(wall)} ms wall, ${Math.round(cpuMs)} ms CPU, ${res.rawPayload.length} bytes`);
    expect(res.statusCode).toBe(200);
    // CPU time of this process (database included: PGlite runs in it); wall time on a shared
    // machine also holds time spent waiting for other processes. The process also runs the other
    // test files' threads, so the bound leaves room for them: 2,0–2,4 s were measured while the
    // rest of the suite ran (stop 34's code as well). A guard against a regression of several
    // times, not a benchmark.
    expect(cpuMs).toBeLessThan(4000);
    const wb = await workbook(res.rawPayload);
    expect(wb.getWorksheet("Positionen")!.rowCount).toBe(1 + 10 + 5000);
    expect(wb.getWorksheet("Befunde")!.rowCount).toBe(1 + boq.findings.length);
  }, 120_000); // reading and storing the 5 000 positions first takes a while on a busy machine
});
