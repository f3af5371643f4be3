// The chatbot screens in the browser: a conversation with the knowledge-base responder (Enter,
// Shift+Enter, usage banner, limit toast), "Neu" and the history dialog, the disabled input at
// limit 0, the prompt editor, and — with an OpenAI-compatible server configured — streamed
// answers and the error messages of requirements 2.8.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { ADMIN, apiSession, launchBrowser, loginViaUi, newPage, startServer, type RunningServer } from "../helpers/e2e";
import { startFakeLlm, type FakeLlm } from "../helpers/fake-llm";

const PASSWORD = "Sicher!Passwort1";
/** Generous: the test machines run several suites at once. */
const POLL = { timeout: 20_000 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Waits until the chat has finished an answer (the log is no longer busy). */
async function answered(page: Page) {
  await expect.poll(() => page.getByTestId("chat-log").getAttribute("aria-busy"), POLL).toBe("false");
}

/** A company with the given chatbot limit and one user in it, made through the real API. */
async function companyUser(server: RunningServer, name: string, limit: number) {
  const admin = await apiSession(server.url, ADMIN.username, ADMIN.password);
  const company = await admin.call<{ id: number }>("POST", "/api/companies", {
    name,
    address: "Hauptstraße 1, 35510 Butzbach",
    contactEmail: `info@${name.toLowerCase()}.de`,
    freeChatbotRequestsPerMonth: limit,
  });
  const username = `bauleiter_${name.toLowerCase()}`;
  const { registrationLink: link } = await admin.call<{ registrationLink: { token: string } }>("POST", "/api/registration-links", {
    email: `${username}@example.de`,
    role: "user",
    companyId: company.id,
  });
  const res = await fetch(`${server.url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: link.token, username, password: PASSWORD, firstName: "Bernd", lastName: "Bauleiter" }),
  });
  if (!res.ok) throw new Error(`register ${res.status} ${await res.text()}`);
  return { username, companyId: company.id };
}

describe("chatbots with the embedded knowledge base", () => {
  let server: RunningServer;
  let withQuota: { username: string };
  let notPurchased: { username: string };

  beforeAll(async () => {
    server = await startServer();
    withQuota = await companyUser(server, "Hochbau", 2);
    notPurchased = await companyUser(server, "Ohnepaket", 0);
  });
  afterAll(async () => server?.stop());

  it("a conversation: welcome, Enter sends, Shift+Enter makes a newline, sourced answer, usage and the limit toast", async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await loginViaUi(page, withQuota.username, PASSWORD);
      await page.goto("/dashboard/chatbot-legal");
      await page.getByText("Willkommen beim Baurecht-Assistenten!").waitFor();
      await expect.poll(() => page.title(), POLL).toBe("Baurecht Assistent | bauklar");
      const banner = page.getByTestId("usage-banner");
      await expect.poll(() => banner.textContent(), POLL).toContain("0 von 2 kostenlosen Anfragen");
      const log = page.getByTestId("chat-log");
      expect(await log.evaluate((el) => el.getBoundingClientRect().height)).toBe(500);

      const input = page.getByLabel("Ihre Nachricht");
      await input.fill("Wie lange verjähren Mängelansprüche");
      await input.press("Shift+Enter");
      await input.pressSequentially("nach VOB/B?");
      expect(await input.inputValue()).toBe("Wie lange verjähren Mängelansprüche\nnach VOB/B?");
      expect(await page.getByTestId("message-user").count()).toBe(0);
      await input.press("Enter");

      await page.getByTestId("message-user").first().waitFor();
      expect(await input.inputValue()).toBe("");
      const answer = page.getByTestId("message-assistant").nth(1);
      await expect.poll(() => answer.textContent(), POLL).toContain("§ 13 Abs. 4");
      const text = (await answer.textContent()) ?? "";
      expect(text).toContain("Antwort aus der Wissensdatenbank");
      expect(text).toMatch(/4 Jahre|vier Jahre/);
      expect(text).toContain("Quellen:");
      // The answer first – with its norm and article – then, collapsed under „Mehr dazu“, the rest.
      expect(text.indexOf("4 Jahren")).toBeLessThan(text.indexOf("Mehr dazu"));
      expect(await answer.getByTestId("answer-more").evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
      expect(text).toMatch(/4 Jahren[^]*\(§ 13 Abs\. 4 Nr\. 1 VOB\/B – „§ 13 Abs\. 4 und 5 VOB\/B“\)/);
      expect(await answer.locator("em").first().textContent()).toContain("§ 13 Abs. 4 Nr. 1 VOB/B");
      await expect.poll(() => banner.textContent(), POLL).toContain("1 von 2 kostenlosen Anfragen");
      await answered(page);

      // The second request uses the last free one; the third is paid: the toast says so.
      await input.fill("Welche Form braucht eine Behinderungsanzeige?");
      await input.press("Enter");
      await expect.poll(() => page.getByTestId("message-assistant").nth(2).textContent(), POLL).toContain("§ 6 Abs. 1 VOB/B");
      await answered(page);
      await input.fill("Bis wann muss der Auftraggeber Stundenlohnzettel zurückgeben?");
      await input.press("Enter");
      const toast = page.getByTestId("toast");
      await toast.waitFor({ timeout: 15_000 });
      const toastText = (await toast.textContent()) ?? "";
      expect(toastText).toContain("Chatbot-Limit erreicht");
      expect(toastText).toContain("Die 2 kostenlosen Anfragen");
      expect(toastText).toContain("Jede weitere Anfrage kostet 0,27€");
      await expect.poll(() => banner.textContent(), POLL).toContain("jede weitere Anfrage kostet 0,27€");
      await expect.poll(() => page.getByTestId("message-assistant").nth(3).textContent(), POLL).toContain("6 Werktagen");
    } finally {
      await context.close();
    }
  });

  it("'Neu' starts over; the history dialog lists conversations with title and date and opens them", async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await loginViaUi(page, withQuota.username, PASSWORD);
      await page.goto("/dashboard/chatbot-legal");
      await page.getByText("Willkommen beim Baurecht-Assistenten!").waitFor();
      expect(await page.getByTestId("message-user").count()).toBe(0);

      await page.getByRole("button", { name: "Verlauf" }).click();
      const dialog = page.getByRole("dialog", { name: "Verlauf" });
      const entry = dialog.getByRole("button", { name: /Wie lange verjähren Mängelansprüche/ });
      await entry.waitFor();
      expect(await entry.textContent()).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
      await entry.click();
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => page.getByTestId("message-user").count(), POLL).toBe(3);
      expect(await page.getByTestId("message-user").first().textContent()).toContain("Wie lange verjähren Mängelansprüche");
      expect(await page.getByText("Willkommen beim Baurecht-Assistenten!").count()).toBe(0);

      await page.getByRole("button", { name: "Neu" }).click();
      await page.getByText("Willkommen beim Baurecht-Assistenten!").waitFor();
      expect(await page.getByTestId("message-user").count()).toBe(0);

      // A conversation that cannot be loaded: the spec's notice, and the new chat stays.
      await page.route("**/api/chatbot/conversation/*", (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"kaputt"}' }),
      );
      await page.getByRole("button", { name: "Verlauf" }).click();
      await page
        .getByRole("dialog", { name: "Verlauf" })
        .getByRole("button", { name: /Wie lange verjähren Mängelansprüche/ })
        .click();
      await page.getByTestId("toast").getByText("Konversation konnte nicht geladen werden").waitFor();
      expect(await page.getByText("Willkommen beim Baurecht-Assistenten!").count()).toBe(1);
      await page.unroute("**/api/chatbot/conversation/*");

      // The other chatbot has its own, still empty history.
      await page.goto("/dashboard/chatbot-construction");
      await page.getByText("Willkommen beim Bauausführungs-Assistenten!").waitFor();
      await page.getByRole("button", { name: "Verlauf" }).click();
      await page.getByText("Noch keine Unterhaltungen.").waitFor();
    } finally {
      await context.close();
    }
  });

  it("limit 0: the banner says the package is not purchased and the input is disabled", async () => {
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    try {
      await loginViaUi(page, notPurchased.username, PASSWORD);
      await page.goto("/dashboard/chatbot-construction");
      const banner = page.getByTestId("usage-banner");
      await expect.poll(() => banner.textContent(), POLL).toContain("Ihr Unternehmen hat das Chatbot-Paket nicht gebucht.");
      expect(await page.getByLabel("Ihre Nachricht").isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Senden" }).isDisabled()).toBe(true);
      expect(await page.getByLabel("Beispielfragen").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("the super admin edits the prompt ('Eingabe fehlt', versions) and manages the knowledge base", async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await loginViaUi(page, ADMIN.username, ADMIN.password);
      await page.goto("/dashboard/chatbot-database");
      await page.getByRole("tab", { name: "Baurecht" }).click();
      const prompt = page.getByLabel("System-Prompt");
      await expect.poll(() => prompt.inputValue(), POLL).toContain("Sie sind der Baurecht-Assistent von bauklar.");
      await prompt.fill("");
      await page.getByRole("button", { name: "Speichern" }).click();
      await page.getByText("Eingabe fehlt").waitFor();
      await prompt.fill("Sie sind der E2E-Rechtsassistent.\nAntworten Sie knapp.");
      await page.getByLabel("Änderungsnotiz (optional)").fill("Test im Browser");
      await page.getByRole("button", { name: "Speichern" }).click();
      await page.getByTestId("toast").getByText("Prompt gespeichert").waitFor();
      await page.getByText("Frühere Versionen (1)").waitFor();

      await page.getByRole("tab", { name: "Bauausführung" }).click();
      await expect.poll(() => prompt.inputValue(), POLL).toContain("Bauausführungs-Assistent");
      await page.getByLabel("Artikel suchen").fill("Bautagebuch");
      const title = "Bautagebuch: Inhalt, tägliche Führung und Beweiswert";
      const item = page.getByRole("listitem").filter({ hasText: title });
      await item.waitFor();
      await item.getByText(/^Ausgeliefert · Version \d+ · geprüft am \d{2}\.\d{2}\.\d{4} von /).waitFor();

      // Changed in the editor: shown as such; loading the shipped text and saving it restores it.
      await page.getByRole("button", { name: `${title} bearbeiten` }).click();
      const dialog = page.getByRole("dialog", { name: "Artikel bearbeiten" });
      await dialog
        .getByTestId("kb-origin")
        .getByText(/Datei knowledge\/bauausfuehrung\/bautagebuch-fuehren\.md/)
        .waitFor();
      const content = dialog.getByLabel("Inhalt");
      await content.fill(`${await content.inputValue()}\n\nHauseigene Regel: Bautagebuch bis 16 Uhr an die Bauleitung.`);
      await dialog.getByRole("button", { name: "Speichern" }).click();
      await page.getByTestId("toast").getByText("Artikel aktualisiert").waitFor();
      await item.getByText("Im Editor geändert").waitFor();
      await page.getByRole("button", { name: `${title} bearbeiten` }).click();
      await dialog
        .getByTestId("kb-origin")
        .getByText(/^Im Editor geändert/)
        .waitFor();
      await dialog.getByRole("button", { name: "Ausgelieferte Fassung ins Formular laden" }).click();
      expect(await content.inputValue()).not.toContain("Hauseigene Regel");
      await dialog.getByRole("button", { name: "Speichern" }).click();
      await item.getByText(/^Ausgeliefert · Version/).waitFor();

      // The next answer says where it comes from, never the text of the saved prompt (issue 26).
      await page.goto("/dashboard/chatbot-legal");
      const input = page.getByLabel("Ihre Nachricht");
      await input.fill("Welche Wirkungen hat die Abnahme?");
      await input.press("Enter");
      await expect.poll(() => page.getByTestId("message-assistant").nth(1).textContent(), POLL).toContain("Wissensdatenbank");
      expect(await page.getByTestId("message-assistant").nth(1).textContent()).not.toContain("E2E-Rechtsassistent");
      await page.getByText("Als Systemadministrator ohne Unternehmen").waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("chatbots with an OpenAI-compatible server", () => {
  let server: RunningServer;
  let llm: FakeLlm;
  let user: { username: string };

  beforeAll(async () => {
    llm = await startFakeLlm();
    server = await startServer({ LLM_BASE_URL: llm.url, LLM_API_KEY: "e2e", LLM_MODEL: "bauklar-e2e", LLM_TIMEOUT_MS: "3000" });
    user = await companyUser(server, "Llmbau", -1);
  });
  afterAll(async () => {
    await server?.stop();
    await llm?.close();
  });

  it("shows the answer while it streams, and the spec's messages when the answer fails or the network breaks", async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await loginViaUi(page, user.username, PASSWORD);
      await page.goto("/dashboard/chatbot-construction");
      const banner = page.getByTestId("usage-banner");
      await expect.poll(() => banner.textContent(), POLL).toContain("Unbegrenzte Anfragen");
      const input = page.getByLabel("Ihre Nachricht");

      const text =
        "Ins Bautagebuch gehören täglich Wetter, Personal, Geräte, ausgeführte Arbeiten, Lieferungen, Anordnungen und Behinderungen.";
      llm.setMode({ kind: "answer", text: () => text, chunkDelayMs: 150 });
      await input.fill("Was gehört in ein Bautagebuch?");
      await input.press("Enter");
      const answer = page.getByTestId("message-assistant").nth(1);
      // Part of the answer is on screen before the model has finished.
      await expect.poll(() => answer.textContent(), POLL).toContain("Ins Bautagebuch");
      expect(await answer.textContent()).not.toContain("Behinderungen.");
      await expect.poll(() => answer.textContent(), POLL).toContain("Behinderungen.");
      expect(llm.requests.at(-1)?.stream).toBe(true);
      await answered(page);

      // Citations: only of the passages the model was given, listed with their titles.
      llm.setMode({
        kind: "answer",
        text: () => "Das Aufmaß wird möglichst gemeinsam genommen [1] und nicht erst am Ende [12].",
        chunkDelayMs: 20,
      });
      await input.fill("Was muss ich beim Aufmaß beachten?");
      await input.press("Enter");
      const cited = page.getByTestId("message-assistant").nth(2);
      await expect.poll(() => cited.textContent(), POLL).toContain("Quellen aus der Wissensdatenbank");
      expect(await cited.textContent()).not.toContain("[12]");
      expect(await cited.textContent()).toMatch(/gemeinsam genommen \[1\] und nicht erst am Ende\./);
      await answered(page);

      llm.setMode({ kind: "error" });
      await input.fill("Wie erstelle ich ein Aufmaß?");
      await input.press("Enter");
      await expect
        .poll(() => page.getByTestId("message-assistant").nth(3).textContent(), POLL)
        .toContain("Leider ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.");
      await answered(page);

      await page.route("**/api/chatbot/construction", (route) => route.abort("internetdisconnected"));
      await input.fill("Wann ist eine Vorankündigung nötig?");
      await input.press("Enter");
      await expect
        .poll(() => page.getByTestId("message-assistant").nth(4).textContent(), POLL)
        .toContain("Entschuldigung, es scheint ein technisches Problem vorzuliegen...");
    } finally {
      await context.close();
    }
  });
});
