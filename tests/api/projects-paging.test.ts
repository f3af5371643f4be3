// Paged, searched and sorted project lists (limit, offset, q, sort; X-Total-Count). Without
// parameters the lists stay the whole array of the cache path.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../helpers/app";
import { projects } from "../../src/server/db/schema";
import { createWorld, type World } from "./projects.helpers";

let ctx: TestContext;
let w: World;
const BASE = Date.parse("2030-01-01T00:00:00Z");

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorld(ctx);
  const rowsA = Array.from({ length: 30 }, (_, i) => {
    const n = String(i + 1).padStart(2, "0");
    return {
      name: `Alpha Projekt ${n}`,
      costCenter: `KST-2030-00${n}`,
      contactPerson: i % 3 === 0 ? "Jörg Müller" : "Anna Schmidt",
      companyId: w.companyA,
      createdBy: w.adminA.id,
      createdAt: new Date(BASE + i * 60_000),
    };
  });
  rowsA.push({
    name: "Sanierung 100%_fertig",
    costCenter: null as unknown as string,
    contactPerson: null as unknown as string,
    companyId: w.companyA,
    createdBy: w.adminA.id,
    createdAt: new Date(BASE - 60_000),
  });
  await ctx.db.insert(projects).values(rowsA);
  await ctx.db.insert(projects).values([
    {
      name: "Alpha Geheim Beta",
      costCenter: "KST-2030-0001",
      contactPerson: "Jörg Müller",
      companyId: w.companyB,
      createdBy: w.adminB.id,
      createdAt: new Date(BASE + 3_600_000),
    },
    {
      name: "Beta Halle",
      costCenter: "B-7",
      contactPerson: "Eva Braun",
      companyId: w.companyB,
      createdBy: w.adminB.id,
      createdAt: new Date(BASE + 3_660_000),
    },
  ]);
});
afterAll(() => ctx.close());

interface Row {
  id: number;
  name: string;
  costCenter: string | null;
  contactPerson: string | null;
  companyId: number | null;
  createdAt: string;
}

async function get(user: TestUser, url: string) {
  const res = await ctx.request("GET", url, { user });
  return { status: res.statusCode, total: res.headers["x-total-count"], body: res.json() as Row[], raw: res };
}
const names = (rows: Row[]) => rows.map((r) => r.name);

describe("without parameters", () => {
  it("returns the whole visible list as before, newest first, with X-Total-Count", async () => {
    const all = await get(w.adminA, "/api/projects");
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    // Company A's 31 projects plus the demo project; never company B's.
    expect(all.body).toHaveLength(32);
    expect(all.total).toBe("32");
    expect(all.body.every((p) => p.companyId === w.companyA || p.id === 1)).toBe(true);
    const times = all.body.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The same DTOs as the pages.
    const page = await get(w.adminA, "/api/projects?limit=200");
    expect(page.body).toEqual(all.body);
    // An empty search counts as no parameter: the cached array.
    expect((await get(w.adminA, "/api/projects?q=")).body).toEqual(all.body);

    const company = await get(w.userB, `/api/companies/${w.companyB}/projects`);
    expect(names(company.body)).toEqual(["Beta Halle", "Alpha Geheim Beta"]);
    expect(company.total).toBe("2");
  });
});

describe("paging", () => {
  it("returns windows of limit rows from offset that together make the whole list", async () => {
    const all = (await get(w.adminA, `/api/companies/${w.companyA}/projects`)).body;
    expect(all).toHaveLength(31);
    const pages: Row[] = [];
    for (let offset = 0; offset < 40; offset += 10) {
      const page = await get(w.adminA, `/api/companies/${w.companyA}/projects?limit=10&offset=${offset}`);
      expect(page.status).toBe(200);
      expect(page.total).toBe("31");
      expect(page.body).toHaveLength(Math.max(0, Math.min(10, 31 - offset)));
      pages.push(...page.body);
    }
    expect(pages.map((p) => p.id)).toEqual(all.map((p) => p.id));
    expect(new Set(pages.map((p) => p.id)).size).toBe(31);

    const first = await get(w.adminA, "/api/projects?limit=3");
    expect(names(first.body)).toEqual(["Alpha Projekt 30", "Alpha Projekt 29", "Alpha Projekt 28"]);
    expect(first.total).toBe("32");
    const past = await get(w.adminA, "/api/projects?limit=5&offset=500");
    expect(past.body).toEqual([]);
    expect(past.total).toBe("32");
  });

  it("shows a row inserted elsewhere (another instance, SQL) within cacheStaleMs, with its total", async () => {
    const [row] = await ctx.db
      .insert(projects)
      .values({ name: "Zulauf Außen", companyId: w.companyA, createdBy: w.adminA.id, createdAt: new Date(BASE + 7_200_000) })
      .returning({ id: projects.id });
    const { eq } = await import("drizzle-orm");
    try {
      // Pages are cached per scope and checked against its fingerprint after cacheStaleMs (1 s).
      await expect
        .poll(
          async () => {
            const page = await get(w.adminA, "/api/projects?limit=1");
            return [...names(page.body), page.total];
          },
          { timeout: 3_000, interval: 200 },
        )
        .toEqual(["Zulauf Außen", "33"]);
    } finally {
      await ctx.db.delete(projects).where(eq(projects.id, row.id));
    }
  });
});

