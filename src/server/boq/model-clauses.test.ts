// The model pass's clause verdicts merged with the checklist: a stricter model verdict on a clause
// the wording models raised takes the entry over, and the wording marker (no amount, own rule id)
// goes with the wording models' reason.
import { describe, expect, it } from "vitest";
import { checklist, type ChecklistEntry } from "../tender/public";
import { mergeModelClauses } from "./model-clauses";

const QUOTE = "Die Vorhaltung der Baustelleneinrichtung über die Bauzeit hinaus ist ohne gesonderte Vergütung zu erbringen.";
const worded: ChecklistEntry = {
  type: "baustelleneinrichtung",
  name: "Baustelleneinrichtung, Baustrom/-wasser, Umlagen",
  group: "Organisation",
  status: "geregelt",
  verdict: "prüfen",
  why: "Formulierung wie bei Klauseln, die Kalkulatoren beanstanden („ohne gesonderte Vergütung“) – prüfen",
  yardstick: "VOB/C DIN 18299 Abschnitt 4.1",
  quote: QUOTE,
  document: "BVB.txt",
  location: "Absatz 2",
  source: "rule",
  wording: true,
};

describe("model clause verdicts over the wording models", () => {
  it("a stricter model verdict takes the entry over and drops the wording marker", () => {
    const { entries, merged } = mergeModelClauses(
      [worded],
      [{ document: "BVB.txt", location: "Absatz 2", text: QUOTE }],
      [
        {
          type: "baustelleneinrichtung",
          verdict: "kritisch",
          quote: "ohne gesonderte Vergütung zu erbringen",
          why: "Vorhaltung ohne Vergütung.",
        },
      ],
      checklist(),
    );
    expect(merged).toBe(1);
    expect(entries[0]).toMatchObject({ verdict: "kritisch", why: "Vorhaltung ohne Vergütung.", source: "model" });
    expect(entries[0].wording).toBeUndefined();
  });

  it("a milder model verdict leaves the wording models' entry as it was", () => {
    const { entries } = mergeModelClauses(
      [worded],
      [{ document: "BVB.txt", location: "Absatz 2", text: QUOTE }],
      [{ type: "baustelleneinrichtung", verdict: "üblich", quote: "ohne gesonderte Vergütung zu erbringen", why: "Üblich." }],
      checklist(),
    );
    expect(entries[0]).toEqual(worded);
  });
});
