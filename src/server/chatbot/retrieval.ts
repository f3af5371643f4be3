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
import { knowledgeSnapshot, matchingStems, type CachedParagraph, type KnowledgeSnapshot } from "./knowledge-cache";
import {
  ANAPHORA,
  ANSWER_KINDS,
  FOLLOW_UP,
  QUESTION_WORDS,
  QUESTION_WORD_WEIGHT,
  RULEBOOKS,
  RULEBOOK_BONUS,
  PREFIX_MIN,
  relatedStems,
  strengthIn,
  paragraphLabel,
  usable,
  withoutZu,
  type AnswerKind,
} from "./german-query";
import { sentenceSource, withoutLabel } from "./sentences";
import { expandWords, wordTable } from "./word-table";
import { repairs as repairsOf } from "./everyday-german";
import { askedPart, asksLast, storyOnlyFactor, withQuestionWordsApart } from "./asked-part";
import { askedContrasts, contrastFactor } from "./contrast-terms";
import { questionFigures, figureRelation } from "./question-figures";
import { RULED_OUT_FACTOR, ruledOutRulebooks } from "./ruled-out";
import { askedItemFirst } from "./list-focus";
import { articleLowerWords, articleNounStems, articleNouns, bestCoversSubject, carriesSubject } from "./subject-gap";
import { questionTopic, topicVocabulary } from "./topic-guard";
import { leadWithNamedSection, namedSections } from "./named-section";

const MAX_CANDIDATES = 30;
/** Share of the question's (IDF-weighted) meaning an article must cover to count as relevant. */
const MIN_COVERAGE = 0.3;
/** …and must contain at least one reasonably specific stem (IDF-weighted), not just common ones. */
const MIN_MATCHED = 1.2;
/** An article whose title and tags name the question's subject is about it. */
const HEAD_WEIGHT = 1;
const SEE_ALSO_COVERAGE = 0.45;
const OFF_TOPIC_COVERAGE = 0.6;
const SEE_ALSO_SCORE = 0.7;
/** Answer sentences: at most this many, each at least this share of the best one's score. */
const MAX_ANSWER_SENTENCES = 3;
/** A heading names a question term only if the term is specific and the heading holds it (nearly) as such. */
const NAMED_MIN_IDF = 1.5;
/** …and is the question's own word (a synonym from the word table names no heading). */
const NAMED_MIN_WEIGHT = 0.85;
const NAMED_MIN_STRENGTH = 0.8;
const FURTHER_SENTENCE_SHARE = 0.55;
const OWN_SHARE = 0.5;
const OTHER_ARTICLE_SHARE = 0.8;
/** Sentences beyond the first stop once the answer, headings and citations included, is this long. */
const ANSWER_CHARS = 720;
/** About what a citation "_(§ 13 Abs. 4 VOB/B – „§ 13 VOB/B“)_" adds to a sentence. */
const CITATION_CHARS = 60;
const MAX_CONTEXT = 6;
const MAX_IDF = 2.5;
/** What a question stem that no article contains weighs against coverage. */
const UNKNOWN_MASS = 0.3;
const DEFINITION_BONUS = 0.4;
/** Stems of the case told before the asking sentence ("AG hat … überwiesen. wie lang hab ich …?"). */
const STORY_WEIGHT = 0.85;
/** A stem of the asking sentence this specific names what is asked ("cnom", not "muss"). */
const ASKING_MIN_IDF = 1.2;
/** A sentence that states a figure the question names (or a range holding it), or only other values of its kind. */
const FIGURE_FACTOR = { match: 1.3, other: 0.75, none: 1 } as const;
/** An answer sentence shorter than this is given together with the sentence after it. */
const SHORT_SENTENCE = 110;
/** A sentence that refers back ("Er muss …", "Kommt er dem nicht nach …", "Ist er zu feucht, muss es …"). */
const ANAPHORIC_START =
  /^(\S+\s+){0,2}?(er|sie|es|dies|diese[rsnm]?|dabei|hierfür|dafür|daher|deshalb|danach|damit|dazu|davon|ihre?|seine?)\b|^[^.;]{0,80}\b(muss|müssen|kann|können|darf|dürfen|hat|haben|soll|sollen|wird|werden) (er|es|sie)\b/i;

/** A sentence that refers to a period without stating it, and one that states it. */
const REFERS_TO_PERIOD =
  /(?<![\p{L}])(fristgemäß|fristgerecht|rechtzeitig|nach Ablauf der Frist|innerhalb der Frist|verspätet)(?![\p{L}])/iu;
const PERIOD_STATED = /\b\d+\s*(Werktag|Arbeitstag|Kalendertag|Tag|Woche|Monat|Jahr)/i;

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
  /** The heading of the sentence's paragraph ("Mengenunterschreitung (§ 2 Abs. 3 Nr. 3 VOB/B)"). */
  context: string | null;
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
  /** Nothing fits and the question is not about construction (cooking, travel …): a polite refusal. */
  offTopic: boolean;
}

const EMPTY = (usedPrevious: boolean, near: string[] = [], offTopic = false): Retrieval => ({
  answer: [],
  passages: [],
  outline: [],
  context: [],
  near,
  usedPrevious,
  offTopic,
});

/**
 * Question stems with their weights: the question 1, its repaired words (typos, umlauts,
 * compound parts) 0.85, the article terms its everyday words stand for (word table) 0.7, a
 * previous question 0.5. Also whether the question is about construction at all.
 */
