// The 0-100 score (docs/methodology.md, "Score"). The penalty P sums, per rule, the weights of its
// findings in descending severity divided by 1, 2, 3, ... (harmonic diminishing returns): the first
// hard-coded key weighs 40, the second 20, the third 13.3. The score is 100 * e^(-P/100): one critical
// finding gives 67, one high 86, and a repository with many problems still ranks below one with
// fewer instead of every bad repository sitting at 0. Adding a finding or raising a severity never
// raises the score (the penalty of a sorted sequence grows when an element is inserted or increased,
// and the exponential is decreasing).
import { SEVERITIES, type Finding, type Severity } from '../inventory/model.js';

export const SEVERITY_WEIGHTS: Readonly<Record<Severity, number>> = { critical: 40, high: 15, medium: 5, low: 1, info: 0 };

/** Penalty at which the score falls to 100/e (about 37). */
export const PENALTY_SCALE = 100;

export function severityRank(s: Severity): number {
  return SEVERITIES.indexOf(s);
}

export function computeScore(findings: readonly Pick<Finding, 'ruleId' | 'severity'>[]): number {
  const byRule = new Map<string, number[]>();
  for (const f of findings) byRule.set(f.ruleId, [...(byRule.get(f.ruleId) ?? []), SEVERITY_WEIGHTS[f.severity]]);
  let penalty = 0;
  for (const weights of byRule.values()) {
    weights.sort((a, b) => b - a).forEach((w, i) => {
      penalty += w / (i + 1);
    });
  }
  return Math.round(100 * Math.exp(-penalty / PENALTY_SCALE));
}
