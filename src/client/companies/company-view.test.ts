import { describe, expect, it } from "vitest";
import { chatbotUsage } from "./company-view";
import type { CompanyDto } from "../../common/types";

const c = (over: Partial<CompanyDto>) =>
  ({
    id: 1,
    name: "Müller Bau",
    address: "Bahnhofstraße 1, Butzbach",
    contactEmail: "info@mueller.de",
    contactPhone: "06033 1",
    chatbotRequestCount: 12,
    freeChatbotRequestsPerMonth: 250,
    ...over,
  }) as CompanyDto;

describe("companies table", () => {
  it("shows used/limit, ∞ for unlimited and 'nicht gebucht' for 0", () => {
    expect(chatbotUsage(c({})).text).toBe("12 / 250");
    expect(chatbotUsage(c({ freeChatbotRequestsPerMonth: -1 }))).toEqual({ text: "12 / ∞", title: "unbegrenzt" });
    expect(chatbotUsage(c({ freeChatbotRequestsPerMonth: 0 })).text).toBe("nicht gebucht");
  });
});
