// Sentences and rule references of German knowledge-base text: where a sentence ends (not after
// "Abs.", "z. B." or "12." in "am 12. Werktag"), which norms and paragraphs it cites
// ("§ 13 Abs. 4 Nr. 1 VOB/B", "DIN 18533-1", "ASR A2.1"), and the reference an answer sentence
// is given as its source when it names none itself (its paragraph's label, else the article's).

/** Abbreviations after which a full stop does not end a sentence. */
const ABBREVIATIONS = new Set(
  [
    "abs",
    "nr",
    "nrn",
    "s",
    "z",
    "b",
    "d",
    "h",
    "u",
    "a",
    "o",
    "ä",
    "e",
    "v",
    "i",
    "m",
    "ggf",
    "bzw",
    "ca",
    "vgl",
    "inkl",
    "max",
    "min",
    "mind",
    "gem",
    "lt",
    "std",
    "tab",
    "abschn",
    "ziff",
    "buchst",
    "evtl",
    "etc",
    "usw",
    "sog",
    "bspw",
    "art",
    "anh",
    "kap",
    "rn",
    "bd",
    "aufl",
    "mio",
    "mrd",
    "tsd",
    "dr",
    "prof",
    "hrsg",
    "zzgl",
    "abzgl",
    "insb",
    "einschl",
    "ausschl",
    "allg",
    "az",
    "fa",
    "st",
    "abb",
    "bzgl",
    "ff",
    "f",
    "co",
    "kg",
    "gmbh",
    "str",
    "jh",
    "jan",
    "feb",
    "apr",
    "aug",
    "sep",
    "sept",
    "okt",
    "nov",
    "dez",
    "nachf",
    "zul",
    "erf",
    "vorh",
    "ugs",
    "geb",
    "ausg",
  ].map((a) => a.normalize("NFC")),
);

/** Words before an ordinal number ("am 12. Werktag", "bis zum 31. März"). */
const BEFORE_ORDINAL = /\b(am|zum|bis|vom|ab|dem|den|der|des|spätestens|frühestens|jeweils|seit|zum|im)\s+$/i;

/**
 * Splits a paragraph into sentences. List lines ("- …", "1. …") are sentences of their own; the
 * text keeps its characters (the label "Verjährung (§ 13 VOB/B): " stays with the first sentence).
 */
export function splitSentences(paragraph: string): string[] {
  const out: string[] = [];
  for (const rawLine of paragraph.split("\n")) {
    const line = rawLine.trim();
    if (!line) continue;
    let start = 0;
    const re = /[.!?]["“”'»)]?\s+(?=["„»(]?[A-ZÄÖÜ0-9§])/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(line))) {
      const before = line.slice(start, m.index + 1);
      // "1. Erkennen: …" – the number of a step, not a sentence.
      if (/^\s*\d{1,2}[.)]$/.test(before)) continue;
      if (line[m.index] === ".") {
        const word = /([\p{L}]+)\.$/u.exec(before)?.[1];
        // "z. B.", "Abs." – but "VOB/B." ends a sentence.
        // A unit after a number ("1,0 m.") ends a sentence like any word.
        const unit = /\d\s?\p{L}\.$/u.test(before);
        if (word && !unit && !/\/\p{L}\.$/u.test(before) && (ABBREVIATIONS.has(word.toLowerCase()) || word.length === 1)) continue;
        // "am 12. Werktag": an ordinal, not the end of a sentence.
        const number = /(\d{1,2})\.$/.exec(before);
        if (number && BEFORE_ORDINAL.test(before.slice(0, before.length - number[0].length))) continue;
      }
      const sentence = line.slice(start, m.index + m[0].trimEnd().length).trim();
      if (sentence) out.push(sentence);
      start = m.index + m[0].length;
    }
    const rest = line.slice(start).trim();
    if (rest) out.push(rest);
  }
  return out;
}

/** "Gefahrübergang (§ 12 Abs. 6 VOB/B): …" → "Gefahrübergang (§ 12 Abs. 6 VOB/B)". */
export function paragraphLabel(text: string): string | null {
  const m = /^([^:!?\n]{3,80}?):\s/.exec(text.replace(/^\d{1,2}[.)]\s+/, ""));
  // Not a label if a sentence ends inside it ("Abs. 1" and "Nr. 3" are fine).
  // Nor one that stops inside parentheses ("Die VOB/B (Vergabe- und …, Teil B: …)").
  const open = m ? (m[1].match(/\(/g) ?? []).length - (m[1].match(/\)/g) ?? []).length : 0;
  return m && open === 0 && !/[;]|\.\s+[A-ZÄÖÜ][a-zäöüß]/.test(m[1]) ? m[1].trim() : null;
}

/** The sentence without its paragraph label ("Verjährung (§ 13 VOB/B): Ist …" → "Ist …"). */
export function withoutLabel(sentence: string): string {
  const label = paragraphLabel(sentence);
  if (!label) return sentence;
  const rest = sentence.slice(sentence.indexOf(`${label}:`) + label.length + 1).trim();
  // A label that is the whole point of the sentence ("Gefahr: keine") stays.
  return rest.length >= 25 ? rest.charAt(0).toUpperCase() + rest.slice(1) : sentence;
}

