// Produces one answer: retrieval first (the knowledge-base passages for the question and, for a
// follow-up, the previous one), then either the configured language model — which answers only
// from the numbered passages and cites them as [1], [2] — or, without LLM_BASE_URL, the embedded
// knowledge-base responder. Without a fitting passage both say so instead of guessing.
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ChatbotType } from "../../common/schemas/chatbot";
import type { AppDeps } from "../app";
import { activePrompt } from "./prompts";
import { retrieve, sampleTitles } from "./retrieval";
import { composeKnowledgeAnswer } from "./kb-responder";
import { CitationStream, citedList, cleanCitations, groundingMessage } from "./citations";
import { llmComplete } from "./llm";
import { withoutRuleReferences } from "./sentences";

export interface HistoryMessage {
  role: "user" | "assistant";
  content: string;
}

export interface AnswerRequest {
  type: ChatbotType;
  question: string;
  history: HistoryMessage[];
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

export interface Answer {
  text: string;
  source: "llm" | "knowledge-base";
}

/** Banners: where an answer comes from (never text of the system prompt). */
export const LLM_MARK = "Antwort des Sprachmodells auf Grundlage der Wissensdatenbank";
export const UNGROUNDED_MARK = "Antwort des Sprachmodells – ohne Beleg aus der Wissensdatenbank – bitte prüfen";

const UNGROUNDED_RULES = [
  "Zu dieser Frage enthält die bauklar-Wissensdatenbank keinen Auszug.",
  "Antworten Sie knapp (höchstens fünf Sätze) aus allgemeinem Fachwissen und sagen Sie, was im Einzelfall zu prüfen ist.",
  "Nennen Sie keine Paragrafen, Normen, DIN-Nummern, Urteile oder Aktenzeichen und keine Belegnummern in eckigen Klammern – die Antwort wird als unbelegt gekennzeichnet.",
].join("\n");

export async function generateAnswer({ db, config, ops }: Pick<AppDeps, "db" | "config" | "ops">, req: AnswerRequest): Promise<Answer> {
  const previousQuestion = [...req.history].reverse().find((m) => m.role === "user")?.content ?? null;
  const previousAnswer = [...req.history].reverse().find((m) => m.role === "assistant")?.content ?? null;
  const retrieval = await retrieve(db, req.type, req.question, previousQuestion, previousAnswer);

  // The knowledge-base responder does not use the prompt (its banner says where the answer comes from).
  const prompt = config.llm ? await activePrompt(db, req.type) : "";
  if (config.llm && retrieval.context.length > 0) {
    const passages = retrieval.context;
    const messages: ChatCompletionMessageParam[] = [
      { role: "system", content: prompt },
      { role: "system", content: groundingMessage(passages) },
      ...req.history.map((m) => ({ role: m.role, content: m.content })),
      { role: "user", content: req.question },
    ];
    const stream = new CitationStream(passages.length);
    const onDelta = req.onDelta;
    const banner = `**${LLM_MARK}**\n\n`;
    // The banner goes out with the first piece of the answer (a failed call streams nothing).
    let bannerSent = false;
    const send = (text: string) => {
      onDelta?.(bannerSent ? text : banner + text);
      bannerSent = true;
    };
    const raw = await llmComplete(config.llm, {
      messages,
      signal: req.signal,
      onUsage: (usage) => ops?.metrics.tokens("chatbot", usage),
      onDelta: onDelta
        ? (piece) => {
            const clean = stream.push(piece);
            if (clean) send(clean);
          }
        : undefined,
    });
    const cited = new Set<number>();
    const text = cleanCitations(raw, passages.length, cited).trimEnd();
    const list = citedList(passages, cited);
    if (onDelta) {
      const rest = stream.end().trimEnd();
      if (rest || list || !bannerSent) send(rest + list);
    }
    return { text: banner + text + list, source: "llm" };
  }

  // An on-topic question the knowledge base cannot answer: the model may answer from general
  // knowledge, marked as unverified and stripped of any rule it would cite on its own.
  if (config.llm && retrieval.context.length === 0 && !retrieval.offTopic) {
    const messages: ChatCompletionMessageParam[] = [
      { role: "system", content: prompt },
      { role: "system", content: UNGROUNDED_RULES },
      ...req.history.map((m) => ({ role: m.role, content: m.content })),
      { role: "user", content: req.question },
    ];
    // Not streamed piece by piece: a citation must be removed before anything reaches the browser.
    const raw = await llmComplete(config.llm, { messages, signal: req.signal, onUsage: (usage) => ops?.metrics.tokens("chatbot", usage) });
    const text = `**${UNGROUNDED_MARK}**\n\n${withoutRuleReferences(raw)}`;
    req.onDelta?.(text);
    return { text, source: "llm" };
  }

  const topics = retrieval.passages.length === 0 && !retrieval.offTopic ? await sampleTitles(db, req.type) : [];
  const text = composeKnowledgeAnswer({ type: req.type, retrieval, topics });
  req.onDelta?.(text);
  return { text, source: "knowledge-base" };
}
