// The figures a question names (issue 26): "ca 20 grad", "bei 1 m Messpunktabstand", "50cm hoch".
// A sentence that states the same figure, or a range that holds it ("von 15 bis unter 25 °C"),
// is the row of the rule the question is about; it goes before the rows for other figures.

/** A figure in a common unit: length in mm, area in m², temperature in °C, a share in %, a period in days. */
export interface Figure {
  value: number;
  unit: "mm" | "m2" | "C" | "%" | "d" | "";
}

const UNITS: [RegExp, Figure["unit"], number][] = [
  [/^(mm)$/i, "mm", 1],
  [/^(cm)$/i, "mm", 10],
  [/^(m|meter|metern?)$/i, "mm", 1000],
  [/^(m²|m2|qm|quadratmeter)$/i, "m2", 1],
  [/^(°\s*c|°|grad)$/i, "C", 1],
  [/^(%|prozent)$/i, "%", 1],
  [/^(tage?n?|werktage?n?|kalendertage?n?)$/i, "d", 1],
  [/^(wochen?)$/i, "d", 7],
];

const NUMBER = "(\\d+(?:[.,]\\d+)?)";
const UNIT =
  "(mm|cm|m²|m2|qm|quadratmeter|meter|metern?|m|°\\s*C|°|grad|%|prozent|werktage?n?|kalendertage?n?|tage?n?|wochen?)?(?![\\p{L}\\d])";
const FIGURE = new RegExp(`(?<![\\d,.])${NUMBER}\\s*${UNIT}`, "giu");
/** "von 15 bis unter 25 °C", "15–25 °C", "bis 1,25 m" (the unit may stand only after the second number). */
const RANGE = new RegExp(
  `(?:(?:von|zwischen|ab)\\s+)?${NUMBER}\\s*(?:${UNIT.replace("?(?!", "(?!")})?\\s*(?:bis(?:\\s+unter)?|–|-|und)\\s*${NUMBER}\\s*${UNIT}`,
  "giu",
);

const toNumber = (raw: string) => Number(raw.replace(/\./g, "").replace(",", "."));

function unitOf(raw: string | undefined): [Figure["unit"], number] {
  if (!raw) return ["", 1];
  const found = UNITS.find(([re]) => re.test(raw.trim()));
  return found ? [found[1], found[2]] : ["", 1];
}

/** The figures of a question that carry a unit (a bare "3" in "3. Abschlag" says nothing). */
export function questionFigures(question: string): Figure[] {
  const out: Figure[] = [];
  for (const m of question.matchAll(FIGURE)) {
    const [unit, factor] = unitOf(m[2]);
    if (unit) out.push({ value: toNumber(m[1]) * factor, unit });
  }
  return out;
}

/** "unter 5 °C", "höchstens 40 m²" bound from above; "ab 25 °C", "mindestens 10 cm" from below. */
const BOUNDED = new RegExp(
  `\\b(unter|bis|höchstens|maximal|max\\.?|weniger als|ab|über|mindestens|mehr als|min\\.?)\\s+${NUMBER}\\s*${UNIT}`,
  "giu",
);
const UPPER = /^(unter|bis|höchstens|maximal|max|weniger)/i;
/** A limit of a rule, unlike the condition of a row ("unter 5 °C", "ab 25 °C"). */
const LIMIT = /^(höchstens|maximal|max|mindestens|min)/i;

/**
 * How a sentence relates to the question's figures: it states one of them (as such, inside a range
 * or within a bound) – "match"; it states only other values of the same kind ("12 °C" when 20 °C
 * was asked) – "other", the rule for another case; or it states none of that kind – "none".
 */
export function figureRelation(figures: Figure[], sentence: string): "match" | "other" | "none" {
  if (figures.length === 0) return "none";
  if (statesFigure(figures, sentence)) return "match";
  for (const m of sentence.matchAll(BOUNDED)) {
    const [unit, factor] = unitOf(m[3]);
    const bound = toNumber(m[2]) * factor;
    // A limit ("höchstens 90 %") decides the asked figure on either side of it: "darf ich 100 % …?" – no.
    if (unit && figures.some((f) => f.unit === unit && (LIMIT.test(m[1]) || (UPPER.test(m[1]) ? f.value <= bound : f.value >= bound))))
      return "match";
  }
  for (const m of sentence.matchAll(FIGURE)) {
    const [unit] = unitOf(m[2]);
    if (unit && figures.some((f) => f.unit === unit)) return "other";
  }
  return "none";
}

/** Whether a sentence states one of the figures, as such or inside a range. */
function statesFigure(figures: Figure[], sentence: string): boolean {
  if (figures.length === 0) return false;
  const same = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  for (const m of sentence.matchAll(RANGE)) {
    const [unitHigh, factorHigh] = unitOf(m[4]);
    // "1,25 m bis 1,75 m" and "15 bis 25 °C": the first number in its own unit, else in the second's.
    const factorLow = m[2] ? unitOf(m[2])[1] : factorHigh;
    const low = toNumber(m[1]) * factorLow;
    const high = toNumber(m[3]) * factorHigh;
    if (unitHigh && figures.some((f) => f.unit === unitHigh && f.value >= low && f.value <= high)) return true;
  }
  for (const m of sentence.matchAll(FIGURE)) {
    const [unit, factor] = unitOf(m[2]);
    if (unit && figures.some((f) => f.unit === unit && same(f.value, toNumber(m[1]) * factor))) return true;
  }
  return false;
}
