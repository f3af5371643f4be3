// Server side of the project permission rules (src/common/project-access.ts): list filters and
// loaders that turn "may not see" into 404 and "may not change" into 403.
import { eq } from "drizzle-orm";
import { canManageProject, canSeeProject, DEMO_PROJECT_ID } from "../../common/project-access";
import { PROJECT_MESSAGES } from "../../common/schemas/project";
import type { SessionUser } from "../auth/sessions";
import type { Db } from "../db/client";
import { projects } from "../db/schema";
import { forbidden, notFound } from "../http/errors";
import type { ListScope } from "./list-cache";

export { canChangeStatus, canDownloadOutput } from "../../common/project-access";

/** The list matching canSeeProject: all for super admins, else the company's plus the demo project. */
export function visibleProjects(u: SessionUser): ListScope {
  if (u.role === "super_admin") return { shape: "all", companyId: null };
  return u.companyId === null ? { shape: "demo", companyId: null } : { shape: "companyAndDemo", companyId: u.companyId };
}

/** Loads the project's id, company, name and status; a project the caller may not see is a 404. */
export async function loadVisibleProject(db: Db, u: SessionUser, id: number) {
  const [p] = await db
    .select({ id: projects.id, companyId: projects.companyId, name: projects.name, status: projects.status })
    .from(projects)
    .where(eq(projects.id, id));
  if (!p || !canSeeProject(u, p)) throw notFound(PROJECT_MESSAGES.notFound);
  return p;
}

/** A visible project the caller may not change is a 403 with the reason. */
export async function loadManageableProject(db: Db, u: SessionUser, id: number) {
  const p = await loadVisibleProject(db, u, id);
  if (!canManageProject(u, p)) {
    throw forbidden(p.id === DEMO_PROJECT_ID && u.role === "company_admin" ? PROJECT_MESSAGES.demoReadOnly : undefined);
  }
  return p;
}
