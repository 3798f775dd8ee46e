// JWT libraries, read in files that import them: vapor/jwt-kit v4 (`JWTSigner.hs256(key:)`,
// `.rs256(key:)`, `.es256(key:)`, also as `.hs256(key:)` given to `signers.use`), jwt-kit v5
// (`keys.add(hmac:digestAlgorithm:)`, `add(ecdsa:)`, `add(rsa:digestAlgorithm:)`, `add(pss:…)`,
// `add(eddsa:)`, `add(mldsa:)`, and its `ES256PrivateKey()` key types) and Kitura's SwiftJWT
// (`JWTSigner.hs256(key:)`). Algorithms are named by their JOSE names (common/jose.ts's table, through
// the knowledge base); an HMAC secret written in the source is a hard-coded key.
import type { SgNode } from '@ast-grep/napi';
import type { CryptoFunction } from '../../../inventory/model.js';
import type { AlgorithmEmit, SwFile } from './file.js';
import { arg, siteOf, type SwCall } from './syntax.js';

export const JWT_CALL_NAMES = [
  ...['hs', 'rs', 'ps', 'es'].flatMap((p) => ['256', '384', '512'].map((n) => `${p}${n}`)), 'eddsa', 'add',
  'ES256PrivateKey', 'ES384PrivateKey', 'ES512PrivateKey', 'ES256PublicKey', 'ES384PublicKey', 'ES512PublicKey',
];

const CURVES: Readonly<Record<string, string>> = { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' };
const DIGESTS: Readonly<Record<string, string>> = { sha256: '256', sha384: '384', sha512: '512' };

function jwtImported(f: SwFile): boolean {
  return f.imported('JWTKit', 'JWT', 'SwiftJWT');
}

function member(f: SwFile, node: SgNode | undefined): string | undefined {
  const v = node ? f.value(node) : undefined;
  return v?.kind === 'member' ? v.path.split('.').pop() : undefined;
}

function secret(f: SwFile, call: SwCall, symbol: string, key: SgNode | undefined, related: AlgorithmEmit): void {
  if (key && f.constantBytes(key)) f.signal(siteOf(call), symbol, 'hardcoded-key', 'JWT HMAC secret written in the source', { spelling: related.spelling });
}

export function jwtCall(f: SwFile, call: SwCall): boolean {
  if (!jwtImported(f)) return false;
  const node = call.node;
  const signer = /^(?:JWTSigner)?\.(hs|rs|ps|es)(256|384|512)$/.exec(call.path);
  if (signer) {
    const alg = `${signer[1]!.toUpperCase()}${signer[2]}`;
    const fn: CryptoFunction[] = signer[1] === 'hs' ? ['tag'] : ['sign', 'verify'];
    f.algorithm(node, call.path.startsWith('.') ? `JWTSigner${call.path}` : call.path, { spelling: alg, functions: fn });
    if (signer[1] === 'hs') secret(f, call, call.path, arg(call, 'key', 0), { spelling: alg });
    return true;
  }
  if (call.path === 'JWTSigner.eddsa' || call.path === '.eddsa') {
    f.algorithm(node, 'JWTSigner.eddsa', { spelling: 'Ed25519', functions: ['sign', 'verify'] });
    return true;
  }
  const key = /^(ES256|ES384|ES512)(PrivateKey|PublicKey)$/.exec(call.path);
  if (key) {
    const generated = key[2] === 'PrivateKey' && call.args.length === 0;
    f.algorithm(node, call.path, { spelling: 'ECDSA', params: { curve: CURVES[key[1]!]! }, functions: generated ? ['keygen'] : key[2] === 'PrivateKey' ? ['sign'] : ['verify'] });
    return true;
  }
  if (call.name === 'add' && call.path !== 'add' && call.args[0]?.label) return keyCollectionAdd(f, call);
  return false;
}

/** jwt-kit v5 `JWTKeyCollection.add(hmac:|rsa:|pss:|ecdsa:|eddsa:|mldsa:, …)`. */
function keyCollectionAdd(f: SwFile, call: SwCall): boolean {
  const label = call.args[0]!.label!;
  const node = siteOf(call);
  const symbol = `JWTKeyCollection.add(${label}:)`;
  const bits = DIGESTS[member(f, arg(call, 'digestAlgorithm')) ?? ''];
  const fn: CryptoFunction[] = ['sign', 'verify'];
  switch (label) {
    case 'hmac': {
      const alg: AlgorithmEmit = bits ? { spelling: `HS${bits}` } : { spelling: 'HMAC', unresolved: ['hash'] };
      f.algorithm(node, symbol, { ...alg, functions: ['tag'] });
      secret(f, call, symbol, call.args[0]!.expr, alg);
      return true;
    }
    case 'rsa':
    case 'pss':
      f.algorithm(node, symbol, bits ? { spelling: `${label === 'rsa' ? 'RS' : 'PS'}${bits}`, functions: fn }
        : { spelling: 'RSA', params: { padding: label === 'rsa' ? 'PKCS1v15' : 'PSS' }, unresolved: ['hash', 'keySize'], functions: fn });
      return true;
    case 'ecdsa': {
      // The key's type names the curve and hash (`ES256PrivateKey`), when it is made in the file.
      const k = f.originCall(call.args[0]!.expr);
      const m = k ? /^(ES256|ES384|ES512)(PrivateKey|PublicKey)$/.exec(k.path) : null;
      if (m) return true; // reported at the key
      f.algorithm(node, symbol, { spelling: 'ECDSA', unresolved: ['curve', 'hash'], functions: fn });
      return true;
    }
    case 'eddsa':
      f.algorithm(node, symbol, { spelling: 'Ed25519', functions: fn });
      return true;
    case 'mldsa':
      f.algorithm(node, symbol, { spelling: 'ML-DSA', unresolved: ['parameterSet'], functions: fn });
      return true;
    default:
      return false;
  }
}
