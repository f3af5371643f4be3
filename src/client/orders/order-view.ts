// What the orders table derives from a project (requirements 2.2, 2.4, 2.9).
import { ANALYSIS_DELIVERY_HOURS } from "../../common/prices";
import { isDelivered } from "../../common/project-status";
import type { ProjectDto } from "../../common/types";

/** The analysis is promised within 48 hours of the order (requirements 1.1, requirements 2.9). */
export const DELIVERY_HOURS = ANALYSIS_DELIVERY_HOURS;
export const DESCRIPTION_MAX = 50;

export type OrderStatus = "In Bearbeitung" | "Abgeschlossen";

/** The project views' rule (src/common/project-status.ts): delivered means 'Abgeschlossen'. */
export const orderStatus = (p: Pick<ProjectDto, "hasOutputFile" | "status">): OrderStatus =>
  isDelivered(p) ? "Abgeschlossen" : "In Bearbeitung";

export const deliveryDeadline = (p: Pick<ProjectDto, "createdAt">) =>
  new Date(new Date(p.createdAt).getTime() + DELIVERY_HOURS * 3_600_000);

/** Overdue: still without an evaluation after the 48 hours. */
export const isOverdue = (p: Pick<ProjectDto, "createdAt" | "hasOutputFile">, now = new Date()) =>
  !p.hasOutputFile && deliveryDeadline(p).getTime() < now.getTime();

/**
 * Descriptions are cut at 50 characters with an ellipsis — at the last word boundary within
 * them, so no word is cut in half (a single word longer than 50 characters is cut at 50).
 */
export const truncateDescription = (text: string | null) => {
  if (!text) return "";
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX + 1);
  const boundary = cut.search(/\s\S*$/);
  const head = boundary > 0 ? cut.slice(0, boundary) : text.slice(0, DESCRIPTION_MAX);
  return `${head.replace(/[\s,;:–-]+$/, "")}…`;
};

export const creatorName = (c: NonNullable<ProjectDto["createdBy"]>) => [c.firstName, c.lastName].filter(Boolean).join(" ") || c.username;

/** The evaluation upload takes text/html only (requirements 2.5). */
export const isHtmlFile = (file: { type: string; name: string }) =>
  file.type === "text/html" || (file.type === "" && /\.html?$/i.test(file.name));
