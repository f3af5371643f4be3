// The users area's database work: the routes check roles and rules and shape answers. Deleting a
// user keeps their projects: projects.created_by is ON DELETE RESTRICT, so the projects move to
// another account inside the same transaction. Sessions, conversations and messages go with the
// user (ON DELETE CASCADE).
import { and, asc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client";
import { companies, projects, users } from "../db/schema";

type UserRow = typeof users.$inferSelect;

/**
 * The users an admin sees in the list (requirements 2.2): a super admin all, a company admin the
 * own company's; one without a company sees no tenant data, only its own row.
 */
export function visibleUsers(actor: Pick<UserRow, "id" | "role" | "companyId">): SQL | undefined {
  if (actor.role === "super_admin") return undefined;
  return actor.companyId === null ? eq(users.id, actor.id) : eq(users.companyId, actor.companyId);
}

export async function findUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function companyExists(db: DbOrTx, id: number): Promise<boolean> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return company !== undefined;
}

/** Whether another account than `exceptId` has this username, regardless of case. */
export async function usernameTaken(db: DbOrTx, username: string, exceptId: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptId)));
  return taken !== undefined;
}

/** Whether another account than `exceptId` has this e-mail, regardless of case. */
export async function emailTaken(db: DbOrTx, email: string, exceptId: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptId)));
  return taken !== undefined;
}

export async function updateUser(db: DbOrTx, id: number, changes: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(changes).where(eq(users.id, id));
}

/** A new password hash; passwordChangedAt says when (requirements 2.2). */
export const setPassword = (db: DbOrTx, id: number, passwordHash: string) =>
  updateUser(db, id, { passwordHash, passwordChangedAt: new Date() });

export async function userRole(db: DbOrTx, id: number) {
  const [current] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id));
  return current;
}

export async function ownsAnyProject(db: DbOrTx, userId: number): Promise<boolean> {
  const [owned] = await db.select({ id: projects.id }).from(projects).where(eq(projects.createdBy, userId)).limit(1);
  return owned !== undefined;
}

export async function deleteUser(db: DbOrTx, id: number) {
  await db.delete(users).where(eq(users.id, id));
}

/**
 * Locks every super admin row and returns their ids (ascending). Two admins deleting each other
 * at the same moment are serialised here, so the last super admin can never disappear.
 */
export async function lockSuperAdmins(tx: Tx): Promise<number[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, "super_admin")).orderBy(asc(users.id)).for("update");
  return rows.map((r) => r.id);
}

/** Moves the user's projects to `newOwnerId`, then deletes the user. Returns the moved count. */
export async function deleteUserKeepingProjects(tx: Tx, userId: number, newOwnerId: number): Promise<number> {
  const moved = await tx
    .update(projects)
    .set({ createdBy: newOwnerId })
    .where(eq(projects.createdBy, userId))
    .returning({ id: projects.id });
  await deleteUser(tx, userId);
  return moved.length;
}
