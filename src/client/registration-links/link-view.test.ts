import { describe, expect, it } from "vitest";
import { filterLinks, linkCounts } from "./link-view";
import type { RegistrationLinkDto } from "../../common/types";

const now = new Date("2025-05-01T12:00:00Z");
const link = (over: Partial<RegistrationLinkDto>): RegistrationLinkDto => ({
  id: 1,
  token: "t",
  email: "a@bau.de",
  role: "user",
  companyId: 1,
  companyName: "Müller Bau",
  createdAt: "2025-04-30T12:00:00Z",
  expiresAt: "2025-05-07T12:00:00Z",
  used: false,
  ...over,
});

describe("registration links", () => {
  it("counts Gesamt, Verwendet, Abgelaufen and Aktiv", () => {
    const links = [
      link({ id: 1 }),
      link({ id: 2, used: true }),
      link({ id: 3, expiresAt: "2025-04-30T00:00:00Z" }),
      link({ id: 4, used: true, expiresAt: "2025-04-01T00:00:00Z" }),
    ];
    expect(linkCounts(links, now)).toEqual({ Gesamt: 4, Verwendet: 2, Abgelaufen: 1, Aktiv: 1 });
  });
  it("searches e-mail, company name and role (also its German label)", () => {
    const links = [link({ id: 1 }), link({ id: 2, email: "chef@weber.de", role: "company_admin", companyName: "Weber KG" })];
    expect(filterLinks(links, "weber kg").map((l) => l.id)).toEqual([2]);
    expect(filterLinks(links, "unternehmensadmin").map((l) => l.id)).toEqual([2]);
    expect(filterLinks(links, "company_admin").map((l) => l.id)).toEqual([2]);
    expect(filterLinks(links, "a@bau").map((l) => l.id)).toEqual([1]);
  });
});
