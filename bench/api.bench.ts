// `npm run bench:api`: HTTP throughput of the API against a bare Fastify hello-world measured in the
// same run on the same machine. Each server runs in its own child process (so the load generator
// does not share its event loop); autocannon drives 50 connections for CBOM_BENCH_SECONDS (5) per
// target after a 1 s warm-up. Targets: bare Fastify `GET /`, Fastify with only the plugins every API
// response passes through (request log, trace id, security headers, response schema: the floor),
// public `GET /api/v1/cbom/health`,
// authenticated `GET /api/v1/cbom/keys` (key lookup in SQLite, scope check, rate-limit counter,
// helmet, trace id, response schema). Goal: authenticated >= 50 % of bare Fastify, p99 < 10 ms.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.CBOM_BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const SELF = fileURLToPath(import.meta.url);

// ---- child mode: start one server and report its URL ------------------------------------------

async function serveBare(): Promise<string> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  return app.listen({ host: '127.0.0.1', port: 0 });
}

/**
 * The floor set by the plugins every API response must pass through, with none of the API's own work:
 * Fastify with the app's logger options (redaction, trace-id label, one request line per request
 * written to /dev/null as in serveApp), the trace-id and security-header hooks, and a route with a
 * response schema. The gap between this and bare Fastify is what the required plugins cost; the gap
 * between this and the authenticated read is what authentication, rate limiting and the query cost.
 */
async function servePlugins(): Promise<string> {
  const { default: Fastify, LogController } = await import('fastify');
  const { genReqId, LOG_REDACT_PATHS, registerTrace } = await import('../src/service/api/plugins/trace.js');
  const { registerSecurityHeaders } = await import('../src/service/api/plugins/security.js');
  const app = Fastify({
    logger: { level: process.env.CBOM_BENCH_LOG_LEVEL ?? 'info', redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' }, stream: fs.createWriteStream('/dev/null') },
    genReqId,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'trace_id' }),
  });
  app.decorateRequest('principal', null);
  registerTrace(app);
  registerSecurityHeaders(app);
  const schema = { response: { 200: { type: 'object', properties: { hello: { type: 'string' } }, required: ['hello'] } } };
  app.get('/', { schema }, async () => ({ hello: 'world' }));
  return app.listen({ host: '127.0.0.1', port: 0 });
}

async function serveApp(): Promise<{ url: string; key: string }> {
  const { loadConfig } = await import('../src/service/config.js');
  const { openStore } = await import('../src/service/store/index.js');
  const { buildApp } = await import('../src/service/api/app.js');
  const { createTenantWithSandboxKey } = await import('../src/service/auth/issue.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbom-bench-'));
  const config = loadConfig({
    CBOM_DATA_DIR: dataDir,
    NODE_ENV: 'production',
    // Request logs on, as in production, written to /dev/null so the terminal is not the bottleneck.
    LOG_LEVEL: process.env.CBOM_BENCH_LOG_LEVEL ?? 'info',
    // The limiter still counts every request; the ceiling is only raised above the load generated.
    CBOM_RATE_LIMIT_PER_MIN: '1000000',
  });
  const store = await openStore(config);
  const { sandbox } = await createTenantWithSandboxKey(store, null, { name: 'bench' });
  const app = await buildApp({ config, store, logStream: fs.createWriteStream('/dev/null') });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { url, key: sandbox.plaintext };
}

if (process.argv[2] === '--serve') {
  const which = process.argv[3];
  const info = which === 'bare' ? { url: await serveBare(), key: '' } : which === 'plugins' ? { url: await servePlugins(), key: '' } : await serveApp();
  process.stdout.write(JSON.stringify(info) + '\n');
  // The parent asks for this process's CPU time around each measurement.
  process.on('message', () => process.send?.(process.cpuUsage()));
  process.on('SIGTERM', () => process.exit(0));
} else {
  await main();
}

// ---- parent mode: drive the load ----------------------------------------------------------------

function startChild(which: 'bare' | 'plugins' | 'app'): Promise<{ child: ChildProcess; url: string; key: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--serve', which], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${which} server exited early (${code})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const info = JSON.parse(line) as { url: string; key: string };
      resolve({ child, ...info });
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  child.removeAllListeners('exit');
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Measured {
  name: string;
  rps: number;
  /** Server CPU time (user + system) per request: unlike req/s, not skewed by other load on the machine. */
  cpuUs: number;
  p99: number;
  p50: number;
  errors: number;
  non2xx: number;
}

function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (u: NodeJS.CpuUsage) => resolve(u.user + u.system));
    child.send('cpu');
  });
}

async function measure(name: string, server: ChildProcess, url: string, headers: Record<string, string> = {}): Promise<Measured> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers }); // warm-up (JIT, caches)
  const cpu0 = await cpuOf(server);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpu1 = await cpuOf(server);
  return {
    name,
    rps: r.requests.average,
    cpuUs: (cpu1 - cpu0) / Math.max(1, r.requests.total),
    p99: r.latency.p99,
    p50: r.latency.p50,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

async function main(): Promise<void> {
  console.log(`API benchmark: ${CONNECTIONS} connections, ${SECONDS} s per target, ${os.cpus().length} CPUs, Node ${process.version}`);
  const results: Measured[] = [];
  const bare = await startChild('bare');
  try {
    results.push(await measure('bare Fastify GET /', bare.child, bare.url + '/'));
  } finally {
    await stop(bare.child);
  }
  const plugins = await startChild('plugins');
  try {
    results.push(await measure('Fastify + required plugins GET / (no auth, no database)', plugins.child, plugins.url + '/'));
  } finally {
    await stop(plugins.child);
  }
  const app = await startChild('app');
  try {
    results.push(await measure('GET /api/v1/cbom/health (public)', app.child, app.url + '/api/v1/cbom/health'));
    results.push(await measure('GET /api/v1/cbom/keys (authenticated)', app.child, app.url + '/api/v1/cbom/keys', { authorization: `Bearer ${app.key}` }));
  } finally {
    await stop(app.child);
  }
  const base = results[0]!.rps;
  console.log('');
  const baseCpu = results[0]!.cpuUs;
  console.log('| target | req/s | vs bare Fastify | p50 ms | p99 ms | server CPU µs/req | CPU vs bare | errors / non-2xx |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${((100 * r.rps) / base).toFixed(1)} % | ${r.p50} | ${r.p99} | ${r.cpuUs.toFixed(1)} | ${(r.cpuUs / baseCpu).toFixed(2)}x | ${r.errors} / ${r.non2xx} |`,
    );
  }
  const auth = results[3]!;
  const ratio = auth.rps / base;
  console.log('');
  console.log(`machine load average during the run: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (req/s figures are only comparable at low load; CPU µs/req much less affected)`);
  console.log(`authenticated read: ${(100 * ratio).toFixed(1)} % of bare Fastify (target >= 50 %), p99 ${auth.p99} ms (target < 10 ms): ${ratio >= 0.5 && auth.p99 < 10 ? 'MET' : 'NOT MET'}`);
  if (results.some((r) => r.errors > 0 || r.non2xx > 0)) {
    console.error('some requests failed: the figures above are not valid');
    process.exitCode = 1;
  }
}
