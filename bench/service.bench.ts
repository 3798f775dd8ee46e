// `npm run bench:service`: the scan service under load, in each profile this machine can run.
//  - in-process: `cbom serve`-like app on SQLite with in-process workers (scans share the API's process);
//  - bullmq (when REDIS_URL is set): API process as BullMQ producer + one `cbom worker` process, on
//    PostgreSQL when DATABASE_URL is set, else on a SQLite file both processes share.
// The API runs in a child process, so autocannon (here) does not share its event loop; the child
// reports its own event-loop delay (perf_hooks.monitorEventLoopDelay). A local fake GitHub (here)
// serves CBOM_BENCH_REPOS distinct small fixture repositories.
//
// Per profile: baseline GET /health with no scans (same process, same run), then CBOM_BENCH_SCANS
// (1,000) POST /scans cycling over the repositories (the first scan of each commit runs the engine,
// later ones reuse its result: still recorded, counted and BOM-encoded), then GET /scans/{id} for
// CBOM_BENCH_SECONDS while the scans run, then the drain until every scan has finished (bounded by
// CBOM_BENCH_DRAIN_SECONDS), then GET /scans/{id} again with nothing running. Reported: req/s and p99 of POST and GET, the GET/health ratio,
// event-loop delay (p50/p99/max) idle, under HTTP load and while draining, and scans per second.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.CBOM_BENCH_SECONDS ?? 5);
const SCANS = Number(process.env.CBOM_BENCH_SCANS ?? 1000);
const REPOS = Number(process.env.CBOM_BENCH_REPOS ?? 40);
const DRAIN_SECONDS = Number(process.env.CBOM_BENCH_DRAIN_SECONDS ?? 240);
const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..');
const CONNECTIONS = 20;

type Profile = 'in-process' | 'bullmq';

// ---- child mode: the API (and for in-process, the workers) -------------------------------------

async function serve(profile: Profile): Promise<void> {
  const { loadConfig } = await import('../src/service/config.js');
  const { openStore } = await import('../src/service/store/index.js');
  const { buildApp } = await import('../src/service/api/app.js');
  const { createTenantWithSandboxKey } = await import('../src/service/auth/issue.js');
  const { createScanQueue } = await import('../src/service/queue/index.js');
  const { createScanService } = await import('../src/service/scans/service.js');
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', CBOM_RATE_LIMIT_PER_MIN: '1000000' });
  const store = await openStore(config);
  const { sandbox } = await createTenantWithSandboxKey(store, null, { name: 'bench' });
  const queue = createScanQueue(config, store, { work: profile === 'in-process' });
  const app = await buildApp({ config, store, scanService: createScanService(store, queue), logStream: fs.createWriteStream('/dev/null') });
  await queue.start();
  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  let h: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const rl = createInterface({ input: process.stdin });
  rl.on('line', (cmd) => {
    void (async () => {
      if (cmd === 'loop') {
        // Event-loop delay since the last reset, in ms; then start a new window.
        h.disable();
        const out = { p50: h.percentile(50) / 1e6, p99: h.percentile(99) / 1e6, max: h.max / 1e6, mean: h.mean / 1e6 };
        h = monitorEventLoopDelay({ resolution: 10 });
        h.enable();
        process.stdout.write(JSON.stringify(out) + '\n');
      } else if (cmd === 'counts') {
        const rows = await store.db.selectFrom('scans').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
        process.stdout.write(JSON.stringify(Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))) + '\n');
      }
    })();
  });
  process.on('SIGTERM', () => {
    void (async () => {
      await app.close();
      // The bench's own queue keys (its own prefix) are removed from Redis.
      if (profile === 'bullmq') await (queue as unknown as { queue: { obliterate(o: { force: boolean }): Promise<void> } }).queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await store.close();
      process.exit(0);
    })();
  });
  process.stdout.write(JSON.stringify({ url, key: sandbox.plaintext }) + '\n');
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3] as Profile);
} else {
  await main();
}

// ---- parent mode ----------------------------------------------------------------------------------

interface Child {
  child: ChildProcess;
  lines: Interface;
  url: string;
  key: string;
  ask<T>(cmd: string): Promise<T>;
}

function startApi(profile: Profile, env: Record<string, string>): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--serve', profile], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
    child.once('exit', (code) => reject(new Error(`API child exited early (${code})`)));
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      const info = JSON.parse(line) as { url: string; key: string };
      resolve({
        child,
        lines,
        ...info,
        ask: <T>(cmd: string) =>
          new Promise<T>((res) => {
            lines.once('line', (l) => res(JSON.parse(l) as T));
            child.stdin!.write(cmd + '\n');
          }),
      });
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  child.removeAllListeners('exit');
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

interface Loop {
  p50: number;
  p99: number;
  max: number;
  mean: number;
}
interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

function row(name: string, r: autocannon.Result): Row {
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.errors + r.timeouts + r.non2xx };
}