describe("search", () => {
  it("matches name, costCenter and contactPerson case-insensitively, within the caller's projects", async () => {
    const byName = await get(w.adminA, "/api/projects?q=aLpHa%20projekt%2007");
    expect(names(byName.body)).toEqual(["Alpha Projekt 07"]);
    expect(byName.total).toBe("1");

    const byCostCenter = await get(w.adminA, "/api/projects?q=kst-2030-001&limit=200");
    expect(names(byCostCenter.body)).toEqual([
      "Alpha Projekt 19",
      "Alpha Projekt 18",
      "Alpha Projekt 17",
      "Alpha Projekt 16",
      "Alpha Projekt 15",
      "Alpha Projekt 14",
      "Alpha Projekt 13",
      "Alpha Projekt 12",
      "Alpha Projekt 11",
      "Alpha Projekt 10",
    ]);

    const byPerson = await get(w.userA, "/api/projects?q=M%C3%BCLLER&limit=4");
    expect(byPerson.total).toBe("10");
    expect(byPerson.body).toHaveLength(4);
    expect(byPerson.body.every((p) => p.contactPerson === "Jörg Müller" && p.companyId === w.companyA)).toBe(true);

    // Company B's "Alpha Geheim Beta" (same cost centre and contact person) never shows for A.
    const alpha = await get(w.adminA, "/api/projects?q=geheim");
    expect(alpha.body).toEqual([]);
    expect(alpha.total).toBe("0");
    expect(names((await get(w.adminA, `/api/companies/${w.companyA}/projects?q=beta`)).body)).toEqual([]);
    expect(names((await get(w.adminB, "/api/projects?q=alpha")).body)).toEqual(["Alpha Geheim Beta"]);
    expect((await get(w.adminB, "/api/projects?q=kst-2030-0001")).total).toBe("1");
    expect((await ctx.request("GET", `/api/companies/${w.companyB}/projects?q=alpha`, { user: w.adminA })).statusCode).toBe(404);

    // The super admin searches everything.
    const both = await get(w.superAdmin, "/api/projects?q=alpha%20geheim");
    expect(names(both.body)).toEqual(["Alpha Geheim Beta"]);
    expect((await get(w.superAdmin, "/api/projects?q=j%C3%B6rg")).total).toBe("11");
    // Umlauts fold too (JÖRG).
    expect((await get(w.superAdmin, "/api/projects?q=J%C3%96RG")).total).toBe("11");

    // A company admin without a company sees only the demo project, also when searching.
    expect((await get(w.adminNoCompany, "/api/projects?q=alpha")).body).toEqual([]);
  });

  it("takes % and _ literally and reports misses as an empty array", async () => {
    expect(names((await get(w.adminA, "/api/projects?q=%25")).body)).toEqual(["Sanierung 100%_fertig"]);
    expect(names((await get(w.adminA, "/api/projects?q=0%25_f")).body)).toEqual(["Sanierung 100%_fertig"]);
    expect(names((await get(w.adminA, "/api/projects?q=_")).body)).toEqual(["Sanierung 100%_fertig"]);
    const miss = await get(w.adminA, "/api/projects?q=gibt%20es%20nicht");
    expect(miss.status).toBe(200);
    expect(miss.body).toEqual([]);
    expect(miss.total).toBe("0");
    // Surrounding blanks are ignored.
    expect(names((await get(w.adminA, "/api/projects?q=%20%20Projekt%2030%20")).body)).toEqual(["Alpha Projekt 30"]);
  });
});

