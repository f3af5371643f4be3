// Membership-request dialog and contact form against the real server (requirements 1.2, 1.5, 1.8):
// validation before any call, the toasts / inline messages for success, server failure and
// network failure, reset after success, entries kept on failure; the requests arrive in the
// database and in the super admin's inquiry list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { InquiryDto } from "../../src/common/types";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";

let server: RunningServer;
let browser: Browser;

const REQUEST = {
  firmenname: "Hochbau Lahn GmbH",
  rechtsform: "GmbH",
  ansprechpartner: "Carla Lahn",
  strasse: "Am Hafen 4",
  plz: "35390",
  ort: "Gießen",
  email: "c.lahn@hochbau-lahn.example",
  telefon: "0641 123456",
  rechnungsEmail: "rechnung@hochbau-lahn.example",
};
const LABELS: Record<keyof typeof REQUEST, string> = {
  firmenname: "Firmenname",
  rechtsform: "Rechtsform",
  ansprechpartner: "Ansprechpartner",
  strasse: "Straße und Hausnummer",
  plz: "PLZ",
  ort: "Ort",
  email: "E-Mail",
  telefon: "Telefon",
  rechnungsEmail: "Rechnungs-E-Mail",
};

const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });
const norm = (s: string | null) => (s ?? "").replace(/\u00a0/g, " ");

async function openLanding(viewport = { width: 1280, height: 900 }) {
  const { context, page } = await newPage(browser, server.url, viewport);
  const calls: string[] = [];
  page.on("request", (r) => r.url().includes("/api/") && calls.push(`${r.method()} ${new URL(r.url()).pathname}`));
  await page.goto("/");
  await page.waitForSelector("html[data-ready='true']");
  return { context, page, calls };
}

async function openDialog(page: Page, packageName: string) {
  await page.getByRole("button", { name: `Jetzt anfragen: ${packageName}` }).click();
  const dialog = page.getByTestId("membership-dialog");
  await dialog.waitFor();
  return dialog;
}

async function fill(page: Page, values: Partial<typeof REQUEST>) {
  const dialog = page.getByTestId("membership-dialog");
  for (const [key, value] of Object.entries(values))
    await dialog.getByLabel(LABELS[key as keyof typeof REQUEST], { exact: true }).fill(value);
}

async function inquiries() {
  const admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  return admin.call<InquiryDto[]>("GET", "/api/inquiries");
}

