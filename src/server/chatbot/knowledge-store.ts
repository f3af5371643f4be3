// Knowledge-base articles as the super admin manages them (list, search, read, write, delete),
// each with its origin: shipped with the product and unchanged, shipped but changed in the editor
// (the seed then leaves it alone), or written in the editor — plus the shipped file's version and
// review for comparison. Saving exactly the shipped text makes an article "shipped" again.
import { and, asc, eq, sql } from "drizzle-orm";
import type { ChatbotType, KnowledgeArticleValues } from "../../common/schemas/chatbot";
import type { KnowledgeArticleDto, KnowledgeArticleListItemDto, KnowledgeOrigin } from "../../common/types";
import type { Db } from "../db/client";
import { chatbotKnowledgeBase } from "../db/schema";
import { shippedKnowledgeBase, type KnowledgeArticle } from "./knowledge-base/articles";
import { recordSeededVersion, seededVersions } from "./seed";

const shippedBySlug = (type: ChatbotType, slug: string | null) =>
  slug ? (shippedKnowledgeBase().articles.find((a) => a.chatbotType === type && a.slug === slug) ?? null) : null;

function originOf(r: { chatbotType: ChatbotType; slug: string | null; edited: boolean }): KnowledgeOrigin {
  const file = shippedBySlug(r.chatbotType, r.slug);
  return {
    status: r.slug === null ? "custom" : r.edited ? "edited" : "shipped",
    shipped: file ? { version: file.version, reviewedOn: file.reviewedOn, reviewedBy: file.reviewedBy, file: file.file } : null,
  };
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const isShippedText = (file: KnowledgeArticle | null, input: Omit<KnowledgeArticleValues, "chatbotType">) =>
  file !== null &&
  file.title === input.title &&
  file.content === input.content &&
  file.documentType === input.documentType &&
  sameList(file.tags, input.tags) &&
  sameList(file.sources, input.sources);

const editedColumn = sql<boolean>`(${chatbotKnowledgeBase.updatedAt} > ${chatbotKnowledgeBase.createdAt} or ${chatbotKnowledgeBase.createdBy} is not null)`;

const EXCERPT_CHARS = 220;

type ArticleRow = typeof chatbotKnowledgeBase.$inferSelect;

export const toArticleDto = (r: Omit<ArticleRow, "searchVector" | "createdBy">): Omit<KnowledgeArticleDto, "origin"> => ({
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
  edited: editedColumn,
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
  return list.map(({ edited, ...r }) => ({
    ...r,
    excerpt: r.excerpt.length >= EXCERPT_CHARS ? `${r.excerpt.replace(/\s+\S*$/, "")} …` : r.excerpt,
    updatedAt: r.updatedAt.toISOString(),
    origin: originOf({ ...r, edited }),
  }));
}

async function withOrigin(db: Db, r: Omit<ArticleRow, "searchVector" | "createdBy"> & { edited: boolean }): Promise<KnowledgeArticleDto> {
  const { edited, ...row } = r;
  const file = shippedBySlug(r.chatbotType, r.slug);
  const base = r.slug ? ((await seededVersions(db, [r.id])).get(r.id) ?? (edited ? null : (file?.version ?? null))) : null;
  return {
    ...toArticleDto(row),
    origin: {
      ...originOf(r),
      shippedArticle: file
        ? { title: file.title, content: file.content, documentType: file.documentType, tags: file.tags, sources: file.sources }
        : null,
      baseVersion: base,
    },
  };
}

export async function getArticle(db: Db, id: number) {
  const [r] = await db.select(articleColumns).from(chatbotKnowledgeBase).where(eq(chatbotKnowledgeBase.id, id));
  return r ? withOrigin(db, r) : null;
}

export async function createArticle(db: Db, input: KnowledgeArticleValues, userId: number): Promise<KnowledgeArticleDto> {
  const [r] = await db
    .insert(chatbotKnowledgeBase)
    .values({ ...input, createdBy: userId })
    .returning(articleColumns);
  return withOrigin(db, r);
}

export async function updateArticle(db: Db, id: number, input: Omit<KnowledgeArticleValues, "chatbotType">) {
  const [current] = await db
    .select({ chatbotType: chatbotKnowledgeBase.chatbotType, slug: chatbotKnowledgeBase.slug })
    .from(chatbotKnowledgeBase)
    .where(eq(chatbotKnowledgeBase.id, id));
  if (!current) return null;
  const file = shippedBySlug(current.chatbotType, current.slug);
  // Exactly the shipped text: the article is "as delivered" again, and later releases update it.
  const restores = isShippedText(file, input);
  const [r] = await db
    .update(chatbotKnowledgeBase)
    .set(
      restores
        ? { ...input, createdAt: sql`now()`, updatedAt: sql`now()` }
        : // Always later than created_at: the seed never refreshes a shipped article staff edited.
          { ...input, updatedAt: sql`greatest(now(), ${chatbotKnowledgeBase.createdAt} + interval '1 millisecond')` },
    )
    .where(eq(chatbotKnowledgeBase.id, id))
    .returning(articleColumns);
  if (!r) return null;
  if (restores) await recordSeededVersion(db, [r], () => file!.version);
  return withOrigin(db, r);
}

export async function deleteArticle(
  db: Db,
  id: number,
): Promise<Pick<KnowledgeArticleDto, "id" | "slug" | "chatbotType" | "title"> | null> {
  const [r] = await db.delete(chatbotKnowledgeBase).where(eq(chatbotKnowledgeBase.id, id)).returning({
    id: chatbotKnowledgeBase.id,
    slug: chatbotKnowledgeBase.slug,
    chatbotType: chatbotKnowledgeBase.chatbotType,
    title: chatbotKnowledgeBase.title,
  });
  return r ?? null;
}
