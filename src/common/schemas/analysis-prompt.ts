// The analysis prompt (system prompt of the model pass over every LV): saved in versions by the
// super admin like the chatbot prompts, with the same rules for text and change note.
import { z } from "zod";
import { promptSaveSchema } from "./chatbot";

/** Strict: a body with fields of another form (e.g. a chatbot type) is refused, not ignored. */
export const analysisPromptSaveSchema = promptSaveSchema.omit({ chatbotType: true }).strict();
export type AnalysisPromptSaveInput = z.input<typeof analysisPromptSaveSchema>;

/** One version of the analysis prompt; id 0 is the shipped default while no version is saved. */
export const analysisPromptDtoSchema = z.object({
  id: z.number().int(),
  systemPrompt: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AnalysisPromptDto = z.infer<typeof analysisPromptDtoSchema>;
