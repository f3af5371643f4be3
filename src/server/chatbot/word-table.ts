// The everyday-German word table beside the knowledge base (knowledge/wortschatz.txt): words of
// site language and abbreviations mapped to the terms the articles use, plus the words that mark
// a question as one about construction (for the off-topic guard). Kept as data so that a domain
// expert extends it without touching code; the format is explained at the top of the file and
// in docs/knowledge-base.md, and word-table.test.ts validates it against the articles.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { knowledgeDir } from "./knowledge-base/articles";

export const WORD_TABLE_FILE = "wortschatz.txt";

export interface WordRule {
  /** The everyday terms as written in the table. */
  terms: string[];
  /** The article terms they stand for. */
  target: string;
  /** Whether the text contains one of the terms. */
  test(text: string): boolean;
  /** Whether a term starts a word of the text (not "pauschal" inside "Pendlerpauschale"). */
  testStart(text: string): boolean;
  line: number;
}

export interface WordTable {
  rules: WordRule[];
  /** Words that make a question one about construction. */
  domainWords: string[];
  /** Words of the right-hand side that alone do not (everyday words such as "Höhe", "Zinsen"). */
  generalWords: string[];
  /** Words that name the setting of a question, not its subject ("Neubau", "Einfamilienhaus"). */
  settingWords: string[];
  /** Pairs of opposite cases ("Gegensatz: beheizt, FBH | unbeheizt, ohne FBH"): each side's terms. */
  contrasts: { sides: [string[], string[]]; line: number }[];
  problems: { line: number; message: string }[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * One term's expression: an abbreviation in capitals matches only as written, a short or quoted
 * word only as a whole word, anything else wherever it stands ("kündig" in "gekündigt").
 */
export function termPattern(raw: string): RegExp {
  const quoted = /^"(.+)"$/.exec(raw.trim());
  const term = (quoted ? quoted[1] : raw).trim();
  const letters = term.replace(/[^\p{L}]/gu, "");
  // Site spelling: "nich" for "nicht" ("nich im LV", "nich fertig").
  const body = escape(term).replace(/(?<![\p{L}])nicht(?![\p{L}])/giu, (w) => `${w.slice(0, 4)}${w[4]}?`);
  const whole = `(?<![\\p{L}\\d])${body}(?![\\p{L}\\d])`;
  if (letters.length >= 2 && letters === letters.toUpperCase() && /^[\p{Lu}\d/-]+$/u.test(term)) return new RegExp(whole, "u");
  if (quoted || letters.length <= 4) return new RegExp(whole, "iu");
  return new RegExp(body, "iu");
}

/** Parses the table; malformed lines are reported, not thrown (the start must not fail on them). */
export function parseWordTable(text: string): WordTable {
  const table: WordTable = { rules: [], domainWords: [], generalWords: [], settingWords: [], contrasts: [], problems: [] };
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    const n = i + 1;
    if (!line || line.startsWith("#")) return;
    const contrast = /^Gegensatz:\s*(.*)$/.exec(line);
    if (contrast) {
      const sides = contrast[1].split("|").map((side) =>
        side
          .split(",")
          .map((w) => w.trim())
          .filter(Boolean),
      );
      if (sides.length !== 2 || sides.some((side) => side.length === 0))
        table.problems.push({ line: n, message: "„Gegensatz:“ braucht zwei Seiten (a, b | c, d)" });
      else table.contrasts.push({ sides: [sides[0], sides[1]], line: n });
      return;
    }
    const list = /^(Fachwörter|Allgemeinwörter|Rahmenwörter):\s*(.*)$/.exec(line);
    if (list) {
      const words = list[2]
        .split(",")
        .map((w) => w.trim())
        .filter(Boolean);
      if (words.length === 0) table.problems.push({ line: n, message: `„${list[1]}:“ ohne Wörter` });
      (list[1] === "Fachwörter" ? table.domainWords : list[1] === "Rahmenwörter" ? table.settingWords : table.generalWords).push(...words);
      return;
    }
    const eq = line.indexOf("=");
    if (eq < 0) {
      table.problems.push({ line: n, message: "Zeile ohne „=“ (Alltagswort, … = Fachbegriff …)" });
      return;
    }
    const terms = line
      .slice(0, eq)
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
    const target = line.slice(eq + 1).trim();
    if (terms.length === 0 || !target) {
      table.problems.push({ line: n, message: "Links ein Alltagswort und rechts ein Fachbegriff nötig" });
      return;
    }
    try {
      const patterns = terms.map(termPattern);
      const starts = patterns.map((p) => (p.source.startsWith("(?<!") ? p : new RegExp(`(?<![\\p{L}])${p.source}`, p.flags)));
      table.rules.push({
        terms,
        target,
        test: (t) => patterns.some((p) => p.test(t)),
        testStart: (t) => starts.some((p) => p.test(t)),
        line: n,
      });
    } catch {
      table.problems.push({ line: n, message: "Zeile lässt sich nicht lesen" });
    }
  });
  return table;
}

let cached: { dir: string; table: WordTable } | null = null;

/** The table of the knowledge folder (read once per process; an edit needs a restart like the articles). */
export function wordTable(): WordTable {
  const dir = knowledgeDir();
  if (cached?.dir === dir) return cached.table;
  const file = join(dir, WORD_TABLE_FILE);
  const table = existsSync(file) ? parseWordTable(readFileSync(file, "utf8")) : parseWordTable("");
  cached = { dir, table };
  return table;
}

/** The article terms the everyday words of a text stand for, joined for stemming. */
export function expandWords(table: WordTable, text: string, atWordStart = false): string {
  return table.rules
    .filter((r) => (atWordStart ? r.testStart(text) : r.test(text)))
    .map((r) => r.target)
    .join(" ");
}
