// Usage repository: what a tenant's scans add up to. A scan that failed neither counts toward the
// monthly cap nor costs anything; a scan made with a live key is billed at the price fixed when it
// was accepted (`scans.price_cents`), a test-key scan is free. Demo scans have no tenant and never
// appear here.
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface UsageTotals {
  /** Scans that did not fail. */
  scans: number;
  /** Of those, made with a live key. */
  billableScans: number;
  spendCents: number;
}

export function createUsageRepository(db: Kysely<Database>) {
  return {
    /** Totals over scans created in [from, to) (both ISO text), or all time without a range. */
    async totals(tenantId: string, range?: { from: string; to: string }): Promise<UsageTotals> {
      let q = db
        .selectFrom('scans')
        .select((eb) => [
          eb.fn.countAll<number>().as('scans'),
          eb.fn.coalesce(eb.fn.sum<number>('billable'), eb.lit(0)).as('billable'),
          eb.fn.coalesce(eb.fn.sum<number>(eb('billable', '*', eb.ref('price_cents'))), eb.lit(0)).as('spend'),
        ])
        .where('tenant_id', '=', tenantId)
        .where('status', '!=', 'failed');
      if (range) q = q.where('created_at', '>=', range.from).where('created_at', '<', range.to);
      const r = await q.executeTakeFirstOrThrow();
      // pg returns sums of integers as numeric text: cast.
      return { scans: Number(r.scans), billableScans: Number(r.billable), spendCents: Number(r.spend) };
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
