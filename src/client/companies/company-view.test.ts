import { describe, expect, it } from "vitest";
import { chatbotUsage, filterCompanies } from "./company-view";
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
  it("searches name, address, e-mail and phone", () => {
    const list = [c({ id: 1 }), c({ id: 2, name: "Weber", address: "Markt 1, Friedberg", contactEmail: "w@weber.de", contactPhone: null })];
    expect(filterCompanies(list, "friedberg").map((x) => x.id)).toEqual([2]);
    expect(filterCompanies(list, "06033").map((x) => x.id)).toEqual([1]);
    expect(filterCompanies(list, "WEBER.DE").map((x) => x.id)).toEqual([2]);
    expect(filterCompanies(list, "").length).toBe(2);
  });
});
