// The reader thread's entry (started by reader-pool.ts): reads one tender file with analyseTender
// and posts the result. It holds no state between files – the pool starts a fresh thread for each.
import { parentPort } from "node:worker_threads";
import { analyseTender, type AnalyseOptions, type TenderAnalysis } from "../tender";

/** What the pool sends: the file's bytes arrive as transferred ArrayBuffers (no copy). */
export interface ReaderRequest {
  data: ArrayBuffer;
  fileName: string;
  options: Omit<AnalyseOptions, "base" | "contractDocuments"> & {
    base?: { data: ArrayBuffer; fileName: string } | null;
    contractDocuments?: { data: ArrayBuffer; fileName: string }[];
  };
}

/** The long lists of a result, sent in parts (see below). */
export const PARTED = ["positions", "findings"] as const;
export type PartedField = (typeof PARTED)[number];

/**
 * What the thread answers. Taking a message apart costs the receiving thread time: 30 000
 * positions in one message block the web server's thread for 100–250 ms (more on a busy
 * machine). So the lists come in parts of PART_SIZE, the next one only after the pool asked for
 * it ("next") from a later turn of its event loop, and requests are answered in between.
 */
export type ReaderResponse =
  | { kind: "part"; field: PartedField; items: unknown[] }
  | { kind: "done"; result: TenderAnalysis }
  | { kind: "crash"; error: { name: string; message: string; stack?: string } };

const PART_SIZE = 500;

if (!parentPort) throw new Error("reader-worker must run in a worker thread");
const port = parentPort;
let resume: (() => void) | null = null;

port.on("message", (message: ReaderRequest | "next") => {
  if (message === "next") resume?.();
  else void read(message);
});

async function read({ data, fileName, options }: ReaderRequest) {
  let result: TenderAnalysis;
  try {
    const { base, contractDocuments, ...rest } = options;
    result = await analyseTender(new Uint8Array(data), fileName, {
      ...rest,
      ...(base ? { base: { data: new Uint8Array(base.data), fileName: base.fileName } } : {}),
      contractDocuments: (contractDocuments ?? []).map((d) => ({ data: new Uint8Array(d.data), fileName: d.fileName })),
    });
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    port.postMessage({ kind: "crash", error: { name: e.name, message: e.message, stack: e.stack } } satisfies ReaderResponse);
    return;
  }
  for (const field of PARTED) {
    const items: unknown[] = result[field];
    for (let i = 0; i < items.length; i += PART_SIZE) {
      const asked = new Promise<void>((r) => (resume = r));
      port.postMessage({ kind: "part", field, items: items.slice(i, i + PART_SIZE) } satisfies ReaderResponse);
      await asked;
    }
  }
  port.postMessage({ kind: "done", result: { ...result, positions: [], findings: [] } } satisfies ReaderResponse);
}
