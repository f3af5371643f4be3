// Chatbot rules shared by the screens and the API (requirements 2.5, 2.7 and 2.9): messages,
// system prompts, knowledge-base articles and the ledger filter.
import { z } from "zod";

export const CHATBOT_TYPES = ["legal", "construction"] as const;
export type ChatbotType = (typeof CHATBOT_TYPES)[number];
export const chatbotTypeSchema = z.enum(CHATBOT_TYPES, { error: "Unbekannter Chatbot-Typ" });

export const CHATBOT_LABELS: Record<ChatbotType, string> = {
  legal: "Baurecht",
  construction: "Bauausführung",
};

/** The spec leaves the length open; 4000 characters hold a detailed question with context. */
export const CHATBOT_MESSAGE_MAX = 4000;
export const MESSAGE_EMPTY = "Bitte geben Sie eine Nachricht ein.";
export const MESSAGE_TOO_LONG = `Die Nachricht darf höchstens ${CHATBOT_MESSAGE_MAX} Zeichen lang sein.`;

export const chatMessageSchema = z.object({
  message: z.string({ error: MESSAGE_EMPTY }).trim().min(1, MESSAGE_EMPTY).max(CHATBOT_MESSAGE_MAX, MESSAGE_TOO_LONG),
  conversationId: z.coerce.number().int().positive().max(2_147_483_647).nullish(),
});
export type ChatMessageInput = z.input<typeof chatMessageSchema>;

export const chatbotTypeParam = z.object({ type: chatbotTypeSchema });

/** Spec/02 section 5: 'Eingabe fehlt' for an empty prompt. */
export const PROMPT_MAX = 20_000;
export const promptSaveSchema = z.object({
  chatbotType: chatbotTypeSchema,
  systemPrompt: z
    .string({ error: "Eingabe fehlt" })
    .trim()
    .min(1, "Eingabe fehlt")
    .max(PROMPT_MAX, `Der Prompt darf höchstens ${PROMPT_MAX} Zeichen lang sein.`),
  description: z
    .string()
    .trim()
    .max(500, "Die Beschreibung darf höchstens 500 Zeichen lang sein.")
    .nullish()
    .transform((v) => (v ? v : null)),
  isActive: z.boolean().default(true),
});
export type PromptSaveInput = z.input<typeof promptSaveSchema>;

export const KNOWLEDGE_DOCUMENT_TYPES = ["gesetz", "leitfaden", "checkliste", "praxis"] as const;
export const KNOWLEDGE_DOCUMENT_LABELS: Record<(typeof KNOWLEDGE_DOCUMENT_TYPES)[number], string> = {
  gesetz: "Gesetz / Regelwerk",
  leitfaden: "Leitfaden",
  checkliste: "Checkliste",
  praxis: "Praxis",
};

/** Tags and sources come from the form as text (comma / line separated) or from the API as lists. */
const textList = (separator: RegExp, itemMax: number, listMax: number, itemMessage: string) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(separator)
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(z.string().trim().min(1).max(itemMax, itemMessage)).max(listMax, `Höchstens ${listMax} Einträge`),
  );

export const knowledgeArticleSchema = z.object({
  chatbotType: chatbotTypeSchema,
  title: z
    .string({ error: "Titel ist erforderlich" })
    .trim()
    .min(1, "Titel ist erforderlich")
    .max(300, "Der Titel darf höchstens 300 Zeichen lang sein."),
  content: z
    .string({ error: "Inhalt ist erforderlich" })
    .trim()
    .min(1, "Inhalt ist erforderlich")
    .max(50_000, "Der Inhalt darf höchstens 50.000 Zeichen lang sein."),
  documentType: z.enum(KNOWLEDGE_DOCUMENT_TYPES, { error: "Ungültige Dokumentart" }),
  tags: textList(/[,\n]/, 80, 40, "Ein Schlagwort darf höchstens 80 Zeichen lang sein."),
  sources: textList(/\n/, 300, 40, "Eine Quelle darf höchstens 300 Zeichen lang sein."),
});
export type KnowledgeArticleInput = z.input<typeof knowledgeArticleSchema>;
export type KnowledgeArticleValues = z.output<typeof knowledgeArticleSchema>;

/** Updates keep the chatbot type of the article. */
export const knowledgeArticleUpdateSchema = knowledgeArticleSchema.omit({ chatbotType: true });

export const knowledgeListQuery = z.object({
  type: chatbotTypeSchema,
  q: z.string().trim().max(200).optional(),
});

export const ledgerQuery = z.object({
  companyId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Monat im Format JJJJ-MM angeben")
    .optional(),
});

/** Title of a conversation: its first question, cut at a word boundary near 60 characters. */
export function conversationTitle(question: string, max = 60): string {
  const flat = question.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}
