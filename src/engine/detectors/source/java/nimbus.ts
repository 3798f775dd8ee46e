// Nimbus JOSE+JWT objects created with `new`: JWK generators (`com.nimbusds.jose.jwk.gen`) and the
// signers, verifiers, encrypters and decrypters of `com.nimbusds.jose.crypto`. The JOSE algorithm
// constants (`JWSAlgorithm.RS256` in a `new JWSHeader(…)`) are read with the other libraries' in
// jwt.ts; a signer or verifier says which key type signs or verifies, and often its size or curve,
// even where the header's algorithm comes from elsewhere (a verifier-only file, a configured alg).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import { kindOf } from '../common/languages.js';
import { joseEncryptionAlg, joseSignatureAlg } from '../common/jose.js';
import { createdType } from './adapter.js';
import type { JavaContext, KeyInfo } from './context.js';
import { isClassOf } from './imports.js';
import { NIMBUS_LIBRARY, literalSecret } from './jwt.js';

const NIMBUS = 'com.nimbusds.jose';

/**
 * Nimbus JWK curves (`com.nimbusds.jose.jwk.Curve`) as the knowledge base names their key types; the
 * NIST curves and secp256k1 are EC keys (ECDSA or ECDH-ES), the others name their algorithm.
 */
const NIMBUS_CURVES: Readonly<Record<string, { spelling: string; params: AlgorithmParams }>> = {
  P_256: { spelling: 'EC', params: { curve: 'P-256' } },
  P_384: { spelling: 'EC', params: { curve: 'P-384' } },
  P_521: { spelling: 'EC', params: { curve: 'P-521' } },
  SECP256K1: { spelling: 'EC', params: { curve: 'secp256k1' } },
  Ed25519: { spelling: 'Ed25519', params: {} },
  Ed448: { spelling: 'Ed448', params: {} },
  X25519: { spelling: 'X25519', params: {} },
  X448: { spelling: 'X448', params: {} },
};

const GENERATORS = new Set(['RSAKeyGenerator', 'ECKeyGenerator', 'OctetKeyPairGenerator']);

/**
 * A `com.nimbusds.jose.crypto` class: the JOSE algorithms its header may name (`family`), the
 * algorithm to report when the file names none of them (`generic`, of which `unresolved` is not
 * fixed by the class), and what the object does.
 */
interface CryptoClass {
  family: RegExp;
  generic: string;
  unresolved: AlgorithmParamName[];
  functions: CryptoFunction[];
  /** What the key argument tells: an RSA size, an EC curve, a secret's or AES key's length. */
  key: 'rsa' | 'ec' | 'secret' | 'fixed' | 'password';
}

const sig = (generic: string, family: RegExp, key: CryptoClass['key'], unresolved: AlgorithmParamName[]): [CryptoClass, CryptoClass] => {
  const functions: CryptoFunction[][] = generic === 'HMAC' ? [['tag'], ['tag']] : [['sign'], ['verify']];
  return [0, 1].map((i) => ({ family, generic, unresolved, functions: functions[i]!, key })) as [CryptoClass, CryptoClass];
};
const enc = (generic: string, family: RegExp, key: CryptoClass['key'], unresolved: AlgorithmParamName[]): [CryptoClass, CryptoClass] => [
  { family, generic, unresolved, functions: ['encrypt'], key },
  { family, generic, unresolved, functions: ['decrypt'], key },
];

function pairs(entries: Record<string, [CryptoClass, CryptoClass]>, suffixes: [string, string]): Record<string, CryptoClass> {
  const out: Record<string, CryptoClass> = {};
  for (const [stem, [a, b]] of Object.entries(entries)) {
    out[`${stem}${suffixes[0]}`] = a;
    out[`${stem}${suffixes[1]}`] = b;
  }
  return out;
}

/**
 * The signer/verifier and encrypter/decrypter classes. RSASSA serves RS* and PS* (PKCS#1 v1.5 or
 * PSS, the header decides), ECDSA ES* (the curve is the key's), MAC HS*, RSA RSA1_5 and RSA-OAEP*,
 * ECDH and X25519 ECDH-ES*, AES A*KW and A*GCMKW, Direct the `dir` content encryption (AES-GCM or
 * AES-CBC with HMAC), PasswordBased PBES2 (PBKDF2, whose hash the header's name picks).
 */
