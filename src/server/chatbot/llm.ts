// Answers through any OpenAI-compatible chat-completions server (LLM_BASE_URL). Every call has a
// deadline of its own (the SDK's timeout covers only the wait for the response headers): without
// streaming the whole answer must arrive within timeoutMs, with streaming every chunk must.
import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { Config } from "../config";

export type LlmConfig = NonNullable<Config["llm"]>;

export class LlmError extends Error {
  constructor(
    public readonly kind: "timeout" | "provider" | "aborted",
    message: string,
  ) {
    super(message);
  }
}

export interface LlmCall {
  messages: ChatCompletionMessageParam[];
  /** Called with each piece of text when streaming. */
  onDelta?: (text: string) => void;
  /** Aborts the call (e.g. the browser went away). */
  signal?: AbortSignal;
  /** Tokens the provider reports for the call (for streams only if it honours include_usage). */
  onUsage?: (usage: { promptTokens: number; completionTokens: number }) => void;
}

const reportUsage = (call: LlmCall, usage: { prompt_tokens: number; completion_tokens: number } | null | undefined) => {
  if (usage) call.onUsage?.({ promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens });
};

const clients = new Map<string, OpenAI>();
function clientFor(cfg: LlmConfig): OpenAI {
  const key = `${cfg.baseUrl}\u0000${cfg.apiKey}\u0000${cfg.timeoutMs}`;
  let client = clients.get(key);
  if (!client) {
    client = new OpenAI({ baseURL: cfg.baseUrl, apiKey: cfg.apiKey, timeout: cfg.timeoutMs, maxRetries: 0 });
    clients.set(key, client);
  }
  return client;
}

export async function llmComplete(cfg: LlmConfig, call: LlmCall): Promise<string> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, cfg.timeoutMs);
  };
  const onOuterAbort = () => controller.abort();
  call.signal?.addEventListener("abort", onOuterAbort, { once: true });
  arm();
  try {
    const client = clientFor(cfg);
    let text = "";
    if (call.onDelta) {
      const stream = await client.chat.completions.create(
        { model: cfg.model, messages: call.messages, stream: true, stream_options: { include_usage: true } },
        { signal: controller.signal },
      );
      for await (const chunk of stream) {
        arm();
        reportUsage(call, chunk.usage);
        const delta = chunk.choices[0]?.delta?.content;
        if (delta) {
          text += delta;
          call.onDelta(delta);
        }
      }
    } else {
      const res = await client.chat.completions.create({ model: cfg.model, messages: call.messages }, { signal: controller.signal });
      text = res.choices[0]?.message?.content ?? "";
      reportUsage(call, res.usage);
    }
    if (timedOut) throw new LlmError("timeout", "LLM timeout");
    if (!text.trim()) throw new LlmError("provider", "LLM returned an empty answer");
    return text;
  } catch (err) {
    if (err instanceof LlmError) throw err;
    if (timedOut || err instanceof OpenAI.APIConnectionTimeoutError) throw new LlmError("timeout", `LLM timeout after ${cfg.timeoutMs} ms`);
    if (call.signal?.aborted) throw new LlmError("aborted", "request aborted");
    const status = err instanceof OpenAI.APIError && err.status ? ` (HTTP ${err.status})` : "";
    throw new LlmError("provider", `LLM provider error${status}: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener("abort", onOuterAbort);
  }
}
