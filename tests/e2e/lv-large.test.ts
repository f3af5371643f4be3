// The LV tab of a 5 000-position X83 (10 × 10 titles × 50 items) in Chromium against the built
// app: the virtual tree keeps the document small, every position stays reachable by search and
// by keyboard, titles open and close, and the tree tells its real size (aria-setsize). The time
// to "usable" is printed, not asserted – `npm run bench` holds the budget (bench/lv-tab.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { measureLvTab } from "../../bench/lv-tab";
import { axeViolations } from "../helpers/axe";
import { focusedRow, LV_TREE } from "../helpers/boq-tree";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { largeX83 } from "../helpers/large-gaeb";
import { invitedUser, PASSWORD } from "./projects.helpers";

const lv = largeX83();
const DOM_BUDGET = 5000;
const domNodes = (page: Page) => page.evaluate(() => document.getElementsByTagName("*").length);

let server: RunningServer;
let browser: Browser;
let projectId: number;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const company = await admin.call<{ id: number }>("POST", "/api/companies", {
    name: "Großbau GmbH",
    address: "Weg 1, 35510 Butzbach",
    contactEmail: "g@grossbau.de",
  });
  const chef = await invitedUser(server.url, admin, "grossbau", "company_admin", company.id);
  const form = new FormData();
  form.append("name", "Klinikum Neubau");
  form.append("file", new Blob([lv.buffer]), "LV-Klinikum.x83");
  const created = await fetch(`${server.url}/api/projects`, { method: "POST", headers: { cookie: chef.cookie }, body: form });
  expect(created.status).toBe(201);
  projectId = ((await created.json()) as { id: number }).id;
  // Wait for the reader: the test is about showing an LV that was read, not about reading it.
  const deadline = Date.now() + 90_000;
  for (;;) {
    const boq = await chef.call<{ status: string; positions: unknown[] }>("GET", `/api/projects/${projectId}/boq`);
    if (boq.status !== "pending") {
      expect(boq.status).toBe("done");
      expect(boq.positions).toHaveLength(lv.items + lv.titles);
      break;
    }
    if (Date.now() > deadline) throw new Error("the LV was not read within 90 s");
    await new Promise((r) => setTimeout(r, 500));
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("LV tab of a 5 000-position LV", () => {
  it("stays small, tells its real size, and reaches the last position by keyboard and by search", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, "grossbau", PASSWORD);
    const figures = await measureLvTab(page, `/dashboard/projects/${projectId}`);
    console.log(`LV tab, ${lv.items} positions: usable after ${figures.ms} ms (tab ${figures.tabMs} ms), ${figures.domNodes} DOM nodes`);
    expect(figures.domNodes).toBeLessThan(DOM_BUDGET);

    const tree = page.getByRole(LV_TREE.role, { name: LV_TREE.name });
    await page.getByTestId("boq-tree-status").getByText("5.000 Positionen").waitFor();
    const items = tree.getByRole("treeitem");
    expect(await items.count()).toBeLessThan(100);
    // The first row is the first of the ten top-level titles, open.
    const first = items.first();
    expect(await first.getAttribute("aria-level")).toBe("1");
    expect(await first.getAttribute("aria-posinset")).toBe("1");
    expect(await first.getAttribute("aria-setsize")).toBe(String(lv.lots));
    expect(await first.getAttribute("aria-expanded")).toBe("true");

    // Keyboard: End goes to the last position – not rendered before – and scrolls it into view.
    await first.focus();
    await page.keyboard.press("End");
    let focused = await focusedRow(page);
    expect(focused).toMatchObject({
      role: "treeitem",
      level: "3",
      posInSet: String(lv.itemsPerTitle),
      setSize: String(lv.itemsPerTitle),
      inView: true,
    });
    expect(focused.text).toContain(lv.lastOz);
    expect(focused.focusRing).not.toBe("none");
    await page.keyboard.press("Enter");
    await page
      .getByTestId("boq-details")
      .getByRole("heading", { name: `OZ ${lv.lastOz}` })
      .waitFor();
    expect(await page.getByTestId("boq-longtext").textContent()).toContain(`Position ${lv.lots}.${lv.titlesPerLot}.${lv.itemsPerTitle}`);
    expect((await focusedRow(page)).selected).toBe("true");
    expect(await domNodes(page)).toBeLessThan(DOM_BUDGET);

    // Left goes up to the title, Left again closes it, Right opens it, Down enters it.
    await page.keyboard.press("ArrowLeft");
    focused = await focusedRow(page);
    expect(focused).toMatchObject({ level: "2", expanded: "true", posInSet: String(lv.titlesPerLot) });
    expect(focused.text).toContain(`${lv.lastOz.slice(0, 5)}`);
    await page.keyboard.press("ArrowLeft");
    expect((await focusedRow(page)).expanded).toBe("false");
    await page.keyboard.press("ArrowRight");
    expect((await focusedRow(page)).expanded).toBe("true");
    await page.keyboard.press("ArrowDown");
    expect((await focusedRow(page)).text).toContain(`${lv.lastOz.slice(0, 5)}.0010`);

    // Home goes back to the top; Up/Down move one row.
    await page.keyboard.press("Home");
    expect((await focusedRow(page)).text).toMatch(/^01Bauabschnitt 1/);
    await page.keyboard.press("ArrowDown");
    expect((await focusedRow(page)).text).toMatch(/^01\.01Abschnitt 1\.1/);

    const violations = await axeViolations(page, "LV-Tab");
    expect(violations).toEqual([]);
    await context.close();
  });

  it("closes and opens all titles, and opens one with the mouse", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, "grossbau", PASSWORD);
    await page.goto(`/dashboard/projects/${projectId}`);
    await page.getByRole("tab", { name: "Leistungsverzeichnis" }).click();
    const tree = page.getByRole(LV_TREE.role, { name: LV_TREE.name });
    const items = tree.getByRole("treeitem");
    await items.first().waitFor();

    await page.getByRole("button", { name: "Alle zuklappen" }).click();
    await expect.poll(() => items.count()).toBe(lv.lots);
    for (const row of await items.all()) {
      expect(await row.getAttribute("aria-expanded")).toBe("false");
      expect(await row.getAttribute("aria-setsize")).toBe(String(lv.lots));
    }
    // The chevron of the last title opens it: its sub-titles follow, still closed.
    await items.last().locator("span[aria-hidden]").first().click();
    await expect.poll(() => items.count()).toBe(lv.lots + lv.titlesPerLot);
    expect(await items.last().getAttribute("aria-setsize")).toBe(String(lv.titlesPerLot));
    expect(await items.last().getAttribute("aria-level")).toBe("2");

    await page.getByRole("button", { name: "Alle aufklappen" }).click();
    await items.first().click();
    await page.keyboard.press("End");
    expect((await focusedRow(page)).text).toContain(lv.lastOz);
    expect(await domNodes(page)).toBeLessThan(DOM_BUDGET);
    await context.close();
  });

  it("finds the last position by OZ and by text, with its titles, and shows its details", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, "grossbau", PASSWORD);
    await page.goto(`/dashboard/projects/${projectId}`);
    await page.getByRole("tab", { name: "Leistungsverzeichnis" }).click();
    const tree = page.getByRole(LV_TREE.role, { name: LV_TREE.name });
    const items = tree.getByRole("treeitem");
    await items.first().waitFor();
    const search = page.getByLabel("Positionen durchsuchen");
    const status = page.getByTestId("boq-tree-status");

    await search.fill(lv.lastOz);
    await status.getByText("1 von 5.000 Positionen gefunden").waitFor();
    expect(await items.allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^${lv.lastOz.slice(0, 2)}Bauabschnitt`)),
      expect.stringMatching(new RegExp(`^${lv.lastOz.slice(0, 5).replace(".", "\\.")}Abschnitt`)),
      expect.stringContaining(lv.lastOz),
    ]);
    expect(await items.last().getAttribute("aria-setsize")).toBe("1");

    await search.fill(lv.lastShortText);
    await status.getByText("1 von 5.000 Positionen gefunden").waitFor();
    await tree.getByRole("treeitem", { name: new RegExp(lv.lastShortText) }).click();
    await page
      .getByTestId("boq-details")
      .getByRole("heading", { name: `OZ ${lv.lastOz}` })
      .waitFor();

    // A search over many positions stays virtual too.
    await search.fill("Nr.");
    await status.getByText("5.000 von 5.000 Positionen gefunden").waitFor();
    expect(await items.count()).toBeLessThan(100);
    await search.fill("gibt es nicht");
    await status.getByText("Keine Position gefunden.").waitFor();
    expect(await tree.isHidden()).toBe(true);
    await context.close();
  });
});
