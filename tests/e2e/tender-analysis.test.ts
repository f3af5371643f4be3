// A customer uploads an X83 and sees its LV, the chargeable count and both package prices; the
// super admin turns the pre-check into a published evaluation — in Chromium against the built app.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { invitedUser, PASSWORD } from "./projects.helpers";

let server: RunningServer;
let browser: Browser;
let projectId: number;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const company = await admin.call<{ id: number }>("POST", "/api/companies", {
    name: "Kalkulation GmbH",
    address: "Weg 1, 35510 Butzbach",
    contactEmail: "k@kalk.de",
  });
  const chef = await invitedUser(server.url, admin, "kalkulator", "company_admin", company.id);
  const form = new FormData();
  form.append("name", "Neubau Testhalle");
  form.append("file", new Blob([readFileSync(join(import.meta.dirname, "../../src/server/tender/fixtures/boq.x83"))]), "LV-Testhalle.x83");
  const created = await fetch(`${server.url}/api/projects`, { method: "POST", headers: { cookie: chef.cookie }, body: form });
  expect(created.status).toBe(201);
  projectId = ((await created.json()) as { id: number }).id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("tender analysis", () => {
  it("the customer sees every position and the chargeable count within seconds; package prices stay with the order", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, "kalkulator", PASSWORD);
    await page.goto(`/dashboard/projects/${projectId}`);
    await page.getByRole("tab", { name: "Leistungsverzeichnis" }).click();
    const tab = page.getByTestId("boq-tab");
    await tab.waitFor({ timeout: 20_000 });
    await tab.getByText("Abrechenbare Positionen").waitFor();
    // The LV tab leads with the analysis; bauklar's package prices belong to the order (issue 27).
    expect(await tab.getByText(/Kalkulationspaket/).count()).toBe(0);
    await tab.getByRole("treeitem", { name: /01\.02\.0010/ }).click();
    await expect(page.getByTestId("boq-longtext").textContent()).resolves.toContain("Boden");
    // Its Unterbeschreibung (GAEB SubDescr) under it, with its own number and quantity.
    const subs = page.getByRole("list", { name: "Unterbeschreibungen" });
    await subs.getByText("01.02.0010/1 Trockener Boden").waitFor();
    await subs.getByText("Menge: 60 m3").waitFor();
    // Beside the Excel download: the LV as GAEB DA XML 3.3.
    const gaeb = tab.getByRole("link", { name: "Als GAEB XML herunterladen" });
    expect(await gaeb.getAttribute("href")).toBe(`/api/projects/${projectId}/boq/export.x83`);
    const x83 = await page.request.get(`/api/projects/${projectId}/boq/export.x83`);
    expect(x83.status()).toBe(200);
    expect(await x83.text()).toContain('<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3">');
    await page.getByLabel("Positionen durchsuchen").fill("Stundenlohn");
    await tab.getByRole("treeitem", { name: /Stundenlohnarbeiten/ }).waitFor();
    expect(await tab.getByRole("treeitem", { name: /01\.02\.0010/ }).count()).toBe(0);
    await context.close();
  });

  it("the super admin drafts the evaluation from the pre-check, sees it rendered, and publishes it", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto("/dashboard/orders");
    await page.getByRole("button", { name: "Weitere Aktionen für Neubau Testhalle" }).click();
    await page.getByRole("menuitem", { name: "Auswertungsentwurf erstellen" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("order-prices").waitFor();
    const preview = page.frameLocator('iframe[title="Vorschau der Auswertung"]');
    await preview.getByRole("heading", { name: /LV-Auswertung: Neubau Testhalle/ }).waitFor();
    await preview.getByText("Befunde je Position").waitFor();
    await dialog.getByRole("tab", { name: "HTML bearbeiten" }).click();
    const editor = dialog.getByLabel("HTML der Auswertung");
    const html = await editor.inputValue();
    await editor.fill(html.replace("<h2>Befunde je Position</h2>", "<p>Geprüft von der Kalkulation.</p><h2>Befunde je Position</h2>"));
    await dialog.getByRole("button", { name: "Als Auswertung veröffentlichen" }).click();
    await page.getByText("Auswertung veröffentlicht").first().waitFor();

    await page.goto(`/projects/${projectId}/result`);
    const result = page.frameLocator("iframe");
    await result.getByText("Geprüft von der Kalkulation.").waitFor();
    await result.getByText("Nachtragspotenzial").first().waitFor();
    await context.close();
  });
});
