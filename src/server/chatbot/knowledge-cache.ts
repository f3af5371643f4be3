// Everything retrieval needs from one chatbot's knowledge base, in memory: each article's
// paragraphs and sentences with their German stems (split here, stemmed by PostgreSQL in one
// call for the whole type), its title and tag stems, in how many articles a stem occurs, and
// all words (for typo repair). The knowledge base changes only when it is edited, yet asking the
// database per question cost 20–60 ms on the embedded database; so the whole type is loaded
// once and dropped whenever a cheap fingerprint of its articles (count, ids, newest update)
// changes — an edit made through any instance counts from the next question on; a hand-made SQL
// change that leaves updated_at alone shows after MAX_AGE_MS.
import { sql } from "drizzle-orm";
import type { ChatbotType } from "../../common/schemas/chatbot";
import { rows, type Db } from "../db/client";
import { paragraphLabel, splitSentences } from "./sentences";
import { stemIndex, withoutZu, type StemIndex, type StemRelation } from "./german-query";

const PARAGRAPH_SPLIT_RE = /\n\s*\n/;

/** What a label names, without the rule it cites ("Bindefrist (§ 10 Abs. 4 VOB/A)" → "Bindefrist"). */
const labelName = (label: string | null) => (label ?? "").replace(/\([^)]*\)/g, " ").trim();
const MAX_AGE_MS = 10 * 60_000;

export interface CachedSentence {
  text: string;
  lex: string[];
}

export interface CachedParagraph {
  id: number;
  ord: number;
  para: string;
  label: string | null;
  /** Stems of the label's name, without its references ("Bindefrist (§ 10 Abs. 4 VOB/A)" → "bindefrist"). */
  labelLex: string[];
  /** Stems of the whole paragraph (all its sentences). */
  lex: string[];
  sentences: CachedSentence[];
}

export interface CachedArticle {
  id: number;
  title: string;
  sources: string[];
  /** Stems of title and tags (what the article is about). */
  head: string[];
  titleLex: Set<string>;
  tagLex: Set<string>;
  /** In how many sentences each stem occurs. */
  sentenceCount: Map<string, number>;
  paragraphs: CachedParagraph[];
}

export interface KnowledgeSnapshot {
  fingerprint: string;
  builtAt: number;
  total: number;
  articles: CachedArticle[];
  /** In how many articles a stem occurs (title, tags or text). */
  df: Map<string, number>;
  /** All stems, sorted (prefix look-up: "verjähr" → "verjährungsfrist"). */
  stems: string[];
  /** Lower-case words of all titles, tags and texts with their counts (typo repair). */
  words: Map<string, number>;
  /** Every stem as retrieval compares it (also without the "zu" of separable verbs). */
  vocabulary: StemIndex;
  /** Question stems already related to the vocabulary (retrieval.ts relationsOf). */
  relations: Map<string, StemRelation[]>;
}

const snapshots = new WeakMap<Db, Map<ChatbotType, KnowledgeSnapshot>>();
const building = new WeakMap<Db, Map<ChatbotType, Promise<KnowledgeSnapshot>>>();

