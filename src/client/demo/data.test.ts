import { describe, expect, it } from "vitest";
import { createDemoData, creatorLabel, recentProjects, searchProjects } from "./data";
import { formatAgo } from "./format";
import { hasDemoResult } from "./results";

const now = new Date("2025-06-02T10:00:00Z");
const data = createDemoData(now);

describe("demo data", () => {
  it("has 5 projects with KST-YYYY-NNNN cost centres, 4 users, 4 documents and no activities", () => {
    expect(data.projects).toHaveLength(5);
    for (const p of data.projects) {
      expect(p.costCenter).toMatch(/^KST-\d{4}-\d{4}$/);
      expect(p.pdfPath).toBeNull();
      expect(p.htmlPath).toBeNull();
    }
    expect(new Set(data.projects.map((p) => p.id)).size).toBe(5);
    expect(data.stats).toEqual({ activeProjects: 5, teamMembers: 4, documents: 4 });
    expect(data.users.map((u) => u.role)).toEqual(["Administrator", "Benutzer", "Benutzer", "Benutzer"]);
    expect(data.activities).toEqual([]);
  });

  it("the two newest projects are in the expert review (their automatic pre-check is ready); every project with a tender has its analysis, the one in status Neu has none", () => {
    expect(data.projects.slice(0, 2).map((p) => p.status)).toEqual(["In Review", "In Review"]);
    expect(data.projects.filter((p) => !hasDemoResult(p.id)).map((p) => [p.id, p.status])).toEqual([[3, "Neu"]]);
    expect(data.documents.some((d) => d.projectId === 3)).toBe(false);
  });

  it("search: case-insensitive, trimmed, over name, company, description and status; empty shows all", () => {
    const names = (q: string) => searchProjects(data.projects, q).map((p) => p.id);
    expect(names("")).toHaveLength(5);
    expect(names("   ")).toHaveLength(5);
    expect(names("  SANIERUNG ")).toEqual([3]);
    expect(names("musterbau gmbh")).toHaveLength(5);
    expect(names("neu")).toEqual([1, 3]); // 'Neubau …' and the status
    expect(names("tiefgarage")).toEqual([2]);
    expect(names("in review")).toEqual([1, 2]);
    expect(names("nicht vorhanden")).toEqual([]);
  });

  it("recent projects: the three newest", () => {
    expect(recentProjects(data.projects).map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it("creator: full name, else username, else 'Benutzer' and the id", () => {
    expect(creatorLabel(data.projects[0])).toBe("Max Mustermann");
    expect(creatorLabel({ ...data.projects[0], creatorName: null, creatorLastName: null })).toBe("m.mustermann");
    expect(creatorLabel(data.projects[4])).toBe("Benutzer 7");
  });
});

describe("formatAgo", () => {
  const ago = (ms: number) => formatAgo(new Date(now.getTime() - ms), now);
  it("shows minutes, hours or days followed by 'zuvor'", () => {
    expect(ago(0)).toBe("1 Minute zuvor");
    expect(ago(59 * 60_000)).toBe("59 Minuten zuvor");
    expect(ago(60 * 60_000)).toBe("1 Stunde zuvor");
    expect(ago(23 * 3_600_000)).toBe("23 Stunden zuvor");
    expect(ago(24 * 3_600_000)).toBe("1 Tag zuvor");
    expect(ago(12 * 86_400_000)).toBe("12 Tage zuvor");
  });
});
