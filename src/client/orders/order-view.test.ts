import { describe, expect, it } from "vitest";
import { deliveryDeadline, isHtmlFile, isOverdue, orderStatus, truncateDescription } from "./order-view";
import type { ProjectDto } from "../../common/types";

const order = (over: Partial<ProjectDto>): ProjectDto =>
  ({
    id: 1,
    name: "Kita",
    description: null,
    costCenter: null,
    company: { id: 1, name: "Müller Bau" },
    createdBy: { id: 2, username: "kmueller", firstName: "Klaus", lastName: "Müller" },
    hasOutputFile: false,
    status: "Neu",
    createdAt: "2025-03-01T08:00:00Z",
    ...over,
  }) as ProjectDto;

describe("orders", () => {
  it("cuts descriptions at 50 characters, at a word boundary", () => {
    expect(truncateDescription("a".repeat(50))).toBe("a".repeat(50));
    expect(truncateDescription("b".repeat(51))).toBe(`${"b".repeat(50)}…`);
    expect(truncateDescription(null)).toBe("");
    const text = "Leistungsverzeichnis für den Rohbau eines Mehrfamilienhauses mit Tiefgarage";
    expect(truncateDescription(text)).toBe("Leistungsverzeichnis für den Rohbau eines…");
    // A word that ends exactly at 50 characters stays whole; a trailing comma goes.
    expect(truncateDescription(`${"x".repeat(44)} abcde weiter`)).toBe(`${"x".repeat(44)} abcde…`);
    expect(truncateDescription(`${"x".repeat(43)} abcd, weiter geht es`)).toBe(`${"x".repeat(43)} abcd…`);
    expect(truncateDescription(`${"x".repeat(45)} abcd efgh`)).toBe(`${"x".repeat(45)} abcd…`);
    for (const t of [text, "c ".repeat(40), `${"d".repeat(30)} ${"e".repeat(30)}`])
      expect(truncateDescription(t).length).toBeLessThanOrEqual(51);
  });
  it("is 'In Bearbeitung' until an evaluation exists, then 'Abgeschlossen' — the project views' rule", () => {
    expect(orderStatus(order({}))).toBe("In Bearbeitung");
    expect(orderStatus(order({ status: "In Review" }))).toBe("In Bearbeitung");
    expect(orderStatus(order({ hasOutputFile: true }))).toBe("Abgeschlossen");
    expect(orderStatus(order({ status: "completed" }))).toBe("Abgeschlossen");
  });
  it("promises delivery 48 hours after the order and marks late open orders only", () => {
    const o = order({});
    expect(deliveryDeadline(o).toISOString()).toBe("2025-03-03T08:00:00.000Z");
    expect(isOverdue(o, new Date("2025-03-03T07:59:00Z"))).toBe(false);
    expect(isOverdue(o, new Date("2025-03-03T08:01:00Z"))).toBe(true);
    expect(isOverdue(order({ hasOutputFile: true }), new Date("2025-04-01T00:00:00Z"))).toBe(false);
  });
  it("takes text/html only", () => {
    expect(isHtmlFile({ type: "text/html", name: "a.html" })).toBe(true);
    expect(isHtmlFile({ type: "text/plain", name: "a.html" })).toBe(false);
    expect(isHtmlFile({ type: "application/pdf", name: "a.pdf" })).toBe(false);
  });
});
