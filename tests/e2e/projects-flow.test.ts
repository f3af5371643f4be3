// The customer's core workflow in the browser: a company admin creates a project with a 9 MB
// GAEB file, a super admin uploads the evaluation, a user of that company opens it from the list
// in a new tab; a user of another company can neither see nor guess its way to any of it.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { evaluationHtml, gaebOfSize, invitedUser, PASSWORD, type Api } from "./projects.helpers";

let server: RunningServer;
let browser: Browser;
let admin: Api;
let companyA: number;
let userB: Api;

const PROJECT = "Neubau Kita Sonnenschein";
const NINE_MB = 9 * 1024 * 1024;
const gaeb = gaebOfSize(NINE_MB);
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  companyA = (
    await admin.call<{ id: number }>("POST", "/api/companies", {
      name: "Hochbau Alpha GmbH",
      address: "Hauptstraße 1, 35510 Butzbach",
      contactEmail: "info@alpha.de",
    })
  ).id;
  const companyB = (
    await admin.call<{ id: number }>("POST", "/api/companies", {
      name: "Bau Beta AG",
      address: "Ringstraße 2, 61169 Friedberg",
      contactEmail: "info@beta.de",
    })
  ).id;
  await invitedUser(server.url, admin, "alpha_admin", "company_admin", companyA);
  await invitedUser(server.url, admin, "alpha_user", "user", companyA);
  userB = await invitedUser(server.url, admin, "beta_user", "user", companyB);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(username: string, password = PASSWORD): Promise<Page> {
  const { page } = await newPage(browser, server.url);
  await loginViaUi(page, username, password);
  return page;
}

