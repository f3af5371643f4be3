// Browser tests of the administration: invite → register → manage → impersonate → stop →
// delete, and the password change with a wrong current password (requirements 2.2–8).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { pickCompany } from "../helpers/company-picker";

let server: RunningServer;
let browser: Browser;
let companyId: number;
let admin: Awaited<ReturnType<typeof apiSession>>;

const PASSWORD = "Sicher!Passwort1";
const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });

/** Creates a user through an invitation and registration, as the product does. */
async function registeredUser(username: string, role: "user" | "company_admin") {
  const { registrationLink } = await admin.call<{ registrationLink: { token: string } }>("POST", "/api/registration-links", {
    email: `${username}@baufirma.de`,
    role,
    companyId,
  });
  const res = await fetch(`${server.url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: registrationLink.token, username, password: PASSWORD, firstName: "Petra", lastName: "Lang" }),
  });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  ({ id: companyId } = await admin.call<{ id: number }>("POST", "/api/companies", {
    name: "Hessen Hochbau GmbH",
    address: "Marktplatz 3, 35510 Butzbach",
    contactEmail: "info@hessen-hochbau.de",
  }));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("super admin runs a customer's account end to end", () => {
  it("invites, the invitee registers, the admin manages, impersonates, stops and deletes", async () => {
    const { context, page } = await newPage(browser, server.url);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto("/dashboard/users");
    await page.getByRole("heading", { name: "Benutzerverwaltung" }).waitFor();

    // Invite: a super admin must pick a company first.
    await page.getByRole("button", { name: "Benutzer einladen" }).click();
    await page.getByLabel("E-Mail-Adresse").fill("m.wagner@hessen-hochbau.de");
    await page.getByLabel("Rolle").selectOption({ label: "Benutzer" });
    await page.getByRole("button", { name: "Einladung erstellen" }).click();
    await toast(page, "Unternehmen erforderlich").getByText("Bitte wählen Sie ein Unternehmen aus.").waitFor();
    await pickCompany(page, "Hessen Hochbau GmbH", "hessen");
    await page.getByRole("button", { name: "Einladung erstellen" }).click();
    await toast(page, "Benutzereinladung erstellt").waitFor();
    // The link stays in the dialog with its copy button until the dialog is closed (issue 27).
    const invitation = page.getByTestId("invitation-created");
    const link = (await invitation.getByTestId("invitation-link").textContent())!;
    expect(link).toMatch(new RegExp(`^${server.url}/auth\\?token=[A-Za-z0-9_-]{20,}$`));
    await invitation.getByRole("button", { name: "Link kopieren" }).click();
    await toast(page, "Link kopiert!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The invitee registers in its own browser.
    const invitee = await newPage(browser, server.url);
    await invitee.page.goto(link);
    await invitee.page.getByText("m.wagner@hessen-hochbau.de").waitFor();
    await invitee.page.getByLabel("Vorname").fill("Markus");
    await invitee.page.getByLabel("Nachname").fill("Wagner");
    await invitee.page.getByLabel("Benutzername").fill("mwagner");
    await invitee.page.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
    await invitee.page.getByLabel("Passwort bestätigen").fill(PASSWORD);
    await invitee.page.getByRole("button", { name: "Registrierung abschließen" }).click();
    await invitee.page.waitForURL(/\/dashboard\/$/);
    await invitee.context.close();

    // Manage: personal data and role.
    await page.reload();
    const row = page.getByRole("row").filter({ hasText: "@mwagner" });
    await row.getByText("Hessen Hochbau GmbH").waitFor();
    await row.getByText("Benutzer", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Verwalten" }).click();
    await page.getByLabel("Vorname").fill("Markus J.");
    await page.getByLabel("Rolle").selectOption({ label: "Unternehmensadministrator" });
    await page.getByRole("button", { name: "Speichern" }).click();
    await toast(page, "Benutzer aktualisiert").waitFor();
    await row.getByText("Unternehmensadmin").waitFor();
    await row.getByText("Markus J. Wagner").waitFor();
    // Saving other fields keeps the company the picker showed.
    await row.getByText("Hessen Hochbau GmbH").waitFor();

    // Password reset from the manage dialog.
    await row.getByRole("button", { name: "Verwalten" }).click();
    await page.getByRole("button", { name: "Passwort zurücksetzen" }).click();
    await page.getByLabel("Neues Passwort").fill("kurz");
    await page.getByRole("dialog", { name: "Passwort zurücksetzen" }).getByRole("button", { name: "Passwort zurücksetzen" }).click();
    await page.getByText("Passwort muss mindestens 8 Zeichen haben").waitFor();
    await page.getByLabel("Neues Passwort").fill("Neu!Passwort2025");
    await page.getByRole("dialog", { name: "Passwort zurücksetzen" }).getByRole("button", { name: "Passwort zurücksetzen" }).click();
    await toast(page, "Passwort zurückgesetzt").waitFor();
    await apiSession(server.url, "mwagner", "Neu!Passwort2025");
    await page.getByRole("dialog", { name: "Benutzer verwalten" }).getByRole("button", { name: "Abbrechen" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // Impersonate through the full-page navigation, then stop from the banner.
    await row.getByRole("link", { name: "Als mwagner anmelden" }).click();
    await page.waitForURL(/\/dashboard\/$/);
    const banner = page.getByTestId("impersonation-banner");
    await banner.getByText("Markus J. Wagner").waitFor();
    expect(await page.getByTestId("sidebar-user").first().textContent()).toBe("Markus J. Wagner");
    await banner.getByRole("button", { name: "Impersonation beenden" }).click();
    await page.waitForURL(/\/dashboard\/users$/);
    await page.getByRole("heading", { name: "Benutzerverwaltung" }).waitFor();
    expect(await page.getByTestId("impersonation-banner").count()).toBe(0);
    expect(await page.getByTestId("sidebar-user").first().textContent()).toBe("System Administrator");

    // Own row: settings instead of manage, no delete, no log-in-as.
    const own = page.getByRole("row").filter({ hasText: "@admin" });
    await own.getByRole("link", { name: "Einstellungen" }).waitFor();
    expect(await own.getByRole("button", { name: /löschen/ }).count()).toBe(0);
    expect(await own.getByRole("link", { name: /anmelden/ }).count()).toBe(0);

    // Delete with confirmation.
    await row.getByRole("button", { name: "mwagner löschen" }).click();
    await page.getByRole("alertdialog").getByText("wird dauerhaft gelöscht").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Löschen" }).click();
    await toast(page, "Benutzer gelöscht").waitFor();
    await row.waitFor({ state: "detached" });
    await page.getByPlaceholder("Benutzer suchen...").fill("mwagner");
    await page.getByText("Keine Benutzer gefunden").waitFor();
    await context.close();
  });

  it("shows the link to copy by hand when the clipboard refuses", async () => {
    const { context, page } = await newPage(browser, server.url);
    await context.addInitScript(() => {
      Object.defineProperty(navigator.clipboard, "writeText", { value: () => Promise.reject(new Error("denied")) });
    });
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto("/dashboard/users");
    await page.getByRole("button", { name: "Benutzer einladen" }).click();
    await page.getByLabel("E-Mail-Adresse").fill("b.roth@hessen-hochbau.de");
    await pickCompany(page, "Hessen Hochbau GmbH", "hessen");
    await page.getByRole("button", { name: "Einladung erstellen" }).click();
    await toast(page, "Benutzereinladung erstellt").waitFor();
    const link = (await page.getByTestId("invitation-created").getByTestId("invitation-link").textContent())!;
    await page.getByRole("button", { name: "Link kopieren" }).click();
    const failure = toast(page, "Fehler beim Kopieren");
    await failure.getByText("Bitte kopieren Sie den Link manuell.").waitFor();
    expect(await failure.getByTestId("invitation-link").textContent()).toBe(link);
    await context.close();
  });
});

describe("company admin and plain user", () => {
  it("a company admin invites plain users of its own company only and cannot delete admins", async () => {
    await registeredUser("chefin", "company_admin");
    await registeredUser("kollege", "user");
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await loginViaUi(page, "chefin", PASSWORD);
    await page.goto("/dashboard/users");
    await page.getByRole("row").filter({ hasText: "@kollege" }).waitFor();
    // No company or last-access columns, no super admins of other companies.
    expect(await page.getByRole("columnheader", { name: "Unternehmen" }).count()).toBe(0);
    expect(await page.getByRole("row").filter({ hasText: "@admin" }).count()).toBe(0);
    await page.getByRole("button", { name: "Benutzer einladen" }).click();
    expect(await page.getByLabel("Rolle").count()).toBe(0);
    await page.getByRole("dialog").getByText("Hessen Hochbau GmbH").waitFor();
    await page.getByLabel("E-Mail-Adresse").fill("azubi@hessen-hochbau.de");
    await page.getByRole("button", { name: "Einladung erstellen" }).click();
    await toast(page, "Benutzereinladung erstellt").waitFor();
    await context.close();
  });

  it("a plain user gets 'Zugriff verweigert' on the users page and no company tab", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, "kollege", PASSWORD);
    await page.goto("/dashboard/users");
    await page.getByRole("heading", { name: "Zugriff verweigert" }).waitFor();
    await page.getByText("keine Berechtigung für die Benutzerverwaltung").waitFor();
    await page.goto("/dashboard/settings");
    await page.getByRole("tab", { name: "Konto" }).waitFor();
    expect(await page.getByRole("tab", { name: "Unternehmen" }).count()).toBe(0);
    await context.close();
  });
});

describe("password change (Konto)", () => {
  it("a wrong current password is reported and the field cleared; the right one changes it", async () => {
    await registeredUser("bauleiter", "user");
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, "bauleiter", PASSWORD);
    await page.goto("/dashboard/settings");
    await page.getByRole("tab", { name: "Konto" }).click();
    const current = page.getByLabel("Aktuelles Passwort");

    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await page.getByText("Bitte füllen Sie alle Passwortfelder aus.").waitFor();
    await current.fill(PASSWORD);
    await page.getByLabel("Neues Passwort", { exact: true }).fill("Neu!Passwort2025");
    await page.getByLabel("Neues Passwort bestätigen").fill("Anders!Passwort2025");
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await page.getByText("Die neuen Passwörter stimmen nicht überein.").waitFor();
    await page.getByLabel("Neues Passwort", { exact: true }).fill("nurklein1!");
    await page.getByLabel("Neues Passwort bestätigen").fill("nurklein1!");
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await page.getByText("Das Passwort erfüllt nicht folgende Anforderungen: Ein Großbuchstabe").waitFor();

    await current.fill("Falsch!Passwort1");
    await page.getByLabel("Neues Passwort", { exact: true }).fill("Neu!Passwort2025");
    await page.getByLabel("Neues Passwort bestätigen").fill("Neu!Passwort2025");
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await toast(page, "Passwortänderung fehlgeschlagen")
      .getByText("Das aktuelle Passwort ist falsch. Bitte versuchen Sie es erneut.")
      .waitFor();
    expect(await current.inputValue()).toBe("");
    await expect(apiSession(server.url, "bauleiter", "Neu!Passwort2025")).rejects.toThrow("login 401");

    await current.fill(PASSWORD);
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await toast(page, "Passwort geändert").waitFor();
    await apiSession(server.url, "bauleiter", "Neu!Passwort2025");
    // This browser stays signed in.
    await page.reload();
    await page.getByRole("tab", { name: "Konto" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard/settings");
    await context.close();
  });
});
