// At every start: the shipped knowledge-base articles (Markdown files under knowledge/, see
// knowledge-base/articles.ts) and one active default prompt per chatbot.
// Shipped articles are inserted by (chatbot_type, slug). A shipped article nobody edited
// (updated_at = created_at, created_by null) is brought to the shipped version when its text,
// title, type, tags or sources differ; one that staff edited stays as it is (the editor shows it
// as changed, with the shipped version next to it); one that staff deleted (audit
// 'chatbot.knowledge_delete') stays deleted; an unedited one whose file was removed is retired.
// Each article the seed writes gets an audit row 'chatbot.knowledge_seed' with the version it
// wrote, so the editor can tell which shipped version an edit started from. Safe when several
// instances start at once (ON CONFLICT, no read-then-write).
import { and, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { CHATBOT_TYPES, type ChatbotType } from "../../common/schemas/chatbot";
import { rows, type Db } from "../db/client";
import { auditLog, chatbotKnowledgeBase, chatbotPrompts } from "../db/schema";
import { formatProblems, shippedKnowledgeBase, type KnowledgeArticle } from "./knowledge-base/articles";
import { DEFAULT_PROMPTS, DEFAULT_PROMPT_DESCRIPTION } from "./default-prompts";

export const SEED_ACTION = "chatbot.knowledge_seed";
const RETIRE_ACTION = "chatbot.knowledge_retire";

async function deletedSlugs(db: Db): Promise<Set<string>> {
  const list = await rows<{ key: string }>(
    db,
    sql`select (${auditLog.details}->>'chatbotType') || ':' || (${auditLog.details}->>'slug') as key
        from ${auditLog}
        where ${auditLog.action} = 'chatbot.knowledge_delete' and ${auditLog.details}->>'slug' is not null`,
  );
  return new Set(list.map((r) => r.key));
}

/** Records that the row now holds this shipped version (the editor's "based on version n"). */
export async function recordSeededVersion(
  db: Db,
  written: { id: number; chatbotType: ChatbotType; slug: string | null; title: string }[],
  versionOf: (w: { chatbotType: ChatbotType; slug: string | null }) => number | undefined,
) {
  const values = written
    .map((w) => ({ w, version: versionOf(w) }))
    .filter((x) => x.version !== undefined)
    .map(({ w, version }) => ({
      action: SEED_ACTION,
      targetType: "chatbot_knowledge",
      targetId: String(w.id),
      details: { chatbotType: w.chatbotType, slug: w.slug, title: w.title, version },
    }));
  if (values.length) await db.insert(auditLog).values(values);
}

/**
 * Writes the shipped articles. `retire` removes unedited shipped articles that are no longer
 * shipped — only when the whole knowledge base was read without problems.
 */
export async function seedKnowledgeBase(
  db: Db,
  articles: KnowledgeArticle[] = shippedKnowledgeBase().articles,
  opts: { retire?: boolean } = {},
) {
  const deleted = await deletedSlugs(db);
  const shipped = articles.filter((a) => !deleted.has(`${a.chatbotType}:${a.slug}`));
  const kb = chatbotKnowledgeBase;
  const versions = new Map(articles.map((a) => [`${a.chatbotType}:${a.slug}`, a.version]));
  const versionOf = (w: { chatbotType: ChatbotType; slug: string | null }) => versions.get(`${w.chatbotType}:${w.slug}`);
  if (shipped.length) {
    const written = await db
      .insert(kb)
      .values(
        shipped.map((a) => ({
          chatbotType: a.chatbotType,
          slug: a.slug,
          title: a.title,
          content: a.content,
          documentType: a.documentType,
          tags: a.tags,
          sources: a.sources,
        })),
      )
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
      })
      .returning({ id: kb.id, chatbotType: kb.chatbotType, slug: kb.slug, title: kb.title });
    await recordSeededVersion(db, written, versionOf);
  }
  if (opts.retire ?? true) {
    for (const type of CHATBOT_TYPES) {
      const slugs = articles.filter((a) => a.chatbotType === type).map((a) => a.slug);
      if (slugs.length === 0) continue; // nothing shipped for this assistant: never empty it
      const retired = await db
        .delete(kb)
        .where(
          and(
            eq(kb.chatbotType, type),
            notInArray(kb.slug, slugs),
            isNull(kb.createdBy),
            sql`${kb.slug} is not null and ${kb.updatedAt} = ${kb.createdAt}`,
          ),
        )
        .returning({ id: kb.id, slug: kb.slug, title: kb.title });
      if (retired.length) {
        await db.insert(auditLog).values(
          retired.map((r) => ({
            action: RETIRE_ACTION,
            targetType: "chatbot_knowledge",
            targetId: String(r.id),
            details: { chatbotType: type, slug: r.slug, title: r.title },
          })),
        );
      }
    }
  }
}

/** The shipped version last written into these rows (by the seed or by restoring it in the editor). */
export async function seededVersions(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: auditLog.targetId, version: sql<number>`max((${auditLog.details}->>'version')::int)` })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "chatbot_knowledge"), inArray(auditLog.targetId, ids.map(String)), eq(auditLog.action, SEED_ACTION)))
    .groupBy(auditLog.targetId);
  return new Map(found.map((f) => [Number(f.id), Number(f.version)]));
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
  const kb = shippedKnowledgeBase();
  if (kb.problems.length) {
    // The test suite rejects malformed articles; should one slip through, the others still count.
    console.error(`bauklar: ${kb.problems.length} Problem(e) in der Wissensdatenbank (${kb.dir}):\n${formatProblems(kb).join("\n")}`);
  }
  await seedKnowledgeBase(db, kb.articles, { retire: kb.problems.length === 0 });
  await seedDefaultPrompts(db);
}
