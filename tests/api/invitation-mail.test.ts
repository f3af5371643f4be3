// Invitation and password-reset mails (issue 15) through a real SMTP conversation
// (tests/helpers/smtp-server.ts): the invited address gets who invites, company, role, the stored
// link and its expiry; HTML escapes user input; a reset mail never carries the password; a dead
// or hanging mail server neither loses the link nor holds the request; without SMTP_URL nothing
// is tried and the answer says so (mailed: null).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { registrationLinks, users } from "../../src/server/db/schema";
import { SEND_DEADLINE_MS, createMailer, withTimeouts } from "../../src/server/mail/mailer";
import { berlinDateTime } from "../../src/server/mail/templates";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { freePort } from "../helpers/e2e";
import { parseMail, startSmtpServer, type SmtpServer } from "../helpers/smtp-server";

const ORIGIN = "http://localhost:3000";
const NEW_PASSWORD = "Neu!Passwort2024";
const json = { "content-type": "application/json" };

const invite = (ctx: TestContext, user: TestUser, body: unknown) =>
  ctx.request("POST", "/api/registration-links", { user, body, headers: json });
const resetPassword = (ctx: TestContext, user: TestUser, id: number, newPassword = NEW_PASSWORD) =>
  ctx.request("POST", `/api/users/${id}/reset-password`, { user, body: { newPassword }, headers: json });
const register = (ctx: TestContext, token: string, username: string) =>
  ctx.request("POST", "/api/register", {
    body: { token, username, firstName: "Neu", lastName: "Mitglied", password: "Neu!Passwort9" },
    headers: json,
  });

async function named(ctx: TestContext, user: TestUser, firstName: string, lastName: string) {
  await ctx.db.update(users).set({ firstName, lastName }).where(eq(users.id, user.id));
}

/** Nothing more arrives within a short while (what "no mail was sent" can mean over the wire). */
async function expectNoNewMail(smtp: SmtpServer, count: number) {
  await new Promise((r) => setTimeout(r, 300));
  expect(smtp.messages).toHaveLength(count);
}

