import type { KnowledgeArticle } from "./types";
import { legalArticles } from "./legal";
import { constructionArticles } from "./construction";

export type { KnowledgeArticle } from "./types";
export { legalArticles } from "./legal";
export { constructionArticles } from "./construction";

/** Alle Artikel beider Chatbots (Baurecht und Bauausführung). */
export const knowledgeArticles: KnowledgeArticle[] = [...legalArticles, ...constructionArticles];
