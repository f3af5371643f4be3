// Tender uploads are limited per company (UPLOAD_RATE_LIMIT per 10 minutes over project create
// with file and upload-input together): one company cannot keep the readers busy for all others.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../helpers/app";
import { createProject, createWorld, multipart, uploadHtml, uploadInput, type World } from "./projects.helpers";
import { UPLOAD_RATE_MESSAGE } from "../../src/server/projects/routes";

const LIMIT = 3;
let ctx: TestContext;
let w: World;

beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: true, uploadRateLimit: LIMIT });
  w = await createWorld(ctx);
});
afterAll(() => ctx.close());

const create = (user: World["adminA"]) => {
  const { body, headers } = multipart({ name: "Neubau Kita" }, [
    { field: "file", name: "LV.x83", type: "application/xml", data: "<GAEB/>" },
  ]);
  return ctx.request("POST", "/api/projects", { user, body, headers });
};

describe("upload rate limit per company", () => {
  it("counts project creation and upload-input of all users of a company together, then answers 429 in German", async () => {
    const projectId = await createProject(ctx, w.adminA); // 1
    expect((await uploadInput(ctx, w.adminA, projectId)).statusCode).toBe(200); // 2
    expect((await uploadInput(ctx, w.userA, projectId)).statusCode).not.toBe(429); // 3 (a user may not manage: 403/404, still counted)

    const blocked = await create(w.adminA);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(UPLOAD_RATE_MESSAGE);
    expect(blocked.headers["retry-after"]).toBeDefined();
    const blockedUpload = await uploadInput(ctx, w.adminA, projectId);
    expect(blockedUpload.statusCode).toBe(429);
    expect(blockedUpload.json().message).toMatch(/zu viele Leistungsverzeichnisse/);
  });

  it("leaves other companies alone", async () => {
    for (let i = 0; i < LIMIT; i++) expect((await create(w.adminB)).statusCode).toBe(201);
    expect((await create(w.adminB)).statusCode).toBe(429);
  });

  it("counts each super admin alone and does not limit the evaluation upload", async () => {
    const projectId = await createProject(ctx, w.superAdmin, { companyId: String(w.companyA) });
    for (let i = 0; i < LIMIT - 1; i++) expect((await uploadInput(ctx, w.superAdmin, projectId)).statusCode).toBe(200);
    expect((await uploadInput(ctx, w.superAdmin, projectId)).statusCode).toBe(429);
    for (let i = 0; i < LIMIT + 2; i++) expect((await uploadHtml(ctx, w.superAdmin, projectId)).statusCode).toBe(200);
  });

  it("is off with RATE_LIMIT=off", async () => {
    const open = await createTestApp({ rateLimit: false, uploadRateLimit: 1 });
    try {
      const world = await createWorld(open);
      for (let i = 0; i < 3; i++) expect((await createProject(open, world.adminA)) > 0).toBe(true);
    } finally {
      await open.close();
    }
  });
});
