// Prepares the answer path once at start, so that no question pays for it (issue 26: p99 < 100 ms):
// the knowledge snapshots of both chatbots, the typo index over their words, the word table's
// expressions (compiled on their first use), and one question per chatbot through the whole path
// (the construction-domain stems and the code's first runs).
import { CHATBOT_TYPES, type ChatbotType } from "../../common/schemas/chatbot";
import type { Db } from "../db/client";
import { knowledgeSnapshot } from "./knowledge-cache";
import { closestWord } from "./everyday-german";
import { wordTable } from "./word-table";
import { ANSWER_KINDS } from "./german-query";
import { retrieve } from "./retrieval";

/** A question in site language with a typo, an abbreviation and a follow-up: it touches every step. */
const SAMPLE: Record<ChatbotType, [string, string]> = {
  legal: ["AG hat gekündigt, wie lange habe ich für die Schlussrechnugn Zeit nach VOB/B?", "und beim BGB-Vertrag?"],
  construction: ["wie lange muss der Estrihc trocknen bevor der Fliesenleger ran darf?", "und bei Anhydrit?"],
};

export async function warmUpChatbots(db: Db): Promise<void> {
  const table = wordTable();
  const probe = "Probe Wort AG AN";
  for (const rule of table.rules) {
    rule.test(probe);
    rule.testStart(probe);
  }
  for (const kind of ANSWER_KINDS) {
    kind.question.test(probe);
    kind.answer.test(probe);
  }
  for (const type of CHATBOT_TYPES) {
    const snap = await knowledgeSnapshot(db, type);
    closestWord("probewort", snap.words); // builds the typo index over the words
    const [question, followUp] = SAMPLE[type];
    await retrieve(db, type, question);
    await retrieve(db, type, followUp, question);
  }
}
