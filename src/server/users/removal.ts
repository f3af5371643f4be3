// Deleting a user keeps their projects: projects.created_by is ON DELETE RESTRICT, so the
// projects move to another account inside the same transaction. Sessions, conversations and
// messages go with the user (ON DELETE CASCADE).
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { projects, users } from "../db/schema";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

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
  await tx.delete(users).where(eq(users.id, userId));
  return moved.length;
}
