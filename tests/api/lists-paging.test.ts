// Paged, searched and sorted lists of issue 16 (users, companies, registration links, inquiries,
// chatbot conversations, ledger): limit/offset/q/sort with X-Total-Count, the spec's whole array
// without parameters, 400s for bad parameters, role and company scoping on every page. On
// PostgreSQL also: with thousands of rows and ANALYZE the list queries use their indexes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { createHash } from "node:crypto";
import pg from "pg";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { onPostgres } from "../helpers/database";
import {
  chatbotConversations,
  chatbotRequestLedger,
  companies,
  contactMessages,
  membershipRequests,
  registrationLinks,
  users,
} from "../../src/server/db/schema";
import { userPageQueries } from "../../src/server/users/list";
import { companyPageQueries } from "../../src/server/companies/list";
import { registrationLinkPageQueries } from "../../src/server/registration-links/list";
import { inquiryPageQueries } from "../../src/server/inquiries/list";
import { conversationPageQueries } from "../../src/server/chatbot/conversations";
import { ledgerPageQueries } from "../../src/server/chatbot/ledger-list";

let ctx: TestContext;
let superAdmin: TestUser;
let adminA: TestUser;
let adminB: TestUser;
let userA: TestUser;
let userB: TestUser;
let adminNoCompany: TestUser;
let companyA: number;
let companyB: number;
const T0 = Date.parse("2031-03-01T08:00:00Z");
const minutes = (n: number) => new Date(T0 + n * 60_000);
const pad = (n: number) => String(n).padStart(2, "0");

beforeAll(async () => {
  ctx = await createTestApp();
  companyA = await ctx.createCompany("Alpha Bau GmbH");
  companyB = await ctx.createCompany("Beta Hoch AG");
  superAdmin = await ctx.createUser("super_admin", null, "pg_super");
  adminA = await ctx.createUser("company_admin", companyA, "pg_admin_a");
  adminB = await ctx.createUser("company_admin", companyB, "pg_admin_b");
  userA = await ctx.createUser("user", companyA, "pg_user_a");
  userB = await ctx.createUser("user", companyB, "pg_user_b");
  adminNoCompany = await ctx.createUser("company_admin", null, "pg_admin_none");

  // Companies: 20 alike, one with the wildcard characters in its name.
  await ctx.db.insert(companies).values([
    ...Array.from({ length: 20 }, (_, i) => ({
      name: `Firma Paging ${pad(i + 1)}`,
      address: `Ringweg ${pad(i + 1)}, 35510 Butzbach`,
      contactEmail: `kontakt${pad(i + 1)}@paging.de`,
      contactPhone: `+49 6033 90${pad(i + 1)}`,
    })),
    { name: "Rabatt 100%_Bau", address: "Zollstraße 7", contactEmail: "rabatt@bau.de", contactPhone: null },
  ]);

  // Users: 22 more in company A, 5 in company B (never visible to A), one with % and _.
  await ctx.db.insert(users).values([
    ...Array.from({ length: 22 }, (_, i) => ({
      username: `a_user_${pad(i + 1)}`,
      email: `a_user_${pad(i + 1)}@alpha.de`,
      passwordHash: "x",
      firstName: `Vorname ${pad(i + 1)}`,
      lastName: `Nachname ${pad(i + 1)}`,
      role: "user" as const,
      companyId: companyA,
    })),
    ...Array.from({ length: 5 }, (_, i) => ({
      username: `b_user_${pad(i + 1)}`,
      email: `b_user_${pad(i + 1)}@beta.de`,
      passwordHash: "x",
      firstName: "Geheim",
      lastName: "Beta",
      role: "user" as const,
      companyId: companyB,
    })),
    {
      username: "a_sonder",
      email: "sonder@alpha.de",
      passwordHash: "x",
      firstName: "Jörg",
      lastName: "Müller 50%_x",
      role: "user" as const,
      companyId: companyA,
    },
  ]);

  // Registration links in one statement: all share created_at, so its sort is decided by id.
  await ctx.db.insert(registrationLinks).values(
    Array.from({ length: 23 }, (_, i) => ({
      token: `tok-paging-${i}`,
      email: `invite_${pad(i + 1)}@links.de`,
      role: (["user", "company_admin", "super_admin"] as const)[i % 3],
      companyId: i % 3 === 2 ? null : i % 2 === 0 ? companyA : companyB,
      expiresAt: i % 4 === 0 ? minutes(-60 * 24 * 365 * 10) : minutes(i),
      used: i % 5 === 0,
    })),
  );

  // Inquiries: 12 membership requests and 12 contact messages, interleaved in time.
  await ctx.db.insert(membershipRequests).values(
    Array.from({ length: 12 }, (_, i) => ({
      packageId: 1,
      firmenname: `Mitglied Bau ${pad(i + 1)} GmbH`,
      rechtsform: "GmbH",
      strasse: "Am Markt 1",
      plz: "35510",
      ort: i === 0 ? "Bad Nauheim" : "Butzbach",
      ansprechpartner: `Petra Ansprech ${pad(i + 1)}`,
      email: `mitglied${pad(i + 1)}@bau.de`,
      telefon: "06033 1",
      rechnungsEmail: "rechnung@bau.de",
      kontaktWunsch: "email" as const,
      createdAt: minutes(2 * i),
    })),
  );
  await ctx.db.insert(contactMessages).values(
    Array.from({ length: 12 }, (_, i) => ({
      name: `Kontakt Person ${pad(i + 1)}`,
      email: `kontakt${pad(i + 1)}@web.de`,
      company: i === 3 ? "Trockenbau 5%_Rabatt" : null,
      message: "Bitte um Rückruf",
      createdAt: minutes(2 * i + 1),
    })),
  );

  // Conversations: 15 legal and 3 construction ones of user A, 4 of user B; two share updated_at.
  await ctx.db.insert(chatbotConversations).values([
    ...Array.from({ length: 15 }, (_, i) => ({
      userId: userA.id,
      chatbotType: "legal" as const,
      title: `Frage ${pad(i + 1)} zur VOB/B`,
      createdAt: minutes(i),
      updatedAt: minutes(i === 14 ? 13 : 100 - i),
    })),
    ...Array.from({ length: 3 }, (_, i) => ({
      userId: userA.id,
      chatbotType: "construction" as const,
      title: `Estrich ${i}`,
      createdAt: minutes(i),
      updatedAt: minutes(i),
    })),
    ...Array.from({ length: 4 }, (_, i) => ({
      userId: userB.id,
      chatbotType: "legal" as const,
      title: `Frage geheim ${i} 100%_sicher`,
      createdAt: minutes(i),
      updatedAt: minutes(i),
    })),
  ]);

  // Ledger: three companies over four months.
  const rows: (typeof chatbotRequestLedger.$inferInsert)[] = [];
  for (const [companyId, n] of [
    [companyA, 3],
    [companyB, 2],
  ] as const) {
    for (const month of ["2031-01", "2031-02", "2031-03", "2031-04"]) {
      for (let i = 0; i < n; i++) rows.push({ companyId, chatbotType: "legal", month, paid: i === 0, priceCents: i === 0 ? 27 : 0 });
    }
  }
  const [rabatt] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`${companies.name} = 'Rabatt 100%_Bau'`);
  rows.push({ companyId: rabatt.id, chatbotType: "construction", month: "2031-02", paid: false });
  await ctx.db.insert(chatbotRequestLedger).values(rows);
});
afterAll(() => ctx.close());

