// Who may call what: every API route × anonymous, user, company admin and super admin, on a
// resource of company A — own company for userA/adminA, another company for userB/adminB.
// A route the app registers without a row here fails the suite.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { chatbotConversations, chatbotKnowledgeBase, jobs, passkeys, projectFiles, projects, sessions } from "../../src/server/db/schema";
import { createRegistrationLink } from "../../src/server/registration-links/queries";
import { DEFAULT_REFERENCE_PRICES } from "../../src/server/tender/public";
import { multipart } from "./projects.helpers";

type Actor = "anon" | "userA" | "adminA" | "userB" | "adminB" | "super";
const ACTORS: Actor[] = ["anon", "userA", "adminA", "userB", "adminB", "super"];
/** "ok" = 2xx/3xx; a number = that exact status. */
type Expect = "ok" | number;

interface Fixtures {
  companyA: number;
  companyB: number;
  projectA: number;
  conversationA: number;
  articleId: number;
  users: Record<Exclude<Actor, "anon">, TestUser>;
}

interface Row {
  method: string;
  route: string;
  /** The concrete URL (may create a fresh resource per call for destructive routes). */
  url: (f: Fixtures) => string | Promise<string>;
  body?: (f: Fixtures) => unknown;
  multipart?: (f: Fixtures) => { field: string; fileName: string; type: string; data: Buffer; fields?: Record<string, string> };
  /** The call ends the actor's session or deletes it: use a fresh actor of the same kind. */
  freshActor?: boolean;
  expect: Record<Actor, Expect>;
}

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a0000000000049454e44ae426082",
  "hex",
);
const X = (anon: Expect, userA: Expect, adminA: Expect, userB: Expect, adminB: Expect, sup: Expect): Record<Actor, Expect> => ({
  anon,
  userA,
  adminA,
  userB,
  adminB,
  super: sup,
});
const ALL_SIGNED_IN = X(401, "ok", "ok", "ok", "ok", "ok");
const SUPER_ONLY = X(401, 403, 403, 403, 403, "ok");
const COMPANY_MEMBERS = X(401, "ok", "ok", 404, 404, "ok");
const COMPANY_ADMINS = X(401, 403, "ok", 403, 404, "ok");
const PROJECT_MANAGERS = X(401, 403, "ok", 404, 404, "ok");

let ctx: TestContext;
let f: Fixtures;

/** A reading that gave up, for the super admin's "erneut einlesen". */
async function failedReading(projectId: number): Promise<number> {
  const [row] = await ctx.db
    .insert(jobs)
    .values({ queue: "boq.analyse", payload: { projectId, fileId: 0 }, status: "failed", attempts: 3, lastError: "Matrix" })
    .returning({ id: jobs.id });
  return row.id;
}
let counter = 0;

async function freshProject(companyId: number, createdBy: number) {
  const data = Buffer.from(`<GAEB>${++counter}</GAEB>`);
  const [p] = await ctx.db
    .insert(projects)
    .values({ name: `Matrix ${counter}`, companyId, createdBy, status: "Neu" })
    .returning();
  const [file] = await ctx.db
    .insert(projectFiles)
    .values({
      projectId: p.id,
      kind: "input",
      fileName: "lv.x83",
      extension: "x83",
      mimeType: "application/xml",
      size: data.length,
      sha256: createHash("sha256").update(data).digest("hex"),
      data,
    })
    .returning();
  const html = Buffer.from("<h1>Auswertung</h1>");
  const [out] = await ctx.db
    .insert(projectFiles)
    .values({
      projectId: p.id,
      kind: "output",
      fileName: "a.html",
      extension: "html",
      mimeType: "text/html",
      size: html.length,
      sha256: createHash("sha256").update(html).digest("hex"),
      data: html,
    })
    .returning();
  await ctx.db.update(projects).set({ inputFileId: file.id, outputFileId: out.id }).where(eq(projects.id, p.id));
  return { id: p.id, inputFileId: file.id };
}