async function build(db: Db, type: ChatbotType, fingerprint: string): Promise<KnowledgeSnapshot> {
  const found = await rows<{ id: number; title: string; sources: string[]; tags: string[]; content: string }>(
    db,
    sql`select k.id, k.title, k.sources, k.tags, k.content from chatbot_knowledge_base k where k.chatbot_type = ${type} order by k.id`,
  );
  // Paragraphs and sentences are split here; PostgreSQL stems every text in one call.
  const texts: string[] = [];
  const at = (t: string) => texts.push(t) - 1;
  const shaped = found.map((r) => ({
    r,
    title: at(r.title),
    tags: at(r.tags.join(" ")),
    paragraphs: r.content
      .split(PARAGRAPH_SPLIT_RE)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((para, i) => {
        const label = paragraphLabel(para);
        return {
          ord: i + 1,
          para,
          label,
          labelName: at(labelName(label)),
          sentences: splitSentences(para).map((text) => ({ text, at: at(text) })),
        };
      }),
  }));
  const stemmed = texts.length
    ? await rows<{ i: number; lex: string[] }>(
        db,
        sql`select (s.i - 1)::int as i, tsvector_to_array(to_tsvector('german', s.t)) as lex
            from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality as s(t, i)`,
      )
    : [];
  const lexOf = new Map(stemmed.map((x) => [x.i, x.lex]));
  const df = new Map<string, number>();
  const words = new Map<string, number>();
  const articles = shaped.map(({ r, title, tags, paragraphs }) => {
    const titleLex = new Set(lexOf.get(title) ?? []);
    const tagLex = new Set(lexOf.get(tags) ?? []);
    const sentenceCount = new Map<string, number>();
    const cached = paragraphs.map((p) => {
      const sentences = p.sentences.map((x) => ({ text: x.text, lex: lexOf.get(x.at) ?? [] }));
      for (const s of sentences) for (const l of s.lex) sentenceCount.set(l, (sentenceCount.get(l) ?? 0) + 1);
      return {
        id: r.id,
        ord: p.ord,
        para: p.para,
        label: p.label,
        labelLex: lexOf.get(p.labelName) ?? [],
        lex: [...new Set(sentences.flatMap((x) => x.lex))],
        sentences,
      };
    });
    for (const l of new Set([...titleLex, ...tagLex, ...sentenceCount.keys()])) df.set(l, (df.get(l) ?? 0) + 1);
    for (const w of `${r.title} ${r.tags.join(" ")} ${r.content}`.toLowerCase().match(/\p{L}{3,}/gu) ?? [])
      words.set(w, (words.get(w) ?? 0) + 1);
    return {
      id: r.id,
      title: r.title,
      sources: r.sources,
      head: [...new Set([...titleLex, ...tagLex])],
      titleLex,
      tagLex,
      sentenceCount,
      paragraphs: cached,
    };
  });
  const vocabulary = stemIndex([...df.keys()].flatMap((l) => [l, withoutZu(l)]));
  return {
    fingerprint,
    builtAt: Date.now(),
    total: found.length,
    articles,
    df,
    stems: [...df.keys()].sort(),
    words,
    vocabulary,
    relations: new Map(),
  };
}

/** The type's knowledge base in memory, rebuilt when its articles changed. */
export async function knowledgeSnapshot(db: Db, type: ChatbotType): Promise<KnowledgeSnapshot> {
  const [r] = await rows<{ fp: string }>(
    db,
    sql`select count(*)::text || ':' || coalesce(sum(id), 0)::text || ':' || coalesce(max(updated_at)::text, '') as fp
        from chatbot_knowledge_base where chatbot_type = ${type}`,
  );
  let byType = snapshots.get(db);
  if (!byType) snapshots.set(db, (byType = new Map()));
  const current = byType.get(type);
  if (current && current.fingerprint === r.fp && Date.now() - current.builtAt <= MAX_AGE_MS) return current;
  // One build at a time per type, however many questions arrive meanwhile.
  let pending = building.get(db);
  if (!pending) building.set(db, (pending = new Map()));
  let job = pending.get(type);
  if (!job) {
    job = build(db, type, r.fp).finally(() => pending.delete(type));
    pending.set(type, job);
  }
  const fresh = await job;
  byType.set(type, fresh);
  return fresh;
}

/** The stems of the knowledge base that a question stem matches: itself, and for 5+ letters those it starts. */
export function matchingStems(snapshot: KnowledgeSnapshot, lexeme: string, prefixMin: number): string[] {
  if (lexeme.length < prefixMin) return snapshot.df.has(lexeme) ? [lexeme] : [];
  const { stems } = snapshot;
  let lo = 0;
  let hi = stems.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (stems[mid] < lexeme) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < stems.length && stems[i].startsWith(lexeme); i++) out.push(stems[i]);
  return out;
}