const CRYPTO_CLASSES: Readonly<Record<string, CryptoClass>> = {
  ...pairs({
    RSASSA: sig('RSA', /^(RS|PS)\d+$/, 'rsa', ['keySize', 'padding', 'hash']),
    ECDSA: sig('ECDSA', /^ES\d+K?$/, 'ec', ['curve', 'hash']),
    MAC: sig('HMAC', /^HS\d+$/, 'secret', ['hash']),
    Ed25519: sig('Ed25519', /^$/, 'fixed', []),
  }, ['Signer', 'Verifier']),
  ...pairs({
    RSA: enc('RSA', /^RSA(1_5|-OAEP.*)$/, 'rsa', ['keySize', 'padding']),
    ECDH: enc('ECDH', /^ECDH-ES/, 'ec', ['curve']),
    X25519: enc('X25519', /^$/, 'fixed', []),
    AES: enc('AES', /^A\d+(GCM)?KW$/, 'secret', ['keySize', 'mode']),
    Direct: enc('AES', /^A\d+(GCM|CBC-HS\d+)$/, 'secret', ['keySize', 'mode']),
  }, ['Encrypter', 'Decrypter']),
  // PBES2 derives the key-wrapping key from the password (the AES-KW half is the header's constant).
  PasswordBasedEncrypter: { family: /^PBES2-/, generic: 'PBKDF2', unresolved: ['hash', 'iterations'], functions: ['keyderive'], key: 'password' },
  PasswordBasedDecrypter: { family: /^PBES2-/, generic: 'PBKDF2', unresolved: ['hash'], functions: ['keyderive'], key: 'password' },
};

/** Nimbus classes created with `new`: JWK generators (`jwk.gen`) and the crypto objects (`crypto`). */
export const NIMBUS_CREATED_TYPES: ReadonlySet<string> = new Set([...GENERATORS, ...Object.keys(CRYPTO_CLASSES)]);

/** The size or curve a Nimbus JWK generator fixes: `new RSAKeyGenerator(2048)`, `new ECKeyGenerator(Curve.P_256)`. */
function generatorKey(ctx: JavaContext, node: SgNode, type: string): { spelling: string; params: AlgorithmParams } | undefined {
  const arg = node.field('arguments')?.namedChildren()[0];
  const v = ctx.value(arg);
  if (type === 'RSAKeyGenerator') {
    // RSAKeyGenerator.MIN_KEY_SIZE_BITS is 2048.
    const size = v.kind === 'member' && /(^|\.)MIN_KEY_SIZE_BITS$/.test(v.path) ? 2048 : ctx.int(arg);
    return { spelling: 'RSA', params: size ? { keySize: size } : {} };
  }
  return v.kind === 'member' ? NIMBUS_CURVES[v.path.slice(v.path.lastIndexOf('.') + 1)] : undefined;
}

/** JWK conversions that keep the key (`toPublicJWK()`, `toRSAPrivateKey()`, `toKeyPair()`). */
const JWK_VIEWS = /^(toPublicJWK|to(RSA|EC|Octet)?(Public|Private|Secret)Key|toKeyPair|toOctetKeyPair)$/;

/**
 * What the code shows of the key given to a signer or encrypter: a Nimbus JWK generated in the file
 * (`new RSAKeyGenerator(3072).keyID(…).generate()`, also through `toPublicJWK()`), otherwise what a
 * JCA key says (a key pair's generator, a `SecretKeySpec`), or a secret's own length.
 */
function keyOf(ctx: JavaContext, node: SgNode | undefined, depth = 0): KeyInfo {
  const o = ctx.origin(node);
  if (!o || depth > 4) return {};
  if (kindOf(o) === 'method_invocation') {
    const name = o.field('name')?.text() ?? '';
    const obj = o.field('object') ?? undefined;
    if (JWK_VIEWS.test(name)) return keyOf(ctx, obj, depth + 1);
    if (name === 'generate') {
      // Down the builder chain (`.keyID(…).keyUse(…)`) to the generator it starts from.
      let cur: SgNode | undefined = obj;
      for (let i = 0; cur && i < 12 && kindOf(cur) === 'method_invocation'; i++) cur = cur.field('object') ?? undefined;
      const gen = ctx.origin(cur);
      if (gen && kindOf(gen) === 'object_creation_expression' && GENERATORS.has(createdType(gen))) {
        const k = generatorKey(ctx, gen, createdType(gen));
        return k ? { ...(k.params.keySize ? { keySize: k.params.keySize } : {}), ...(k.params.curve ? { curve: k.params.curve } : {}) } : {};
      }
      return {};
    }
  }
  const info = ctx.keyInfo(o);
  if (info.keySize !== undefined || info.curve) return info;
  // A secret as a String (its UTF-8 bytes) or bytes of known length.
  const v = ctx.value(o);
  if (v.kind === 'str' && /^[\x20-\x7e]*$/.test(v.value) && v.value.length > 0) return { keySize: v.value.length * 8 };
  if (v.kind === 'bytes' && v.length !== undefined) return { keySize: v.length * 8 };
  return {};
}

/** The JOSE names of `JWSAlgorithm`/`JWEAlgorithm`/`EncryptionMethod` constants written in the file. */
export type JoseNames = ReadonlySet<string>;

/**
 * Whether `new Type(…)` creates a Nimbus class: imported from (or written in) its package. Bouncy
 * Castle has an `ECDSASigner` and an `Ed25519Signer` too; the import tells them apart.
 */
export function isNimbusCreation(ctx: JavaContext, node: SgNode, type: string): boolean {
  if (!NIMBUS_CREATED_TYPES.has(type)) return false;
  const written = (node.field('type')?.text() ?? type).replace(/\s+/g, '');
  return isClassOf(ctx.imports, written, CRYPTO_CLASSES[type] ? `${NIMBUS}.crypto` : `${NIMBUS}.jwk.gen`);
}