type Row = Record<string, unknown> & { id?: number };

async function get(user: TestUser, url: string) {
  const res = await ctx.request("GET", url, { user });
  return { status: res.statusCode, total: res.headers["x-total-count"] as string | undefined, body: res.json() as Row[] };
}

const withQuery = (path: string, query: string) => (query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path);

interface ListCase {
  name: string;
  path: string;
  viewer: () => TestUser;
  key: (r: Row) => string;
  /** The exact fields of one item (the spec's DTO; nothing stripped, nothing added). */
  fields: string[];
}

const byId = (r: Row) => String(r.id);
const LISTS: ListCase[] = [
  {
    name: "users",
    path: "/api/users",
    viewer: () => superAdmin,
    key: byId,
    fields: [
      "companyId",
      "companyName",
      "createdAt",
      "email",
      "firstName",
      "id",
      "lastAccessAt",
      "lastName",
      "mfaEnabled",
      "passkeyCount",
      "role",
      "username",
    ],
  },
  {
    name: "companies",
    path: "/api/companies",
    viewer: () => superAdmin,
    key: byId,
    fields: [
      "address",
      "chatbotRequestCount",
      "contactEmail",
      "contactPhone",
      "createdAt",
      "freeChatbotRequestsPerMonth",
      "id",
      "lastChatbotRequestReset",
      "logo",
      "mfaRequired",
      "name",
    ],
  },
  {
    name: "registration links",
    path: "/api/registration-links",
    viewer: () => superAdmin,
    key: byId,
    fields: ["companyId", "companyName", "createdAt", "email", "expiresAt", "id", "role", "token", "used"],
  },
  { name: "inquiries", path: "/api/inquiries", viewer: () => superAdmin, key: (r) => `${String(r.kind)}:${r.id}`, fields: [] },
  {
    name: "conversations",
    path: "/api/chatbot/conversations/legal",
    viewer: () => userA,
    key: byId,
    fields: ["chatbotType", "createdAt", "id", "title", "updatedAt"],
  },
  {
    name: "ledger",
    path: "/api/chatbot/ledger",
    viewer: () => superAdmin,
    key: (r) => `${r.companyId}:${r.month}`,
    fields: ["amountCents", "companyId", "companyName", "freeCount", "month", "paidCount"],
  },
];

