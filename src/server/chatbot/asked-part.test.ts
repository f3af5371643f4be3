import { describe, expect, it } from "vitest";
import { askedPart, withQuestionWordsApart } from "./asked-part";
import { questionKinds } from "./retrieval";

describe("askedPart", () => {
  it("keeps the asking sentences of a question that tells its case first", () => {
    expect(
      askedPart("AG hat schriftlich abgelehnt, das wars. ich hab noch 3 nachträge offen. wie lang hab ich für nen vorbehalt? VOB/B"),
    ).toBe("wie lang hab ich für nen vorbehalt?");
    expect(askedPart("AG zahlt die 3. abschlagsrechnung nicht, ca. 5 wochen drüber. darf ich die arbeit einstellen?")).toBe(
      "darf ich die arbeit einstellen?",
    );
  });

  it("ends a sentence after a code with a final digit, not after an ordinal", () => {
    expect(askedPart("aussenwand frei bewittert XC4. welches nennmaß muss in den plan?")).toBe("welches nennmaß muss in den plan?");
    expect(askedPart("die 3. rate ist offen? und die 4. auch?")).toBe("die 3. rate ist offen? und die 4. auch?");
  });

  it("is the whole question when no sentence ends with a question mark", () => {
    expect(askedPart("Frist für den Vorbehalt nach VOB/B")).toBe("Frist für den Vorbehalt nach VOB/B");
  });

  it("reads the wanted kind of fact from the asking sentence, not from the story", () => {
    const kinds = questionKinds("AG hat die Schlusszahlung schriftlich abgelehnt. wie lang hab ich für nen vorbehalt?", null, false).map(
      (k) => k.name,
    );
    expect(kinds).toContain("period");
    expect(kinds).not.toContain("form");
  });
});

describe("withQuestionWordsApart", () => {
  it("writes joined question words apart and leaves other words alone", () => {
    expect(withQuestionWordsApart("wielange haften wir, wieviel kostet das, bisWann?")).toBe(
      "wie lange haften wir, wie viel kostet das, bis Wann?",
    );
    expect(withQuestionWordsApart("Abhöhe und Wiesenweg")).toBe("Abhöhe und Wiesenweg");
  });
});
