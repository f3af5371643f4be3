// /api/reference-prices: the reference price table of unpriced LVs, edited by the super admin only;
// a saved table prices the next analysis of an unpriced LV, a real price always wins.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { createWorld } from "../helpers/world";
import { auditLog, projectFiles, projects, referencePrices } from "../../src/server/db/schema";
import { analyseStoredFile } from "../../src/server/boq/store";
import { DEFAULT_REFERENCE_PRICES } from "../../src/server/tender/public";
import type { ReferencePriceTableInput, ReferencePricesResponse } from "../../src/common/schemas/reference-prices";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../../src/server/tender/fixtures", name));

let ctx: TestContext;
let companyA: number;
let superAdmin: TestUser;
let adminA: TestUser;
let userA: TestUser;

async function analyse(fileName: string) {
  const data = fixture(fileName);
  const [p] = await ctx.db
    .insert(projects)
    .values({ name: fileName, companyId: companyA, createdBy: adminA.id, status: "Neu" })
    .returning();
  const [f] = await ctx.db
    .insert(projectFiles)
    .values({
      projectId: p.id,
      kind: "input",
      fileName,
      extension: fileName.split(".").pop()!,
      mimeType: "application/xml",
      size: data.length,
      sha256: createHash("sha256").update(data).digest("hex"),
      data,
    })
    .returning();
  await ctx.db.update(projects).set({ inputFileId: f.id }).where(eq(projects.id, p.id));
  await analyseStoredFile(ctx.db, f.id);
  return (await ctx.request("GET", `/api/projects/${p.id}/boq`, { user: userA })).json();
}

/** The shipped table with every price doubled. */
const doubled = (): ReferencePriceTableInput => ({
  ...DEFAULT_REFERENCE_PRICES,
  stand: "2026-Q3",
  source: "Testtabelle",
  rows: DEFAULT_REFERENCE_PRICES.rows.map((r) => ({ ...r, low: r.low * 2, high: r.high * 2 })),
});

beforeAll(async () => {
  ctx = await createTestApp();
  ({ companyA, superAdmin, adminA, userA } = await createWorld(ctx, ["Alpha Bau", "Beta Bau"]));
});
afterAll(() => ctx.close());

describe("reference prices", () => {
  it("are for super admins only; nothing changes for others", async () => {
    for (const who of [adminA, userA]) {
      expect((await ctx.request("GET", "/api/reference-prices", { user: who })).statusCode).toBe(403);
      expect((await ctx.request("PUT", "/api/reference-prices", { user: who, body: doubled() })).statusCode).toBe(403);
      expect((await ctx.request("DELETE", "/api/reference-prices", { user: who })).statusCode).toBe(403);
    }
    expect((await ctx.request("GET", "/api/reference-prices")).statusCode).toBe(401);
    expect((await ctx.request("PUT", "/api/reference-prices", { body: doubled() })).statusCode).toBe(401);
    expect(await ctx.db.select().from(referencePrices)).toHaveLength(0);
  });

  it("serve the shipped table with its Preisstand and source until one is saved", async () => {
    const body = (await ctx.request("GET", "/api/reference-prices", { user: superAdmin })).json<ReferencePricesResponse>();
    expect(body.isDefault).toBe(true);
    expect(body.table.stand).toBe("2025-Q2");
    expect(body.table.index.points).toEqual([]); // no index value is guessed
    expect(body.table.rows.length).toBe(DEFAULT_REFERENCE_PRICES.rows.length);
  });

  it("refuse a bad table with a clear 400 and keep the old one", async () => {
    const bad = [
      { ...doubled(), stand: "Q2/2025" },
      { ...doubled(), rows: [{ ...doubled().rows[0], low: 50, high: 10 }] },
      { ...doubled(), rows: [] },
      { ...doubled(), index: { ...doubled().index, points: [{ quarter: "2026-Q1", value: -1 }] } },
      { ...doubled(), extra: 1 },
    ];
    for (const body of bad) {
      const res = await ctx.request("PUT", "/api/reference-prices", { user: superAdmin, body });
      expect(res.statusCode).toBe(400);
    }
    const res = await ctx.request("PUT", "/api/reference-prices", { user: superAdmin, body: bad[1] });
    expect(JSON.stringify(res.json())).toContain("„bis“ muss mindestens „von“ sein");
    expect(await ctx.db.select().from(referencePrices)).toHaveLength(0);
  });

  it("a saved table prices the next unpriced LV; a priced LV keeps its real prices; reset restores the shipped one", async () => {
    const before = await analyse("rohbau-27.x83");
    expect(before.money.estimate.label).toBe("Schätzung (Richtwert)");
    expect(before.money.estimate.priceLevel).toBe("Preisstand 2. Quartal 2025 (kein neuerer Baupreisindex hinterlegt)");

    const table = doubled();
    table.index = {
      ...table.index,
      points: [
        { quarter: "2026-Q3", value: 130 },
        { quarter: "2026-Q4", value: 143 },
      ],
    };
    const saved = await ctx.request("PUT", "/api/reference-prices", { user: superAdmin, body: table });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ReferencePricesResponse>()).toMatchObject({
      isDefault: false,
      updatedBy: { id: superAdmin.id },
      table: { stand: "2026-Q3", source: "Testtabelle" },
    });
    expect((await ctx.db.select().from(auditLog).where(eq(auditLog.action, "reference_prices.save"))).length).toBe(1);

    const after = await analyse("rohbau-27.x83");
    // Doubled prices, scaled by the index 130 → 143 (× 1,1): 2,2 times the shipped estimate.
    expect(after.money.estimate.lvTotal.low).toBeCloseTo(before.money.estimate.lvTotal.low * 2.2, 0);
    expect(after.money.estimate.priceLevel).toContain("auf 4. Quartal 2026 hochgerechnet");
    expect(after.money.estimate.source).toBe("Testtabelle");

    const priced = await analyse("rohbau-27-preise.x84").catch(() => null);
    if (priced?.money) expect(priced.money.estimate).toBeNull();

    const reset = await ctx.request("DELETE", "/api/reference-prices", { user: superAdmin });
    expect(reset.json<ReferencePricesResponse>().isDefault).toBe(true);
    expect(await ctx.db.select().from(referencePrices)).toHaveLength(0);
    const again = await analyse("rohbau-27.x83");
    expect(again.money.estimate.lvTotal).toEqual(before.money.estimate.lvTotal);
  });
});