describe("with a mail server", () => {
  let smtp: SmtpServer;
  let ctx: TestContext;
  let companyA: number;
  let companyB: number;
  let markup: number;
  let superAdmin: TestUser;
  let adminA: TestUser;
  let userA: TestUser;
  let userB: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({ smtp: { url: smtp.url, from: "bauklar <noreply@bauklar.test>", notify: "vertrieb@bauklar.test" } });
    companyA = await ctx.createCompany("Hochbau Süd GmbH");
    companyB = await ctx.createCompany("Bau Beta AG");
    markup = await ctx.createCompany("<b>&Co</b>");
    superAdmin = await ctx.createUser("super_admin", null);
    adminA = await ctx.createUser("company_admin", companyA);
    userA = await ctx.createUser("user", companyA);
    userB = await ctx.createUser("user", companyB);
    await named(ctx, superAdmin, "Erika", "Mustermann");
    await named(ctx, adminA, "Jörg", "<i>Bauer</i>");
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it("sends the invitation to the invited address with inviter, company, role, the stored link and its expiry", async () => {
    const before = smtp.messages.length;
    const res = await invite(ctx, superAdmin, { email: "neue.leitung@hochbau-sued.de", role: "company_admin", companyId: companyA });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.mailed).toBe(true);
    const [stored] = await ctx.db.select().from(registrationLinks).where(eq(registrationLinks.id, body.registrationLink.id));
    const link = `${ORIGIN}/auth?token=${stored.token}`;
    expect(body.url).toBe(link);

    const received = (await smtp.waitFor(before + 1))[before];
    expect(received.from).toBe("noreply@bauklar.test");
    expect(received.to).toEqual(["neue.leitung@hochbau-sued.de"]);
    const mail = parseMail(received);
    expect(mail.headers.to).toBe("neue.leitung@hochbau-sued.de");
    expect(mail.subject).toBe("Einladung zu bauklar: Hochbau Süd GmbH");
    const expiry = berlinDateTime(stored.expiresAt);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Erika Mustermann");
      expect(part).toContain("Hochbau Süd GmbH");
      expect(part).toContain("Unternehmens-Administrator");
      expect(part).toContain(link);
      expect(part).toContain(expiry);
    }
    expect(mail.html).toContain(`href="${link}"`);

    // The mailed link is the registration link: it registers the invited address into the company.
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token")!;
    const registered = await register(ctx, token, "neue_leitung");
    expect(registered.statusCode).toBe(201);
    const [account] = await ctx.db.select().from(users).where(eq(users.username, "neue_leitung"));
    expect(account).toMatchObject({ email: "neue.leitung@hochbau-sued.de", role: "company_admin", companyId: companyA });
  });

  it("writes the expiry as German date and time in Europe/Berlin (summer and winter time)", () => {
    expect(berlinDateTime(new Date("2026-07-01T12:05:00Z"))).toBe("01.07.2026 um 14:05 Uhr");
    expect(berlinDateTime(new Date("2026-01-15T23:30:00Z"))).toBe("16.01.2026 um 00:30 Uhr");
  });

  it("escapes company and inviter names in the HTML part and keeps them verbatim in the text", async () => {
    const before = smtp.messages.length;
    const res = await invite(ctx, superAdmin, { email: "markup@firma.de", role: "user", companyId: markup });
    expect(res.json().mailed).toBe(true);
    const mail = parseMail((await smtp.waitFor(before + 1))[before]);
    expect(mail.html).toContain("&lt;b&gt;&amp;Co&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>&Co</b>");
    expect(mail.text).toContain("für <b>&Co</b> als Benutzer");
    expect(mail.subject).toBe("Einladung zu bauklar: <b>&Co</b>");

    // A company admin's own name is user input too.
    const byAdmin = await invite(ctx, adminA, { email: "kollegin@hochbau-sued.de", role: "user", companyId: companyA });
    expect(byAdmin.json().mailed).toBe(true);
    const second = parseMail((await smtp.waitFor(before + 2))[before + 1]);
    expect(second.html).toContain("Jörg &lt;i&gt;Bauer&lt;/i&gt;");
    expect(second.html).not.toContain("<i>Bauer</i>");
    expect(second.text).toContain("Jörg <i>Bauer</i> hat Sie eingeladen");
  });

  it("tells the user about a password reset by an admin, with a sign-in link and never the password", async () => {
    const before = smtp.messages.length;
    const res = await resetPassword(ctx, superAdmin, userA.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Passwort zurückgesetzt", mailed: true });
    const received = (await smtp.waitFor(before + 1))[before];
    expect(received.to).toEqual([`${userA.username}@example.de`]);
    expect(received.data).not.toContain(NEW_PASSWORD);
    const mail = parseMail(received);
    expect(mail.subject).toBe("Ihr Passwort wurde zurückgesetzt");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Erika Mustermann");
      expect(part).toContain(`${ORIGIN}/auth`);
      expect(part).toMatch(/auf einem anderen Weg/);
      expect(part).not.toContain(NEW_PASSWORD);
    }
    // The reset itself still works: the new password signs in.
    await expect(ctx.login(userA.username, NEW_PASSWORD)).resolves.toMatch(/^bauklar_sid=/);

    // A company admin resetting a user of its own company is named in the mail (escaped in HTML).
    const byAdmin = await resetPassword(ctx, adminA, userA.id, "Noch!Neuer2024x");
    expect(byAdmin.json().mailed).toBe(true);
    const second = parseMail((await smtp.waitFor(before + 2))[before + 1]);
    expect(second.text).toContain("Jörg <i>Bauer</i> hat das Passwort");
    expect(second.html).toContain("Jörg &lt;i&gt;Bauer&lt;/i&gt;");
    expect(second.text + second.html).not.toContain("Noch!Neuer2024x");
  });

  it("sends nothing when a company admin acts on another company", async () => {
    const before = smtp.messages.length;
    const foreignInvite = await invite(ctx, adminA, { email: "fremd@bau-beta.de", role: "user", companyId: companyB });
    expect(foreignInvite.statusCode).toBe(403);
    const foreignReset = await resetPassword(ctx, adminA, userB.id);
    expect(foreignReset.statusCode).toBe(404);
    const asAdminRole = await invite(ctx, adminA, { email: "chef@hochbau-sued.de", role: "company_admin", companyId: companyA });
    expect(asAdminRole.statusCode).toBe(403);
    await expectNoNewMail(smtp, before);
  });
});