const fresh = {
  user: async () => (await ctx.createUser("user", f.companyA)).id,
  company: () => ctx.createCompany(`Weg ${++counter}`),
  project: async () => (await freshProject(f.companyA, f.users.adminA.id)).id,
  link: async () =>
    (await createRegistrationLink(ctx.db, { email: `l${++counter}@x.de`, role: "user", companyId: f.companyA, createdBy: null })).id,
  /** A passkey of userA (the route only checks ownership before the password). */
  passkey: async () => {
    await ctx.db.delete(passkeys).where(eq(passkeys.userId, f.users.userA.id));
    const [p] = await ctx.db
      .insert(passkeys)
      .values({ userId: f.users.userA.id, name: `Key ${++counter}`, credentialId: `cred-${counter}`, publicKey: "AA" })
      .returning();
    return p.id;
  },
  /** Another session of userA (a second device). */
  session: async () => {
    const [row] = await ctx.db
      .insert(sessions)
      .values({ tokenHash: `matrix-${++counter}`, userId: f.users.userA.id, expiresAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: sessions.id });
    return row.id;
  },
  article: async () => {
    const [a] = await ctx.db
      .insert(chatbotKnowledgeBase)
      .values({ chatbotType: "legal", title: `Artikel ${++counter}`, content: "Inhalt eines Artikels." })
      .returning();
    return a.id;
  },
};

const FAKE_ASSERTION = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  clientExtensionResults: {},
  response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
};
const FAKE_ATTESTATION = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  clientExtensionResults: {},
  response: { clientDataJSON: "e30", attestationObject: "AAAA" },
};

