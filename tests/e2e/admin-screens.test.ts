// Browser tests of the super admin's screens (registration links, companies, orders) and the
// Unternehmen/Profil tabs of the settings (requirements 2.2–9).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { truncateDescription } from "../../src/client/orders/order-view";

let server: RunningServer;
let browser: Browser;
let admin: Awaited<ReturnType<typeof apiSession>>;

const PASSWORD = "Sicher!Passwort1";
const DATE_TIME = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/;
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);
const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });

async function company(name: string, extra: Record<string, unknown> = {}) {
  return admin.call<{ id: number }>("POST", "/api/companies", {
    name,
    address: "Kirchgasse 2, 35510 Butzbach",
    contactEmail: `info@${name.split(" ")[0].toLowerCase()}.de`,
    ...extra,
  });
}

/** Invitation + registration; the registration's own session cookie drives the returned client. */
async function register(username: string, role: "user" | "company_admin", companyId: number) {
  const { registrationLink } = await admin.call<{ registrationLink: { token: string } }>("POST", "/api/registration-links", {
    email: `${username}@bau.test`,
    role,
    companyId,
  });
  const res = await fetch(`${server.url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: registrationLink.token, username, password: PASSWORD, firstName: "Uwe", lastName: username }),
  });
  expect(res.status).toBe(201);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  return async <T>(method: string, path: string, body?: FormData | object): Promise<T> => {
    const r = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, ...(body && !(body instanceof FormData) ? { "content-type": "application/json" } : {}) },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
}

async function adminPage(path: string) {
  const opened = await newPage(browser, server.url);
  await loginViaUi(opened.page, ADMIN.username, ADMIN.password);
  await opened.page.goto(path);
  return opened;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("registration links", () => {
  it("shows counters, statuses and German dates; copies active links only; deletes", async () => {
    const { context, page } = await adminPage("/dashboard/registration-links");
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.getByText("Noch keine Registrierungslinks erstellt").waitFor();

    const c = await company("Links Bau GmbH");
    await register("genutzt", "user", c.id);
    const open = await admin.call<{ registrationLink: { id: number; token: string } }>("POST", "/api/registration-links", {
      email: "offen@bau.test",
      role: "company_admin",
      companyId: c.id,
    });
    await page.reload();
    const count = async (k: string) => (await page.getByTestId(`count-${k}`).textContent())!.replace(k, "");
    await page.getByTestId(`link-row-${open.registrationLink.id}`).waitFor();
    // The counters are three queries of their own and may arrive after the table ("–" until then).
    await expect
      .poll(async () => [await count("Gesamt"), await count("Verwendet"), await count("Abgelaufen"), await count("Aktiv")])
      .toEqual(["2", "1", "0", "1"]);
    // Newest first.
    const firstRow = page.locator("tbody tr").first();
    expect(await firstRow.getAttribute("data-testid")).toBe(`link-row-${open.registrationLink.id}`);
    const activeRow = page.getByTestId(`link-row-${open.registrationLink.id}`);
    await activeRow.getByText("Aktiv", { exact: true }).waitFor();
    await activeRow.getByText("Links Bau GmbH").waitFor();
    const dates = await activeRow
      .locator("[title]")
      .filter({ hasText: /\d{2}\.\d{2}\.\d{4}/ })
      .allTextContents();
    expect(dates).toHaveLength(2);
    for (const d of dates) expect(d).toMatch(DATE_TIME);
    const usedRow = page.locator("tbody tr").filter({ hasText: "genutzt@bau.test" });
    await usedRow.getByText("Verwendet", { exact: true }).waitFor();
    expect(await usedRow.getByRole("button", { name: /kopieren/ }).count()).toBe(0);

    await activeRow.getByRole("button", { name: "Link für offen@bau.test kopieren" }).click();
    await toast(page, "Link kopiert").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/auth?token=${open.registrationLink.token}`);

    // The search is debounced and answered by the server.
    await page.getByLabel("Registrierungslinks suchen").fill("unternehmensadmin");
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await page.getByLabel("Registrierungslinks suchen").fill("gibt es nicht");
    await page.getByText("Keine Registrierungslinks gefunden").waitFor();
    await page.getByLabel("Registrierungslinks suchen").fill("");

    await activeRow.getByRole("button", { name: "Link für offen@bau.test löschen" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Löschen" }).click();
    await toast(page, "Link gelöscht").waitFor();
    await activeRow.waitFor({ state: "detached" });
    const check = await fetch(`${server.url}/api/registration-links/${open.registrationLink.token}/validate`);
    expect(check.status).toBe(404);
    await context.close();
  });
});

