// POST /api/membership-request, POST /api/contact and GET /api/inquiries: validation with clear
// 400s and nothing stored, storage of every field, the super-admin-only list, rate limits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, membershipRequests } from "../../src/server/db/schema";
import { CONTACT_REQUIRED, CONTACT_SUCCESS, INVALID_EMAIL, MEMBERSHIP_SUCCESS } from "../../src/common/schemas/inquiry";
import type { InquiryDto } from "../../src/common/types";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";

const membership = {
  firmenname: "Hochbau Beispiel GmbH",
  rechtsform: "GmbH",
  strasse: "Industriestraße 12",
  plz: "35510",
  ort: "Butzbach",
  ansprechpartner: "Petra Beispiel",
  email: "p.beispiel@hochbau-beispiel.de",
  telefon: "+49 6033 123456",
  rechnungsEmail: "rechnung@hochbau-beispiel.de",
  kontaktWunsch: "telefon",
  packageId: 2,
};
const contact = {
  name: "Jan Probe",
  email: "jan.probe@bau-probe.de",
  company: "Bau Probe KG",
  message: "Wir möchten eine Testanalyse für ein LV mit ca. 400 Positionen anfragen.",
};

let ctx: TestContext;
let superAdmin: TestUser;
let companyAdmin: TestUser;
let user: TestUser;

const countRows = async () => ({
  membership: (await ctx.db.select().from(membershipRequests)).length,
  contact: (await ctx.db.select().from(contactMessages)).length,
});

beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
  const company = await ctx.createCompany();
  superAdmin = await ctx.createUser("super_admin", null);
  companyAdmin = await ctx.createUser("company_admin", company);
  user = await ctx.createUser("user", company);
});
afterAll(() => ctx.close());