/** Whether a Nimbus class is a signer, verifier, encrypter or decrypter (read after the file's constants, handleNimbusCrypto). */
export function isNimbusCrypto(type: string): boolean {
  return CRYPTO_CLASSES[type] !== undefined;
}

/**
 * Nimbus key generation, `new RSAKeyGenerator(2048)`, `new ECKeyGenerator(Curve.P_256)`, `new
 * OctetKeyPairGenerator(Curve.Ed25519)` (an OKP curve we cannot read may be Ed25519 or X25519: an
 * unknown key-pair generator). `OctetSequenceKeyGenerator` makes a secret whose algorithm (HMAC or
 * AES) is chosen elsewhere, so it is left out.
 */
export function handleNimbusGenerator(ctx: JavaContext, node: SgNode, type: string): void {
  const symbol = `new ${type}`;
  const opts = { functions: ['keygen'] as CryptoFunction[], library: NIMBUS_LIBRARY };
  const k = generatorKey(ctx, node, type);
  if (k) ctx.sink.algorithm(node, symbol, k.spelling, k.params, { ...opts, unresolved: type === 'RSAKeyGenerator' ? ['keySize'] : [] });
  else if (type === 'ECKeyGenerator') ctx.sink.algorithm(node, symbol, 'EC', {}, { ...opts, unresolved: ['curve'] });
  else ctx.sink.algorithm(node, symbol, unresolvedSpelling('key-pair-generator'), {}, opts);
}

/**
 * A Nimbus signer, verifier, encrypter or decrypter. Where the file names exactly one JOSE algorithm
 * the object can serve (`new JWSHeader(JWSAlgorithm.RS256)` beside `new RSASSASigner(key)`), the
 * object is a use of that algorithm, with the key's size or curve when the code shows it; where it
 * names none (a verifier-only file, an algorithm from configuration), the key type the class fixes
 * is reported (`RSA` of unknown scheme, `ECDSA` of the key's curve, `HMAC` of unknown hash). Where it
 * names several, the constants already say which, and the object adds only a key size or curve.
 */
export function handleNimbusCrypto(ctx: JavaContext, node: SgNode, names: JoseNames): void {
  const type = createdType(node);
  const cls = CRYPTO_CLASSES[type]!;
  const symbol = `new ${type}`;
  const args = node.field('arguments')?.namedChildren() ?? [];
  const opts = { functions: cls.functions, library: NIMBUS_LIBRARY };
  // A secret or password written in the source: anyone who reads the code can forge or decrypt.
  if ((cls.key === 'secret' || cls.key === 'password') && literalSecret(ctx, args[0])) {
    const [signal, what] = cls.key === 'password' ? ['hardcoded-password', 'password'] as const : ['hardcoded-key', 'secret'] as const;
    ctx.sink.signal(node, symbol, signal, `Nimbus ${type} ${what} is written in the source`, { library: NIMBUS_LIBRARY });
  }
  if (cls.key === 'fixed') {
    ctx.sink.algorithm(node, symbol, cls.generic, {}, opts);
    return;
  }
  const key = cls.key === 'password' ? {} : keyOf(ctx, args[0]);
  const params: AlgorithmParams = {};
  if (cls.key === 'rsa' && key.keySize) params.keySize = key.keySize;
  if (cls.key === 'ec') {
    // ECDSASigner(privateKey, Curve.P_256) names the curve of a JCA key.
    const v = ctx.value(args[1]);
    const named = v.kind === 'member' ? NIMBUS_CURVES[v.path.slice(v.path.lastIndexOf('.') + 1)]?.params.curve : undefined;
    const curve = named ?? key.curve;
    if (curve) params.curve = curve;
  }
  if (cls.key === 'secret' && key.keySize) params.keySize = key.keySize;
  if (cls.key === 'password') {
    // PasswordBasedEncrypter(password, saltLength, iterationCount): salt length in bytes.
    const salt = ctx.int(args[1]);
    const iterations = ctx.int(args[2]);
    if (salt !== undefined) params.saltLength = salt;
    if (iterations !== undefined) params.iterations = iterations;
  }
  const family = [...names].filter((n) => cls.family.test(n));
  if (family.length === 1) {
    const named = joseSignatureAlg(family[0]!) ?? joseEncryptionAlg(family[0]!);
    if (named) {
      // The header's name fixes hash, padding, mode and (for ES*) the curve; the key adds its size.
      // (An AES name fixes the key size itself.)
      const merged: AlgorithmParams = cls.generic === 'AES' ? named.params : { ...params, ...named.params };
      ctx.sink.algorithm(node, symbol, named.spelling, merged, { ...opts, unresolved: cls.key === 'rsa' ? ['keySize'] : [] });
      return;
    }
  }
  if (family.length > 1 && Object.keys(params).length === 0) return;
  ctx.sink.algorithm(node, symbol, cls.generic, params, { ...opts, unresolved: cls.unresolved });
}