describe("orders search (view=orders)", () => {
  it("also finds description, company name and creator, which the project list's search does not", async () => {
    const { users } = await import("../../src/server/db/schema");
    const { eq } = await import("drizzle-orm");
    await ctx.db.update(users).set({ firstName: "Kunigunde", lastName: "Ostermeier" }).where(eq(users.id, w.adminB.id));
    const [described] = await ctx.db
      .insert(projects)
      .values({
        name: "Lager Nord",
        description: "Hallenboden mit Industrieestrich",
        companyId: w.companyB,
        createdBy: w.adminB.id,
        createdAt: new Date(BASE + 3_700_000),
      })
      .returning();
    const orders = (q: string) => get(w.superAdmin, `/api/projects?limit=50&view=orders&q=${encodeURIComponent(q)}`);

    const byDescription = await orders("industrieESTRICH");
    expect(names(byDescription.body)).toEqual(["Lager Nord"]);
    expect(byDescription.total).toBe("1");
    // Company B ("Bau Beta AG") by its name: its three projects, newest first.
    const byCompany = await orders("beta ag");
    expect(names(byCompany.body)).toEqual(["Lager Nord", "Beta Halle", "Alpha Geheim Beta"]);
    expect(byCompany.total).toBe("3");
    // The creator by first name, last name or both.
    for (const q of ["kunigunde", "OSTERMEIER", "Kunigunde Ostermeier"])
      expect(names((await orders(q)).body)).toEqual(["Lager Nord", "Beta Halle", "Alpha Geheim Beta"]);
    // The project list's search stays the spec's three fields.
    expect((await get(w.superAdmin, "/api/projects?limit=50&q=industrieestrich")).body).toEqual([]);
    expect((await get(w.superAdmin, "/api/projects?limit=50&q=Ostermeier")).total).toBe("0");
    // A company admin's wide search stays within the own company.
    expect((await get(w.adminA, "/api/projects?limit=50&view=orders&q=beta ag")).total).toBe("0");
    expect((await ctx.request("GET", "/api/projects?view=admin", { user: w.superAdmin })).statusCode).toBe(400);
    await ctx.db.delete(projects).where(eq(projects.id, described.id));
  });
});

describe("sort", () => {
  it("orders by createdAt or name, ascending or descending", async () => {
    const url = `/api/companies/${w.companyA}/projects?limit=3&sort=`;
    expect(names((await get(w.adminA, `${url}createdAt`)).body)).toEqual(["Sanierung 100%_fertig", "Alpha Projekt 01", "Alpha Projekt 02"]);
    expect(names((await get(w.adminA, `${url}-createdAt`)).body)).toEqual(["Alpha Projekt 30", "Alpha Projekt 29", "Alpha Projekt 28"]);
    expect(names((await get(w.adminA, `${url}name`)).body)).toEqual(["Alpha Projekt 01", "Alpha Projekt 02", "Alpha Projekt 03"]);
    expect(names((await get(w.adminA, `${url}-name`)).body)).toEqual(["Sanierung 100%_fertig", "Alpha Projekt 30", "Alpha Projekt 29"]);
    const sortOnly = await get(w.adminA, `/api/companies/${w.companyA}/projects?sort=name`);
    expect(sortOnly.body).toHaveLength(31);
    expect(names(sortOnly.body).slice(-1)).toEqual(["Sanierung 100%_fertig"]);
  });
});

describe("invalid parameters", () => {
  it.each([
    ["limit=0", "limit muss eine Zahl zwischen 1 und 200 sein"],
    ["limit=201", "limit muss eine Zahl zwischen 1 und 200 sein"],
    ["limit=-5", "limit muss eine Zahl zwischen 1 und 200 sein"],
    ["limit=abc", "limit muss eine Zahl zwischen 1 und 200 sein"],
    ["limit=2.5", "limit muss eine Zahl zwischen 1 und 200 sein"],
    ["offset=-1", "offset muss eine ganze Zahl ab 0 sein"],
    ["offset=x", "offset muss eine ganze Zahl ab 0 sein"],
    ["sort=id", "sort muss einer der Werte createdAt, -createdAt, name, -name sein"],
    ["sort=name%3Bdrop", "sort muss einer der Werte createdAt, -createdAt, name, -name sein"],
    [`q=${"x".repeat(201)}`, "Der Suchbegriff darf höchstens 200 Zeichen lang sein"],
    ["q=a&q=b", "Ungültiger Suchbegriff"],
  ])("%s → 400 with a German message and no list", async (query, message) => {
    for (const url of [`/api/projects?${query}`, `/api/companies/${w.companyA}/projects?${query}`]) {
      const res = await ctx.request("GET", url, { user: w.adminA });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.message).toBe(message);
      expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(["message"]));
      expect(Object.keys(body).every((k) => k === "message" || k === "errors")).toBe(true);
      expect(res.headers["x-total-count"]).toBeUndefined();
    }
  });

  it("accepts the bounds 1 and 200", async () => {
    expect((await get(w.adminA, "/api/projects?limit=1")).body).toHaveLength(1);
    expect((await get(w.adminA, "/api/projects?limit=200")).body).toHaveLength(32);
  });
});
