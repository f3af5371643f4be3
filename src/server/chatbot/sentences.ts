// Sentences and rule references of German knowledge-base text: where a sentence ends (not after
// "Abs.", "z. B." or "12." in "am 12. Werktag"), which norms and paragraphs it cites
// ("§ 13 Abs. 4 Nr. 1 VOB/B", "DIN 18533-1", "ASR A2.1"), and the reference an answer sentence
// is given as its source when it names none itself (its paragraph's label, else the article's).

/** Abbreviations after which a full stop does not end a sentence. */
const ABBREVIATIONS = new Set(
  [
    "abs", "nr", "nrn", "s", "z", "b", "d", "h", "u", "a", "o", "ä", "e", "v", "i", "m", "ggf", "bzw", "ca", "vgl", "inkl", "max", "min", "mind",
    "gem", "lt", "std", "tab", "abschn", "ziff", "buchst", "evtl", "etc", "usw", "sog", "bspw", "art", "anh", "kap", "rn", "bd", "aufl", "mio", "mrd",
    "tsd", "dr", "prof", "hrsg", "zzgl", "abzgl", "insb", "einschl", "ausschl", "allg", "az", "fa", "st", "abb", "bzgl", "ff", "f", "co", "kg", "gmbh",
    "str", "jh", "jan", "feb", "apr", "aug", "sep", "sept", "okt", "nov", "dez", "nachf", "zul", "erf", "vorh", "ugs", "geb", "ausg",
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
  return m && !/[;]|\.\s+[A-ZÄÖÜ][a-zäöüß]/.test(m[1]) ? m[1].trim() : null;
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

const rulebookOf = (text: string | null | undefined) => (text ? (new RegExp(`\\b(${RULEBOOK})\\b`).exec(text)?.[1]?.replace(/\s+/g, "") ?? null) : null);

/**
 * The source shown after an answer sentence: the references the sentence itself names (a bare
 * "§ 13 Abs. 4" completed with the rulebook of its paragraph or article, "(Abs. 1 Nr. 2)" with
 * the paragraph's §), else those of its paragraph's label, else the article's first source.
 */
export function sentenceSource(sentence: string, label: string | null, article: { title: string; sources: string[] }): string {
  const labelRefs = label ? ruleReferences(label) : [];
  const book = rulebookOf(label) ?? rulebookOf(article.title) ?? rulebookOf(article.sources[0]);
  const own = ruleReferences(label && sentence.includes(`${label}:`) ? sentence.slice(sentence.indexOf(`${label}:`) + label.length) : sentence).map((r) =>
    r.startsWith("§") && !HAS_RULEBOOK.test(r) && book ? `${r} ${book}` : r,
  );
  if (own.length) return own.slice(0, 3).join(", ");
  const absOnly = ABS_ONLY.exec(sentence);
  const labelParagraph = labelRefs.find((r) => r.startsWith("§") && !/Abs\./.test(r));
  if (absOnly && labelParagraph) {
    const [, num, rest] = /^(§§?\s*\d+[a-z]?)(.*)$/.exec(labelParagraph)!;
    return `${num} ${absOnly[0].slice(1, -1)}${rest}`.replace(/\s+/g, " ").trim();
  }
  if (labelRefs.length) return labelRefs.slice(0, 3).join(", ");
  return article.sources[0] ?? article.title;
}
