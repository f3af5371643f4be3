// Test LVs for the quantity checks: titles 01, 02 … with positions 0T.0010, 0T.0020 … built from
// short text, long text, quantity and unit (shared by the stated-figure tests).
import { emptyFlags, newNode, type BoqNode } from "../../types";

export type PositionSpec = { shortText: string; longText?: string; qty: number; unit: string };

/** The positions of an LV of one or more titles. */
export function lvPositions(titles: { title: string; specs: PositionSpec[] }[]): BoqNode[] {
  const positions: BoqNode[] = [];
  titles.forEach((t, ti) => {
    const oz = String(ti + 1).padStart(2, "0");
    positions.push(newNode("title", { oz, shortText: t.title }));
    t.specs.forEach((s, i) =>
      positions.push(
        newNode("item", {
          oz: `${oz}.${String((i + 1) * 10).padStart(4, "0")}`,
          parentOz: oz,
          level: 1,
          longText: "",
          ...s,
          flags: emptyFlags(),
        }),
      ),
    );
  });
  return positions;
}
