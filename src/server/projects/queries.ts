// Project reads: one query joins company, creator and the current files' metadata and lets the
// database build the JSON (one text cell instead of 23 parsed columns per row). File bytes
// (project_files.data) are never selected here.
import { asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { DEMO_PROJECT_ID } from "../../common/project-access";
import { alias } from "drizzle-orm/pg-core";
import type { ProjectDto } from "../../common/types";
import type { ProjectSort } from "../../common/schemas/project";
import type { Db } from "../db/client";
import { companies, projectFiles, projects, users } from "../db/schema";

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
};

const projectObject = sql.join(
  [sql`json_build_object(`, sql.join(Object.entries(DTO_FIELDS).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`), sql`, `), sql`)`],
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

/** The search of the list page: name, costCenter or contactPerson contain q (trigram GIN indexes). */
const searchWhere = (q: string): SQL | undefined => {
  const pattern = containsPattern(q);
  return or(ilike(projects.name, pattern), ilike(projects.costCenter, pattern), ilike(projects.contactPerson, pattern));
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
}

/**
 * One page of a list and the number of matching projects. Not prepared: the planner sees the
 * actual search pattern (a prepared generic plan could not pick the trigram indexes), and every
 * variant goes to the database instead of into the list cache.
 */
export async function projectPage(db: Db, shape: ListShape, companyId: number | null, req: ProjectPageRequest): Promise<{ json: string; total: number }> {
  const parts = [shapeWhere(shape, companyId), req.q ? searchWhere(req.q) : undefined].filter((p): p is SQL => p !== undefined);
  const where = parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : sql.join(parts.map((p) => sql`(${p})`), sql` and `);
  const [rowsOfPage, [counted]] = await Promise.all([
    fromProjects(db, sql`${projectObject}::text`, where)
      .orderBy(...ORDER[req.sort])
      .limit(req.limit)
      .offset(req.offset),
    db.select({ n: count() }).from(projects).where(where),
  ]);
  // PostgreSQL writes JSON with spaces around every colon; the page is compacted like the full list.
  return { json: JSON.stringify(rowsOfPage.map((r) => JSON.parse(r.json) as unknown)), total: Number(counted?.n ?? 0) };
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
