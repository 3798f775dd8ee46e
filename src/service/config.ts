// The one place every runtime setting of the service is read and validated (DESIGN.md section 3).
// `loadConfig(env)` parses the environment into a typed, frozen Config; a bad value throws a
// ConfigError that names the variable and what it expects, so a misconfigured start stops at once
// instead of failing later on a request. Add a setting here (and nowhere else) with its default and
// a one-line description: `SETTINGS` also feeds the configuration table in the docs.
import path from 'node:path';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly expected: string,
    readonly value: string,
  ) {
    super(`${variable}=${JSON.stringify(value)} is invalid: expected ${expected}`);
    this.name = 'ConfigError';
  }
}

type Parser<T> = (raw: string, name: string) => T;

interface Setting<T> {
  readonly env: string;
  /** Default used when the variable is unset or empty. */
  readonly fallback: T;
  readonly parse: Parser<T>;
  /** Human text for the docs table. */
  readonly doc: string;
  /** How the default is shown in the docs, when not simply the value. */
  readonly shownDefault?: string;
}

function setting<T>(env: string, parse: Parser<T>, fallback: T, doc: string, shownDefault?: string): Setting<T> {
  return shownDefault === undefined ? { env, parse, fallback, doc } : { env, parse, fallback, doc, shownDefault };
}

// --- parsers -------------------------------------------------------------------------------------

function int(min: number, max: number): Parser<number> {
  return (raw, name) => {
    if (!/^\d+$/.test(raw)) throw new ConfigError(name, `an integer from ${min} to ${max}`, raw);
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < min || n > max) throw new ConfigError(name, `an integer from ${min} to ${max}`, raw);
    return n;
  };
}

function oneOf<const T extends string>(values: readonly T[]): Parser<T> {
  return (raw, name) => {
    if (!(values as readonly string[]).includes(raw)) throw new ConfigError(name, `one of ${values.join(', ')}`, raw);
    return raw as T;
  };
}

function url(protocols: readonly string[]): Parser<string> {
  return (raw, name) => {
    const expected = `an absolute URL with scheme ${protocols.map((p) => p.replace(/:$/, '')).join(' or ')}`;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new ConfigError(name, expected, raw);
    }
    if (!protocols.includes(parsed.protocol)) throw new ConfigError(name, expected, raw);
    return raw;
  };
}

/** A base URL that links are built on: http(s), no query or fragment, no trailing slash. */
const baseUrl: Parser<string> = (raw, name) => {
  url(['http:', 'https:'])(raw, name);
  const parsed = new URL(raw);
  if (parsed.search || parsed.hash) throw new ConfigError(name, 'a base URL without query or fragment', raw);
  return raw.replace(/\/+$/, '');
};

const optional =
  <T>(parse: Parser<T>): Parser<T | null> =>
  (raw, name) =>
    parse(raw, name);

const text: Parser<string> = (raw) => raw;

const host: Parser<string> = (raw, name) => {
  if (!/^[A-Za-z0-9.:\-[\]]+$/.test(raw)) throw new ConfigError(name, 'a host name or IP address', raw);
  return raw;
};

const pepper: Parser<string> = (raw, name) => {
  if (raw.length < 16) throw new ConfigError(name, 'a secret of at least 16 characters', `<${raw.length} characters>`);
  return raw;
};

