import { ROLE_LABELS } from "../../common/roles";
import { registrationLinkStatus, type RegistrationLinkStatus } from "../../common/schemas/registration-link";
import type { RegistrationLinkDto } from "../../common/types";

/** Search by e-mail, company name or role (technical name or German label). */
export function filterLinks(links: RegistrationLinkDto[], query: string): RegistrationLinkDto[] {
  const q = query.trim().toLowerCase();
  if (!q) return links;
  return links.filter((l) => [l.email, l.companyName, l.role, ROLE_LABELS[l.role]].some((v) => v?.toLowerCase().includes(q)));
}

/** The four counters: Gesamt, Verwendet, Abgelaufen, Aktiv. */
export function linkCounts(links: RegistrationLinkDto[], now = new Date()): Record<"Gesamt" | RegistrationLinkStatus, number> {
  const counts = { Gesamt: links.length, Verwendet: 0, Abgelaufen: 0, Aktiv: 0 };
  for (const l of links) counts[registrationLinkStatus(l, now)]++;
  return counts;
}