const ROWS: Row[] = [
  {
    method: "POST",
    route: "/api/login",
    url: () => "/api/login",
    body: () => ({ username: f.users.userA.username, password: "Sicher!Passwort1" }),
    freshActor: true,
    expect: X("ok", "ok", "ok", "ok", "ok", "ok"),
  },
  { method: "POST", route: "/api/logout", url: () => "/api/logout", freshActor: true, expect: X("ok", "ok", "ok", "ok", "ok", "ok") },
  { method: "GET", route: "/api/user", url: () => "/api/user", expect: ALL_SIGNED_IN },
  {
    method: "POST",
    route: "/api/register",
    url: () => "/api/register",
    body: () => ({ token: "unbekannt", username: "neuling", firstName: "N", lastName: "N", password: "Neu!Passwort1" }),
    expect: X(400, 400, 400, 400, 400, 400),
  },
  {
    method: "GET",
    route: "/api/registration-links/:token/validate",
    url: () => "/api/registration-links/unbekannt/validate",
    expect: X(404, 404, 404, 404, 404, 404),
  },
  {
    method: "POST",
    route: "/api/registration-links",
    url: () => "/api/registration-links",
    body: () => ({ email: `inv${++counter}@x.de`, role: "user", companyId: f.companyA }),
    expect: X(401, 403, "ok", 403, 403, "ok"),
  },
  { method: "GET", route: "/api/registration-links", url: () => "/api/registration-links", expect: SUPER_ONLY },
  // Company admins withdraw their own company's invitations (issue 27); another company's is a 404.
  {
    method: "DELETE",
    route: "/api/registration-links/:id",
    url: async () => `/api/registration-links/${await fresh.link()}`,
    expect: X(401, 403, "ok", 403, 404, "ok"),
  },
  {
    method: "GET",
    route: "/api/registration-links/pending",
    url: () => "/api/registration-links/pending",
    expect: X(401, 403, "ok", 403, "ok", "ok"),
  },
  {
    method: "POST",
    route: "/api/registration-links/:id/resend",
    url: async () => `/api/registration-links/${await fresh.link()}/resend`,
    body: () => ({}),
    expect: X(401, 403, "ok", 403, 404, "ok"),
  },
  {
    method: "GET",
    route: "/api/password-reset/available",
    url: () => "/api/password-reset/available",
    expect: X("ok", "ok", "ok", "ok", "ok", "ok"),
  },
  {
    method: "POST",
    route: "/api/password-reset/request",
    url: () => "/api/password-reset/request",
    body: () => ({ identifier: "niemand" }),
    expect: X(409, 409, 409, 409, 409, 409),
  },
  {
    method: "POST",
    route: "/api/password-reset/confirm",
    url: () => "/api/password-reset/confirm",
    body: () => ({ token: "x".repeat(40), password: "Kran!Ausleger7", confirmPassword: "Kran!Ausleger7" }),
    expect: X(400, 400, 400, 400, 400, 400),
  },
  { method: "GET", route: "/api/setup-status", url: () => "/api/setup-status", expect: SUPER_ONLY },
  { method: "GET", route: "/api/findings/rule-stats", url: () => "/api/findings/rule-stats", expect: SUPER_ONLY },

  { method: "GET", route: "/api/companies", url: () => "/api/companies", expect: SUPER_ONLY },
  {
    method: "POST",
    route: "/api/companies",
    url: () => "/api/companies",
    body: () => ({ name: "Neu GmbH", address: "Weg 1", contactEmail: "neu@x.de" }),
    expect: SUPER_ONLY,
  },
  { method: "GET", route: "/api/companies/:id", url: () => `/api/companies/${f.companyA}`, expect: COMPANY_MEMBERS },
  {
    method: "PATCH",
    route: "/api/companies/:id",
    url: () => `/api/companies/${f.companyA}`,
    body: () => ({ contactPhone: "+49 6033 1" }),
    expect: COMPANY_ADMINS,
  },
  {
    method: "PATCH",
    route: "/api/companies/:id/chatbot-limits",
    url: () => `/api/companies/${f.companyA}/chatbot-limits`,
    body: () => ({ freeChatbotRequestsPerMonth: -1 }),
    expect: SUPER_ONLY,
  },
  {
    method: "DELETE",
    route: "/api/companies/:id",
    url: async () => `/api/companies/${await fresh.company()}`,
    expect: X(401, 403, 403, 403, 403, "ok"),
  },
  {
    method: "POST",
    route: "/api/companies/:id/logo",
    url: () => `/api/companies/${f.companyA}/logo`,
    multipart: () => ({ field: "logo", fileName: "logo.png", type: "image/png", data: PNG }),
    expect: COMPANY_ADMINS,
  },
  { method: "GET", route: "/api/companies/:id/logo", url: () => `/api/companies/${f.companyA}/logo`, expect: COMPANY_MEMBERS },
  {
    method: "GET",
    route: "/api/companies/:id/chatbot-usage",
    url: () => `/api/companies/${f.companyA}/chatbot-usage`,
    expect: COMPANY_MEMBERS,
  },

  { method: "GET", route: "/api/projects", url: () => "/api/projects", expect: ALL_SIGNED_IN },
  {
    method: "GET",
    route: "/api/companies/:companyId/projects",
    url: () => `/api/companies/${f.companyA}/projects`,
    expect: COMPANY_MEMBERS,
  },
  { method: "GET", route: "/api/projects/:id", url: () => `/api/projects/${f.projectA}`, expect: COMPANY_MEMBERS },
  {
    method: "POST",
    route: "/api/projects",
    url: () => "/api/projects",
    multipart: () => ({
      field: "file",
      fileName: "lv.x83",
      type: "application/xml",
      data: Buffer.from("<GAEB/>"),
      fields: { name: "Matrix-Projekt" },
    }),
    expect: X(401, 403, "ok", 403, "ok", "ok"),
  },
  {
    method: "PUT",
    route: "/api/projects/:id",
    url: () => `/api/projects/${f.projectA}`,
    body: () => ({ description: "Geändert" }),
    expect: PROJECT_MANAGERS,
  },
  {
    method: "DELETE",
    route: "/api/projects/:id",
    url: async () => `/api/projects/${await fresh.project()}`,
    expect: X(401, 403, "ok", 404, 404, "ok"),
  },
  {
    method: "POST",
    route: "/api/projects/:id/upload-html",
    url: () => `/api/projects/${f.projectA}/upload-html`,
    multipart: () => ({ field: "htmlFile", fileName: "a.html", type: "text/html", data: Buffer.from("<h1>Neu</h1>") }),
    expect: PROJECT_MANAGERS,
  },
  {
    method: "POST",
    route: "/api/projects/:id/upload-input",
    url: () => `/api/projects/${f.projectA}/upload-input`,
    multipart: () => ({ field: "file", fileName: "lv2.x83", type: "application/xml", data: Buffer.from("<GAEB/>") }),
    expect: PROJECT_MANAGERS,
  },
  {
    method: "GET",
    route: "/api/projects/:id/download-input",
    url: () => `/api/projects/${f.projectA}/download-input`,
    expect: COMPANY_MEMBERS,
  },
  {
    method: "GET",
    route: "/api/projects/:id/download-output",
    url: () => `/api/projects/${f.projectA}/download-output`,
    expect: X(401, 403, "ok", 404, 404, "ok"),
  },
  { method: "GET", route: "/api/projects/:id/files", url: () => `/api/projects/${f.projectA}/files`, expect: COMPANY_MEMBERS },
  {
    method: "GET",
    route: "/api/projects/:id/contract-documents",
    url: () => `/api/projects/${f.projectA}/contract-documents`,
    expect: COMPANY_MEMBERS,
  },
  {
    method: "POST",
    route: "/api/projects/:id/contract-documents",
    url: () => `/api/projects/${f.projectA}/contract-documents`,
    multipart: () => ({
      field: "file",
      fileName: "ZVB.txt",
      type: "text/plain",
      data: Buffer.from("Skonto: 2 % bei Zahlung binnen 10 Tagen."),
    }),
    expect: PROJECT_MANAGERS,
  },
  {
    method: "DELETE",
    route: "/api/projects/:id/contract-documents/:documentId",
    url: async () => {
      const data = Buffer.from("Gerichtsstand ist der Sitz des Auftraggebers.");
      const [doc] = await ctx.db
        .insert(projectFiles)
        .values({
          projectId: f.projectA,
          kind: "contract",
          fileName: `BVB-${++counter}.txt`,
          extension: "txt",
          mimeType: "text/plain",
          size: data.length,
          sha256: "0".repeat(64),
          data,
        })
        .returning({ id: projectFiles.id });
      return `/api/projects/${f.projectA}/contract-documents/${doc.id}`;
    },
    expect: PROJECT_MANAGERS,
  },
  {
    method: "GET",
    route: "/api/projects/:id/files/:fileId/download",
    url: async () => {
      const [file] = await ctx.db.select({ id: projectFiles.id }).from(projectFiles).where(eq(projectFiles.projectId, f.projectA)).limit(1);
      return `/api/projects/${f.projectA}/files/${file.id}/download`;
    },
    expect: COMPANY_MEMBERS,
  },
  { method: "GET", route: "/api/projects/:id/result", url: () => `/api/projects/${f.projectA}/result`, expect: COMPANY_MEMBERS },
  { method: "GET", route: "/api/projects/:id/boq", url: () => `/api/projects/${f.projectA}/boq`, expect: COMPANY_MEMBERS },
  // Same access as the LV; the fixture's LV is not read (yet), so those who may see it get 409.
  {
    method: "GET",
    route: "/api/projects/:id/boq/export.xlsx",
    url: () => `/api/projects/${f.projectA}/boq/export.xlsx`,
    expect: X(401, 409, 409, 404, 404, 409),
  },
  {
    method: "GET",
    route: "/api/projects/:id/boq/summary",
    url: () => `/api/projects/${f.projectA}/boq/summary`,
    expect: X(401, 409, 409, 404, 404, 409),
  },
  {
    method: "GET",
    route: "/api/projects/:id/boq/export.x83",
    url: () => `/api/projects/${f.projectA}/boq/export.x83`,
    expect: X(401, 409, 409, 404, 404, 409),
  },
  {
    method: "GET",
    route: "/api/projects/:id/boq/export.x84",
    url: () => `/api/projects/${f.projectA}/boq/export.x84`,
    expect: X(401, 409, 409, 404, 404, 409),
  },
  {
    method: "PUT",
    route: "/api/projects/:id/boq/mapping",
    url: () => `/api/projects/${f.projectA}/boq/mapping`,
    body: () => ({ headerRow: 0, columns: { oz: 0, shortText: 1 } }),
    // Project managers only; the LV of the fixture is GAEB, so even they get "only for sheets".
    expect: X(401, 403, 409, 404, 404, 409),
  },
  {
    method: "PATCH",
    route: "/api/projects/:id/findings/:findingId",
    url: () => `/api/projects/${f.projectA}/findings/unbekannt`,
    body: () => ({ decision: "confirmed" }),
    expect: X(401, 403, 403, 404, 404, 409),
  },
  {
    method: "POST",
    route: "/api/projects/:id/findings",
    url: () => `/api/projects/${f.projectA}/findings`,
    body: () => ({ title: "Eigener Befund", why: "Weil", severity: "hinweis" }),
    expect: X(401, 403, 403, 404, 404, 409),
  },
  {
    method: "POST",
    route: "/api/projects/:id/evaluation-draft",
    url: () => `/api/projects/${f.projectA}/evaluation-draft`,
    expect: X(401, 403, 403, 403, 403, 409),
  },

  // Second factor, passkeys and sessions (issue 14): everything concerns the own account.
  {
    method: "POST",
    route: "/api/login/mfa",
    url: () => "/api/login/mfa",
    body: () => ({ code: "123456" }),
    expect: X(401, 401, 401, 401, 401, 401),
  },
  {
    method: "POST",
    route: "/api/login/passkey/options",
    url: () => "/api/login/passkey/options",
    body: () => ({}),
    expect: X("ok", "ok", "ok", "ok", "ok", "ok"),
  },
  {
    method: "POST",
    route: "/api/login/passkey",
    url: () => "/api/login/passkey",
    body: () => ({ response: FAKE_ASSERTION }),
    expect: X(401, 401, 401, 401, 401, 401),
  },
  { method: "GET", route: "/api/user/mfa", url: () => "/api/user/mfa", expect: ALL_SIGNED_IN },
  {
    method: "POST",
    route: "/api/user/mfa/totp",
    url: () => "/api/user/mfa/totp",
    body: () => ({ password: "Sicher!Passwort1" }),
    freshActor: true,
    expect: ALL_SIGNED_IN,
  },
  // Fresh actors have no enrolment under way: 400 for everyone signed in.
  {
    method: "POST",
    route: "/api/user/mfa/totp/confirm",
    url: () => "/api/user/mfa/totp/confirm",
    body: () => ({ code: "123456" }),
    freshActor: true,
    expect: X(401, 400, 400, 400, 400, 400),
  },
  {
    method: "DELETE",
    route: "/api/user/mfa",
    url: () => "/api/user/mfa",
    body: () => ({ password: "Sicher!Passwort1" }),
    expect: ALL_SIGNED_IN,
  },
  // Without TOTP there are no recovery codes to renew.
  {
    method: "POST",
    route: "/api/user/mfa/recovery-codes",
    url: () => "/api/user/mfa/recovery-codes",
    body: () => ({ password: "Sicher!Passwort1" }),
    expect: X(401, 409, 409, 409, 409, 409),
  },
  { method: "GET", route: "/api/user/passkeys", url: () => "/api/user/passkeys", expect: ALL_SIGNED_IN },
  {
    method: "POST",
    route: "/api/user/passkeys/options",
    url: () => "/api/user/passkeys/options",
    body: () => ({ password: "Sicher!Passwort1" }),
    expect: ALL_SIGNED_IN,
  },
  {
    method: "POST",
    route: "/api/user/passkeys",
    url: () => "/api/user/passkeys",
    body: () => ({ name: "Laptop", response: FAKE_ATTESTATION }),
    expect: X(401, 400, 400, 400, 400, 400),
  },
  {
    method: "DELETE",
    route: "/api/user/passkeys/:id",
    url: async () => `/api/user/passkeys/${await fresh.passkey()}`,
    body: () => ({ password: "Sicher!Passwort1" }),
    expect: X(401, "ok", 404, 404, 404, 404),
  },
  { method: "GET", route: "/api/user/sessions", url: () => "/api/user/sessions", expect: ALL_SIGNED_IN },
  {
    method: "DELETE",
    route: "/api/user/sessions/:id",
    url: async () => `/api/user/sessions/${await fresh.session()}`,
    expect: X(401, "ok", 404, 404, 404, 404),
  },
  {
    method: "POST",
    route: "/api/user/sessions/end-others",
    url: () => "/api/user/sessions/end-others",
    body: () => ({}),
    freshActor: true,
    expect: ALL_SIGNED_IN,
  },
  {
    method: "POST",
    route: "/api/users/:id/mfa/reset",
    url: async () => `/api/users/${await fresh.user()}/mfa/reset`,
    body: () => ({}),
    expect: SUPER_ONLY,
  },
  {
    method: "PATCH",
    route: "/api/companies/:id/mfa-policy",
    url: () => `/api/companies/${f.companyA}/mfa-policy`,
    body: () => ({ mfaRequired: false }),
    expect: COMPANY_ADMINS,
  },

  {
    method: "POST",
    route: "/api/user/change-password",
    url: () => "/api/user/change-password",
    body: () => ({ currentPassword: "Sicher!Passwort1", newPassword: "Sicher!Passwort1" }),
    freshActor: true,
    expect: ALL_SIGNED_IN,
  },
  { method: "DELETE", route: "/api/user/delete-profile", url: () => "/api/user/delete-profile", freshActor: true, expect: ALL_SIGNED_IN },
  { method: "GET", route: "/api/users", url: () => "/api/users", expect: X(401, 403, "ok", 403, "ok", "ok") },
  {
    method: "PATCH",
    route: "/api/users/:id",
    url: async () => `/api/users/${await fresh.user()}`,
    body: () => ({ role: "user" }),
    expect: COMPANY_ADMINS,
  },
  {
    method: "POST",
    route: "/api/users/:id/reset-password",
    url: async () => `/api/users/${await fresh.user()}/reset-password`,
    body: () => ({ newPassword: "Neu!Passwort2" }),
    expect: COMPANY_ADMINS,
  },
  { method: "DELETE", route: "/api/users/:id", url: async () => `/api/users/${await fresh.user()}`, expect: COMPANY_ADMINS },
  // Lifting a sign-in lock after wrong passwords is a super admin's act (issue 22, item 3).
  {
    method: "POST",
    route: "/api/users/:id/unlock-login",
    url: async () => `/api/users/${await fresh.user()}/unlock-login`,
    body: () => ({}),
    expect: SUPER_ONLY,
  },
  {
    method: "GET",
    route: "/api/impersonate/:userId",
    url: () => `/api/impersonate/${f.users.userA.id}`,
    freshActor: true,
    expect: X(401, 403, 403, 403, 403, "ok"),
  },
  { method: "GET", route: "/api/stop-impersonation", url: () => "/api/stop-impersonation", expect: X(401, 400, 400, 400, 400, 400) },

  {
    method: "POST",
    route: "/api/membership-request",
    url: () => "/api/membership-request",
    body: () => ({
      firmenname: "Bau GmbH",
      rechtsform: "GmbH",
      strasse: "Weg 1",
      plz: "35510",
      ort: "Butzbach",
      ansprechpartner: "A. B.",
      email: "a@b.de",
      telefon: "0603312",
      rechnungsEmail: "r@b.de",
      kontaktWunsch: "email",
      packageId: 1,
    }),
    expect: X("ok", "ok", "ok", "ok", "ok", "ok"),
  },
  {
    method: "POST",
    route: "/api/contact",
    url: () => "/api/contact",
    body: () => ({ name: "Max", email: "m@b.de", company: "", message: "Hallo" }),
    expect: X("ok", "ok", "ok", "ok", "ok", "ok"),
  },
  { method: "GET", route: "/api/inquiries", url: () => "/api/inquiries", expect: SUPER_ONLY },
  { method: "GET", route: "/api/orders/summary", url: () => "/api/orders/summary", expect: SUPER_ONLY },

  // The API description and its reference page are public (docs/decisions/0013-api-description.md,
  // confirmed in docs/security.md for issue 22).
  ...["/api/openapi.json", "/api/docs", "/api/docs/json", "/api/docs/yaml", "/api/docs/static/swagger-initializer.js"].map((route) => ({
    method: "GET",
    route,
    url: () => route,
    expect: X("ok", "ok", "ok", "ok", "ok", "ok"),
  })),
  {
    method: "GET",
    route: "/api/docs/static/index.html",
    url: () => "/api/docs/static/index.html",
    expect: X("ok", "ok", "ok", "ok", "ok", "ok"),
  },
  {
    method: "GET",
    route: "/api/docs/static/*",
    url: () => "/api/docs/static/swagger-ui.css",
    expect: X("ok", "ok", "ok", "ok", "ok", "ok"),
  },

  {
    method: "POST",
    route: "/api/chatbot/:type",
    url: () => "/api/chatbot/legal",
    body: () => ({ message: "Was regelt § 13 VOB/B?" }),
    expect: ALL_SIGNED_IN,
  },
  { method: "GET", route: "/api/chatbot/conversations/:type", url: () => "/api/chatbot/conversations/legal", expect: ALL_SIGNED_IN },
  {
    method: "GET",
    route: "/api/chatbot/conversation/:id",
    url: () => `/api/chatbot/conversation/${f.conversationA}`,
    expect: X(401, "ok", 404, 404, 404, 404),
  },
  { method: "GET", route: "/api/chatbot/prompts/:type", url: () => "/api/chatbot/prompts/legal", expect: SUPER_ONLY },
  {
    method: "POST",
    route: "/api/chatbot/prompt",
    url: () => "/api/chatbot/prompt",
    body: () => ({ chatbotType: "legal", systemPrompt: "Du bist ein Assistent für Baurecht.", description: "Matrix", isActive: true }),
    expect: SUPER_ONLY,
  },
  { method: "GET", route: "/api/chatbot/knowledge", url: () => "/api/chatbot/knowledge?type=legal", expect: SUPER_ONLY },
  { method: "GET", route: "/api/chatbot/knowledge/:id", url: () => `/api/chatbot/knowledge/${f.articleId}`, expect: SUPER_ONLY },
  {
    method: "POST",
    route: "/api/chatbot/knowledge",
    url: () => "/api/chatbot/knowledge",
    body: () => ({
      chatbotType: "legal",
      title: `Neu ${++counter}`,
      content: "Ein neuer Artikel mit Inhalt.",
      documentType: "leitfaden",
      tags: [],
      sources: ["VOB/B"],
    }),
    expect: SUPER_ONLY,
  },
  {
    method: "PUT",
    route: "/api/chatbot/knowledge/:id",
    url: () => `/api/chatbot/knowledge/${f.articleId}`,
    body: () => ({
      chatbotType: "legal",
      title: "Geändert",
      content: "Geänderter Inhalt des Artikels.",
      documentType: "leitfaden",
      tags: [],
      sources: ["VOB/B"],
    }),
    expect: SUPER_ONLY,
  },
  {
    method: "DELETE",
    route: "/api/chatbot/knowledge/:id",
    url: async () => `/api/chatbot/knowledge/${await fresh.article()}`,
    expect: SUPER_ONLY,
  },
  { method: "GET", route: "/api/chatbot/ledger", url: () => "/api/chatbot/ledger", expect: SUPER_ONLY },

  { method: "GET", route: "/api/analysis-prompts", url: () => "/api/analysis-prompts", expect: SUPER_ONLY },
  { method: "GET", route: "/api/reference-prices", url: () => "/api/reference-prices", expect: SUPER_ONLY },
  {
    method: "PUT",
    route: "/api/reference-prices",
    url: () => "/api/reference-prices",
    body: () => ({ ...DEFAULT_REFERENCE_PRICES, source: "Matrix" }),
    expect: SUPER_ONLY,
  },
  { method: "DELETE", route: "/api/reference-prices", url: () => "/api/reference-prices", expect: SUPER_ONLY },
  {
    method: "POST",
    route: "/api/analysis-prompts",
    url: () => "/api/analysis-prompts",
    body: () => ({ systemPrompt: "Sie prüfen Leistungsverzeichnisse.", description: "Matrix", isActive: true }),
    expect: SUPER_ONLY,
  },
  {
    method: "POST",
    route: "/api/analysis-prompts/default/activate",
    url: () => "/api/analysis-prompts/default/activate",
    expect: SUPER_ONLY,
  },
  // Version 1 was saved by the super admin in the row above.
  { method: "POST", route: "/api/analysis-prompts/:id/activate", url: () => "/api/analysis-prompts/1/activate", expect: SUPER_ONLY },
  { method: "GET", route: "/api/admin/readings", url: () => "/api/admin/readings", expect: SUPER_ONLY },
  {
    method: "POST",
    route: "/api/admin/readings/:jobId/requeue",
    url: async (fx) => `/api/admin/readings/${await failedReading(fx.projectA)}/requeue`,
    expect: SUPER_ONLY,
  },
];

