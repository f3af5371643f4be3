// Reader isolation: while company A's tender files are read (a PDF decompression bomb, a 10 MB
// GAEB LV with 30 000 items), 10 connections of company B request GET /api/user. Reports p99 and
// errors of those requests per file, next to a baseline without reading, and the server's RSS
// growth (sampled from /proc every 20 ms) while the file was stored, read and saved.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { largeGaeb, pdfBomb } from "../tests/helpers/hostile-files.ts";

const CONNECTIONS = 10;
export const READER_BAR_P99_MS = 100;

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;

/** Runs autocannon until stop() is called; resolves with its result. */
function load(url, headers) {
  let instance;
  const done = new Promise((resolve, reject) => {
    instance = autocannon({ url, headers, connections: CONNECTIONS, duration: 3600 }, (err, r) => (err ? reject(err) : resolve(r)));
  });
  return { stop: () => (instance.stop(), done) };
}

const figures = (r) => ({
  requests: r.requests.total,
  p50: r.latency.p50,
  p99: r.latency.p99,
  max: r.latency.max,
  errors: r.errors + r.non2xx + r.timeouts,
});

/**
 * @param {{ base: string, pid: number, uploaderCookie: string, pollerCookie: string, log: (m: string) => void }} opts
 */
export async function measureReaderIsolation({ base, pid, uploaderCookie, pollerCookie, log }) {
  const userUrl = `${base}/api/user`;
  const headers = { cookie: pollerCookie };
  const results = { baseline: null, files: [] };

  log("reader isolation: baseline (no file being read) …");
  {
    const warm = load(userUrl, headers);
    await new Promise((r) => setTimeout(r, 2000));
    await warm.stop();
    const run = load(userUrl, headers);
    await new Promise((r) => setTimeout(r, 5000));
    results.baseline = figures(await run.stop());
  }

  const gaeb = largeGaeb();
  const files = [
    { name: "PDF decompression bomb (3 MB → 3 GB)", fileName: "bombe.pdf", data: await pdfBomb(3000) },
    { name: `GAEB X83 ${(gaeb.buffer.length / 2 ** 20).toFixed(1)} MB, ${gaeb.items} items`, fileName: "gross.x83", data: gaeb.buffer },
  ];
  for (const f of files) {
    log(`reader isolation: ${f.name} …`);
    await new Promise((r) => setTimeout(r, 2000));
    const rssBefore = rssMb(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 20);
    const run = load(userUrl, headers);
    const started = Date.now();
    const form = new FormData();
    form.append("name", `Reader-Isolation ${f.fileName}`);
    form.append("file", new Blob([f.data]), f.fileName);
    const created = await fetch(`${base}/api/projects`, { method: "POST", headers: { cookie: uploaderCookie }, body: form });
    if (created.status !== 201) throw new Error(`upload ${f.fileName}: ${created.status} ${await created.text()}`);
    const { id } = await created.json();
    let boq;
    for (;;) {
      boq = await (await fetch(`${base}/api/projects/${id}/boq`, { headers: { cookie: uploaderCookie } })).json();
      if (boq.status !== "pending") break;
      if (Date.now() - started > 300_000) throw new Error(`${f.fileName} still pending after 300 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const seconds = (Date.now() - started) / 1000;
    const r = figures(await run.stop());
    clearInterval(sampler);
    results.files.push({
      name: f.name,
      status: boq.status,
      errorCode: boq.errorCode ?? null,
      items: boq.counts?.items ?? null,
      seconds,
      ...r,
      rssBeforeMb: rssBefore,
      rssPeakMb: rssPeak,
      rssGrowthMb: rssPeak - rssBefore,
      bar: READER_BAR_P99_MS,
    });
  }
  return results;
}
