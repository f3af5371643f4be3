// Grounding for the language model: the retrieved passages, numbered [1] … [n] with their titles
// and sources, and the rules to answer only from them and cite them. Citations the model makes
// to a number that was not given are removed — also while the answer streams — and the answer
// ends with the list of the passages it cited.
import type { Passage } from "./retrieval";
import { sourcesLine } from "./kb-responder";

export function groundingMessage(passages: Passage[]): string {
  const n = passages.length;
  return [
    "Auszüge aus der bauklar-Wissensdatenbank zu dieser Frage:",
    ...passages.map((p, i) => `[${i + 1}] ${p.title}\n${p.text}\n${sourcesLine(p.sources)}`),
    [
      "So antworten Sie:",
      "- Antworten Sie ausschließlich auf Grundlage dieser Auszüge. Ergänzen Sie keine Normen, Paragrafen, Fristen, Zahlen oder Urteile, die nicht in den Auszügen stehen.",
      "- Beginnen Sie mit der direkten Antwort in ein bis drei Sätzen; danach die Einzelheiten.",
      `- Belegen Sie jede Aussage mit der Nummer ihres Auszugs in eckigen Klammern, z. B. [1] oder [1, 2]. Es gibt nur die Nummern 1 bis ${n}.`,
      "- Nennen Sie die Norm bzw. den Paragrafen, den der Auszug angibt.",
      "- Beantworten die Auszüge die Frage nicht oder nur zum Teil, sagen Sie das offen, statt zu raten.",
    ].join("\n"),
  ].join("\n\n");
}

const CITATION = /(\s*)\[(\d{1,3}(?:\s*(?:,|;|–|-|und)\s*\d{1,3})*)\]/g;
/** The end of a text that may still become a citation (or whitespace in front of one). */
const PENDING = /(\s*\[[\d\s,;–\-und]{0,24}|\s+)$/;

function numbersOf(inner: string): number[] {
  const out: number[] = [];
  for (const part of inner.split(/\s*(?:,|;|und)\s*/)) {
    const range = /^(\d+)\s*[–-]\s*(\d+)$/.exec(part);
    if (range) for (let i = Number(range[1]); i <= Math.min(Number(range[2]), Number(range[1]) + 20); i++) out.push(i);
    else if (/^\d+$/.test(part)) out.push(Number(part));
  }
  return out;
}

/** Keeps citations of given passages, drops the others (with the space before them). */
export function cleanCitations(text: string, count: number, cited = new Set<number>()): string {
  return text.replace(CITATION, (match, space: string, inner: string) => {
    const nums = numbersOf(inner);
    const ok = nums.filter((n) => n >= 1 && n <= count);
    for (const n of ok) cited.add(n);
    if (ok.length === 0) return "";
    return ok.length === nums.length ? match : `${space}[${[...new Set(ok)].join(", ")}]`;
  });
}

/** The list of cited passages that ends an answer. */
export function citedList(passages: Passage[], cited: Set<number>): string {
  const used = [...cited].sort((a, b) => a - b).filter((n) => passages[n - 1]);
  if (used.length === 0) return "";
  return `\n\n**Quellen aus der Wissensdatenbank**\n${used.map((n) => `- [${n}] ${passages[n - 1].title} – ${sourcesLine(passages[n - 1].sources).replace(/^Quellen?: /, "")}`).join("\n")}`;
}

/**
 * Cleans a streamed answer piece by piece: text that might still turn into a citation is held
 * back until it is complete, so a citation to a passage that was not given never reaches the
 * browser.
 */
export class CitationStream {
  private held = "";
  readonly cited = new Set<number>();

  constructor(private readonly count: number) {}

  push(piece: string): string {
    const text = cleanCitations(this.held + piece, this.count, this.cited);
    const pending = PENDING.exec(text);
    const cut = pending ? pending.index : text.length;
    this.held = text.slice(cut);
    return text.slice(0, cut);
  }

  end(): string {
    const rest = cleanCitations(this.held, this.count, this.cited);
    this.held = "";
    return rest;
  }
}
