// The reader pool: files are read in threads with time and memory limits; a thread that hits
// one is ended and replaced, and the file ends as "failed" with a German reason. The first part
// uses the real reader; the second uses stand-in threads that crash, hang or grow on purpose.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { largeGaeb, pdfBomb } from "../../../tests/helpers/hostile-files";
import { analyseTender, GaebError, type TenderAnalysis } from "../tender";
import { DEFAULT_LIMITS } from "../tender/public";
import { configureReaderPool, readerPoolState, readTenderIsolated } from "./reader-pool";

const X83 = readFileSync(join(import.meta.dirname, "../tender/fixtures/boq.x83"));
const DEFAULTS = { timeoutMs: 120_000, maxHeapMb: 768, maxRssMb: 1536, concurrency: 1, workerScript: undefined };
const logged: { level: string; msg: string; obj: object }[] = [];
const log = {
  warn: (obj: object, msg: string) => void logged.push({ level: "warn", msg, obj }),
  error: (obj: object, msg: string) => void logged.push({ level: "error", msg, obj }),
};
const message = (code: ConstructorParameters<typeof GaebError>[0]) => new GaebError(code).message;

beforeAll(() => configureReaderPool({ ...DEFAULTS, log }));
afterEach(() => {
  configureReaderPool(DEFAULTS);
  logged.length = 0;
});

describe("reading in a thread", { timeout: 60_000 }, () => {
  it("reads an X83 exactly as analyseTender does on this thread, and leaves the caller's bytes alone", async () => {
    const isolated = await readTenderIsolated(X83, "boq.x83");
    expect(isolated.status).toBe("done");
    expect(isolated).toEqual(await analyseTender(X83, "boq.x83"));
    // The bytes were copied before being handed over, not detached.
    expect(X83.equals(readFileSync(join(import.meta.dirname, "../tender/fixtures/boq.x83")))).toBe(true);
  });

  it("copies a Buffer that shares its memory with others (pooled Buffer) without detaching it", async () => {
    const pooled = Buffer.from("<GAEB/>");
    const neighbour = Buffer.from("unberührt");
    expect(pooled.buffer).toBe(neighbour.buffer);
    const result = await readTenderIsolated(pooled, "klein.x83");
    expect(result.format).toBe("gaeb-xml");
    expect(pooled.toString()).toBe("<GAEB/>");
    expect(neighbour.toString()).toBe("unberührt");
  });

  it("ends a file over READER_TIMEOUT_MS as reader_timeout and reads the next one in a new thread", async () => {
    const { buffer } = largeGaeb();
    configureReaderPool({ timeoutMs: 150 });
    const started = readerPoolState().threadsStarted;
    const result = await readTenderIsolated(buffer, "gross.x83");
    expect(result).toMatchObject({
      status: "failed",
      format: "gaeb-xml",
      error: { code: "reader_timeout", message: message("reader_timeout") },
      positions: [],
    });
    expect(logged.some((l) => l.msg === "tender reader timed out")).toBe(true);

    configureReaderPool({ timeoutMs: DEFAULTS.timeoutMs });
    const next = await readTenderIsolated(X83, "boq.x83");
    expect(next.status).toBe("done");
    expect(readerPoolState().threadsStarted).toBeGreaterThan(started);
  });

  it("ends a file that needs more heap than READER_MAX_HEAP_MB as reader_memory; the next file is read", async () => {
    const { buffer } = largeGaeb();
    // 64 MB: enough for the engine with its checklist and price tables on a small LV (32 MB no
    // longer is), far too little for the 25 000-position file.
    configureReaderPool({ maxHeapMb: 64 });
    const result = await readTenderIsolated(buffer, "gross.x83");
    expect(result).toMatchObject({ status: "failed", error: { code: "reader_memory", message: message("reader_memory") } });

    const next = await readTenderIsolated(X83, "boq.x83");
    expect(next.status).toBe("done");
    configureReaderPool({ maxHeapMb: DEFAULTS.maxHeapMb });
    const full = await readTenderIsolated(buffer, "gross.x83");
    expect(full.status).toBe("done");
    expect(full.counts.items).toBeGreaterThan(25_000);
  });

  it("ends a PDF whose stream inflates beyond READER_MAX_RSS_MB (outside the V8 heap) as reader_memory", async () => {
    const bomb = await pdfBomb(1000);
    configureReaderPool({ maxRssMb: 150 });
    // No decoded-bytes cap: the RSS watch has to catch it.
    const limits = { ...DEFAULT_LIMITS, maxDecodedBytes: Number.MAX_SAFE_INTEGER };
    const result = await readTenderIsolated(bomb, "bombe.pdf", { limits });
    expect(result).toMatchObject({ status: "failed", format: "pdf", error: { code: "reader_memory", message: message("reader_memory") } });
    expect(logged.some((l) => l.msg === "tender reader exceeded the memory cap")).toBe(true);
    expect((await readTenderIsolated(X83, "boq.x83")).status).toBe("done");
  });
});

