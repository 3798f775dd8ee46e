// The scan service: the one way to create a scan (partner API and public demo alike) and to read
// one back. `submitScan` validates the repository URL, enforces the tenant's monthly cap, fixes the
// methodology version and billing facts, stores the scan and hands it to the queue.
import type { FastifyInstance } from 'fastify';
import { METHODOLOGY_VERSION } from '../../engine/methodology.js';
import { formatRepoUrl, parseRepoUrl, RepoUrlError } from '../../engine/source/repo-url.js';
import type { ScanQueue } from '../queue/types.js';
import type { Store } from '../store/index.js';
import type { KeyEnv } from '../store/schema.js';
import { createScanRepository, type ScanRow } from '../store/scans.js';
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

      // Count and insert under one transaction (and the tenant's row lock on PostgreSQL), so two
      // concurrent requests cannot both take the last scan of the cap.
      const outcome = await store.db.transaction().execute(async (trx): Promise<SubmitScanResult> => {
        let tq = trx.selectFrom('tenants').selectAll().where('id', '=', input.tenantId);
        if (store.dialect === 'postgres') tq = tq.forUpdate();
        const tenant = await tq.executeTakeFirst();
        if (!tenant) return { ok: false, reason: 'unknown_tenant' };
        const scans = createScanRepository(trx);
        if (tenant.monthly_cap !== null) {
          const cycle = billingCycle(now);
          const used = await scans.countNotFailed(tenant.id, cycle.start, cycle.end);
          if (used >= Number(tenant.monthly_cap)) {
            return { ok: false, reason: 'monthly_cap', cap: Number(tenant.monthly_cap), used, retryAfterSeconds: secondsUntilCycleEnd(now), cycleEnd: cycle.end };
          }
        }
        const scan = await scans.create(
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
        return { ok: true, scan };
      });
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
