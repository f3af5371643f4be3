// Tender files are read in worker threads, never on the web server's thread: a hostile file (a
// PDF whose stream inflates to gigabytes, a GAEB file with 100 000 nested elements) may cost
// its own thread time and memory, but not the answers of other requests or companies.
//
// Each file gets a fresh thread (resourceLimits on its V8 heap, a wall-clock timeout) that is
// terminated afterwards: nothing of one company's file stays in a thread that reads the next
// company's file, and a thread stopped mid-way cannot leave broken state behind. Starting a
// thread costs about 600 ms (measured on the 2-core machine: 55–120 ms to "online", the rest is
// loading PDF.js and the other readers), a read of a small X83 in a started thread about 20 ms.
// So one thread is started ahead and waits, idle and unreferenced, for the next file; it is
// started after a read has ended, so it does not compete with that read for a core.
//
// PDF.js and the zip readers allocate typed arrays outside the V8 heap, which resourceLimits do
// not count. While a file is read, the process's RSS is therefore sampled on this thread; growing
// beyond READER_MAX_RSS_MB ends the read as reader_memory. RSS belongs to the whole process, so
// when several files are read at once and the cap is hit, all of them are stopped and read again
// one at a time; only a file that exceeds the cap alone fails.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, parse } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { loadConfig, type ReaderConfig } from "../config";
import type { AnalyseOptions } from "../tender";
import {
  detectTenderFormat,
  failedAnalysis,
  GaebError,
  type GaebErrorCode,
  type TenderAnalysis,
  type TenderFormat,
} from "../tender/public";
import type { PartedField, ReaderRequest, ReaderResponse } from "./reader-worker";

interface PoolLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ReaderPoolSettings extends ReaderConfig {
  log: PoolLog;
  /** How often the RSS is sampled while a file is read. */
  rssSampleMs: number;
  /** Another worker script (tests: threads that crash, hang or grow on purpose). */
  workerScript?: string;
}

const consoleLog: PoolLog = {
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

let settings: ReaderPoolSettings | null = null;

function current(): ReaderPoolSettings {
  settings ??= { ...loadConfig().reader, log: consoleLog, rssSampleMs: 50 };
  return settings;
}

/** Sets limits and logger (at start from the configuration; tests use small limits). */
export function configureReaderPool(changes: Partial<ReaderPoolSettings>): void {
  const before = current();
  settings = { ...before, ...changes };
  // A waiting thread was started with the old heap limit or script.
  if (settings.workerScript !== before.workerScript) script = null;
  if (settings.maxHeapMb !== before.maxHeapMb || settings.workerScript !== before.workerScript) dropWarm();
  prewarm();
  pump();
}

// ---------------------------------------------------------------------------------------------
// The worker script: dist/server/reader-worker.js next to the bundle, or — when running from
// the TypeScript sources (vitest, tsx) — reader-worker.ts bundled once per process with esbuild
// into a temporary .mjs, more robust than loader flags in threads. npm packages stay external
// (as in scripts/build-server.mjs) and resolve through a node_modules link next to it. The folder
// is named by the bundle's hash: processes with the same sources share it, and nothing piles up
// when test processes are killed before they could clean up.

interface Script {
  path: string;
  /** Node options for the thread; a bundled script needs none of the loader flags (tsx). */
  execArgv?: string[];
}

let script: Promise<Script> | null = null;

function workerScript(): Promise<Script> {
  const override = current().workerScript;
  if (override) return Promise.resolve({ path: override, execArgv: [] });
  script ??= locateWorkerScript().catch((err: unknown) => {
    script = null;
    throw err;
  });
  return script;
}

async function locateWorkerScript(): Promise<Script> {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith(".ts")) {
    const built = join(dirname(here), "reader-worker.js");
    if (!existsSync(built)) throw new Error(`reader worker not found at ${built} (npm run build)`);
    return { path: built };
  }
  const { build } = await import("esbuild");
  const { outputFiles } = await build({
    entryPoints: [join(dirname(here), "reader-worker.ts")],
    // Same depth below tmpdir as the final folder: the inline source map's paths stay right.
    outfile: join(tmpdir(), "bauklar-reader", "reader-worker.mjs"),
    write: false,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "inline",
    logLevel: "warning",
  });
  const code = outputFiles[0].contents;
  const nodeModules = nodeModulesOf(here);
  const dir = join(tmpdir(), `bauklar-reader-${createHash("sha256").update(nodeModules).update(code).digest("hex").slice(0, 16)}`);
  const path = join(dir, "reader-worker.mjs");
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    try {
      symlinkSync(nodeModules, join(dir, "node_modules"), "dir");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    // Another process may write the same file at the same time: write aside, then rename.
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, code);
    renameSync(partial, path);
  }
  return { path, execArgv: [] };
}

function nodeModulesOf(file: string): string {
  for (let dir = dirname(file); dir !== parse(dir).root; dir = dirname(dir)) {
    if (existsSync(join(dir, "node_modules"))) return join(dir, "node_modules");
  }
  throw new Error(`no node_modules above ${file}`);
}