/** Fastify's trustProxy: true/false, a hop count, or a comma-separated list of addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];
const trustProxy: Parser<TrustProxy> = (raw, name) => {
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  if (/^\d+$/.test(raw)) return int(1, 100)(raw, name);
  const list = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0 || !list.every((s) => /^[0-9A-Fa-f.:]+(\/\d{1,3})?$/.test(s))) {
    throw new ConfigError(name, 'true, false, a hop count, or a comma-separated list of IP addresses/CIDRs', raw);
  }
  return list;
};

// --- the settings --------------------------------------------------------------------------------

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const NODE_ENVS = ['development', 'production', 'test'] as const;

const MiB = 1024 * 1024;

export const SETTINGS = {
  host: setting('HOST', host, '127.0.0.1', 'Interface the HTTP server listens on.'),
  port: setting('PORT', int(0, 65535), 8080, 'TCP port of the HTTP server (0 picks a free port).'),
  dataDir: setting('CBOM_DATA_DIR', text, './data', 'Directory of the embedded SQLite database and scratch space.'),
  databaseUrl: setting('DATABASE_URL', optional(url(['postgres:', 'postgresql:'])), null, 'PostgreSQL connection URL; unset: embedded SQLite under CBOM_DATA_DIR.', '(unset)'),
  redisUrl: setting('REDIS_URL', optional(url(['redis:', 'rediss:'])), null, 'Redis URL; set: BullMQ queue, shared rate-limit counters and demo cache.', '(unset)'),
  githubApiUrl: setting('CBOM_GITHUB_API_URL', baseUrl, 'https://api.github.com', 'GitHub REST API base used to fetch repositories.'),
  githubToken: setting('GITHUB_TOKEN', optional(text), null, 'Optional GitHub token (higher API rate limit).', '(unset)'),
  publicBaseUrl: setting('CBOM_PUBLIC_BASE_URL', optional(baseUrl), null, 'Production base URL used in links, landing URLs and the OpenAPI servers.', 'http://HOST:PORT'),
  sandboxBaseUrl: setting('CBOM_SANDBOX_BASE_URL', optional(baseUrl), null, 'Sandbox base URL listed in the OpenAPI servers.', '(unset)'),
  rateLimitPerMin: setting('CBOM_RATE_LIMIT_PER_MIN', int(1, 1_000_000), 600, 'Requests per minute per tenant (per client IP on public routes).'),
  authFailuresPerMin: setting('CBOM_AUTH_FAILURES_PER_MIN', int(1, 1_000_000), 30, 'Failed authentications (401) per minute per client IP before its requests with a key get 429.'),
  maxTestKeysPerTenant: setting('CBOM_MAX_TEST_KEYS_PER_TENANT', int(1, 10_000), 10, 'Active test keys a tenant may hold; POST /keys beyond it gives 409.'),
  demoPerIpPerDay: setting('CBOM_DEMO_PER_IP_PER_DAY', int(1, 10_000), 1, 'New public demo scans per client IP per 24 hours.'),
  demoCacheSeconds: setting('CBOM_DEMO_CACHE_SECONDS', int(0, 86_400), 300, 'How long a demo scan of the same repository is served from cache.'),
  maxArchiveBytes: setting('CBOM_MAX_ARCHIVE_BYTES', int(1, 2 ** 40), 100 * MiB, 'Largest repository archive downloaded (compressed bytes).', '104857600 (100 MiB)'),
  maxRepoBytes: setting('CBOM_MAX_REPO_BYTES', int(1, 2 ** 40), 500 * MiB, 'Largest repository extracted (total bytes of kept files).', '524288000 (500 MiB)'),
  maxFiles: setting('CBOM_MAX_FILES', int(1, 10_000_000), 100_000, 'Most files extracted and walked per repository.'),
  maxFileBytes: setting('CBOM_MAX_FILE_BYTES', int(1, 2 ** 32), 2 * MiB, 'Files larger than this are not scanned.', '2097152 (2 MiB)'),
  scanTimeoutSeconds: setting('CBOM_SCAN_TIMEOUT_SECONDS', int(1, 86_400), 600, 'A scan running longer fails with scan_timeout.'),
  scanLeaseSeconds: setting('CBOM_SCAN_LEASE_SECONDS', int(2, 3600), 30, 'A worker renews its claim on a running scan every third of this; a scan whose worker died is taken over after it.'),
  queuePrefix: setting('CBOM_QUEUE_PREFIX', text, 'cbom', 'Prefix of the BullMQ keys in Redis (separate deployments sharing one Redis).'),
  workerConcurrency: setting('CBOM_WORKER_CONCURRENCY', int(1, 256), 2, 'Scans run at once per process (in-process queue or `cbom worker`).'),
  trustProxy: setting('CBOM_TRUST_PROXY', trustProxy, false as TrustProxy, 'Trust X-Forwarded-* from: true, false, a hop count or IPs/CIDRs (client IP for rate limits and the demo).'),
  logLevel: setting('LOG_LEVEL', oneOf(LOG_LEVELS), 'info', `Log level: ${LOG_LEVELS.join(', ')}.`),
  nodeEnv: setting('NODE_ENV', oneOf(NODE_ENVS), 'development', `${NODE_ENVS.join(', ')}; production never prints the demo key.`),
  keyPepper: setting('CBOM_KEY_PEPPER', optional(pepper), null, 'Optional secret mixed into API-key hashes (HMAC-SHA-256); changing it invalidates every key.', '(unset)'),
} as const;

type Settings = typeof SETTINGS;
export type Config = { readonly [K in keyof Settings]: ReturnType<Settings[K]['parse']> } & {
  /** Always set after loading: CBOM_PUBLIC_BASE_URL or http://HOST:PORT. */
  readonly publicBaseUrl: string;
};

/** Reads and validates every setting. Unset or empty variables take their default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const out: Record<string, unknown> = {};
  for (const [key, s] of Object.entries(SETTINGS) as [string, Setting<unknown>][]) {
    const raw = env[s.env]?.trim();
    out[key] = raw === undefined || raw === '' ? s.fallback : s.parse(raw, s.env);
  }
  out.dataDir = path.resolve(out.dataDir as string);
  if (out.publicBaseUrl === null) {
    const h = out.host as string;
    const shown = h.includes(':') && !h.startsWith('[') ? `[${h}]` : h;
    out.publicBaseUrl = `http://${shown}:${out.port as number}`;
  }
  return Object.freeze(out) as Config;
}

/** Rows for the configuration table of the docs: variable, default, meaning. */
export function describeSettings(): { variable: string; default: string; description: string }[] {
  return Object.values(SETTINGS).map((s: Setting<unknown>) => ({
    variable: s.env,
    default: s.shownDefault ?? String(s.fallback),
    description: s.doc,
  }));
}
