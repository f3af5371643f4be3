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

export async function generateAnswer({ db, config, ops }: Pick<AppDeps, "db" | "config" | "ops">, req: AnswerRequest): Promise<Answer> {
  const prompt = await activePrompt(db, req.type);
  const previousQuestion = [...req.history].reverse().find((m) => m.role === "user")?.content ?? null;
  const retrieval = await retrieve(db, req.type, req.question, previousQuestion);

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
    const raw = await llmComplete(config.llm, {
      messages,
      signal: req.signal,
      onUsage: (usage) => ops?.metrics.tokens("chatbot", usage),
      onDelta: onDelta
        ? (piece) => {
            const clean = stream.push(piece);
            if (clean) onDelta(clean);
          }
        : undefined,
    });
    const cited = new Set<number>();
    const text = cleanCitations(raw, passages.length, cited).trimEnd();
    const list = citedList(passages, cited);
    if (onDelta) {
      const rest = stream.end().trimEnd();
      if (rest || list) onDelta(rest + list);
    }
    return { text: text + list, source: "llm" };
  }

  const topics = retrieval.passages.length === 0 ? await sampleTitles(db, req.type) : [];
  const text = composeKnowledgeAnswer({ type: req.type, prompt, retrieval, topics });
  req.onDelta?.(text);
  return { text, source: "knowledge-base" };
}
