// A real local HTTP server speaking the OpenAI chat-completions protocol (JSON and SSE streaming),
// for tests of the LLM path. Its behaviour is switched per test: answer, fail, hang, or stall
// in the middle of a stream.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface FakeLlmMessage {
  role: string;
  content: string;
}

export interface FakeLlmRequest {
  path: string;
  authorization: string | undefined;
  model: string;
  stream: boolean;
  messages: FakeLlmMessage[];
  /** The request's response_format, e.g. { type: "json_object" }. */
  responseFormat: unknown;
}

export type FakeLlmMode =
  | {
      kind: "answer";
      text?: (req: FakeLlmRequest) => string;
      chunkDelayMs?: number;
      /** Wait before answering (a slow model). */ delayMs?: number;
    }
  | { kind: "error"; status?: number }
  | { kind: "hang" }
  | { kind: "stall-after-first-chunk" };

export interface FakeLlm {
  /** Base URL for the OpenAI client (ends in /v1). */
  url: string;
  requests: FakeLlmRequest[];
  setMode(mode: FakeLlmMode): void;
  close(): Promise<void>;
}

export const defaultFakeAnswer = (req: FakeLlmRequest) => {
  const question = [...req.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  return `Testmodell antwortet auf „${question}“: Nach § 13 Abs. 4 VOB/B verjähren Mängelansprüche bei Bauwerken in vier Jahren.`;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Splits text into small pieces the way a model emits tokens. */
const pieces = (text: string) => text.match(/\S+\s*/g) ?? [text];

function chunk(id: string, model: string, delta: Record<string, string>, finish: string | null) {
  return `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const p of req) parts.push(p as Buffer);
  return JSON.parse(Buffer.concat(parts).toString("utf8")) as Record<string, unknown>;
}

export async function startFakeLlm(initial: FakeLlmMode = { kind: "answer" }): Promise<FakeLlm> {
  let mode = initial;
  const requests: FakeLlmRequest[] = [];
  const sockets = new Set<Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const body = await readJson(req);
    const call: FakeLlmRequest = {
      path: req.url,
      authorization: req.headers.authorization,
      model: String(body.model),
      stream: body.stream === true,
      messages: (body.messages as FakeLlmMessage[]) ?? [],
      responseFormat: body.response_format,
    };
    requests.push(call);
    const current = mode;
    if (current.kind === "hang") return; // never answers
    if (current.kind === "error") {
      res.writeHead(current.status ?? 500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "Das Testmodell ist ausgefallen", type: "server_error" } }));
      return;
    }
    if (current.kind === "answer" && current.delayMs) await sleep(current.delayMs);
    const id = `chatcmpl-${requests.length}`;
    const text = current.kind === "answer" ? (current.text ?? defaultFakeAnswer)(call) : "Erster Teil der Antwort ";
    if (!call.stream) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: call.model,
          choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    res.write(chunk(id, call.model, { role: "assistant", content: "" }, null));
    if (current.kind === "stall-after-first-chunk") {
      res.write(chunk(id, call.model, { content: text }, null));
      return; // the stream stays open without another byte
    }
    for (const p of pieces(text)) {
      if (res.destroyed) return;
      res.write(chunk(id, call.model, { content: p }, null));
      if (current.chunkDelayMs) await sleep(current.chunkDelayMs);
    }
    res.write(chunk(id, call.model, {}, "stop"));
    // Like OpenAI: with stream_options.include_usage a last chunk without choices carries the usage.
    if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage) {
      res.write(
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: call.model, choices: [], usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 } })}\n\n`,
      );
    }
    res.end("data: [DONE]\n\n");
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(400).end();
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setMode(next) {
      mode = next;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
