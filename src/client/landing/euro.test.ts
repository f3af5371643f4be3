import { describe, expect, it } from "vitest";
import { formatEuro } from "../../common/format";
import { decimal, euro } from "./euro";

const samples = [0, 0.005, 0.27, 1.35, 3.05, 69, 75, 99.995, 100, 125, 480, 773.4375, 2343.75, 13575, 78125, 1234567.891, -75, -0.27];
// Deterministic pseudo-random amounts with up to four decimals.
for (let i = 1, x = 7; i < 500; i++) {
  x = (x * 48271) % 2147483647;
  samples.push((x % 100_000_000) / 10_000);
}

describe("landing number formats", () => {
  it("euro() formats exactly like the shared formatEuro", () => {
    for (const n of samples) expect(euro(n), String(n)).toBe(formatEuro(n));
    expect(euro(2343.75)).toBe("2.343,75\u00a0€");
  });

  it("decimal() formats like de-DE with at most two decimals", () => {
    const intl = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 2 });
    for (const n of [0, 0.25, 24.75, 25, 75, 2500, 1234.5, 99999.25, ...samples.filter((s) => s >= 0)]) {
      expect(decimal(n), String(n)).toBe(intl.format(n));
    }
  });
});
