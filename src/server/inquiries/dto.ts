import { PACKAGE_NAMES } from "../../common/prices";
import type { InquiryDto } from "../../common/types";
import type { contactMessages, membershipRequests } from "../db/schema";

type MembershipRow = typeof membershipRequests.$inferSelect;
type ContactRow = typeof contactMessages.$inferSelect;

export const membershipDto = ({ createdAt, mailedAt, ...r }: MembershipRow): InquiryDto => ({
  kind: "membership",
  ...r,
  packageName: PACKAGE_NAMES[r.packageId] ?? `Paket ${r.packageId}`,
  createdAt: createdAt.toISOString(),
  mailedAt: mailedAt?.toISOString() ?? null,
});

export const contactDto = ({ createdAt, mailedAt, ...m }: ContactRow): InquiryDto => ({
  kind: "contact",
  ...m,
  createdAt: createdAt.toISOString(),
  mailedAt: mailedAt?.toISOString() ?? null,
});
