// The off-topic guard (issue 26): is a question about construction law or construction work at all?
// First signal, from data: the domain vocabulary of the knowledge base — the stems of both
// assistants' article tags and of the word table's terms (knowledge/wortschatz.txt), without its
// "Allgemeinwörter" — and, weaker, any stem the articles contain. Second signal, a small curated
// list of everyday topics (knowledge/alltagsthemen.txt: cooking, travel, sport, pets, garden, car,
// private taxes, health, tech, family, school, shopping). A question whose own words sound more like
// an everyday topic than like construction is refused, also when it shares a figure ("160 grad",
// "5 kilo") or a material ("Holz für den Grill") with an article.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { ChatbotType } from "../../common/schemas/chatbot";
import { rows, type Db } from "../db/client";
import { knowledgeDir } from "./knowledge-base/articles";
import { knowledgeSnapshot } from "./knowledge-cache";
import { PREFIX_MIN, withoutZu } from "./german-query";
import { closestWord } from "./everyday-german";
import { wordTable } from "./word-table";

export const EVERYDAY_TOPICS_FILE = "alltagsthemen.txt";
const TYPES: ChatbotType[] = ["legal", "construction"];

export interface EverydayTopic {
  topic: string;
  words: string[];
  /** A line starting with "!": texts one asks to have written (poem, speech, joke, greeting). Asking
   *  for one is off-topic whoever it is for — "ein Gedicht für unseren Polier" names a site person,
   *  but the wanted thing is no construction answer. */
  request: boolean;
}

/** Everyday topics with their words, as written in the file; malformed lines are skipped. */
export function parseEverydayTopics(text: string): EverydayTopic[] {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#") && l.includes(":"))
    .map((l) => ({
      topic: l.slice(l.startsWith("!") ? 1 : 0, l.indexOf(":")).trim(),
      words: l
        .slice(l.indexOf(":") + 1)
        .split(",")
        .map((w) => w.trim())
        .filter(Boolean),
      request: l.startsWith("!"),
    }));
}

export function everydayTopics(): EverydayTopic[] {
  const file = join(knowledgeDir(), EVERYDAY_TOPICS_FILE);
  return existsSync(file) ? parseEverydayTopics(readFileSync(file, "utf8")) : [];
}

export interface TopicVocabulary {
  /** Stems that make a question one about construction. */
  domain: Set<string>;
  /** Stems of an everyday topic. */
  everyday: Set<string>;
  /** Stems any article of either assistant contains. */
  known: Set<string>;
  /** Stems of the word table's "Allgemeinwörter": common words that name no construction subject. */
  general: Set<string>;
  /** The everyday stems for typo look-up ("truthan" → "truthahn"). */
  everydayWords: Map<string, number>;
  /** Stems of wanted texts ("gedicht", "witz", "trinkspruch"): asking for one decides off-topic. */
  requests: Set<string>;
  /** Stems of the word table's "Rahmenwörter": the setting of a question ("Neubau"), never its subject. */
  setting: Set<string>;
}

/** Words of quantity and time: they say how much, not what about ("160 grad", "5 kilo", "3 wochen"). */
const MEASURE =
  /^(\d.*|grad|kilo|kg|gramm|g|liter|l|ml|minut|minu|stund|sekund|tag|woch|monat|jahr|cm|mm|m|meter|prozent|euro|eur|bar|uhr|zoll|mal|stuck)$/;

const cache = new WeakMap<Db, { fingerprint: string; vocabulary: TopicVocabulary }>();

/** Both assistants' vocabulary (whether a question is about construction does not depend on the assistant asked). */
export async function topicVocabulary(db: Db): Promise<TopicVocabulary> {
  const snaps = await Promise.all(TYPES.map((t) => knowledgeSnapshot(db, t)));
  const fingerprint = snaps.map((s) => s.fingerprint).join("|");
  const cached = cache.get(db);
  if (cached?.fingerprint === fingerprint) return cached.vocabulary;
  const table = wordTable();
  const topics = everydayTopics();
  const everydayWords = topics.flatMap((t) => t.words);
  const requestWords = topics.filter((t) => t.request).flatMap((t) => t.words);
  const [r] = await rows<{ fach: string[]; terms: string[]; general: string[]; everyday: string[]; requests: string[]; setting: string[] }>(
    db,
    sql`select tsvector_to_array(to_tsvector('german', ${table.domainWords.join(" ")})) as fach,
               tsvector_to_array(to_tsvector('german', ${table.rules.map((x) => x.target).join(" ")})) as terms,
               tsvector_to_array(to_tsvector('german', ${table.generalWords.join(" ")})) as general,
               tsvector_to_array(to_tsvector('german', ${everydayWords.join(" ")})) as everyday,
               tsvector_to_array(to_tsvector('german', ${requestWords.join(" ")})) as requests,
               tsvector_to_array(to_tsvector('german', ${table.settingWords.join(" ")})) as setting`,
  );
  // A "Fachwort" stays one although a common word has the same stem ("Dach" and "Dächer").
  const fach = new Set(r.fach.map(withoutZu));
  const general = new Set(r.general.filter((l) => !fach.has(l)));
  const everyday = new Set(r.everyday.map(withoutZu).filter((l) => !fach.has(l)));
  const tags = snaps.flatMap((s) => s.articles.flatMap((a) => [...a.tagLex]));
  const domain = new Set(
    [...fach, ...[...r.terms, ...tags].map(withoutZu).filter((l) => !general.has(l) && !everyday.has(l))].filter(
      (l) => l.length >= 3 && !MEASURE.test(l),
    ),
  );
  const known = new Set(snaps.flatMap((s) => [...s.df.keys()].map(withoutZu)));
  const requests = new Set(r.requests.map(withoutZu).filter((l) => !fach.has(l)));
  const setting = new Set(r.setting.map(withoutZu));
  const vocabulary = { domain, everyday, known, general, everydayWords: new Map([...everyday].map((e) => [e, 1])), requests, setting };
  cache.set(db, { fingerprint, vocabulary });
  return vocabulary;
}

