// The embedded responder used without LLM_BASE_URL: a German answer made of the best knowledge-
// base passages with their article titles and sources, clearly marked as such. The active
// system prompt's first line frames it (the assistant's role).
import type { ChatbotType } from "../../common/schemas/chatbot";
import type { Passage } from "./retrieval";
import { roleFromPrompt } from "./default-prompts";

export const KB_MARK = "Antwort aus der Wissensdatenbank";

const DISCLAIMER: Record<ChatbotType, string> = {
  legal: "Diese Antwort wurde automatisch aus der Wissensdatenbank zusammengestellt und ersetzt keine Rechtsberatung im Einzelfall. Maßgeblich sind Ihr Vertrag und der aktuelle Gesetzes- bzw. VOB-Text.",
  construction: "Diese Antwort wurde automatisch aus der Wissensdatenbank zusammengestellt. Prüfen Sie die Angaben im Einzelfall anhand Ihres Vertrags, der Planunterlagen und der geltenden Vorschriften.",
};

const EXAMPLES: Record<ChatbotType, string> = {
  legal: "„Abnahme“, „Behinderungsanzeige“, „Mängelansprüche“ oder „§ 650b BGB“",
  construction: "„Aufmaß“, „Bautagebuch“, „Nachtrag“ oder „Baustellenverordnung“",
};

const quote = (text: string) =>
  text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");

const sourcesLine = (sources: string[]) => (sources.length ? `Quellen: ${sources.join("; ")}` : "Quelle: bauklar-Wissensdatenbank");

export function composeKnowledgeAnswer(opts: { type: ChatbotType; prompt: string; passages: Passage[]; outline: string[]; topics: string[] }): string {
  const role = roleFromPrompt(opts.prompt);
  const header = `**${KB_MARK}**${role ? ` · ${role}` : ""}`;
  if (opts.passages.length === 0) {
    const topics = opts.topics.length ? `\n\nDie Wissensdatenbank behandelt unter anderem:\n${opts.topics.map((t) => `- ${t}`).join("\n")}` : "";
    return `${header}\n\nZu Ihrer Frage habe ich in der Wissensdatenbank leider keinen passenden Artikel gefunden. Bitte formulieren Sie die Frage mit Fachbegriffen (z. B. ${EXAMPLES[opts.type]}) oder etwas konkreter.${topics}`;
  }

  // Passages grouped by article, in the order retrieval ranked them.
  const groups: { title: string; sources: string[]; texts: string[] }[] = [];
  for (const p of opts.passages) {
    const g = groups.find((x) => x.title === p.title);
    if (g) g.texts.push(p.text);
    else groups.push({ title: p.title, sources: p.sources, texts: [p.text] });
  }
  const blocks = groups.map((g, i) => {
    const heading = i === 0 ? `**${g.title}**` : `**Siehe auch: ${g.title}**`;
    const more = i === 0 && opts.outline.length >= 2 ? `\n\nWeitere Punkte in diesem Artikel: ${opts.outline.join(" · ")}` : "";
    return `${heading}\n\n${g.texts.map(quote).join("\n\n")}${more}\n\n_${sourcesLine(g.sources)}_`;
  });
  const intro = groups.length > 1 ? "Zu Ihrer Frage passen diese Stellen aus der Wissensdatenbank:" : "Zu Ihrer Frage passt diese Stelle aus der Wissensdatenbank:";
  return `${header}\n\n${intro}\n\n${blocks.join("\n\n")}\n\n_Hinweis: ${DISCLAIMER[opts.type]}_`;
}

/** The passages as context for a language model, numbered with their sources. */
export function passagesAsContext(passages: Passage[]): string {
  if (passages.length === 0) return "Zu dieser Frage wurden in der Wissensdatenbank keine passenden Auszüge gefunden.";
  return [
    "Auszüge aus der bauklar-Wissensdatenbank (nutzen Sie sie vorrangig und nennen Sie die Quellen):",
    ...passages.map((p, i) => `[${i + 1}] ${p.title}\n${p.text}\n${sourcesLine(p.sources)}`),
  ].join("\n\n");
}