describe("with a dead or hanging mail server", () => {
  let refused: TestContext;
  let hanging: TestContext;
  let stall: SmtpServer;

  beforeAll(async () => {
    stall = await startSmtpServer({ stall: true });
    // A free port nobody listens on: the connection is refused.
    refused = await createTestApp({ smtp: { url: `smtp://127.0.0.1:${await freePort()}`, from: "noreply@bauklar.test" } });
    hanging = await createTestApp({ smtp: { url: stall.url, from: "noreply@bauklar.test" } });
  });
  afterAll(async () => {
    await refused.close();
    await hanging.close();
    await stall.close();
  });

  for (const [label, pick, maxMs] of [
    ["refused", () => refused, 3000],
    ["never greeting", () => hanging, SEND_DEADLINE_MS + 1000],
  ] as const) {
    it(`keeps the link and answers mailed: false quickly (${label})`, async () => {
      const ctx = pick();
      const company = await ctx.createCompany();
      const admin = await ctx.createUser("super_admin", null);
      const started = Date.now();
      const res = await invite(ctx, admin, { email: `einladung.${label.replace(/\W/g, "")}@firma.de`, role: "user", companyId: company });
      const tookMs = Date.now() - started;
      expect(res.statusCode).toBe(201);
      expect(res.json().mailed).toBe(false);
      expect(tookMs).toBeLessThan(maxMs);
      const token = res.json().registrationLink.token as string;
      const check = await ctx.request("GET", `/api/registration-links/${encodeURIComponent(token)}/validate`);
      expect(check.json()).toMatchObject({ valid: true, role: "user", companyId: company });
      expect((await register(ctx, token, `neu_${label.replace(/\W/g, "")}`)).statusCode).toBe(201);
    }, 15_000);
  }

  it("the hanging server was really contacted (the timeout, not a shortcut, ended the wait)", () => {
    expect(stall.connections).toBeGreaterThan(0);
  });

  it("still resets the password and answers mailed: false", async () => {
    const company = await refused.createCompany();
    const admin = await refused.createUser("super_admin", null);
    const user = await refused.createUser("user", company);
    const res = await resetPassword(refused, admin, user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Passwort zurückgesetzt", mailed: false });
    await expect(refused.login(user.username, NEW_PASSWORD)).resolves.toMatch(/^bauklar_sid=/);
  });

  it("bounds every SMTP conversation unless SMTP_URL sets its own timeouts", () => {
    expect(withTimeouts("smtp://mail.example.de:587")).toBe(
      "smtp://mail.example.de:587?connectionTimeout=3000&greetingTimeout=3000&socketTimeout=5000",
    );
    expect(withTimeouts("smtps://u:p%40ss@mail.example.de?greetingTimeout=10000")).toBe(
      "smtps://u:p%40ss@mail.example.de?greetingTimeout=10000&connectionTimeout=3000&socketTimeout=5000",
    );
  });

  it("logs a failed send as a warning without the mail's content", async () => {
    const warnings: unknown[] = [];
    const log = { warn: (obj: unknown) => warnings.push(obj) } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ url: `smtp://127.0.0.1:${await freePort()}`, from: "noreply@bauklar.test" }, log);
    const secret = "geheimes-token-123";
    expect(await mailer.send({ to: "a@b.de", subject: "Einladung", text: `${ORIGIN}/auth?token=${secret}`, kind: "invitation" })).toBe(
      false,
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ mail: "invitation" });
    expect(JSON.stringify(warnings)).not.toContain(secret);
  });
});

describe("without SMTP_URL", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ smtp: undefined });
  });
  afterAll(() => ctx.close());

  it("creates links and resets passwords as before and answers mailed: null", async () => {
    const company = await ctx.createCompany();
    const admin = await ctx.createUser("super_admin", null);
    const user = await ctx.createUser("user", company);
    const res = await invite(ctx, admin, { email: "ohne.mail@firma.de", role: "user", companyId: company });
    expect(res.statusCode).toBe(201);
    expect(res.json().mailed).toBeNull();
    expect(res.json().url).toBe(`${ORIGIN}/auth?token=${res.json().registrationLink.token}`);
    const reset = await resetPassword(ctx, admin, user.id);
    expect(reset.json()).toEqual({ message: "Passwort zurückgesetzt", mailed: null });
  });
});
