// Finds what the knowledge base says to a question (docs/architecture.md "Chatbot answers"): PostgreSQL
// full-text search (german) with OR semantics ranked by ts_rank_cd, plus pg_trgm similarity on
// the title, restricted to the chatbot's type; then the candidates' paragraphs and sentences are
// scored by the question stems they contain, weighted by how rare each stem is in the knowledge
// base (plain ts_rank has no IDF, so "VOB/B" would otherwise outweigh "Verjährung"), and by
// whether they state the kind of fact asked for (a period for "wie lange", an amount for "wie
// hoch", a norm for "welche Norm", steps for "wie gehe ich vor"). The result is the answer — one
// to three sentences of the knowledge base, each with its source — and the excerpts behind it.
import { sql } from "drizzle-orm";
import type { ChatbotType } from "../../common/schemas/chatbot";
import { rows, type Db } from "../db/client";
import { DOC_VECTOR, knowledgeFacts, type CachedParagraph } from "./knowledge-cache";
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
  withoutZu,
  type AnswerKind,
} from "./german-query";
import { sentenceSource, withoutLabel } from "./sentences";

const MAX_CANDIDATES = 30;
/** Share of the question's (IDF-weighted) meaning an article must cover to count as relevant. */
const MIN_COVERAGE = 0.3;
/** …and must contain at least one reasonably specific stem (IDF-weighted), not just common ones. */
const MIN_MATCHED = 1.2;
/** An article whose title and tags name the question's subject is about it. */
const HEAD_WEIGHT = 1;
const SEE_ALSO_COVERAGE = 0.45;
const SEE_ALSO_SCORE = 0.7;
/** Answer sentences: at most this many, each at least this share of the best one's score. */
const MAX_ANSWER_SENTENCES = 3;
const FURTHER_SENTENCE_SHARE = 0.55;
/** Sentences beyond the first stop once the answer is this long (characters). */
const ANSWER_CHARS = 650;
const MAX_CONTEXT = 6;
const MAX_IDF = 2.5;
const DEFINITION_BONUS = 0.4;
/** An answer sentence shorter than this is given together with the sentence after it. */
const SHORT_SENTENCE = 110;
/** A sentence that refers back ("Er muss …", "Kommt er dem nicht nach …", "Ist er zu feucht, muss es …"). */
const ANAPHORIC_START = /^(\S+\s+){0,2}?(er|sie|es|dies|diese[rsnm]?|dabei|hierfür|dafür|daher|deshalb|danach|damit|dazu|davon|ihre?|seine?)\b|^[^.;]{0,80}\b(muss|müssen|kann|können|darf|dürfen|hat|haben|soll|sollen|wird|werden) (er|es|sie)\b/i;

export interface Passage {
  articleId: number;
  title: string;
  sources: string[];
  text: string;
  score: number;
}

/** A sentence of the knowledge base that answers the question, with the rule it rests on. */
export interface AnswerSentence {
  articleId: number;
  title: string;
  /** The sentence as the article has it, without its paragraph's label. */
  text: string;
  /** Norm and article, e.g. "§ 13 Abs. 4 VOB/B" or "DIN 18533-1" (else the article's first source). */
  source: string;
  /** A step's label kept at the start of `text` ("1. Erkennen"), shown in bold. */
  label: string | null;
  score: number;
}

export interface Retrieval {
  /** One to three sentences that answer the question, in the order to give them. */
  answer: AnswerSentence[];
  /** The excerpts behind the answer: its paragraphs first, then one of each further article. */
  passages: Passage[];
  /** The best article's other points (paragraph labels such as "Gefahrübergang"), not quoted. */
  outline: string[];
  /** Paragraphs for a language model, best first (at most six). */
  context: Passage[];
  /** Titles of articles that came close when none was relevant enough (topic suggestions). */
  near: string[];
  /** Whether the previous question was included (follow-up such as "und bei Bauwerken?"). */
  usedPrevious: boolean;
}

const EMPTY = (usedPrevious: boolean, near: string[] = []): Retrieval => ({ answer: [], passages: [], outline: [], context: [], near, usedPrevious });

