// Tender intake in Chromium against the built app: a company admin uploads the LV as the Excel
// file a general contractor sends and sees every position in the LV tab; a CSV without header
// row is mapped in the column dialog and then read.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { allTreeRows } from "../helpers/boq-tree";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { invitedUser, PASSWORD } from "./projects.helpers";

const FIXTURES = join(import.meta.dirname, "../../src/server/tender/fixtures");

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const company = await admin.call<{ id: number }>("POST", "/api/companies", {
    name: "Rohbau Nord GmbH",
    address: "Weg 1, 35510 Butzbach",
    contactEmail: "r@nord.de",
  });
  await invitedUser(server.url, admin, "nord_admin", "company_admin", company.id);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function createProjectInUi(page: Page, name: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto("/dashboard/projects");
  await page.getByRole("button", { name: "Neues Projekt" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Projektname").fill(name);
  await page.locator("#project-file").setInputFiles(file);
  await dialog.getByRole("button", { name: "Projekt erstellen" }).click();
  await page.getByTestId("toast").getByText("Das Projekt wurde erfolgreich erstellt.").waitFor({ timeout: 30_000 });
  await page.getByTestId("project-card").filter({ hasText: name }).click();
  await page.getByRole("tab", { name: "Leistungsverzeichnis" }).click();
}

describe("tender intake", () => {
  it("an Excel LV shows every position, its quantities and long texts in the LV tab", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, "nord_admin", PASSWORD);
    await createProjectInUi(page, "MFH Lindenweg Excel", {
      name: "LV Rohbau GU.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: readFileSync(join(FIXTURES, "sheets/rohbau-gu.xlsx")),
    });
    const tab = page.getByTestId("boq-tab");
    await tab.waitFor({ timeout: 30_000 });
    await page.getByTestId("boq-reading").getByText("Excel-Tabelle").waitFor();
    await tab.getByText("Abrechenbare Positionen").waitFor();
    const row = tab.getByRole("treeitem", { name: /02\.0020/ });
    await row.getByText("1.240,5 m3").waitFor();
    await row.click();
    await expect(page.getByTestId("boq-longtext").textContent()).resolves.toContain("Baugrube mit geböschten Wänden ausheben");
    // The tree is virtual: every row is read by scrolling it from top to bottom.
    expect((await allTreeRows(page)).filter((text) => /^0[1-5]\.\d{4}/.test(text))).toHaveLength(27);
    await context.close();
  });

  it("a CSV without header row is mapped in the column dialog and then read", async () => {
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
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, "nord_admin", PASSWORD);
    await createProjectInUi(page, "Ohne Kopfzeile", { name: "export.csv", mimeType: "text/csv", buffer: csv });
    await page.getByText(/keine Kopfzeile mit Spalten/).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Spalten zuordnen" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Oberboden abtragen").waitFor();
    await dialog.getByLabel("Ordnungszahl (OZ) *").selectOption({ label: "Spalte A" });
    await dialog.getByLabel("Kurztext *").selectOption({ label: "Spalte B" });
    await dialog.getByLabel("Menge").selectOption({ label: "Spalte C" });
    await dialog.getByLabel("Einheit", { exact: true }).selectOption({ label: "Spalte D" });
    await dialog.getByRole("button", { name: "Zuordnung übernehmen" }).click();
    const tab = page.getByTestId("boq-tab");
    await tab.waitFor({ timeout: 30_000 });
    await page.getByTestId("boq-reading").getByText("CSV-Tabelle").waitFor();
    await tab
      .getByRole("treeitem", { name: /01\.0020/ })
      .getByText("1.240,5 m3")
      .waitFor();
    await context.close();
  });
});