// Stand-in threads: the file's text says what the thread does.
const STAND_IN = `
import { existsSync } from "node:fs";
import { parentPort } from "node:worker_threads";
parentPort.once("message", ({ data, fileName, options }) => {
  const text = new TextDecoder().decode(data);
  const reply = (extra) => parentPort.postMessage({ kind: "done", result: { status: "done", fileName, bytes: data.byteLength, ...extra } });
  if (text === "throw") parentPort.postMessage({ kind: "crash", error: { name: "TypeError", message: "geheimes Detail: x is undefined", stack: "TypeError: x\\n    at read" } });
  else if (text === "uncaught") setTimeout(() => { throw new Error("uncaught in reader"); });
  else if (text === "exit") process.exit(3);
  else if (text === "hang") for (;;);
  else if (text === "grow") { globalThis.keep = Buffer.alloc(300 * 1024 * 1024, 1); setInterval(() => {}, 1000); }
  else if (text === "slow") setTimeout(() => reply({}), 2000);
  else if (text.startsWith("wait:")) setInterval(() => existsSync(text.slice(5)) && reply({}), 20);
  else reply({ base: options.base ? new TextDecoder().decode(options.base.data) : null });
});
`;

describe("threads that misbehave", { timeout: 30_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "reader-pool-test-"));
    writeFileSync(join(dir, "stand-in.mjs"), STAND_IN);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const standIn = (changes: object = {}) => configureReaderPool({ workerScript: join(dir, "stand-in.mjs"), ...changes });
  const read = (text: string, fileName = "lv.x83") =>
    readTenderIsolated(Buffer.from(text), fileName) as Promise<TenderAnalysis & { bytes?: number; base?: string }>;

  it("hands over the bytes and the base file", async () => {
    standIn();
    const result = await readTenderIsolated(Buffer.from("preise"), "lv.x84", { base: { data: Buffer.from("lv"), fileName: "lv.x83" } });
    expect(result).toMatchObject({ status: "done", bytes: 6, base: "lv" });
  });

  it.each([
    ["an error thrown by the reader", "throw", "lv.x83", "malformed"],
    ["an uncaught error in the thread", "uncaught", "lv.pdf", "pdf_unreadable"],
    ["a thread that exits", "exit", "lv.csv", "sheet_unreadable"],
  ])("%s: failed with the format's German reason, the error only in the log", async (_label, text, fileName, code) => {
    standIn();
    const result = await read(text, fileName);
    expect(result).toMatchObject({ status: "failed", error: { code, message: message(code as "malformed") } });
    expect(JSON.stringify(result)).not.toMatch(/geheim|uncaught in reader/);
    expect(logged.filter((l) => l.level === "error")).toHaveLength(1);
    if (text === "throw") expect(JSON.stringify(logged[0].obj)).toContain("geheimes Detail");
    expect((await read("ok")).status).toBe("done");
  });

  it("stops a thread that never returns after READER_TIMEOUT_MS", async () => {
    standIn({ timeoutMs: 300 });
    const started = Date.now();
    expect((await read("hang")).error?.code).toBe("reader_timeout");
    expect(Date.now() - started).toBeLessThan(5000);
    configureReaderPool({ timeoutMs: DEFAULTS.timeoutMs });
    expect((await read("ok")).status).toBe("done");
  });

  it("reads one file at a time by default; the others wait in the queue", async () => {
    standIn();
    const reads = [read("slow"), read("ok"), read("ok")];
    await new Promise((r) => setTimeout(r, 100));
    expect(readerPoolState()).toMatchObject({ running: 1, queued: 2 });
    expect((await Promise.all(reads)).map((r) => r.status)).toEqual(["done", "done", "done"]);
  });

  it("with READER_CONCURRENCY=2 reads two at once", async () => {
    standIn({ concurrency: 2 });
    const reads = [read("slow"), read("slow"), read("ok")];
    await new Promise((r) => setTimeout(r, 100));
    expect(readerPoolState()).toMatchObject({ running: 2, queued: 1 });
    await Promise.all(reads);
  });

  it("when the RSS cap is hit during two reads, reads both again alone: only the growing one fails", async () => {
    standIn({ concurrency: 2, maxRssMb: 200 });
    // The second file is read until the test releases it: after the cap was hit with both running.
    const release = join(dir, "release");
    const reads = Promise.all([read("grow"), read(`wait:${release}`)]);
    while (!logged.length) await new Promise((r) => setTimeout(r, 20));
    writeFileSync(release, "");
    const [grow, waiting] = await reads;
    expect(grow.error?.code).toBe("reader_memory");
    expect(waiting.status).toBe("done");
    expect(logged.map((l) => l.msg)).toEqual([
      "memory cap hit while several files were read; reading them again one by one",
      "tender reader exceeded the memory cap",
    ]);
  });
});