async function runProfile(profile: Profile, ghUrl: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbom-bench-svc-'));
  const env: Record<string, string> = {
    CBOM_DATA_DIR: dataDir,
    CBOM_GITHUB_API_URL: ghUrl,
    CBOM_WORKER_CONCURRENCY: '2',
    CBOM_QUEUE_PREFIX: `cbombench-${randomUUID().slice(0, 8)}`,
  };
  if (profile === 'bullmq') env.REDIS_URL = process.env.REDIS_URL!;
  else env.REDIS_URL = '';
  // PostgreSQL is used for the Redis profile when available (the scale-out deployment); SQLite otherwise.
  env.DATABASE_URL = profile === 'bullmq' && process.env.DATABASE_URL ? process.env.DATABASE_URL : '';
  let dropDb = async () => {};
  if (env.DATABASE_URL) {
    const pg = (await import('pg')).default;
    const name = `cbom_bench_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(env.DATABASE_URL);
    const adminUrl = env.DATABASE_URL;
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }

  const api = await startApi(profile, env);
  let worker: ChildProcess | undefined;
  if (profile === 'bullmq') {
    worker = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli/index.ts'), 'worker'], {
      cwd: ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'ignore'],
    });
  }
  const auth = { authorization: `Bearer ${api.key}` };
  try {
    console.log(`\n## profile: ${profile}${profile === 'bullmq' ? ` (API process + 1 cbom worker, ${env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})` : ' (SQLite, workers in the API process)'}`);
    // Baseline: the same API process, no scans.
    await autocannon({ url: `${api.url}/api/v1/cbom/health`, connections: CONNECTIONS, duration: 1 });
    await api.ask<Loop>('loop');
    const health = row('GET /health (baseline, idle)', await autocannon({ url: `${api.url}/api/v1/cbom/health`, connections: CONNECTIONS, duration: SECONDS }));
    const loopIdle = await api.ask<Loop>('loop');

    // 1,000 submissions cycling over the repositories.
    let n = 0;
    const t0 = Date.now();
    const post = await autocannon({
      url: `${api.url}/api/v1/cbom/scans`,
      connections: CONNECTIONS,
      amount: SCANS,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ repo_url: `https://github.com/bench/repo-${n++ % REPOS}` }) }) }],
    });
    const postRow = row(`POST /scans (${SCANS} submissions)`, post);
    const loopPost = await api.ask<Loop>('loop');

    const list = (await (await fetch(`${api.url}/api/v1/cbom/scans?limit=1`, { headers: auth })).json()) as { scans: { id: string }[] };
    const id = list.scans[0]!.id;
    const get = row('GET /scans/{id} while scans run', await autocannon({ url: `${api.url}/api/v1/cbom/scans/${id}`, connections: CONNECTIONS, duration: SECONDS, headers: auth }));
    const loopGet = await api.ask<Loop>('loop');

    // Drain: wait for every scan to finish.
    let counts: Record<string, number> = {};
    const deadline = Date.now() + DRAIN_SECONDS * 1000;
    for (;;) {
      counts = await api.ask<Record<string, number>>('counts');
      const unfinished = (counts.queued ?? 0) + (counts.downloading ?? 0) + (counts.scanning ?? 0);
      if (unfinished === 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const elapsed = (Date.now() - t0) / 1000;
    const loopDrain = await api.ask<Loop>('loop');
    // The same read with no scans running: what the route costs by itself.
    const getIdle = row('GET /scans/{id} after the drain (idle)', await autocannon({ url: `${api.url}/api/v1/cbom/scans/${id}`, connections: CONNECTIONS, duration: SECONDS, headers: auth }));

    console.log('');
    console.log('| measurement | req/s | p50 ms | p99 ms | vs GET /health | errors/non-2xx |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const r of [health, postRow, get, getIdle]) {
      console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${((100 * r.rps) / health.rps).toFixed(1)} % | ${r.bad} |`);
    }
    console.log('');
    console.log('| API event-loop delay (ms) | p50 | p99 | max |');
    console.log('| --- | ---: | ---: | ---: |');
    const f = (x: number) => x.toFixed(1);
    for (const [name, l] of [['idle, GET /health load', loopIdle], ['during the POSTs', loopPost], ['GET load while scans run', loopGet], ['draining (scans only)', loopDrain]] as const) {
      console.log(`| ${name} | ${f(l.p50)} | ${f(l.p99)} | ${f(l.max)} |`);
    }
    const finished = (counts.completed ?? 0) + (counts.failed ?? 0);
    console.log('');
    console.log(`scans: ${counts.completed ?? 0} completed, ${counts.failed ?? 0} failed, ${SCANS - finished} unfinished after ${elapsed.toFixed(0)} s ` +
      `(${(finished / elapsed).toFixed(1)} scans/s; ${REPOS} distinct commits ran the engine, the rest reused their results)`);
    if (postRow.bad > 0 || get.bad > 0 || getIdle.bad > 0 || (counts.failed ?? 0) > 0) {
      console.error('some requests or scans failed: the figures above are not valid');
      process.exitCode = 1;
    }
  } finally {
    if (worker) await stopChild(worker);
    await stopChild(api.child);
    await dropDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { startFakeGitHub } = await import('../test/helpers/fake-github.js');
  const fixtures = ['tiny-hasher', 'legacy-gateway'];
  const gh = await startFakeGitHub({
    repos: Array.from({ length: REPOS }, (_, i) => ({
      owner: 'bench', name: `repo-${i}`, fixture: fixtures[i % fixtures.length]!, files: { 'VERSION': `${i}\n` },
    })),
  });
  console.log(`Service benchmark: ${SCANS} scan submissions over ${REPOS} fixture repositories, ${CONNECTIONS} connections, ${SECONDS} s GET windows, ` +
    `${os.cpus().length} CPUs, Node ${process.version}`);
  try {
    await runProfile('in-process', gh.url);
    if (process.env.REDIS_URL) await runProfile('bullmq', gh.url);
    else console.log('\n(bullmq profile skipped: REDIS_URL is not set)');
  } finally {
    await gh.close();
  }
}
