// The registration links' queries outside the paged list (list.ts): create, find by token, the
// open invitations, delete — and the two look-ups an invitation checks first.
import { and, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { REGISTRATION_LINK_TTL_MS } from "../../common/schemas/registration-link";
import type { Role } from "../../common/roles";
import type { PendingInvitationDto } from "../../common/types";
import type { Db } from "../db/client";
import { companies, registrationLinks, users } from "../db/schema";
import { newToken } from "./invitation";

/** Open invitations shown at most (newest first). */
const PENDING_LIMIT = 200;

export async function createRegistrationLink(
  db: Db,
  values: { email: string; role: Role; companyId: number | null; createdBy: number | null },
) {
  const [link] = await db
    .insert(registrationLinks)
    .values({ ...values, token: newToken(), expiresAt: new Date(Date.now() + REGISTRATION_LINK_TTL_MS) })
    .returning();
  return link;
}

export async function linkByToken(db: Db, token: string) {
  const [link] = await db.select().from(registrationLinks).where(eq(registrationLinks.token, token)).limit(1);
  return link ?? null;
}

/** The company an invitation is for (its name goes into the mail). */
export async function invitingCompany(db: Db, companyId: number) {
  const [company] = await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return company ?? null;
}

/** A user with this e-mail address, whatever its case. */
export async function userWithEmail(db: Db, email: string) {
  const [existing] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return existing ?? null;
}

/** Deletes a link; null when there was none. */
export async function deleteRegistrationLink(db: Db, id: number) {
  const [deleted] = await db.delete(registrationLinks).where(eq(registrationLinks.id, id)).returning({ id: registrationLinks.id });
  return deleted ?? null;
}

/** Links neither used nor expired, within the actor's scope. */
export async function pendingInvitations(db: Db, scope: SQL | undefined): Promise<PendingInvitationDto[]> {
  const rows = await db
    .select({
      id: registrationLinks.id,
      email: registrationLinks.email,
      role: registrationLinks.role,
      companyId: registrationLinks.companyId,
      companyName: companies.name,
      createdAt: registrationLinks.createdAt,
      expiresAt: registrationLinks.expiresAt,
    })
    .from(registrationLinks)
    .leftJoin(companies, eq(companies.id, registrationLinks.companyId))
    .where(and(eq(registrationLinks.used, false), gt(registrationLinks.expiresAt, new Date()), scope))
    .orderBy(desc(registrationLinks.id))
    .limit(PENDING_LIMIT);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), expiresAt: r.expiresAt.toISOString() }));
}
