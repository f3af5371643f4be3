// At every start: the shipped knowledge-base articles and one active default prompt per chatbot.
// Shipped articles are inserted by (chatbot_type, slug); a shipped article nobody edited
// (updated_at = created_at, created_by null) is refreshed with the shipped text, one that staff
// edited stays as it is, and one that staff deleted (audit 'chatbot.knowledge_delete') stays
// deleted. Safe when several instances start at once (ON CONFLICT, no read-then-write).
import { and, eq, sql } from "drizzle-orm";
import { CHATBOT_TYPES } from "../../common/schemas/chatbot";
import { rows, type Db } from "../db/client";
import { auditLog, chatbotKnowledgeBase, chatbotPrompts } from "../db/schema";
import { knowledgeArticles } from "./knowledge/index";
import type { KnowledgeArticle } from "./knowledge/types";
import { DEFAULT_PROMPTS, DEFAULT_PROMPT_DESCRIPTION } from "./default-prompts";
import { forgetTrigramState } from "./retrieval";

/** pg_trgm makes title matching robust to typos; retrieval works without it too. */
async function ensureTrigram(db: Db) {
  try {
    await db.execute(sql`create extension if not exists pg_trgm`);
  } catch {
    // No privilege or not installed: retrieval falls back to full-text search only.
  }
  forgetTrigramState(db);
}

async function deletedSlugs(db: Db): Promise<Set<string>> {
  const list = await rows<{ key: string }>(
    db,
    sql`select (${auditLog.details}->>'chatbotType') || ':' || (${auditLog.details}->>'slug') as key
        from ${auditLog}
        where ${auditLog.action} = 'chatbot.knowledge_delete' and ${auditLog.details}->>'slug' is not null`,
  );
  return new Set(list.map((r) => r.key));
}

export async function seedKnowledgeBase(db: Db, articles: KnowledgeArticle[] = knowledgeArticles) {
  const deleted = await deletedSlugs(db);
  const shipped = articles.filter((a) => !deleted.has(`${a.chatbotType}:${a.slug}`));
  if (shipped.length === 0) return;
  const kb = chatbotKnowledgeBase;
  await db
    .insert(kb)
    .values(shipped.map((a) => ({ chatbotType: a.chatbotType, slug: a.slug, title: a.title, content: a.content, documentType: a.documentType, tags: a.tags, sources: a.sources })))
    .onConflictDoUpdate({
      target: [kb.chatbotType, kb.slug],
      set: {
        title: sql`excluded.title`,
        content: sql`excluded.content`,
        documentType: sql`excluded.document_type`,
        tags: sql`excluded.tags`,
        sources: sql`excluded.sources`,
      },
      setWhere: sql`${kb.createdBy} is null and ${kb.updatedAt} = ${kb.createdAt}
        and (${kb.title}, ${kb.content}, ${kb.documentType}, ${kb.tags}, ${kb.sources})
            is distinct from (excluded.title, excluded.content, excluded.document_type, excluded.tags, excluded.sources)`,
    });
}

export async function seedDefaultPrompts(db: Db) {
  for (const type of CHATBOT_TYPES) {
    const [active] = await db
      .select({ id: chatbotPrompts.id })
      .from(chatbotPrompts)
      .where(and(eq(chatbotPrompts.chatbotType, type), eq(chatbotPrompts.isActive, true)));
    if (active) continue;
    // A parallel start may insert first; the partial unique index turns ours into a no-op.
    await db
      .insert(chatbotPrompts)
      .values({ chatbotType: type, systemPrompt: DEFAULT_PROMPTS[type], description: DEFAULT_PROMPT_DESCRIPTION, isActive: true })
      .onConflictDoNothing();
  }
}

export async function seedChatbotDefaults(db: Db) {
  await ensureTrigram(db);
  await seedKnowledgeBase(db);
  await seedDefaultPrompts(db);
}
