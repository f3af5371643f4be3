import type { KnowledgeArticle } from "./types";
import { legalVobArticles1 } from "./legal-vob-1";
import { legalVobArticles2 } from "./legal-vob-2";
import { legalVobArticles3 } from "./legal-vob-3";
import { legalBgbArticles } from "./legal-bgb";
import { legalPraxisArticles } from "./legal-praxis";

/** Wissensbasis des Chatbots „Baurecht“ (chatbotType 'legal'). */
export const legalArticles: KnowledgeArticle[] = [
  ...legalVobArticles1,
  ...legalVobArticles2,
  ...legalVobArticles3,
  ...legalBgbArticles,
  ...legalPraxisArticles,
];
