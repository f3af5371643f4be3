// Project statuses of requirements 1.4 in both vocabularies ('Neu' / 'new', …) and the badge
// colours every project view uses. Any other stored value is shown as it is, in amber (the demo
// dashboard uses grey instead).

export interface ProjectStatus {
  /** The German value new projects and the status select use. */
  value: string;
  /** The English value of the same status found in stored data. */
  alias: string;
  label: string;
  /** Tailwind classes of the badge. */
  className: string;
}

const BLUE = "border-blue-200 bg-blue-100 text-blue-800";
const YELLOW = "border-yellow-200 bg-yellow-100 text-yellow-800";
const GREEN = "border-green-200 bg-green-100 text-green-800";
export const AMBER_BADGE = "border-amber-200 bg-amber-100 text-amber-800";
export const GREY_BADGE = "border-slate-200 bg-slate-100 text-slate-700";

export const PROJECT_STATUSES: readonly ProjectStatus[] = [
  { value: "Neu", alias: "new", label: "Neu", className: BLUE },
  { value: "In Review", alias: "in_review", label: "In Review", className: YELLOW },
  { value: "Aktiv", alias: "active", label: "Aktiv", className: GREEN },
  { value: "Abgeschlossen", alias: "completed", label: "Abgeschlossen", className: GREEN },
];

/** Every value the API accepts as a status (both vocabularies). */
export const PROJECT_STATUS_VALUES: readonly string[] = PROJECT_STATUSES.flatMap((s) => [s.value, s.alias]);

/** The status of a newly created project. */
export const DEFAULT_PROJECT_STATUS = "Neu";

export const findProjectStatus = (status: string): ProjectStatus | undefined =>
  PROJECT_STATUSES.find((s) => s.value === status || s.alias === status);

/** Label and badge classes of a status; unknown values keep their text in amber (or grey). */
export function projectStatusBadge(status: string, unknown: "amber" | "grey" = "amber"): { label: string; className: string } {
  const known = findProjectStatus(status);
  if (known) return { label: known.label, className: known.className };
  return { label: status || "Unbekannt", className: unknown === "amber" ? AMBER_BADGE : GREY_BADGE };
}

/**
 * The one rule for project and order views: a project is delivered once its evaluation is there
 * (the upload also sets "Abgeschlossen", src/server/projects/status.ts) or its status says so.
 */
export const isDelivered = (p: { status: string; hasOutputFile: boolean }) =>
  p.hasOutputFile || findProjectStatus(p.status)?.value === "Abgeschlossen";
