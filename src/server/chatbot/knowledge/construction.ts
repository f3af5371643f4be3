import type { KnowledgeArticle } from "./types";
import { constructionAblaufArticles } from "./construction-ablauf";
import { constructionTechnikArticles } from "./construction-technik";
import { constructionKaufmaennischArticles } from "./construction-kaufmaennisch";

/** Wissensbasis des Chatbots „Bauausführung“ (chatbotType 'construction'). */
export const constructionArticles: KnowledgeArticle[] = [
  ...constructionAblaufArticles,
  ...constructionTechnikArticles,
  ...constructionKaufmaennischArticles,
];
