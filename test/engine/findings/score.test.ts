import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeScore, SEVERITY_WEIGHTS } from '../../../src/engine/findings/index.js';
import { SEVERITIES, type Severity } from '../../../src/engine/inventory/model.js';

type F = { ruleId: string; severity: Severity };

const scoreOf = (penalty: number) => Math.round(100 * Math.exp(-penalty / 100));

test('documented anchors: 100 when clean, one critical gives 67, one high 86', () => {
  assert.equal(computeScore([]), 100);
  assert.equal(computeScore([{ ruleId: 'hardcoded-key', severity: 'critical' }]), 67);
  assert.equal(computeScore([{ ruleId: 'ecb-mode', severity: 'high' }]), 86);
  assert.equal(computeScore([{ ruleId: 'x', severity: 'low' }]), 99);
  assert.equal(computeScore([{ ruleId: 'x', severity: 'info' }]), 100);
  assert.deepEqual(SEVERITY_WEIGHTS, { critical: 40, high: 15, medium: 5, low: 1, info: 0 });
});

test('diminishing returns within a rule, full weight across rules', () => {
  const sameRule = computeScore([{ ruleId: 'weak-hash', severity: 'high' }, { ruleId: 'weak-hash', severity: 'high' }]);
  const twoRules = computeScore([{ ruleId: 'weak-hash', severity: 'high' }, { ruleId: 'ecb-mode', severity: 'high' }]);
  assert.equal(sameRule, scoreOf(15 + 7.5));
  assert.equal(twoRules, scoreOf(30));
  assert.ok(sameRule > twoRules);
  // Many low findings of one rule (every RSA use in a big monorepo) cannot drown the score alone.
  const many = Array.from({ length: 200 }, () => ({ ruleId: 'quantum-vulnerable', severity: 'low' as const }));
  assert.equal(computeScore(many), scoreOf(Array.from({ length: 200 }, (_, i) => 1 / (i + 1)).reduce((a, b) => a + b)));
  assert.equal(computeScore(many), 94);
});

test('a worse repository stays below a bad one instead of both sitting at 0', () => {
  const bad = Array.from({ length: 5 }, (_, i) => ({ ruleId: `r${i}`, severity: 'critical' as const }));
  const worse = [...bad, ...Array.from({ length: 5 }, (_, i) => ({ ruleId: `s${i}`, severity: 'critical' as const }))];
  assert.equal(computeScore(bad), 14);
  assert.equal(computeScore(worse), 2);
  const hopeless = Array.from({ length: 30 }, (_, i) => ({ ruleId: `r${i}`, severity: 'critical' as const }));
  assert.equal(computeScore(hopeless), 0);
});

test('monotone: adding a finding or raising its severity never raises the score (randomised, seeded)', () => {
  let s = 0x2545f491;
  const rand = (n: number) => {
    s ^= s << 13; s ^= s >>> 17; s ^= s << 5;
    return (s >>> 0) % n;
  };
  const rules = ['a', 'b', 'c'];
  for (let round = 0; round < 300; round++) {
    const list: F[] = Array.from({ length: rand(8) }, () => ({ ruleId: rules[rand(3)]!, severity: SEVERITIES[rand(5)]! }));
    const before = computeScore(list);
    assert.ok(Number.isInteger(before) && before >= 0 && before <= 100);
    const added = [...list, { ruleId: rules[rand(3)]!, severity: SEVERITIES[rand(5)]! }];
    assert.ok(computeScore(added) <= before, JSON.stringify(added));
    if (list.length > 0) {
      const i = rand(list.length);
      const raised = list.map((f, j) => (j === i ? { ...f, severity: SEVERITIES[Math.max(0, SEVERITIES.indexOf(f.severity) - 1)]! } : f));
      assert.ok(computeScore(raised) <= before, JSON.stringify(raised));
    }
  }
});
