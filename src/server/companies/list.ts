// One page of the companies list (GET /api/companies?limit&offset&q&sort): the search of requirements part 2
// section 2 over name, address, contact e-mail and phone.
import { count } from "drizzle-orm";
import type { SortKey } from "../../common/schemas/list-query";
import type { Db } from "../db/client";
import { companies } from "../db/schema";
import { containsAny, sortOrder, type PageWindow } from "../http/list-page";

export type CompanySort = SortKey<"id" | "name">;

/** The page's rows and its count as query builders (the EXPLAIN test plans the same queries). */
export function companyPageQueries(db: Db, w: PageWindow<CompanySort>) {
  const where = containsAny(w.q, [companies.name, companies.address, companies.contactEmail, companies.contactPhone]);
  return {
    rows: db
      .select()
      .from(companies)
      .where(where)
      .orderBy(...sortOrder(w.sort, { id: companies.id, name: companies.name }, companies.id))
      .limit(w.limit)
      .offset(w.offset),
    total: db.select({ n: count() }).from(companies).where(where),
  };
}
