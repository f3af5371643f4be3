// Asks a chatbot and reads the answer as Server-Sent Events while it is generated
// (fetch + ReadableStream; EventSource cannot POST). Tells a refused request (4xx), a failed
// answer (5xx or an error event) and a broken connection apart, as requirements 2.8 needs.
import type { ChatbotType } from "../../common/schemas/chatbot";
import type { ChatbotAnswerDto } from "../../common/types";
import { apiRequest, parseServerMessage } from "../lib/api";

/** The server refused (4xx) or could not answer (5xx / error event). */
export class ChatRequestError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
  }
  get isServerError() {
    return this.status >= 500;
  }
}

/** The connection failed or broke off before the answer was complete. */
export class ChatNetworkError extends Error {}

interface StreamOptions {
  onDelta: (text: string) => void;
  signal?: AbortSignal;
}

function parseEvent(block: string): { event: string; data: string } | null {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("event:")) event = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
  }
  return data.length ? { event, data: data.join("\n") } : null;
}

export async function streamChat(
  type: ChatbotType,
  body: { message: string; conversationId: number | null },
  { onDelta, signal }: StreamOptions,
): Promise<ChatbotAnswerDto> {
  let res: Response;
  try {
    res = await fetch(`/api/chatbot/${type}`, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ChatNetworkError("fetch failed");
  }
  if (res.status === 401) {
    // The shared request helper shows the session notice and leads to /auth.
    void apiRequest("GET", "/api/user").catch(() => {});
    throw new ChatRequestError(401, "Nicht angemeldet");
  }
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ChatRequestError(res.status, parseServerMessage(text).message ?? `${res.status}`);
  }
  if (!(res.headers.get("content-type") ?? "").includes("text/event-stream")) {
    return (await res.json()) as ChatbotAnswerDto;
  }

  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new ChatNetworkError("stream broken");
    }
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true }).replace(/\r\n/g, "\n");
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const parsed = parseEvent(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (!parsed) continue;
      const data = JSON.parse(parsed.data) as Record<string, unknown>;
      if (parsed.event === "delta") onDelta(String(data.text ?? ""));
      else if (parsed.event === "done") return data as unknown as ChatbotAnswerDto;
      else if (parsed.event === "error") throw new ChatRequestError(Number(data.status ?? 500), String(data.message ?? ""));
    }
  }
  throw new ChatNetworkError("stream ended without an answer");
}
