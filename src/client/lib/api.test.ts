// The query reader against a real local HTTP server: every answer's body is read, also the 401
// that the reader turns into null (an unread body keeps the request open in the browser).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getListPage, getQueryFn, RequestError } from "./api";

let server: Server;
let base: string;
const responses: Response[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = createServer((req, res) => {
    const status = req.url?.startsWith("/401") ? 401 : 200;
    res.writeHead(status, { "content-type": "application/json", "x-total-count": "1" });
    res.end(status === 401 ? JSON.stringify({ message: "Nicht angemeldet" }) : JSON.stringify([{ id: 1 }]));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The real fetch, only remembering each response to look at afterwards.
  vi.stubGlobal("fetch", async (...args: Parameters<typeof fetch>) => {
    const res = await realFetch(...args);
    responses.push(res);
    return res;
  });
  // On the sign-in page the 401 rules do not redirect (the reader's path under test stays pure).
  vi.stubGlobal("window", { location: { pathname: "/auth", search: "" } });
});
afterEach(() => {
  responses.length = 0;
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((r) => server.close(r));
});

describe("getQueryFn", () => {
  it("answers null on a 401 with on401 returnNull and has read the response body", async () => {
    const read = getQueryFn<unknown>({ on401: "returnNull" });
    await expect(read({ queryKey: [`${base}/401/api/user`] })).resolves.toBeNull();
    expect(responses).toHaveLength(1);
    expect(responses[0].status).toBe(401);
    expect(responses[0].bodyUsed).toBe(true);
  });

  it("throws a RequestError with the server's message on a 401 with on401 throw, body read", async () => {
    const read = getQueryFn<unknown>({ on401: "throw" });
    const err = await read({ queryKey: [`${base}/401/api/projects`] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect(err).toMatchObject({ status: 401, serverMessage: "Nicht angemeldet" });
    expect(responses[0].bodyUsed).toBe(true);
  });

  it("returns the JSON of a 200", async () => {
    await expect(getQueryFn<unknown>()({ queryKey: [`${base}/ok`] })).resolves.toEqual([{ id: 1 }]);
    expect(responses[0].bodyUsed).toBe(true);
  });
});

describe("getListPage", () => {
  it("reads the body of a 401 too and throws", async () => {
    await expect(getListPage(`${base}/401/api/users`)).rejects.toMatchObject({ status: 401 });
    expect(responses[0].bodyUsed).toBe(true);
  });
});
