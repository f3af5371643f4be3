// The analysis prompt: the system prompt the model pass (model-pass.ts) sends with every chunk of
// an LV. Versioned like the chatbot prompts: every save is a new row, at most one is active
// (partial unique index analysis_prompts_active_uq); without an active row the default below is
// used and reported as version 0.
import { desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AnalysisPromptDto, analysisPromptSaveSchema } from "../../common/schemas/analysis-prompt";
import type { Db, DbOrTx } from "../db/client";
import { analysisPrompts, users } from "../db/schema";

export const DEFAULT_ANALYSIS_PROMPT = [
  "Sie sind ein erfahrener Kalkulator eines deutschen Bauunternehmens im Hochbau und prüfen ein Leistungsverzeichnis (LV) vor der Angebotskalkulation.",
  "Sie erhalten einen Teil der Positionen als JSON: Ordnungszahl (oz), Abschnitt, Kurztext, Langtext, Menge, Einheit und gegebenenfalls die Positionsart.",
  "",
  "Prüfen Sie jede Position auf:",
  "- unklare, mehrdeutige oder widersprüchliche Leistungsbeschreibungen,",
  "- fehlende Angaben, die für die Kalkulation nötig sind (z. B. Materialgüte, Abmessungen, Homogenbereiche, Erschwernisse, Vorhaltezeiten, Entsorgung),",
  "- Risiken für den Bieter (ungewöhnliche Wagnisse, Übernahme von Planungs- oder Mengenrisiken, Mengen, die nicht zur beschriebenen Leistung passen),",
  "- Nachtragspotenzial (Leistungen, die erkennbar fehlen oder voraussichtlich anders ausgeführt werden müssen).",
  "",
  "Regeln:",
  "- Nennen Sie nur Auffälligkeiten, die sich aus dem Text der jeweiligen Position ergeben; keine allgemeinen Ratschläge.",
  "- Verwenden Sie ausschließlich Ordnungszahlen aus der übergebenen Liste, genau so geschrieben. Erfinden Sie niemals eine Ordnungszahl.",
  '- "title": eine kurze Frage an den Kalkulator (höchstens 120 Zeichen). "why": ein bis drei Sätze, warum das für Kalkulation oder Nachtrag wichtig ist.',
  '- "severity": "hinweis" (zur Kenntnis), "warnung" (vor der Kalkulation klären) oder "risiko" (erhebliches Kosten- oder Nachtragsrisiko).',
  "- Höchstens drei Befunde je Position. Fällt nichts auf, antworten Sie mit einer leeren Liste.",
  "- Antworten Sie ausschließlich mit JSON in genau dieser Form, ohne Text davor oder danach:",
  '{"findings":[{"oz":"01.0010","severity":"warnung","title":"Ist … festgelegt?","why":"…"}]}',
].join("\n");

const DEFAULT_DESCRIPTION = "Standard-Prompt von bauklar";

/** The prompt the model pass sends: the active version, else the shipped default (version 0). */
export async function activeAnalysisPrompt(db: Db): Promise<{ id: number; text: string }> {
  const [row] = await db
    .select({ id: analysisPrompts.id, text: analysisPrompts.systemPrompt })
    .from(analysisPrompts)
    .where(eq(analysisPrompts.isActive, true));
  return row ?? { id: 0, text: DEFAULT_ANALYSIS_PROMPT };
}

const selectPrompts = (db: Db) =>
  db
    .select({
      id: analysisPrompts.id,
      systemPrompt: analysisPrompts.systemPrompt,
      description: analysisPrompts.description,
      isActive: analysisPrompts.isActive,
      createdBy: analysisPrompts.createdBy,
      createdAt: analysisPrompts.createdAt,
      updatedAt: analysisPrompts.updatedAt,
      creatorUsername: users.username,
    })
    .from(analysisPrompts)
    .leftJoin(users, eq(users.id, analysisPrompts.createdBy));

type PromptRow = Awaited<ReturnType<ReturnType<typeof selectPrompts>["where"]>>[number];

const toDto = (r: PromptRow): AnalysisPromptDto => ({
  id: r.id,
  systemPrompt: r.systemPrompt,
  description: r.description,
  isActive: r.isActive,
  createdBy: r.createdBy !== null && r.creatorUsername !== null ? { id: r.createdBy, username: r.creatorUsername } : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * All versions, newest first. The shipped default is listed as version 0: active while no saved
 * version is active, so the editor always shows the prompt that is sent.
 */
export async function listAnalysisPrompts(db: Db): Promise<AnalysisPromptDto[]> {
  const rows = (await selectPrompts(db).orderBy(desc(analysisPrompts.id))).map(toDto);
  const epoch = new Date(0).toISOString();
  const shipped: AnalysisPromptDto = {
    id: 0,
    systemPrompt: DEFAULT_ANALYSIS_PROMPT,
    description: DEFAULT_DESCRIPTION,
    isActive: !rows.some((r) => r.isActive),
    createdBy: null,
    createdAt: epoch,
    updatedAt: epoch,
  };
  return [...rows, shipped];
}

/** Serialises saves and activations so the partial unique index never sees two active rows. */
const lock = (tx: DbOrTx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('analysis_prompt'))`);
const deactivateAll = (tx: DbOrTx) =>
  tx.update(analysisPrompts).set({ isActive: false, updatedAt: new Date() }).where(eq(analysisPrompts.isActive, true));

/** Saves a new version; an active one replaces the previous active version. */
export async function saveAnalysisPrompt(
  db: Db,
  input: z.output<typeof analysisPromptSaveSchema>,
  userId: number,
): Promise<AnalysisPromptDto> {
  const id = await db.transaction(async (tx) => {
    await lock(tx);
    if (input.isActive) await deactivateAll(tx);
    const [created] = await tx
      .insert(analysisPrompts)
      .values({ systemPrompt: input.systemPrompt, description: input.description, isActive: input.isActive, createdBy: userId })
      .returning({ id: analysisPrompts.id });
    return created.id;
  });
  const [row] = await selectPrompts(db).where(eq(analysisPrompts.id, id));
  return toDto(row);
}

/**
 * Makes an earlier version the active one; id 0 goes back to the shipped default (no saved
 * version active). Returns null for an unknown id.
 */
export async function activateAnalysisPrompt(db: Db, id: number): Promise<AnalysisPromptDto | null> {
  const found = await db.transaction(async (tx) => {
    await lock(tx);
    if (id !== 0) {
      const [row] = await tx.select({ id: analysisPrompts.id }).from(analysisPrompts).where(eq(analysisPrompts.id, id));
      if (!row) return false;
    }
    await deactivateAll(tx);
    if (id !== 0) await tx.update(analysisPrompts).set({ isActive: true, updatedAt: new Date() }).where(eq(analysisPrompts.id, id));
    return true;
  });
  if (!found) return null;
  return (await listAnalysisPrompts(db)).find((p) => p.id === id) ?? null;
}
