// Finds the knowledge-base passages for a question (DESIGN.md "Chatbot answers"): PostgreSQL
// full-text search (german) with OR semantics ranked by ts_rank_cd, plus pg_trgm similarity on
// the title, restricted to the chatbot's type; then the candidates' paragraphs are scored by the
// question stems they contain, weighted by how rare each stem is in the knowledge base (plain
// ts_rank has no IDF, so "VOB/B" would otherwise outweigh "Verjährung").
import { sql } from "drizzle-orm";
import type { ChatbotType } from "../../common/schemas/chatbot";
import { rows, type Db } from "../db/client";
import { DOC_VECTOR, knowledgeFacts } from "./knowledge-cache";
import {
  ANAPHORA,
  ANSWER_KINDS,
  FOLLOW_UP,
  QUESTION_WORDS,
  QUESTION_WORD_WEIGHT,
  RULEBOOKS,
  RULEBOOK_BONUS,
  SYNONYMS,
  matchStrength,
  paragraphLabel,
  tsLiteral,
  usable,
} from "./german-query";

const MAX_CANDIDATES = 12;
/** Share of the question's (IDF-weighted) meaning an article must cover to count as relevant. */
const MIN_COVERAGE = 0.3;
/** …and must contain at least one reasonably specific stem (IDF-weighted), not just common ones. */
const MIN_MATCHED = 1.2;

export interface Passage {
  articleId: number;
  title: string;
  sources: string[];
  text: string;
  score: number;
}

export interface Retrieval {
  /** Best article's passages first, then one passage of each further relevant article. */
  passages: Passage[];
  /** The best article's other points (paragraph labels such as "Gefahrübergang"), not quoted. */
  outline: string[];
  /** Whether the previous question was included (follow-up such as "und bei Bauwerken?"). */
  usedPrevious: boolean;
}

/** An article whose title and tags name the question's subject is about it. */
const HEAD_WEIGHT = 1;
const SEE_ALSO_COVERAGE = 0.45;
const SEE_ALSO_SCORE = 0.7;

/** Question stems with their weights: the question 1, synonyms 0.7, a previous question 0.5. */
async function weightedLexemes(db: Db, question: string, previous: string | null) {
  const synonyms = SYNONYMS.filter(([re]) => re.test(question))
    .map(([, words]) => words)
    .join(" ");
  const [r] = await rows<{ cur: string[]; syn: string[]; prev: string[]; noise: string[] }>(
    db,
    sql`select tsvector_to_array(to_tsvector('german', ${question})) as cur,
               tsvector_to_array(to_tsvector('german', ${synonyms})) as syn,
               tsvector_to_array(to_tsvector('german', ${previous ?? ""})) as prev,
               tsvector_to_array(to_tsvector('german', ${QUESTION_WORDS})) as noise`,
  );
  const noise = new Set(r.noise);
  const weights = new Map<string, number>();
  const add = (list: string[], w: number) => {
    for (const l of list) {
      const weight = noise.has(l) ? Math.min(w, QUESTION_WORD_WEIGHT) : w;
      if (usable(l) && (weights.get(l) ?? 0) < weight) weights.set(l, weight);
    }
  };
  add(r.cur, 1);
  add(r.syn, 0.7);
  const followUp = previous !== null && (FOLLOW_UP.test(question.trim()) || (r.cur.length <= 4 && ANAPHORA.test(question)));
  if (followUp) add(r.prev, 0.5);
  return { weights, followUp };
}

const trgmAvailable = new WeakMap<Db, boolean>();
async function hasTrigram(db: Db): Promise<boolean> {
  let known = trgmAvailable.get(db);
  if (known === undefined) {
    const found = await rows<{ ok: number }>(db, sql`select 1 as ok from pg_extension where extname = 'pg_trgm'`);
    known = found.length > 0;
    trgmAvailable.set(db, known);
  }
  return known;
}

/** Lets the seed tell retrieval that it just created the extension. */
export const forgetTrigramState = (db: Db) => trgmAvailable.delete(db);

interface Candidate {
  id: number;
  title: string;
  sources: string[];
  rank: number;
  sim: number;
  head: string[];
}