/** Question stems with their weights: the question 1, synonyms 0.7, a previous question 0.5. */
async function weightedLexemes(db: Db, question: string, previous: string | null) {
  const followUpShape = previous !== null && (FOLLOW_UP.test(question.trim()) || ANAPHORA.test(question));
  const synonymSource = followUpShape ? `${question} ${previous}` : question;
  const synonyms = SYNONYMS.filter(([re]) => re.test(synonymSource))
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
  add(r.cur.map(withoutZu), 1);
  add(r.syn.map(withoutZu), 0.7);
  const followUp = previous !== null && (FOLLOW_UP.test(question.trim()) || (r.cur.length <= 4 && ANAPHORA.test(question)));
  if (followUp) add(r.prev.map(withoutZu), 0.5);
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

/** The kinds of fact a question asks for; a follow-up without one keeps the previous question's. */
export function questionKinds(question: string, previous: string | null, followUp: boolean): AnswerKind[] {
  const own = ANSWER_KINDS.filter((k) => k.question.test(question));
  return own.length || !followUp || !previous ? own : ANSWER_KINDS.filter((k) => k.question.test(previous));
}

const jaccard = (a: string[], b: string[]) => {
  const sa = new Set(a);
  const inter = b.filter((x) => sa.has(x)).length;
  return inter / Math.max(1, new Set([...a, ...b]).size);
};

export async function retrieve(db: Db, type: ChatbotType, question: string, previousQuestion: string | null = null): Promise<Retrieval> {
  const { weights, followUp } = await weightedLexemes(db, question, previousQuestion);
  if (weights.size === 0) return EMPTY(false);
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
  if (candidates.length === 0) return EMPTY(followUp);

  const facts = await knowledgeFacts(
    db,
    type,
    lexemes,
    candidates.map((c) => c.id),
  );
  const n = Math.max(facts.total, 1);
  // Capped: one rare word ("durchführen") must not outweigh the subject of the question.
  const idf = new Map([...facts.df].map(([lex, df]) => [lex, Math.min(MAX_IDF, Math.log(1 + (n - df + 0.5) / (df + 0.5)))]));
  const weightOf = (l: string) => (weights.get(l) ?? 0) * (idf.get(l) ?? 0);
  // A stem no article contains cannot be covered; it still counts against coverage, capped.
  const massOf = (l: string) => (facts.df.get(l) ? weightOf(l) : Math.min(weightOf(l), weights.get(l) ?? 0));
  const questionMass = lexemes.reduce((s, l) => s + massOf(l), 0) || 1;

  /** Score of a text for the question, and how strongly it covers each stem. */
  const scoreStems = (stems: Iterable<string>) => {
    const set = new Set([...stems].map(withoutZu));
    const strength = new Map(lexemes.map((l) => [l, matchStrength(l, set)]));
    return { strength, score: lexemes.reduce((s, l) => s + weightOf(l) * strength.get(l)!, 0) };
  };

  const kinds = questionKinds(question, previousQuestion, followUp);
  const kindBonus = (text: string, scope?: "paragraph") => Math.max(0, ...kinds.filter((k) => (!scope || k.scope === scope) && k.answer.test(text)).map((k) => k.bonus)) * questionMass;
  const ownRulebooks = RULEBOOKS.filter((r) => r.test(question));
  const rulebooks = ownRulebooks.length || !followUp || !previousQuestion ? ownRulebooks : RULEBOOKS.filter((r) => r.test(previousQuestion));

  const byArticle = new Map<number, CachedParagraph[]>();
  for (const p of facts.paragraphs) byArticle.set(p.id, [...(byArticle.get(p.id) ?? []), p]);

  const scored = candidates.map((c) => {
    const head = scoreStems(c.head);
    const paras = (byArticle.get(c.id) ?? [])
      .map((p) => {
        const stems = scoreStems(p.lex);
        // The paragraph itself or its article's title must be about the question.
        const onTopic = stems.score > 0 || head.score > 0;
        const bonus = onTopic ? kindBonus(p.para) : 0;
        return { p, strength: stems.strength, base: stems.score, score: stems.score + bonus };
      })
      .sort((a, b) => b.score - a.score || a.p.ord - b.p.ord);
    // Coverage: the best strength each stem reaches anywhere in the article.
    const matched = lexemes.reduce((s, l) => s + weightOf(l) * Math.max(head.strength.get(l)!, ...paras.map((x) => x.strength.get(l)!)), 0);
    const coverage = matched / questionMass;
    const best = paras[0]?.score ?? 0;
    const rulebook = rulebooks.some((r) => r.test(c.title)) ? RULEBOOK_BONUS * questionMass : 0;
    return { c, head: head.score, paras, coverage, matched, score: best + HEAD_WEIGHT * head.score + rulebook + Number(c.rank) + Number(c.sim) };
  });

  const relevant = scored.filter((s) => s.coverage >= MIN_COVERAGE && s.matched >= MIN_MATCHED && (s.paras[0]?.score ?? 0) > 0).sort((a, b) => b.score - a.score);
  if (relevant.length === 0) {
    const near = scored
      .filter((s) => s.coverage >= MIN_COVERAGE / 2)
      .sort((a, b) => b.score - a.score)
      .slice(0, 3)
      .map((s) => s.c.title);
    return EMPTY(followUp, near);
  }

  const [top, ...rest] = relevant;
  const seeAlso = rest.filter((s) => s.score >= SEE_ALSO_SCORE * top.score && s.coverage >= SEE_ALSO_COVERAGE).slice(0, 2);

  // The answer: sentences of the best articles, scored on their own words, their paragraph's and
  // article's subject, and whether they state the kind of fact asked for.
  const pool = [top, ...rest.filter((s) => s.score >= 0.5 * top.score).slice(0, 2)];
  const otherBooks = RULEBOOKS.filter((r) => !rulebooks.includes(r));
  const defines = kinds.some((k) => k.name === "definition");
  /** Kinds whose statement may open the answer ahead of a better-scored sentence (not "a list"). */
  const strongKinds = kinds.filter((k) => k.bonus >= 0.3);
  const sentences = pool.flatMap((a, rank) => {
    const articleFactor = 0.7 + 0.3 * Math.min(1, a.score / top.score);
    const titleOtherBook = rulebooks.length > 0 && !rulebooks.some((r) => r.test(a.c.title)) && otherBooks.some((r) => r.test(a.c.title));
    return a.paras.flatMap(({ p, base }) =>
      p.sentences.map((s, index) => {
        const text = withoutLabel(s.text);
        const own = scoreStems(s.lex).score;
        // Stating the asked-for kind of fact counts in proportion to being about the question
        // (a period in a sentence on another subject is no answer); a label such as "Inhalt: …"
        // speaks for the sentence it opens, within an article about the subject.
        const topical = (x: number) => Math.min(1, x / (0.5 * questionMass));
        const sentenceBonus = kindBonus(s.text) * topical(own);
        const labelBonus = index === 0 ? kindBonus(p.para, "paragraph") * topical(own + a.head) : 0;
        // "Was ist …?": an article about the subject defines it in its opening sentence.
        const opening = defines && p.ord === 1 && index === 0 && a.head > 0 ? DEFINITION_BONUS * questionMass : 0;
        const bonus = Math.max(sentenceBonus, labelBonus, opening);
        // Long sentences read badly as an answer – unless their label says they are the answer.
        const length = labelBonus > sentenceBonus ? 1 : text.length > 500 ? 0.7 : text.length > 350 ? 0.85 : 1;
        // A question "nach VOB/B" wants the VOB/B rule, not the BGB one next to it.
        const where = `${p.label ?? ""} ${s.text}`;
        const book =
          rulebooks.length === 0
            ? 1
            : rulebooks.some((r) => r.test(where))
              ? 1.25
              : otherBooks.some((r) => r.test(where)) || titleOtherBook
                ? 0.7
                : rulebooks.some((r) => r.test(a.c.title))
                  ? 1.25
                  : 1;
        // An example or a model letter illustrates the rule; the rule itself answers better.
        const example = /^(Beispiel|Muster|Rechenbeispiel|Praxisbeispiel)/i.test(s.text) || /^(Beispiel|Muster)/i.test(p.label ?? "") ? 0.75 : 1;
        // The first sentence of a paragraph usually states its rule; the others qualify it.
        const topic = index === 0 ? 1.1 : 1;
        const value = (own + 0.2 * base + 0.2 * a.head + bonus) * articleFactor * length * book * example * topic;
        // About the question: by its own words, its paragraph's or its article's subject.
        const onTopic = own > 0 || base > 0 || a.head > 0;
        const strongKind = bonus > 0 && strongKinds.some((k) => k.answer.test(s.text) || (index === 0 && k.scope === "paragraph" && k.answer.test(p.para)));
        return { a, rank, p, index, text, lex: s.lex, own, onTopic, bonus, strongKind, labelled: labelBonus > sentenceBonus, paraScore: base, kind: bonus > 0, score: own > 0 || (bonus > 0 && onTopic) ? value : 0 };
      }),
    );
  });
  const ranked = sentences.filter((s) => s.score > 0 && s.text.length >= 25).sort((x, y) => y.score - x.score || x.rank - y.rank || x.p.ord - y.p.ord || x.index - y.index);
  // Chosen by the kind of question: the first sentence states the asked-for kind of fact if one
  // of the close candidates does.
  if (kinds.length && ranked.length && !ranked[0].kind) {
    const best = ranked[0];
    // Only a clear statement of the kind counts here (a list is no answer to "Welche Betondeckung?").
    const stating = ranked.findIndex((s) => s.strongKind && s.onTopic && s.score >= 0.5 * best.score && (s.rank <= best.rank || s.score >= 0.8 * best.score));
    if (stating > 0) ranked.unshift(...ranked.splice(stating, 1));
  }
  if (process.env.BAUKLAR_DEBUG_RETRIEVAL) {
    console.error("weights", [...weights].map(([l, w]) => `${l}:${w}/${(idf.get(l) ?? 0).toFixed(2)}`).join(" "), "kinds", kinds.map((k) => k.name));
    for (const a of relevant.slice(0, 4)) console.error(`A ${a.score.toFixed(2)} cov ${a.coverage.toFixed(2)} head ${a.head.toFixed(2)} ${a.c.title}`);
    for (const x of ranked.slice(0, 6)) console.error(`S ${x.score.toFixed(2)} own ${x.own.toFixed(2)} bonus ${x.bonus.toFixed(2)} r${x.rank} ${x.text.slice(0, 90)}`);
  }
  // The best article speaks first unless another one answers clearly better.
  if (ranked.length && ranked[0].rank > 0) {
    const own = ranked.findIndex((s) => s.rank === 0 && s.kind === ranked[0].kind && s.score >= 0.75 * ranked[0].score);
    if (own > 0) ranked.unshift(...ranked.splice(own, 1));
  }
  const picked: typeof ranked = [];
  let chars = 0;
  for (const s of ranked) {
    if (picked.length >= MAX_ANSWER_SENTENCES) break;
    if (picked.length && (s.score < FURTHER_SENTENCE_SHARE * picked[0].score || chars + s.text.length > ANSWER_CHARS)) continue;
    if (picked.some((x) => x.text === s.text || jaccard(x.lex, s.lex) > 0.6)) continue;
    picked.push(s);
    chars += s.text.length;
  }
  if (kinds.some((k) => k.order === "position")) picked.sort((x, y) => x.rank - y.rank || x.p.ord - y.p.ord || x.index - y.index);
  const steps = kinds.some((k) => k.order === "position");
  // Each picked sentence becomes a range of its paragraph: with the sentence before when it
  // refers back ("Er muss …"), with the sentence after when it is a short opening one that the
  // next carries on. Ranges of one paragraph that touch are given as one answer.
  const ranges: { s: (typeof picked)[number]; first: number; last: number }[] = [];
  for (const s of picked) {
    const sentences = s.p.sentences;
    let first = s.index;
    let last = s.index;
    const chars = () => sentences.slice(first, last + 1).reduce((n, x) => n + x.text.length, 0);
    if (first > 0 && ANAPHORIC_START.test(sentences[first].text) && chars() + sentences[first - 1].text.length <= 450) first--;
    const next = sentences[last + 1];
    if (next && chars() < SHORT_SENTENCE && chars() + next.text.length <= 450 && (ANAPHORIC_START.test(next.text) || scoreStems(next.lex).score > 0)) last++;
    const touching = ranges.find((r) => r.s.p === s.p && first <= r.last + 1 && last >= r.first - 1);
    if (touching) {
      touching.first = Math.min(touching.first, first);
      touching.last = Math.max(touching.last, last);
    } else ranges.push({ s, first, last });
  }
  const answer: AnswerSentence[] = ranges.map(({ s, first, last }) => {
    const original = s.p.sentences
      .slice(first, last + 1)
      .map((x) => x.text)
      .join(" ");
    // Steps keep their label ("Abnahme verlangen: …"): it names the step.
    const keepLabel = first === 0 && steps && s.labelled && s.p.label !== null;
    const text = first > 0 || keepLabel ? original : withoutLabel(original);
    const label = keepLabel ? (/^\d{1,2}[.)]\s+/.exec(original)?.[0] ?? "") + s.p.label : null;
    return { articleId: s.a.c.id, title: s.a.c.title, text, label, source: sentenceSource(original, s.p.label, s.a.c), score: s.score };
  });

  // The excerpts: the paragraphs the answer comes from, then the best article's best paragraph
  // and one of each article that carries the question nearly as well.
  const passages: Passage[] = [];
  const addPassage = (a: (typeof scored)[number], p: CachedParagraph, score: number) => {
    if (passages.length >= 4 || passages.some((x) => x.articleId === a.c.id && x.text === p.para.trim())) return;
    passages.push({ articleId: a.c.id, title: a.c.title, sources: a.c.sources, text: p.para.trim(), score });
  };
  for (const s of picked) addPassage(s.a, s.p, s.paraScore);
  addPassage(top, top.paras[0].p, top.paras[0].score);
  for (const other of seeAlso) addPassage(other, other.paras[0].p, other.paras[0].score);
  // Grouped by article, in the order the articles first appear.
  const order = [...new Set(passages.map((p) => p.articleId))];
  passages.sort((x, y) => order.indexOf(x.articleId) - order.indexOf(y.articleId));

  const quoted = new Set(passages.filter((p) => p.articleId === top.c.id).map((p) => p.text));
  const outline = top.paras
    .filter((x) => !quoted.has(x.p.para.trim()))
    .sort((a, b) => a.p.ord - b.p.ord)
    .map((x) => paragraphLabel(x.p.para))
    .filter((l): l is string => l !== null);

  // For a language model: the best article's best paragraphs, then the others' best ones.
  const context: Passage[] = [];
  for (const x of top.paras.filter((x) => x.score > 0).slice(0, 3)) context.push({ articleId: top.c.id, title: top.c.title, sources: top.c.sources, text: x.p.para.trim(), score: x.score });
  for (const other of relevant.slice(1, 4)) {
    if (context.length >= MAX_CONTEXT) break;
    const x = other.paras[0];
    context.push({ articleId: other.c.id, title: other.c.title, sources: other.c.sources, text: x.p.para.trim(), score: x.score });
  }
  for (const s of picked) {
    if (context.length >= MAX_CONTEXT || context.some((c) => c.text === s.p.para.trim())) continue;
    context.push({ articleId: s.a.c.id, title: s.a.c.title, sources: s.a.c.sources, text: s.p.para.trim(), score: s.paraScore });
  }

  return { answer, passages, outline, context, near: [], usedPrevious: followUp };
}

/** A few article titles of a type, to suggest topics when nothing matched. */
export async function sampleTitles(db: Db, type: ChatbotType, limit = 6): Promise<string[]> {
  const r = await rows<{ title: string }>(
    db,
    sql`select title from chatbot_knowledge_base where chatbot_type = ${type} order by document_type = 'gesetz' desc, id limit ${limit}`,
  );
  return r.map((x) => x.title);
}
