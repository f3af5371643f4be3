import { describe, expect, it } from "vitest";
import { pagedListKey, pagedListUrl } from "./use-paged-list";
import { countText } from "../components/ui/load-more";

describe("paged list requests", () => {
  it("asks for one page with the trimmed search, the sort and only the filters that are set", () => {
    expect(pagedListUrl("/api/users", { limit: 50 })).toBe("/api/users?limit=50");
    expect(pagedListUrl("/api/users", { limit: 50, offset: 0, q: "  " })).toBe("/api/users?limit=50");
    const url = new URL(
      pagedListUrl("/api/registration-links", {
        limit: 50,
        offset: 100,
        q: " Müller & Söhne ",
        sort: "-id",
        filters: { status: "active", kind: undefined, month: "" },
      }),
      "http://x",
    );
    expect(url.pathname).toBe("/api/registration-links");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: "50",
      offset: "100",
      q: "Müller & Söhne",
      sort: "-id",
      status: "active",
    });
  });
  it("keys every page under the route, so invalidating the route refreshes them", () => {
    expect(pagedListKey("/api/companies", { limit: 50, q: "bau" })[0]).toBe("/api/companies");
  });
  it("counts the whole result and says how much of it is shown", () => {
    expect(countText(50, 250, ["Benutzer", "Benutzer"])).toBe("250 Benutzer, 50 angezeigt");
    expect(countText(1, 1, ["Auftrag", "Aufträge"])).toBe("1 Auftrag");
    expect(countText(7, 7, ["Auftrag", "Aufträge"])).toBe("7 Aufträge");
  });
});
