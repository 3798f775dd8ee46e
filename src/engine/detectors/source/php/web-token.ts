// web-token/jwt-framework (namespaces `Jose\Component\…`, the same in v4's jwt-library, and
// `Jose\Experimental\…`): the JWA classes a file instantiates, mostly for an AlgorithmManager
// (`new AlgorithmManager([new RS256(), new HS256(), new RSA15()])`), read through the shared JOSE table
// (common/jose.ts), and JWKFactory's key generation with its sizes and curves. Which algorithm a token
// uses is the header's `alg` among those the manager holds: each class is a use of its algorithm.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import { coseSignatureAlg, joseEncryptionAlg, joseFunctions, joseSecondary, joseSecondaryFunctions, type Named } from '../common/jose.js';
import type { PhpFile } from './file.js';
import { callArgs } from './resolve.js';

const WEB_TOKEN: LibraryRef = { ecosystem: 'composer', name: 'web-token/jwt-framework' };

/** The algorithm classes: the JWS and JWE components (v1 to v4) and the experimental ones (v2/v3 kept them in the same namespaces). */
const ALGORITHM_CLASS = /^Jose\\(?:Component\\(?:Signature\\Algorithm|Encryption\\Algorithm\\(?:KeyEncryption|ContentEncryption))|Experimental\\(?:Signature|KeyEncryption|ContentEncryption))\\(\w+)$/;
const JWK_FACTORY = 'Jose\\Component\\KeyManagement\\JWKFactory';

/** Short names the native query selects `new X(…)` and `X::m(…)` by (the full name is checked by the handlers). */
export const WEB_TOKEN_CLASSES = [
  ...['HS', 'RS', 'PS', 'ES'].flatMap((p) => ['256', '384', '512'].map((n) => p + n)), 'ES256K', 'EdDSA', 'HS1', 'RS1', 'HS256_64', 'Blake2b', 'None',
  'RSA15', 'RSAOAEP', 'RSAOAEP256', 'RSAOAEP384', 'RSAOAEP512', 'ECDHES', 'ECDHSS', 'Chacha20Poly1305',
  ...['128', '192', '256'].flatMap((n) => [`A${n}KW`, `A${n}GCMKW`, `A${n}GCM`, `A${n}CTR`, `ECDHESA${n}KW`, `ECDHSSA${n}KW`]),
  'A128CBCHS256', 'A192CBCHS384', 'A256CBCHS512', 'PBES2HS256A128KW', 'PBES2HS384A192KW', 'PBES2HS512A256KW',
  ...['128', '256'].flatMap((n) => ['16_64', '16_128', '64_64', '64_128'].map((v) => `A${n}CCM_${v}`)),
  'JWKFactory',
];

/** A class's JOSE name (what its `name()` returns): `RSA15` -> `RSA1_5`, `PBES2HS256A128KW` -> `PBES2-HS256+A128KW`. */
export function webTokenJoseName(cls: string): string | undefined {
  if (/^(?:(?:HS|RS|PS|ES)(?:256|384|512)|ES256K|EdDSA|HS1|RS1)$/.test(cls)) return cls;
  let m = /^A(128|192|256)(KW|GCMKW|GCM|CTR)$/.exec(cls);
  if (m) return cls;
  if ((m = /^A(128|192|256)CBCHS(256|384|512)$/.exec(cls))) return `A${m[1]}CBC-HS${m[2]}`;
  if ((m = /^A(128|256)CCM_(16|64)_(64|128)$/.exec(cls))) return `A${m[1]}CCM-${m[2]}-${m[3]}`;
  if ((m = /^RSAOAEP(256|384|512)?$/.exec(cls))) return m[1] ? `RSA-OAEP-${m[1]}` : 'RSA-OAEP';
  if ((m = /^ECDH(ES|SS)(?:A(128|192|256)KW)?$/.exec(cls))) return `ECDH-${m[1]}${m[2] ? `+A${m[2]}KW` : ''}`;
  if ((m = /^PBES2HS(256|384|512)A(128|192|256)KW$/.exec(cls))) return `PBES2-HS${m[1]}+A${m[2]}KW`;
  switch (cls) {
    case 'RSA15': return 'RSA1_5';
    case 'HS256_64': return 'HS256/64';
    case 'Blake2b': return 'BLAKE2B';
    case 'Chacha20Poly1305': return 'chacha20-poly1305';
    default: return undefined; // `Dir` (the key is the content key), the abstract bases.
  }
}

interface Use {
  named: Named;
  functions: CryptoFunction[];
  unresolved?: AlgorithmParamName[];
}

