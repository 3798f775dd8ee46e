// The scan service: the one way to create a scan (partner API and public demo alike) and to read
// one back. `submitScan` validates the repository URL, enforces the tenant's monthly cap, fixes the
// methodology version and billing facts, stores the scan and hands it to the queue.
import type { FastifyInstance } from 'fastify';
import { METHODOLOGY_VERSION } from '../../engine/methodology.js';
import { formatRepoUrl, parseRepoUrl, RepoUrlError } from '../../engine/source/repo-url.js';
import type { ScanQueue } from '../queue/types.js';
import type { Store } from '../store/index.js';
import type { KeyEnv, TenantRow } from '../store/schema.js';
import { createScanRepository, type ScanRepository, type ScanRow } from '../store/scans.js';
import { billingCycle, secondsUntilCycleEnd } from './billing.js';

export const DEFAULT_PROJECT_VERSION = '1.0.0';

export type SubmitScanInput =
  | {
      kind: 'tenant';
      tenantId: string;
      /** Env of the calling key: live scans are billed. */
      env: KeyEnv;
      keyLookup: string | null;
      repoUrl: string;
      projectName?: string | null;
      projectVersion?: string | null;
    }
  | {
      /** Public demo scans: no tenant, never billed, never in a tenant's lists or usage. */
      kind: 'demo';
      repoUrl: string;
      projectName?: string | null;
      projectVersion?: string | null;
    };

export type SubmitScanResult =
  | { ok: true; scan: ScanRow }
  | { ok: false; reason: 'invalid_repo_url'; message: string }
  | { ok: false; reason: 'unknown_tenant' }
  | { ok: false; reason: 'monthly_cap'; cap: number; used: number; retryAfterSeconds: number; cycleEnd: string };

export interface ScanService {
  submitScan(input: SubmitScanInput): Promise<SubmitScanResult>;
  queue: ScanQueue;
  /** The service's clock (billing cycles, cap checks); tests inject one. */
  now(): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the server (or a test) before the scan routes are used. */
    scanService: ScanService;
  }
}

export function createScanService(store: Store, queue: ScanQueue, clock: () => Date = () => new Date()): ScanService {
  return {
    queue,
    now: clock,
    async submitScan(input) {
      let parsed;
      try {
        parsed = parseRepoUrl(input.repoUrl);
      } catch (err) {
        if (err instanceof RepoUrlError) return { ok: false, reason: 'invalid_repo_url', message: err.message };
        throw err;
      }
      const now = clock();
      const base = {
        repoUrl: formatRepoUrl(parsed),
        repoOwner: parsed.owner,
        repoName: parsed.repo,
        repoRef: parsed.ref ?? null,
        projectName: input.projectName ?? null,
        projectVersion: input.projectVersion ?? DEFAULT_PROJECT_VERSION,
        methodologyVersion: METHODOLOGY_VERSION,
      };

      if (input.kind === 'demo') {
        const scan = await store.scans.create(
          { ...base, tenantId: null, tenantKind: 'demo', env: null, keyLookup: null, billable: false, priceCents: 0 },
          now,
        );
        await queue.enqueue({ scanId: scan.id, tenantId: null });
        return { ok: true, scan };
      }

      const create = async (scans: ScanRepository, tenant: TenantRow) =>
        scans.create(
          {
            ...base,
            tenantId: tenant.id,
            tenantKind: tenant.tenant_kind,
            env: input.env,
            keyLookup: input.keyLookup,
            billable: input.env === 'live',
            priceCents: input.env === 'live' ? Number(tenant.price_cents) : 0,
          },
          now,
        );
      const tenant = await store.db.selectFrom('tenants').selectAll().where('id', '=', input.tenantId).executeTakeFirst();
      if (!tenant) return { ok: false, reason: 'unknown_tenant' };
      let outcome: SubmitScanResult;
      if (tenant.monthly_cap === null) {
        // No cap: nothing to count, no lock (a tenant's burst of submissions does not serialise).
        outcome = { ok: true, scan: await create(store.scans, tenant) };
      } else {
        // Count and insert under one transaction (and the tenant's row lock on PostgreSQL), so two
        // concurrent requests cannot both take the last scan of the cap.
        outcome = await store.db.transaction().execute(async (trx): Promise<SubmitScanResult> => {
          let tq = trx.selectFrom('tenants').selectAll().where('id', '=', input.tenantId);
          if (store.dialect === 'postgres') tq = tq.forUpdate();
          const locked = await tq.executeTakeFirst();
          if (!locked) return { ok: false, reason: 'unknown_tenant' };
          const scans = createScanRepository(trx);
          if (locked.monthly_cap !== null) {
            const cycle = billingCycle(now);
            const used = await scans.countNotFailed(locked.id, cycle.start, cycle.end);
            if (used >= Number(locked.monthly_cap)) {
              return { ok: false, reason: 'monthly_cap', cap: Number(locked.monthly_cap), used, retryAfterSeconds: secondsUntilCycleEnd(now), cycleEnd: cycle.end };
            }
          }
          return { ok: true, scan: await create(scans, locked) };
        });
      }
      // If the queue is unreachable (Redis down) the scan stays queued in the database and the
      // queue sweeper schedules it once Redis is back: the partner still gets the scan id.
      if (outcome.ok) await queue.enqueue({ scanId: outcome.scan.id, tenantId: input.tenantId }).catch(() => undefined);
      return outcome;
    },
  };
}

/** Makes the service available to routes as `app.scanService`. */
export function attachScanService(app: FastifyInstance, service: ScanService): void {
  if (!app.hasDecorator('scanService')) app.decorate('scanService', service);
}
