// What retrieval needs from the knowledge base besides the ranked candidates — each article's
// paragraphs and sentences with their German stems (split here, stemmed by PostgreSQL in one
// call per batch of articles), and in how many articles a stem occurs — changes only when
// the knowledge base is edited, yet cost the database ~8 ms per question. They are kept in memory
// per chatbot type and dropped whenever a cheap fingerprint of that type's articles (count, ids,
// newest update) changes, so an edit made through any instance counts from the next question on;
// a hand-made SQL change that leaves updated_at alone shows after MAX_AGE_MS.
import { sql } from "drizzle-orm";
import type { ChatbotType } from "../../common/schemas/chatbot";
import { rows, type Db } from "../db/client";
import { paragraphLabel, splitSentences } from "./sentences";

const PARAGRAPH_SPLIT_RE = /\n\s*\n/;
/** Bound on remembered stems per type (questions bring new words without end). */
const MAX_STEMS = 20_000;
const MAX_AGE_MS = 60_000;

// Title, content (the stored search_vector) and the tags.
export const DOC_VECTOR = sql`(k.search_vector || setweight(to_tsvector('german', array_to_string(k.tags, ' ')), 'B'))`;

export interface CachedSentence {
  text: string;
  lex: string[];
}

export interface CachedParagraph {
  id: number;
  ord: number;
  para: string;
  label: string | null;
  /** Stems of the whole paragraph (all its sentences). */
  lex: string[];
  sentences: CachedSentence[];
}

interface Snapshot {
  fingerprint: string;
  builtAt: number;
  total: number;
  paragraphs: Map<number, CachedParagraph[]>;
  df: Map<string, number>;
}

const snapshots = new WeakMap<Db, Map<ChatbotType, Snapshot>>();

async function snapshot(db: Db, type: ChatbotType): Promise<Snapshot> {
  const [r] = await rows<{ n: number; fp: string }>(
    db,
    sql`select count(*)::int as n, count(*)::text || ':' || coalesce(sum(id), 0)::text || ':' || coalesce(max(updated_at)::text, '') as fp
        from chatbot_knowledge_base where chatbot_type = ${type}`,
  );
  let byType = snapshots.get(db);
  if (!byType) snapshots.set(db, (byType = new Map()));
  let s = byType.get(type);
  if (!s || s.fingerprint !== r.fp || Date.now() - s.builtAt > MAX_AGE_MS) {
    byType.set(type, (s = { fingerprint: r.fp, builtAt: Date.now(), total: r.n, paragraphs: new Map(), df: new Map() }));
  }
  return s;
}

/** Knowledge-base facts for one question: article count, stem frequencies, candidates' paragraphs. */
export async function knowledgeFacts(db: Db, type: ChatbotType, lexemes: string[], articleIds: number[]) {
  const s = await snapshot(db, type);
  const unknownStems = lexemes.filter((l) => !s.df.has(l));
  if (unknownStems.length) {
    const found = await rows<{ lex: string; df: number }>(
      db,
      sql`select l.lex, count(k.id)::int as df
          from jsonb_array_elements_text(${JSON.stringify(unknownStems)}::jsonb) as l(lex)
          left join chatbot_knowledge_base k
            on k.chatbot_type = ${type} and ${DOC_VECTOR} @@ ('''' || l.lex || '''')::tsquery
          group by l.lex`,
    );
    if (s.df.size + found.length > MAX_STEMS) s.df.clear();
    for (const f of found) s.df.set(f.lex, f.df);
  }
  const unknownArticles = articleIds.filter((id) => !s.paragraphs.has(id));
  if (unknownArticles.length) {
    const found = await rows<{ id: number; content: string }>(
      db,
      sql`select k.id, k.content from chatbot_knowledge_base k where k.id in (${sql.join(
        unknownArticles.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    // Paragraphs and sentences are split here; PostgreSQL stems every sentence in one call.
    const texts: string[] = [];
    const built = found.map((r) => ({
      id: r.id,
      paragraphs: r.content
        .split(PARAGRAPH_SPLIT_RE)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((para, i) => ({ ord: i + 1, para, label: paragraphLabel(para), sentences: splitSentences(para).map((text) => ({ text, at: texts.push(text) - 1 })) })),
    }));
    const stems = texts.length
      ? await rows<{ i: number; lex: string[] }>(
          db,
          sql`select (s.i - 1)::int as i, tsvector_to_array(to_tsvector('german', s.t)) as lex
              from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality as s(t, i)`,
        )
      : [];
    const lexOf = new Map(stems.map((x) => [x.i, x.lex]));
    for (const id of unknownArticles) s.paragraphs.set(id, []);
    for (const a of built) {
      s.paragraphs.set(
        a.id,
        a.paragraphs.map((p) => {
          const sentences = p.sentences.map((x) => ({ text: x.text, lex: lexOf.get(x.at) ?? [] }));
          return { id: a.id, ord: p.ord, para: p.para, label: p.label, lex: [...new Set(sentences.flatMap((x) => x.lex))], sentences };
        }),
      );
    }
  }
  return {
    total: s.total,
    df: new Map(lexemes.map((l) => [l, s.df.get(l) ?? 0])),
    paragraphs: articleIds.flatMap((id) => s.paragraphs.get(id) ?? []),
  };
}
