// Whether the signed-in user may ask the chatbots, from the company's monthly usage (refetched
// every 30 s, requirements 2.9). Users without a company have no quota; super admins without
// one use the chatbots as the provider's staff (docs/decisions/0004-chatbot-quota-and-access.md).
import { useQuery } from "@tanstack/react-query";
import type { ChatbotUsageDto, CurrentUser } from "../../common/types";
import { usageKey } from "./use-chat";

export const NOT_PURCHASED_TEXT =
  "Ihr Unternehmen hat das Chatbot-Paket nicht gebucht. Die Eingabe ist deaktiviert – bitte wenden Sie sich an bauklar, um die Chatbots freizuschalten.";
export const NO_COMPANY_TEXT =
  "Ihrem Konto ist kein Unternehmen zugeordnet. Die Chatbots stehen zur Verfügung, sobald ein Administrator Sie einem Unternehmen zugeordnet hat.";

export const USAGE_REFRESH_MS = 30_000;

export interface ChatbotAccess {
  usage: ChatbotUsageDto | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Why the input is disabled, or null. */
  blockedReason: string | null;
  /** Super admin without a company: not counted. */
  staff: boolean;
}

export function useChatbotAccess(user: CurrentUser): ChatbotAccess {
  const companyId = user.companyId;
  const query = useQuery<ChatbotUsageDto>({
    queryKey: usageKey(companyId ?? 0),
    enabled: companyId !== null,
    refetchInterval: USAGE_REFRESH_MS,
  });
  if (companyId === null) {
    const staff = user.role === "super_admin";
    return { usage: undefined, isLoading: false, isError: false, blockedReason: staff ? null : NO_COMPANY_TEXT, staff };
  }
  return {
    usage: query.data,
    isLoading: query.isLoading,
    isError: query.isError,
    blockedReason: query.data && !query.data.canMakeRequests ? NOT_PURCHASED_TEXT : null,
    staff: false,
  };
}
