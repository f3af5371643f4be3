// The project permission rules of requirements 1.6 and docs/architecture.md, used by the server's guards
// and by the client to decide which buttons to show (the server checks again on every call).
import type { Role } from "./roles";

/** The demo project: visible to every signed-in user, changed only by super admins. */
export const DEMO_PROJECT_ID = 1;

export interface ProjectViewer {
  role: Role;
  companyId: number | null;
}

export interface ProjectOwnerRef {
  id: number;
  companyId: number | null;
}

const ownCompany = (u: ProjectViewer, p: ProjectOwnerRef) => u.companyId !== null && p.companyId === u.companyId;

/** Super admins see everything; everyone else their company's projects and the demo project. */
export const canSeeProject = (u: ProjectViewer, p: ProjectOwnerRef) =>
  u.role === "super_admin" || p.id === DEMO_PROJECT_ID || ownCompany(u, p);

/** Edit, delete and both uploads: super admins always, company admins in their company except project 1. */
export const canManageProject = (u: ProjectViewer, p: ProjectOwnerRef) =>
  u.role === "super_admin" || (u.role === "company_admin" && p.id !== DEMO_PROJECT_ID && ownCompany(u, p));

/** Creating needs a company for company admins; users never create. */
export const canCreateProject = (u: ProjectViewer) => u.role === "super_admin" || (u.role === "company_admin" && u.companyId !== null);

/** Downloading the evaluation file (the result view is open to everyone who sees the project). */
export const canDownloadOutput = (u: ProjectViewer) => u.role === "super_admin" || u.role === "company_admin";

export const canChangeStatus = (u: ProjectViewer) => u.role === "super_admin";
