// The shipped knowledge base: one Markdown file per article under knowledge/<assistant>/ at the
// repository root, with front matter (title, assistant, type, tags, sources, version, reviewed_on,
// reviewed_by) and the article text. Read at start (seed) and by the tests, which fail on any
// malformed article. The folder is found next to the sources (tsx, tests), next to the bundle
// (dist/server/main.js → ../../knowledge) or in the working directory; KNOWLEDGE_DIR overrides.
// See docs/knowledge-base.md.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { KNOWLEDGE_DOCUMENT_TYPES, type ChatbotType } from "../../../common/schemas/chatbot";
import { FrontMatterError, parseFrontMatter, type FrontMatterValue } from "./front-matter";

export type KnowledgeDocumentType = (typeof KNOWLEDGE_DOCUMENT_TYPES)[number];

/** One shipped article as the seed writes it, with its editorial metadata. */
export interface KnowledgeArticle {
  slug: string;
  chatbotType: ChatbotType;
  title: string;
  documentType: KnowledgeDocumentType;
  tags: string[];
  /** Paragraphs separated by a blank line (retrieval and answers work paragraph by paragraph). */
  content: string;
  sources: string[];
  version: number;
  /** ISO date (YYYY-MM-DD). */
  reviewedOn: string;
  reviewedBy: string;
  /** Path relative to the knowledge folder, e.g. "baurecht/vob-b-12-abnahme.md". */
  file: string;
}

export interface KnowledgeProblem {
  file: string;
  line: number;
  message: string;
}

/** The folder name (and front-matter value `assistant`) of each chatbot. */
export const ASSISTANT_FOLDERS: Record<ChatbotType, string> = { legal: "baurecht", construction: "bauausfuehrung" };
const TYPE_OF_FOLDER = new Map(Object.entries(ASSISTANT_FOLDERS).map(([type, folder]) => [folder, type as ChatbotType]));

const KEYS = ["title", "assistant", "type", "tags", "sources", "version", "reviewed_on", "reviewed_by"] as const;
const LIMITS = { title: 300, tag: 80, tags: 40, source: 300, sources: 40, content: 50_000, reviewer: 120, minWords: 60, maxWords: 1200 };
/** Spellings without umlauts give away a text typed on a foreign keyboard. */
const UMLAUT_SUBSTITUTES = /\b(fuer|ueber|Aenderung|Maengel|Gebaeude|koennen|muessen|Massnahme|moeglich|Pruefung|Gewaehrleistung)\b/i;

export function knowledgeDir(): string {
  if (process.env.KNOWLEDGE_DIR) return resolve(process.env.KNOWLEDGE_DIR);
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    resolve(here, "../../../../knowledge"), // src/server/chatbot/knowledge-base/
    resolve(here, "../../knowledge"), // dist/server/main.js
    resolve(process.cwd(), "knowledge"),
  ];
  return candidates.find((c) => existsSync(join(c, ASSISTANT_FOLDERS.legal))) ?? candidates[candidates.length - 1];
}

/**
 * Article text as stored: paragraphs separated by one blank line; lines inside a paragraph are
 * joined (an expert may wrap lines), list lines ("- …", "1. …") keep their own line.
 */
export function normaliseBody(body: string): string {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((para) =>
      para
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean)
        .reduce((out, line) => (out && !/^([-*•]|\d+[.)])\s/.test(line) ? `${out} ${line}` : out ? `${out}\n${line}` : line), ""),
    )
    .filter(Boolean)
    .join("\n\n");
}

const isStringList = (v: FrontMatterValue | undefined): v is string[] => Array.isArray(v);

function validDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/**
 * Reads and checks one article file. `file` is its path relative to the knowledge folder
 * ("<assistant>/<slug>.md"); the folder must match the front matter's assistant.
 */
