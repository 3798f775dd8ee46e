// GET /usage: the calling tenant's usage and spend (DESIGN.md §4). Any active key may read it.
// Billing cycle: the calendar month in UTC. A scan that did not fail counts toward the cap;
// live-key scans are billed at the price fixed when they were accepted.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { billingCycle } from '../../scans/billing.js';
import { toListItem } from '../../scans/view.js';
import { ApiError } from '../errors.js';
import { principalOf } from '../plugins/auth.js';
import { ref } from '../schemas/index.js';
import { UsageQuery, UsageResp } from '../schemas/scans.js';

export const usageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/usage',
    {
      schema: {
        summary: 'Usage and spend',
        description: 'Current billing cycle (calendar month, UTC) and all-time scans, billable scans and spend, the monthly cap, and the most recent scans.',
        tags: ['usage'],
        querystring: UsageQuery,
        response: { 200: ref(UsageResp) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const tenant = await app.store.tenants.get(principal.tenantId);
      if (!tenant) throw new ApiError(401, 'Invalid API key', { 'www-authenticate': 'Bearer realm="cbom", error="invalid_token"' });
      const cycle = billingCycle(app.scanService.now());
      const limit = request.query.recent_limit ?? 5;
      const [current, allTime, recent] = await Promise.all([
        app.store.usage.totals(tenant.id, { from: cycle.start, to: cycle.end }),
        app.store.usage.totals(tenant.id),
        limit > 0 ? app.store.scans.listForTenant(tenant.id, limit) : Promise.resolve({ rows: [] }),
      ]);
      return {
        tenant_id: tenant.id,
        tenant_kind: tenant.tenantKind,
        currency: tenant.currency,
        billing_cycle: cycle,
        current_cycle: {
          scans: current.scans,
          billable_scans: current.billableScans,
          spend_cents: current.spendCents,
          monthly_cap: tenant.monthlyCap,
          remaining: tenant.monthlyCap === null ? null : Math.max(0, tenant.monthlyCap - current.scans),
        },
        all_time: { scans: allTime.scans, billable_scans: allTime.billableScans, spend_cents: allTime.spendCents },
        recent_scans: recent.rows.map(toListItem),
      };
    },
  );
};