export async function retrieve(db: Db, type: ChatbotType, question: string, previousQuestion: string | null = null): Promise<Retrieval> {
  const { weights, followUp } = await weightedLexemes(db, question, previousQuestion);
  if (weights.size === 0) return { passages: [], outline: [], usedPrevious: false };
  const lexemes = [...weights.keys()];
  const tsquery = lexemes.map(tsLiteral).join(" | ");
  const trgm = await hasTrigram(db);
  const sim = trgm ? sql`word_similarity(${question}, k.title)::float8` : sql`0::float8`;

  const candidates = await rows<Candidate>(
    db,
    sql`select k.id, k.title, k.sources,
               ts_rank_cd(${DOC_VECTOR}, ${tsquery}::tsquery, 32)::float8 as rank,
               ${sim} as sim,
               tsvector_to_array(to_tsvector('german', k.title || ' ' || array_to_string(k.tags, ' '))) as head
        from chatbot_knowledge_base k
        where k.chatbot_type = ${type}
          and (${DOC_VECTOR} @@ ${tsquery}::tsquery ${trgm ? sql`or word_similarity(${question}, k.title) > 0.5` : sql``})
        order by ts_rank_cd(${DOC_VECTOR}, ${tsquery}::tsquery, 32) + 0.5 * ${sim} desc, k.id
        limit ${MAX_CANDIDATES}`,
  );
  if (candidates.length === 0) return { passages: [], outline: [], usedPrevious: followUp };

  const ids = candidates.map((c) => c.id);
  const facts = await knowledgeFacts(db, type, lexemes, ids);
  const n = Math.max(facts.total, 1);
  const idf = new Map([...facts.df].map(([lex, df]) => [lex, Math.log(1 + (n - df + 0.5) / (df + 0.5))]));
  const dfOf = facts.df;
  const weightOf = (l: string) => (weights.get(l) ?? 0) * (idf.get(l) ?? 0);
  // A stem no article contains cannot be covered; it still counts against coverage, capped.
  const massOf = (l: string) => (dfOf.get(l) ? weightOf(l) : Math.min(weightOf(l), weights.get(l) ?? 0));
  const questionMass = lexemes.reduce((s, l) => s + massOf(l), 0) || 1;

  const paragraphs = facts.paragraphs;

  /** Score of a text for the question, and how strongly it covers each stem. */
  const scoreStems = (stems: Set<string>) => {
    const strength = new Map(lexemes.map((l) => [l, matchStrength(l, stems)]));
    return { strength, score: lexemes.reduce((s, l) => s + weightOf(l) * strength.get(l)!, 0) };
  };

  const kinds = ANSWER_KINDS.filter((k) => k.question.test(question));
  const rulebooks = RULEBOOKS.filter((r) => r.test(question));
  const scored = candidates.map((c) => {
    const head = scoreStems(new Set(c.head));
    const headScore = head.score;
    const paras = paragraphs
      .filter((p) => p.id === c.id)
      .map((p) => {
        const stems = scoreStems(new Set(p.lex));
        // The paragraph itself or its article's title must be about the question.
        const onTopic = stems.score > 0 || headScore > 0;
        // Bonus for stating the asked-for kind of fact, as a share of the question's weight.
        const bonus = onTopic ? Math.max(0, ...kinds.filter((k) => k.answer.test(p.para)).map((k) => k.bonus)) * questionMass : 0;
        return { ord: p.ord, text: p.para.trim(), strength: stems.strength, score: stems.score + bonus };
      })
      .sort((a, b) => b.score - a.score || a.ord - b.ord);
    // Coverage: the best strength each stem reaches anywhere in the article.
    const matched = lexemes.reduce((s, l) => s + weightOf(l) * Math.max(head.strength.get(l)!, ...paras.map((p) => p.strength.get(l)!)), 0);
    const coverage = matched / questionMass;
    const best = paras[0]?.score ?? 0;
    const rulebook = rulebooks.some((r) => r.test(c.title)) ? RULEBOOK_BONUS * questionMass : 0;
    return { c, paras, coverage, matched, score: best + HEAD_WEIGHT * headScore + rulebook + Number(c.rank) + Number(c.sim) };
  });

  const relevant = scored.filter((s) => s.coverage >= MIN_COVERAGE && s.matched >= MIN_MATCHED && (s.paras[0]?.score ?? 0) > 0).sort((a, b) => b.score - a.score);
  if (relevant.length === 0) return { passages: [], outline: [], usedPrevious: followUp };

  const passages: Passage[] = [];
  const [top, ...rest] = relevant;
  const topBest = top.paras[0].score;
  // The best article: its best paragraph, and a second one if it carries the question too.
  const chosen = top.paras.filter((p, i) => i === 0 || (i === 1 && p.score >= 0.6 * topBest)).sort((a, b) => a.ord - b.ord);
  for (const p of chosen) passages.push({ articleId: top.c.id, title: top.c.title, sources: top.c.sources, text: p.text, score: p.score });
  // Further articles only when they carry the question nearly as well (not one shared number).
  for (const other of rest.filter((s) => s.score >= SEE_ALSO_SCORE * top.score && s.coverage >= SEE_ALSO_COVERAGE).slice(0, 2)) {
    const p = other.paras[0];
    passages.push({ articleId: other.c.id, title: other.c.title, sources: other.c.sources, text: p.text, score: p.score });
  }
  const quoted = new Set(chosen.map((p) => p.ord));
  const outline = top.paras
    .filter((p) => !quoted.has(p.ord))
    .sort((a, b) => a.ord - b.ord)
    .map((p) => paragraphLabel(p.text))
    .filter((l): l is string => l !== null);
  return { passages, outline, usedPrevious: followUp };
}

/** A few article titles of a type, to suggest topics when nothing matched. */
export async function sampleTitles(db: Db, type: ChatbotType, limit = 6): Promise<string[]> {
  const r = await rows<{ title: string }>(
    db,
    sql`select title from chatbot_knowledge_base where chatbot_type = ${type} order by document_type = 'gesetz' desc, id limit ${limit}`,
  );
  return r.map((x) => x.title);
}
