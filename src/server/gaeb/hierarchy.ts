// What the PDF, Excel and CSV readers share once they have a flat list of positions: position
// kinds stated in words, and parents/levels from the ordinal numbers.
import type { BoqNode } from "./types";

/** Position kinds a printed or tabular LV states in words (GAEB files carry them as elements). */
export function flagsFromText(node: BoqNode): void {
  const text = `${node.shortText} ${node.longText}`;
  if (/(bedarfs|eventual)pos/i.test(text)) {
    node.flags.provisional = /ohne\s+(GB|Gesamtbetrag)/i.test(text) ? "WithoutTotal" : "WithTotal";
  }
  if (/(wahl|alternativ)pos/i.test(text)) node.flags.alternative = { group: "", serial: 1 };
  if (/^(psch|pauschal)$/i.test(node.unit)) node.flags.lumpSum = true;
  if (/stundenlohn/i.test(text) && /^(h|std)$/i.test(node.unit)) node.flags.hourly = true;
}

/**
 * Sets parentOz and level in place: the parent is the earlier title or lot with the longest OZ
 * that is a segment prefix of the node's OZ ("01.02" for "01.02.0010").
 */
export function assignParents(nodes: BoqNode[]): BoqNode[] {
  const titleByOz = new Map<string, BoqNode>();
  for (const node of nodes) {
    const segments = node.oz.split(".");
    let parent: BoqNode | undefined;
    for (let n = segments.length - 1; n > 0 && !parent; n--) parent = titleByOz.get(segments.slice(0, n).join("."));
    node.parentOz = parent?.oz ?? null;
    node.level = parent ? parent.level + 1 : 0;
    if (node.kind === "title" || node.kind === "lot") titleByOz.set(node.oz, node);
  }
  return nodes;
}
