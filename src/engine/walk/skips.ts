// Skip counters: every file the engine does not parse is counted under one reason (model.ts).
import { SKIP_REASONS, type SkipReason } from '../inventory/model.js';

export type SkipCounts = Record<SkipReason, number>;

export function emptySkips(): SkipCounts {
  return Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as SkipCounts;
}

export function addSkips(into: SkipCounts, from: Partial<SkipCounts>): void {
  for (const r of SKIP_REASONS) into[r] += from[r] ?? 0;
}
