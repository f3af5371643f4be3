import { describe, expect, it } from "vitest";
import { RULEBOOKS } from "./german-query";
import { ruledOutRulebooks } from "./ruled-out";

describe("rulebooks a question rules out", () => {
  it("reads „ohne VOB“, „kein VOB/B“ and „reiner BGB-Vertrag“ as excluding VOB/B", () => {
    for (const q of [
      "reiner BGB vertrag ohne VOB. wielange haften wir?",
      "kein VOB/B vereinbart, was gilt?",
      "nur BGB, keine Sonderregeln",
    ])
      expect(ruledOutRulebooks(q), q).toContain(RULEBOOKS[0]);
  });

  it("excludes nothing when the question names a rulebook without negation", () => {
    expect(ruledOutRulebooks("Wie lange verjähren Mängelansprüche nach VOB/B?")).toEqual([]);
    expect(ruledOutRulebooks("ohne VOB/A-Vergabe, was gilt?")).not.toContain(RULEBOOKS[0]);
  });
});
