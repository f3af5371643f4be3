// The model pass: when LLM_BASE_URL is set, the items of a read LV go to the language model in
// chunks (OZ, section, short and long text, quantity, unit) with the active analysis prompt; its
// findings on existing OZ are added to the rule findings before the analysis is saved.
//
// - Every chunk's answer is cached in analysis_model_cache under sha256(model, prompt version and
//   text, request): the same LV — in any project, read again or re-uploaded — never costs twice.
// - A chunk that fails (timeout, HTTP error, prose or malformed JSON) leaves its positions with the
//   rule findings only and a German warning; nothing here throws out of the reading job.
// - Tokens spent are summed per project (project_model_usage) and reported in the analysis
//   summary as `modelUsage`.
// - At most LLM_MAX_POSITIONS items are sent; the rest are named in a warning.
// - The contract clauses (Vorbemerkungen and contract documents) go in requests of their own; the
//   model's clause findings are merged into the checklist (model-clauses.ts), never listed twice.
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { z } from "zod";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Metrics } from "../ops/metrics";
import { analysisModelCache, projectModelUsage } from "../db/schema";
import { checklist, clauseFindings, priceFindings } from "../tender/public";
import type { BoqNode, Finding, TenderAnalysis } from "../tender";
import { activeAnalysisPrompt } from "./analysis-prompt";
import { clauseChunks, clauseUserMessage, mergeModelClauses, modelClauseSchema, type ModelClause } from "./model-clauses";

export type ModelPassConfig = Pick<Config, "llm" | "llmMaxPositions"> & {
  log?: { warn(obj: object, msg: string): void };
  /** Counts the tokens spent (ops/metrics.ts). */
  metrics?: Pick<Metrics, "tokens">;
};

type LlmConfig = NonNullable<Config["llm"]>;

/** Items per request, and the characters of position JSON per request (whichever comes first). */
export const CHUNK_POSITIONS = 60;
export const CHUNK_CHARS = 12_000;
/** Long texts beyond this are cut (a few positions carry pages of preliminary text). */
const LONG_TEXT_MAX = 3_000;
/** Requests of one LV in flight at once. */
const PARALLEL_REQUESTS = 3;
/**
 * Wall-clock budget of one LV's model pass; chunks not started by then count as failed. The job
 * lease (worker.ts) outlasts it, so no second instance takes over a reading that is still running.
 */
export const MODEL_PASS_BUDGET_MS = 10 * 60_000;

export const MODEL_RULE_ID = "ki-hinweis";

export interface ModelUsage {
  model: string;
  /** analysis_prompts.id of the prompt sent; 0 = the shipped default. */
  promptVersion: number;
  /** Tokens spent by this reading (cached chunks cost none). */
  promptTokens: number;
  completionTokens: number;
  /** Items sent (after the cap) and the requests they made up. */
  positions: number;
  chunks: number;
  cachedChunks: number;
  failedChunks: number;
  /** Model findings dropped: OZ not in the LV, a quote not in the contract texts, or not of the agreed form. */
  droppedFindings: number;
  /** Requests with contract clauses, and model clause findings merged into a rule's entry. */
  clauseChunks?: number;
  mergedClauses?: number;
}

export type WithModelUsage<T> = T & { modelUsage?: ModelUsage };

const SEVERITIES = ["hinweis", "warnung", "risiko"] as const;

/** One finding as the model must give it. */
const modelFindingSchema = z.object({
  oz: z.string().trim().min(1).max(60),
  severity: z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), z.enum(SEVERITIES)),
  title: z.string().trim().min(1).max(500),
  why: z.string().trim().min(1).max(4000),
});
type ModelFinding = z.infer<typeof modelFindingSchema>;

/** The answer: a JSON object with a findings list, nothing else counts as an answer. */
const answerSchema = z.object({ findings: z.array(z.unknown()) });

type FailReason = "timeout" | "http" | "unreachable" | "format" | "budget";

type ChunkResult<F = ModelFinding> =
  | { ok: true; findings: F[]; invalid: number; cached: boolean; promptTokens: number; completionTokens: number }
  | { ok: false; reason: FailReason; status?: number; promptTokens: number; completionTokens: number };

