import { inProcessBlind } from "./chatbot-blind";
const { ask, close } = await inProcessBlind();
const qs: [string, string][] = JSON.parse(process.argv[2]);
for (const [t, q] of qs) { const r = await ask(t as "legal", q, []); console.log(`\n## ${q}\n${r.text.split("\n").filter(Boolean).slice(1, 3).join(" / ").slice(0, 260)}`); }
await close();