/** A stem this rare in the articles names a subject ("belehrt"), not a mere question word. */
const FRESH_MIN_IDF = 1.2;
async function weightedLexemes(db: Db, type: ChatbotType, question: string, previous: string | null) {
  const followUpShape = previous !== null && (FOLLOW_UP.test(question.trim()) || ANAPHORA.test(question));
  const table = wordTable();
  const { words } = await knowledgeSnapshot(db, type);
  const understood = (word: string) => table.rules.some((r) => r.test(word));
  const repaired = repairsOf(question, words, understood);
  const repairs = repaired.map((x) => x.word).join(" ");
  // A typo repaired to a whole word of the knowledge base is the question's own word (subject-gap.ts).
  const wholeRepairs = repaired
    .filter((x) => x.kind === "whole")
    .map((x) => x.word)
    .join(" ");
  // Words the word table understands stand for article terms: the knowledge base knows them.
  const mappedWords = (question.match(/\p{L}[\p{L}\d/-]*/gu) ?? []).filter(understood).join(" ");
  const synonyms = expandWords(table, `${question} ${repairs}`);
  // A follow-up's previous question speaks through its synonyms too, but no louder than itself.
  const previousSynonyms = followUpShape && previous ? expandWords(table, previous) : "";
  // For telling a construction question: words the table understands at their start (not "pauschal" in "Pendlerpauschale").
  const understoodWords = (`${question} ${repairs}`.match(/\p{L}[\p{L}\d/-]*/gu) ?? [])
    .filter((w) => table.rules.some((x) => x.testStart(w)))
    .join(" ");
  // The question's words that the articles write as nouns (subject-gap.ts).
  const snapshot = await knowledgeSnapshot(db, type);
  const nouns = articleNouns(snapshot);
  const lowerWords = articleLowerWords(snapshot);
  const questionWords = question.match(/\p{L}[\p{L}\d/-]*/gu) ?? [];
  const nounWords = questionWords.filter((w) => nouns.has(w.toLowerCase())).join(" ");
  // Other inflections of an article noun ("Wohnungstrennwand" – "Wohnungstrennwände"): a word the
  // articles never write in lower case, whose stem is the stem of one of their nouns.
  const otherFormWords = questionWords.filter((w) => !nouns.has(w.toLowerCase()) && !lowerWords.has(w.toLowerCase())).join(" ");
  const nounStemSet = await articleNounStems(snapshot, async (words) => {
    const [n] = await rows<{ s: string[] }>(db, sql`select tsvector_to_array(to_tsvector('german', ${words})) as s`);
    return n.s.map(withoutZu);
  });
  const [r] = await rows<{
    cur: string[];
    ask: string[];
    fix: string[];
    whole: string[];
    mapped: string[];
    syn: string[];
    prevsyn: string[];
    own: string[];
    prev: string[];
    noise: string[];
    nouns: string[];
    forms: string[];
  }>(
    db,
    sql`select tsvector_to_array(to_tsvector('german', ${question})) as cur,
               tsvector_to_array(to_tsvector('german', ${askedPart(question)})) as ask,
               tsvector_to_array(to_tsvector('german', ${repairs})) as fix,
               tsvector_to_array(to_tsvector('german', ${wholeRepairs})) as whole,
               tsvector_to_array(to_tsvector('german', ${mappedWords})) as mapped,
               tsvector_to_array(to_tsvector('german', ${synonyms})) as syn,
               tsvector_to_array(to_tsvector('german', ${previousSynonyms})) as prevsyn,
               tsvector_to_array(to_tsvector('german', ${understoodWords})) as own,
               tsvector_to_array(to_tsvector('german', ${previous ?? ""})) as prev,
               tsvector_to_array(to_tsvector('german', ${QUESTION_WORDS})) as noise,
               tsvector_to_array(to_tsvector('german', ${nounWords})) as nouns,
               tsvector_to_array(to_tsvector('german', ${otherFormWords})) as forms`,
  );
  const noise = new Set(r.noise);
  const weights = new Map<string, number>();
  const add = (list: string[], w: number) => {
    for (const l of list) {
      const weight = noise.has(l) ? Math.min(w, QUESTION_WORD_WEIGHT) : w;
      if (usable(l) && (weights.get(l) ?? 0) < weight) weights.set(l, weight);
    }
  };
  // The asking sentence names the subject; the story before it weighs a little less.
  add(r.ask.map(withoutZu), 1);
  // …unless the asking sentence points back into the story ("is das nach den 4 Jahren durch?").
  const story = r.ask.length && r.ask.length < r.cur.length && !ANAPHORA.test(askedPart(question)) ? STORY_WEIGHT : 1;
  add(r.cur.map(withoutZu), story);
  add(r.fix.map(withoutZu), 0.85);
  add(r.syn.map(withoutZu), 0.7);
  const followUp = previous !== null && (FOLLOW_UP.test(question.trim()) || (r.cur.length <= 4 && ANAPHORA.test(question)));
  if (followUp) add(r.prev.map(withoutZu), 0.5);
  // The previous question's synonyms stand in for its subject ("und andersrum?") – unless the
  // follow-up names a new subject of its own ("und wenn wir gar nicht belehrt haben?"): then they
  // step back like the previous question's own words.
  const before = new Set([...r.prev, ...r.prevsyn].map(withoutZu));
  const n = Math.max(snapshot.total, 1);
  const rare = (l: string) => {
    const d = snapshot.df.get(l) ?? 0;
    return d > 0 && Math.log(1 + (n - d + 0.5) / (d + 0.5)) >= FRESH_MIN_IDF;
  };
  const newSubject = r.cur.map(withoutZu).some((l) => !noise.has(l) && !before.has(l) && !/\d/.test(l) && usable(l) && rare(l));
  add(r.prevsyn.map(withoutZu), newSubject ? 0.5 : 0.7);
  const own = [...r.cur, ...r.fix].map(withoutZu).filter((l) => !noise.has(l));
  // About construction, an everyday topic (cooking, travel …) or neither clearly (topic-guard.ts).
  const vocabulary = await topicVocabulary(db);
  const topic = questionTopic(own, new Set(r.own.map(withoutZu)), vocabulary, previous !== null);
  const construction = topic === "construction";
  return {
    weights,
    settingStems: vocabulary.setting,
    followUp,
    construction,
    topic,
    // The asking sentence's stems, when a story stands before it (asked-part.ts storyOnlyFactor).
    askingStems: story < 1 && asksLast(question) ? r.ask.map(withoutZu).filter((l) => !noise.has(l)) : [],
    previousStems: new Set(r.prev.map(withoutZu)),
    ownStems: new Set([...r.cur, ...r.whole].map(withoutZu)),
    mappedStems: new Set(r.mapped.map(withoutZu)),
    nounStems: new Set(r.nouns.map(withoutZu)),
    nounFormStems: new Set(r.forms.map(withoutZu).filter((l) => nounStemSet.has(l))),
  };
}