const clients = new Map<string, OpenAI>();
function clientFor(cfg: LlmConfig): OpenAI {
  const key = `${cfg.baseUrl}\u0000${cfg.apiKey}\u0000${cfg.timeoutMs}`;
  let client = clients.get(key);
  if (!client) {
    client = new OpenAI({ baseURL: cfg.baseUrl, apiKey: cfg.apiKey, timeout: cfg.timeoutMs, maxRetries: 0 });
    clients.set(key, client);
  }
  return client;
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const de = new Intl.NumberFormat("de-DE");

/** The positions the model reads: items with an OZ that are not "entfallen". */
function checkedItems(positions: BoqNode[]): BoqNode[] {
  return positions.filter((p) => p.kind === "item" && p.oz.trim() !== "" && !p.flags.notApplicable);
}

function positionArt(p: BoqNode): string[] | undefined {
  const art: string[] = [];
  if (p.flags.provisional)
    art.push(p.flags.provisional === "WithoutTotal" ? "Bedarfsposition ohne Gesamtbetrag" : "Bedarfsposition mit Gesamtbetrag");
  if (p.flags.alternative) art.push(p.flags.alternative.serial >= 1 ? "Wahlposition" : "Grundposition");
  if (p.flags.lumpSum) art.push("Pauschalposition");
  if (p.flags.hourly) art.push("Stundenlohnarbeiten");
  if (p.flags.qtyTBD) art.push("Menge vom Bieter anzugeben");
  return art.length ? art : undefined;
}

/** One position as sent: compact JSON, German keys the prompt names. */
function positionJson(p: BoqNode, sections: Map<string, string>): string {
  const section = p.parentOz ? sections.get(p.parentOz) : undefined;
  return JSON.stringify({
    oz: p.oz.trim(),
    ...(section ? { abschnitt: `${p.parentOz} ${section}` } : {}),
    kurztext: p.shortText,
    ...(p.longText && p.longText !== p.shortText ? { langtext: clip(p.longText, LONG_TEXT_MAX) } : {}),
    menge: p.qty,
    einheit: p.unit || null,
    ...(positionArt(p) ? { art: positionArt(p) } : {}),
  });
}

/** Splits the position JSON lines into chunks of at most CHUNK_POSITIONS items / CHUNK_CHARS characters. */
export function chunkLines(lines: string[], maxPositions = CHUNK_POSITIONS, maxChars = CHUNK_CHARS): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const line of lines) {
    if (current.length && (current.length >= maxPositions || chars + line.length > maxChars)) {
      chunks.push(current);
      current = [];
      chars = 0;
    }
    current.push(line);
    chars += line.length + 2;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

function userMessage(lvName: string, lines: string[]): string {
  return [
    ...(lvName ? [`Leistungsverzeichnis: ${lvName}`] : []),
    `Prüfen Sie die folgenden ${lines.length} Positionen und antworten Sie nur mit dem JSON-Objekt {"findings": [...]}.`,
    "Positionen:",
    `[\n${lines.join(",\n")}\n]`,
  ].join("\n");
}

/** Checks the model's text: a JSON object with a findings list; single findings of another form are dropped. */
function parseAnswer<S extends z.ZodType>(text: string, schema: S): { findings: z.infer<S>[]; invalid: number } | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const answer = answerSchema.safeParse(json);
  if (!answer.success) return null;
  const findings: z.infer<S>[] = [];
  let invalid = 0;
  for (const raw of answer.data.findings) {
    const f = schema.safeParse(raw);
    if (f.success) findings.push(f.data);
    else invalid++;
  }
  return { findings, invalid };
}

async function readCache<S extends z.ZodType>(db: Db, key: string, schema: S): Promise<z.infer<S>[] | null> {
  const [row] = await db.select({ findings: analysisModelCache.findings }).from(analysisModelCache).where(eq(analysisModelCache.key, key));
  if (!row) return null;
  const parsed = z.array(schema).safeParse(row.findings);
  return parsed.success ? parsed.data : null;
}

/**
 * One chunk's answer: from the cache when the same model, prompt version and text were asked
 * before (no tokens spent), else one request within the pass's budget, cached when valid.
 */