const RULEBOOK = String.raw`VOB\s*\/\s*[ABC]|BGB|ZPO|HOAI|BaustellV|ArbSchG|ArbStättV|BetrSichV|GewAbfV|KrWG|SGB\s+III|UStG|EStG|EGBGB|MBO|MaBV|AÜG|MiLoG|AEntG|SchwarzArbG|GEG|LBO|BauO\s*\w*`;
const PARAGRAPH_REF = String.raw`§§?\s*\d+[a-z]?(?:\s*(?:[–-]|bis|und|,)\s*\d+[a-z]?)*(?:\s*(?:Abs\.|Absatz)\s*\d+[a-z]?(?:\s*(?:und|,|–|-)\s*\d+)?)?(?:\s*(?:Satz|S\.)\s*\d+)?(?:\s*Nr\.\s*\d+[a-z]?)?(?:\s*(?:${RULEBOOK}))?`;
const NORM_REF = String.raw`(?:ATV\s+)?DIN\s+(?:EN\s+)?(?:ISO\s+)?\d{3,5}(?:-\d+)*(?:\s*\/\s*NA)?|ASR\s+A\d\.\d|DGUV\s+(?:Vorschrift|Regel|Information)\s+\d+(?:-\d+)*|TRBS\s+\d+(?:\s+Teil\s+\d)?|TRGS\s+\d+|TKB-Merkblatt\s+\d+|Art\.\s*\d+\s*EGBGB|VDI\s+\d+`;
const REF = new RegExp(`${PARAGRAPH_REF}|${NORM_REF}`, "g");
const HAS_RULEBOOK = new RegExp(`(${RULEBOOK})\\s*$`);
const ABS_ONLY = /\((?:Abs\.\s*\d+[a-z]?(?:\s*(?:Satz|S\.)\s*\d+)?(?:\s*Nr\.\s*\d+)?|Nr\.\s*\d+)\)/;

/** The rule references a text names, in order, without repeats. */
export function ruleReferences(text: string): string[] {
  const found = (text.match(REF) ?? []).map((r) => r.replace(/\s+/g, " ").replace(/^ATV /, "").trim());
  return [...new Set(found)].filter((r) => /\d/.test(r));
}

const rulebookOf = (text: string | null | undefined) =>
  text ? (new RegExp(`\\b(${RULEBOOK})\\b`).exec(text)?.[1]?.replace(/\s+/g, "") ?? null) : null;

const ACT_RE = new RegExp(`(?<![\\p{L}])(${RULEBOOK})(?![\\p{L}])`, "u");
const ACT_ALL = new RegExp(ACT_RE.source, "gu");
const normAct = (act: string) => act.replace(/\s+/g, "");

/** "650a" … "650v", "633" … "639": the paragraphs a range names (at most 60). */
function expandRange(from: string, to: string): string[] {
  const [, fn, fl] = /^(\d+)([a-z]?)$/.exec(from) ?? [];
  const [, tn, tl] = /^(\d+)([a-z]?)$/.exec(to) ?? [];
  if (!fn || !tn) return [from, to];
  if (fn === tn && fl && tl) {
    const out: string[] = [];
    for (let c = fl.charCodeAt(0); c <= tl.charCodeAt(0); c++) out.push(`${fn}${String.fromCharCode(c)}`);
    return out;
  }
  const out: string[] = [];
  for (let n = Number(fn); n <= Math.min(Number(tn), Number(fn) + 60); n++) out.push(String(n));
  if (tl) out.push(to);
  return out;
}

/** The paragraph numbers of one "§ …" group: "§§ 195, 199 Abs. 1, 203, 204 Abs. 1 Nr. 1, 3" → 195, 199, 203, 204. */
function paragraphNumbers(group: string): string[] {
  const out: string[] = [];
  const tokens = group.match(/\d+[a-z]?(?![\d])|Abs\.|Absatz|Nr\.|Satz|S\.|bis|[–-]|,|und/g) ?? [];
  let sub = false;
  let marker = false;
  let range = false;
  let last = -1;
  for (const t of tokens) {
    if (/^\d/.test(t)) {
      const value = parseInt(t, 10);
      // Right after "Abs."/"Nr." a number is theirs; after a comma a larger one is the next §.
      if (!sub || (!marker && value > last)) {
        if (range && out.length) out.push(...expandRange(out.pop()!, t));
        else out.push(t);
        last = value;
        sub = false;
      }
      range = false;
      marker = false;
    } else if (t === "Abs." || t === "Absatz" || t === "Nr." || t === "Satz" || t === "S.") sub = marker = true;
    else if (t === "bis" || t === "–" || t === "-") range = !sub;
  }
  return out;
}

/**
 * What a source or citation refers to, as comparable keys: "VOB/B §13", "BGB §634a",
 * "DIN 18533", "ASR A2.1". A § without a rulebook nearby gets `book` (the article's).
 */
