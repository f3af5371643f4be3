import { describe, expect, it } from "vitest";
import { PROJECT_PALETTE, projectColor } from "./project-color";
import { projectStatusBadge, PROJECT_STATUS_VALUES } from "../../common/project-status";

describe("projectColor", () => {
  it("is deterministic and uses all 10 colours", () => {
    expect(projectColor("Neubau Kita")).toBe(projectColor("Neubau Kita"));
    const seen = new Set(Array.from({ length: 200 }, (_, i) => projectColor(`Projekt ${i}`)));
    expect(seen.size).toBe(10);
    expect(PROJECT_PALETTE.length).toBe(10);
    expect(PROJECT_PALETTE).toContain(projectColor("Ä-Straße 🏗️"));
  });
});

describe("projectStatusBadge", () => {
  it("knows both vocabularies with the spec's colours and shows anything else in amber", () => {
    expect(projectStatusBadge("Neu")).toEqual(projectStatusBadge("new"));
    expect(projectStatusBadge("new").className).toContain("blue");
    expect(projectStatusBadge("in_review")).toMatchObject({ label: "In Review" });
    expect(projectStatusBadge("In Review").className).toContain("yellow");
    expect(projectStatusBadge("active")).toMatchObject({ label: "Aktiv" });
    expect(projectStatusBadge("Aktiv").className).toContain("green");
    expect(projectStatusBadge("completed")).toMatchObject({ label: "Abgeschlossen" });
    expect(projectStatusBadge("Abgeschlossen").className).toContain("green");
    expect(projectStatusBadge("Pausiert")).toMatchObject({ label: "Pausiert" });
    expect(projectStatusBadge("Pausiert").className).toContain("amber");
    expect(projectStatusBadge("Pausiert", "grey").className).toContain("slate");
    expect(PROJECT_STATUS_VALUES).toEqual(["Neu", "new", "In Review", "in_review", "Aktiv", "active", "Abgeschlossen", "completed"]);
  });
});