interface Candidate {
  id: number;
  title: string;
  sources: string[];
  rank: number;
  sim: number;
  head: string[];
  paragraphs: CachedParagraph[];
}

/** The kinds of fact a question asks for; a follow-up without one keeps the previous question's. */
export function questionKinds(question: string, previous: string | null, followUp: boolean): AnswerKind[] {
  const own = ANSWER_KINDS.filter((k) => k.question.test(askedPart(question)));
  return own.length || !followUp || !previous ? own : ANSWER_KINDS.filter((k) => k.question.test(askedPart(previous)));
}

const jaccard = (a: string[], b: string[]) => {
  const sa = new Set(a);
  const inter = b.filter((x) => sa.has(x)).length;
  return inter / Math.max(1, new Set([...a, ...b]).size);
};

/** A question stem's relations to the knowledge base, remembered per snapshot (questions repeat words). */
function relationsOf(snap: KnowledgeSnapshot, lexeme: string) {
  let found = snap.relations.get(lexeme);
  if (!found) {
    if (snap.relations.size > 20_000) snap.relations.clear();
    snap.relations.set(lexeme, (found = relatedStems(lexeme, snap.vocabulary)));
  }
  return found;
}

/** How the question weighs the words of a text: its stems, their weights and rarity, the kinds of
 *  fact asked for and the rulebooks it names. */
interface QuestionScoring {
  lexemes: string[];
  weights: Map<string, number>;
  idf: Map<string, number>;
  /** The question's whole weight (stems no article contains count a little). */
  questionMass: number;
  weightOf(lexeme: string): number;
  /** Score of a text for the question, and how strongly it covers each stem. */
  scoreStems(stems: Iterable<string>): { strength: Map<string, number>; score: number };
  /** How many articles contain each stem. */
  df: Map<string, number>;
  kinds: AnswerKind[];
  kindBonus(text: string, scope?: "paragraph"): number;
  rulebooks: RegExp[];
  /** Rulebooks the question rules out ("reiner BGB-Vertrag ohne VOB"). */
  ruledOut: RegExp[];
  /** The asked one of two opposite cases ("Anhydrit ohne FBH", word table "Gegensatz:"). */
  contrasts: ReturnType<typeof askedContrasts>;
  /** The figures the question names ("ca 20 grad"). */
  figures: ReturnType<typeof questionFigures>;
  /** The specific known stems of the asking sentence after a story (empty without a story). */
  asking: string[];
}

interface ScoredParagraph {
  p: CachedParagraph;
  strength: Map<string, number>;
  base: number;
  score: number;
}

interface ScoredArticle {
  c: Candidate;
  head: number;
  paras: ScoredParagraph[];
  coverage: number;
  matched: number;
  score: number;
}

interface ScoredSentence {
  a: ScoredArticle;
  /** Place of the sentence's article in the answer pool (0: the best article). */
  rank: number;
  p: CachedParagraph;
  index: number;
  text: string;
  lex: string[];
  own: number;
  onTopic: boolean;
  bonus: number;
  strongKind: boolean;
  labelled: boolean;
  paraScore: number;
  kind: boolean;
  /** In a follow-up: holds none of its new words, only the conversation's. */
  storyOnly: boolean;
  score: number;
}

/** What a follow-up knows of the conversation before it. */
interface Conversation {
  followUp: boolean;
  previousQuestion: string | null;
  previousAnswer: string | null;
  previousStems: Set<string>;
}

/**
 * Articles containing a question stem, ranked like PostgreSQL's ts_rank_cd with normalisation 32
 * (title 1, tags 0.4, each sentence 0.2 per matching stem), at most 30.
 */
function rankCandidates(snap: KnowledgeSnapshot, lexemes: string[]): Candidate[] {
  const matches = new Map(lexemes.map((l) => [l, matchingStems(snap, l, PREFIX_MIN)]));
  return snap.articles
    .map((a) => {
      let raw = 0;
      for (const l of lexemes)
        for (const m of matches.get(l)!)
          raw += (a.titleLex.has(m) ? 1 : 0) + (a.tagLex.has(m) ? 0.4 : 0) + 0.2 * (a.sentenceCount.get(m) ?? 0);
      return { id: a.id, title: a.title, sources: a.sources, rank: raw / (raw + 1), sim: 0, head: a.head, paragraphs: a.paragraphs };
    })
    .filter((c) => c.rank > 0)
    .sort((x, y) => y.rank - x.rank || x.id - y.id)
    .slice(0, MAX_CANDIDATES);
}

