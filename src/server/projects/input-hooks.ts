// Extension point: called inside the transaction that stores a project's input file (create and
// upload-input), e.g. to queue the reading of the tender. A hook's failure fails the upload, so
// an acknowledged upload never lacks its follow-up work; `afterCommit` runs once it is stored.
import type { Db } from "../db/client";
import { queueBoqAnalysis, wakeBoqWorkers } from "../boq/worker";

export interface InputFileEvent {
  projectId: number;
  fileId: number;
  fileName: string;
}

interface InputFileHook {
  inTransaction(tx: Db, e: InputFileEvent): Promise<void>;
  afterCommit?(): void;
}

/** Every stored input file is read in the background (GAEB/PDF → positions, pre-check, prices). */
export const inputFileHooks: InputFileHook[] = [{ inTransaction: queueBoqAnalysis, afterCommit: wakeBoqWorkers }];

export async function runInputFileHooks(tx: Db, e: InputFileEvent) {
  for (const hook of inputFileHooks) await hook.inTransaction(tx, e);
}

export function inputFilesCommitted() {
  for (const hook of inputFileHooks) hook.afterCommit?.();
}
