// What the operator's set-up checklist reads from the database: whether a company, a company
// admin and the super admin's own second factor exist.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { companies, passkeys, users } from "../db/schema";

const exists = async (q: Promise<unknown[]>) => (await q).length > 0;

export async function setupFacts(db: Db, superAdminId: number) {
  const [company, companyAdmin, totp, passkey] = await Promise.all([
    exists(db.select({ id: companies.id }).from(companies).limit(1)),
    exists(db.select({ id: users.id }).from(users).where(eq(users.role, "company_admin")).limit(1)),
    exists(
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, superAdminId), isNotNull(users.totpEnabledAt)))
        .limit(1),
    ),
    exists(
      db
        .select({ n: sql`1` })
        .from(passkeys)
        .where(eq(passkeys.userId, superAdminId))
        .limit(1),
    ),
  ]);
  return { company, companyAdmin, secondFactor: totp || passkey };
}