async function askCached<S extends z.ZodType>(
  db: Db,
  config: ModelPassConfig & { llm: LlmConfig },
  ask: { projectId: number; prompt: { id: number; text: string }; content: string; deadline: number; what: string },
  schema: S,
): Promise<ChunkResult<z.infer<S>>> {
  const { llm } = config;
  const { prompt, content } = ask;
  const key = createHash("sha256")
    .update(JSON.stringify([llm.model, prompt.id, prompt.text, content]))
    .digest("hex");
  const cached = await readCache(db, key, schema);
  if (cached) return { ok: true, findings: cached, invalid: 0, cached: true, promptTokens: 0, completionTokens: 0 };
  if (Date.now() > ask.deadline) return { ok: false, reason: "budget", promptTokens: 0, completionTokens: 0 };
  const result = await askModel(
    llm,
    [
      { role: "system", content: prompt.text },
      { role: "user", content },
    ],
    schema,
  );
  if (result.ok) {
    await db
      .insert(analysisModelCache)
      .values({
        key,
        model: llm.model,
        promptId: prompt.id,
        findings: result.findings,
        promptTokens: result.promptTokens,
        completionTokens: result.completionTokens,
      })
      .onConflictDoNothing();
  } else {
    config.log?.warn({ projectId: ask.projectId, reason: result.reason, status: result.status }, `model pass: ${ask.what} failed`);
  }
  return result;
}

/** One request with a deadline of its own over the whole answer (the SDK's covers the headers only). */
async function askModel<S extends z.ZodType>(
  cfg: LlmConfig,
  messages: ChatCompletionMessageParam[],
  schema: S,
): Promise<ChunkResult<z.infer<S>>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, cfg.timeoutMs);
  try {
    const res = await clientFor(cfg).chat.completions.create(
      { model: cfg.model, messages, response_format: { type: "json_object" } },
      { signal: controller.signal },
    );
    const promptTokens = res.usage?.prompt_tokens ?? 0;
    const completionTokens = res.usage?.completion_tokens ?? 0;
    const parsed = parseAnswer(res.choices[0]?.message?.content ?? "", schema);
    if (!parsed) return { ok: false, reason: "format", promptTokens, completionTokens };
    return { ok: true, ...parsed, cached: false, promptTokens, completionTokens };
  } catch (err) {
    if (timedOut || err instanceof OpenAI.APIConnectionTimeoutError)
      return { ok: false, reason: "timeout", promptTokens: 0, completionTokens: 0 };
    if (err instanceof OpenAI.APIError && err.status)
      return { ok: false, reason: "http", status: err.status, promptTokens: 0, completionTokens: 0 };
    if (err instanceof OpenAI.APIConnectionError) return { ok: false, reason: "unreachable", promptTokens: 0, completionTokens: 0 };
    // A body that is not JSON at all (the SDK fails to parse it) and anything else unexpected.
    return { ok: false, reason: "format", promptTokens: 0, completionTokens: 0 };
  } finally {
    clearTimeout(timer);
  }
}

function reasonLabel(r: Extract<ChunkResult<unknown>, { ok: false }>): string {
  switch (r.reason) {
    case "timeout":
      return "Zeitüberschreitung";
    case "http":
      return `Fehler des KI-Dienstes, HTTP ${r.status}`;
    case "unreachable":
      return "keine Verbindung zum KI-Dienst";
    case "format":
      return "keine gültige JSON-Antwort";
    case "budget":
      return "Zeitrahmen der KI-Prüfung überschritten";
  }
}

function failureWarning(failed: Extract<ChunkResult<unknown>, { ok: false }>[], chunks: number): string {
  const reasons = [...new Set(failed.map(reasonLabel))].join("; ");
  if (failed.length === chunks) {
    const requests = chunks === 1 ? "1 Anfrage" : `alle ${chunks} Anfragen`;
    return `Die KI-Prüfung war nicht erreichbar (${requests} fehlgeschlagen: ${reasons}); es werden nur die Regelbefunde gezeigt.`;
  }
  return `Die KI-Prüfung war für ${failed.length} von ${chunks} Teilen des LV nicht erreichbar (${reasons}); für deren Positionen werden nur die Regelbefunde gezeigt.`;
}

async function recordUsage(db: Db, projectId: number, usage: { promptTokens: number; completionTokens: number; requests: number }) {
  const u = projectModelUsage;
  await db
    .insert(u)
    .values({ projectId, ...usage })
    .onConflictDoUpdate({
      target: u.projectId,
      set: {
        promptTokens: sql`${u.promptTokens} + excluded.prompt_tokens`,
        completionTokens: sql`${u.completionTokens} + excluded.completion_tokens`,
        requests: sql`${u.requests} + excluded.requests`,
        updatedAt: new Date(),
      },
    });
}