describe("project workflow", () => {
  let projectId: number;

  it("a company admin creates a project with a 9 MB GAEB file; it is stored byte for byte", { timeout: 180_000 }, async () => {
    const page = await signedIn("alpha_admin");
    await page.goto("/dashboard/projects");
    await page.getByRole("button", { name: "Neues Projekt" }).click();
    const dialog = page.getByRole("dialog");
    // The rules of requirements 1.5 before anything is sent.
    await dialog.getByRole("button", { name: "Projekt erstellen" }).click();
    await dialog.getByText("Projektname ist erforderlich").waitFor();
    await dialog.getByText("Eine Datei ist erforderlich").waitFor();
    await dialog.getByLabel("Kontakt-E-Mail").fill("kein-mail");
    await dialog.getByRole("button", { name: "Projekt erstellen" }).click();
    await dialog.getByText("Gültige E-Mail-Adresse erforderlich").waitFor();
    await page
      .locator("#project-file")
      .setInputFiles({ name: "too-big.x83", mimeType: "application/xml", buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) });
    await dialog.getByText("Dateigröße darf 10MB nicht überschreiten").waitFor();

    await dialog.getByLabel("Projektname").fill(PROJECT);
    await dialog.getByLabel("Kostenstelle").fill("KST-2025-0042");
    await dialog.getByLabel("Ansprechpartner").fill("Anna Bauer");
    await dialog.getByLabel("Kontakt-E-Mail").fill("anna.bauer@alpha.de");
    await page.locator("#project-file").setInputFiles({ name: "LV Kita Größe.x83", mimeType: "application/xml", buffer: gaeb });
    await dialog.getByTestId("chosen-file").getByText("LV Kita Größe.x83").waitFor();
    await dialog.getByRole("button", { name: "Projekt erstellen" }).click();
    await page.getByTestId("toast").getByText("Das Projekt wurde erfolgreich erstellt.").waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: "detached" });

    const card = page.getByTestId("project-card").filter({ hasText: PROJECT });
    await card.waitFor();
    await card.getByText("KST-2025-0042").waitFor();
    await card.getByText("Neu", { exact: true }).waitFor();
    expect(await card.getByTestId("project-id-badge").count()).toBe(0);

    const projects = await (
      await fetch(`${server.url}/api/projects`, { headers: { cookie: (await apiSession(server.url, "alpha_admin", PASSWORD)).cookie } })
    ).json();
    const created = projects.find((p: { name: string }) => p.name === PROJECT);
    expect(created).toMatchObject({
      status: "Neu",
      companyId: companyA,
      inputFileName: "LV Kita Größe.x83",
      inputFileSize: gaeb.length,
      hasOutputFile: false,
    });
    projectId = created.id;
    const download = await fetch(`${server.url}/api/projects/${projectId}/download-input`, { headers: { cookie: admin.cookie } });
    expect(download.headers.get("content-length")).toBe(String(gaeb.length));
    expect(sha(Buffer.from(await download.arrayBuffer()))).toBe(sha(gaeb));

    // The dashboard lists it among the newest, just created.
    await page.goto("/dashboard");
    const row = page.getByTestId("recent-project").filter({ hasText: PROJECT });
    await row.getByText("Gerade eben").waitFor();
    await row.getByText("Neu", { exact: true }).waitFor();

    // List → detail with every field in its format.
    await page.goto("/dashboard/projects");
    await page.getByTestId("project-card").filter({ hasText: PROJECT }).click();
    await page.waitForURL(`**/dashboard/project-detail/${projectId}`);
    await page.getByRole("link", { name: "anna.bauer@alpha.de" }).waitFor();
    expect(await page.getByRole("link", { name: "anna.bauer@alpha.de" }).getAttribute("href")).toBe("mailto:anna.bauer@alpha.de");
    expect(await page.getByTestId("detail-created-at").textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4} um \d{2}:\d{2}$/);
    expect(await page.getByTestId("detail-company").textContent()).toBe("Hochbau Alpha GmbH");
    expect(await page.getByTestId("detail-company").locator("a").count()).toBe(0);
    await page.getByText("Keine Auswertung verfügbar").waitFor();
    await page.getByText("LV Kita Größe.x83").waitFor();
    await page.context().close();
  });

  it("a super admin sees the ID badge and links, sets the status and uploads the evaluation", async () => {
    const page = await signedIn(ADMIN.username, ADMIN.password);
    await page.goto("/dashboard/projects");
    await page.getByTestId("project-card").filter({ hasText: PROJECT }).getByText(`ID: ${projectId}`).waitFor();
    await page.goto(`/dashboard/projects/${projectId}`);
    expect(await page.getByTestId("detail-company").locator("a").getAttribute("href")).toBe("/dashboard/companies");
    expect(await page.getByTestId("detail-created-by").locator("a").getAttribute("href")).toBe("/dashboard/users");

    await page.getByRole("button", { name: "Bearbeiten" }).click();
    await page.getByLabel("Status").selectOption("In Review");
    await page.getByRole("button", { name: "Speichern" }).click();
    await page.getByTestId("toast").getByText("Projekt aktualisiert").waitFor();
    await page.locator("h1").getByText("In Review").waitFor();
    expect(await page.locator("h1 [data-testid=status-badge]").getAttribute("class")).toContain("yellow");

    await page.getByTestId("open-upload-html").click();
    const dialog = page.getByRole("dialog");
    const send = dialog.getByRole("button", { name: "Hochladen", exact: true });
    expect(await send.isDisabled()).toBe(true);
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "Auswertung.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7") });
    await dialog.getByText("Falsches Dateiformat").waitFor();
    expect(await send.isDisabled()).toBe(true);
    await dialog.locator("input[type=file]").setInputFiles({
      name: "Auswertung Kita.html",
      mimeType: "text/html",
      buffer: Buffer.from(evaluationHtml("LV-Auswertung Kita Sonnenschein")),
    });
    expect(await send.isDisabled()).toBe(false);
    await send.click();
    await page.getByTestId("toast").getByText("HTML-Datei wurde erfolgreich hochgeladen").waitFor();
    await page.getByTestId("evaluation-card").getByRole("link", { name: "Auswertung ansehen" }).waitFor();
    await page.context().close();
  });

  it("a user of the company opens the evaluation from the list in a new tab, sandboxed", async () => {
    const page = await signedIn("alpha_user");
    await page.goto("/dashboard/projects");
    const card = page.getByTestId("project-card").filter({ hasText: PROJECT });
    const [popup] = await Promise.all([page.waitForEvent("popup"), card.getByRole("link", { name: "Auswertung ansehen" }).click()]);
    await popup.waitForURL(`**/projects/${projectId}/result`);
    await popup.getByTestId("result-project-name").getByText(PROJECT).waitFor();
    const frame = popup.getByTestId("evaluation-frame");
    expect(await frame.getAttribute("sandbox")).toBe("");
    const content = popup.frameLocator("[data-testid=evaluation-frame]");
    await content.getByRole("heading", { name: "LV-Auswertung Kita Sonnenschein" }).waitFor();
    // The evaluation's own script never ran, and its form cannot be sent.
    expect(await content.locator("#befund").textContent()).toBe("Nachtragspotenzial in Position 0010: hoch.");
    await content.locator("#formular").click();
    await popup.waitForTimeout(300);
    expect((await fetch(`${server.url}/api/user`, { headers: { cookie: "" } })).status).toBe(401);
    // Neither its script (top.location) nor a target=_top link can navigate the page away.
    await content.locator("#wegnavigieren").click();
    await popup.waitForTimeout(300);
    expect(new URL(popup.url()).pathname).toBe(`/projects/${projectId}/result`);

    // A plain user may view but not download the evaluation file.
    expect(await popup.getByRole("link", { name: "Herunterladen" }).count()).toBe(0);
    // 'Drucken' opens the print view, which calls the browser's print dialog.
    const printHref = await popup.getByTestId("print-evaluation").getAttribute("href");
    expect(printHref).toBe(`/api/projects/${projectId}/result?print=1`);
    await popup.context().addInitScript(() => {
      window.print = () => console.log("print-called");
    });
    const printPage = await popup.context().newPage();
    const printed = new Promise<void>((resolve) => printPage.on("console", (m) => m.text() === "print-called" && resolve()));
    await printPage.goto(`${server.url}${printHref}`);
    await printed;
    await printPage.getByRole("heading", { name: "LV-Auswertung Kita Sonnenschein" }).waitFor();
    expect(await printPage.locator("#befund").textContent()).toBe("Nachtragspotenzial in Position 0010: hoch.");
    const pdf = await printPage.pdf({ format: "A4" });
    expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
    await page.context().close();
  });

  it("a user of another company can neither see nor guess its way to any of it", async () => {
    const page = await signedIn("beta_user");
    await page.goto("/dashboard/projects");
    await page.getByTestId("project-card").first().waitFor();
    expect(await page.getByTestId("project-card").filter({ hasText: PROJECT }).count()).toBe(0);
    await page.goto("/dashboard");
    await page.getByTestId("recent-project").first().waitFor();
    expect(await page.getByTestId("recent-project").filter({ hasText: PROJECT }).count()).toBe(0);

    await page.goto(`/dashboard/project-detail/${projectId}`);
    await page.getByText("Beim Laden des Projekts ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.").waitFor();
    await page.getByRole("button", { name: "Zurück zu den Projekten" }).click();
    await page.waitForURL("**/dashboard/projects");
    await page.goto(`/projects/${projectId}/result`);
    await page.getByText("Auswertung nicht gefunden").waitFor();
    expect(await page.getByTestId("evaluation-frame").count()).toBe(0);

    for (const path of ["", "/download-input", "/download-output", "/result", "/result?print=1", "/files"]) {
      const res = await fetch(`${server.url}/api/projects/${projectId}${path}`, { headers: { cookie: userB.cookie } });
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("Kita");
    }
    await page.context().close();
  });
});
