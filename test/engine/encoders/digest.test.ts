// The incremental RFC 8785 hasher must give exactly the digest of the `canonicalize` package's
// output (the reference implementation anyone can use to check a BOM), for any JSON value.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { canonicalSha256 } from '../../../src/engine/encoders/digest.js';
import { iriSegment, uuidv5 } from '../../../src/engine/encoders/ids.js';
import { FIXED_EPOCH, localSourceTimestamp, wholeSecondUtc } from '../../../src/engine/encoders/timestamp.js';

const reference = (v: unknown): string => createHash('sha256').update(canonicalize(v)!, 'utf8').digest('hex');

describe('canonical digest (RFC 8785)', () => {
  it('matches the canonicalize package on the RFC 8785 examples (key order by UTF-16 code units, number forms)', () => {
    const rfcSorting = { '\u20ac': 'Euro Sign', '\r': 'Carriage Return', '\ufb33': 'Hebrew Letter Dalet With Dagesh', '1': 'One', '\ud83d\ude00': 'Emoji: Grinning Face', '\u0080': 'Control', '\u00f6': 'Latin Small Letter O With Diaeresis' };
    const numbers = { numbers: [333333333.33333329, 1e30, 4.5, 2e-3, 0.000000000000000000000000001, -0, 9007199254740991], string: '\u20ac$\u000f\u000aA\'\u0042\u0022\u005c\\"/', literals: [null, true, false] };
    for (const v of [rfcSorting, numbers, [], {}, 'x', 0, [[{ b: 1, a: [{ d: 2, c: 3 }] }]]]) assert.equal(canonicalSha256(v), reference(v));
    assert.equal(canonicalize(numbers)!.includes('1e+30'), true);
  });

  it('matches the canonicalize package for arbitrary JSON values, including strings longer than one hash chunk', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => canonicalSha256(v) === reference(v)), { numRuns: 300 });
    const big = { s: 'é'.repeat(70_000), list: Array.from({ length: 5000 }, (_, i) => ({ i, name: `n${i}` })) };
    assert.equal(canonicalSha256(big), reference(big));
  });

  it('refuses values that have no canonical form', () => {
    assert.throws(() => canonicalSha256({ a: Number.NaN }), /no JSON form/);
    assert.throws(() => canonicalSha256([Infinity]), /no JSON form/);
    assert.throws(() => canonicalSha256({ s: 'a\ud800b' }), /lone surrogate/);
    assert.throws(() => canonicalSha256({ f: () => 1 }), /function has no JSON form/);
  });
});

describe('content-derived ids and timestamps', () => {
  it('uuidv5 follows RFC 4122 (known vector: DNS namespace, www.example.com)', () => {
    assert.equal(uuidv5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8'), '2ed6657d-e927-568b-95e1-2665a8aea6a2');
    assert.notEqual(uuidv5('a'), uuidv5('b'));
    assert.throws(() => uuidv5('x', 'not-a-uuid'), /not a UUID/);
  });

  it('iriSegment keeps readable characters and percent-encodes the rest, the same way on its fast path', () => {
    const general = (k: string) => encodeURIComponent(k).replace(/%(2F|3A|40|2B)/g, (m) => decodeURIComponent(m));
    fc.assert(fc.property(fc.stringMatching(/^[a-zA-Z0-9/:@+!*'()$&,;= ._~#?%-]{0,16}$/), (k) => iriSegment(k) === general(k)), { numRuns: 2000 });
    assert.equal(iriSegment('src/main/java/A.java'), 'src/main/java/A.java');
    assert.equal(iriSegment('lib/hash utils/€uro.js'), 'lib/hash%20utils/%E2%82%ACuro.js');
    assert.equal(iriSegment('a#b?c'), 'a%23b%3Fc');
  });

  it('document timestamps are whole-second UTC; local scans use SOURCE_DATE_EPOCH or the fixed epoch', () => {
    assert.equal(wholeSecondUtc('2025-06-30T16:05:09.999+02:00'), '2025-06-30T14:05:09Z');
    assert.throws(() => wholeSecondUtc('30/06/2025'), /ISO 8601/);
    assert.equal(localSourceTimestamp({}), FIXED_EPOCH);
    assert.equal(localSourceTimestamp({ SOURCE_DATE_EPOCH: '1700000000' }), '2023-11-14T22:13:20Z');
    assert.throws(() => localSourceTimestamp({ SOURCE_DATE_EPOCH: '17e8' }), /SOURCE_DATE_EPOCH/);
  });
});
