// Project reads: one query joins company, creator and the current files' metadata and lets the
// database build the JSON (one text cell instead of 23 parsed columns per row). File bytes
// (project_files.data) are never selected here.
import { asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { DEMO_PROJECT_ID } from "../../common/project-access";
import { alias } from "drizzle-orm/pg-core";
import type { ProjectDto } from "../../common/types";
import type { ProjectSort } from "../../common/schemas/project";
import type { Db, DbOrTx } from "../db/client";
import type { OrderSummary } from "../../common/schemas/order";
import { boqAnalyses, companies, projectFiles, projects, users } from "../db/schema";

const inputFile = alias(projectFiles, "input_file");
const outputFile = alias(projectFiles, "output_file");

/** The ISO 8601 form of Date.toISOString() (UTC, milliseconds, "Z"), whatever the session time zone. */
const iso = (column: SQL | typeof projects.createdAt) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Every field of ProjectDto (a missing or extra one is a compile error). */
const DTO_FIELDS: Record<keyof ProjectDto, SQL> = {
  id: sql`${projects.id}`,
  name: sql`${projects.name}`,
  costCenter: sql`${projects.costCenter}`,
  contactPerson: sql`${projects.contactPerson}`,
  contactEmail: sql`${projects.contactEmail}`,
  description: sql`${projects.description}`,
  status: sql`${projects.status}`,
  companyId: sql`${projects.companyId}`,
  company: sql`case when ${companies.id} is null then null else json_build_object('id', ${companies.id}, 'name', ${companies.name}) end`,
  createdAt: iso(projects.createdAt),
  updatedAt: iso(projects.updatedAt),
  createdBy: sql`case when ${users.id} is null then null else json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'username', ${users.username}) end`,
  hasInputFile: sql`${inputFile.id} is not null`,
  inputFileName: sql`${inputFile.fileName}`,
  inputFileExtension: sql`${inputFile.extension}`,
  inputFileSize: sql`${inputFile.size}`,
  inputUploadedAt: iso(sql`${inputFile.createdAt}`),
  hasOutputFile: sql`${outputFile.id} is not null`,
  outputFileName: sql`${outputFile.fileName}`,
  outputFileExtension: sql`${outputFile.extension}`,
  outputFileSize: sql`${outputFile.size}`,
  outputUploadedAt: iso(sql`${outputFile.createdAt}`),
  // One row per file (boq_analyses_file_uq), found by its index.
  precheck: sql`(select ${boqAnalyses.status} from ${boqAnalyses} where ${boqAnalyses.fileId} = ${projects.inputFileId})`,
};

const projectObject = sql.join(
  [
    sql`json_build_object(`,
    sql.join(
      Object.entries(DTO_FIELDS).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
      sql`, `,
    ),
    sql`)`,
  ],
  sql``,
);

function fromProjects(db: Db, json: SQL, where: SQL | undefined) {
  return db
    .select({ json: sql<string>`${json}`.as("json") })
    .from(projects)
    .leftJoin(companies, eq(companies.id, projects.companyId))
    .leftJoin(users, eq(users.id, projects.createdBy))
    .leftJoin(inputFile, eq(inputFile.id, projects.inputFileId))
    .leftJoin(outputFile, eq(outputFile.id, projects.outputFileId))
    .where(where);
}

const listJson = sql`coalesce(json_agg(${projectObject} order by ${desc(projects.createdAt)}, ${desc(projects.id)}), '[]')::text`;

/**
 * A cheap summary of the rows a list shows: it changes with every insert, delete and update
 * (all project writes set updated_at), so a cached list can be checked against it.
 */
const fingerprint = sql<string>`count(*)::text || ':' || coalesce(sum(${projects.id}), 0)::text || ':' || coalesce(${iso(sql`max(${projects.updatedAt})`)}, '')`;

/** Which projects a list shows; `companyId` is bound as a parameter. */
export type ListShape = "all" | "demo" | "company" | "companyAndDemo";

/** The shape's filter with the company bound as a value (for the unprepared page queries). */
const shapeWhere = (shape: ListShape, companyId: number | null): SQL | undefined => {
  const company = eq(projects.companyId, companyId ?? -1);
  const demo = eq(projects.id, DEMO_PROJECT_ID);
  return { all: undefined, demo, company, companyAndDemo: or(company, demo) }[shape];
};

/** ILIKE pattern for "contains", with the wildcard characters of the search text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/**
 * The search of the list page: name, costCenter or contactPerson contain q (trigram GIN indexes).
 * The orders page's search also finds the description, the company's name and the creator (the
 * columns it shows): companies and users are searched first through their own trigram indexes.
 */
const searchWhere = (q: string, orders = false): SQL | undefined => {
  const pattern = containsPattern(q);
  const listed = [ilike(projects.name, pattern), ilike(projects.costCenter, pattern), ilike(projects.contactPerson, pattern)];
  if (!orders) return or(...listed);
  return or(
    ...listed,
    ilike(projects.description, pattern),
    sql`${projects.companyId} in (select id from companies where name ilike ${pattern})`,
    sql`${projects.createdBy} in (select id from users where username ilike ${pattern} or first_name ilike ${pattern} or last_name ilike ${pattern} or (first_name || ' ' || last_name) ilike ${pattern})`,
  );
};

/** Sort keys → ORDER BY, with the id as tie-breaker so pages never overlap or skip rows. */
const ORDER: Record<ProjectSort, SQL[]> = {
  createdAt: [asc(projects.createdAt), asc(projects.id)],
  "-createdAt": [desc(projects.createdAt), desc(projects.id)],
  name: [asc(projects.name), asc(projects.id)],
  "-name": [desc(projects.name), desc(projects.id)],
};

export interface ProjectPageRequest {
  limit: number;
  offset: number;
  q: string;
  sort: ProjectSort;
  /** The orders page's wider search (description, company, creator). */
  searchOrders?: boolean;
}

/** ORDER BY inside the page queries (one table, unqualified columns). */
const PAGE_ORDER: Record<ProjectSort, string> = {
  createdAt: "created_at asc, id asc",
  "-createdAt": "created_at desc, id desc",
  name: "name asc, id asc",
  "-name": "name desc, id desc",
};

/**
 * The rows of one page, as a subquery named like the table so DTO_FIELDS apply. Each scope is
 * read in index order with a LIMIT ((company_id, created_at, id), (company_id, name, id) and
 * their company-less forms, migration 0006): "company or demo" is the company's first
 * offset+limit rows UNION ALL the demo row, never `company_id = $1 or id = 1`, which the planner
 * can only answer by reading and sorting all the company's rows.
 */
/** A value in the page SQL: a bound value, or a placeholder of a prepared query. */
type PageValue = SQL | ReturnType<typeof sql.placeholder>;

function pageRows(
  shape: ListShape,
  companyId: PageValue,
  search: SQL | undefined,
  sort: ProjectSort,
  limit: PageValue,
  offset: PageValue,
  firstRows: PageValue,
): SQL {
  const order = sql.raw(PAGE_ORDER[sort]);
  const and = search ? sql` and (${search})` : sql``;
  const company = (n: PageValue) => sql`select * from projects where company_id = ${companyId}${and} order by ${order} limit ${n}`;
  const demo = (others: SQL) => sql`select * from projects where id = ${DEMO_PROJECT_ID}${others}${and}`;
  switch (shape) {
    case "all":
      return sql`select * from projects${search ? sql` where ${search}` : sql``} order by ${order} limit ${limit} offset ${offset}`;
    case "demo":
      return sql`${demo(sql``)} limit ${limit} offset ${offset}`;
    case "company":
      return sql`${company(limit)} offset ${offset}`;
    case "companyAndDemo":
      return sql`select * from ((${company(firstRows)}) union all (${demo(sql` and company_id is distinct from ${companyId}`)})) u order by ${order} limit ${limit} offset ${offset}`;
  }
}

/**
 * The page's JSON array (one text cell). Company, creator and files are looked up per row of the
 * page (LATERAL … OFFSET 0 keeps them nested-loop index lookups: a generic plan must not hash
 * the whole project_files table for 50 rows).
 */
function pageJson(rows: SQL, sort: ProjectSort): SQL {
  const file = (alias: string, column: string) =>
    sql`left join lateral (select id, file_name, extension, size, created_at from project_files where id = ${sql.identifier("projects")}.${sql.identifier(column)} offset 0) ${sql.identifier(alias)} on true`;
  return sql`(select coalesce(json_agg(${projectObject} order by ${sql.join(ORDER[sort], sql`, `)}), '[]')::text
    from (${rows}) ${sql.identifier("projects")}
    left join lateral (select id, name from companies where id = ${sql.identifier("projects")}.company_id offset 0) ${sql.identifier("companies")} on true
    left join lateral (select id, first_name, last_name, username from users where id = ${sql.identifier("projects")}.created_by offset 0) ${sql.identifier("users")} on true
    ${file("input_file", "input_file_id")}
    ${file("output_file", "output_file_id")})`;
}

/** How many projects of the scope match the search (the page's X-Total-Count). */
function searchCount(shape: ListShape, companyId: number | null, search: SQL): SQL {
  const scope = shapeWhere(shape, companyId);
  return sql`(select count(*)::int from projects where ${scope ? sql`(${scope}) and ` : sql``}(${search}))`;
}

/**
 * The unsearched pages, prepared once per scope shape and sort (building and planning the query
 * per request costs more than running it). The total is not counted here: it is the scope's
 * cached summary (list-cache.ts).
 */
export function projectPageQueries(db: Db) {
  const prepared = new Map<string, ReturnType<typeof preparePage>>();
  function preparePage(shape: ListShape, sort: ProjectSort) {
    const p = (name: string) => sql.placeholder(name);
    const rows = pageRows(shape, p("companyId"), undefined, sort, p("limit"), p("offset"), p("firstRows"));
    return db
      .select({ json: sql<string>`${pageJson(rows, sort)}` })
      .from(sql`(select 1) one`)
      .prepare(`projects_page_${shape}_${sort.replace("-", "desc_")}`);
  }
  return {
    async page(shape: ListShape, companyId: number | null, req: Omit<ProjectPageRequest, "q">): Promise<string> {
      const key = `${shape}:${req.sort}`;
      let query = prepared.get(key);
      if (!query) prepared.set(key, (query = preparePage(shape, req.sort)));
      const [row] = await query.execute({
        companyId: companyId ?? -1,
        limit: req.limit,
        offset: req.offset,
        firstRows: req.limit + req.offset,
      });
      return row?.json ?? "[]";
    },
  };
}

/**
 * One page of a search and the number of matching projects, in one round trip. Not prepared: the
 * planner must see the actual pattern to pick the trigram indexes (few matches) or the sort
 * order's index (many).
 */
export async function projectSearchPage(
  db: Db,
  shape: ListShape,
  companyId: number | null,
  req: ProjectPageRequest,
): Promise<{ json: string; total: number }> {
  const search = searchWhere(req.q, req.searchOrders)!;
  const company = sql`${companyId ?? -1}::int`;
  const rows = pageRows(
    shape,
    company,
    search,
    req.sort,
    sql`${req.limit}::int`,
    sql`${req.offset}::int`,
    sql`${req.limit + req.offset}::int`,
  );
  const [row] = await db
    .select({ json: sql<string>`${pageJson(rows, req.sort)}`, total: sql<number>`${searchCount(shape, companyId, search)}` })
    .from(sql`(select 1) one`);
  return { json: row?.json ?? "[]", total: Number(row?.total ?? 0) };
}

const shapeFilter = (shape: ListShape): SQL | undefined => {
  const company = eq(projects.companyId, sql.placeholder("companyId"));
  const demo = eq(projects.id, DEMO_PROJECT_ID);
  return { all: undefined, demo, company, companyAndDemo: or(company, demo) }[shape];
};

/**
 * The list queries are built once per shape and prepared (building drizzle queries per request
 * costs more than running them): the JSON array text, newest first, and its fingerprint.
 */
export function projectListQueries(db: Db) {
  const SHAPES: ListShape[] = ["all", "demo", "company", "companyAndDemo"];
  const prepared = new Map(
    SHAPES.map((shape) => [
      shape,
      {
        list: fromProjects(db, listJson, shapeFilter(shape)).prepare(`projects_list_${shape}`),
        fingerprint: db.select({ fp: fingerprint }).from(projects).where(shapeFilter(shape)).prepare(`projects_fingerprint_${shape}`),
      },
    ]),
  );
  return {
    async list(shape: ListShape, companyId: number | null): Promise<string> {
      const [row] = await prepared.get(shape)!.list.execute({ companyId });
      return row?.json ?? "[]";
    },
    async fingerprint(shape: ListShape, companyId: number | null): Promise<string> {
      const [row] = await prepared.get(shape)!.fingerprint.execute({ companyId });
      return row.fp;
    },
  };
}

const byId = (db: Db) => fromProjects(db, sql`${projectObject}::text`, eq(projects.id, sql.placeholder("id"))).prepare("project_by_id");
const byIdQueries = new WeakMap<Db, ReturnType<typeof byId>>();

export async function findProject(db: Db, id: number): Promise<ProjectDto | undefined> {
  let query = byIdQueries.get(db);
  if (!query) byIdQueries.set(db, (query = byId(db)));
  const [row] = await query.execute({ id });
  return row ? (JSON.parse(row.json) as ProjectDto) : undefined;
}

/** Whether a company with this id exists. */
export async function companyExists(db: Db, companyId: number): Promise<boolean> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return company !== undefined;
}

/** The orders page's header figures: all orders, the open ones, and the open ones past the delivery time. */
export async function orderSummary(db: Db, overdueBefore: Date): Promise<OrderSummary> {
  const open = sql`${projects.outputFileId} is null`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) filter (where ${open}))::int`,
      overdue: sql<number>`(count(*) filter (where ${open} and ${projects.createdAt} < ${overdueBefore.toISOString()}::timestamptz))::int`,
    })
    .from(projects);
  return row;
}

/** Inserts a project (inside the caller's transaction with its file) and returns its id. */
export async function insertProject(db: DbOrTx, values: typeof projects.$inferInsert): Promise<number> {
  const [created] = await db.insert(projects).values(values).returning({ id: projects.id });
  return created.id;
}

export async function updateProject(db: Db, id: number, changes: Partial<typeof projects.$inferInsert>): Promise<void> {
  await db.update(projects).set(changes).where(eq(projects.id, id));
}

/** Deletes a project with its files and readings (ON DELETE CASCADE); false when it was gone. */
export async function deleteProject(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
  return deleted.length > 0;
}