/** Walks the list in pages of `size` and returns every page's rows in order. */
async function walk(user: TestUser, path: string, size: number, total: number) {
  const rows: Row[] = [];
  for (let offset = 0; offset < total + size; offset += size) {
    const page = await get(user, withQuery(path, `limit=${size}&offset=${offset}`));
    expect(page.status).toBe(200);
    expect(page.total).toBe(String(total));
    expect(page.body).toHaveLength(Math.max(0, Math.min(size, total - offset)));
    rows.push(...page.body);
  }
  return rows;
}

describe.each(LISTS)("$name", (list) => {
  it("returns the whole array without parameters, and pages that are disjoint and complete", async () => {
    const user = list.viewer();
    const full = await get(user, list.path);
    expect(full.status).toBe(200);
    expect(Array.isArray(full.body)).toBe(true);
    expect(full.body.length).toBeGreaterThan(7);
    expect(full.total).toBe(String(full.body.length));
    for (const item of full.body) {
      const expected = list.fields.length ? list.fields : item.kind === "membership" ? MEMBERSHIP_FIELDS : CONTACT_FIELDS;
      expect(Object.keys(item).sort()).toEqual(expected);
    }

    // The default order of the pages is the whole list's order; together they are the list.
    const pages = await walk(user, list.path, 7, full.body.length);
    expect(pages.map(list.key)).toEqual(full.body.map(list.key));
    expect(new Set(pages.map(list.key)).size).toBe(full.body.length);
    expect(pages).toEqual(full.body);

    const past = await get(user, withQuery(list.path, "limit=5&offset=100000"));
    expect(past.body).toEqual([]);
    expect(past.total).toBe(String(full.body.length));
    // An empty search counts as no parameter.
    expect((await get(user, withQuery(list.path, "q=%20"))).body).toEqual(full.body);
  });

  it.each([
    ["limit=0", "limit muss eine Zahl zwischen 1 und 200 sein"],
    ["limit=201", "limit muss eine Zahl zwischen 1 und 200 sein"],
    ["offset=-1", "offset muss eine ganze Zahl ab 0 sein"],
    ["sort=password", "sort muss einer der Werte"],
    [`q=${"x".repeat(500)}`, "Der Suchbegriff darf höchstens 200 Zeichen lang sein"],
    ["q=a&q=b", "Ungültiger Suchbegriff"],
  ])("%s → 400 with a German message, no list and no count", async (query, message) => {
    const res = await ctx.request("GET", withQuery(list.path, query), { user: list.viewer() });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Array.isArray(body)).toBe(false);
    expect(String(body.message)).toContain(message);
    expect(res.headers["x-total-count"]).toBeUndefined();
  });
});

const MEMBERSHIP_FIELDS = [
  "ansprechpartner",
  "createdAt",
  "email",
  "firmenname",
  "id",
  "kind",
  "kontaktWunsch",
  "mailedAt",
  "ort",
  "packageId",
  "packageName",
  "plz",
  "rechnungsEmail",
  "rechtsform",
  "strasse",
  "telefon",
];
const CONTACT_FIELDS = ["company", "createdAt", "email", "id", "kind", "mailedAt", "message", "name"];

/** The values of one field over a search's whole result (limit 200). */
async function search(user: TestUser, path: string, q: string, field: string, extra = "") {
  const res = await get(user, withQuery(path, `q=${encodeURIComponent(q)}&limit=200${extra}`));
  expect(res.status).toBe(200);
  expect(res.total).toBe(String(res.body.length));
  return res.body.map((r) => r[field]);
}

