// The embedded responder used without LLM_BASE_URL: a German answer made only of knowledge-base
// text, clearly marked as such. It starts with one to three sentences that answer the question
// (chosen and ordered by retrieval for the kind of question), each with the heading of its
// paragraph and its source — norm and article —, at most about 800 characters; under "Mehr dazu"
// (collapsed in the chat) follow the rest of the paragraphs behind them, the sources and related
// articles. Without a fitting article it says so in one sentence and names the closest topics;
// a question that is not about construction gets a short polite refusal.
import type { ChatbotType } from "../../common/schemas/chatbot";
import type { AnswerSentence, Retrieval } from "./retrieval";
import { splitSentences } from "./sentences";

export const KB_MARK = "Antwort aus der Wissensdatenbank";
export const NOTHING_FOUND = "Dazu habe ich in der Wissensdatenbank nichts gefunden.";
/** The line that separates the answer from the material behind it (the chat collapses what follows). */
export const MORE = "**Mehr dazu**";
export const OFF_TOPIC_START = "Dazu kann ich leider nicht helfen";

const FIELD: Record<ChatbotType, string> = {
  legal: "Fragen zum privaten Baurecht (VOB/B, BGB-Bauvertrag, Architektenrecht und HOAI)",
  construction: "Fragen zur Bauausführung (Technik und Normen, Arbeitsschutz, Aufmaß, Abrechnung und Dokumentation)",
};

/** A question outside construction law/execution: one polite sentence, no excerpt. */
export const offTopicAnswer = (type: ChatbotType) => `${OFF_TOPIC_START} – ich beantworte ${FIELD[type]}.`;

const DISCLAIMER: Record<ChatbotType, string> = {
  legal: "Automatisch zusammengestellt, ersetzt keine Rechtsberatung im Einzelfall; maßgeblich sind Vertrag und Gesetzes- bzw. VOB-Text.",
  construction: "Automatisch zusammengestellt; im Einzelfall anhand von Vertrag, Plänen und geltenden Normen prüfen.",
};

const quote = (text: string) =>
  text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");

/** A step keeps its label, set in bold ("**1. Erkennen:** …"; a bare "1." would start a list). */
function withLabel(text: string, label: string | null): string {
  return label && text.startsWith(`${label}:`) ? `**${label}:**${text.slice(label.length + 1)}` : text;
}

/** "§ 12 VOB/B: Abnahme – förmlich, fiktiv …" → "§ 12 VOB/B" (the whole title heads the excerpts). */
export const shortTitle = (title: string) => {
  const head = title.split(/:\s/)[0].trim();
  return head.length >= 5 && head.length < title.length ? head : title;
};

export const sourcesLine = (sources: string[]) => (sources.length ? `Quellen: ${sources.join("; ")}` : "Quelle: bauklar-Wissensdatenbank");

/** What to say when the knowledge base has nothing on the question: one sentence, then the closest topics. */
export function nothingFound(near: string[], topics: string[]): string {
  const list = (near.length ? near : topics).slice(0, 3).map((t) => `„${shortTitle(t)}“`);
  return list.length ? `${NOTHING_FOUND} Am nächsten kommen: ${list.join(", ")}.` : NOTHING_FOUND;
}

/** "**Heading:** sentence _(source – „article“)_" – a heading repeated from the line before is left out. */
function answerLine(s: AnswerSentence, previous: AnswerSentence | undefined): string {
  // The heading without the rule it names when the citation names it anyway.
  const context = s.context?.replace(/\s*\(([^()]*)\)$/, (all, ref: string) => (s.source.includes(ref.trim()) ? "" : all));
  const heading = context && !(previous && previous.context === s.context && previous.articleId === s.articleId) ? `**${context}:** ` : "";
  return `${heading}${withLabel(s.text, s.label)} _(${s.source} – „${shortTitle(s.title)}“)_`;
}

/** The rest of a paragraph once the sentences of the answer are taken out, at most `max` characters. */
function remainder(paragraph: string, shown: string[], max: number): string {
  const rest = splitSentences(paragraph).filter((x) => !shown.some((t) => t.includes(x.slice(-60)) || x.includes(t.slice(0, 60))));
  let out = "";
  for (const x of rest) {
    if (out.length + x.length > max) return out ? `${out} …` : "";
    out = out ? `${out} ${x}` : x;
  }
  return out;
}

const MORE_CHARS = 300;
const SOURCES_CHARS = 160;

/** "Quellen: a; b; c" of one article, cut to about `SOURCES_CHARS` at a source boundary. */
function shortSources(sources: string[]): string {
  let out = "";
  for (const x of sources) {
    const next = out ? `${out}; ${x}` : x;
    if (out && next.length > SOURCES_CHARS) return `${out}; …`;
    out = next;
  }
  return out || "bauklar-Wissensdatenbank";
}

export function composeKnowledgeAnswer(opts: { type: ChatbotType; retrieval: Retrieval; topics: string[] }): string {
  const { retrieval: r } = opts;
  if (r.offTopic) return offTopicAnswer(opts.type);
  const header = `**${KB_MARK}**`;
  if (r.passages.length === 0) return `${header}\n\n${nothingFound(r.near, opts.topics)}`;

  // The answer first: the knowledge base's own sentences, each with its heading, norm and article.
  const answer = r.answer.map((s, i) => answerLine(s, r.answer[i - 1])).join("\n\n");

  // Mehr dazu (collapsed): what the answer's paragraphs say beyond it, the articles' sources,
  // related articles, the note.
  const shown = r.answer.map((s) => s.text);
  const main = r.passages[0];
  const rest = remainder(
    r.passages
      .filter((p) => p.articleId === main.articleId)
      .map((p) => p.text)
      .join("\n"),
    shown,
    MORE_CHARS,
  );
  const cited = [
    ...new Map(r.passages.filter((p) => r.answer.some((a) => a.articleId === p.articleId)).map((p) => [p.articleId, p])).values(),
  ];
  const sources = cited.map((p) => `_„${shortTitle(p.title)}“ – Quellen: ${shortSources(p.sources)}_`);
  const related = [
    ...new Set(r.passages.filter((p) => !r.answer.some((a) => a.articleId === p.articleId)).map((p) => `„${shortTitle(p.title)}“`)),
  ];
  const more = [
    MORE,
    rest ? quote(rest) : "",
    ...sources,
    related.length ? `Siehe auch: ${related.join(", ")}` : "",
    `_Hinweis: ${DISCLAIMER[opts.type]}_`,
  ].filter(Boolean);
  return `${header}\n\n${answer}\n\n${more.join("\n\n")}`;
}
