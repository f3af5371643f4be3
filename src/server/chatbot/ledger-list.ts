// The request ledger of the chatbot database screen (GET /api/chatbot/ledger): requests summed per
// company and month, filtered by company and month, searched by company name, paged and sorted.
import { and, asc, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import type { SortKey } from "../../common/schemas/list-query";
import type { Db } from "../db/client";
import { chatbotRequestLedger, companies } from "../db/schema";
import { containsPattern, type PageWindow } from "../http/list-page";

export type LedgerSort = SortKey<"month" | "companyName">;
export interface LedgerFilter {
  companyId?: number;
  month?: string;
}

const l = chatbotRequestLedger;

const rowColumns = {
  companyId: l.companyId,
  companyName: companies.name,
  month: l.month,
  freeCount: sql<number>`(count(*) filter (where not ${l.paid}))::int`,
  paidCount: sql<number>`(count(*) filter (where ${l.paid}))::int`,
  amountCents: sql<number>`coalesce(sum(${l.priceCents}), 0)::int`,
};

const whereOf = (filter: LedgerFilter, q: string): SQL | undefined =>
  and(
    filter.companyId ? eq(l.companyId, filter.companyId) : undefined,
    filter.month ? eq(l.month, filter.month) : undefined,
    q ? ilike(companies.name, containsPattern(q)) : undefined,
  );

/** Month or company first; ties by company (name, id) and month, so every row has one place. */
const ORDER: Record<LedgerSort, SQL[]> = {
  month: [asc(l.month), asc(companies.name), asc(l.companyId)],
  "-month": [desc(l.month), asc(companies.name), asc(l.companyId)],
  companyName: [asc(companies.name), asc(l.companyId), desc(l.month)],
  "-companyName": [desc(companies.name), desc(l.companyId), desc(l.month)],
};

const grouped = (db: Db, where: SQL | undefined) =>
  db
    .select(rowColumns)
    .from(l)
    .innerJoin(companies, eq(companies.id, l.companyId))
    .where(where)
    .groupBy(l.companyId, companies.name, l.month);

/** The whole ledger (no paging parameters): newest month first, companies by name, as before. */
export const allLedgerRows = (db: Db, filter: LedgerFilter) => grouped(db, whereOf(filter, "")).orderBy(...ORDER["-month"]);

/** One page and the number of (company, month) rows, as query builders for the EXPLAIN test. */
export function ledgerPageQueries(db: Db, filter: LedgerFilter, w: PageWindow<LedgerSort>) {
  const where = whereOf(filter, w.q);
  const groups = db
    .select({ companyId: l.companyId, month: l.month })
    .from(l)
    .innerJoin(companies, eq(companies.id, l.companyId))
    .where(where)
    .groupBy(l.companyId, l.month)
    .as("groups");
  return {
    rows: grouped(db, where)
      .orderBy(...ORDER[w.sort])
      .limit(w.limit)
      .offset(w.offset),
    total: db.select({ n: count() }).from(groups),
  };
}
