// JSON Web Keys and key sets (RFC 7517/7518/8037, ML-DSA's AKP keys) in .json/.jwk/.jwks files: key type, size or curve,
// private when `d` is present, `oct` keys as secret keys. The fingerprint is the RFC 7638 thumbprint
// (SHA-256 over the required public members); no key value ever reaches a detection.
import { createHash } from 'node:crypto';
import type { AlgorithmRefFact, Detection, MaterialFacts } from '../../inventory/model.js';
import type { Detector } from '../types.js';
import type { KnowledgeBase } from '../../kb/types.js';
import { canonicalCurve, edwardsMontgomeryBits } from './key-facts.js';
import { LineIndex, occurrenceAt } from './text.js';

const ID = 'jwk';
const MAX_DEPTH = 16;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JwkObject = Record<string, Json> & { kty: string };

function b64urlBits(v: Json | undefined): number | undefined {
  if (typeof v !== 'string' || !/^[A-Za-z0-9_-]+$/.test(v)) return undefined;
  const bytes = Buffer.from(v, 'base64url');
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  if (i === bytes.length) return undefined;
  return (bytes.length - i - 1) * 8 + (32 - Math.clz32(bytes[i]!));
}

function thumbprint(jwk: JwkObject, members: string[]): string | undefined {
  const picked: Record<string, Json> = {};
  for (const m of members) {
    if (typeof jwk[m] !== 'string') return undefined;
    picked[m] = jwk[m]!;
  }
  // RFC 7638: required members in lexicographic order, no whitespace.
  const canonical = JSON.stringify(picked, Object.keys(picked).sort());
  return createHash('sha256').update(canonical).digest('hex');
}

const OKP: Record<string, { spelling: string; oid: string }> = {
  Ed25519: { spelling: 'Ed25519', oid: '1.3.101.112' },
  Ed448: { spelling: 'Ed448', oid: '1.3.101.113' },
  X25519: { spelling: 'X25519', oid: '1.3.101.110' },
  X448: { spelling: 'X448', oid: '1.3.101.111' },
};

export function jwkFacts(jwk: JwkObject, kb: KnowledgeBase): MaterialFacts | null {
  const priv = typeof jwk.d === 'string';
  const alg = typeof jwk.alg === 'string' ? jwk.alg : undefined;
  switch (jwk.kty) {
    case 'RSA': {
      const size = b64urlBits(jwk.n);
      if (size === undefined) return null;
      const algorithm: AlgorithmRefFact = { spelling: 'RSA', params: { keySize: size }, oid: '1.2.840.113549.1.1.1' };
      return { materialType: priv ? 'private-key' : 'public-key', format: 'JWK', algorithm, size, fingerprintSha256: thumbprint(jwk, ['e', 'kty', 'n']) };
    }
    case 'EC': {
      if (typeof jwk.crv !== 'string' || typeof jwk.x !== 'string') return null;
      const curve = canonicalCurve(kb, jwk.crv);
      const algorithm: AlgorithmRefFact = { spelling: 'ECDSA', params: { curve: curve.name }, oid: '1.2.840.10045.2.1' };
      return { materialType: priv ? 'private-key' : 'public-key', format: 'JWK', algorithm, ...(curve.bits !== undefined && { size: curve.bits }), fingerprintSha256: thumbprint(jwk, ['crv', 'kty', 'x', 'y']) };
    }
    case 'OKP': {
      const known = typeof jwk.crv === 'string' ? OKP[jwk.crv] : undefined;
      if (!known || typeof jwk.x !== 'string') return null;
      const size = edwardsMontgomeryBits(kb, known.spelling);
      return { materialType: priv ? 'private-key' : 'public-key', format: 'JWK', algorithm: { spelling: known.spelling, params: {}, oid: known.oid }, ...(size !== undefined && { size }), fingerprintSha256: thumbprint(jwk, ['crv', 'kty', 'x']) };
    }
    case 'AKP': {
      // draft-ietf-cose-dilithium's "algorithm key pair": `alg` names the parameter set, `priv` is the
      // private seed (not `d`); the thumbprint's required members are alg, kty and pub.
      if (!alg || !/^ML-DSA-(44|65|87)$/.test(alg) || typeof jwk.pub !== 'string') return null;
      return { materialType: typeof jwk.priv === 'string' ? 'private-key' : 'public-key', format: 'JWK', algorithm: { spelling: alg, params: {} }, fingerprintSha256: thumbprint(jwk, ['alg', 'kty', 'pub']) };
    }
    case 'oct': {
      const size = typeof jwk.k === 'string' ? Buffer.from(jwk.k, 'base64url').length * 8 : undefined;
      if (size === undefined || size === 0) return null;
      const facts: MaterialFacts = { materialType: 'secret-key', format: 'JWK', size, fingerprintSha256: thumbprint(jwk, ['k', 'kty']) };
      // For symmetric keys the JOSE `alg` (HS256, A256GCM, A128KW) is the only algorithm there is.
      if (alg) facts.algorithm = { spelling: alg, params: { keySize: size } };
      return facts;
    }
    default:
      return null;
  }
}

function collect(node: Json, depth: number, out: JwkObject[]): void {
  if (depth > MAX_DEPTH || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const v of node) collect(v, depth + 1, out);
    return;
  }
  if (typeof node.kty === 'string') out.push(node as JwkObject);
  for (const v of Object.values(node)) collect(v, depth + 1, out);
}

export const jwkDetector: Detector = {
  id: ID,
  keywords: ['"kty"'],
  appliesTo: (path) => /\.(json|jwk|jwks)$/i.test(path),
  detect(file, ctx): Detection[] {
    let doc: Json;
    try {
      doc = JSON.parse(file.content.toString('utf8')) as Json;
    } catch {
      return [];
    }
    const keys: JwkObject[] = [];
    collect(doc, 0, keys);
    if (keys.length === 0) return [];
    // The n-th `"kty"` in the text is the n-th key in document order (JSON.parse keeps member order).
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    const offsets: number[] = [];
    for (let i = text.indexOf('"kty"'); i !== -1; i = text.indexOf('"kty"', i + 5)) offsets.push(i);
    const out: Detection[] = [];
    keys.forEach((jwk, n) => {
      const material = jwkFacts(jwk, ctx.kb);
      if (!material) return;
      const offset = offsets.length === keys.length ? offsets[n]! : (offsets[0] ?? 0);
      // The snippet names the key type only: the line may hold the whole key, private members included.
      out.push({ type: 'material', material, occurrence: occurrenceAt(index, file.path, offset, ID, 'JWK', `"kty": "${jwk.kty}"`) });
    });
    return out;
  },
};
