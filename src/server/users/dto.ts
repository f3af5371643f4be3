// The users list shape: never the password hash, always the company name for the table.
import { eq, sql, type SQL } from "drizzle-orm";
import type { UserDto } from "../../common/types";
import type { Db } from "../db/client";
import { companies, passkeys, users } from "../db/schema";

export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  companyId: users.companyId,
  companyName: companies.name,
  lastAccessAt: users.lastAccessAt,
  createdAt: users.createdAt,
  mfaEnabled: sql<boolean>`${users.totpEnabledAt} is not null`.mapWith(Boolean),
  passkeyCount: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${users.id})`.mapWith(Number),
};

/** Users with their company name, sorted by id (requirements 2.2). */
export async function listUsers(db: Db, where?: SQL): Promise<UserDto[]> {
  const query = db.select(userColumns).from(users).leftJoin(companies, eq(companies.id, users.companyId));
  const rows = await (where ? query.where(where) : query).orderBy(users.id);
  return rows.map(toUserDto);
}

type UserRow = Omit<UserDto, "lastAccessAt" | "createdAt"> & { lastAccessAt: Date | null; createdAt: Date };
export const toUserDto = (r: UserRow): UserDto => ({
  ...r,
  lastAccessAt: r.lastAccessAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export async function findUserDto(db: Db, id: number): Promise<UserDto | undefined> {
  const [u] = await listUsers(db, eq(users.id, id));
  return u;
}