describe("search (q): case-insensitive on the screen's fields, % and _ taken literally", () => {
  it("users: username, e-mail, first and last name", async () => {
    const u = (q: string) => search(superAdmin, "/api/users", q, "username");
    expect(await u("A_USER_07")).toEqual(["a_user_07"]);
    expect(await u("user_03@ALPHA")).toEqual(["a_user_03"]);
    expect(await u("vorNAME 05")).toEqual(["a_user_05"]);
    expect(await u("NACHNAME 06")).toEqual(["a_user_06"]);
    expect(await u("jöRG")).toEqual(["a_sonder"]);
    expect(await u("MÜLLER")).toEqual(["a_sonder"]);
    expect(await u("%_")).toEqual(["a_sonder"]);
    expect(await u("0%")).toEqual(["a_sonder"]);
    // "_" is no wildcard: "a_user_1" matches a_user_10 … 19, not "aXuserX1…".
    expect(await u("a_user_1")).toHaveLength(10);
    expect(await u("gibt es nicht")).toEqual([]);
    // Not a search field: the role.
    expect(await u("company_admin")).toEqual([]);
  });

  it("companies: name, address, contact e-mail and phone", async () => {
    const c = (q: string) => search(superAdmin, "/api/companies", q, "name");
    expect(await c("firma PAGING 04")).toEqual(["Firma Paging 04"]);
    expect(await c("RINGWEG 05")).toEqual(["Firma Paging 05"]);
    expect(await c("KONTAKT06@")).toEqual(["Firma Paging 06"]);
    expect(await c("6033 9007")).toEqual(["Firma Paging 07"]);
    expect(await c("zollSTRASSE")).toEqual([]);
    expect(await c("zollstraße")).toEqual(["Rabatt 100%_Bau"]);
    expect(await c("0%_")).toEqual(["Rabatt 100%_Bau"]);
    expect(await c("_")).toEqual(["Rabatt 100%_Bau"]);
  });

  it("registration links: e-mail, company name, role (technical name or German label)", async () => {
    const all = (await get(superAdmin, "/api/registration-links")).body;
    const l = (q: string) => search(superAdmin, "/api/registration-links", q, "email");
    expect(await l("INVITE_04@")).toEqual(["invite_04@links.de"]);
    const ofCompany = all.filter((r) => r.companyName === "Beta Hoch AG").map((r) => r.email);
    expect(ofCompany.length).toBeGreaterThan(0);
    expect(await l("beta HOCH")).toEqual(ofCompany);
    const admins = all.filter((r) => r.role === "company_admin").map((r) => r.email);
    expect(await l("Unternehmensadministrator")).toEqual(admins);
    expect(await l("COMPANY_ADMIN")).toEqual(admins);
    // "admin" is in super_admin and company_admin; "administrator" also in Systemadministrator.
    expect(await l("systemADMIN")).toEqual(all.filter((r) => r.role === "super_admin").map((r) => r.email));
    expect(await l("%")).toEqual([]);
  });

  it("inquiries: company, contact person, e-mail and town; name, e-mail and company", async () => {
    const i = (q: string) => search(superAdmin, "/api/inquiries", q, "id");
    const kinds = async (q: string) =>
      (await get(superAdmin, `/api/inquiries?q=${encodeURIComponent(q)}&limit=200`)).body.map((r) => `${String(r.kind)}:${r.id}`);
    expect(await kinds("MITGLIED BAU 03")).toHaveLength(1);
    expect(await kinds("petra ansprech 04")).toHaveLength(1);
    expect(await kinds("MITGLIED05@")).toHaveLength(1);
    expect(await kinds("bad NAUHEIM")).toHaveLength(1);
    expect(await kinds("kontakt PERSON 02")).toHaveLength(1);
    expect(await kinds("KONTAKT02@WEB")).toHaveLength(1);
    expect(await kinds("5%_")).toEqual((await kinds("trockenbau")).slice(0, 1));
    expect(await kinds("5%_")).toHaveLength(1);
    expect(await i("rückruf")).toEqual([]);
    // Both kinds match "@": all 24, newest first.
    const both = await get(superAdmin, "/api/inquiries?q=%40&limit=200");
    expect(both.total).toBe("24");
    const times = both.body.map((r) => String(r.createdAt));
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("conversations: the title, only the user's own", async () => {
    const t = (user: TestUser, q: string) => search(user, "/api/chatbot/conversations/legal", q, "title");
    expect(await t(userA, "FRAGE 03")).toEqual(["Frage 03 zur VOB/B"]);
    expect(await t(userA, "vob/b")).toHaveLength(15);
    expect(await t(userA, "geheim")).toEqual([]);
    expect(await t(userB, "0%_")).toHaveLength(4);
    expect(await t(userA, "%")).toEqual([]);
    expect(await t(userA, "estrich")).toEqual([]);
  });

  it("ledger: the company name, together with its filters", async () => {
    const names = (q: string, extra = "") => search(superAdmin, "/api/chatbot/ledger", q, "companyName", extra);
    expect(await names("ALPHA bau")).toEqual(Array(4).fill("Alpha Bau GmbH"));
    expect(await names("0%_")).toEqual(["Rabatt 100%_Bau"]);
    expect(await names("_")).toEqual(["Rabatt 100%_Bau"]);
    expect(await names("a", "&month=2031-02")).toEqual(["Alpha Bau GmbH", "Beta Hoch AG", "Rabatt 100%_Bau"]);
    expect(await names("hoch", `&companyId=${companyA}`)).toEqual([]);
    const a = await get(superAdmin, `/api/chatbot/ledger?companyId=${companyA}&limit=2`);
    expect(a.total).toBe("4");
    expect(a.body.map((r) => r.month)).toEqual(["2031-04", "2031-03"]);
    expect(a.body[0]).toMatchObject({ freeCount: 2, paidCount: 1, amountCents: 27 });
  });
});

/** A sort's order: the list (narrowed by q to alike values) ascending and descending. */
async function sorted(user: TestUser, path: string, sort: string, field: string, q = "") {
  const query = `limit=200${q ? `&q=${encodeURIComponent(q)}` : ""}`;
  const asc = (await get(user, withQuery(path, `${query}&sort=${sort}`))).body;
  const desc = (await get(user, withQuery(path, `${query}&sort=-${sort}`))).body;
  return { asc: asc.map((r) => r[field]), desc: desc.map((r) => r[field]), ascIds: asc.map((r) => r.id), descIds: desc.map((r) => r.id) };
}
const ascending = (values: unknown[]) => [...values].sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));

