import { inProcessBlind, loadBlind, BOT_TYPE, visible, hasFact } from "./chatbot-blind";
const { ask, close } = await inProcessBlind();
for (const q of loadBlind(process.argv[2])) {
  if (q.offTopic || !q.mainFact) continue;
  if (process.argv[3] && !q.id.endsWith(process.argv[3])) continue;
  const r = await ask(BOT_TYPE[q.bot], q.question, []);
  const v = visible(r.text);
  if (!hasFact(v.slice(0, 300), q.mainFact)) console.log(`\n## ${q.id} ${q.question}\n  WANT ${q.mainFact.any.join(" | ")}\n  GOT ${v.slice(0, 330).replace(/\n+/g, " / ")}`);
}
await close();