/** The question's weighing of texts: stem weights × rarity, the kinds of fact and the rulebooks asked for. */
function questionScoring(
  snap: KnowledgeSnapshot,
  weights: Map<string, number>,
  question: string,
  conversation: Conversation,
  askingStems: string[],
): QuestionScoring {
  const { followUp, previousQuestion } = conversation;
  const lexemes = [...weights.keys()];
  const df = new Map(lexemes.map((l) => [l, snap.df.get(l) ?? 0]));
  const n = Math.max(snap.total, 1);
  // Capped: one rare word ("durchführen") must not outweigh the subject of the question.
  const idf = new Map([...df].map(([lex, d]) => [lex, Math.min(MAX_IDF, Math.log(1 + (n - d + 0.5) / (d + 0.5)))]));
  const weightOf = (l: string) => (weights.get(l) ?? 0) * (idf.get(l) ?? 0);
  // A stem no article contains cannot be covered; it still counts against coverage, a little
  // (chatty questions bring many such words: "Investor", "ungutes Gefühl", "Fahrmischer").
  // Long unknown words are usually the subject ("Reetdach", "Holzfaser"), so they weigh more.
  const massOf = (l: string) => (df.get(l) ? weightOf(l) : (l.length >= 8 ? 2 : 1) * UNKNOWN_MASS * (weights.get(l) ?? 0));
  const questionMass = lexemes.reduce((s, l) => s + massOf(l), 0) || 1;

  // Each question stem's related stems in the knowledge base, found once (see relatedStems).
  const relations = new Map(lexemes.map((l) => [l, relationsOf(snap, l)]));
  const scoreStems = (stems: Iterable<string>) => {
    const set = stems instanceof Set ? (stems as Set<string>) : new Set([...stems].map(withoutZu));
    const strength = new Map(lexemes.map((l) => [l, strengthIn(l, relations.get(l)!, set)]));
    return { strength, score: lexemes.reduce((s, l) => s + weightOf(l) * strength.get(l)!, 0) };
  };

  const kinds = questionKinds(question, previousQuestion, followUp);
  const kindBonus = (text: string, scope?: "paragraph") =>
    Math.max(0, ...kinds.filter((k) => (!scope || k.scope === scope) && k.answer.test(text)).map((k) => k.bonus)) * questionMass;
  // "kein VOB/B vereinbart, nur BGB": a rulebook the question rules out is not asked for.
  const negated = (r: RegExp) => new RegExp(`\\b(kein[e-z]*|ohne|nicht|statt)\\s+(\\p{L}+\\s+)?(${r.source})`, "iu").test(question);
  const ruledOut = ruledOutRulebooks(question);
  const ownRulebooks = RULEBOOKS.filter((r) => r.test(question) && !negated(r) && !ruledOut.includes(r));
  const rulebooks =
    ownRulebooks.length || !followUp || !previousQuestion ? ownRulebooks : RULEBOOKS.filter((r) => r.test(previousQuestion));

  // "Anhydrit ohne FBH": sentences on the asked one of two opposite cases first (word table "Gegensatz:").
  const contrasts = askedContrasts(wordTable(), question);
  // "ca 20 grad": the row for that figure ("von 15 bis unter 25 °C …") before the other rows.
  const figures = questionFigures(question);
  const asking = askingStems.filter((l) => (df.get(l) ?? 0) > 0 && (idf.get(l) ?? 0) >= ASKING_MIN_IDF);
  return {
    lexemes,
    weights,
    idf,
    df,
    questionMass,
    weightOf,
    scoreStems,
    kinds,
    kindBonus,
    rulebooks,
    ruledOut,
    contrasts,
    figures,
    asking,
  };
}

/** Each candidate with its paragraphs scored, how much of the question it covers and its overall score. */
function scoreArticles(candidates: Candidate[], q: QuestionScoring): ScoredArticle[] {
  const byArticle = new Map<number, CachedParagraph[]>();
  for (const p of candidates.flatMap((c) => c.paragraphs)) byArticle.set(p.id, [...(byArticle.get(p.id) ?? []), p]);
  return candidates.map((c) => {
    const head = q.scoreStems(c.head);
    const paras = (byArticle.get(c.id) ?? [])
      .map((p) => {
        const stems = q.scoreStems(p.lex);
        // The paragraph itself or its article's title must be about the question.
        const onTopic = stems.score > 0 || head.score > 0;
        const bonus = onTopic ? q.kindBonus(p.para) : 0;
        return { p, strength: stems.strength, base: stems.score, score: stems.score + bonus };
      })
      .sort((a, b) => b.score - a.score || a.p.ord - b.p.ord);
    // Coverage: the best strength each stem reaches anywhere in the article.
    const matched = q.lexemes.reduce(
      (s, l) => s + q.weightOf(l) * Math.max(head.strength.get(l)!, ...paras.map((x) => x.strength.get(l)!)),
      0,
    );
    const coverage = matched / q.questionMass;
    const best = paras[0]?.score ?? 0;
    const rulebook = q.rulebooks.some((r) => r.test(c.title)) ? RULEBOOK_BONUS * q.questionMass : 0;
    // "reiner BGB-Vertrag ohne VOB": an article on the excluded rulebook is no answer.
    const excluded = q.ruledOut.some((r) => r.test(c.title)) && !q.rulebooks.some((r) => r.test(c.title)) ? RULED_OUT_FACTOR : 1;
    return {
      c,
      head: head.score,
      paras,
      coverage,
      matched,
      score: (best + HEAD_WEIGHT * head.score + rulebook + Number(c.rank) + Number(c.sim)) * excluded,
    };
  });
}

