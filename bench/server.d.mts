// Types of bench/server.mjs for the TypeScript parts of the benchmark.
import type { ChildProcess } from "node:child_process";

export function freePort(): Promise<number>;
export function startBenchServer(opts?: {
  databaseUrl?: string;
  dataDir?: string;
  port?: number;
  nodeArgs?: string[];
  env?: Record<string, string>;
  quiet?: boolean;
}): Promise<{
  base: string;
  pid: number | undefined;
  process: ChildProcess;
  stop(): Promise<void>;
}>;
