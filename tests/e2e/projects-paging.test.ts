// The project list with a few hundred projects: pages come from the server, the first cards
// appear quickly, the page stays small (DOM budget) and the search goes to the server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { eq } from "drizzle-orm";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { openDatabase } from "../../src/server/db/client";
import { projects, users } from "../../src/server/db/schema";

const COUNT = 400;
const DOM_BUDGET = 3_000;
let server: RunningServer;
let browser: Browser;
const dataDir = mkdtempSync(join(tmpdir(), "bauklar-e2e-paging-"));
const name = (i: number) => `Wohnanlage Lindenhof ${String(i).padStart(4, "0")}`;

beforeAll(async () => {
  // First start: migrations and the admin; then the projects straight into the database.
  const first = await startServer({}, { dataDir });
  const admin = await apiSession(first.url, ADMIN.username, ADMIN.password);
  const companyId = (
    await admin.call<{ id: number }>("POST", "/api/companies", {
      name: "Massenbau GmbH",
      address: "Ring 1, 10115 Berlin",
      contactEmail: "info@massenbau.de",
    })
  ).id;
  await first.stop();
  const database = await openDatabase({ dataDir });
  const [owner] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, ADMIN.username));
  const base = Date.parse("2031-01-01T08:00:00Z");
  await database.db.insert(projects).values(
    Array.from({ length: COUNT }, (_, i) => ({
      name: name(i + 1),
      costCenter: `KST-2031-${String(i + 1).padStart(4, "0")}`,
      contactPerson: i === 150 ? "Käthe Überall" : "Max Mustermann",
      contactEmail: "max@massenbau.de",
      companyId,
      createdBy: owner.id,
      createdAt: new Date(base + i * 60_000),
    })),
  );
  await database.close();
  server = await startServer({}, { dataDir });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("project list with many projects", () => {
  it("shows the first page quickly, keeps the DOM small, loads more on scroll and searches on the server", async () => {
    const { page } = await newPage(browser, server.url);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    const pageRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/projects?")) pageRequests.push(new URL(r.url()).search);
    });
    await page.goto("/dashboard/projects");
    const cards = page.getByTestId("project-card");
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(24);
    // Newest first; far fewer than all 401 cards.
    await expect.poll(async () => (await cards.first().textContent()) ?? "").toContain(name(COUNT));
    expect(await cards.count()).toBeLessThan(100);
    const nodes = await page.evaluate(() => document.getElementsByTagName("*").length);
    expect(nodes).toBeLessThan(DOM_BUDGET);
    expect(pageRequests.every((q) => q.includes("limit=24"))).toBe(true);
    // The whole list is never requested by this page.
    expect(pageRequests.length).toBeGreaterThan(0);

    // Scrolling to the end loads the next page.
    const before = await cards.count();
    await page.getByTestId("projects-more").scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(before);

    // Search: sent to the server (debounced: one request for the typed term), by name, cost centre and person.
    const search = page.getByLabel("Projekte suchen");
    await search.fill("lindenhof 0123");
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(1);
    await expect(cards.first().textContent()).resolves.toContain(name(123));
    expect(pageRequests.filter((q) => q.includes("q=")).length).toBe(1);
    await search.fill("kst-2031-0042");
    await expect
      .poll(async () => (await cards.count()) === 1 && ((await cards.first().textContent()) ?? "").includes(name(42)), { timeout: 15_000 })
      .toBe(true);
    await search.fill("käthe");
    await expect
      .poll(async () => (await cards.count()) === 1 && ((await cards.first().textContent()) ?? "").includes(name(151)), { timeout: 15_000 })
      .toBe(true);
    await search.fill("gibt es nicht");
    await expect.poll(() => page.getByText("Versuchen Sie, Ihren Suchbegriff anzupassen").isVisible(), { timeout: 15_000 }).toBe(true);
    await expect(page.getByText("Keine Projekte gefunden").isVisible()).resolves.toBe(true);
    await search.fill("");
    await expect.poll(async () => ((await cards.first().textContent()) ?? "").includes(name(COUNT)), { timeout: 15_000 }).toBe(true);
    await page.close();
  });

  it("the overview reads only the newest ten", async () => {
    const { page } = await newPage(browser, server.url);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    const lists: string[] = [];
    page.on("request", (r) => {
      const u = new URL(r.url());
      if (u.pathname === "/api/projects") lists.push(u.search);
    });
    await page.goto("/dashboard");
    const recent = page.getByTestId("recent-projects");
    await expect.poll(async () => ((await recent.textContent()) ?? "").includes(name(COUNT)), { timeout: 15_000 }).toBe(true);
    expect(lists).toContain("?limit=10");
    expect(lists).not.toContain("");
    const text = (await recent.textContent()) ?? "";
    expect(text).toContain(name(COUNT - 9));
    expect(text).not.toContain(name(COUNT - 10));
    await page.close();
  });
});
