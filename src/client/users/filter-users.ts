import type { UserDto } from "../../common/types";

/** Search over username, e-mail, first and last name, case-insensitive (spec/02 section 2). */
export function filterUsers(users: UserDto[], query: string): UserDto[] {
  const q = query.trim().toLowerCase();
  if (!q) return users;
  return users.filter((u) => [u.username, u.email, u.firstName, u.lastName].some((v) => v?.toLowerCase().includes(q)));
}
