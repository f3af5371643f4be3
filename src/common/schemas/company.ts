import { z } from "zod";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** -1 unlimited, 0 not purchased, above 0 free requests per month; empty input becomes -1. */
export const chatbotLimitSchema = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? -1 : typeof v === "string" ? Number(v) : v),
  z
    .number({ error: "Wert muss -1 oder größer sein" })
    .int("Wert muss -1 oder größer sein")
    .min(-1, "Wert muss -1 oder größer sein")
    .max(1_000_000),
);

/** The company form of requirements 2.5 (used by the dialog and POST /api/companies). */
export const companySchema = z.object({
  name: z.string().trim().min(1, "Name ist erforderlich").max(200),
  address: z.string().trim().min(1, "Adresse ist erforderlich").max(500),
  contactEmail: z.string().trim().min(1, "Kontakt-E-Mail ist erforderlich").max(254).email("Gültige E-Mail-Adresse erforderlich"),
  contactPhone: optionalText(50),
  freeChatbotRequestsPerMonth: chatbotLimitSchema,
});
export type CompanyInput = z.input<typeof companySchema>;

/** PATCH /api/companies/:id: any subset; company admins may not change the chatbot limit. */
export const companyPatchSchema = companySchema.partial();

export const chatbotLimitsSchema = z.object({ freeChatbotRequestsPerMonth: chatbotLimitSchema });

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** SVG is refused: it can carry scripts. The server checks the bytes (companies/logo.ts). */
export const LOGO_MIME_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
