import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatRelative } from "./format";

describe("formatRelative", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    [30_000, "Gerade eben"],
    [60_000, "Vor 1 Minute"],
    [5 * 60_000, "Vor 5 Minuten"],
    [3_600_000, "Vor 1 Stunde"],
    [3 * 3_600_000, "Vor 3 Stunden"],
    [24 * 3_600_000, "Vor 1 Tag"],
    [7 * 24 * 3_600_000, "Vor 7 Tagen"],
  ])("%i ms ago → %s", (ms, text) => expect(formatRelative(ago(ms), now)).toBe(text));
  it("after 7 days shows the date", () => expect(formatRelative(ago(8 * 24 * 3_600_000), now)).toBe("02.03.2026"));
});

describe("German dates", () => {
  it("formats in Berlin time", () => {
    expect(formatDate("2025-05-26T22:30:00Z")).toBe("27.05.2025");
    expect(formatDateTime("2025-05-26T08:05:00Z")).toBe("26.05.2025 10:05");
  });
});