describe("sort: ascending, descending (leading -) and the default", () => {
  it("users by id (default), username and e-mail", async () => {
    const byId = await sorted(superAdmin, "/api/users", "id", "id");
    expect(byId.asc).toEqual([...byId.asc].sort((a, b) => Number(a) - Number(b)));
    expect(byId.desc).toEqual([...byId.asc].reverse());
    const byName = await sorted(superAdmin, "/api/users", "username", "username", "a_user_");
    expect(byName.asc).toEqual(ascending(byName.asc));
    expect(byName.asc).toHaveLength(22);
    expect(byName.desc).toEqual([...byName.asc].reverse());
    const byMail = await sorted(superAdmin, "/api/users", "email", "email", "@beta.de");
    expect(byMail.asc).toEqual(["b_user_01@beta.de", "b_user_02@beta.de", "b_user_03@beta.de", "b_user_04@beta.de", "b_user_05@beta.de"]);
    expect(byMail.desc).toEqual([...byMail.asc].reverse());
  });

  it("companies by id (default) and name", async () => {
    const byName = await sorted(superAdmin, "/api/companies", "name", "name", "firma paging");
    expect(byName.asc).toEqual(ascending(byName.asc));
    expect(byName.asc).toHaveLength(20);
    expect(byName.desc).toEqual([...byName.asc].reverse());
    const page = await get(superAdmin, "/api/companies?limit=3");
    expect(page.body.map((r) => r.id)).toEqual([...page.body.map((r) => Number(r.id))].sort((a, b) => a - b));
  });

  it("registration links newest id first by default; createdAt ties go by id", async () => {
    const first = await get(superAdmin, "/api/registration-links?limit=3");
    expect(first.body.map((r) => r.email)).toEqual(["invite_23@links.de", "invite_22@links.de", "invite_21@links.de"]);
    // All 23 share created_at: the id decides, in the sort's direction.
    const created = await sorted(superAdmin, "/api/registration-links", "createdAt", "email");
    expect(created.ascIds).toEqual([...created.ascIds].sort((a, b) => Number(a) - Number(b)));
    expect(created.descIds).toEqual([...created.ascIds].reverse());
    const expires = await sorted(superAdmin, "/api/registration-links", "expiresAt", "expiresAt");
    expect(expires.asc).toEqual(ascending(expires.asc));
    expect(expires.desc).toEqual([...expires.asc].reverse().map((_, i, a) => a[i]));
    const mail = await sorted(superAdmin, "/api/registration-links", "email", "email", "invite_");
    expect(mail.asc).toEqual(Array.from({ length: 23 }, (_, i) => `invite_${pad(i + 1)}@links.de`));
    expect(mail.desc).toEqual([...mail.asc].reverse());
  });

  it("inquiries newest first by default, oldest first with sort=createdAt", async () => {
    const s = await sorted(superAdmin, "/api/inquiries", "createdAt", "createdAt");
    expect(s.asc).toEqual(ascending(s.asc));
    expect(s.asc).toHaveLength(24);
    expect(s.desc).toEqual([...s.asc].reverse());
    expect((await get(superAdmin, "/api/inquiries?limit=24")).body.map((r) => r.createdAt)).toEqual(s.desc);
  });

  it("conversations last used first by default; ties by id", async () => {
    const s = await sorted(userA, "/api/chatbot/conversations/legal", "updatedAt", "title");
    // Frage 01 … 14 were used at 100 … 87 minutes, Frage 15 at 13 minutes (like Frage 14? no: 14 is at 87).
    expect(s.desc.slice(0, 3)).toEqual(["Frage 01 zur VOB/B", "Frage 02 zur VOB/B", "Frage 03 zur VOB/B"]);
    expect(s.asc[0]).toBe("Frage 15 zur VOB/B");
    expect(s.desc).toEqual([...s.asc].reverse());
    const created = await sorted(userA, "/api/chatbot/conversations/legal", "createdAt", "title");
    expect(created.asc.slice(0, 2)).toEqual(["Frage 01 zur VOB/B", "Frage 02 zur VOB/B"]);
    expect(created.desc).toEqual([...created.asc].reverse());
  });

  it("ledger newest month first (companies by name) by default; by company name", async () => {
    const page = await get(superAdmin, "/api/chatbot/ledger?limit=4");
    expect(page.body.map((r) => `${r.month} ${r.companyName}`)).toEqual([
      "2031-04 Alpha Bau GmbH",
      "2031-04 Beta Hoch AG",
      "2031-03 Alpha Bau GmbH",
      "2031-03 Beta Hoch AG",
    ]);
    const byMonth = await sorted(superAdmin, "/api/chatbot/ledger", "month", "month");
    expect(byMonth.asc).toEqual(ascending(byMonth.asc));
    const byName = await get(superAdmin, "/api/chatbot/ledger?sort=companyName&limit=200");
    expect(byName.body.map((r) => `${r.companyName} ${r.month}`).slice(0, 5)).toEqual([
      "Alpha Bau GmbH 2031-04",
      "Alpha Bau GmbH 2031-03",
      "Alpha Bau GmbH 2031-02",
      "Alpha Bau GmbH 2031-01",
      "Beta Hoch AG 2031-04",
    ]);
    const reverse = await get(superAdmin, "/api/chatbot/ledger?sort=-companyName&limit=1");
    expect(reverse.body.map((r) => r.companyName)).toEqual(["Rabatt 100%_Bau"]);
  });
});

