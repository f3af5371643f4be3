// Issue 14 in the browser: TOTP set up in Einstellungen → Konto (QR code and secret, codes from
// otpauth), the code step on /auth (wrong code, right code, recovery code), and a passkey
// registered and used with Chromium's virtual authenticator (CDP WebAuthn domain), by a company
// admin whom MFA_REQUIRED_ROLES leads to the enrolment first. The server runs on localhost:
// WebAuthn refuses IP addresses as relying party.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as OTPAuth from "otpauth";
import type { Browser, Page } from "playwright-core";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";

const PASSWORD = "Bau!Passwort7";
let server: RunningServer;
let browser: Browser;

const step = () => Math.floor(Date.now() / 30_000);
const codeAt = (secret: string, offset: number) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: (step() + offset) * 30_000 + 1000 });

async function registerUser(username: string) {
  const admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const company = await admin.call<{ id: number }>("POST", "/api/companies", {
    name: `${username} Bau GmbH`,
    address: "Kirchgasse 2, 35510 Butzbach",
    contactEmail: `info@${username}.de`,
  });
  const { registrationLink } = await admin.call<{ registrationLink: { token: string } }>("POST", "/api/registration-links", {
    email: `${username}@bau.test`,
    role: "company_admin",
    companyId: company.id,
  });
  const res = await fetch(`${server.url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: registrationLink.token, username, password: PASSWORD, firstName: "Paula", lastName: "Passkey" }),
  });
  expect(res.status).toBe(201);
}

async function logout(page: Page) {
  await page.getByRole("button", { name: "Abmelden" }).first().click();
  await page.waitForURL((u) => u.pathname === "/");
}

async function passwordStep(page: Page, username: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("Benutzername").fill(username);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await page.getByTestId("mfa-step").waitFor();
}

/** The scripts a page loaded, to see which code came with it. */
function collectScripts(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith(".js")) bodies.push(r.text().catch(() => ""));
  });
  return async () => (await Promise.all(bodies)).join("\n");
}

beforeAll(async () => {
  server = await startServer({ MFA_REQUIRED_ROLES: "company_admin" }, { host: "localhost" });
  browser = await launchBrowser();
  await registerUser("paula");
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("TOTP", () => {
  it("is set up in Einstellungen → Konto and then asked for at /auth; a recovery code works once", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto("/dashboard/settings?tab=konto");
    await page.getByRole("button", { name: "Zwei-Faktor-Anmeldung einrichten" }).click();
    await page.getByRole("dialog").getByLabel("Aktuelles Passwort").fill(ADMIN.password);
    await page.getByRole("button", { name: "Weiter" }).click();
    const qr = page.getByRole("img", { name: "QR-Code für die Authenticator-App" });
    await qr.waitFor();
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page.getByLabel("Bestätigungscode").fill("000000");
    await page.getByRole("button", { name: "Aktivieren" }).click();
    await page.getByText("Der Code ist ungültig. Bitte versuchen Sie es erneut.").waitFor();
    await page.getByLabel("Bestätigungscode").fill(codeAt(secret, 0));
    await page.getByRole("button", { name: "Aktivieren" }).click();
    const codes = page.getByTestId("recovery-codes").locator("li");
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recovery = (await codes.first().textContent())!.trim();
    await page.getByRole("button", { name: "Fertig" }).click();
    await page.getByText("Aktiv", { exact: true }).waitFor();
    await page.getByTestId("recovery-codes-left").getByText("10").waitFor();
    // The signed-in devices are listed, this one marked.
    await page.getByTestId("session-list").getByText("Dieses Gerät").waitFor();

    // The next login asks for the code.
    await logout(page);
    await passwordStep(page, ADMIN.username, ADMIN.password);
    await page.getByText("Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.").waitFor();
    await page.getByLabel("Bestätigungscode").fill("123456");
    await page.getByRole("button", { name: "Bestätigen" }).click();
    await page.getByText("Der Code ist ungültig. Bitte versuchen Sie es erneut.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth");
    await page.getByLabel("Bestätigungscode").fill(codeAt(secret, 1));
    await page.getByRole("button", { name: "Bestätigen" }).click();
    await page.waitForURL(/\/dashboard\/$/);

    // A recovery code instead of the app.
    await logout(page);
    await passwordStep(page, ADMIN.username, ADMIN.password);
    await page.getByRole("button", { name: "Wiederherstellungscode verwenden" }).click();
    await page.getByLabel("Wiederherstellungscode").fill(recovery);
    await page.getByRole("button", { name: "Bestätigen" }).click();
    await page.waitForURL(/\/dashboard\/$/);
    await page.goto("/dashboard/settings?tab=konto");
    await page.getByTestId("recovery-codes-left").getByText("9").waitFor();

    // Used once: the same recovery code is refused.
    await logout(page);
    await passwordStep(page, ADMIN.username, ADMIN.password);
    await page.getByRole("button", { name: "Wiederherstellungscode verwenden" }).click();
    await page.getByLabel("Wiederherstellungscode").fill(recovery);
    await page.getByRole("button", { name: "Bestätigen" }).click();
    await page.getByText("Der Code ist ungültig. Bitte versuchen Sie es erneut.").waitFor();
    await context.close();
  });
});

describe("passkeys", () => {
  it("registers a passkey in Einstellungen and signs in with it (Chromium virtual authenticator); /auth loads the WebAuthn code only on use", async () => {
    const { context, page } = await newPage(browser, server.url);
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    const scripts = collectScripts(page);
    await page.goto("/auth");
    await page.getByRole("button", { name: "Mit Passkey anmelden" }).waitFor();
    expect(await scripts()).not.toContain("WebAuthn is not supported in this browser");

    // A company admin must set up a second factor first: the app leads to Einstellungen → Konto.
    await loginViaUi(page, "paula", PASSWORD);
    await page.waitForURL(/\/dashboard\/settings\?tab=konto$/);
    await page.getByTestId("mfa-required").waitFor();
    await page.goto("/dashboard/projects");
    await page.waitForURL(/\/dashboard\/settings\?tab=konto$/);
    await page.getByRole("button", { name: "Passkey hinzufügen" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name des Passkeys").fill("Testgerät");
    await dialog.getByLabel("Aktuelles Passwort").fill(PASSWORD);
    await page.getByRole("button", { name: "Passkey erstellen" }).click();
    await page.getByTestId("passkey-list").getByText("Testgerät").waitFor();
    // Enrolled: the notice goes, the rest of the product opens.
    await page.getByTestId("session-list").waitFor();
    expect(await page.getByTestId("mfa-required").count()).toBe(0);
    await page.goto("/dashboard/projects");
    await page.getByRole("heading", { name: "Projekte" }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard/projects");
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);

    // Sign in with the passkey instead of password and code.
    await logout(page);
    await page.goto("/auth");
    await page.getByRole("button", { name: "Mit Passkey anmelden" }).click();
    await page.waitForURL(/\/dashboard\/$/);
    expect(await scripts()).toContain("WebAuthn is not supported in this browser");
    await page.goto("/dashboard/settings?tab=konto");
    await page.getByText("Zuletzt verwendet am", { exact: false }).waitFor();

    // A password login now needs the passkey as its second step.
    await logout(page);
    await passwordStep(page, "paula", PASSWORD);
    await page.getByText("Bestätigen Sie die Anmeldung mit Ihrem Passkey.").waitFor();
    await page.getByRole("button", { name: "Mit Passkey bestätigen" }).click();
    await page.waitForURL(/\/dashboard\/$/);
    await context.close();
  });
});
