// Tender intake through the real upload routes: a price-only X84 completes the project's X83, an
// Excel LV without header is mapped by the user and read again, and what may not change does not.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { createWorld } from "../helpers/world";
import { analyseStoredFile } from "../../src/server/boq/store";
import { ocrAvailable } from "../../src/server/tender/read/pdf/ocr/read-scan";
import { boqAnalyses, projects } from "../../src/server/db/schema";
import { multipart } from "./projects.helpers";

const FIXTURES = join(import.meta.dirname, "../../src/server/tender/fixtures");
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

let ctx: TestContext;
let adminA: TestUser;
let userA: TestUser;
let adminB: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ adminA, userA, adminB } = await createWorld(ctx));
});
afterAll(() => ctx.close());

async function createProject(user: TestUser, name: string, fileName: string, data: Buffer) {
  const mp = multipart({ name }, [{ field: "file", name: fileName, data }]);
  const res = await ctx.request("POST", "/api/projects", { user, body: mp.body, headers: mp.headers });
  expect(res.statusCode).toBe(201);
  const id: number = res.json().id;
  await readCurrentInput(id);
  return id;
}

/** Runs the background reader for the project's current input file (the worker does this in production). */
async function readCurrentInput(projectId: number) {
  const [p] = await ctx.db.select({ fileId: projects.inputFileId }).from(projects).where(eq(projects.id, projectId));
  await analyseStoredFile(ctx.db, p.fileId!);
}

async function uploadInput(user: TestUser, projectId: number, fileName: string, data: Buffer) {
  const mp = multipart({}, [{ field: "file", name: fileName, data }]);
  const res = await ctx.request("POST", `/api/projects/${projectId}/upload-input`, { user, body: mp.body, headers: mp.headers });
  expect(res.statusCode).toBe(200);
  await readCurrentInput(projectId);
}

const boq = async (projectId: number, user: TestUser = userA) =>
  (await ctx.request("GET", `/api/projects/${projectId}/boq`, { user })).json();

describe("a price-only X84", () => {
  it("uploaded alone says that the X83 is needed – no warning on every item", async () => {
    const id = await createProject(adminA, "Nur Preise", "rohbau-27-preise.x84", fixture("rohbau-27-preise.x84"));
    const body = await boq(id);
    expect(body.status).toBe("failed");
    expect(body.errorCode).toBe("price_only_without_base");
    expect(body.error).toContain("Bitte laden Sie zuerst die zugehörige Ausschreibung (X83) hoch");
    expect(body.findings).toEqual([]);
  });

  it("uploaded as a new version after the X83 completes it with prices", async () => {
    const id = await createProject(adminA, "MFH Lindenweg", "rohbau-27.x83", fixture("rohbau-27.x83"));
    const before = await boq(id);
    expect(before.status).toBe("done");
    expect(before.totals.total).toBeNull();

    await uploadInput(adminA, id, "Angebot-Preise.x84", fixture("rohbau-27-preise.x84"));
    const body = await boq(id);
    expect(body.status).toBe("done");
    expect(body.format).toBe("gaeb-xml");
    expect(body.baseFileName).toBe("rohbau-27.x83");
    const items = body.positions.filter((p: { kind: string }) => p.kind === "item");
    expect(items).toHaveLength(27);
    expect(items.find((p: { oz: string }) => p.oz === "03.0060")).toMatchObject({
      qty: 38.5,
      unit: "t",
      unitPrice: 1480,
      total: 56980,
      shortText: "Betonstahl B500B liefern und verlegen",
    });
    expect(body.totals).toMatchObject({ total: 345886.15, stated: 345886.15 });
    expect(body.findings.filter((f: { ruleId: string }) => f.ruleId === "menge-fehlt")).toEqual([]);
    expect(body.warnings).toContain("Die Preise dieser Angebotsdatei wurden in das LV „rohbau-27.x83“ übernommen: 27 von 27 Positionen.");
  });
});

describe("GAEB 90 and GAEB 2000 uploads", () => {
  it.each([
    ["Rohbau.d83", "rohbau-27.d83", "gaeb-90", null],
    ["Rohbau.p83", "rohbau-27.p83", "gaeb-2000", null],
    ["Angebot.d84", "rohbau-27.d84", "gaeb-90", 345886.15],
    ["Angebot.p84", "rohbau-27.p84", "gaeb-2000", 345886.15],
  ])("%s is read into the LV tab like the X83, for the company's users only", async (uploadName, name, format, total) => {
    const id = await createProject(adminA, `LV ${uploadName}`, uploadName, fixture(name));
    const body = await boq(id);
    expect(body.status).toBe("done");
    expect(body.format).toBe(format);
    const items = body.positions.filter((p: { kind: string }) => p.kind === "item");
    expect(items).toHaveLength(27);
    expect(items.find((p: { oz: string }) => p.oz === "02.0020")).toMatchObject({
      qty: 1240.5,
      unit: "m3",
      shortText: "Baugrube ausheben, Homogenbereich B1",
    });
    expect(body.counts).toMatchObject({ items: 27, titles: 5, provisional: 2, lumpSum: 1, hourly: 1, alternative: 1 });
    expect(body.totals.total).toBe(total);
    expect((await ctx.request("GET", `/api/projects/${id}/boq`, { user: adminB })).statusCode).toBe(404);
  });

  it("a price-only P84 uploaded after the project's D83 completes it with prices", async () => {
    const id = await createProject(adminA, "Rohbau alt", "Rohbau.d83", fixture("rohbau-27.d83"));
    await uploadInput(adminA, id, "Preise.p84", fixture("rohbau-27-preise.p84"));
    const body = await boq(id);
    expect(body.status).toBe("done");
    expect(body.format).toBe("gaeb-2000");
    expect(body.baseFileName).toBe("Rohbau.d83");
    expect(body.totals).toMatchObject({ total: 345886.15, stated: 345886.15 });
    expect(body.positions.find((p: { oz: string }) => p.oz === "03.0060")).toMatchObject({
      qty: 38.5,
      unit: "t",
      unitPrice: 1480,
      total: 56980,
    });
  });
});

