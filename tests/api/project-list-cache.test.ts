// The project list cache's memory is bounded (issue 16): whole lists, pages and searches share an
// LRU with a byte budget however many query variants are asked for, what is served stays correct
// after evictions, and a write through this instance shows in the next page. Runs the cache on a
// real database (PGlite or PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { companies, users } from "../../src/server/db/schema";
import { createProjectListCache, type ListScope } from "../../src/server/projects/list-cache";
import { firstStart } from "../../src/server/seed/first-start";
import { loadConfig } from "../../src/server/config";
import { DEMO_PROJECT_ID } from "../../src/common/project-access";

const COMPANIES = 12;
const PER_COMPANY = 40;
const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;

let t: TestDatabase;
let companyIds: number[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
  const { db } = t.database;
  await firstStart(db, loadConfig({}), silent);
  companyIds = (
    await db
      .insert(companies)
      .values(Array.from({ length: COMPANIES }, (_, i) => ({ name: `Firma ${i + 1} GmbH`, contactEmail: `info@firma${i + 1}.de` })))
      .returning({ id: companies.id })
  ).map((c) => c.id);
  for (const companyId of companyIds) {
    const [u] = await db
      .insert(users)
      .values({
        username: `admin_${companyId}`,
        email: `admin_${companyId}@firma.de`,
        passwordHash: "x",
        firstName: "A",
        lastName: "B",
        role: "company_admin",
        companyId,
      })
      .returning({ id: users.id });
    await db.execute(sql`
      insert into projects (name, cost_center, contact_person, company_id, created_by, created_at)
      select 'Projekt ' || ${companyId}::int || '-' || lpad(n::text, 3, '0'), 'KST-' || ${companyId}::int || '-' || lpad(n::text, 3, '0'), 'Bauleitung', ${companyId}::int, ${u.id}::int,
             timestamp '2030-01-01' + make_interval(mins => n)
      from generate_series(1, ${PER_COMPANY}::int) n`);
  }
}, 60_000);
afterAll(() => t.drop());

const scopeOf = (companyId: number): ListScope => ({ shape: "companyAndDemo", companyId });
type Row = { id: number; companyId: number | null; costCenter: string | null };
const parse = (json: string) => JSON.parse(json) as Row[];

/** The list as the database has it, newest first (what every read must return). */
async function expected(companyId: number): Promise<number[]> {
  const res = (await t.database.db.execute(
    sql`select id from projects where company_id = ${companyId} or id = ${DEMO_PROJECT_ID} order by created_at desc, id desc`,
  )) as unknown as { rows: { id: number }[] };
  return res.rows.map((r) => Number(r.id));
}