/** Up to three article titles that came close, as topic suggestions when none was relevant enough. */
function nearTitles(scored: ScoredArticle[]): string[] {
  return scored
    .filter((s) => s.coverage >= MIN_COVERAGE / 2)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map((s) => s.c.title);
}

/**
 * Every sentence of the answer pool (the best articles), scored on its own words, its paragraph's
 * and article's subject, and whether it states the kind of fact asked for.
 */
function scoreSentences(pool: ScoredArticle[], top: ScoredArticle, q: QuestionScoring, conversation: Conversation): ScoredSentence[] {
  const { kinds, rulebooks, questionMass } = q;
  const otherBooks = RULEBOOKS.filter((r) => !rulebooks.includes(r));
  const defines = kinds.some((k) => k.name === "definition");
  /** Kinds whose statement may open the answer ahead of a better-scored sentence (not "a list"). */
  const strongKinds = kinds.filter((k) => k.bonus >= 0.3);
  // Stems of this question itself (not of the previous one, not mere question words).
  // Specific ones only: "vereinbart" in "und wenn kein VOB/B vereinbart ist?" is no new aspect.
  const fresh = new Set(
    q.lexemes.filter((l) => (q.weights.get(l) ?? 0) >= 0.7 && !conversation.previousStems.has(l) && (q.idf.get(l) ?? 0) >= FRESH_MIN_IDF),
  );
  const { previousAnswer } = conversation;
  // A follow-up asks for something new ("und wenn wir gar nicht belehrt haben?"): the conversation
  // so far is its story, its own specific words are what it asks (asked-part.ts storyOnlyFactor).
  // A figure ("und bei 200 m³?") or an asked side of a contrast ("ohne Fliesen") has its own weighing.
  const freshKnown =
    conversation.followUp && q.contrasts.length === 0
      ? [...fresh].filter((l) => (q.df.get(l) ?? 0) > 0 && (q.weights.get(l) ?? 0) >= 0.85 && !/\d/.test(l))
      : [];
  return pool.flatMap((a, rank) => {
    const articleFactor = 0.7 + 0.3 * Math.min(1, a.score / top.score);
    const titleOtherBook = rulebooks.length > 0 && !rulebooks.some((r) => r.test(a.c.title)) && otherBooks.some((r) => r.test(a.c.title));
    return a.paras.flatMap(({ p, base, strength: paraStrength }) =>
      p.sentences.map((s, index): ScoredSentence => {
        const text = withoutLabel(s.text);
        const stems = q.scoreStems(s.lex);
        const own = stems.score;
        // Stating the asked-for kind of fact counts in proportion to being about the question
        // (a period in a sentence on another subject is no answer); a label such as "Inhalt: …"
        // speaks for the sentence it opens, within an article about the subject.
        const topical = (x: number) => Math.min(1, x / (0.5 * questionMass));
        const sentenceBonus = q.kindBonus(s.text) * topical(own);
        const labelBonus = index === 0 ? q.kindBonus(p.para, "paragraph") * topical(own + a.head) : 0;
        // "Was ist …?": an article about the subject defines it in its opening sentence.
        const opening = defines && p.ord === 1 && index === 0 && a.head > 0 ? DEFINITION_BONUS * questionMass : 0;
        const bonus = Math.max(sentenceBonus, labelBonus, opening);
        // Long sentences read badly as an answer – unless their label says they are the answer.
        const length = labelBonus > sentenceBonus ? 1 : text.length > 500 ? 0.7 : text.length > 350 ? 0.85 : 1;
        // A list of rules ("§ 2 Abs. 3 (…); § 2 Abs. 4 (…); …") names the answer without giving it.
        const listy = !kinds.some((k) => k.name === "enumeration" || k.name === "list") && (text.match(/;/g) ?? []).length >= 3 ? 0.7 : 1;
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
        const example =
          /^(Beispiel|Muster|Rechenbeispiel|Praxisbeispiel)/i.test(s.text) || /^(Beispiel|Muster)/i.test(p.label ?? "") ? 0.75 : 1;
        // A pointer to another article ("siehe den Beitrag …") is no answer.
        const pointer = /\bsiehe (den|die|das) (Beitrag|Artikel|Abschnitt)|\bsiehe „/i.test(text) ? 0.3 : 1;
        // The first sentence of a paragraph usually states its rule; the others qualify it.
        const topic = index === 0 ? 1.1 : 1;
        // A follow-up leads with what is new: what the previous answer already said comes last.
        // (unless it holds a word of the new question: "Und bei Fußbodenheizung?").
        // …nor when the follow-up asks the other case of a contrast and the sentence is not on the case left ("und ohne Fliesen?").
        const otherCase = q.contrasts.length > 0 && contrastFactor(q.contrasts, `${p.label ?? ""} ${s.text}`) >= 1;
        const repeated =
          previousAnswer && previousAnswer.includes(text.slice(0, 60)) && !otherCase && !s.lex.some((l) => fresh.has(withoutZu(l)))
            ? 0.3
            : 1;
        // …a sentence whose paragraph holds the new words is about them too ("AGB" – the BGH sentence in the AGB paragraph).
        const outsideFollowUp = Math.max(storyOnlyFactor(freshKnown, stems.strength), storyOnlyFactor(freshKnown, paraStrength));
        const storyOnly = storyOnlyFactor(q.asking, stems.strength) * outsideFollowUp;
        const contrast = contrastFactor(q.contrasts, where) * FIGURE_FACTOR[figureRelation(q.figures, where)] * storyOnly;
        const value =
          (own + 0.2 * base + 0.2 * a.head + bonus) *
          articleFactor *
          length *
          listy *
          book *
          example *
          pointer *
          topic *
          repeated *
          contrast;
        // About the question: by its own words, its paragraph's or its article's subject.
        const onTopic = own > 0 || base > 0 || a.head > 0;
        const strongKind =
          bonus > 0 && strongKinds.some((k) => k.answer.test(s.text) || (index === 0 && k.scope === "paragraph" && k.answer.test(p.para)));
        return {
          a,
          rank,
          p,
          index,
          text,
          lex: s.lex,
          own,
          onTopic,
          bonus,
          strongKind,
          labelled: labelBonus > sentenceBonus,
          paraScore: base,
          kind: bonus > 0,
          storyOnly: outsideFollowUp < 1,
          score: own > 0 || (bonus > 0 && onTopic) ? value : 0,
        };
      }),
    );
  });
}