describe("companies", () => {
  it("validates the form, creates with an unlimited default, edits the limit and searches", async () => {
    const { context, page } = await adminPage("/dashboard/companies");
    await page.getByRole("heading", { name: "Unternehmensverwaltung" }).waitFor();
    await page.getByRole("button", { name: "Neues Unternehmen" }).click();
    const dialog = page.getByRole("dialog");
    // The quota is a choice (issue 27): unlimited by default, a number only for a Kontingent.
    expect(await dialog.getByLabel("Unbegrenzt").isChecked()).toBe(true);
    expect(await dialog.getByLabel("Freie Chatbot-Anfragen pro Monat").count()).toBe(0);
    await dialog.getByRole("button", { name: "Erstellen" }).click();
    await dialog.getByText("Name ist erforderlich").waitFor();
    await dialog.getByText("Adresse ist erforderlich").waitFor();
    await dialog.getByText("Kontakt-E-Mail ist erforderlich").waitFor();
    await dialog.getByLabel("Name").fill("Zimmerei Vogel GmbH");
    await dialog.getByLabel("Adresse").fill("Waldweg 7, 61231 Bad Nauheim");
    await dialog.getByLabel("Kontakt-E-Mail").fill("keine-mail");
    await dialog.getByLabel("Telefon").fill("06032 98765");
    await dialog.getByLabel("Kontingent", { exact: true }).check();
    await dialog.getByLabel("Freie Chatbot-Anfragen pro Monat").fill("-2");
    await dialog.getByRole("button", { name: "Erstellen" }).click();
    await dialog.getByText("Gültige E-Mail-Adresse erforderlich").waitFor();
    await dialog.getByText("Wert muss -1 oder größer sein").waitFor();
    await dialog.getByLabel("Kontakt-E-Mail").fill("info@zimmerei-vogel.de");
    await dialog.getByLabel("Unbegrenzt").check();
    await dialog.getByRole("button", { name: "Erstellen" }).click();
    await toast(page, "Unternehmen erstellt").waitFor();
    const row = page.locator("tbody tr").filter({ hasText: "Zimmerei Vogel GmbH" });
    await row.getByText("0 / ∞").waitFor();

    await row.getByRole("button", { name: "Zimmerei Vogel GmbH bearbeiten" }).click();
    await page.getByRole("dialog").getByLabel("Nicht gebucht").check();
    await page.getByRole("dialog").getByRole("button", { name: "Speichern" }).click();
    await toast(page, "Unternehmen aktualisiert").waitFor();
    await row.getByText("nicht gebucht").waitFor();

    // The search is debounced and answered by the server.
    await page.getByLabel("Unternehmen suchen").fill("98765");
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await page.getByLabel("Unternehmen suchen").fill("Bad Nauheim");
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await context.close();
  });

  it("deletes a company after a confirmation that names what happens to users and projects", async () => {
    const c = await company("Abriss Berger KG");
    const boss = await register("berger", "company_admin", c.id);
    const form = new FormData();
    form.append("name", "Rückbau Lagerhalle");
    form.append("file", new Blob(["<GAEB/>"], { type: "application/xml" }), "lv.x83");
    const project = await boss<{ id: number }>("POST", "/api/projects", form);
    const { context, page } = await adminPage("/dashboard/companies");
    const row = page.getByTestId(`company-row-${c.id}`);
    await row.getByRole("button", { name: "Abriss Berger KG löschen" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Alle Benutzer dieses Unternehmens werden ebenfalls gelöscht").waitFor();
    await confirm.getByText("Projekte werden dem Systemadministrator zugeordnet", { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Löschen" }).click();
    await toast(page, "Unternehmen gelöscht").waitFor();
    await row.waitFor({ state: "detached" });
    const users = await admin.call<{ username: string }[]>("GET", "/api/users");
    expect(users.map((u) => u.username)).not.toContain("berger");
    const moved = await admin.call<{ createdBy: { username: string }; company: unknown }>("GET", `/api/projects/${project.id}`);
    expect(moved).toMatchObject({ createdBy: { username: ADMIN.username }, company: null });
    await context.close();
  });
});

describe("orders", () => {
  it("lists orders with deadline and status; checks the file type; uploads, shows and deletes", async () => {
    const c = await company("Auftrag Bau GmbH");
    const boss = await register("auftraggeber", "company_admin", c.id);
    const description = "Leistungsverzeichnis für den Rohbau eines Mehrfamilienhauses mit Tiefgarage und 24 Wohneinheiten";
    const tender = Buffer.from('<?xml version="1.0"?><GAEB>Ausschreibung Testbau</GAEB>');
    const form = new FormData();
    form.append("name", "MFH Sonnenhang");
    form.append("file", new Blob([tender], { type: "application/xml" }), "mfh.x83");
    const project = await boss<{ id: number }>("POST", "/api/projects", form);
    await boss("PUT", `/api/projects/${project.id}`, { description });

    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    // Hold the list back to see the five skeleton rows.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // The table's pages (GET /api/projects?limit=…).
    const projectList = (url: URL) => url.pathname === "/api/projects";
    await page.route(projectList, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/dashboard/orders");
    await page.getByTestId("order-skeleton").nth(4).waitFor();
    expect(await page.getByTestId("order-skeleton").count()).toBe(5);
    release();
    const row = page.getByTestId(`order-row-${project.id}`);
    await row.waitFor();
    await page.unroute(projectList);

    // Cut at 50 characters, at the last word boundary (no word cut in half).
    await row.getByText(truncateDescription(description)).waitFor();
    expect(truncateDescription(description)).toBe("Leistungsverzeichnis für den Rohbau eines…");
    expect(await row.getByRole("link", { name: "Uwe auftraggeber" }).getAttribute("href")).toBe("/dashboard/users?q=auftraggeber");
    expect(await row.getByRole("link", { name: "Auftrag Bau GmbH" }).getAttribute("href")).toBe(
      "/dashboard/companies?q=Auftrag%20Bau%20GmbH",
    );
    await row.getByText("In Bearbeitung").waitFor();
    expect(await row.getByTestId("deadline").textContent()).toMatch(/^Frist: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);

    // Download of the order document, byte-exact.
    await row.getByRole("button", { name: "Weitere Aktionen für MFH Sonnenhang" }).click();
    const href = await page.getByRole("menuitem", { name: "Auftragsdokument herunterladen" }).getAttribute("href");
    const download = await context.request.get(href!);
    expect(Buffer.from(await download.body()).equals(tender)).toBe(true);
    await page.keyboard.press("Escape");

    // Wrong type first, then the HTML evaluation.
    await row.getByRole("button", { name: "Auswertung für MFH Sonnenhang hochladen" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("HTML-Datei").setInputFiles({ name: "notiz.txt", mimeType: "text/plain", buffer: Buffer.from("kein html") });
    await toast(page, "Falsches Dateiformat").waitFor();
    expect(await dialog.getByRole("button", { name: "Hochladen" }).isDisabled()).toBe(true);
    await dialog
      .getByLabel("HTML-Datei")
      .setInputFiles({ name: "auswertung.html", mimeType: "text/html", buffer: Buffer.from("<!doctype html><h1>Auswertung MFH</h1>") });
    await dialog.getByRole("button", { name: "Hochladen" }).click();
    await toast(page, "Auswertung hochgeladen").getByText("HTML-Datei wurde erfolgreich hochgeladen").waitFor();
    await row.getByText("Abgeschlossen").waitFor();
    expect(await row.getByTestId("deadline").count()).toBe(0);
    // The project itself says the same as its order.
    expect((await boss<{ status: string }>("GET", `/api/projects/${project.id}`)).status).toBe("Abgeschlossen");

    await row.getByRole("button", { name: "Weitere Aktionen für MFH Sonnenhang" }).click();
    const view = page.getByRole("menuitem", { name: "Auswertung ansehen" });
    expect(await view.getAttribute("href")).toBe(`/projects/${project.id}/result`);
    expect(await view.getAttribute("target")).toBe("_blank");
    await page.getByRole("menuitem", { name: "Löschen" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Projekt löschen" }).click();
    await toast(page, "Projekt gelöscht").waitFor();
    await row.waitFor({ state: "detached" });
    await context.close();
  });
});

describe("settings: Unternehmen and Profil", () => {
  it("a company admin uploads a logo that appears in the sidebar and saves the company data", async () => {
    const c = await company("Logo Bau GmbH");
    await register("logoadmin", "company_admin", c.id);
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, "logoadmin", PASSWORD);
    await page.goto("/dashboard/settings?tab=unternehmen");
    const file = page.getByLabel("Logo-Datei");
    await file.setInputFiles({ name: "logo.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
    await toast(page, "Ungültiger Dateityp").waitFor();
    await file.setInputFiles({ name: "riesig.png", mimeType: "image/png", buffer: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) });
    await toast(page, "Datei zu groß").getByText("Die Datei darf maximal 2MB groß sein.").waitFor();
    await file.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await toast(page, "Logo hochgeladen").waitFor();
    const sidebarLogo = page.getByTestId("sidebar-company").first().getByRole("img");
    await sidebarLogo.waitFor();
    const served = await context.request.get((await sidebarLogo.getAttribute("src"))!);
    expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);

    await page.getByLabel("Name").fill("");
    await page.getByRole("button", { name: "Speichern" }).click();
    await page.getByText("Name ist erforderlich").waitFor();
    await page.getByLabel("Name").fill("Logo Bau GmbH & Co. KG");
    await page.getByLabel("Telefon").fill("06033 55555");
    await page.getByRole("button", { name: "Speichern" }).click();
    await toast(page, "Unternehmen gespeichert").waitFor();
    await page.getByTestId("sidebar-company").first().getByText("Logo Bau GmbH & Co. KG").waitFor();
    await context.close();
  });

  it("a user deletes the own profile after confirming and lands on the start page", async () => {
    const c = await company("Profil Bau GmbH");
    await register("abschied", "user", c.id);
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, "abschied", PASSWORD);
    await page.goto("/dashboard/settings");
    expect(await page.getByLabel("Benutzername").inputValue()).toBe("abschied");
    expect(await page.getByLabel("Benutzername").getAttribute("readonly")).not.toBeNull();
    await page.getByRole("button", { name: "Profil löschen" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Profil löschen" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await expect(apiSession(server.url, "abschied", PASSWORD)).rejects.toThrow("login 401");
    await context.close();
  });
});