export function parseArticle(
  text: string,
  file: string,
  today = new Date(),
): { article: KnowledgeArticle | null; problems: KnowledgeProblem[] } {
  const problems: KnowledgeProblem[] = [];
  const problem = (message: string, line = 1) => problems.push({ file, line, message });
  let fm;
  try {
    fm = parseFrontMatter(text);
  } catch (err) {
    if (err instanceof FrontMatterError) problem(err.message, err.line);
    else problem(String(err));
    return { article: null, problems };
  }
  const { data } = fm;
  const [folder, name = ""] = file.split("/");
  const slug = name.replace(/\.md$/, "");

  for (const key of Object.keys(data))
    if (!(KEYS as readonly string[]).includes(key)) problem(`Unbekannter Schlüssel „${key}“ (erlaubt: ${KEYS.join(", ")})`);
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))
    problem(`Dateiname „${name}“: nur Kleinbuchstaben, Ziffern und Bindestriche (ohne Umlaute), Endung .md`);

  const title = data.title;
  if (typeof title !== "string" || !title.trim()) problem("„title“ fehlt oder ist leer");
  else if (title.length > LIMITS.title) problem(`„title“ ist länger als ${LIMITS.title} Zeichen`);

  const assistant = data.assistant;
  const chatbotType = typeof assistant === "string" ? TYPE_OF_FOLDER.get(assistant) : undefined;
  if (!chatbotType) problem(`„assistant“ muss ${[...TYPE_OF_FOLDER.keys()].join(" oder ")} sein`);
  else if (assistant !== folder) problem(`„assistant: ${String(assistant)}“ passt nicht zum Ordner „${folder}“`);

  const type = data.type;
  if (typeof type !== "string" || !(KNOWLEDGE_DOCUMENT_TYPES as readonly string[]).includes(type))
    problem(`„type“ muss eines von ${KNOWLEDGE_DOCUMENT_TYPES.join(", ")} sein`);

  for (const [key, max, each] of [
    ["tags", LIMITS.tags, LIMITS.tag],
    ["sources", LIMITS.sources, LIMITS.source],
  ] as const) {
    const list = data[key];
    if (!isStringList(list) || list.length === 0) problem(`„${key}“ braucht mindestens einen Eintrag (Liste)`);
    else {
      if (list.length > max) problem(`„${key}“: höchstens ${max} Einträge`);
      for (const item of list)
        if (item.trim().length < 2 || item.length > each)
          problem(`„${key}“: Eintrag „${item}“ ist zu kurz oder länger als ${each} Zeichen`);
    }
  }

  const version = data.version;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) problem("„version“ muss eine ganze Zahl ab 1 sein");

  const reviewedOn = data.reviewed_on;
  if (typeof reviewedOn !== "string" || !validDate(reviewedOn)) problem("„reviewed_on“ muss ein Datum JJJJ-MM-TT sein");
  else if (new Date(`${reviewedOn}T00:00:00Z`).getTime() > today.getTime() + 86_400_000) problem("„reviewed_on“ liegt in der Zukunft");

  const reviewedBy = data.reviewed_by;
  if (typeof reviewedBy !== "string" || !reviewedBy.trim()) problem("„reviewed_by“ fehlt (wer hat den Artikel fachlich geprüft?)");
  else if (reviewedBy.length > LIMITS.reviewer) problem(`„reviewed_by“ ist länger als ${LIMITS.reviewer} Zeichen`);

  // The text.
  const bodyLines = fm.body.split("\n");
  bodyLines.forEach((l, i) => {
    if (/^#{1,6}\s/.test(l))
      problem("Überschriften sind im Text nicht vorgesehen – beginnen Sie den Absatz mit „Stichwort: …“", fm.bodyLine + i);
    if (/\b(TODO|TBD|FIXME|XXX)\b|lorem ipsum/i.test(l)) problem("Platzhalter im Text", fm.bodyLine + i);
    const sub = UMLAUT_SUBSTITUTES.exec(l);
    if (sub) problem(`Umlaut-Ersatzschreibweise „${sub[0]}“ – bitte ä, ö, ü, ß schreiben`, fm.bodyLine + i);
  });
  const content = normaliseBody(fm.body);
  const words = content.split(/\s+/).filter(Boolean).length;
  if (words < LIMITS.minWords) problem(`Der Text ist zu kurz (${words} Wörter, mindestens ${LIMITS.minWords})`, fm.bodyLine);
  if (words > LIMITS.maxWords)
    problem(`Der Text ist zu lang (${words} Wörter, höchstens ${LIMITS.maxWords}) – teilen Sie den Artikel auf`, fm.bodyLine);
  if (content.length > LIMITS.content) problem(`Der Text ist länger als ${LIMITS.content} Zeichen`, fm.bodyLine);
  const paragraphs = content.split("\n\n");
  if (paragraphs.length < 2) problem("Der Text braucht mindestens zwei Absätze (durch eine Leerzeile getrennt)", fm.bodyLine);
  for (const p of paragraphs) if (p.length < 20) problem(`Absatz „${p}“ ist zu kurz`, fm.bodyLine);

  if (problems.length) return { article: null, problems };
  return {
    article: {
      slug,
      chatbotType: chatbotType!,
      title: (title as string).trim(),
      documentType: type as KnowledgeDocumentType,
      tags: (data.tags as string[]).map((t) => t.trim()),
      content,
      sources: (data.sources as string[]).map((s) => s.trim()),
      version: version as number,
      reviewedOn: reviewedOn as string,
      reviewedBy: (reviewedBy as string).trim(),
      file,
    },
    problems,
  };
}

