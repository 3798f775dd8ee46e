// `cbom admin`: tenants and keys for operators (DESIGN.md section 3). JSON on stdout, human messages
// on stderr, non-zero exit on error. Works while the server runs (SQLite WAL, or PostgreSQL).
import { InvalidArgumentError, type Command } from 'commander';
import { loadConfig } from '../../service/config.js';
import { openStore, type Store } from '../../service/store/index.js';
import { createTenantWithSandboxKey, issueKey } from '../../service/auth/issue.js';
import { keyPrefix, KEY_LOOKUP_LENGTH } from '../../service/auth/api-key.js';
import { parseScopeList, SCOPES, type Scope } from '../../service/auth/scopes.js';
import { KEY_ENVS, type KeyEnv } from '../../service/store/schema.js';

function nonNegativeInt(value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new InvalidArgumentError('expected a whole number, 0 or more');
  return Number(value);
}

function tenantName(value: string): string {
  const v = value.trim();
  if (v.length < 1 || v.length > 200) throw new InvalidArgumentError('expected 1 to 200 characters');
  return v;
}

function keyName(value: string): string {
  const v = value.trim();
  if (v.length < 1 || v.length > 100) throw new InvalidArgumentError('expected 1 to 100 characters');
  return v;
}

function keyEnv(value: string): KeyEnv {
  if (!(KEY_ENVS as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected ${KEY_ENVS.join(' or ')}`);
  return value as KeyEnv;
}

function scopeList(value: string): Scope[] {
  try {
    const scopes = parseScopeList(value);
    if (scopes.length === 0) throw new Error('at least one scope is needed');
    return scopes;
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
}

async function withStore<T>(fn: (store: Store, pepper: string | null) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const store = await openStore(config);
  try {
    return await fn(store, config.keyPepper);
  } finally {
    await store.close();
  }
}

function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

export function register(program: Command): void {
  const admin = program.command('admin').description('manage tenants and API keys (JSON on stdout)');

  const tenant = admin.command('tenant').description('partner tenants');
  tenant
    .command('create')
    .description('create a partner tenant and its sandbox key (printed once)')
    .requiredOption('--name <name>', 'tenant name', tenantName)
    .option('--monthly-cap <n>', 'scans per calendar month (default: no cap)', nonNegativeInt)
    .option('--price-cents <n>', 'price of one live scan in cents (default 0)', nonNegativeInt)
    .action(async (opts: { name: string; monthlyCap?: number; priceCents?: number }) => {
      const { tenant: t, sandbox } = await withStore((store, pepper) =>
        createTenantWithSandboxKey(store, pepper, { name: opts.name, monthlyCap: opts.monthlyCap ?? null, priceCents: opts.priceCents ?? 0 }),
      );
      process.stderr.write(`created tenant ${t.id}; store the sandbox key now, it is not shown again\n`);
      printJson({ tenant_id: t.id, name: t.name, tenant_kind: t.tenantKind, sandbox_key: sandbox.plaintext });
    });

  tenant
    .command('list')
    .description('list tenants, oldest first')
    .action(async () => {
      const rows = await withStore(async (store) => {
        const tenants = await store.tenants.list();
        return Promise.all(
          tenants.map(async (t) => ({
            tenant_id: t.id,
            name: t.name,
            tenant_kind: t.tenantKind,
            monthly_cap: t.monthlyCap,
            price_cents: t.priceCents,
            currency: t.currency,
            created_at: t.createdAt,
            active_keys: { live: await store.keys.countActive(t.id, 'live'), test: await store.keys.countActive(t.id, 'test') },
          })),
        );
      });
      printJson(rows);
    });

  const key = admin.command('key').description('API keys');
  key
    .command('create')
    .description('create a key (live or test) for a tenant; the plaintext key is printed once')
    .requiredOption('--tenant <tenant_id>', 'tenant id (tnt_...)')
    .requiredOption('--env <env>', 'live or test', keyEnv)
    .option('--name <name>', 'label of the key', keyName)
    .option('--scopes <list>', `comma-separated scopes (default: all: ${SCOPES.join(',')})`, scopeList)
    .action(async (opts: { tenant: string; env: KeyEnv; name?: string; scopes?: Scope[] }) => {
      const issued = await withStore(async (store, pepper) => {
        const t = await store.tenants.get(opts.tenant);
        if (!t) throw new Error(`no tenant ${opts.tenant} (see: cbom admin tenant list)`);
        return issueKey(store, pepper, {
          tenantId: t.id,
          env: opts.env,
          name: opts.name ?? `${opts.env} key`,
          scopes: opts.scopes ?? SCOPES,
          createdBy: null,
          cap: null,
        });
      });
      process.stderr.write(`created ${opts.env} key ${issued.key.keyLookup}; store it now, it is not shown again\n`);
      printJson({
        key: issued.plaintext,
        key_lookup: issued.key.keyLookup,
        key_prefix: keyPrefix(issued.key.env, issued.key.keyLookup),
        tenant_id: issued.key.tenantId,
        name: issued.key.name,
        env: issued.key.env,
        scopes: issued.key.scopes,
        created_at: issued.key.createdAt,
      });
    });

  key
    .command('revoke')
    .description('revoke a key by its key_lookup (effective on its next request)')
    .argument('<key_lookup>', `the ${KEY_LOOKUP_LENGTH}-character lookup part of the key`)
    .action(async (lookup: string) => {
      const revoked = await withStore((store) => store.keys.revoke(lookup, null));
      if (!revoked || revoked.revokedAt === null) throw new Error(`no key ${JSON.stringify(lookup)}`);
      process.stderr.write(`key ${revoked.keyLookup} is revoked\n`);
      printJson({ key_lookup: revoked.keyLookup, tenant_id: revoked.tenantId, status: revoked.status, revoked_at: revoked.revokedAt });
    });

  key
    .command('list')
    .description("list a tenant's keys, newest first (no secrets)")
    .requiredOption('--tenant <tenant_id>', 'tenant id (tnt_...)')
    .action(async (opts: { tenant: string }) => {
      const keys = await withStore(async (store) => {
        if (!(await store.tenants.get(opts.tenant))) throw new Error(`no tenant ${opts.tenant}`);
        return store.keys.listForTenant(opts.tenant);
      });
      printJson(
        keys.map((k) => ({
          key_lookup: k.keyLookup,
          key_prefix: keyPrefix(k.env, k.keyLookup),
          name: k.name,
          env: k.env,
          status: k.status,
          scopes: k.scopes,
          created_at: k.createdAt,
          last_used_at: k.lastUsedAt,
          revoked_at: k.revokedAt,
        })),
      );
    });
}
