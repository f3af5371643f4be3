// One page of the users list (GET /api/users?limit&offset&q&sort): the search box's fields of
// requirements 2.2 (username, e-mail, first and last name), within the caller's scope.
import { and, count, eq, type SQL } from "drizzle-orm";
import type { SortKey } from "../../common/schemas/list-query";
import type { Db } from "../db/client";
import { companies, users } from "../db/schema";
import { containsAny, sortOrder, type PageWindow } from "../http/list-page";
import { userColumns } from "./dto";

export type UserSort = SortKey<"id" | "username" | "email">;

/** The page's rows and its count as query builders (the EXPLAIN test plans the same queries). */
export function userPageQueries(db: Db, scope: SQL | undefined, w: PageWindow<UserSort>) {
  const where = and(scope, containsAny(w.q, [users.username, users.email, users.firstName, users.lastName]));
  return {
    rows: db
      .select(userColumns)
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(...sortOrder(w.sort, { id: users.id, username: users.username, email: users.email }, users.id))
      .limit(w.limit)
      .offset(w.offset),
    total: db.select({ n: count() }).from(users).where(where),
  };
}
