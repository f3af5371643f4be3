// System prompts: every save is a new version; at most one active per chatbot type (partial
// unique index chatbot_prompts_active_uq), earlier versions stay as inactive rows.
import { and, desc, eq, sql } from "drizzle-orm";
import type { ChatbotType, promptSaveSchema } from "../../common/schemas/chatbot";
import type { ChatbotPromptDto } from "../../common/types";
import type { z } from "zod";
import type { Db } from "../db/client";
import { chatbotPrompts, users } from "../db/schema";
import { DEFAULT_PROMPTS } from "./default-prompts";

/** The prompt both answer paths use: the active one, else the shipped default. */
export async function activePrompt(db: Db, type: ChatbotType): Promise<string> {
  const [row] = await db
    .select({ systemPrompt: chatbotPrompts.systemPrompt })
    .from(chatbotPrompts)
    .where(and(eq(chatbotPrompts.chatbotType, type), eq(chatbotPrompts.isActive, true)));
  return row?.systemPrompt ?? DEFAULT_PROMPTS[type];
}

type PromptRow = typeof chatbotPrompts.$inferSelect & { creatorUsername: string | null };

const toDto = (r: PromptRow): ChatbotPromptDto => ({
  id: r.id,
  chatbotType: r.chatbotType,
  systemPrompt: r.systemPrompt,
  description: r.description,
  isActive: r.isActive,
  createdBy: r.createdBy !== null && r.creatorUsername !== null ? { id: r.createdBy, username: r.creatorUsername } : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const selectPrompts = (db: Db) =>
  db
    .select({
      id: chatbotPrompts.id,
      chatbotType: chatbotPrompts.chatbotType,
      systemPrompt: chatbotPrompts.systemPrompt,
      description: chatbotPrompts.description,
      isActive: chatbotPrompts.isActive,
      createdBy: chatbotPrompts.createdBy,
      createdAt: chatbotPrompts.createdAt,
      updatedAt: chatbotPrompts.updatedAt,
      creatorUsername: users.username,
    })
    .from(chatbotPrompts)
    .leftJoin(users, eq(users.id, chatbotPrompts.createdBy));

/** All versions of a type, newest first. */
export async function listPrompts(db: Db, type: ChatbotType): Promise<ChatbotPromptDto[]> {
  const rows = await selectPrompts(db).where(eq(chatbotPrompts.chatbotType, type)).orderBy(desc(chatbotPrompts.id));
  return rows.map(toDto);
}

/**
 * Saves a new version. When it is active, the previous active one is deactivated in the same
 * transaction; a per-type advisory lock keeps two simultaneous saves from colliding on the index.
 */
export async function savePrompt(db: Db, input: z.output<typeof promptSaveSchema>, userId: number): Promise<ChatbotPromptDto> {
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chatbot_prompt:${input.chatbotType}`}))`);
    if (input.isActive) {
      await tx
        .update(chatbotPrompts)
        .set({ isActive: false, updatedAt: new Date() })
        .where(and(eq(chatbotPrompts.chatbotType, input.chatbotType), eq(chatbotPrompts.isActive, true)));
    }
    const [created] = await tx
      .insert(chatbotPrompts)
      .values({
        chatbotType: input.chatbotType,
        systemPrompt: input.systemPrompt,
        description: input.description,
        isActive: input.isActive,
        createdBy: userId,
      })
      .returning({ id: chatbotPrompts.id });
    return created.id;
  });
  const [row] = await selectPrompts(db).where(eq(chatbotPrompts.id, id));
  return toDto(row);
}
