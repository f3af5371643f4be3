// What the PDF, Excel and CSV readers share once they have a flat list of positions: position
// kinds stated in words, and parents/levels from the ordinal numbers.
import type { BoqNode } from "../types";

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

/** "Wahlposition zu Pos. 04.0010", "Alternativposition für OZ 3.20": the Grundposition named. */
const BASE_REFERENCE =
  /(?:wahl|alternativ)pos(?:ition)?\.?\s+(?:zu|für|fuer|statt)\s+(?:(?:der\s+)?(?:pos(?:ition)?|oz|ordnungszahl)\.?\s*)?(\d{1,4}(?:\.[0-9A-Za-z]{1,4}){1,5})/i;

/**
 * A printed or tabular LV names the Grundposition of a Wahlposition in words; GAEB files carry it
 * as an ALN group. Where the named OZ exists, both get the same group (base serial 0), so the
 * price difference and the structure checks work as for GAEB.
 */
function linkAlternatives(nodes: BoqNode[]): void {
  const byOz = new Map(nodes.filter((n) => n.kind === "item").map((n) => [n.oz, n]));
  for (const node of nodes) {
    if (node.kind !== "item" || !node.flags.alternative || node.flags.alternative.group) continue;
    const baseOz = BASE_REFERENCE.exec(`${node.shortText} ${node.longText}`)?.[1]?.replace(/\.$/, "");
    const base = baseOz ? byOz.get(baseOz) : undefined;
    if (!base || base === node || (base.flags.alternative && base.flags.alternative.serial >= 1)) continue;
    const group = base.flags.alternative?.group || base.oz;
    base.flags.alternative = { group, serial: 0 };
    const serial = nodes.filter((n) => n.flags.alternative?.group === group && n.flags.alternative.serial >= 1).length + 1;
    node.flags.alternative = { group, serial };
  }
}

/**
 * Sets parentOz and level in place: the parent is the earlier title or lot with the longest OZ
 * that is a segment prefix of the node's OZ ("01.02" for "01.02.0010"). Wahlpositionen that name
 * their Grundposition are linked to it on the way.
 */
export function assignParents(nodes: BoqNode[]): BoqNode[] {
  linkAlternatives(nodes);
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
