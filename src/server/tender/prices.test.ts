import { describe, expect, it } from "vitest";
import { priceTender } from "./prices";

describe("priceTender", () => {
  it("prices both packages per LV from the shared constants (base + per position, no setup fee)", () => {
    // 75 + 1.35 × 300 and 125 + 3.05 × 300
    expect(priceTender(300)).toEqual({ kalkulationspaket: 480, ausfuehrungspaket: 1040 });
    expect(priceTender(6)).toEqual({ kalkulationspaket: 83.1, ausfuehrungspaket: 143.3 });
    expect(priceTender(0)).toEqual({ kalkulationspaket: 75, ausfuehrungspaket: 125 });
  });
});
