// The 0-100 score (docs/methodology.md, "Score"). Start at 100 and subtract, per rule, the weights of
// its findings in descending severity divided by 1, 2, 3, ... (harmonic diminishing returns): the
// first hard-coded key costs 40, the second 20, the third 13.3. Adding a finding or raising a severity
// never raises the score (the penalty of a sorted sequence grows when an element is inserted or
// increased), and many findings of one kind cannot hide a different kind of problem.
import { SEVERITIES, type Finding, type Severity } from '../inventory/model.js';

export const SEVERITY_WEIGHTS: Readonly<Record<Severity, number>> = { critical: 40, high: 15, medium: 5, low: 1, info: 0 };

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
  return Math.max(0, Math.round(100 - penalty));
}