/**
 * The usable sentences, best first – then a sentence stating the asked-for kind of fact moves to
 * the front if a close one does, and the best article speaks first unless another answers clearly better.
 */
function rankSentences(sentences: ScoredSentence[], kinds: AnswerKind[]): ScoredSentence[] {
  const ranked = sentences
    .filter((s) => s.score > 0 && s.text.length >= 25)
    .sort((x, y) => y.score - x.score || x.rank - y.rank || x.p.ord - y.p.ord || x.index - y.index);
  if (kinds.length && ranked.length && !ranked[0].kind) {
    const best = ranked[0];
    // Only a clear statement of the kind counts here (a list is no answer to "Welche Betondeckung?").
    const stating = ranked.findIndex(
      (s) =>
        s.strongKind &&
        s.onTopic &&
        (!s.storyOnly || best.storyOnly) &&
        s.score >= 0.5 * best.score &&
        (s.rank <= best.rank || s.score >= 0.8 * best.score),
    );
    if (stating > 0) ranked.unshift(...ranked.splice(stating, 1));
  }
  return ranked;
}

function leadWithBestArticle(ranked: ScoredSentence[]): void {
  if (ranked.length && ranked[0].rank > 0) {
    const own = ranked.findIndex((s) => s.rank === 0 && s.kind === ranked[0].kind && s.score >= 0.75 * ranked[0].score);
    if (own > 0) ranked.unshift(...ranked.splice(own, 1));
  }
}

/** Per article of the pool, the paragraphs whose heading names a specific term of the question (named-section.ts). */
function namedSectionsOf(pool: ScoredArticle[], q: QuestionScoring): (article: number) => Set<number> {
  const specific = (l: string) => (q.weights.get(l) ?? 0) >= NAMED_MIN_WEIGHT && (q.idf.get(l) ?? 0) >= NAMED_MIN_IDF;
  // A heading names what the question names only if the question holds all of it: "Bindefrist"
  // does, "Überbindemaß bei Planelementen" (a special case) does not for "Überbindemaß".
  const names = (stems: string[]) => {
    const terms = q.lexemes.filter(specific);
    const held = stems.every((h) => terms.some((l) => (q.scoreStems([h]).strength.get(l) ?? 0) >= NAMED_MIN_STRENGTH));
    return held ? terms.filter((l) => (q.scoreStems(stems).strength.get(l) ?? 0) >= NAMED_MIN_STRENGTH) : [];
  };
  return (article) => {
    const a = pool.find((x) => x.c.id === article);
    return a
      ? namedSections(
          a.c.paragraphs.map((p) => ({ ord: p.ord, headingStems: p.labelLex })),
          names,
        )
      : new Set();
  };
}

/** BAUKLAR_DEBUG_RETRIEVAL: the weights, the best articles and sentences on stderr. */
function logRetrieval(q: QuestionScoring, relevant: ScoredArticle[], ranked: ScoredSentence[]): void {
  console.error(
    "weights",
    [...q.weights].map(([l, w]) => `${l}:${w}/${(q.idf.get(l) ?? 0).toFixed(2)}`).join(" "),
    "kinds",
    q.kinds.map((k) => k.name),
  );
  for (const a of relevant.slice(0, 4))
    console.error(`A ${a.score.toFixed(2)} cov ${a.coverage.toFixed(2)} head ${a.head.toFixed(2)} ${a.c.title}`);
  for (const x of ranked.slice(0, Number(process.env.BAUKLAR_DEBUG_N ?? 6)))
    console.error(`S ${x.score.toFixed(2)} own ${x.own.toFixed(2)} bonus ${x.bonus.toFixed(2)} r${x.rank} ${x.text.slice(0, 90)}`);
}

/** Up to three sentences within the answer's length, each about the question and not a repeat; steps in article order. */
function pickAnswerSentences(ranked: ScoredSentence[], kinds: AnswerKind[]): ScoredSentence[] {
  const picked: ScoredSentence[] = [];
  let chars = 0;
  // What a sentence costs in the answer: its text, its heading and its citation.
  const cost = (s: ScoredSentence) => s.text.length + (s.p.label?.length ?? 0) + CITATION_CHARS;
  for (const s of ranked) {
    if (picked.length >= MAX_ANSWER_SENTENCES) break;
    if (picked.length && (s.score < FURTHER_SENTENCE_SHARE * picked[0].score || chars + cost(s) > ANSWER_CHARS)) continue;
    // A further sentence must be about the question by its own words, and one from another
    // article must be nearly as good as the first (no "Vertragsstrafe" rule after "Abschlag").
    // Steps are the exception: they speak of the work, not of the question's words.
    const stepwise = kinds.some((k) => k.order === "position") && s.labelled && s.a === picked[0]?.a;
    if (
      picked.length &&
      !stepwise &&
      (s.own < OWN_SHARE * picked[0].own || (s.a !== picked[0].a && s.score < OTHER_ARTICLE_SHARE * picked[0].score))
    )
      continue;
    if (picked.some((x) => x.text === s.text || jaccard(x.lex, s.lex) > 0.6)) continue;
    picked.push(s);
    chars += cost(s);
  }
  if (kinds.some((k) => k.order === "position")) picked.sort((x, y) => x.rank - y.rank || x.p.ord - y.p.ord || x.index - y.index);
  return picked;
}