describe("column mapping for a spreadsheet without header", () => {
  const csv = Buffer.from(
    [
      "01;Erdarbeiten;;",
      "01.0010;Oberboden abtragen;850,000;m2",
      "01.0020;Baugrube ausheben;1.240,500;m3",
      "02;Beton;;",
      "02.0010;Bodenplatte C30/37;123,000;m3",
    ].join("\r\n"),
    "latin1",
  );

  it("offers the first rows, reads the file again with the user's mapping, and keeps it", async () => {
    const id = await createProject(adminA, "Ohne Kopfzeile", "lv.csv", csv);
    const failed = await boq(id);
    expect(failed.status).toBe("failed");
    expect(failed.errorCode).toBe("sheet_no_header");
    expect(failed.sheetPreview.rows[1]).toEqual(["01.0010", "Oberboden abtragen", "850,000", "m2"]);

    const mapping = { headerRow: null, columns: { oz: 0, shortText: 1, qty: 2, unit: 3 } };
    // Only who may change the project may map its columns; another company does not see it.
    expect((await ctx.request("PUT", `/api/projects/${id}/boq/mapping`, { user: userA, body: mapping })).statusCode).toBe(403);
    expect((await ctx.request("PUT", `/api/projects/${id}/boq/mapping`, { user: adminB, body: mapping })).statusCode).toBe(404);
    const bad = await ctx.request("PUT", `/api/projects/${id}/boq/mapping`, {
      user: adminA,
      body: { headerRow: -1, columns: { oz: "A" } },
    });
    expect(bad.statusCode).toBe(400);
    const [unchanged] = await ctx.db
      .select({ mapping: boqAnalyses.mapping, status: boqAnalyses.status })
      .from(boqAnalyses)
      .where(eq(boqAnalyses.projectId, id));
    expect(unchanged).toEqual({ mapping: null, status: "failed" });

    const ok = await ctx.request("PUT", `/api/projects/${id}/boq/mapping`, { user: adminA, body: mapping });
    expect(ok.statusCode).toBe(200);
    expect((await boq(id)).status).toBe("pending");
    await readCurrentInput(id);
    const body = await boq(id);
    expect(body.status).toBe("done");
    expect(body.format).toBe("csv");
    expect(body.mapping).toMatchObject(mapping);
    const items = body.positions.filter((p: { kind: string }) => p.kind === "item");
    expect(items.map((p: { oz: string; qty: number; unit: string }) => [p.oz, p.qty, p.unit])).toEqual([
      ["01.0010", 850, "m2"],
      ["01.0020", 1240.5, "m3"],
      ["02.0010", 123, "m3"],
    ]);
    expect(body.positions.filter((p: { kind: string }) => p.kind === "title").map((p: { oz: string }) => p.oz)).toEqual(["01", "02"]);
  });

  it("is refused for a GAEB file (409) and changes nothing", async () => {
    const id = await createProject(adminA, "GAEB", "rohbau-27.x83", fixture("rohbau-27.x83"));
    const res = await ctx.request("PUT", `/api/projects/${id}/boq/mapping`, {
      user: adminA,
      body: { headerRow: 0, columns: { oz: 0, shortText: 1 } },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Eine Spaltenzuordnung ist nur für Excel- und CSV-Dateien möglich.");
    expect((await boq(id)).status).toBe("done");
  });
});

const OCR = await ocrAvailable();

describe("a scanned PDF (no text layer)", () => {
  it.skipIf(!OCR)(
    `is read with OCR in the reader thread; the LV says it comes from a scan${OCR ? "" : " (skipped: tesseract-ocr, tesseract-ocr-deu or poppler-utils not installed)"}`,
    async () => {
      const id = await createProject(adminA, "Scan", "lv-scan.pdf", fixture("rendered/scan.pdf"));
      const body = await boq(id);
      expect(body.status).toBe("done");
      expect(body.format).toBe("pdf");
      expect(body.ocr).toBe(true);
      expect(body.warnings[0]).toBe(
        "Die PDF-Datei ist ein Scan ohne Textebene: Die Positionen wurden mit Texterkennung (OCR) aus den Seitenbildern gelesen. Bitte prüfen Sie Ordnungszahlen, Mengen, Einheiten und Texte mit dem Original.",
      );
      const items = body.positions.filter((p: { kind: string }) => p.kind === "item");
      expect(items.slice(0, 3).map((p: { oz: string; qty: number; unit: string }) => [p.oz, p.qty, p.unit])).toEqual([
        ["01.0010", 1, "psch"],
        ["01.0020", 120, "m"],
        ["01.0030", 480, "mWo"],
      ]);
      expect(items).toHaveLength(9);
      // Another company sees nothing of it.
      expect((await ctx.request("GET", `/api/projects/${id}/boq`, { user: adminB })).statusCode).toBe(404);
    },
    120_000,
  );

  it("a PDF with text is no scan: no ocr flag", async () => {
    const id = await createProject(adminA, "Druck", "lv.pdf", fixture("rendered/compact.pdf"));
    const body = await boq(id);
    expect(body.status).toBe("done");
    expect(body.ocr).toBeUndefined();
    expect(body.positions.filter((p: { kind: string }) => p.kind === "item")).toHaveLength(27);
  });
});
