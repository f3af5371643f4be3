import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("sign-in", () => {
  it("a signed-out visit to a dashboard page goes to /auth and returns there after login", async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto("/dashboard/registration-links");
    await page.waitForURL(/\/auth$/);
    await page.getByText("Nach der Anmeldung werden Sie zur angeforderten Seite weitergeleitet.", { exact: false }).waitFor();
    await page.getByLabel("Benutzername").fill(ADMIN.username);
    await page.getByLabel("Passwort").fill(ADMIN.password);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.waitForURL(/\/dashboard\/registration-links$/);
    await page.getByRole("heading", { name: "Einladungslinks" }).waitFor();
    await context.close();
  });

  it("wrong credentials show the spec's error and stay on /auth", async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto("/auth");
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.getByText("Benutzername wird benötigt").waitFor();
    await page.getByText("Passwort wird benötigt").waitFor();
    await page.getByLabel("Benutzername").fill(ADMIN.username);
    await page.getByLabel("Passwort").fill("falsch");
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.getByText("Ungültige Anmeldedaten. Bitte überprüfen Sie Ihren Benutzernamen und Ihr Passwort.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth");
    await context.close();
  });

  it("logout shows 'Abgemeldet' and goes to the start page; the dashboard then asks for login", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.getByRole("button", { name: "Abmelden" }).first().click();
    await page.getByText("Abgemeldet", { exact: true }).waitFor();
    await page.waitForURL((u) => u.pathname === "/");
    await page.goto("/dashboard");
    await page.waitForURL(/\/auth$/);
    await context.close();
  });
});

describe("invitation registration", () => {
  it("a new browser registers through the link and lands on the dashboard", async () => {
    const admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
    const company = await admin.call<{ id: number }>("POST", "/api/companies", {
      name: "Musterbau GmbH",
      address: "Baustraße 1, 35510 Butzbach",
      contactEmail: "info@musterbau.de",
    });
    const { url } = await admin.call<{ url: string }>("POST", "/api/registration-links", {
      email: "bauleiter@musterbau.de",
      role: "company_admin",
      companyId: company.id,
    });
    expect(url).toContain(`${server.url}/auth?token=`);

    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await page.goto(url);
    await page.getByRole("tab", { name: "Registrieren" }).waitFor();
    expect(await page.getByRole("tab", { name: "Registrieren" }).getAttribute("data-state")).toBe("active");
    const banner = page.getByTestId("invitation-banner");
    await expect(banner.textContent()).resolves.toContain("Unternehmens-Administrator");
    await expect(banner.textContent()).resolves.toContain("bauleiter@musterbau.de");

    await page.getByRole("button", { name: "Registrierung abschließen" }).click();
    await page.getByText("Vorname wird benötigt").waitFor();
    await page.getByLabel("Vorname").fill("Bernd");
    await page.getByLabel("Nachname").fill("Bauleiter");
    await page.getByLabel("Benutzername").fill("bernd");
    await page.getByLabel("Passwort", { exact: true }).fill("schwach");
    await page.getByLabel("Passwort bestätigen").fill("anders");
    await page.getByRole("button", { name: "Registrierung abschließen" }).click();
    await page.getByText("Passwort muss mindestens 8 Zeichen haben").waitFor();
    await page.getByText("Passwörter stimmen nicht überein").waitFor();
    await page.getByLabel("Passwort anzeigen").click();
    expect(await page.getByLabel("Passwort", { exact: true }).getAttribute("type")).toBe("text");

    await page.getByLabel("Passwort", { exact: true }).fill("Baustelle!Kran26");
    await page.getByLabel("Passwort bestätigen").fill("Baustelle!Kran26");
    await page.getByRole("button", { name: "Registrierung abschließen" }).click();
    await page.waitForURL(/\/dashboard\/$/);
    // Phone size: the sidebar is a drawer.
    await page.getByRole("button", { name: "Menü öffnen" }).click();
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    await expect(drawer.getByTestId("sidebar-user").textContent()).resolves.toBe("Bernd Bauleiter");
    await drawer.getByText("Unternehmensadministrator").waitFor();
    await drawer.getByTestId("sidebar-company").getByText("Musterbau GmbH").waitFor();

    // The link is used up now.
    const { context: other, page: second } = await newPage(browser, server.url);
    await second.goto(url);
    await second.getByText("Kein gültiger Einladungslink").waitFor();
    await second
      .getByText("Der Registrierungslink ist ungültig oder wurde bereits verwendet. Bitte fordern Sie einen neuen Link an.")
      .waitFor();
    await other.close();
    await context.close();
  });
});

describe("not found", () => {
  it("unknown paths show the German not-found page with status 404; the dashboard's router fallback keeps the spec's texts", async () => {
    const res = await fetch(`${server.url}/gibt-es-nicht`);
    expect(res.status).toBe(404);
    const { context, page } = await newPage(browser, server.url);
    await page.goto("/gibt-es-nicht");
    await page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" }).waitFor();
    expect(await page.getByText("404 Page Not Found").count()).toBe(0);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto("/dashboard/gibt-es-nicht");
    await page.getByText("404 Page Not Found").waitFor();
    await page.getByText("Did you forget to add the page to the router?").waitFor();
    await context.close();
  });

  it("protected routes work with a trailing slash", async () => {
    const res = await fetch(`${server.url}/dashboard/projects/`);
    expect(res.status).toBe(200);
  });
});