export interface KnowledgeBase {
  dir: string;
  articles: KnowledgeArticle[];
  problems: KnowledgeProblem[];
}

/** Reads every article of the folder and checks them one by one and together. */
export function readKnowledgeBase(dir = knowledgeDir(), today = new Date()): KnowledgeBase {
  const articles: KnowledgeArticle[] = [];
  const problems: KnowledgeProblem[] = [];
  if (!existsSync(dir)) return { dir, articles, problems: [{ file: dir, line: 0, message: "Ordner der Wissensdatenbank nicht gefunden" }] };
  for (const folder of Object.values(ASSISTANT_FOLDERS)) {
    const path = join(dir, folder);
    if (!existsSync(path)) {
      problems.push({ file: folder, line: 0, message: "Ordner fehlt" });
      continue;
    }
    for (const name of readdirSync(path).sort()) {
      if (name.startsWith(".")) continue;
      const file = `${folder}/${name}`;
      if (!name.endsWith(".md")) {
        problems.push({ file, line: 0, message: "Nur .md-Dateien gehören in die Ordner der Assistenten" });
        continue;
      }
      const parsed = parseArticle(readFileSync(join(path, name), "utf8"), file, today);
      problems.push(...parsed.problems);
      if (parsed.article) articles.push(parsed.article);
    }
  }
  for (const type of Object.keys(ASSISTANT_FOLDERS) as ChatbotType[]) {
    const seen = new Map<string, string>();
    for (const a of articles.filter((x) => x.chatbotType === type)) {
      const key = a.title.toLowerCase();
      const other = seen.get(key);
      if (other) problems.push({ file: a.file, line: 1, message: `Titel „${a.title}“ gibt es schon in ${other}` });
      seen.set(key, a.file);
    }
  }
  return { dir, articles, problems };
}

const loaded = new Map<string, KnowledgeBase>();

/** The shipped knowledge base, read once per process (the files do not change while it runs). */
export function shippedKnowledgeBase(dir = knowledgeDir()): KnowledgeBase {
  let kb = loaded.get(dir);
  if (!kb) loaded.set(dir, (kb = readKnowledgeBase(dir)));
  return kb;
}

/** "baurecht/x.md:12: message" lines for logs and test failures. */
export const formatProblems = (kb: Pick<KnowledgeBase, "dir" | "problems">) =>
  kb.problems.map((p) => `${relative(process.cwd(), join(kb.dir, p.file)) || p.file}:${p.line}: ${p.message}`);
