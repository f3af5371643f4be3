// With SMTP_URL set, each stored inquiry is mailed to NOTIFY_EMAIL through a real SMTP
// conversation (tests/helpers/smtp-server.ts) and mailed_at is recorded; a dead mail server
// changes nothing for the visitor: the row is stored and the answer is still a success.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contactMessages, membershipRequests } from "../../src/server/db/schema";
import { createTestApp, type TestContext } from "../helpers/app";
import { freePort } from "../helpers/e2e";
import { startSmtpServer, type SmtpServer } from "../helpers/smtp-server";

const membership = {
  firmenname: "Rohbau Süd GmbH & Co. KG",
  rechtsform: "GmbH & Co. KG",
  strasse: "Am Werkhof 3",
  plz: "61169",
  ort: "Friedberg",
  ansprechpartner: "Eva Süß",
  email: "eva.suess@rohbau-sued.de",
  telefon: "06031 987654",
  rechnungsEmail: "buchhaltung@rohbau-sued.de",
  kontaktWunsch: "email",
  packageId: 1,
};

async function until<T>(fn: () => Promise<T | undefined | null>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("inquiry mails", () => {
  let smtp: SmtpServer;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({ smtp: { url: smtp.url, from: "bauklar <noreply@bauklar.test>", notify: "vertrieb@bauklar.test" } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it("mails a membership request to NOTIFY_EMAIL with every field and records mailed_at", async () => {
    const res = await ctx.request("POST", "/api/membership-request", { body: membership });
    expect(res.statusCode).toBe(201);
    const [mail] = await smtp.waitFor(1);
    expect(mail.from).toBe("noreply@bauklar.test");
    expect(mail.to).toEqual(["vertrieb@bauklar.test"]);
    const decoded = mail.data.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    expect(decoded).toMatch(/^Reply-To: eva\.suess@rohbau-sued\.de/m);
    expect(decoded).toMatch(/^Subject: .*Mitgliedschaftsanfrage/m);
    const body = Buffer.from(decoded, "latin1").toString("utf8");
    for (const value of [
      "Kalkulationspaket",
      "Rohbau Süd GmbH & Co. KG",
      "Am Werkhof 3, 61169 Friedberg",
      "Eva Süß",
      "06031 987654",
      "buchhaltung@rohbau-sued.de",
      "Kontaktwunsch:      E-Mail",
    ]) {
      expect(body).toContain(value);
    }
    const row = await until(async () => (await ctx.db.select().from(membershipRequests)).find((r) => r.mailedAt !== null));
    expect(row.firmenname).toBe(membership.firmenname);
  });

  it("mails a contact message and records mailed_at", async () => {
    const res = await ctx.request("POST", "/api/contact", {
      body: { name: "Tom Test", email: "tom@test-bau.de", message: "Bitte um Rückruf\nwegen einer Testanalyse." },
    });
    expect(res.statusCode).toBe(201);
    const mails = await smtp.waitFor(2);
    expect(mails[1].data).toMatch(/Kontaktnachricht von Tom Test/);
    const row = await until(
      async () => (await ctx.db.select().from(contactMessages).where(eq(contactMessages.name, "Tom Test")))[0]?.mailedAt,
    );
    expect(row).toBeInstanceOf(Date);
  });
});

describe("without a reachable mail server", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A free port nobody listens on: the connection is refused.
    ctx = await createTestApp({ smtp: { url: `smtp://127.0.0.1:${await freePort()}`, from: "noreply@bauklar.test" } });
  });
  afterAll(() => ctx.close());

  it("still stores the request, answers success and leaves mailed_at empty", async () => {
    const res = await ctx.request("POST", "/api/membership-request", { body: membership });
    expect(res.statusCode).toBe(201);
    expect(res.json().success).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    const rows = await ctx.db.select().from(membershipRequests);
    expect(rows).toHaveLength(1);
    expect(rows[0].mailedAt).toBeNull();
  });
});
