// A small reader for the front matter of the knowledge-base articles: the subset of YAML a domain
// expert needs and nothing more — `key: value`, quoted strings, whole numbers, `[a, b]` lists and
// block lists (`  - item`), `#` comments. Anything else is an error with its line number, so a
// typo fails the test suite instead of silently changing an article.

export type FrontMatterValue = string | number | string[];

export interface FrontMatter {
  data: Record<string, FrontMatterValue>;
  body: string;
  /** Line of the body's first line in the file (1-based), for messages. */
  bodyLine: number;
}

export class FrontMatterError extends Error {
  constructor(
    message: string,
    public readonly line: number,
  ) {
    super(message);
  }
}

function unquote(raw: string, line: number): string {
  const v = raw.trim();
  if (v.startsWith('"')) {
    if (!v.endsWith('"') || v.length < 2) throw new FrontMatterError("Anführungszeichen nicht geschlossen", line);
    try {
      return JSON.parse(v) as string;
    } catch {
      throw new FrontMatterError(`Ungültige Zeichenkette ${v}`, line);
    }
  }
  if (v.startsWith("'")) {
    if (!v.endsWith("'") || v.length < 2) throw new FrontMatterError("Anführungszeichen nicht geschlossen", line);
    return v.slice(1, -1).replace(/''/g, "'");
  }
  return v;
}

/** Splits `a, "b, c", d` at commas outside quotes. */
function splitInlineList(inner: string, line: number): string[] {
  const items: string[] = [];
  let current = "";
  let quote: string | null = null;
  for (const ch of inner) {
    if (quote) {
      current += ch;
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      current += ch;
    } else if (ch === ",") {
      items.push(current);
      current = "";
    } else current += ch;
  }
  if (quote) throw new FrontMatterError("Anführungszeichen in der Liste nicht geschlossen", line);
  if (current.trim() || items.length) items.push(current);
  return items.map((s) => unquote(s, line)).filter((s) => s.length > 0);
}

function scalar(raw: string, line: number): FrontMatterValue {
  const v = raw.trim();
  if (v.startsWith("[")) {
    if (!v.endsWith("]")) throw new FrontMatterError("Liste in eckigen Klammern nicht geschlossen", line);
    return splitInlineList(v.slice(1, -1), line);
  }
  if (/^-?\d+$/.test(v)) return Number(v);
  return unquote(v, line);
}

/** Reads `---` front matter and the body after it. */
export function parseFrontMatter(text: string): FrontMatter {
  const lines = text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  if (lines[0]?.trim() !== "---") throw new FrontMatterError("Die Datei muss mit einer Zeile „---“ beginnen (Kopfdaten).", 1);
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === "---");
  if (end < 0) throw new FrontMatterError("Die Kopfdaten werden nicht mit „---“ abgeschlossen.", 1);

  const data: Record<string, FrontMatterValue> = {};
  let listKey: string | null = null;
  for (let i = 1; i < end; i++) {
    const lineNo = i + 1;
    const line = lines[i];
    if (!line.trim() || /^\s*#/.test(line)) continue;
    if (/^\t/.test(line)) throw new FrontMatterError("Tabulatoren sind nicht erlaubt – bitte Leerzeichen verwenden.", lineNo);
    const item = /^\s+-\s+(.*)$/.exec(line) ?? /^-\s+(.*)$/.exec(line);
    if (item) {
      if (!listKey) throw new FrontMatterError("Listeneintrag ohne Schlüssel davor", lineNo);
      const value = unquote(item[1], lineNo);
      if (value) (data[listKey] as string[]).push(value);
      continue;
    }
    const kv = /^([A-Za-z_][\w-]*)\s*:(.*)$/.exec(line);
    if (!kv) throw new FrontMatterError(`Zeile nicht lesbar: „${line.trim()}“ (erwartet „schlüssel: wert“)`, lineNo);
    const [, key, rest] = kv;
    if (key in data) throw new FrontMatterError(`Schlüssel „${key}“ doppelt`, lineNo);
    if (rest.trim() === "") {
      data[key] = [];
      listKey = key;
    } else {
      data[key] = scalar(rest, lineNo);
      listKey = null;
    }
  }
  return { data, body: lines.slice(end + 1).join("\n"), bodyLine: end + 2 };
}
