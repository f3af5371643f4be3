// Temporary walkthrough with screenshots (not committed).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, it } from "vitest";
import type { Browser } from "playwright-core";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { invitedUser, PASSWORD, type Api } from "./projects.helpers";

const LV = readFileSync(join(import.meta.dirname, "../../src/server/tender/fixtures/kita-lindenweg-200.x84"));
let server: RunningServer;
let browser: Browser;
let admin: Api;
let projectId: number;
const shot = (p: import("playwright-core").Page, name: string) => p.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });

beforeAll(async () => {
  server = await startServer({});
  browser = await launchBrowser();
  admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const company = await admin.call<{ id: number }>("POST", "/api/companies", { name: "Baugesellschaft Oberhessen GmbH", address: "Industriestraße 1, 35510 Butzbach", contactEmail: "info@oberhessen.example" });
  await invitedUser(server.url, admin, "kunde", "company_admin", company.id);
  const form = new FormData();
  form.append("name", "Neubau Kita Lindenweg");
  form.append("companyId", String(company.id));
  form.append("file", new Blob([LV], { type: "application/xml" }), "kita.x84");
  projectId = (await admin.call<{ id: number }>("POST", "/api/projects", form)).id;
  for (let i = 0; i < 200; i++) {
    const boq = await admin.call<{ status: string }>("GET", `/api/projects/${projectId}/boq`);
    if (boq.status === "done") break;
    await new Promise((r) => setTimeout(r, 300));
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it("walk", async () => {
  for (const [w, h] of [[1440, 900], [390, 844]] as const) {
    const { context, page } = await newPage(browser, server.url, { width: w, height: h });
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await shot(page, `${w}-01-admin-dashboard`);
    await page.goto(`/dashboard/project-detail/${projectId}`);
    await page.getByTestId("precheck-note").waitFor();
    await shot(page, `${w}-02-admin-project`);
    await page.getByTestId("precheck-note").getByRole("button", { name: "Vorprüfung ansehen" }).click();
    await page.getByTestId("review-panel").waitFor();
    await page.waitForTimeout(800);
    await shot(page, `${w}-03-admin-lvtab`);
    if (w === 1440) {
      const items = page.getByTestId("review-panel").getByTestId("review-item");
      await items.nth(0).getByRole("button", { name: "Bestätigen" }).click();
      await page.waitForTimeout(500);
      await page.getByRole("button", { name: /Auswertungsentwurf/ }).first().click().catch(() => {});
      await page.waitForTimeout(2500);
      await shot(page, `${w}-04-draft`);
      await page.getByRole("button", { name: /Veröffentlichen/ }).click().catch(() => {});
      await page.waitForTimeout(1500);
    }
    await context.close();
    const c = await newPage(browser, server.url, { width: w, height: h });
    await loginViaUi(c.page, "kunde", PASSWORD);
    await shot(c.page, `${w}-05-customer-dashboard`);
    await c.page.goto("/dashboard/projects");
    await c.page.waitForTimeout(800);
    await shot(c.page, `${w}-06-customer-projects`);
    await c.page.goto(`/dashboard/project-detail/${projectId}`);
    await c.page.waitForTimeout(1000);
    await shot(c.page, `${w}-07-customer-project`);
    await c.page.getByRole("tab", { name: "Leistungsverzeichnis" }).click();
    await c.page.getByTestId("boq-tab").waitFor();
    await c.page.waitForTimeout(1000);
    await shot(c.page, `${w}-08-customer-lvtab`);
    await c.page.goto(`/projects/${projectId}/result`).catch(() => {});
    await c.page.waitForTimeout(1500);
    await shot(c.page, `${w}-09-customer-result`);
    await c.context.close();
  }
}, 300_000);
