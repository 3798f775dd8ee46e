// JSON Web Keys written as object literals in code (`const keys = [{ kty: 'RSA', n: '…', e: 'AQAB', d: '…' }]`,
// a provider's `jwks: { keys: [...] }`, `export default { kty: 'EC', crv: 'P-256', … }`): key material in the
// repository as surely as a .jwk file, read with the JWK artefact detector's rules (artefacts/jwk.ts) once
// the members are plain strings. A key whose members are built at run time (`{ kty: 'RSA', n: jwk.n }`,
// the shape a library copies keys into) is no key here.
import type { SgNode } from '@ast-grep/napi';
import type { KnowledgeBase } from '../../../kb/types.js';
import { jwkFacts } from '../../artefacts/jwk.js';
import type { JsFile } from './file.js';

/** Members that identify a key (RFC 7517/7518/8037 and draft-ietf-cose-dilithium's `AKP`); the rest (`use`, `kid`, CRT values) are left out. */
const MEMBERS = new Set(['kty', 'crv', 'n', 'e', 'd', 'x', 'y', 'k', 'alg', 'pub', 'priv']);

/**
 * Fewest base64url characters of the member that carries the key: a 256-bit RSA modulus, a 256-bit
 * curve coordinate, a 128-bit secret, an ML-DSA public key. Shorter values are the malformed keys of
 * validation tests (`{ kty: 'EC', crv: 'P-256', x: 'AQ' }`), not keys.
 */
const MIN_CHARS: Readonly<Record<string, [string, number]>> = {
  RSA: ['n', 43], EC: ['x', 43], OKP: ['x', 43], oct: ['k', 22], AKP: ['pub', 43],
};

function keyName(pair: SgNode): string | undefined {
  const k = pair.field('key');
  const kind = k?.kind() as string | undefined;
  if (kind === 'property_identifier') return k!.text();
  if (kind === 'string') return k!.text().slice(1, -1);
  return undefined;
}

export function jwkLiterals(f: JsFile, text: string, kb: KnowledgeBase | undefined): void {
  if (!kb || !text.includes('kty')) return;
  const rule = { kind: 'object', has: { kind: 'pair', has: { field: 'key', regex: `^['"]?kty['"]?$` } } };
  for (const object of f.root.findAll({ rule })) {
    const jwk: Record<string, string> = {};
    let at: SgNode = object;
    for (const pair of object.children()) {
      if ((pair.kind() as string) !== 'pair') continue;
      const name = keyName(pair);
      if (!name || !MEMBERS.has(name)) continue;
      if (name === 'kty') at = pair;
      const value = f.str(pair.field('value') ?? undefined);
      if (value !== undefined) jwk[name] = value;
    }
    const kty = jwk.kty;
    const min = kty !== undefined ? MIN_CHARS[kty] : undefined;
    if (!min || (jwk[min[0]]?.length ?? 0) < min[1]) continue;
    const material = jwkFacts({ ...jwk, kty: kty! }, kb);
    if (!material) continue;
    // At the `kty` member, as for a .jwk file; the snippet names the key type only: the line may hold the private members.
    const occurrence = { ...f.sink.occurrences.at(at, 'JWK'), snippet: `kty: '${kty}'` };
    f.sink.detections.push({ type: 'material', material, occurrence });
  }
}