describe("filters that keep the screens' counters: link status, inquiry kind", () => {
  it("status=active|used|expired partitions the links like registrationLinkStatus", async () => {
    const all = (await get(superAdmin, "/api/registration-links")).body;
    const now = Date.now();
    const status = (r: Row) => (r.used ? "used" : Date.parse(String(r.expiresAt)) <= now ? "expired" : "active");
    let sum = 0;
    for (const s of ["active", "used", "expired"]) {
      const page = await get(superAdmin, `/api/registration-links?status=${s}&limit=1`);
      const expected = all.filter((r) => status(r) === s);
      expect(page.total).toBe(String(expected.length));
      expect(page.body.map((r) => r.id)).toEqual(expected.slice(0, 1).map((r) => r.id));
      sum += expected.length;
      // Without paging parameters too.
      expect((await get(superAdmin, `/api/registration-links?status=${s}`)).body).toEqual(expected);
    }
    expect(sum).toBe(all.length);
    expect((await ctx.request("GET", "/api/registration-links?status=kaputt", { user: superAdmin })).statusCode).toBe(400);
  });

  it("kind=membership|contact", async () => {
    const m = await get(superAdmin, "/api/inquiries?kind=membership&limit=5");
    expect(m.total).toBe("12");
    expect(m.body.every((r) => r.kind === "membership")).toBe(true);
    const c = await get(superAdmin, "/api/inquiries?kind=contact&q=person&limit=200");
    expect(c.total).toBe("12");
    expect((await get(superAdmin, "/api/inquiries?kind=contact")).body).toHaveLength(12);
    expect((await ctx.request("GET", "/api/inquiries?kind=spam", { user: superAdmin })).statusCode).toBe(400);
  });
});

describe("scoping holds on every page", () => {
  it("a company admin sees only its own company's users, in every page, search and count", async () => {
    const own = (await get(adminA, "/api/users")).body;
    expect(own.length).toBe(2 + 22 + 1);
    expect(own.every((u) => u.companyId === companyA)).toBe(true);
    const pages = await walk(adminA, "/api/users", 4, own.length);
    expect(pages.map((u) => u.id)).toEqual(own.map((u) => u.id));
    for (const q of ["b_user", "geheim", "beta", "pg_super", "pg_admin_b"]) {
      const res = await get(adminA, `/api/users?q=${q}`);
      expect(res.body).toEqual([]);
      expect(res.total).toBe("0");
    }
    const sortedPage = await get(adminA, "/api/users?sort=-username&limit=200");
    expect(sortedPage.total).toBe(String(own.length));
    expect(sortedPage.body.every((u) => u.companyId === companyA)).toBe(true);
    expect((await get(adminB, "/api/users?limit=200")).body.every((u) => u.companyId === companyB)).toBe(true);
    // Without a company: only the own row.
    const none = await get(adminNoCompany, "/api/users?limit=50&q=pg_");
    expect(none.body.map((u) => u.id)).toEqual([adminNoCompany.id]);
    expect(none.total).toBe("1");
  });

  it("answers 403 where the spec says so, also with paging parameters", async () => {
    for (const path of ["/api/users"]) expect((await ctx.request("GET", `${path}?limit=5`, { user: userA })).statusCode).toBe(403);
    for (const path of ["/api/companies", "/api/registration-links", "/api/inquiries", "/api/chatbot/ledger"]) {
      for (const user of [adminA, userA]) {
        const res = await ctx.request("GET", `${path}?limit=5&q=a`, { user });
        expect(res.statusCode).toBe(403);
        expect(res.headers["x-total-count"]).toBeUndefined();
      }
    }
    expect((await ctx.request("GET", "/api/users?limit=5")).statusCode).toBe(401);
  });

  it("conversations are the user's own, whoever asks", async () => {
    const own = await get(userB, "/api/chatbot/conversations/legal?limit=200");
    expect(own.total).toBe("4");
    expect((await get(superAdmin, "/api/chatbot/conversations/legal?limit=200")).body).toEqual([]);
    const construction = await get(userA, "/api/chatbot/conversations/construction?limit=2");
    expect(construction.total).toBe("3");
    expect(construction.body).toHaveLength(2);
  });
});

