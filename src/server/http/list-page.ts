// The server half of the shared list query (src/common/schemas/list-query.ts): the page window,
// the search's "contains" condition, the ORDER BY of a sort key, and the X-Total-Count header.
// Each list route adds only its fields.
import { asc, desc, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { LIST_PAGE_DEFAULT, isPagedQuery, type ListParams, type SortKey } from "../../common/schemas/list-query";
import type { Db } from "../db/client";

export interface PageWindow<S extends string> {
  limit: number;
  offset: number;
  /** Trimmed; "" means no search. */
  q: string;
  sort: S;
}

/** The page the query asks for, or null when it asks for the whole list (no parameter set). */
export function pageWindow<S extends string>(query: ListParams<S>, defaultSort: S): PageWindow<S> | null {
  if (!isPagedQuery(query)) return null;
  return { limit: query.limit ?? LIST_PAGE_DEFAULT, offset: query.offset ?? 0, q: query.q ?? "", sort: query.sort ?? defaultSort };
}

/** ILIKE pattern for "contains", with the wildcard characters of the search text taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** Any of the columns contains q, case-insensitively (undefined for an empty q: no filter). */
export function containsAny(q: string, columns: (AnyColumn | SQL)[], ...more: (SQL | undefined)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(...columns.map((c) => ilike(c, pattern)), ...more);
}

/**
 * ORDER BY for a sort key: the field's column (ascending, or descending with "-"), then the
 * tie-breakers in the same direction, so pages never overlap or skip rows.
 */
export function sortOrder<F extends string>(
  sort: SortKey<F>,
  columns: Record<F, AnyColumn | SQL>,
  ...tieBreakers: (AnyColumn | SQL)[]
): SQL[] {
  const descending = sort.startsWith("-");
  const field = (descending ? sort.slice(1) : sort) as F;
  const direction = descending ? desc : asc;
  const column = columns[field];
  return [column, ...tieBreakers.filter((t) => t !== column)].map((c) => direction(c));
}

/**
 * Runs a page's queries. A search of three or more characters runs with sequential and plain
 * index scans off (in its own transaction, SET LOCAL), which leaves the trigram indexes' bitmap
 * scans: PostgreSQL costs ILIKE like "=", so on tables of tens of thousands of rows it would rather
 * run ILIKE on every row of every searched column (450 ms at 50 000 users, docs/decisions/
 * 0015-list-paging.md) than read the trigram indexes (19 ms). Shorter searches have no trigram.
 */
export async function searching<T>(db: Db, q: string, run: (db: Db) => Promise<T>): Promise<T> {
  if (q.length < 3) return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    // Nor walk an ordering index (the primary key for sort=id) testing ILIKE on each row.
    await tx.execute(sql`set local enable_indexscan = off`);
    return run(tx);
  });
}

type PageQueries<R> = { rows: PromiseLike<R[]>; total: PromiseLike<{ n: number | string }[]> };

/** A page's rows and count from the list's query builders, read as `searching` says. */
export function readPage<R>(
  db: Db,
  q: string,
  build: (db: Db) => PageQueries<R> | Promise<PageQueries<R>>,
): Promise<{ rows: R[]; total: number }> {
  return searching(db, q, async (tx) => {
    const page = await build(tx);
    const rows = await page.rows;
    return { rows, total: countOf(await page.total) };
  });
}

/** Sends one page: the rows as the list's array, the number of all matches in X-Total-Count. */
export function sendPage<R>(reply: FastifyReply, page: { rows: R[]; total: number }): R[];
export function sendPage<R, T>(reply: FastifyReply, page: { rows: R[]; total: number }, toDto: (row: R) => T): T[];
export function sendPage<R, T>(reply: FastifyReply, page: { rows: R[]; total: number }, toDto?: (row: R) => T): (R | T)[] {
  reply.header("X-Total-Count", String(page.total));
  return toDto ? page.rows.map(toDto) : page.rows;
}

/** The whole list (no parameters): X-Total-Count is its length, as for a page. */
export function sendAll<T>(reply: FastifyReply, rows: T[]): T[] {
  reply.header("X-Total-Count", String(rows.length));
  return rows;
}

/** The count(*) of a count query's single row. */
export const countOf = (rows: { n: number | string }[]) => Number(rows[0]?.n ?? 0);
