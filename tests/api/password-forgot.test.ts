// "Passwort vergessen?" (issue 27) over a real SMTP conversation: the same answer for a known and
// an unknown account, a single-use link valid 30 minutes of which only a hash is stored, the new
// password follows the policy and ends every session, at most 3 links per account and hour, a
// per-address limit, everything audited; without a mail server the request says to ask the admin.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, passwordResets, sessions, users } from "../../src/server/db/schema";
import { createTestApp, PASSWORD, type TestContext, type TestUser } from "../helpers/app";
import { parseMail, startSmtpServer, type SmtpServer } from "../helpers/smtp-server";

const NEW_PASSWORD = "Neu!Passwort2024";
const json = { "content-type": "application/json" };
const REQUESTED =
  "Falls es zu dieser Angabe ein Konto gibt, haben wir eine E-Mail mit einem Link geschickt. Der Link ist 30 Minuten gültig.";

const requestLink = (ctx: TestContext, identifier: string) =>
  ctx.request("POST", "/api/password-reset/request", { body: { identifier }, headers: json });
const confirm = (ctx: TestContext, token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  ctx.request("POST", "/api/password-reset/confirm", { body: { token, password, confirmPassword }, headers: json });
const login = (ctx: TestContext, username: string, password: string) =>
  ctx.request("POST", "/api/login", { body: { username, password }, headers: json });
const tokenOf = (text: string) => /passwort-zuruecksetzen\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? "";

describe("with a mail server", () => {
  let smtp: SmtpServer;
  let ctx: TestContext;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({ smtp: { url: smtp.url, from: "bauklar <noreply@bauklar.test>" } });
    const company = await ctx.createCompany("Hochbau Süd GmbH");
    user = await ctx.createUser("user", company, "vergesslich");
    other = await ctx.createUser("user", company, "zweiter");
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it("is available; a known and an unknown account get the same answer, only the known one a mail", async () => {
    expect((await ctx.request("GET", "/api/password-reset/available")).json()).toEqual({ available: true });
    const unknown = await requestLink(ctx, "gibt-es-nicht@example.de");
    const known = await requestLink(ctx, "Vergesslich");
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: REQUESTED });
    expect(known.json()).toEqual(unknown.json());
    const [mail] = await smtp.waitFor(1);
    expect(mail.to).toEqual(["vergesslich@example.de"]);
    const parsed = parseMail(mail);
    expect(parsed.subject).toBe("Neues Passwort für Ihr bauklar-Konto");
    const token = tokenOf(parsed.text);
    expect(token.length).toBeGreaterThan(30);
    // Only the hash is stored.
    const rows = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
    const minutes = (rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);
  });

  it("the link sets a password that meets the policy once, ends every session, and is audited", async () => {
    const signedIn = await login(ctx, "zweiter", PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const before = smtp.messages.length;
    await requestLink(ctx, "zweiter@example.de");
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const token = tokenOf(parseMail(mail).text);

    const weak = await confirm(ctx, token, "kurz");
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain("Passwort muss mindestens 8 Zeichen haben");
    const mismatch = await confirm(ctx, token, NEW_PASSWORD, "Anders!Passwort1");
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain("Passwörter stimmen nicht überein");

    const ok = await confirm(ctx, token);
    expect(ok.statusCode).toBe(200);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, other.id))).toEqual([]);
    expect((await ctx.request("GET", "/api/user", { cookie: other.cookie })).statusCode).toBe(401);
    expect((await login(ctx, "zweiter", PASSWORD)).statusCode).toBe(401);
    expect((await login(ctx, "zweiter", NEW_PASSWORD)).statusCode).toBe(200);

    const again = await confirm(ctx, token, "Noch!Einmal2024");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("Der Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.");
    expect((await login(ctx, "zweiter", NEW_PASSWORD)).statusCode).toBe(200);

    const audits = await ctx.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(other.id)));
    expect(audits.filter((a) => a.action === "user.password_forgot")).toHaveLength(1);
    expect(audits.filter((a) => a.action === "user.password_reset_link")).toEqual([
      { action: "user.password_reset_link", actorId: other.id },
    ]);
  });

  it("an expired or made-up link changes nothing", async () => {
    const before = smtp.messages.length;
    await requestLink(ctx, "vergesslich@example.de");
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const token = tokenOf(parseMail(mail).text);
    await ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, createHash("sha256").update(token).digest("hex")));
    expect((await confirm(ctx, token)).statusCode).toBe(400);
    expect((await confirm(ctx, "x".repeat(43))).statusCode).toBe(400);
    const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect((await login(ctx, "vergesslich", PASSWORD)).statusCode).toBe(200);
    expect(row.passwordHash).toBeTruthy();
  });

  it("sends at most 3 links per account and hour, with the same answer after that", async () => {
    const company = await ctx.createCompany();
    const target = await ctx.createUser("user", company, "vielfrager");
    const before = smtp.messages.length;
    for (let i = 0; i < 5; i++) expect((await requestLink(ctx, "vielfrager")).json()).toEqual({ message: REQUESTED });
    await smtp.waitFor(before + 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.slice(before).filter((m) => m.to.includes("vielfrager@example.de"))).toHaveLength(3);
    const audits = await ctx.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.password_forgot"), eq(auditLog.targetId, String(target.id))));
    expect(audits.map((a) => (a.details as { sent: boolean }).sent)).toEqual([true, true, true, false, false]);
  });
});

describe("rate limit per address", () => {
  it("answers 429 after 5 requests from one address", async () => {
    const smtp = await startSmtpServer();
    const ctx = await createTestApp({ smtp: { url: smtp.url, from: "bauklar <noreply@bauklar.test>" }, rateLimit: true });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await requestLink(ctx, `niemand${i}`)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await ctx.close();
      await smtp.close();
    }
  });
});

describe("without a mail server", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("says to ask the company admin and stores nothing", async () => {
    expect((await ctx.request("GET", "/api/password-reset/available")).json()).toEqual({ available: false });
    const company = await ctx.createCompany();
    await ctx.createUser("user", company, "ohnemail");
    const res = await requestLink(ctx, "ohnemail");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "Diese Installation versendet keine E-Mails. Bitte wenden Sie sich an den Administrator Ihres Unternehmens; er kann Ihr Passwort zurücksetzen.",
    );
    expect(await ctx.db.select().from(passwordResets)).toEqual([]);
  });
});
