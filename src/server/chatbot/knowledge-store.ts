// Knowledge-base articles as the super admin manages them (list, search, read, write, delete).
import { and, asc, eq, sql } from "drizzle-orm";
import type { ChatbotType, KnowledgeArticleValues } from "../../common/schemas/chatbot";
import type { KnowledgeArticleDto, KnowledgeArticleListItemDto } from "../../common/types";
import type { Db } from "../db/client";
import { chatbotKnowledgeBase } from "../db/schema";

const EXCERPT_CHARS = 220;

type ArticleRow = typeof chatbotKnowledgeBase.$inferSelect;

export const toArticleDto = (r: Omit<ArticleRow, "searchVector" | "createdBy">): KnowledgeArticleDto => ({
  id: r.id,
  chatbotType: r.chatbotType,
  slug: r.slug,
  title: r.title,
  documentType: r.documentType,
  tags: r.tags,
  content: r.content,
  sources: r.sources,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** What the list shows of an article (plus an excerpt); a whole article adds the rest. */
const summaryColumns = {
  id: chatbotKnowledgeBase.id,
  chatbotType: chatbotKnowledgeBase.chatbotType,
  slug: chatbotKnowledgeBase.slug,
  title: chatbotKnowledgeBase.title,
  documentType: chatbotKnowledgeBase.documentType,
  tags: chatbotKnowledgeBase.tags,
  updatedAt: chatbotKnowledgeBase.updatedAt,
};
const articleColumns = {
  ...summaryColumns,
  content: chatbotKnowledgeBase.content,
  sources: chatbotKnowledgeBase.sources,
  createdAt: chatbotKnowledgeBase.createdAt,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The list without full contents (an excerpt only). A search matches German word stems in title,
 * content and tags, or the text itself anywhere (for article numbers such as "650b").
 */
export async function listArticles(db: Db, type: ChatbotType, q?: string): Promise<KnowledgeArticleListItemDto[]> {
  const search = q?.trim();
  const matches = search
    ? sql`((${chatbotKnowledgeBase.searchVector} || to_tsvector('german', array_to_string(${chatbotKnowledgeBase.tags}, ' '))) @@ websearch_to_tsquery('german', ${search})
          or ${chatbotKnowledgeBase.title} ilike ${`%${escapeLike(search)}%`}
          or ${chatbotKnowledgeBase.content} ilike ${`%${escapeLike(search)}%`}
          or array_to_string(${chatbotKnowledgeBase.tags}, ' ') ilike ${`%${escapeLike(search)}%`})`
    : undefined;
  const list = await db
    .select({ ...summaryColumns, excerpt: sql<string>`left(${chatbotKnowledgeBase.content}, ${EXCERPT_CHARS})` })
    .from(chatbotKnowledgeBase)
    .where(and(eq(chatbotKnowledgeBase.chatbotType, type), matches))
    .orderBy(asc(chatbotKnowledgeBase.title), asc(chatbotKnowledgeBase.id));
  return list.map((r) => ({
    ...r,
    excerpt: r.excerpt.length >= EXCERPT_CHARS ? `${r.excerpt.replace(/\s+\S*$/, "")} …` : r.excerpt,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function getArticle(db: Db, id: number): Promise<KnowledgeArticleDto | null> {
  const [r] = await db.select(articleColumns).from(chatbotKnowledgeBase).where(eq(chatbotKnowledgeBase.id, id));
  return r ? toArticleDto(r) : null;
}

export async function createArticle(db: Db, input: KnowledgeArticleValues, userId: number): Promise<KnowledgeArticleDto> {
  const [r] = await db
    .insert(chatbotKnowledgeBase)
    .values({ ...input, createdBy: userId })
    .returning(articleColumns);
  return toArticleDto(r);
}

export async function updateArticle(db: Db, id: number, input: Omit<KnowledgeArticleValues, "chatbotType">): Promise<KnowledgeArticleDto | null> {
  const [r] = await db
    .update(chatbotKnowledgeBase)
    // Always later than created_at: the seed never refreshes a shipped article staff edited.
    .set({ ...input, updatedAt: sql`greatest(now(), ${chatbotKnowledgeBase.createdAt} + interval '1 millisecond')` })
    .where(eq(chatbotKnowledgeBase.id, id))
    .returning(articleColumns);
  return r ? toArticleDto(r) : null;
}

export async function deleteArticle(db: Db, id: number): Promise<Pick<KnowledgeArticleDto, "id" | "slug" | "chatbotType" | "title"> | null> {
  const [r] = await db
    .delete(chatbotKnowledgeBase)
    .where(eq(chatbotKnowledgeBase.id, id))
    .returning({ id: chatbotKnowledgeBase.id, slug: chatbotKnowledgeBase.slug, chatbotType: chatbotKnowledgeBase.chatbotType, title: chatbotKnowledgeBase.title });
  return r ?? null;
}
