// Fair turns in the reading queue (issue 29 item 5, issue 22 item 5): company A queues 100 LV
// files at once, then companies B and C upload one small LV each. Reports how long B's and C's
// files waited before their reading started, how many of A's files were read before them, the
// place in the queue the LV tab showed them, and the mean reading time of A's files. With
// PostgreSQL the timings come from the jobs table (claim and finish times); on PGlite from
// polling the LV tab's API.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const FIXTURES = join(import.meta.dirname, "../src/server/tender/fixtures");
export const BATCH = 100;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function upload(base, cookie, name, fileName, data) {
  const form = new FormData();
  form.append("name", name);
  form.append("file", new Blob([data]), fileName);
  const res = await fetch(`${base}/api/projects`, { method: "POST", headers: { cookie }, body: form });
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

const boq = async (base, cookie, id) => (await fetch(`${base}/api/projects/${id}/boq`, { headers: { cookie } })).json();

/**
 * @param {{ base: string, cookies: [string, string, string], databaseUrl?: string, log: (m: string) => void }} opts
 */
export async function measureQueueFairness({ base, cookies, databaseUrl, log }) {
  const [a, b, c] = cookies;
  const batchFile = readFileSync(join(FIXTURES, "rohbau-27.x83"));
  const smallFile = readFileSync(join(FIXTURES, "minimal.x83"));
  log(`queue fairness: company A queues ${BATCH} files …`);
  const started = Date.now();
  const aIds = [];
  for (let i = 0; i < BATCH; i++) aIds.push(await upload(base, a, `Stapel A ${i + 1}`, `stapel-${i + 1}.x83`, batchFile));
  const batchUploadS = (Date.now() - started) / 1000;
  log("queue fairness: companies B and C upload one small LV each …");
  const smalls = [];
  for (const [company, cookie] of [
    ["B", b],
    ["C", c],
  ]) {
    const uploadedAt = Date.now();
    const id = await upload(base, cookie, `Kleines LV ${company}`, "klein.x83", smallFile);
    const shown = (await boq(base, cookie, id)).queue ?? null;
    smalls.push({ company, id, cookie, uploadedAt, shown });
  }
  for (const s of smalls) {
    for (;;) {
      const r = await boq(base, s.cookie, s.id);
      if (r.status !== "pending") {
        s.status = r.status;
        s.doneAt = Date.now();
        break;
      }
      if (Date.now() - s.uploadedAt > 300_000) throw new Error(`small LV of ${s.company} still pending after 300 s`);
      await sleep(50);
    }
  }
  log("queue fairness: waiting for A's batch to drain …");
  let aDone = 0;
  const drainEnd = Date.now() + 600_000;
  while (aDone < BATCH && Date.now() < drainEnd) {
    await sleep(2000);
    const statuses = await Promise.all(aIds.slice(aDone).map((id) => boq(base, a, id).then((r) => r.status)));
    aDone += statuses.findIndex((s) => s === "pending") === -1 ? statuses.length : statuses.findIndex((s) => s === "pending");
  }
  const drainedS = (Date.now() - started) / 1000;

  const result = { batch: BATCH, batchUploadS, drainedS, aDone, smalls: [], source: databaseUrl ? "jobs table" : "API polling" };
  if (databaseUrl) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query(
      `select (payload->>'projectId')::int as project_id, created_at, locked_at, finished_at from jobs where queue = 'boq.analyse' and (payload->>'projectId')::int = any($1::int[])`,
      [[...aIds, ...smalls.map((s) => s.id)]],
    );
    await client.end();
    const byProject = new Map(rows.map((r) => [r.project_id, r]));
    const aRows = aIds.map((id) => byProject.get(id)).filter((r) => r?.finished_at);
    const readMs = aRows.map((r) => r.finished_at - r.locked_at);
    result.aMeanReadMs = readMs.reduce((x, y) => x + y, 0) / Math.max(1, readMs.length);
    result.aMaxReadMs = Math.max(...readMs);
    for (const s of smalls) {
      const row = byProject.get(s.id);
      const aheadOfIt = aRows.filter((r) => r.locked_at < row.locked_at && r.finished_at > row.created_at).length;
      result.smalls.push({
        company: s.company,
        status: s.status,
        shown: s.shown,
        waitMs: row.locked_at - row.created_at,
        readMs: row.finished_at - row.locked_at,
        totalMs: row.finished_at - row.created_at,
        aFilesReadInBetween: aheadOfIt,
      });
    }
  } else {
    result.aMeanReadMs = (drainedS * 1000) / BATCH;
    for (const s of smalls) result.smalls.push({ company: s.company, status: s.status, shown: s.shown, totalMs: s.doneAt - s.uploadedAt });
  }
  // First-in-first-out (before issue 29), B would have waited for the whole batch.
  result.fifoWaitEstimateS = (BATCH * result.aMeanReadMs) / 1000;
  return result;
}

/** Report lines; the bar: B and C wait at most one of A's readings (plus one small file and 0.5 s). */
export function queueFairnessReport(q, bar) {
  const lines = [
    "",
    `| 3 companies: A queues ${q.batch} files (rohbau-27.x83), then B and C one small LV each | shown on the LV tab | waited for reading ms | read ms | upload → done ms | A's files read in between | bar |`,
    "|---|---|---:|---:|---:|---:|---|",
  ];
  const limit = (q.aMaxReadMs ?? q.aMeanReadMs) * 2 + 500;
  for (const s of q.smalls) {
    const shown = s.shown
      ? s.shown.reading
        ? "wird gelesen"
        : `noch ${s.shown.filesAhead} ${s.shown.filesAhead === 1 ? "Datei" : "Dateien"} vor Ihrer`
      : "–";
    const pass =
      s.status === "done" &&
      (s.aFilesReadInBetween === undefined ? s.totalMs < limit + 1000 : s.aFilesReadInBetween <= 1 && s.waitMs < limit);
    lines.push(
      `| company ${s.company} | ${shown} | ${s.waitMs ?? "–"} | ${s.readMs ?? "–"} | ${s.totalMs} | ${s.aFilesReadInBetween ?? "–"} | ${bar(pass, "≤ 1 file of A before it", `queue fairness: company ${s.company}`)} |`,
    );
  }
  lines.push(
    "",
    `A's files: mean reading ${q.aMeanReadMs.toFixed(0)} ms${q.aMaxReadMs ? `, longest ${q.aMaxReadMs} ms` : ""}; batch uploaded in ${q.batchUploadS.toFixed(1)} s, drained after ${q.drainedS.toFixed(1)} s (${q.aDone}/${q.batch} read). First-in-first-out would have kept B waiting ≈ ${q.fifoWaitEstimateS.toFixed(0)} s. Timings from the ${q.source}.`,
  );
  return lines;
}
