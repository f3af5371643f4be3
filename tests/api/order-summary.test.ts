// GET /api/orders/summary: the orders page's header figures ("… in Bearbeitung, davon …
// überfällig") over all orders, now that the page reads its table page by page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../helpers/app";
import { projects } from "../../src/server/db/schema";
import { createProject, createWorld, uploadHtml, type World } from "./projects.helpers";

let ctx: TestContext;
let w: World;
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorld(ctx);
  const now = Date.now();
  // Five orders past the 48 hours, three within them, in both companies.
  await ctx.db.insert(projects).values([
    ...[49, 72, 100, 500, 1000].map((h, i) => ({
      name: `Alt ${h}`,
      companyId: i % 2 ? w.companyA : w.companyB,
      createdBy: w.adminA.id,
      createdAt: new Date(now - h * HOUR),
    })),
    ...[1, 10, 47].map((h) => ({ name: `Neu ${h}`, companyId: w.companyA, createdBy: w.adminA.id, createdAt: new Date(now - h * HOUR) })),
  ]);
  // Two delivered orders: one created just now through the API, one of the late ones.
  const fresh = await createProject(ctx, w.adminA, { name: "Geliefert" });
  expect((await uploadHtml(ctx, w.superAdmin, fresh)).statusCode).toBe(200);
  const list = (await ctx.request("GET", "/api/projects", { user: w.superAdmin })).json() as { id: number; name: string }[];
  const late = list.find((p) => p.name === "Alt 72")!;
  expect((await uploadHtml(ctx, w.superAdmin, late.id)).statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe("order summary", () => {
  it("counts all orders, those without evaluation and the overdue ones like the orders page's rule", async () => {
    const res = await ctx.request("GET", "/api/orders/summary", { user: w.superAdmin });
    expect(res.statusCode).toBe(200);
    const all = (await ctx.request("GET", "/api/projects", { user: w.superAdmin })).json() as {
      hasOutputFile: boolean;
      createdAt: string;
    }[];
    const open = all.filter((p) => !p.hasOutputFile);
    const overdue = open.filter((p) => Date.parse(p.createdAt) + 48 * HOUR < Date.now());
    expect(res.json()).toEqual({ total: all.length, open: open.length, overdue: overdue.length });
    // The seeded figures themselves (plus the demo project, delivered or not).
    expect(overdue.length).toBeGreaterThanOrEqual(4);
    expect(res.json().total - all.filter((p) => p.hasOutputFile).length).toBe(res.json().open);
  });

  it("is for super admins only", async () => {
    for (const user of [w.adminA, w.userA]) expect((await ctx.request("GET", "/api/orders/summary", { user })).statusCode).toBe(403);
    expect((await ctx.request("GET", "/api/orders/summary")).statusCode).toBe(401);
  });
});
