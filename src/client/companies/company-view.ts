import type { CompanyDto } from "../../common/types";

/** The chatbot quota as the table shows it: -1 unlimited (∞), 0 not purchased. */
export function chatbotUsage(c: Pick<CompanyDto, "chatbotRequestCount" | "freeChatbotRequestsPerMonth">): { text: string; title: string } {
  const limit = c.freeChatbotRequestsPerMonth;
  if (limit === -1) return { text: `${c.chatbotRequestCount} / ∞`, title: "unbegrenzt" };
  if (limit === 0) return { text: "nicht gebucht", title: "Chatbot-Paket nicht gebucht" };
  return { text: `${c.chatbotRequestCount} / ${limit}`, title: `${c.chatbotRequestCount} von ${limit} freien Anfragen in diesem Monat` };
}