/** Uses up the per-address quota of a route, so the next submission gets a real 429. */
async function exhaustRateLimit(path: string, body: object) {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.status === 429) return;
  }
  throw new Error("rate limit not reached");
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("membership-request dialog", () => {
  it("validates before any call, sends, shows the toasts, stores every field, closes and resets", async () => {
    const { context, page, calls } = await openLanding();
    const dialog = await openDialog(page, "Ausführungspaket");
    expect(await dialog.getByLabel("Paket").inputValue()).toBe("2");
    expect(await dialog.getByLabel("E-Mail", { exact: true }).inputValue()).toBe("");
    expect(await dialog.getByRole("radio", { name: "per E-Mail" }).isChecked()).toBe(true);

    await dialog.getByRole("button", { name: "Anfrage absenden" }).click();
    for (const message of [
      "Firmenname ist erforderlich",
      "Rechtsform ist erforderlich",
      "PLZ ist erforderlich",
      "E-Mail ist erforderlich",
      "Rechnungs-E-Mail ist erforderlich",
      "Telefon ist erforderlich",
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await fill(page, { ...REQUEST, email: "c.lahn(at)hochbau", rechnungsEmail: "rechnung@" });
    await dialog.getByRole("button", { name: "Anfrage absenden" }).click();
    expect(await dialog.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein").count()).toBe(2);
    expect(calls.filter((c) => c.includes("membership"))).toEqual([]);

    await fill(page, { email: REQUEST.email, rechnungsEmail: REQUEST.rechnungsEmail });
    await dialog.getByRole("radio", { name: "per Telefon" }).check();
    // Hold the real request a moment so the start toast and the pending button can be seen.
    await page.route("**/api/membership-request", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await dialog.getByRole("button", { name: "Anfrage absenden" }).click();
    await toast(page, "Antrag wird verarbeitet").waitFor();
    expect(await dialog.getByRole("button", { name: "Wird gesendet..." }).isDisabled()).toBe(true);
    await toast(page, "Antrag eingereicht").waitFor();
    expect(norm(await toast(page, "Antrag eingereicht").textContent())).toContain(
      "Ihr Antrag wurde erfolgreich übermittelt. Unser Team wird sich in Kürze mit Ihnen in Verbindung setzen.",
    );
    await dialog.waitFor({ state: "detached" });
    await page.unroute("**/api/membership-request");
    expect(calls.filter((c) => c.includes("membership"))).toEqual(["POST /api/membership-request"]);

    const stored = (await inquiries()).find((i) => i.kind === "membership" && i.firmenname === REQUEST.firmenname);
    expect(stored).toMatchObject({ ...REQUEST, kontaktWunsch: "telefon", packageId: 2, packageName: "Ausführungspaket" });

    // Reopened with another package: empty again, contact choice back to e-mail.
    const again = await openDialog(page, "Chatbot-Paket");
    expect(await again.getByLabel("Paket").inputValue()).toBe("4");
    for (const label of Object.values(LABELS)) expect(await again.getByLabel(label, { exact: true }).inputValue(), label).toBe("");
    expect(await again.getByRole("radio", { name: "per E-Mail" }).isChecked()).toBe(true);
    await again.getByRole("button", { name: "Abbrechen" }).click();
    await again.waitFor({ state: "detached" });
    await context.close();
  });

  it("keeps the dialog open with the entries after a network failure and after a server refusal", async () => {
    const { context, page } = await openLanding();
    const dialog = await openDialog(page, "Partnerschaft");
    await fill(page, REQUEST);

    await page.waitForLoadState("networkidle");
    await context.setOffline(true);
    await dialog.getByRole("button", { name: "Anfrage absenden" }).click();
    await toast(page, "Verbindungsfehler").waitFor();
    expect(norm(await toast(page, "Verbindungsfehler").textContent())).toContain(
      "Es konnte keine Verbindung zum Server hergestellt werden. Bitte überprüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.",
    );
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel("Firmenname").inputValue()).toBe(REQUEST.firmenname);
    await context.setOffline(false);

    // A real refusal of the server: the per-address quota is used up (429 with a message).
    await exhaustRateLimit("/api/membership-request", { ...REQUEST, kontaktWunsch: "email", packageId: 1 });
    await dialog.getByRole("button", { name: "Anfrage absenden" }).click();
    const failure = toast(page, "Fehler beim Einreichen");
    await failure.waitFor();
    expect(norm(await failure.textContent())).toContain("Zu viele Anfragen");
    expect(await failure.getAttribute("class")).toContain("bg-red-600"); // destructive variant
    expect(await dialog.isVisible()).toBe(true);
    for (const [key, label] of Object.entries(LABELS))
      expect(await dialog.getByLabel(label, { exact: true }).inputValue(), label).toBe(REQUEST[key as keyof typeof REQUEST]);
    expect(await dialog.getByLabel("Paket").inputValue()).toBe("3");
    await context.close();
  });

  it("is usable on a phone", async () => {
    const { context, page } = await openLanding({ width: 390, height: 844 });
    const dialog = await openDialog(page, "Kalkulationspaket");
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await dialog.getByRole("button", { name: "Anfrage absenden" }).scrollIntoViewIfNeeded();
    expect(await dialog.getByRole("button", { name: "Abbrechen" }).isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
    await dialog.waitFor({ state: "detached" });
    await context.close();
  });
});

describe("contact form", () => {
  const CONTACT = {
    name: "Jonas Probe",
    email: "j.probe@probe-bau.example",
    message: "Wir möchten eine Testanalyse für ein LV mit 350 Positionen anfragen.",
  };

  async function form(page: Page) {
    const f = page.getByTestId("contact-form");
    await f.scrollIntoViewIfNeeded();
    return f;
  }

  it("asks for the required fields without a call, sends with 'Wird gesendet...', confirms inline and clears", async () => {
    const { context, page, calls } = await openLanding();
    const f = await form(page);
    await f.getByLabel("Name").fill("  ");
    await f.getByLabel("E-Mail").fill(CONTACT.email);
    await f.getByRole("button", { name: "Nachricht senden" }).click();
    expect(await f.getByTestId("contact-status").textContent()).toBe("Bitte füllen Sie alle Pflichtfelder aus (Name, E-Mail, Nachricht).");
    await f.getByLabel("Name").fill(CONTACT.name);
    await f.getByLabel("E-Mail").fill("keine-adresse");
    await f.getByLabel("Nachricht").fill(CONTACT.message);
    await f.getByRole("button", { name: "Nachricht senden" }).click();
    await f.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein").waitFor();
    expect(calls.filter((c) => c.includes("/api/contact"))).toEqual([]);

    await f.getByLabel("E-Mail").fill(CONTACT.email);
    await page.route("**/api/contact", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await f.getByRole("button", { name: "Nachricht senden" }).click();
    const pending = f.getByRole("button", { name: "Wird gesendet..." });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    await f.getByText("Ihre Nachricht wurde erfolgreich gesendet!").waitFor();
    expect(await f.getByTestId("contact-status").getAttribute("data-kind")).toBe("success");
    for (const label of ["Name", "E-Mail", "Unternehmen", "Nachricht"]) expect(await f.getByLabel(label).inputValue()).toBe("");
    await page.unroute("**/api/contact");
    expect(calls.filter((c) => c.includes("/api/contact"))).toEqual(["POST /api/contact"]);
    const stored = (await inquiries()).find((i) => i.kind === "contact" && i.name === CONTACT.name);
    expect(stored).toMatchObject({ ...CONTACT, company: null });
    await context.close();
  });

  it("shows the connection error and the server's refusal inline and keeps the entries", async () => {
    const { context, page } = await openLanding({ width: 390, height: 844 });
    const f = await form(page);
    await f.getByLabel("Name").fill(CONTACT.name);
    await f.getByLabel("E-Mail").fill(CONTACT.email);
    await f.getByLabel("Unternehmen").fill("Probe Bau KG");
    await f.getByLabel("Nachricht").fill(CONTACT.message);
    // The form's validation code has loaded while typing; now the connection drops.
    await page.waitForLoadState("networkidle");
    await context.setOffline(true);
    await f.getByRole("button", { name: "Nachricht senden" }).click();
    await f.getByText("Ein Verbindungsfehler ist aufgetreten. Bitte versuchen Sie es später erneut.").waitFor();
    expect(await f.getByLabel("Unternehmen").inputValue()).toBe("Probe Bau KG");
    await context.setOffline(false);

    await exhaustRateLimit("/api/contact", CONTACT);
    await f.getByRole("button", { name: "Nachricht senden" }).click();
    await f.getByText(/Zu viele Anfragen/).waitFor();
    expect(await f.getByTestId("contact-status").getAttribute("data-kind")).toBe("error");
    expect(await f.getByLabel("Nachricht").inputValue()).toBe(CONTACT.message);
    expect(await f.getByLabel("Name").inputValue()).toBe(CONTACT.name);
    await context.close();
  });
});

describe("inquiry list for the super admin", () => {
  it("shows date, type, package and every field, newest first", async () => {
    const { context, page } = await newPage(browser, server.url);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto("/dashboard/inquiries");
    const list = page.getByTestId("inquiry-list");
    await list.waitFor();
    const items = list.getByTestId("inquiry");
    const all = await inquiries();
    // Pages and tab filters are read from the server: wait for the answer, not the first render.
    await expect.poll(() => items.count()).toBe(all.length);
    const dates = await items.getByTestId("inquiry-date").allTextContents();
    expect(dates[0]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    const membership = items.filter({ hasText: REQUEST.firmenname }).filter({ hasText: "Ausführungspaket" }).first();
    const text = norm(await membership.textContent());
    for (const v of [
      "Mitgliedschaftsanfrage",
      "Ausführungspaket",
      REQUEST.rechtsform,
      "Am Hafen 4, 35390 Gießen",
      REQUEST.ansprechpartner,
      REQUEST.email,
      REQUEST.telefon,
      REQUEST.rechnungsEmail,
      "Telefon",
    ]) {
      expect(text, v).toContain(v);
    }
    const contact = items.filter({ hasText: "Jonas Probe" }).filter({ hasText: "Kontaktnachricht" }).first();
    expect(norm(await contact.textContent())).toContain("Wir möchten eine Testanalyse für ein LV mit 350 Positionen anfragen.");
    // Newest first: the list order equals the API's createdAt order.
    const first = all[0];
    expect(await items.first().getAttribute("data-kind")).toBe(first.kind);
    await page.getByRole("tab", { name: /Kontaktnachrichten/ }).click();
    await expect.poll(() => items.count()).toBe(all.filter((i) => i.kind === "contact").length);
    expect(await page.title()).toBe("Anfragen | bauklar");
    await context.close();
  });

  it("is refused to other roles by the server", async () => {
    const res = await fetch(`${server.url}/api/inquiries`);
    expect(res.status).toBe(401);
  });
});
