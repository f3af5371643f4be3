// One page of the invitation links (GET /api/registration-links?limit&offset&q&sort&status): the
// search of requirements 2.2 by e-mail, company name or role (technical name or German label,
// as the table shows it), and the status counters' filter (active, used, expired).
import { and, count, desc, eq, gt, ilike, inArray, lte, not, type SQL } from "drizzle-orm";
import { ROLE_LABELS, ROLES } from "../../common/roles";
import type { REGISTRATION_LINK_STATUS_FILTERS, SortKey } from "../../common/schemas/list-query";
import type { Db } from "../db/client";
import { companies, registrationLinks } from "../db/schema";
import { containsAny, containsPattern, sortOrder, type PageWindow } from "../http/list-page";

export type RegistrationLinkSort = SortKey<"id" | "email" | "createdAt" | "expiresAt">;
export type RegistrationLinkStatusFilter = (typeof REGISTRATION_LINK_STATUS_FILTERS)[number];

export const linkColumns = {
  id: registrationLinks.id,
  token: registrationLinks.token,
  email: registrationLinks.email,
  role: registrationLinks.role,
  companyId: registrationLinks.companyId,
  companyName: companies.name,
  createdAt: registrationLinks.createdAt,
  expiresAt: registrationLinks.expiresAt,
  used: registrationLinks.used,
};

/** The roles whose technical name or German label contains q (case-insensitive). */
const rolesMatching = (q: string) => {
  const needle = q.toLocaleLowerCase("de");
  return ROLES.filter((r) => [r, ROLE_LABELS[r]].some((v) => v.toLocaleLowerCase("de").includes(needle)));
};

/** registrationLinkStatus (common/schemas/registration-link.ts) as a condition. */
const statusWhere = (status: RegistrationLinkStatusFilter | undefined, now: Date): SQL | undefined => {
  const l = registrationLinks;
  if (status === "used") return eq(l.used, true);
  if (status === "expired") return and(not(l.used), lte(l.expiresAt, now));
  if (status === "active") return and(not(l.used), gt(l.expiresAt, now));
  return undefined;
};

/** Companies whose name contains q (trigram index): their ids, for the links' search. */
async function companiesNamed(db: Db, q: string): Promise<number[]> {
  if (!q) return [];
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(ilike(companies.name, containsPattern(q)));
  return rows.map((r) => r.id);
}

/**
 * The page's rows and its count as query builders (the EXPLAIN test plans the same queries). The
 * company name is looked up first, so the search is one OR of e-mail (trigram index), company ids
 * (company index) and roles that the planner can combine from indexes.
 */
export async function registrationLinkPageQueries(
  db: Db,
  w: PageWindow<RegistrationLinkSort>,
  status?: RegistrationLinkStatusFilter,
  now = new Date(),
) {
  const l = registrationLinks;
  const roles = w.q ? rolesMatching(w.q) : [];
  const companyIds = await companiesNamed(db, w.q);
  const search = containsAny(
    w.q,
    [l.email],
    companyIds.length ? inArray(l.companyId, companyIds) : undefined,
    roles.length ? inArray(l.role, roles) : undefined,
  );
  const where = and(search, statusWhere(status, now));
  return {
    rows: db
      .select(linkColumns)
      .from(l)
      .leftJoin(companies, eq(companies.id, l.companyId))
      .where(where)
      .orderBy(...sortOrder(w.sort, { id: l.id, email: l.email, createdAt: l.createdAt, expiresAt: l.expiresAt }, l.id))
      .limit(w.limit)
      .offset(w.offset),
    total: db.select({ n: count() }).from(l).where(where),
  };
}

/** The whole list (no paging parameters), newest id first; the status filter still applies. */
export function allRegistrationLinks(db: Db, status?: RegistrationLinkStatusFilter, now = new Date()) {
  const l = registrationLinks;
  return db
    .select(linkColumns)
    .from(l)
    .leftJoin(companies, eq(companies.id, l.companyId))
    .where(statusWhere(status, now))
    .orderBy(desc(l.id));
}
