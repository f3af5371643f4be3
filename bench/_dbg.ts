import { openDatabase } from "../src/server/db/client";
import { seedChatbotDefaults } from "../src/server/chatbot/seed";
import { retrieve } from "../src/server/chatbot/retrieval";
const database = await openDatabase({ dataDir: "memory://" });
await seedChatbotDefaults(database.db);
const [type, q, prev] = process.argv.slice(2);
const r = await retrieve(database.db, type as "legal", q, prev ?? null);
for (const a of r.answer) console.log("=>", a.context, "|", a.text.slice(0, 150));
await database.close();