/** Runs fn over the items with at most `parallel` at a time, results in input order. */
async function mapParallel<T, R>(items: T[], parallel: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(parallel, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  });
  await Promise.all(lanes);
  return results;
}

/**
 * Adds the model's findings to a done analysis (findings, findingCounts, warnings, modelUsage).
 * Without LLM_BASE_URL, or for an analysis that is not done, the analysis is returned unchanged
 * and no request is made. Never throws.
 */
export async function addModelFindings<T extends TenderAnalysis>(
  db: Db,
  config: ModelPassConfig | undefined,
  projectId: number,
  analysis: T,
): Promise<WithModelUsage<T>> {
  const llm = config?.llm;
  if (!llm || analysis.status !== "done") return analysis;
  const items = checkedItems(analysis.positions);
  if (!items.length) return analysis;
  try {
    return await runModelPass(db, { ...config, llm }, projectId, analysis, items);
  } catch (err) {
    // A database error (cache, prompt) or a bug: the reading stays done with its rule findings.
    config.log?.warn({ err, projectId }, "model pass failed");
    return {
      ...analysis,
      warnings: [...analysis.warnings, "Die KI-Prüfung konnte nicht ausgeführt werden; es werden nur die Regelbefunde gezeigt."],
    };
  }
}

async function runModelPass<T extends TenderAnalysis>(
  db: Db,
  config: ModelPassConfig & { llm: LlmConfig },
  projectId: number,
  analysis: T,
  items: BoqNode[],
): Promise<WithModelUsage<T>> {
  const { llm } = config;
  const warnings = [...analysis.warnings];
  const max = Math.max(1, config.llmMaxPositions);
  const sent = items.slice(0, max);
  if (items.length > max) {
    warnings.push(
      `Das LV hat ${de.format(items.length)} Positionen; die KI-Prüfung umfasst die ersten ${de.format(max)}. Für die übrigen ${de.format(items.length - max)} Positionen werden nur die Regelbefunde gezeigt.`,
    );
  }

  const sections = new Map(
    analysis.positions.filter((p) => (p.kind === "title" || p.kind === "lot") && p.oz).map((p) => [p.oz, p.shortText]),
  );
  const chunks = chunkLines(sent.map((p) => positionJson(p, sections)));
  const prompt = await activeAnalysisPrompt(db);
  const lvName = analysis.boqName || analysis.projectName;
  const deadline = Date.now() + MODEL_PASS_BUDGET_MS;

  const results = await mapParallel(chunks, PARALLEL_REQUESTS, async (lines): Promise<ChunkResult> => {
    const content = userMessage(lvName, lines);
    return askCached(db, config, { projectId, prompt, content, deadline, what: "chunk" }, modelFindingSchema);
  });

  // Only OZ of this LV are kept; each OZ/title pair once.
  const byOz = new Map(analysis.positions.filter((p) => p.oz.trim()).map((p) => [p.oz.trim(), p]));
  const seen = new Set<string>();
  const added: Finding[] = [];
  let dropped = 0;
  for (const r of results) {
    if (!r.ok) continue;
    dropped += r.invalid;
    for (const f of r.findings) {
      const node = byOz.get(f.oz);
      if (!node) {
        dropped++;
        continue;
      }
      const key = `${f.oz}\u0000${f.title.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      added.push({
        ruleId: MODEL_RULE_ID,
        scope: "position",
        oz: node.oz,
        kind: node.kind,
        source: "model",
        severity: f.severity,
        category: "leistungsbeschreibung",
        title: clip(f.title, 200),
        why: clip(f.why, 1500),
        nachtragspotenzial: false,
      });
    }
  }

  const failed = results.filter((r): r is Extract<ChunkResult, { ok: false }> => !r.ok);
  if (failed.length) warnings.push(failureWarning(failed, chunks.length));

  // The contract clauses: their own requests, merged into the checklist (model-clauses.ts).
  const clauses = await clausePass(db, config, projectId, analysis, prompt, lvName, deadline);
  if (clauses.failed.length) warnings.push(clauseFailureWarning(clauses.failed, clauses.results.length));
  const allResults: ChunkResult<unknown>[] = [...results, ...clauses.results];

  const usage = {
    promptTokens: allResults.reduce((s, r) => s + r.promptTokens, 0),
    completionTokens: allResults.reduce((s, r) => s + r.completionTokens, 0),
    requests: allResults.filter((r) => !(r.ok && r.cached) && !(!r.ok && r.reason === "budget")).length,
  };
  if (usage.requests > 0) await recordUsage(db, projectId, usage);
  config.metrics?.tokens(
    "analysis",
    allResults.filter((r) => !(r.ok && r.cached)),
  ); // cached chunks cost nothing now

  // Clause findings follow the merged checklist: the rule's findings on a clause are replaced, not
  // joined by a second one of the model.
  const ruleFindings = clauses.checklist ? analysis.findings.filter((f) => !f.clause) : analysis.findings;
  const clauseFindingList = clauses.checklist ? clauseFindings(clauses.checklist) : [];
  // Model findings put money at stake like rule findings (same table); the total counts each once.
  const priced = priceFindings([...ruleFindings, ...clauseFindingList, ...added], analysis);
  return {
    ...analysis,
    findings: priced.findings,
    potential: priced.potential,
    findingCounts: countFindings(priced.findings, analysis.findingCounts),
    ...(clauses.checklist ? { checklist: clauses.checklist } : {}),
    warnings,
    modelUsage: {
      model: llm.model,
      promptVersion: prompt.id,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      positions: sent.length,
      chunks: chunks.length,
      cachedChunks: results.filter((r) => r.ok && r.cached).length,
      failedChunks: failed.length,
      droppedFindings: dropped + clauses.dropped,
      ...(clauses.results.length ? { clauseChunks: clauses.results.length, mergedClauses: clauses.merged } : {}),
    },
  };
}

/** The counts over the final findings; rules without a finding keep their 0. */
function countFindings(findings: Finding[], before: TenderAnalysis["findingCounts"]): TenderAnalysis["findingCounts"] {
  const byRule: Record<string, number> = Object.fromEntries(Object.keys(before.byRule).map((k) => [k, 0]));
  const bySeverity = { hinweis: 0, warnung: 0, risiko: 0 };
  let nachtragspotenzial = 0;
  for (const f of findings) {
    byRule[f.ruleId] = (byRule[f.ruleId] ?? 0) + 1;
    bySeverity[f.severity]++;
    if (f.nachtragspotenzial) nachtragspotenzial++;
  }
  return { total: findings.length, bySeverity, byRule, nachtragspotenzial };
}

function clauseFailureWarning(failed: Extract<ChunkResult<unknown>, { ok: false }>[], chunks: number): string {
  const reasons = [...new Set(failed.map(reasonLabel))].join("; ");
  return `Die KI-Prüfung der Vertragsklauseln war für ${failed.length} von ${chunks} Teilen nicht erreichbar (${reasons}); dort gilt die Checkliste der Regeln.`;
}

/** Sends the contract texts with the checklist's types and merges the answers into the checklist. */
async function clausePass(
  db: Db,
  config: ModelPassConfig & { llm: LlmConfig },
  projectId: number,
  analysis: TenderAnalysis,
  prompt: { id: number; text: string },
  lvName: string,
  deadline: number,
) {
  const texts = analysis.clauseTexts ?? [];
  const none = {
    results: [] as ChunkResult<ModelClause>[],
    failed: [] as Extract<ChunkResult<unknown>, { ok: false }>[],
    checklist: null,
    merged: 0,
    dropped: 0,
  };
  if (!texts.length || !analysis.checklist) return none;
  const types = checklist();
  const results = await mapParallel(clauseChunks(texts), PARALLEL_REQUESTS, async (lines): Promise<ChunkResult<ModelClause>> => {
    const content = clauseUserMessage(lvName, types, lines);
    return askCached(db, config, { projectId, prompt, content, deadline, what: "clause chunk" }, modelClauseSchema);
  });
  const found = results.flatMap((r) => (r.ok ? r.findings : []));
  const invalid = results.reduce((n, r) => n + (r.ok ? r.invalid : 0), 0);
  const merged = mergeModelClauses(analysis.checklist, texts, found, types);
  return {
    results,
    failed: results.filter((r): r is Extract<ChunkResult<ModelClause>, { ok: false }> => !r.ok),
    checklist: merged.entries,
    merged: merged.merged,
    dropped: merged.dropped + invalid,
  };
}