/** What a JOSE name of web-token stands for: the shared table, and the experimental names it does not know. */
function usesOf(jose: string): Use[] {
  // Experimental signatures: HMAC-SHA-1, HMAC-SHA-256 cut to 8 bytes, keyed BLAKE2b-256 (sodium_crypto_generichash).
  if (jose === 'HS1') return [{ named: { spelling: 'HMAC-SHA-1', params: { hash: 'SHA-1' } }, functions: ['tag'] }];
  if (jose === 'HS256/64') return [{ named: { spelling: 'HMAC-SHA-256', params: { hash: 'SHA-256', tagLength: 64 } }, functions: ['tag'] }];
  if (jose === 'BLAKE2B') return [{ named: { spelling: 'BLAKE2b-256', params: {} }, functions: ['tag'] }];
  const sig = coseSignatureAlg(jose);
  if (sig) return [{ named: sig, ...joseFunctions(jose, true) }];
  // ECDH-SS is ECDH with the sender's static key instead of an ephemeral one: the same agreement and key wrap.
  const name = jose.replace(/^ECDH-SS/, 'ECDH-ES');
  let m: RegExpExecArray | null;
  let main = joseEncryptionAlg(name);
  if (!main && (m = /^A(128|192|256)(CTR|CCM)/.exec(name))) main = { spelling: 'AES', params: { keySize: Number(m[1]), mode: m[2]! } };
  if (!main && name === 'chacha20-poly1305') main = { spelling: 'ChaCha20-Poly1305', params: {} };
  if (!main) return [];
  const out: Use[] = [{ named: main, ...joseFunctions(name, false) }];
  const second = joseSecondary(name);
  if (second) out.push({ named: second, functions: joseSecondaryFunctions(second) });
  return out;
}

/**
 * `new RS256()`, `new PBES2HS256A128KW(16, 600000)`, `new None()` of web-token; false for another class. With
 * `reference`, `RS256::class` in a list of classes the code instantiates (`foreach (…) new $algorithm()`):
 * the algorithm with its constructor's defaults, and no signal for `None::class` (only an instance is one).
 */
export function webTokenNew(f: PhpFile, node: SgNode, full: string, written: string, reference = false): boolean {
  const cls = ALGORITHM_CLASS.exec(full)?.[1];
  if (!cls) return false;
  const symbol = reference ? written : `new ${written}`;
  if (cls === 'None') {
    if (!reference) f.signal(node, symbol, 'jwt-none-algorithm', "web-token's None algorithm accepts tokens without a signature", undefined, WEB_TOKEN);
    return true;
  }
  const jose = webTokenJoseName(cls);
  for (const use of jose ? usesOf(jose) : []) {
    const params: AlgorithmParams = { ...use.named.params };
    if (jose!.startsWith('PBES2') && use.named.spelling.startsWith('PBKDF2')) {
      // PBES2AESKW::__construct(int $salt_size = 64, int $nb_count = 4096): salt bytes and PBKDF2 iterations.
      const args = reference ? { positional: [], named: new Map<string, SgNode>() } : callArgs(node);
      const salt = args.positional[0] ?? args.named.get('salt_size');
      const count = args.positional[1] ?? args.named.get('nb_count');
      params.saltLength = salt ? f.int(salt) : 64;
      params.iterations = count ? f.int(count) : 4096;
    }
    f.algorithm(node, symbol, { spelling: use.named.spelling, params, unresolved: use.unresolved, functions: use.functions }, WEB_TOKEN);
  }
  return true;
}

const EC_CURVES = new Set(['P-256', 'P-384', 'P-521', 'secp256k1']);

/** `JWKFactory::createRSAKey(2048)`, `createECKey('P-256')`, `createOKPKey('Ed25519')`, `createOctKey(256, ['alg' => 'HS256'])`, `createFromSecret('…')`. */
export function webTokenStatic(f: PhpFile, node: SgNode, full: string, symbol: string, method: string): boolean {
  if (full !== JWK_FACTORY) return false;
  const args = callArgs(node);
  const arg = (name: string) => args.positional[0] ?? args.named.get(name);
  const values = f.arrayEntries(args.positional[1] ?? args.named.get(method === 'createFromSecret' ? 'additional_values' : 'values'));
  const alg = f.str(values?.get('alg'));
  const keygen: CryptoFunction[] = ['keygen'];
  switch (method) {
    case 'createRSAKey': {
      // The factory refuses sizes under 512 bits or not a whole number of bytes: no key is made.
      const size = f.int(arg('size'));
      if (size !== undefined && (size < 512 || size % 8 !== 0)) return true;
      f.algorithm(node, symbol, { spelling: 'RSA', params: { keySize: size }, unresolved: ['keySize'], functions: keygen }, WEB_TOKEN);
      return true;
    }
    case 'createECKey': {
      const curve = f.str(arg('curve'));
      if (curve !== undefined && !EC_CURVES.has(curve)) return true;
      f.algorithm(node, symbol, { spelling: 'EC', params: { curve }, unresolved: ['curve'], functions: keygen }, WEB_TOKEN);
      return true;
    }
    case 'createOKPKey': {
      const curve = f.str(arg('curve'));
      if (curve === 'Ed25519' || curve === 'X25519') f.algorithm(node, symbol, { spelling: curve, functions: keygen }, WEB_TOKEN);
      else if (curve === undefined) f.algorithm(node, symbol, { spelling: unresolvedSpelling('key-pair-generator'), functions: keygen }, WEB_TOKEN);
      return true;
    }
    case 'createOctKey': {
      // A random secret: its algorithm is the `alg` the key is given, if any (else it is chosen where the key is used).
      for (const use of alg ? usesOf(alg) : []) f.algorithm(node, symbol, { spelling: use.named.spelling, params: use.named.params, functions: keygen }, WEB_TOKEN);
      return true;
    }
    case 'createFromSecret': {
      const secret = arg('secret');
      if (!secret || !f.constantBytes(secret)) return true;
      const related = alg ? usesOf(alg)[0]?.named : undefined;
      f.signal(node, symbol, 'hardcoded-key', 'JWK secret is written in the source', related, WEB_TOKEN);
      return true;
    }
    default:
      return true;
  }
}
