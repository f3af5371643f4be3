/** Ein Artikel der Wissensbasis, aus dem die Chatbots ohne LLM per Volltextsuche zitieren. */
export interface KnowledgeArticle {
  slug: string;
  chatbotType: "legal" | "construction";
  title: string;
  documentType: "gesetz" | "leitfaden" | "checkliste" | "praxis";
  tags: string[];
  /** Absätze durch Leerzeile getrennt – der Responder zitiert absatzweise. */
  content: string;
  sources: string[];
}
