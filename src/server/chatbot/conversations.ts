// Conversations belong to one user and one chatbot; nobody else reads them (super admins
// neither: privacy). A question and its answer are stored together once the answer exists.
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { SortKey } from "../../common/schemas/list-query";
import { containsAny, sortOrder, type PageWindow } from "../http/list-page";
import { conversationTitle, type ChatbotType } from "../../common/schemas/chatbot";
import type { ChatbotConversationDetailDto, ChatbotConversationDto, ChatbotMessageDto } from "../../common/types";
import type { Db } from "../db/client";
import { chatbotConversations, chatbotMessages } from "../db/schema";
import { notFound } from "../http/errors";

export const CONVERSATION_NOT_FOUND = "Konversation nicht gefunden";
/** How many earlier messages go along as history. */
export const HISTORY_MESSAGES = 12;

type ConversationRow = typeof chatbotConversations.$inferSelect;
type MessageRow = typeof chatbotMessages.$inferSelect;

const toConversationDto = (c: ConversationRow): ChatbotConversationDto => ({
  id: c.id,
  chatbotType: c.chatbotType,
  title: c.title,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

const toMessageDto = (m: Pick<MessageRow, "id" | "role" | "content" | "createdAt">): ChatbotMessageDto => ({
  id: m.id,
  role: m.role,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
});

/** The user's own conversation (of that chatbot, if given), else 404. */
export async function ownConversation(db: Db, userId: number, id: number, type?: ChatbotType): Promise<ConversationRow> {
  const [c] = await db
    .select()
    .from(chatbotConversations)
    .where(
      and(
        eq(chatbotConversations.id, id),
        eq(chatbotConversations.userId, userId),
        type ? eq(chatbotConversations.chatbotType, type) : undefined,
      ),
    );
  if (!c) throw notFound(CONVERSATION_NOT_FOUND);
  return c;
}

export async function listConversations(db: Db, userId: number, type: ChatbotType): Promise<ChatbotConversationDto[]> {
  const list = await db
    .select()
    .from(chatbotConversations)
    .where(and(eq(chatbotConversations.userId, userId), eq(chatbotConversations.chatbotType, type)))
    .orderBy(desc(chatbotConversations.updatedAt), desc(chatbotConversations.id))
    .limit(200);
  return list.map(toConversationDto);
}

export type ConversationSort = SortKey<"updatedAt" | "createdAt">;

/**
 * One page of the user's conversations of a chatbot (the history dialog), searched by title;
 * as query builders so the EXPLAIN test plans the same queries.
 */
export function conversationPageQueries(db: Db, userId: number, type: ChatbotType, w: PageWindow<ConversationSort>) {
  const t = chatbotConversations;
  const where = and(eq(t.userId, userId), eq(t.chatbotType, type), containsAny(w.q, [t.title]));
  return {
    rows: db
      .select()
      .from(t)
      .where(where)
      .orderBy(...sortOrder(w.sort, { updatedAt: t.updatedAt, createdAt: t.createdAt }, t.id))
      .limit(w.limit)
      .offset(w.offset),
    total: db.select({ n: count() }).from(t).where(where),
  };
}

export const conversationDto = toConversationDto;

export async function conversationDetail(db: Db, userId: number, id: number): Promise<ChatbotConversationDetailDto> {
  const c = await ownConversation(db, userId, id);
  const messages = await db
    .select({ id: chatbotMessages.id, role: chatbotMessages.role, content: chatbotMessages.content, createdAt: chatbotMessages.createdAt })
    .from(chatbotMessages)
    .where(eq(chatbotMessages.conversationId, id))
    .orderBy(asc(chatbotMessages.id));
  return { ...toConversationDto(c), messages: messages.map(toMessageDto) };
}

/** The last messages of a conversation, oldest first. */
export async function recentHistory(db: Db, conversationId: number): Promise<{ role: "user" | "assistant"; content: string }[]> {
  const recent = await db
    .select({ role: chatbotMessages.role, content: chatbotMessages.content })
    .from(chatbotMessages)
    .where(eq(chatbotMessages.conversationId, conversationId))
    .orderBy(desc(chatbotMessages.id))
    .limit(HISTORY_MESSAGES);
  return recent.reverse();
}

/** Stores question and answer; a new conversation gets the question as its title. */
export async function saveExchange(
  db: Db,
  opts: { userId: number; type: ChatbotType; conversationId: number | null; question: string; answer: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    let id = opts.conversationId;
    if (id === null) {
      const [created] = await tx
        .insert(chatbotConversations)
        .values({ userId: opts.userId, chatbotType: opts.type, title: conversationTitle(opts.question) })
        .returning({ id: chatbotConversations.id });
      id = created.id;
    } else {
      await tx
        .update(chatbotConversations)
        .set({ updatedAt: sql`now()` })
        .where(eq(chatbotConversations.id, id));
    }
    await tx.insert(chatbotMessages).values([
      { conversationId: id, role: "user", content: opts.question },
      { conversationId: id, role: "assistant", content: opts.answer },
    ]);
    return id;
  });
}
