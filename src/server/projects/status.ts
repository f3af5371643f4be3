// A project's status follows the work on it (requirements 1.4 leaves the rules open): the finished
// automatic pre-check of its LV puts a new project "In Review" (the pre-check is there, the expert
// review runs), and so do an expert's review decision and a draft of the evaluation; the uploaded
// evaluation makes it
// "Abgeschlossen" — the same moment the order view (requirements 2.4) turns 'Abgeschlossen'.
// Every change is audited as project.status_change with the event that caused it; a status a
// super admin set by hand is only moved forward, never back.
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { findProjectStatus } from "../../common/project-status";
import { audit } from "../audit/log";
import type { Db } from "../db/client";
import { projects } from "../db/schema";

export type ProjectWorkEvent = "evaluation_uploaded" | "evaluation_draft" | "precheck_ready" | "expert_review";

const COMPLETED = "Abgeschlossen";
const IN_REVIEW = "In Review";
const NEW = "Neu";

/** The status after `event`, or null when the project keeps its status. */
export function statusAfter(current: string, event: ProjectWorkEvent, hasEvaluation: boolean): string | null {
  const known = findProjectStatus(current)?.value;
  if (known === COMPLETED) return null;
  if (event === "evaluation_uploaded") return COMPLETED;
  // The reader only moves a new project; one a super admin set to "Aktiv" keeps that.
  if (event === "precheck_ready") return known === NEW && !hasEvaluation ? IN_REVIEW : null;
  // A draft of an already delivered evaluation does not reopen the project.
  return hasEvaluation || known === IN_REVIEW ? null : IN_REVIEW;
}

/**
 * Moves the project's status after `event` (call it after the work is stored, in the same
 * transaction where there is one). The update is conditional on the status read, so two events
 * at once cannot write an older status over a newer one.
 */
export async function recordProjectWork(
  db: Db,
  req: FastifyRequest | null,
  projectId: number,
  event: ProjectWorkEvent,
): Promise<string | null> {
  const [project] = await db
    .select({ status: projects.status, outputFileId: projects.outputFileId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) return null;
  const next = statusAfter(project.status, event, project.outputFileId !== null);
  if (!next) return null;
  const moved = await db
    .update(projects)
    .set({ status: next, updatedAt: new Date() })
    .where(and(eq(projects.id, projectId), eq(projects.status, project.status)))
    .returning({ id: projects.id });
  if (!moved.length) return null;
  await audit(db, req, "project.status_change", { type: "project", id: projectId }, { from: project.status, to: next, event });
  return next;
}