beforeAll(async () => {
  ctx = await createTestApp();
  const companyA = await ctx.createCompany("Matrix A", { freeChatbotRequestsPerMonth: -1 });
  const companyB = await ctx.createCompany("Matrix B", { freeChatbotRequestsPerMonth: -1 });
  const users = {
    userA: await ctx.createUser("user", companyA),
    adminA: await ctx.createUser("company_admin", companyA),
    userB: await ctx.createUser("user", companyB),
    adminB: await ctx.createUser("company_admin", companyB),
    super: await ctx.createUser("super_admin", null),
  };
  f = { companyA, companyB, projectA: 0, conversationA: 0, articleId: 0, users };
  f.projectA = (await freshProject(companyA, users.adminA.id)).id;
  const [conv] = await ctx.db
    .insert(chatbotConversations)
    .values({ userId: users.userA.id, chatbotType: "legal", title: "Frage" })
    .returning();
  f.conversationA = conv.id;
  f.articleId = await fresh.article();
  // The logo route needs a logo to read.
  await send(
    ROWS.find((r) => r.route === "/api/companies/:id/logo" && r.method === "POST")!,
    users.adminA,
  );
});
afterAll(() => ctx.close());

async function actorFor(actor: Actor, row: Row): Promise<TestUser | null> {
  if (actor === "anon") return null;
  if (!row.freshActor) return f.users[actor];
  const kind = {
    userA: ["user", f.companyA],
    adminA: ["company_admin", f.companyA],
    userB: ["user", f.companyB],
    adminB: ["company_admin", f.companyB],
    super: ["super_admin", null],
  } as const;
  const [role, company] = kind[actor];
  return ctx.createUser(role, company);
}

