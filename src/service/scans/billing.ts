// The billing cycle is the calendar month in UTC (DESIGN.md §4). One place for the arithmetic.

export interface BillingCycle {
  /** First instant of the month, ISO-8601 UTC. */
  start: string;
  /** First instant of the next month (exclusive end). */
  end: string;
}

export function billingCycle(now: Date): BillingCycle {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return { start: new Date(Date.UTC(y, m, 1)).toISOString(), end: new Date(Date.UTC(y, m + 1, 1)).toISOString() };
}

/** Whole seconds from `now` until the cycle ends (at least 1): the Retry-After of a cap refusal. */
export function secondsUntilCycleEnd(now: Date): number {
  return Math.max(1, Math.ceil((Date.parse(billingCycle(now).end) - now.getTime()) / 1000));
}