// ---------------------------------------------------------------------------------------------
// Threads.

interface Thread {
  worker: Worker;
  /** Set when the thread died while waiting for a file. */
  dead: boolean;
}

function startThread({ path, execArgv }: Script): Thread {
  const { maxHeapMb } = current();
  const worker = new Worker(path, {
    ...(execArgv ? { execArgv } : {}),
    resourceLimits: {
      maxOldGenerationSizeMb: maxHeapMb,
      maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.round(maxHeapMb / 8))),
      stackSizeMb: 4,
    },
  });
  threadsStarted++;
  const thread: Thread = { worker, dead: false };
  // While waiting: a thread that fails to start is dropped (and the error logged), never thrown.
  worker.on("error", (err) => {
    if (warm === thread) {
      current().log.error({ err }, "tender reader thread failed while waiting");
      warm = null;
    }
    thread.dead = true;
  });
  worker.on("exit", () => {
    thread.dead = true;
    if (warm === thread) warm = null;
  });
  worker.unref();
  return thread;
}

let warm: Thread | null = null;
let warming = false;
let threadsStarted = 0;
/** Changes when the waiting thread is dropped (new limits or script): one started for the old settings is not kept. */
let generation = 0;

/** Starts the waiting thread unless there is one. */
function prewarm() {
  if (warm || warming) return;
  warming = true;
  const started = generation;
  // Registered before any takeThread() that awaits the same script: a read that comes while
  // the script is being bundled takes this thread instead of starting a second one.
  workerScript().then(
    (path) => {
      warming = false;
      if (started !== generation) return prewarm();
      if (!warm) warm = startThread(path);
    },
    (err) => {
      warming = false;
      current().log.error({ err }, "tender reader worker script unavailable");
    },
  );
}

function dropWarm() {
  generation++;
  if (warm) void warm.worker.terminate();
  warm = null;
}

async function takeThread(): Promise<Thread> {
  const path = await workerScript();
  const ready = warm && !warm.dead ? warm : null;
  warm = null;
  return ready ?? startThread(path);
}

// ---------------------------------------------------------------------------------------------
// Queue and reads.

interface Task {
  data: Uint8Array;
  fileName: string;
  options: AnalyseOptions;
  /** Read with no other file at the same time (after the RSS cap hit several reads). */
  alone: boolean;
  resolve(result: TenderAnalysis): void;
  reject(err: Error): void;
}

interface Run {
  task: Task;
  thread: Thread | null;
  rssBefore: number;
  timer: NodeJS.Timeout | null;
  done: boolean;
}

const queue: Task[] = [];
const running = new Set<Run>();
let rssWatch: NodeJS.Timeout | null = null;

/**
 * Reads a tender file in a reader thread. Files that hit the time or memory limit, and files
 * the reader crashed on, end as status "failed" with a German reason; the caller's bytes are
 * copied (the copy is handed over to the thread, not cloned again).
 */
export function readTenderIsolated(data: Uint8Array, fileName: string, options: AnalyseOptions = {}): Promise<TenderAnalysis> {
  return new Promise((resolve, reject) => {
    queue.push({ data, fileName, options, alone: false, resolve, reject });
    pump();
  });
}

/** Counters for tests and the benchmark. */
export function readerPoolState() {
  return { running: running.size, queued: queue.length, warm: warm !== null && !warm.dead, threadsStarted };
}

/** Ends all threads; reads in progress and queued ones are rejected (tests, shutdown). */
export async function stopReaderPool(): Promise<void> {
  const stopped = new Error("tender reader stopped");
  for (const task of queue.splice(0)) task.reject(stopped);
  const ends = [...running].map((run) => finish(run, { reject: stopped }));
  dropWarm();
  await Promise.all(ends);
}

function pump() {
  const { concurrency } = current();
  while (queue.length) {
    if ([...running].some((r) => r.task.alone)) return;
    if (queue[0].alone ? running.size > 0 : running.size >= concurrency) return;
    void start(queue.shift()!);
  }
}

