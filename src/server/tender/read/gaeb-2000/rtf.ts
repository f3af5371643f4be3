// Plain text from the RTF that GAEB 2000 programs write into [Langtext]/[Kurztext]: paragraphs
// become lines; font and style tables, document info and other destinations are skipped.

/** Groups whose content is never text. */
const SKIPPED_DESTINATIONS = new Set([
  "fonttbl",
  "colortbl",
  "stylesheet",
  "info",
  "pict",
  "header",
  "footer",
  "headerl",
  "headerr",
  "footerl",
  "footerr",
  "object",
  "listtable",
  "listoverridetable",
  "rsidtbl",
  "generator",
  "xmlnstbl",
  "themedata",
  "latentstyles",
  "datastore",
  "filetbl",
  "revtbl",
]);

/** Windows-1252 bytes 0x80–0x9F (\'hh escapes); the rest of the upper half is Latin-1. */
const CP1252_C1 =
  "\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F" +
  "\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178";

const byteChar = (b: number) => (b >= 0x80 && b <= 0x9f ? CP1252_C1[b - 0x80] : String.fromCharCode(b));

export const looksLikeRtf = (s: string) => /^\s*\{\\rtf/.test(s);

interface Group {
  skip: boolean;
  /** Characters to drop after a \u escape (\ucN). */
  uc: number;
}

/** Converts RTF to text, lines separated by "\n". Malformed input gives what could be read. */
export function rtfToText(rtf: string): string {
  let out = "";
  const stack: Group[] = [];
  let group: Group = { skip: false, uc: 1 };
  let pendingSkip = 0;
  let i = 0;
  const n = rtf.length;
  const emit = (s: string) => {
    if (pendingSkip > 0) {
      pendingSkip--;
      return;
    }
    if (!group.skip) out += s;
  };
  while (i < n) {
    const c = rtf[i];
    if (c === "{") {
      stack.push(group);
      group = { ...group };
      i++;
      // "{\*\dest …}" is an optional destination: skipped when we do not know it, i.e. always.
      if (rtf.startsWith("\\*", i)) group.skip = true;
    } else if (c === "}") {
      group = stack.pop() ?? { skip: false, uc: 1 };
      i++;
    } else if (c === "\\") {
      const next = rtf[i + 1] ?? "";
      if (next === "'") {
        emit(byteChar(Number.parseInt(rtf.slice(i + 2, i + 4), 16) || 0x3f));
        i += 4;
      } else if (/[a-zA-Z]/.test(next)) {
        const m = /^([a-zA-Z]+)(-?\d+)? ?/.exec(rtf.slice(i + 1, i + 40))!;
        const word = m[1];
        const param = m[2] === undefined ? null : Number(m[2]);
        i += 1 + m[0].length;
        if (SKIPPED_DESTINATIONS.has(word)) group.skip = true;
        else if (word === "par" || word === "line" || word === "sect" || word === "row") emit("\n");
        else if (word === "tab" || word === "cell") emit("\t");
        else if (word === "u" && param !== null) {
          emit(String.fromCharCode(param < 0 ? param + 65536 : param));
          pendingSkip = group.uc;
        } else if (word === "uc" && param !== null) group.uc = param;
        else if (word === "emdash") emit("—");
        else if (word === "endash") emit("–");
        else if (word === "bullet") emit("•");
        else if (word === "lquote") emit("‘");
        else if (word === "rquote") emit("’");
        else if (word === "ldblquote") emit("“");
        else if (word === "rdblquote") emit("”");
      } else {
        // Control symbols: \\ \{ \} are literal, \~ is a non-breaking space, \- a soft hyphen.
        if (next === "\\" || next === "{" || next === "}") emit(next);
        else if (next === "~") emit("\u00A0");
        else if (next === "_") emit("-");
        else if (next === "\n" || next === "\r") emit("\n");
        i += 2;
      }
    } else if (c === "\r" || c === "\n") {
      i++; // line breaks in RTF source are not text
    } else {
      // A run of plain text up to the next special character.
      let j = i;
      while (j < n && rtf[j] !== "\\" && rtf[j] !== "{" && rtf[j] !== "}" && rtf[j] !== "\r" && rtf[j] !== "\n") j++;
      const run = rtf.slice(i, j);
      if (pendingSkip > 0) {
        const dropped = Math.min(pendingSkip, run.length);
        pendingSkip -= dropped;
        if (!group.skip) out += run.slice(dropped);
      } else if (!group.skip) out += run;
      i = j;
    }
  }
  return out
    .split("\n")
    .map((l) => l.replace(/[\t\u00A0 ]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