/** How the path is written: as the route reads, or walked around (issue 22, item 1). */
type Spelling = (url: string) => string;
const AS_IS: Spelling = (url) => url;
/** `/%61pi/…`: the router decodes it to /api/…, so every decision must too. */
const ENCODED: Spelling = (url) =>
  url.replace(/^\/api\//, "/%61pi/").replace(/\/([a-z])/, (_m, c: string) => `/%${c.charCodeAt(0).toString(16)}`);
/** Spellings the router does not match: they must reach no route at all. */
const UNROUTED: Record<string, Spelling> = {
  "doubled slash": (url) => `/${url}`,
  "inner doubled slash": (url) => url.replace(/^\/api\//, "/api//"),
  "mixed case": (url) => url.replace(/^\/api\//, "/API/"),
  "mixed case segment": (url) => url.replace(/^\/api\/([a-z])/, (_m, c: string) => `/api/${c.toUpperCase()}`),
};

async function send(row: Row, user: TestUser | null, spell: Spelling = AS_IS) {
  const url = spell(await row.url(f));
  if (row.multipart) {
    const m = row.multipart(f);
    const { body, headers } = multipart(m.fields ?? {}, [{ field: m.field, name: m.fileName, type: m.type, data: m.data }]);
    return ctx.request(row.method, url, { user, body, headers });
  }
  const body = row.body?.(f);
  return ctx.request(row.method, url, { user, ...(body !== undefined ? { body, headers: { "content-type": "application/json" } } : {}) });
}

describe("authorization matrix", () => {
  it("has a row for every API route the app serves", () => {
    const served = ctx.app.registeredRoutes.filter((r) => r.url.startsWith("/api/")).map((r) => `${r.method} ${r.url}`);
    const covered = new Set(ROWS.map((r) => `${r.method} ${r.route}`));
    expect(served.filter((s) => !covered.has(s))).toEqual([]);
    expect([...covered].filter((c) => !served.includes(c))).toEqual([]);
  });

  for (const row of ROWS) {
    it(`${row.method} ${row.route}`, async () => {
      const got: Record<string, Expect> = {};
      for (const actor of ACTORS) {
        const res = await send(row, await actorFor(actor, row));
        got[actor] = res.statusCode >= 200 && res.statusCode < 400 ? "ok" : res.statusCode;
      }
      const want = row.expect;
      expect(got).toEqual(want);
    });
  }
});

describe("authorization matrix on percent-encoded paths (/%61pi/…)", () => {
  // The Swagger UI assets are public files; @fastify/static does not decode their names (404).
  for (const row of ROWS.filter((r) => r.route !== "/api/docs/static/*")) {
    it(`${row.method} ${row.route}`, async () => {
      const got: Record<string, Expect> = {};
      for (const actor of ACTORS) {
        const res = await send(row, await actorFor(actor, row), ENCODED);
        got[actor] = res.statusCode >= 200 && res.statusCode < 400 ? "ok" : res.statusCode;
      }
      expect(got).toEqual(row.expect);
    });
  }
});

describe("doubled-slash and mixed-case paths reach no route", () => {
  for (const row of ROWS.filter((r) => !r.route.startsWith("/api/docs"))) {
    it(`${row.method} ${row.route}`, async () => {
      const wrong: string[] = [];
      for (const [label, spell] of Object.entries(UNROUTED)) {
        for (const actor of ["anon", "super"] as const) {
          const res = await send(row, await actorFor(actor, row), spell);
          // 404 from the not-found handler, or the client page (503 here: no client is built).
          if (res.statusCode !== 404 && res.statusCode !== 503) wrong.push(`${label} as ${actor}: ${res.statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
