// Produces one answer: active system prompt + relevant knowledge-base passages + history, through
// the configured language model or, without LLM_BASE_URL, the embedded knowledge-base responder.
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ChatbotType } from "../../common/schemas/chatbot";
import type { AppDeps } from "../app";
import { activePrompt } from "./prompts";
import { retrieve, sampleTitles } from "./retrieval";
import { composeKnowledgeAnswer, passagesAsContext } from "./kb-responder";
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

export async function generateAnswer({ db, config }: Pick<AppDeps, "db" | "config">, req: AnswerRequest): Promise<Answer> {
  const prompt = await activePrompt(db, req.type);
  const previousQuestion = [...req.history].reverse().find((m) => m.role === "user")?.content ?? null;
  const { passages, outline } = await retrieve(db, req.type, req.question, previousQuestion);

  if (config.llm) {
    const messages: ChatCompletionMessageParam[] = [
      { role: "system", content: prompt },
      { role: "system", content: passagesAsContext(passages) },
      ...req.history.map((m) => ({ role: m.role, content: m.content })),
      { role: "user", content: req.question },
    ];
    const text = await llmComplete(config.llm, { messages, onDelta: req.onDelta, signal: req.signal });
    return { text, source: "llm" };
  }

  const topics = passages.length === 0 ? await sampleTitles(db, req.type) : [];
  const text = composeKnowledgeAnswer({ type: req.type, prompt, passages, outline, topics });
  req.onDelta?.(text);
  return { text, source: "knowledge-base" };
}