interface SentenceRange {
  s: ScoredSentence;
  first: number;
  last: number;
}

/**
 * Each picked sentence becomes a range of its paragraph: with the sentence before when it refers
 * back ("Er muss …"), with the sentence after when it is a short opening one that the next carries
 * on. Ranges of one paragraph that touch are given as one answer.
 */
function sentenceRanges(picked: ScoredSentence[], q: QuestionScoring): SentenceRange[] {
  const ranges: SentenceRange[] = [];
  for (const s of picked) {
    const sentences = s.p.sentences;
    let first = s.index;
    let last = s.index;
    const chars = () => sentences.slice(first, last + 1).reduce((n, x) => n + x.text.length, 0);
    if (first > 0 && ANAPHORIC_START.test(sentences[first].text) && chars() + sentences[first - 1].text.length <= 450) first--;
    // "Nicht fristgemäß zurückgegebene Zettel gelten als anerkannt": the period it refers to stands before.
    else if (
      first > 0 &&
      REFERS_TO_PERIOD.test(sentences[first].text) &&
      !PERIOD_STATED.test(sentences[first].text) &&
      PERIOD_STATED.test(sentences[first - 1].text) &&
      chars() + sentences[first - 1].text.length <= 450
    )
      first--;
    const next = sentences[last + 1];
    if (
      next &&
      chars() < SHORT_SENTENCE &&
      chars() + next.text.length <= 450 &&
      (ANAPHORIC_START.test(next.text) || q.scoreStems(next.lex).score > 0)
    )
      last++;
    const touching = ranges.find((r) => r.s.p === s.p && first <= r.last + 1 && last >= r.first - 1);
    if (touching) {
      touching.first = Math.min(touching.first, first);
      touching.last = Math.max(touching.last, last);
    } else ranges.push({ s, first, last });
  }
  return ranges;
}

/** A range as an answer sentence: its text, step label, heading and source. */
function toAnswerSentence({ s, first, last }: SentenceRange, steps: boolean, question: string): AnswerSentence {
  const original = s.p.sentences
    .slice(first, last + 1)
    .map((x) => x.text)
    .join(" ");
  // Steps keep their label ("Abnahme verlangen: …"): it names the step.
  const keepLabel = first === 0 && steps && s.labelled && s.p.label !== null;
  // A list sentence leads with the item the question names (list-focus.ts).
  const text = s.p.sentences
    .slice(first, last + 1)
    .map((x, i) => askedItemFirst(i === 0 && first === 0 && !keepLabel ? withoutLabel(x.text) : x.text, question))
    .join(" ");
  const label = keepLabel ? (/^\d{1,2}[.)]\s+/.exec(original)?.[0] ?? "") + s.p.label : null;
  // The paragraph's heading stays with the sentence, so that it cannot read as another rule.
  const context = keepLabel || (s.p.label !== null && text.startsWith(s.p.label)) ? null : s.p.label;
  return {
    articleId: s.a.c.id,
    title: s.a.c.title,
    text,
    label,
    context,
    source: sentenceSource(original, s.p.label, s.a.c),
    score: s.score,
  };
}

/**
 * The excerpts: the paragraphs the answer comes from, then the best article's best paragraph and
 * one of each article that carries the question nearly as well; grouped by article.
 */
function excerptPassages(picked: ScoredSentence[], top: ScoredArticle, seeAlso: ScoredArticle[]): Passage[] {
  const passages: Passage[] = [];
  const addPassage = (a: ScoredArticle, p: CachedParagraph, score: number) => {
    if (passages.length >= 4 || passages.some((x) => x.articleId === a.c.id && x.text === p.para.trim())) return;
    passages.push({ articleId: a.c.id, title: a.c.title, sources: a.c.sources, text: p.para.trim(), score });
  };
  for (const s of picked) addPassage(s.a, s.p, s.paraScore);
  addPassage(top, top.paras[0].p, top.paras[0].score);
  for (const other of seeAlso) addPassage(other, other.paras[0].p, other.paras[0].score);
  // Grouped by article, in the order the articles first appear.
  const order = [...new Set(passages.map((p) => p.articleId))];
  passages.sort((x, y) => order.indexOf(x.articleId) - order.indexOf(y.articleId));
  return passages;
}

/** The best article's other points (paragraph labels) that no excerpt quotes. */
function outlineOf(top: ScoredArticle, passages: Passage[]): string[] {
  const quoted = new Set(passages.filter((p) => p.articleId === top.c.id).map((p) => p.text));
  return top.paras
    .filter((x) => !quoted.has(x.p.para.trim()))
    .sort((a, b) => a.p.ord - b.p.ord)
    .map((x) => paragraphLabel(x.p.para))
    .filter((l): l is string => l !== null);
}

/** For a language model: the best article's best paragraphs, then the others' best ones, then the answer's. */
function modelContext(top: ScoredArticle, relevant: ScoredArticle[], picked: ScoredSentence[]): Passage[] {
  const context: Passage[] = [];
  for (const x of top.paras.filter((x) => x.score > 0).slice(0, 3))
    context.push({ articleId: top.c.id, title: top.c.title, sources: top.c.sources, text: x.p.para.trim(), score: x.score });
  for (const other of relevant.slice(1, 4)) {
    if (context.length >= MAX_CONTEXT) break;
    const x = other.paras[0];
    context.push({ articleId: other.c.id, title: other.c.title, sources: other.c.sources, text: x.p.para.trim(), score: x.score });
  }
  for (const s of picked) {
    if (context.length >= MAX_CONTEXT || context.some((c) => c.text === s.p.para.trim())) continue;
    context.push({ articleId: s.a.c.id, title: s.a.c.title, sources: s.a.c.sources, text: s.p.para.trim(), score: s.paraScore });
  }
  return context;
}

