// The embedded responder used without LLM_BASE_URL: a German answer made only of knowledge-base
// text, clearly marked as such. It starts with one to three sentences that answer the question
// (chosen and ordered by retrieval for the kind of question), each followed by its source — norm
// and article — and then quotes the paragraphs behind them with the articles' sources. The active
// system prompt's first line frames it (the assistant's role).
import type { ChatbotType } from "../../common/schemas/chatbot";
import type { Retrieval } from "./retrieval";
import { roleFromPrompt } from "./default-prompts";

export const KB_MARK = "Antwort aus der Wissensdatenbank";
export const NOTHING_FOUND = "Zu Ihrer Frage habe ich in der Wissensdatenbank leider keinen passenden Artikel gefunden.";

const DISCLAIMER: Record<ChatbotType, string> = {
  legal: "Diese Antwort wurde automatisch aus der Wissensdatenbank zusammengestellt und ersetzt keine Rechtsberatung im Einzelfall. Maßgeblich sind Ihr Vertrag und der aktuelle Gesetzes- bzw. VOB-Text.",
  construction: "Diese Antwort wurde automatisch aus der Wissensdatenbank zusammengestellt. Prüfen Sie die Angaben im Einzelfall anhand Ihres Vertrags, der Planunterlagen und der geltenden Vorschriften.",
};

const EXAMPLES: Record<ChatbotType, string> = {
  legal: "„Abnahme“, „Behinderungsanzeige“, „Mängelansprüche“ oder „§ 650b BGB“",
  construction: "„Belegreife Estrich“, „Bautagebuch“, „DIN 18533“ oder „Absturzsicherung“",
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

/** What to say when the knowledge base has nothing on the question: and what it does have. */
export function nothingFound(type: ChatbotType, near: string[], topics: string[]): string {
  const close = near.length ? `\n\nAm nächsten kommen diese Artikel:\n${near.map((t) => `- ${t}`).join("\n")}` : "";
  const more = topics.filter((t) => !near.includes(t));
  const list = more.length ? `\n\nDie Wissensdatenbank behandelt unter anderem:\n${more.map((t) => `- ${t}`).join("\n")}` : "";
  return `${NOTHING_FOUND} Bitte formulieren Sie die Frage mit Fachbegriffen (z. B. ${EXAMPLES[type]}) oder etwas konkreter.${close}${list}`;
}

export function composeKnowledgeAnswer(opts: { type: ChatbotType; prompt: string; retrieval: Retrieval; topics: string[] }): string {
  const { retrieval: r } = opts;
  const role = roleFromPrompt(opts.prompt);
  const header = `**${KB_MARK}**${role ? ` · ${role}` : ""}`;
  if (r.passages.length === 0) return `${header}\n\n${nothingFound(opts.type, r.near, opts.topics)}`;

  // The answer first: the knowledge base's own sentences, each with its norm and article.
  const answer = r.answer.map((s) => `${withLabel(s.text, s.label)} _(${s.source} – „${shortTitle(s.title)}“)_`).join("\n\n");

  // Then the paragraphs behind it, grouped by article in the order retrieval ranked them.
  const groups: { title: string; sources: string[]; texts: string[] }[] = [];
  for (const p of r.passages) {
    const g = groups.find((x) => x.title === p.title);
    if (g) g.texts.push(p.text);
    else groups.push({ title: p.title, sources: p.sources, texts: [p.text] });
  }
  const blocks = groups.map((g, i) => {
    const heading = i === 0 ? `**${g.title}**` : `**Siehe auch: ${g.title}**`;
    const more = i === 0 && r.outline.length >= 2 ? `\n\nWeitere Punkte in diesem Artikel: ${r.outline.join(" · ")}` : "";
    return `${heading}\n\n${g.texts.map(quote).join("\n\n")}${more}\n\n_${sourcesLine(g.sources)}_`;
  });
  const intro = groups.length > 1 ? "Die Stellen aus der Wissensdatenbank dazu:" : "Die Stelle aus der Wissensdatenbank dazu:";
  return `${header}\n\n${answer}\n\n${intro}\n\n${blocks.join("\n\n")}\n\n_Hinweis: ${DISCLAIMER[opts.type]}_`;
}