describe("POST /api/membership-request", () => {
  it("stores every field and answers success with the spec's message", async () => {
    const res = await ctx.request("POST", "/api/membership-request", { body: membership });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: MEMBERSHIP_SUCCESS });
    const rows = await ctx.db.select().from(membershipRequests);
    const row = rows.at(-1)!;
    const { id: _id, createdAt, mailedAt, ...stored } = row;
    expect(stored).toEqual(membership);
    expect(createdAt).toBeInstanceOf(Date);
    expect(mailedAt).toBeNull(); // no SMTP_URL configured: nothing sent, nothing lost
  });

  it("trims input and defaults kontaktWunsch to email", async () => {
    const { kontaktWunsch: _k, ...withoutChoice } = membership;
    const res = await ctx.request("POST", "/api/membership-request", { body: { ...withoutChoice, firmenname: "  Trimm Bau GmbH  " } });
    expect(res.statusCode).toBe(201);
    const row = (await ctx.db.select().from(membershipRequests)).find((r) => r.firmenname === "Trimm Bau GmbH");
    expect(row?.kontaktWunsch).toBe("email");
  });

  const requiredFields: [keyof typeof membership, string][] = [
    ["firmenname", "Firmenname ist erforderlich"],
    ["rechtsform", "Rechtsform ist erforderlich"],
    ["strasse", "Straße und Hausnummer sind erforderlich"],
    ["plz", "PLZ ist erforderlich"],
    ["ort", "Ort ist erforderlich"],
    ["ansprechpartner", "Ansprechpartner ist erforderlich"],
    ["email", "E-Mail ist erforderlich"],
    ["telefon", "Telefon ist erforderlich"],
    ["rechnungsEmail", "Rechnungs-E-Mail ist erforderlich"],
  ];
  it.each(requiredFields)("rejects an empty or missing %s with a clear 400 and stores nothing", async (field, message) => {
    const before = await countRows();
    for (const body of [{ ...membership, [field]: "   " }, Object.fromEntries(Object.entries(membership).filter(([k]) => k !== field))]) {
      const res = await ctx.request("POST", "/api/membership-request", { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect(res.json().message).toBe(message);
    }
    expect(await countRows()).toEqual(before);
  });

  it.each(["email", "rechnungsEmail"] as const)("rejects an invalid %s", async (field) => {
    const before = await countRows();
    for (const bad of ["keine-mail", "a@b", "max@@firma.de", "max mustermann@firma.de"]) {
      const res = await ctx.request("POST", "/api/membership-request", { body: { ...membership, [field]: bad } });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[field]).toBe(INVALID_EMAIL);
    }
    expect(await countRows()).toEqual(before);
  });

  it("accepts only packages 1 to 4 and kontaktWunsch email or telefon", async () => {
    const before = await countRows();
    for (const packageId of [0, 5, -1, 1.5, "2", null]) {
      const res = await ctx.request("POST", "/api/membership-request", { body: { ...membership, packageId } });
      expect(res.statusCode, String(packageId)).toBe(400);
      expect(res.json().errors.packageId).toBe("Bitte wählen Sie ein Paket");
    }
    const res = await ctx.request("POST", "/api/membership-request", { body: { ...membership, kontaktWunsch: "fax" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.kontaktWunsch).toBe("Bitte wählen Sie E-Mail oder Telefon");
    expect(await countRows()).toEqual(before);
    for (const packageId of [1, 3, 4]) {
      expect((await ctx.request("POST", "/api/membership-request", { body: { ...membership, packageId } })).statusCode).toBe(201);
    }
  });

  it("rejects over-long values, non-JSON and empty bodies with 4xx and stores nothing", async () => {
    const before = await countRows();
    const long = await ctx.request("POST", "/api/membership-request", { body: { ...membership, firmenname: "x".repeat(201) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.firmenname).toBe("Höchstens 200 Zeichen erlaubt");
    const broken = await ctx.app.inject({
      method: "POST",
      url: "/api/membership-request",
      headers: { "content-type": "application/json" },
      payload: "{kaputt",
    });
    expect(broken.statusCode).toBe(400);
    const empty = await ctx.app.inject({ method: "POST", url: "/api/membership-request" });
    expect(empty.statusCode).toBe(400);
    const text = await ctx.app.inject({
      method: "POST",
      url: "/api/membership-request",
      headers: { "content-type": "text/plain" },
      payload: "hallo",
    });
    expect(text.statusCode).toBe(415);
    expect(await countRows()).toEqual(before);
  });

  it("refuses a cross-site submission", async () => {
    const before = await countRows();
    const res = await ctx.request("POST", "/api/membership-request", {
      body: membership,
      headers: { origin: "https://fremde-seite.example", "sec-fetch-site": "cross-site" },
    });
    expect(res.statusCode).toBe(403);
    expect(await countRows()).toEqual(before);
  });
});

describe("POST /api/contact", () => {
  it("stores the message and answers ok with the spec's message", async () => {
    const res = await ctx.request("POST", "/api/contact", { body: contact });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true, message: CONTACT_SUCCESS });
    const row = (await ctx.db.select().from(contactMessages)).at(-1)!;
    expect(row).toMatchObject({ ...contact, mailedAt: null });
  });

  it("treats the company as optional", async () => {
    for (const [label, company] of [
      ["fehlt", undefined],
      ["leer", ""],
      ["null", null],
    ] as const) {
      const res = await ctx.request("POST", "/api/contact", { body: { ...contact, company, name: `Ohne Firma ${label}` } });
      expect(res.statusCode, res.body).toBe(201);
      const row = (await ctx.db.select().from(contactMessages)).find((r) => r.name === `Ohne Firma ${label}`);
      expect(row).toBeDefined();
      expect(row?.company).toBeNull();
    }
  });

  it.each(["name", "email", "message"] as const)("rejects a missing %s with the required-fields message", async (field) => {
    const before = await countRows();
    for (const body of [
      { ...contact, [field]: "" },
      { ...contact, [field]: " \n " },
      Object.fromEntries(Object.entries(contact).filter(([k]) => k !== field)),
    ]) {
      const res = await ctx.request("POST", "/api/contact", { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CONTACT_REQUIRED);
    }
    expect(await countRows()).toEqual(before);
  });

  it("rejects an invalid e-mail and an over-long message", async () => {
    const before = await countRows();
    const bad = await ctx.request("POST", "/api/contact", { body: { ...contact, email: "jan.probe" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toBe(INVALID_EMAIL);
    const long = await ctx.request("POST", "/api/contact", { body: { ...contact, message: "a".repeat(5001) } });
    expect(long.statusCode).toBe(400);
    expect(await countRows()).toEqual(before);
  });
});

describe("GET /api/inquiries", () => {
  it("is only for super admins", async () => {
    expect((await ctx.request("GET", "/api/inquiries")).statusCode).toBe(401);
    expect((await ctx.request("GET", "/api/inquiries", { user: companyAdmin })).statusCode).toBe(403);
    expect((await ctx.request("GET", "/api/inquiries", { user })).statusCode).toBe(403);
  });

  it("lists both kinds with every field, newest first", async () => {
    await ctx.request("POST", "/api/membership-request", { body: { ...membership, firmenname: "Neueste Anfrage AG", packageId: 4 } });
    await new Promise((r) => setTimeout(r, 5));
    await ctx.request("POST", "/api/contact", { body: { ...contact, name: "Neueste Nachricht" } });
    const res = await ctx.request("GET", "/api/inquiries", { user: superAdmin });
    expect(res.statusCode).toBe(200);
    const list = res.json() as InquiryDto[];
    const total = await countRows();
    expect(list).toHaveLength(total.membership + total.contact);
    const times = list.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(list[0]).toMatchObject({
      kind: "contact",
      name: "Neueste Nachricht",
      email: contact.email,
      company: contact.company,
      message: contact.message,
      mailedAt: null,
    });
    expect(list[1]).toMatchObject({
      ...membership,
      kind: "membership",
      firmenname: "Neueste Anfrage AG",
      packageId: 4,
      packageName: "Chatbot-Paket",
    });
    expect(list.find((i) => i.kind === "membership" && i.packageId === 2)).toMatchObject({ packageName: "Ausführungspaket" });
  });
});

describe("rate limits per address", () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimit: true });
  });
  afterAll(() => limited.close());

  const post = (url: string, body: unknown, remoteAddress: string) =>
    limited.app.inject({ method: "POST", url, payload: body as object, remoteAddress });

  it.each([
    ["/api/membership-request", membership, membershipRequests],
    ["/api/contact", contact, contactMessages],
  ] as const)("%s allows 5 per hour and address, then 429 with a message and nothing stored", async (url, body, table) => {
    for (let i = 0; i < 5; i++) expect((await post(url, body, "203.0.113.7")).statusCode).toBe(201);
    const before = (await limited.db.select().from(table)).length;
    const blocked = await post(url, body, "203.0.113.7");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Zu viele Anfragen/);
    expect((await limited.db.select().from(table)).length).toBe(before);
    // Another address is not affected.
    expect((await post(url, body, "203.0.113.8")).statusCode).toBe(201);
  });
});
