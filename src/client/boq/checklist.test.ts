import { describe, expect, it } from "vitest";
import type { ChecklistEntryDto } from "../../common/schemas/contract-documents";
import { checklistCounts, filterChecklist } from "./checklist";

const entry = (type: string, verdict: ChecklistEntryDto["verdict"], fields: Partial<ChecklistEntryDto> = {}): ChecklistEntryDto => ({
  type,
  name: type,
  group: "Recht",
  status: "geregelt",
  verdict,
  why: "",
  yardstick: "§ 1 VOB/B",
  source: "rule",
  ...fields,
});

const ENTRIES = [
  entry("skonto", "üblich", { group: "Zahlung", quote: "Skonto 2 % binnen 10 Tagen" }),
  entry("vertragsstrafe", "prüfen", { group: "Termine", quote: "0,25 % je Werktag" }),
  entry("winterbau", "prüfen", { group: "Termine", status: "nicht geregelt" }),
  entry("ablösung-sicherheit", "kritisch", { group: "Sicherheiten", quote: "Ablösung ausgeschlossen" }),
  entry("ablösung-sicherheit", "üblich", { group: "Sicherheiten", quote: "Ablösung durch Bürgschaft" }),
];

describe("clause checklist filter", () => {
  it("shows what needs action first, kritisch before prüfen", () => {
    expect(filterChecklist(ENTRIES, "handlungsbedarf", "", "").map((e) => e.type)).toEqual([
      "ablösung-sicherheit",
      "vertragsstrafe",
      "winterbau",
    ]);
  });

  it("filters by verdict, 'nicht geregelt', group and text", () => {
    expect(filterChecklist(ENTRIES, "üblich", "", "").map((e) => e.type)).toEqual(["ablösung-sicherheit", "skonto"]);
    expect(filterChecklist(ENTRIES, "nicht geregelt", "", "").map((e) => e.type)).toEqual(["winterbau"]);
    expect(filterChecklist(ENTRIES, "alle", "Termine", "").map((e) => e.type)).toEqual(["vertragsstrafe", "winterbau"]);
    expect(filterChecklist(ENTRIES, "alle", "", "werktag").map((e) => e.type)).toEqual(["vertragsstrafe"]);
  });

  it("counts clause types by their worst verdict", () => {
    expect(checklistCounts(ENTRIES)).toEqual({ types: 4, kritisch: 1, prüfen: 2, regulated: 3 });
  });
});