// EXPLAIN on PostgreSQL: thousands of rows, ANALYZE, then the plans of the routes' own queries.
describe.runIf(onPostgres())("indexes (PostgreSQL, EXPLAIN)", () => {
  let client: pg.Client;
  const dialect = new PgDialect();
  const window = <S extends string>(sort: S, q = "") => ({ limit: 50, offset: 0, q, sort });

  beforeAll(async () => {
    client = new pg.Client({ connectionString: ctx.testDb.url });
    await client.connect();
    await client.query(`
      insert into companies (name, address, contact_email, contact_phone)
        select 'Bulk Firma ' || g, 'Bulkweg ' || g, 'bulk' || g || '@firma.de', '+49 ' || g from generate_series(1, 5000) g;
      insert into users (username, email, password_hash, first_name, last_name, role, company_id)
        select 'bulk_' || g, 'bulk_' || g || '@bulk.de', 'x', 'Vor' || g, 'Nach' || g, 'user', (select min(id) from companies where name like 'Bulk Firma %') + g % 100
          from generate_series(1, 5000) g;
      insert into registration_links (token, email, role, company_id, expires_at)
        select 'bulk-' || g, 'inv' || md5(g::text) || '@links.de', 'user', ${companyB}, now() + (g || ' minutes')::interval from generate_series(1, 5000) g;
      insert into chatbot_conversations (user_id, chatbot_type, title, created_at, updated_at)
        select ${userA.id}, case when g % 2 = 0 then 'legal' else 'construction' end, 'Bulkfrage ' || g, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval from generate_series(1, 5000) g;
      insert into chatbot_conversations (user_id, chatbot_type, title)
        select ${userB.id}, 'legal', 'Andere ' || g from generate_series(1, 5000) g;
      insert into membership_requests (package_id, firmenname, rechtsform, strasse, plz, ort, ansprechpartner, email, telefon, rechnungs_email, kontakt_wunsch, created_at)
        select 1, 'Bulk Mitglied ' || g, 'GmbH', 'Weg 1', '35510', 'Ort' || g, 'Person ' || g, 'm' || g || '@bulk.de', '1', 'r@bulk.de', 'email', now() - (g || ' minutes')::interval from generate_series(1, 5000) g;
      insert into contact_messages (name, email, company, message, created_at)
        select 'Bulk Kontakt ' || g, 'c' || g || '@bulk.de', 'Firma ' || g, 'Hallo', now() - (g || ' minutes')::interval from generate_series(1, 5000) g;
      insert into chatbot_request_ledger (company_id, chatbot_type, month, paid)
        select c.id, 'legal', to_char(date '2020-01-01' + (m || ' months')::interval, 'YYYY-MM'), false
          from (select id from companies where name like 'Bulk Firma %' order by id limit 500) c, generate_series(0, 59) m;
      analyze;
    `);
  });
  afterAll(() => client?.end());

  /**
   * The plan of a route's query. Sorts and pages as the planner chooses; searches as the routes run
   * them (http/list-page.ts `searching`: sequential and plain index scans off), so what is checked
   * is that the trigram indexes fit the query (operator class, escaping, query shape).
   */
  async function plan(query: { toSQL(): { sql: string; params: unknown[] } } | ReturnType<typeof sql>, searching = false): Promise<string> {
    const { sql: text, params } = "toSQL" in query ? query.toSQL() : dialect.sqlToQuery(query);
    if (searching) await client.query("set enable_seqscan = off; set enable_indexscan = off");
    try {
      const res = await client.query(`explain (format json) ${text}`, params);
      return JSON.stringify(res.rows[0]["QUERY PLAN"]);
    } finally {
      if (searching) await client.query("reset enable_seqscan; reset enable_indexscan");
    }
  }
  const seqScanOn = (p: string, table: string) => new RegExp(`"Node Type":"Seq Scan"[^}]*"Relation Name":"${table}"`).test(p);

  it("users: id pages, a company's pages, the sorts and the search use indexes", async () => {
    const db = ctx.db;
    expect(await plan(userPageQueries(db, undefined, window("id")).rows)).toContain("users_pkey");
    const {
      rows: [bulk],
    } = await client.query("select min(id) as id from companies where name like 'Bulk Firma %'");
    const company = await plan(userPageQueries(db, sql`${users.companyId} = ${Number(bulk.id) + 7}`, window("id")).rows);
    expect(company).toContain("users_company_id_idx");
    expect(await plan(userPageQueries(db, undefined, window("username")).rows)).toContain("users_username_id_idx");
    expect(await plan(userPageQueries(db, undefined, window("-email")).rows)).toContain("users_email_id_idx");
    for (const query of [
      userPageQueries(db, undefined, window("id", "bulk_4711")).total,
      userPageQueries(db, undefined, window("id", "bulk_4711")).rows,
    ]) {
      const searched = await plan(query, true);
      for (const index of ["users_username_trgm_idx", "users_email_trgm_idx", "users_first_name_trgm_idx", "users_last_name_trgm_idx"])
        expect(searched).toContain(index);
      expect(seqScanOn(searched, "users")).toBe(false);
    }
  });

  it("companies: name sort and search", async () => {
    expect(await plan(companyPageQueries(ctx.db, window("name")).rows)).toContain("companies_name_id_idx");
    const searched = await plan(companyPageQueries(ctx.db, window("id", "Firma 4711")).total, true);
    expect(searched).toContain("companies_name_trgm_idx");
    expect(seqScanOn(searched, "companies")).toBe(false);
  });

  it("registration links: the sorts and the e-mail / company search", async () => {
    const links = async (sort: string, q = "") => registrationLinkPageQueries(ctx.db, window(sort as "-id", q));
    expect(await plan((await links("-id")).rows)).toContain("registration_links_pkey");
    expect(await plan((await links("createdAt")).rows)).toContain("registration_links_created_id_idx");
    expect(await plan((await links("-expiresAt")).rows)).toContain("registration_links_expires_id_idx");
    expect(await plan((await links("email")).rows)).toContain("registration_links_email_id_idx");
    const byMail = await plan((await links("-id", createHash("md5").update("4711").digest("hex").slice(0, 12))).total, true);
    expect(byMail).toContain("registration_links_email_trgm_idx");
    expect(seqScanOn(byMail, "registration_links")).toBe(false);
    // A company name becomes the company's ids (companies' name search is checked above).
    const byCompany = await plan((await links("-id", "alpha bau")).total, true);
    expect(byCompany).toContain("registration_links_company_idx");
    expect(byCompany).toContain("registration_links_email_trgm_idx");
  });

  it("conversations: the user's pages and title search", async () => {
    const page = await plan(conversationPageQueries(ctx.db, userA.id, "legal", window("-updatedAt")).rows);
    expect(page).toContain("chatbot_conversations_user_updated_idx");
    expect(await plan(conversationPageQueries(ctx.db, userA.id, "legal", window("createdAt")).rows)).toContain(
      "chatbot_conversations_user_created_idx",
    );
    const searched = await plan(conversationPageQueries(ctx.db, userA.id, "legal", window("-updatedAt", "Bulkfrage 4711")).total, true);
    expect(seqScanOn(searched, "chatbot_conversations")).toBe(false);
  });

  it("inquiries: newest first along created_at, the search along the trigram indexes", async () => {
    const page = await plan(inquiryPageQueries(window("-createdAt")).keys);
    expect(page).toContain("membership_requests_created_id_idx");
    expect(page).toContain("contact_messages_created_id_idx");
    expect(page).toContain("Merge Append");
    const searched = await plan(inquiryPageQueries(window("-createdAt", "Bulk Mitglied 4711")).total, true);
    expect(searched).toContain("membership_requests_firmenname_trgm_idx");
    expect(searched).toContain("contact_messages_name_trgm_idx");
    expect(seqScanOn(searched, "membership_requests")).toBe(false);
    expect(seqScanOn(searched, "contact_messages")).toBe(false);
  });

  it("ledger: a month's and a company's rows through their indexes", async () => {
    expect(await plan(ledgerPageQueries(ctx.db, { month: "2022-05" }, window("-month")).rows)).toContain(
      "chatbot_ledger_month_company_idx",
    );
    expect(await plan(ledgerPageQueries(ctx.db, { companyId: companyA }, window("-month")).rows)).toContain(
      "chatbot_ledger_company_month_idx",
    );
    // The search joins the company (primary key) to the ledger rows read along the month index.
    const searched = await plan(ledgerPageQueries(ctx.db, {}, window("-month", "Bulk Firma 42")).rows, true);
    expect(seqScanOn(searched, "chatbot_request_ledger")).toBe(false);
    expect(seqScanOn(searched, "companies")).toBe(false);
  });
});
