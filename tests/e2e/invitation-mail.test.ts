// Browser test of the mail outcome in the toasts (issue 15): with a working mail server the
// invitation toast says where it was sent and the password-reset toast says the user was told;
// once the mail server is gone both say so, and the invitation link stays visible and copyable.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { pickCompany } from "../helpers/company-picker";
import { parseMail, startSmtpServer, type SmtpServer } from "../helpers/smtp-server";

let server: RunningServer;
let browser: Browser;
let smtp: SmtpServer;
let admin: Awaited<ReturnType<typeof apiSession>>;

const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: "bauklar <noreply@bauklar.test>" });
  browser = await launchBrowser();
  admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const { id: companyId } = await admin.call<{ id: number }>("POST", "/api/companies", {
    name: "Hessen Hochbau GmbH",
    address: "Marktplatz 3, 35510 Butzbach",
    contactEmail: "info@hessen-hochbau.de",
  });
  const { registrationLink } = await admin.call<{ registrationLink: { token: string } }>("POST", "/api/registration-links", {
    email: "p.lang@hessen-hochbau.de",
    role: "user",
    companyId,
  });
  const res = await fetch(`${server.url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      token: registrationLink.token,
      username: "plang",
      password: "Sicher!Passwort1",
      firstName: "Petra",
      lastName: "Lang",
    }),
  });
  expect(res.status).toBe(201);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function inviteViaUi(page: Page, email: string) {
  await page.getByRole("button", { name: "Benutzer einladen" }).click();
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await pickCompany(page, "Hessen Hochbau GmbH", "hessen");
  await page.getByRole("button", { name: "Einladung erstellen" }).click();
  // One toast at a time (TOAST_LIMIT): this is the one of this invitation; the link and its copy
  // button stay in the dialog (issue 27).
  await toast(page, "Benutzereinladung erstellt").waitFor();
  return page.getByTestId("invitation-created");
}

async function closeInvitation(page: Page) {
  await page
    .getByTestId("invitation-created")
    .getByRole("button", { name: "Schließen", exact: true })
    .filter({ hasText: "Schließen" })
    .click();
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

async function resetViaUi(page: Page, password: string) {
  await page.getByRole("row").filter({ hasText: "@plang" }).getByRole("button", { name: "Verwalten" }).click();
  await page.getByRole("button", { name: "Passwort zurücksetzen" }).click();
  await page.getByLabel("Neues Passwort").fill(password);
  await page.getByRole("dialog", { name: "Passwort zurücksetzen" }).getByRole("button", { name: "Passwort zurücksetzen" }).click();
  const shown = toast(page, "Passwort zurückgesetzt");
  await shown.waitFor();
  const text = (await shown.textContent()) ?? "";
  await page.getByRole("dialog", { name: "Benutzer verwalten" }).getByRole("button", { name: "Abbrechen" }).click();
  await page.getByRole("dialog").waitFor({ state: "detached" });
  return text;
}

describe("mail outcome in the admin toasts", () => {
  it("reports sent and failed mails; the link stays copyable", async () => {
    const { context, page } = await newPage(browser, server.url);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto("/dashboard/users");
    await page.getByRole("heading", { name: "Benutzerverwaltung" }).waitFor();

    // Mail server up: the toast names the address; the mailed link is the one shown.
    const before = smtp.messages.length;
    const sent = await inviteViaUi(page, "m.wagner@hessen-hochbau.de");
    await sent.getByText("Die Einladung wurde an m.wagner@hessen-hochbau.de gesendet.").waitFor();
    const link = (await sent.getByTestId("invitation-link").textContent())!;
    const mail = parseMail((await smtp.waitFor(before + 1))[before]);
    expect(mail.text).toContain(link);
    await sent.getByRole("button", { name: "Link kopieren" }).click();
    await toast(page, "Link kopiert!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await closeInvitation(page);

    expect(await resetViaUi(page, "Neu!Passwort2025")).toContain("per E-Mail benachrichtigt");
    const resetMail = parseMail((await smtp.waitFor(before + 2))[before + 1]);
    expect(resetMail.subject).toBe("Ihr Passwort wurde zurückgesetzt");
    expect(resetMail.text + resetMail.html).not.toContain("Neu!Passwort2025");

    // Mail server gone: the link is still created, shown and copyable, and the toast says to pass it on.
    await smtp.close();
    const failed = await inviteViaUi(page, "b.roth@hessen-hochbau.de");
    await failed.getByText("Die Einladung konnte nicht per E-Mail gesendet werden – bitte den Link kopieren und weitergeben.").waitFor();
    const failedLink = (await failed.getByTestId("invitation-link").textContent())!;
    expect(failedLink).toMatch(new RegExp(`^${server.url}/auth\\?token=[A-Za-z0-9_-]{20,}$`));
    await failed.getByRole("button", { name: "Link kopieren" }).click();
    await toast(page, "Link kopiert!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(failedLink);
    const check = await fetch(`${server.url}/api/registration-links/${new URL(failedLink).searchParams.get("token")}/validate`);
    expect(check.status).toBe(200);
    await closeInvitation(page);

    expect(await resetViaUi(page, "Neu!Passwort2026")).toContain("konnte nicht gesendet werden");
    await apiSession(server.url, "plang", "Neu!Passwort2026");
    await context.close();
  }, 90_000);
});