describe("project list cache memory", () => {
  it("keeps whole lists within the byte budget, evicting the least recently used, and serves correct lists after eviction", async () => {
    const writes = { count: 0 };
    // Measure one list's footprint with a roomy cache, then give a budget for about three.
    const probe = createProjectListCache(t.database.db, writes, 60_000);
    await probe.list(scopeOf(companyIds[0]));
    const oneList = probe.stats().bytes;
    expect(oneList).toBeGreaterThan(PER_COMPANY * 200);
    const budget = Math.floor(oneList * 3.5);

    const cache = createProjectListCache(t.database.db, writes, 60_000, budget);
    for (let round = 0; round < 2; round++) {
      for (const companyId of companyIds) {
        const { json, total } = await cache.list(scopeOf(companyId));
        expect(parse(json).map((r) => r.id)).toEqual(await expected(companyId));
        expect(total).toBe(PER_COMPANY + 1);
        const stats = cache.stats();
        expect(stats.bytes).toBeLessThanOrEqual(budget);
        expect(stats.entries).toBeLessThanOrEqual(3);
      }
    }
    // The most recently used stay: reading the last company again needs no rebuild of the others.
    expect(cache.stats().entries).toBe(3);
  });

  it("does not keep a list larger than the budget, and still serves it", async () => {
    const cache = createProjectListCache(t.database.db, { count: 0 }, 60_000, 1_000);
    const { json } = await cache.list(scopeOf(companyIds[1]));
    expect(parse(json).map((r) => r.id)).toEqual(await expected(companyIds[1]));
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it("answers 1 000 distinct page and search variants correctly within the budget", async () => {
    const budget = 64 * 1024;
    const cache = createProjectListCache(t.database.db, { count: 0 }, 60_000, budget);
    let most = 0;
    const lists = new Map<number, number[]>();
    for (const companyId of companyIds) lists.set(companyId, await expected(companyId));
    for (let i = 0; i < 1_000; i++) {
      const companyId = companyIds[i % COMPANIES];
      const all = lists.get(companyId)!;
      if (i % 2 === 0) {
        // A page: limit 1..20 from offset 0..40, newest or oldest first.
        const limit = 1 + (i % 20);
        const offset = (i * 7) % (PER_COMPANY + 1);
        const sort = i % 4 === 0 ? "-createdAt" : "createdAt";
        const page = await cache.page(scopeOf(companyId), { limit, offset, q: "", sort });
        const order = sort === "-createdAt" ? all : [...all].reverse();
        expect(parse(page.json).map((r) => r.id)).toEqual(order.slice(offset, offset + limit));
        expect(page.total).toBe(PER_COMPANY + 1);
      } else {
        // A search for one cost centre: exactly that project, only within the caller's company.
        const n = 1 + (i % PER_COMPANY);
        const q = `kst-${companyId}-${String(n).padStart(3, "0")}`;
        const found = await cache.page(scopeOf(companyId), { limit: 10, offset: 0, q, sort: "-createdAt" });
        const rows = parse(found.json);
        expect(found.total).toBe(1);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ companyId, costCenter: q.toUpperCase() });
      }
      const stats = cache.stats();
      expect(stats.bytes).toBeLessThanOrEqual(budget);
      most = Math.max(most, stats.entries);
    }
    // Small pages and searches were kept (the cache works), the rest evicted; one summary per scope.
    expect(most).toBeGreaterThan(3);
    expect(cache.stats().summaries).toBeLessThanOrEqual(COMPANIES);
    // Asked again after all those evictions, the first variants are still right.
    const again = await cache.page(scopeOf(companyIds[0]), { limit: 1, offset: 0, q: "", sort: "-createdAt" });
    expect(parse(again.json).map((r) => r.id)).toEqual(lists.get(companyIds[0])!.slice(0, 1));
  }, 120_000);

  it("shows a write through this instance in the very next page, and one made elsewhere after cacheStaleMs", async () => {
    const writes = { count: 0 };
    const staleMs = 300;
    const cache = createProjectListCache(t.database.db, writes, staleMs);
    const companyId = companyIds[2];
    const first = async () => parse((await cache.page(scopeOf(companyId), { limit: 1, offset: 0, q: "", sort: "-createdAt" })).json)[0].id;
    const before = await first();
    expect(await first()).toBe(before);
    const insert = async (name: string) => {
      const res = (await t.database.db.execute(
        sql`insert into projects (name, company_id, created_by, created_at) select ${name}, ${companyId}::int, created_by, timestamp '2031-01-01' + make_interval(secs => (select count(*) from projects)::int) from projects where company_id = ${companyId} limit 1 returning id`,
      )) as unknown as { rows: { id: number }[] };
      return Number(res.rows[0].id);
    };
    // Through this instance: the write request moves the counter before its answer goes out.
    const mine = await insert("Neu über diese Instanz");
    writes.count++;
    expect(await first()).toBe(mine);
    // Elsewhere: the cached page is served until the scope's fingerprint is checked again.
    const theirs = await insert("Neu über eine andere Instanz");
    expect(await first()).toBe(mine);
    await new Promise((r) => setTimeout(r, staleMs + 50));
    await expect.poll(first, { timeout: 3_000, interval: 100 }).toBe(theirs);
  });
});
