// The analysis prompt (system prompt of the model pass over every LV): saved in versions by the
// super admin like the chatbot prompts, with the same rules for text and change note.
import type { z } from "zod";
import { promptSaveSchema } from "./chatbot";

/** Strict: a body with fields of another form (e.g. a chatbot type) is refused, not ignored. */
export const analysisPromptSaveSchema = promptSaveSchema.omit({ chatbotType: true }).strict();
export type AnalysisPromptSaveInput = z.input<typeof analysisPromptSaveSchema>;

/** One version of the analysis prompt; id 0 is the shipped default while no version is saved. */
export interface AnalysisPromptDto {
  id: number;
  systemPrompt: string;
  description: string | null;
  isActive: boolean;
  createdBy: { id: number; username: string } | null;
  createdAt: string;
  updatedAt: string;
}
