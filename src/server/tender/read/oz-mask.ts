// The OZ mask of a GAEB 90/2000 LV: how many characters each level of the ordinal number has.
// Both formats write the OZ as one compact field ("01020010 " = Bereich 01, Abschnitt 02,
// Position 0010, no index); DA XML writes one RNoPart per level. Splitting by the mask gives
// the same dotted OZ as the DA XML reader ("01.02.0010").

export interface OzMask {
  /** Lengths of the section levels (Los/Bereich/Abschnitt …), outermost first. */
  levels: number[];
  item: number;
  /** 0 when the LV has no index. */
  index: number;
}

/**
 * GAEB 90's mask string (record 00, columns 63–71), e.g. "1122PPPPI": a run of the same digit
 * per section level, P per position digit, I for the index; "0" or blanks fill unused places.
 */
export function parseMaskString(raw: string): OzMask | null {
  const levels: number[] = [];
  let item = 0;
  let index = 0;
  for (const run of raw.match(/(.)\1*/g) ?? []) {
    const c = run[0];
    if (/[1-9]/.test(c)) levels.push(run.length);
    else if (c === "P" || c === "p") item += run.length;
    else if (c === "I" || c === "i") index += run.length;
  }
  return item > 0 ? { levels, item, index } : null;
}

/** Cuts a compact OZ by the mask; blanks around each part are dropped, leading zeros kept. */
export function splitCompactOz(raw: string, lengths: number[]): string[] {
  const parts: string[] = [];
  let offset = 0;
  for (const length of lengths) {
    parts.push(raw.slice(offset, offset + length).trim());
    offset += length;
  }
  return parts;
}

/** Dotted OZ of a section at `depth` (1 = outermost) from its compact OZ. */
export function sectionOz(raw: string, mask: OzMask, depth: number): string {
  const parts = splitCompactOz(raw.padEnd(mask.levels.reduce((a, b) => a + b, 0)), mask.levels.slice(0, depth));
  return parts.filter(Boolean).join(".");
}

/** Dotted OZ of an item: every section level, the position and, when present, the index. */
export function itemOz(raw: string, mask: OzMask): string {
  const lengths = [...mask.levels, mask.item, ...(mask.index ? [mask.index] : [])];
  const total = lengths.reduce((a, b) => a + b, 0);
  const parts = splitCompactOz(raw.padEnd(total), lengths);
  // Characters beyond the mask belong to the index (files that leave the index out of the mask).
  const rest = raw.slice(total).trim();
  if (rest) parts.push(rest);
  return parts.filter(Boolean).join(".");
}
