// A tiny real SMTP listener on localhost (RFC 5321 subset: EHLO/HELO, MAIL, RCPT, DATA, RSET,
// NOOP, QUIT) that keeps every received message, so mail tests exercise the real client.
// parseMail decodes what arrived (headers, encoded words, multipart, quoted-printable, base64).
import { createServer, type Socket } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpServer {
  url: string;
  messages: ReceivedMail[];
  /** TCP connections accepted so far (a client that tried, even if it sent nothing). */
  readonly connections: number;
  /** Resolves when at least `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export interface SmtpServerOptions {
  /** Accept connections but never greet: a hanging mail server. */
  stall?: boolean;
}

export async function startSmtpServer(opts: SmtpServerOptions = {}): Promise<SmtpServer> {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if (opts.stall) return;
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let current: ReceivedMail = { from: "", to: [], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 localhost ESMTP test");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end).replace(/\r\n\.\./g, "\r\n.");
          buffer = buffer.slice(end + 5);
          messages.push(current);
          current = { from: "", to: [], data: "" };
          inData = false;
          reply("250 OK: queued");
          continue;
        }
        const nl = buffer.indexOf("\r\n");
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-localhost\r\n250 8BITMIME\r\n");
        else if (verb === "HELO") reply("250 localhost");
        else if (verb === "MAIL") {
          current.from = line
            .replace(/^MAIL FROM:\s*/i, "")
            .replace(/[<>]/g, "")
            .split(" ")[0];
          reply("250 OK");
        } else if (verb === "RCPT") {
          current.to.push(
            line
              .replace(/^RCPT TO:\s*/i, "")
              .replace(/[<>]/g, "")
              .split(" ")[0],
          );
          reply("250 OK");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (verb === "RSET") {
          current = { from: "", to: [], data: "" };
          reply("250 OK");
        } else if (verb === "NOOP") reply("250 OK");
        else if (verb === "QUIT") {
          reply("221 Bye");
          socket.end();
        } else reply("502 Command not implemented");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get connections() {
      return connections;
    },
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return messages;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface ParsedMail {
  /** Header names in lower case, values unfolded and with encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

interface Entity {
  headers: Record<string, string>;
  body: string;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=); whitespace between two of them goes. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(
            data.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

function splitEntity(raw: string): Entity {
  const end = raw.indexOf("\r\n\r\n");
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? "" : raw.slice(end + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(e: Entity): string {
  const cte = (e.headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (cte === "base64") return Buffer.from(e.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (cte === "quoted-printable") {
    const bytes = e.body.replace(/=\r\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return e.body;
}

/** Leaf parts of a (possibly nested) multipart entity. */
function leaves(e: Entity): Entity[] {
  const type = e.headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [e];
  const sections = e.body.split(`--${boundary}`);
  // Before the first boundary is the preamble; from the closing "--boundary--" on, the epilogue.
  return sections
    .slice(1)
    .filter((s) => !s.startsWith("--"))
    .flatMap((s) => leaves(splitEntity(s.replace(/^\r\n/, "").replace(/\r\n$/, ""))));
}

/** Decodes a received message into its headers and its text and HTML parts. */
export function parseMail(mail: ReceivedMail): ParsedMail {
  const root = splitEntity(mail.data);
  const parts = leaves(root);
  const part = (type: string) => parts.find((p) => (p.headers["content-type"] ?? "text/plain").toLowerCase().startsWith(type));
  const text = part("text/plain");
  const html = part("text/html");
  return {
    headers: root.headers,
    subject: root.headers.subject ?? "",
    text: text ? decodeBody(text) : "",
    html: html ? decodeBody(html) : "",
  };
}
