// Extension point: called after a project's input file is stored (create and upload-input), e.g.
// to read the tender. A hook's failure is logged and never fails the upload.
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app";
import { queueBoqAnalysis } from "../boq/worker";

export interface InputFileEvent {
  projectId: number;
  fileId: number;
  fileName: string;
}

/** Every stored input file is read in the background (GAEB/PDF → positions, pre-check, prices). */
export const inputFileHooks: ((deps: AppDeps, e: InputFileEvent) => Promise<void>)[] = [queueBoqAnalysis];

export async function runInputFileHooks(deps: AppDeps, log: FastifyBaseLogger, e: InputFileEvent) {
  for (const hook of inputFileHooks) {
    try {
      await hook(deps, e);
    } catch (err) {
      log.error({ err, projectId: e.projectId, fileId: e.fileId }, "input file hook failed");
    }
  }
}