/**
 * No own specific word of the question known to the knowledge base, or none of its known nouns
 * in the best article: a gap, not an answer (subject-gap.ts).
 */
function hasSubject(
  q: QuestionScoring,
  top: ScoredArticle,
  stems: { ownStems: Set<string>; mappedStems: Set<string>; nounStems: Set<string>; nounFormStems: Set<string>; settingStems: Set<string> },
): boolean {
  const isOwn = (l: string) => stems.ownStems.has(l) && (q.weights.get(l) ?? 0) > QUESTION_WORD_WEIGHT;
  // A setting word ("im Neubau") is as common as "Frist": it places the question, it names no subject.
  const idf = (l: string) => (stems.settingStems.has(withoutZu(l)) ? 0 : (q.idf.get(l) ?? 0));
  if (!carriesSubject({ lexemes: q.lexemes, idf, isOwn, known: (l) => (q.df.get(l) ?? 0) > 0 || stems.mappedStems.has(l) })) return false;
  const head = q.scoreStems(top.c.head).strength;
  return bestCoversSubject({
    lexemes: q.lexemes,
    idf,
    isOwn,
    known: (l) => (q.df.get(l) ?? 0) > 0,
    isMapped: (l) => stems.mappedStems.has(l),
    isNoun: (l) => stems.nounStems.has(l),
    isNounForm: (l) => stems.nounFormStems.has(l),
    inBest: (l) => Math.max(head.get(l) ?? 0, ...top.paras.map((x) => x.strength.get(l) ?? 0)),
    inHead: (l) => head.get(l) ?? 0,
    bestStems: new Set([...top.c.head, ...top.paras.flatMap((x) => x.p.lex)]),
  });
}

export async function retrieve(
  db: Db,
  type: ChatbotType,
  asked: string,
  previousQuestion: string | null = null,
  previousAnswer: string | null = null,
): Promise<Retrieval> {
  const question = withQuestionWordsApart(asked);
  const { weights, followUp, construction, topic, previousStems, askingStems, ...stems } = await weightedLexemes(
    db,
    type,
    question,
    previousQuestion,
  );
  if (weights.size === 0 || (topic === "everyday" && !followUp)) return EMPTY(false, [], !construction);
  const snap = await knowledgeSnapshot(db, type);
  const candidates = rankCandidates(snap, [...weights.keys()]);
  if (candidates.length === 0) return EMPTY(followUp, [], !construction);
  const conversation: Conversation = { followUp, previousQuestion, previousAnswer, previousStems };
  const q = questionScoring(snap, weights, question, conversation, followUp ? [] : askingStems);
  const scored = scoreArticles(candidates, q);

  const relevant = scored
    .filter((s) => s.coverage >= MIN_COVERAGE && s.matched >= MIN_MATCHED && (s.paras[0]?.score ?? 0) > 0)
    .sort((a, b) => b.score - a.score);
  // A question without any construction word is answered only when an article covers most of it
  // (the technical terms of a norm); otherwise it is off-topic (cooking, travel, sports, taxes) and
  // gets a refusal, not an excerpt that happens to share a word ("Meister", "Saison").
  if (!construction && !followUp && !relevant.some((s) => s.coverage >= OFF_TOPIC_COVERAGE)) return EMPTY(false, [], true);
  if (relevant.length === 0) return EMPTY(followUp, nearTitles(scored), !construction);

  const [top, ...rest] = relevant;
  if (!followUp && !hasSubject(q, top, stems))
    return EMPTY(
      false,
      relevant.slice(0, 3).map((s) => s.c.title),
      !construction,
    );
  const seeAlso = rest.filter((s) => s.score >= SEE_ALSO_SCORE * top.score && s.coverage >= SEE_ALSO_COVERAGE).slice(0, 2);
  const pool = [top, ...rest.filter((s) => s.score >= 0.5 * top.score).slice(0, 2)];
  const ranked = rankSentences(scoreSentences(pool, top, q, conversation), q.kinds);
  leadWithNamedSection(ranked, (s) => ({ article: s.a.c.id, section: s.p.ord }), namedSectionsOf(pool, q));
  if (process.env.BAUKLAR_DEBUG_RETRIEVAL) logRetrieval(q, relevant, ranked);
  leadWithBestArticle(ranked);
  const picked = pickAnswerSentences(ranked, q.kinds);
  const steps = q.kinds.some((k) => k.order === "position");
  const answer = sentenceRanges(picked, q).map((r) => toAnswerSentence(r, steps, question));
  const passages = excerptPassages(picked, top, seeAlso);
  return {
    answer,
    passages,
    outline: outlineOf(top, passages),
    context: modelContext(top, relevant, picked),
    near: [],
    usedPrevious: followUp,
    offTopic: false,
  };
}

/** A few article titles of a type, to suggest topics when nothing matched. */
export async function sampleTitles(db: Db, type: ChatbotType, limit = 6): Promise<string[]> {
  const r = await rows<{ title: string }>(
    db,
    sql`select title from chatbot_knowledge_base where chatbot_type = ${type} order by document_type = 'gesetz' desc, id limit ${limit}`,
  );
  return r.map((x) => x.title);
}