export function citationKeys(text: string, book: string | null = null): Set<string> {
  const keys = new Set<string>();
  for (const norm of text.match(new RegExp(NORM_REF, "g")) ?? []) {
    const m = /DIN\s+((?:EN\s+)?(?:ISO\s+)?\d{3,5})/.exec(norm);
    keys.add(m ? `DIN ${m[1].replace(/\s+/g, " ")}` : norm.replace(/\s+/g, " ").replace(/^ATV /, "").trim());
  }
  for (const segment of text.split(/;/)) {
    const groups = segment.matchAll(/§§?\s*\d+[a-z]?(?:(?:\s*(?:[–-]|bis|und|,|Abs\.|Absatz|Nr\.|Satz|S\.))+\s*\d+[a-z]?(?![\d.]))*/g);
    for (const g of groups) {
      const after = segment.slice(g.index + g[0].length);
      const before = segment.slice(0, g.index);
      const acts = [...before.matchAll(ACT_ALL)];
      // "§ 634a BGB" names its rulebook after the number, "BGB § 642" and "VOB/B (Ausgabe 2016), § 4" before it.
      const act =
        /^\s*\S+/.exec(after) && ACT_RE.exec(after.slice(0, 14))?.[1]
          ? ACT_RE.exec(after.slice(0, 14))![1]
          : (acts[acts.length - 1]?.[1] ?? book);
      for (const n of paragraphNumbers(g[0])) keys.add(`${act ? normAct(act) : "?"} §${n}`);
    }
  }
  return keys;
}

/** The keys of everything an article names as its sources. */
export const articleKeys = (sources: string[]) => {
  const all = new Set<string>();
  for (const s of sources) for (const k of citationKeys(s, rulebookOf(s))) all.add(k);
  return all;
};

/** A long source list is cut at a comma (every key it keeps is still the article's). */
function shortSource(source: string): string {
  if (source.length <= 80) return source;
  const cut = source.lastIndexOf(",", 80);
  return cut > 20 ? `${source.slice(0, cut)} …` : source;
}

/**
 * The source shown after an answer sentence — always one the article names as its source, never
 * a § or norm the sentence merely mentions ("anders als § 650c BGB", "§ 13b UStG" in a VOB/B
 * text): the references of its paragraph's label ("Regelfristen (§ 13 Abs. 4 Nr. 1 VOB/B)"),
 * made more precise by the sentence's own reference to the same §, else the sentence's own
 * references that the article's sources contain, else the article's first source.
 */
export function sentenceSource(sentence: string, label: string | null, article: { title: string; sources: string[] }): string {
  const allowed = articleKeys(article.sources);
  const book = rulebookOf(label) ?? rulebookOf(article.title) ?? rulebookOf(article.sources[0]);
  const complete = (r: string) => (r.startsWith("§") && !HAS_RULEBOOK.test(r) && book ? `${r} ${book}` : r);
  const keysOf = (r: string) => citationKeys(r, book);
  const fits = (r: string) => {
    const keys = keysOf(r);
    return keys.size > 0 && [...keys].every((k) => allowed.has(k));
  };
  const labelRefs = (label ? ruleReferences(label) : []).map(complete).filter(fits);
  const body = label && sentence.includes(`${label}:`) ? sentence.slice(sentence.indexOf(`${label}:`) + label.length) : sentence;
  const own = ruleReferences(body).map(complete).filter(fits);
  const absOnly = ABS_ONLY.exec(body);
  const labelParagraph = labelRefs.find((r) => r.startsWith("§") && !/Abs\./.test(r));
  if (absOnly && labelParagraph && own.length === 0) {
    const [, num, rest] = /^(§§?\s*\d+[a-z]?)(.*)$/.exec(labelParagraph)!;
    return `${num} ${absOnly[0].slice(1, -1)}${rest}`.replace(/\s+/g, " ").trim();
  }
  if (labelRefs.length) {
    const labelKeys = new Set(labelRefs.flatMap((r) => [...keysOf(r)]));
    const finer = own.filter((r) => [...keysOf(r)].every((k) => labelKeys.has(k)));
    return (finer.length ? finer : labelRefs).slice(0, 2).join(", ");
  }
  if (own.length) return own.slice(0, 2).join(", ");
  return article.sources.length ? shortSource(article.sources[0]) : article.title;
}

/**
 * A text without the paragraphs and norms it names ("nach § 13 Abs. 4 VOB/B" → "nach"): for a
 * model's answer from general knowledge, which must not look like it rests on a cited rule.
 */
export function withoutRuleReferences(text: string): string {
  return text
    .replace(
      new RegExp(
        `\\(?\\s*(?:gem(?:äß|\\.)|nach|laut|lt\\.|vgl\\.|siehe|s\\.)?\\s*(?:${PARAGRAPH_REF}|${NORM_REF})(?:\\s*\\([^)]{0,40}\\))?\\s*\\)?`,
        "gi",
      ),
      (m) => (m.startsWith("(") && !m.trimEnd().endsWith(")") ? "(" : m.trimEnd().endsWith(")") && !m.startsWith("(") ? ")" : " "),
    )
    .replace(/\[\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*\]/g, "")
    .replace(/\(\s*\)/g, "")
    .replace(/[ \t]+([.,;:!?])/g, "$1")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}
