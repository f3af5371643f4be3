import { describe, expect, it } from "vitest";
import { filterUsers } from "./filter-users";
import type { UserDto } from "../../common/types";

const u = (id: number, username: string, email: string, firstName: string | null, lastName: string | null) =>
  ({
    id,
    username,
    email,
    firstName,
    lastName,
    role: "user",
    companyId: 1,
    companyName: "X",
    lastAccessAt: null,
    createdAt: "",
  }) as UserDto;

describe("users search", () => {
  const list = [u(1, "kmueller", "k@mueller.de", "Klaus", "Müller"), u(2, "sbecker", "s@becker.de", null, null)];
  it("matches username, e-mail, first and last name case-insensitively", () => {
    expect(filterUsers(list, "KLAUS").map((x) => x.id)).toEqual([1]);
    expect(filterUsers(list, "müller").map((x) => x.id)).toEqual([1]);
    expect(filterUsers(list, "becker.de").map((x) => x.id)).toEqual([2]);
    expect(filterUsers(list, " sbeck ").map((x) => x.id)).toEqual([2]);
    expect(filterUsers(list, "").length).toBe(2);
  });
});
