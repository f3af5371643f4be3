import type { CompanyDto } from "../../common/types";
import { berlinMonth } from "../../common/berlin-month";
import type { companies } from "../db/schema";

type CompanyRow = typeof companies.$inferSelect;

/** The stored counter belongs to the month of its last reset; a new month starts at 0. */
export const currentChatbotCount = (c: Pick<CompanyRow, "chatbotRequestCount" | "lastChatbotRequestReset">) =>
  berlinMonth(c.lastChatbotRequestReset) === berlinMonth() ? c.chatbotRequestCount : 0;

export const toCompanyDto = (c: CompanyRow): CompanyDto => ({
  id: c.id,
  name: c.name,
  address: c.address,
  logo: c.logo,
  contactEmail: c.contactEmail,
  contactPhone: c.contactPhone,
  chatbotRequestCount: currentChatbotCount(c),
  freeChatbotRequestsPerMonth: c.freeChatbotRequestsPerMonth,
  lastChatbotRequestReset: c.lastChatbotRequestReset.toISOString(),
  mfaRequired: c.mfaRequired,
  createdAt: c.createdAt.toISOString(),
});