async function start(task: Task) {
  const run: Run = { task, thread: null, rssBefore: process.memoryUsage.rss(), timer: null, done: false };
  running.add(run);
  watchRss();
  let thread: Thread;
  try {
    thread = await takeThread();
  } catch (err) {
    // No worker script (a broken build): the job fails and is retried, the file is not blamed.
    return void finish(run, { reject: err instanceof Error ? err : new Error(String(err)) });
  }
  if (run.done) {
    void thread.worker.terminate();
    return;
  }
  run.thread = thread;
  const { worker } = thread;
  worker.ref();
  const { timeoutMs, log } = current();
  run.timer = setTimeout(() => {
    log.warn({ fileName: task.fileName, timeoutMs }, "tender reader timed out");
    void finish(run, { code: "reader_timeout" });
  }, timeoutMs);
  const parts: Record<PartedField, unknown[]> = { positions: [], findings: [] };
  worker.on("message", (message: ReaderResponse) => {
    if (run.done) return;
    if (message.kind === "part") {
      for (const item of message.items) parts[message.field].push(item);
      // Ask for the next part from a later turn of the event loop: requests go first.
      setImmediate(() => !run.done && worker.postMessage("next"));
    } else if (message.kind === "done") {
      void finish(run, { result: { ...message.result, ...parts } as TenderAnalysis });
    } else {
      log.error({ fileName: task.fileName, err: message.error }, "tender reader crashed");
      void finish(run, { crash: true });
    }
  });
  worker.on("messageerror", (err) => {
    log.error({ fileName: task.fileName, err }, "tender reader result unreadable");
    void finish(run, { crash: true });
  });
  worker.on("error", (err: Error & { code?: string }) => {
    if (err.code === "ERR_WORKER_OUT_OF_MEMORY") {
      log.warn({ fileName: task.fileName, maxHeapMb: current().maxHeapMb }, "tender reader out of heap");
      return void finish(run, { code: "reader_memory" });
    }
    log.error({ fileName: task.fileName, err }, "tender reader crashed");
    void finish(run, { crash: true });
  });
  worker.on("exit", (exitCode) => {
    if (run.done) return;
    log.error({ fileName: task.fileName, exitCode }, "tender reader thread exited without a result");
    void finish(run, { crash: true });
  });
  // Copies of the bytes, handed over (transferred) to the thread: no further copy is made.
  const { base, contractDocuments, ...rest } = task.options;
  const request: ReaderRequest = {
    data: copyOf(task.data),
    fileName: task.fileName,
    options: {
      ...rest,
      base: base ? { data: copyOf(base.data), fileName: base.fileName } : null,
      contractDocuments: (contractDocuments ?? []).map((d) => ({ data: copyOf(d.data), fileName: d.fileName })),
    },
  };
  try {
    const transfer = [
      request.data,
      ...(request.options.base ? [request.options.base.data] : []),
      ...(request.options.contractDocuments ?? []).map((d) => d.data),
    ];
    worker.postMessage(request, transfer);
  } catch (err) {
    log.error({ fileName: task.fileName, err }, "tender reader request not sendable");
    void finish(run, { crash: true });
  }
}

/** The bytes as a new ArrayBuffer of their own (a Buffer's .slice() would share memory). */
function copyOf(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

type Outcome = { result: TenderAnalysis } | { code: GaebErrorCode } | { crash: true } | { retryAlone: true } | { reject: Error };

/**
 * Ends a read: the caller gets its result at once; the thread is terminated whatever happened,
 * and its slot is free only once the thread is gone – its memory is back, so the next read's
 * RSS baseline is not inflated by it (terminating a thread stuck in a large allocation can take
 * a few seconds).
 */
async function finish(run: Run, outcome: Outcome): Promise<void> {
  if (run.done) return;
  run.done = true;
  if (run.timer) clearTimeout(run.timer);
  const { task } = run;
  if ("result" in outcome) task.resolve(outcome.result);
  else if ("code" in outcome) task.resolve(failed(task, outcome.code));
  else if ("crash" in outcome) task.resolve(failed(task, crashCode(formatOf(task))));
  else if ("reject" in outcome) task.reject(outcome.reject);
  else queue.unshift({ ...task, alone: true });
  await run.thread?.worker.terminate().catch(() => {});
  running.delete(run);
  if (!running.size) stopRssWatch();
  pump();
  prewarm();
}

function formatOf(task: Task): TenderFormat {
  return detectTenderFormat(task.data, task.fileName);
}

function failed(task: Task, code: GaebErrorCode): TenderAnalysis {
  return failedAnalysis(formatOf(task), new GaebError(code));
}

/** A reader crash is our bug, not the customer's; the user sees the format's "cannot read". */
function crashCode(format: TenderFormat): GaebErrorCode {
  if (format === "pdf") return "pdf_unreadable";
  if (format === "xlsx" || format === "csv") return "sheet_unreadable";
  return "malformed";
}

function watchRss() {
  if (rssWatch) return;
  rssWatch = setInterval(checkRss, current().rssSampleMs);
  rssWatch.unref();
}

function stopRssWatch() {
  if (rssWatch) clearInterval(rssWatch);
  rssWatch = null;
}

function checkRss() {
  const { maxRssMb, log } = current();
  const rss = process.memoryUsage.rss();
  const active = [...running].filter((run) => !run.done);
  const over = active.filter((run) => run.thread && rss - run.rssBefore > maxRssMb * 2 ** 20);
  if (!over.length) return;
  const growthMb = Math.round((rss - Math.min(...over.map((r) => r.rssBefore))) / 2 ** 20);
  if (active.length === 1) {
    const [run] = over;
    log.warn({ fileName: run.task.fileName, growthMb, maxRssMb }, "tender reader exceeded the memory cap");
    void finish(run, { code: "reader_memory" });
    return;
  }
  // Several reads share the process's RSS: stop all of them and read them again one by one.
  log.warn(
    { files: active.map((r) => r.task.fileName), growthMb, maxRssMb },
    "memory cap hit while several files were read; reading them again one by one",
  );
  for (const run of active.reverse()) void finish(run, { retryAlone: true });
}