export type StemKind = "domain" | "everyday" | "known" | "unknown" | "measure" | "request";

/** A wanted text, also as the last part of a compound no article knows ("Geburtstagsgedicht"). */
const isRequest = (stem: string, v: TopicVocabulary) =>
  v.requests.has(stem) || (!v.known.has(stem) && [...v.requests].some((r) => r.length >= 4 && stem.length > r.length && stem.endsWith(r)));

/** What one stem of a question speaks for; a compound by its parts ("Reetdach" → "Dach", "Grillkohle" → "Grill"). */
export function stemKind(stem: string, v: TopicVocabulary): StemKind {
  if (MEASURE.test(stem)) return "measure";
  // Before the domain parts: "Gedicht" ends in "dicht".
  if (isRequest(stem, v)) return "request";
  if (v.domain.has(stem)) return "domain";
  if (v.everyday.has(stem)) return "everyday";
  const part = (set: Set<string>, min: number) =>
    [...set].some((d) => stem.length > d.length && d.length >= min && (stem.endsWith(d) || stem.startsWith(d)));
  if (part(v.domain, PREFIX_MIN) || [...v.domain].some((d) => d.length >= 4 && stem.length > d.length && stem.endsWith(d))) return "domain";
  if (v.known.has(stem)) return "known";
  // A word no article knows: an everyday word's compound or typo ("Gusseisentopf", "Truthan").
  if (part(v.everyday, PREFIX_MIN) || (stem.length >= PREFIX_MIN && closestWord(stem, v.everydayWords) !== null)) return "everyday";
  return "unknown";
}

/** About construction, about an everyday topic, or neither clearly (then an article must cover most of it). */
export type TopicVerdict = "construction" | "everyday" | "unclear";

/**
 * What a question's stems are about: everyday when it asks for a text to be written (a poem, a
 * speech, a joke — whoever it is for); construction when domain words outweigh everyday-topic
 * words; everyday when those win, or — outside a conversation — when no domain word stands beside
 * a word that no article of either assistant knows ("Wellensittich", "Fondant"); otherwise unclear.
 */
export function topicVerdict(kinds: StemKind[], inConversation = false): TopicVerdict {
  const count = (k: StemKind) => kinds.filter((x) => x === k).length;
  if (count("request") > 0) return "everyday";
  const domain = count("domain");
  const everyday = count("everyday");
  if (domain > everyday) return "construction";
  // In a conversation about construction a tie ("reicht ne mail oder whatsapp?" – the form of a notice) stays in it.
  if (inConversation && domain > 0 && domain === everyday) return "construction";
  // In a conversation about construction, an unknown word is more likely a term the articles lack.
  if (everyday > 0 || (count("unknown") > 0 && !inConversation)) return "everyday";
  return "unclear";
}

/**
 * The verdict on a question's own stems (its words and typo repairs); a stem of a word that the
 * word table understands ("Pfusch", "AG", "LV") is a construction word.
 */
export function questionTopic(stems: string[], understood: Set<string>, v: TopicVocabulary, inConversation = false): TopicVerdict {
  // A word both the word table and an everyday topic name ("WhatsApp": a form of notice, and an
  // app) speaks for neither side; the other words decide.
  const kinds = [...new Set(stems)].map((l) =>
    understood.has(l) && !v.general.has(l) && !MEASURE.test(l) && !isRequest(l, v)
      ? v.everyday.has(l)
        ? "known"
        : "domain"
      : stemKind(l, v),
  );
  return topicVerdict(kinds, inConversation);
}
