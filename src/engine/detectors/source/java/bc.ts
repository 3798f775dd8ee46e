// Bouncy Castle lightweight API: engines, mode wrappers, digests, MACs, signers, key-pair
// generators, KDFs and the post-quantum classes. A construct like
// `new PaddedBufferedBlockCipher(new CBCBlockCipher(new AESEngine()), new PKCS7Padding())` is one
// algorithm (AES-CBC-PKCS7): the outermost node is reported and the nested ones are consumed.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import { createdType } from './adapter.js';
import { pqcParameterSet } from '../common/jca-constants.js';
import type { JavaContext } from './context.js';
import { BOUNCY_CASTLE, isBouncyCastleClass } from './imports.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';

const ENGINES: Record<string, string> = {
  AESEngine: 'AES', AESFastEngine: 'AES', AESLightEngine: 'AES', DESEngine: 'DES', DESedeEngine: 'DESede',
  BlowfishEngine: 'Blowfish', TwofishEngine: 'Twofish', CamelliaEngine: 'Camellia', ARIAEngine: 'ARIA',
  SM4Engine: 'SM4', SEEDEngine: 'SEED', IDEAEngine: 'IDEA', CAST5Engine: 'CAST5', RC2Engine: 'RC2',
  RC4Engine: 'RC4', ChaCha7539Engine: 'ChaCha20', ChaChaEngine: 'ChaCha20', Salsa20Engine: 'Salsa20',
  XSalsa20Engine: 'XSalsa20', RSAEngine: 'RSA', RSABlindedEngine: 'RSA', ElGamalEngine: 'ElGamal',
  AESWrapEngine: 'AES', AESWrapPadEngine: 'AES', ChaCha20Poly1305: 'ChaCha20-Poly1305',
};
const ENGINE_MODE: Record<string, string> = { AESWrapEngine: 'KW', AESWrapPadEngine: 'KWP' };
const SIZED_BLOCK = new Set(['AES', 'Blowfish', 'Camellia', 'ARIA', 'RC2', 'RC4', 'RSA', 'ElGamal', 'Twofish']);

const MODES: Record<string, string> = {
  GCMBlockCipher: 'GCM', GCMModeCipher: 'GCM', CBCBlockCipher: 'CBC', CBCModeCipher: 'CBC', SICBlockCipher: 'CTR',
  CTRModeCipher: 'CTR', CFBBlockCipher: 'CFB', CFBModeCipher: 'CFB', OFBBlockCipher: 'OFB', CCMBlockCipher: 'CCM',
  CCMModeCipher: 'CCM', EAXBlockCipher: 'EAX', OCBBlockCipher: 'OCB', GCMSIVBlockCipher: 'GCM-SIV', KCCMBlockCipher: 'CCM',
};

const DIGESTS: Record<string, string> = {
  MD2Digest: 'MD2', MD4Digest: 'MD4', MD5Digest: 'MD5', SHA1Digest: 'SHA-1', SHA224Digest: 'SHA-224',
  SHA256Digest: 'SHA-256', SHA384Digest: 'SHA-384', SHA512Digest: 'SHA-512', RIPEMD160Digest: 'RIPEMD-160',
  SM3Digest: 'SM3', TigerDigest: 'Tiger', WhirlpoolDigest: 'Whirlpool', Blake2bDigest: 'BLAKE2b-512',
  Blake2sDigest: 'BLAKE2s-256', Blake3Digest: 'BLAKE3', GOST3411Digest: 'GOST R 34.11-94',
};

const SIGNERS: Record<string, string> = {
  Ed25519Signer: 'Ed25519', Ed25519ctxSigner: 'Ed25519', Ed25519phSigner: 'Ed25519', Ed448Signer: 'Ed448',
  ECDSASigner: 'ECDSA', DSASigner: 'DSA', SM2Signer: 'SM2', MLDSASigner: 'ML-DSA', DilithiumSigner: 'ML-DSA',
  SLHDSASigner: 'SLH-DSA', SPHINCSPlusSigner: 'SLH-DSA', FalconSigner: 'FN-DSA', HashMLDSASigner: 'HashML-DSA',
};

const KEYPAIR_GENERATORS: Record<string, string> = {
  RSAKeyPairGenerator: 'RSA', ECKeyPairGenerator: 'EC', DSAKeyPairGenerator: 'DSA', DHKeyPairGenerator: 'DH',
  Ed25519KeyPairGenerator: 'Ed25519', Ed448KeyPairGenerator: 'Ed448', X25519KeyPairGenerator: 'X25519',
  X448KeyPairGenerator: 'X448', MLKEMKeyPairGenerator: 'ML-KEM', KyberKeyPairGenerator: 'ML-KEM',
  MLDSAKeyPairGenerator: 'ML-DSA', DilithiumKeyPairGenerator: 'ML-DSA', SLHDSAKeyPairGenerator: 'SLH-DSA',
  SPHINCSPlusKeyPairGenerator: 'SLH-DSA', FalconKeyPairGenerator: 'FN-DSA', ElGamalKeyPairGenerator: 'ElGamal',
};

const AGREEMENTS: Record<string, string> = {
  X25519Agreement: 'X25519', X448Agreement: 'X448', ECDHBasicAgreement: 'ECDH', ECDHCBasicAgreement: 'ECDH',
  DHBasicAgreement: 'DH', DHAgreement: 'DH', MLKEMGenerator: 'ML-KEM', MLKEMExtractor: 'ML-KEM',
  KyberKEMGenerator: 'ML-KEM', KyberKEMExtractor: 'ML-KEM',
};

/** Every class name this module knows: the Java detector's prefilter keywords draw on it. */
export const BC_CLASSES: readonly string[] = [
  ...Object.keys(ENGINES), ...Object.keys(MODES), ...Object.keys(DIGESTS), ...Object.keys(SIGNERS),
  ...Object.keys(KEYPAIR_GENERATORS), ...Object.keys(AGREEMENTS),
  'PaddedBufferedBlockCipher', 'OAEPEncoding', 'PKCS1Encoding', 'HMac', 'CMac', 'GMac', 'Poly1305', 'PSSSigner',
  'RSADigestSigner', 'DSADigestSigner', 'PKCS5S2ParametersGenerator', 'HKDFBytesGenerator', 'SCrypt',
  'Argon2BytesGenerator', 'SHA3Digest', 'SHAKEDigest', 'KeccakDigest', 'OpenBSDBCrypt', 'BCrypt',
];

interface Described {
  spelling: string;
  params: AlgorithmParams;
  unresolved: AlgorithmParamName[];
  functions?: CryptoFunction[];
  /** Nodes inside that are part of this construct. */
  parts: SgNode[];
}

/** Type name and arguments of `new T(..)` or `T.newInstance(..)` / `T.getInstance(..)`. */
export function bcConstruct(node: SgNode): { type: string; args: SgNode[] } | undefined {
  const k = kindOf(node);
  if (k === 'object_creation_expression') return { type: createdType(node), args: node.field('arguments')?.namedChildren() ?? [] };
  if (k === 'method_invocation' && node.field('name')?.text() === 'newInstance') {
    const obj = node.field('object')?.text().replace(/\s+/g, '') ?? '';
    return { type: obj.slice(obj.lastIndexOf('.') + 1), args: node.field('arguments')?.namedChildren() ?? [] };
  }
  return undefined;
}

function hashSpelling(ctx: JavaContext, node: SgNode | undefined): string | undefined {
  const o = ctx.origin(node);
  if (!o) return undefined;
  const c = bcConstruct(o);
  if (!c) return undefined;
  if (DIGESTS[c.type]) return DIGESTS[c.type];
  if (c.type === 'SHA3Digest' || c.type === 'SHAKEDigest' || c.type === 'KeccakDigest') {
    const bits = ctx.int(c.args[0]);
    if (c.type === 'SHA3Digest') return bits ? `SHA3-${bits}` : 'SHA3';
    if (c.type === 'SHAKEDigest') return bits ? `SHAKE${bits}` : 'SHAKE';
    return bits ? `Keccak-${bits}` : 'Keccak';
  }
  return undefined;
}

/** Describes a BC construct (recursively for wrappers); undefined when it is not one. */
function describe(ctx: JavaContext, node: SgNode | undefined, depth = 0): Described | undefined {
  const o = ctx.origin(node);
  if (!o || depth > 6) return undefined;
  const c = bcConstruct(o);
  if (!c) return undefined;
  const { type, args } = c;
  const engine = ENGINES[type];
  if (engine) {
    const params: AlgorithmParams = ENGINE_MODE[type] ? { mode: ENGINE_MODE[type] } : {};
    return { spelling: engine, params, unresolved: SIZED_BLOCK.has(engine) ? ['keySize'] : [], parts: [o] };
  }
  const mode = MODES[type];
  if (mode) {
    const inner = describe(ctx, args[0], depth + 1);
    if (!inner) return { spelling: unresolvedSpelling('block-cipher'), params: { mode }, unresolved: [], parts: [o] };
    return { ...inner, params: { ...inner.params, mode }, unresolved: [...inner.unresolved], parts: [o, ...inner.parts] };
  }
  if (type === 'PaddedBufferedBlockCipher' || type === 'BufferedBlockCipher' || type === 'DefaultBufferedBlockCipher') {
    const inner = describe(ctx, args[0], depth + 1);
    if (!inner) return undefined;
    const params = { ...inner.params };
    if (type === 'PaddedBufferedBlockCipher') {
      // Without a padding argument BC documents PKCS7 as the padding.
      const pad = args[1] ? ctx.origin(args[1]) : undefined;
      const padType = pad ? bcConstruct(pad)?.type : 'PKCS7Padding';
      if (padType) params.padding = padType.replace(/Padding$/, '').replace(/^ZeroByte$/, 'ZeroByte').replace(/^PKCS7$/, 'PKCS7');
    }
    return { ...inner, params, parts: [o, ...inner.parts] };
  }
  if (type === 'OAEPEncoding' || type === 'PKCS1Encoding') {
    const inner = describe(ctx, args[0], depth + 1);
    const params: AlgorithmParams = { ...(inner?.params ?? {}), padding: type === 'OAEPEncoding' ? 'OAEP' : 'PKCS1v15' };
    const h = type === 'OAEPEncoding' ? hashSpelling(ctx, args[1]) : undefined;
    if (h) params.hash = h;
    return { spelling: inner?.spelling ?? 'RSA', params, unresolved: ['keySize'], parts: [o, ...(inner?.parts ?? [])] };
  }
  const digest = hashSpelling(ctx, o);
  if (digest) return { spelling: digest, params: {}, unresolved: [], functions: ['digest'], parts: [o] };
  if (type === 'HMac') {
    const h = hashSpelling(ctx, args[0]);
    return { spelling: 'HMAC', params: h ? { hash: h } : {}, unresolved: h ? [] : ['hash'], functions: ['tag'], parts: [o, ...subparts(ctx, args[0])] };
  }
  if (type === 'CMac' || type === 'GMac') {
    const inner = describe(ctx, args[0], depth + 1);
    const spelling = type === 'CMac' ? `${inner?.spelling ?? 'AES'}-CMAC` : 'AES-GMAC';
    return { spelling, params: {}, unresolved: [], functions: ['tag'], parts: [o, ...(inner?.parts ?? [])] };
  }
  if (type === 'Poly1305') return { spelling: 'Poly1305', params: {}, unresolved: [], functions: ['tag'], parts: [o, ...subparts(ctx, args[0])] };
  if (type === 'PSSSigner') {
    const params: AlgorithmParams = { padding: 'PSS' };
    const h = hashSpelling(ctx, args[1]);
    if (h) params.hash = h;
    const salt = ctx.int(args[args.length === 4 ? 3 : 2]);
    if (salt !== undefined && args.length >= 3) params.saltLength = salt;
    return { spelling: 'RSASSA-PSS', params, unresolved: ['keySize'], functions: ['sign'], parts: [o, ...subparts(ctx, args[0]), ...subparts(ctx, args[1])] };
  }
  if (type === 'RSADigestSigner') {
    const h = hashSpelling(ctx, args[0]);
    return { spelling: h ? `${h.replace('-', '')}withRSA` : 'RSA', params: {}, unresolved: ['keySize'], functions: ['sign'], parts: [o, ...subparts(ctx, args[0])] };
  }
  if (type === 'DSADigestSigner') {
    const inner = describe(ctx, args[0], depth + 1);
    const h = hashSpelling(ctx, args[1]);
    const base = inner?.spelling ?? 'DSA';
    return { spelling: h ? `${h.replace('-', '')}with${base}` : base, params: {}, unresolved: base === 'ECDSA' ? ['curve'] : ['keySize'], functions: ['sign'], parts: [o, ...(inner?.parts ?? []), ...subparts(ctx, args[1])] };
  }
  const signer = SIGNERS[type];
  if (signer) return { spelling: signer, params: {}, unresolved: signer === 'ECDSA' ? ['curve'] : signer === 'DSA' ? ['keySize'] : [], functions: ['sign'], parts: [o] };
  const kpg = KEYPAIR_GENERATORS[type];
  if (kpg) return { spelling: kpg, params: {}, unresolved: kpg === 'RSA' || kpg === 'DSA' || kpg === 'DH' ? ['keySize'] : kpg === 'EC' ? ['curve'] : /^(ML|SLH|FN)-/.test(kpg) ? ['parameterSet'] : [], functions: ['keygen'], parts: [o] };
  const agreement = AGREEMENTS[type];
  if (agreement) return { spelling: agreement, params: {}, unresolved: agreement === 'ECDH' ? ['curve'] : [], functions: agreement === 'ML-KEM' ? ['encapsulate'] : ['keyderive'], parts: [o] };
  if (type === 'PKCS5S2ParametersGenerator') {
    const h = args[0] ? hashSpelling(ctx, args[0]) : 'SHA-1'; // BC documents SHA-1 as the default PRF
    return { spelling: 'PBKDF2', params: h ? { hash: h } : {}, unresolved: ['iterations'], functions: ['keyderive'], parts: [o, ...subparts(ctx, args[0])] };
  }
  if (type === 'HKDFBytesGenerator') {
    const h = hashSpelling(ctx, args[0]);
    return { spelling: 'HKDF', params: h ? { hash: h } : {}, unresolved: h ? [] : ['hash'], functions: ['keyderive'], parts: [o, ...subparts(ctx, args[0])] };
  }
  if (type === 'Argon2BytesGenerator') return { spelling: argon2Variant(ctx, o), params: {}, unresolved: [], functions: ['keyderive'], parts: [o] };
  return undefined;
}

function subparts(ctx: JavaContext, node: SgNode | undefined): SgNode[] {
  const o = ctx.origin(node);
  return o && bcConstruct(o) ? [o] : [];
}

/** Handles a BC construct node; returns true when it was one (reported or consumed). */
export function handleBouncyCastle(ctx: JavaContext, node: SgNode): boolean {
  const c = bcConstruct(node);
  if (!c) return false;
  if (ctx.consumed.has(node.id()) || ctx.insideReported(node)) return true;
  const written = kindOf(node) === 'object_creation_expression' ? node.field('type')?.text() ?? c.type : node.field('object')?.text() ?? c.type;
  if (!isBouncyCastleClass(ctx.imports, written.replace(/<.*$/s, ''))) return false;
  const d = describe(ctx, node);
  if (!d) return false;
  for (const p of d.parts) ctx.consumed.add(p.id());
  // Nested constructs written inline (`new GCMBlockCipher(new AESEngine())`) are part of this one.
  ctx.markReported(node);
  const params = { ...d.params };
  const unresolved = [...d.unresolved];
  // Sizes come from the init call on the object: cipher.init(true, new AEADParameters(new KeyParameter(k), 128, nonce)),
  // gen.init(new RSAKeyGenerationParameters(e, rnd, 3072, 100)), pbkdf.init(pw, salt, 600_000).
  for (const init of ctx.linked(node, ['init'])) {
    const a = init.field('arguments')?.namedChildren() ?? [];
    if (d.spelling === 'PBKDF2') {
      const salt = ctx.value(a[1]);
      if (salt.kind === 'bytes' && salt.length !== undefined) params.saltLength = salt.length;
      const it = ctx.int(a[2]);
      if (it !== undefined) params.iterations = it;
      continue;
    }
    const keyArg = a.length >= 2 && (ctx.value(a[0]).kind === 'bool' || a[0]?.kind() === 'true' || a[0]?.kind() === 'false') ? a[1] : a[0];
    const info = ctx.keyInfo(keyArg);
    if (info.keySize !== undefined) params.keySize ??= info.keySize;
    if (info.curve !== undefined) params.curve ??= info.curve;
    if (info.tagLength !== undefined) params.tagLength ??= info.tagLength;
    if (info.ivLength !== undefined) params.ivLength ??= info.ivLength;
    if (info.named) {
      const named = info.named;
      if (/^(ML-KEM|ML-DSA|SLH-DSA|FN-DSA)-/.test(named)) {
        ctx.sink.algorithm(node, c.type, named, params, { ...(d.functions ? { functions: d.functions } : {}), library: BOUNCY_CASTLE });
        return true;
      }
    }
  }
  if (d.spelling.startsWith('Argon2')) Object.assign(params, argon2Params(ctx, node));
  ctx.sink.algorithm(node, c.type, d.spelling, params, { unresolved, ...(d.functions ? { functions: d.functions } : {}), library: BOUNCY_CASTLE });
  return true;
}

/** `new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)` passed to `init` names the variant. */
function argon2Variant(ctx: JavaContext, gen: SgNode): string {
  for (const init of ctx.linked(gen, ['init'])) {
    const chain = ctx.origin(init.field('arguments')?.namedChildren()[0]);
    const m = chain?.text().match(/ARGON2_(id|i|d)\b/);
    if (m) return `Argon2${m[1]}`;
  }
  return 'Argon2';
}

/** Argon2 parameters from the `Argon2Parameters.Builder` chain passed to `init`. */
function argon2Params(ctx: JavaContext, gen: SgNode): AlgorithmParams {
  const p: AlgorithmParams = {};
  for (const init of ctx.linked(gen, ['init'])) {
    const chain = ctx.origin(init.field('arguments')?.namedChildren()[0]);
    if (!chain) continue;
    for (const call of [chain, ...chain.findAll({ rule: { kind: 'method_invocation' } })]) {
      const name = call.field('name')?.text();
      const v = ctx.int(call.field('arguments')?.namedChildren()[0]);
      if (v === undefined) continue;
      if (name === 'withIterations') p.cost = v;
      else if (name === 'withMemoryAsKB') p.memoryCost = v;
      else if (name === 'withMemoryPowOfTwo') p.memoryCost = 2 ** v;
      else if (name === 'withParallelism') p.parallelism = v;
    }
  }
  return p;
}

/** Static helpers: `SCrypt.generate(P, S, N, r, p, dkLen)`, `BCrypt.generate(pw, salt, cost)`, `OpenBSDBCrypt.generate(pw, salt, cost)`. */
export function handleBcStatic(ctx: JavaContext, inv: SgNode): boolean {
  const obj = inv.field('object')?.text().replace(/\s+/g, '') ?? '';
  const cls = obj.slice(obj.lastIndexOf('.') + 1);
  const name = inv.field('name')?.text();
  if (name !== 'generate' || !['SCrypt', 'BCrypt', 'OpenBSDBCrypt'].includes(cls) || !isBouncyCastleClass(ctx.imports, obj)) return false;
  const a = inv.field('arguments')?.namedChildren() ?? [];
  if (cls === 'SCrypt') {
    const p: AlgorithmParams = {};
    const n = ctx.int(a[2]);
    const r = ctx.int(a[3]);
    const par = ctx.int(a[4]);
    const len = ctx.int(a[5]);
    if (n !== undefined) p.cost = n;
    if (n !== undefined && r !== undefined) p.memoryCost = (128 * n * r) / 1024;
    if (par !== undefined) p.parallelism = par;
    if (len !== undefined) p.outputLength = len * 8;
    ctx.sink.algorithm(inv, 'SCrypt.generate', 'scrypt', p, { unresolved: ['cost'], functions: ['keyderive'], library: BOUNCY_CASTLE });
  } else {
    const cost = ctx.int(a[cls === 'OpenBSDBCrypt' ? 2 : 2]);
    ctx.sink.algorithm(inv, `${cls}.generate`, 'bcrypt', cost !== undefined ? { cost } : {}, { unresolved: ['cost'], functions: ['keyderive'], library: BOUNCY_CASTLE });
  }
  return true;
}

/** Top-level members used by the detector to decide whether a `newInstance`/creation may be BC. */
export function isBcType(type: string): boolean {
  return type in ENGINES || type in MODES || type in DIGESTS || type in SIGNERS || type in KEYPAIR_GENERATORS || type in AGREEMENTS ||
    ['PaddedBufferedBlockCipher', 'BufferedBlockCipher', 'DefaultBufferedBlockCipher', 'OAEPEncoding', 'PKCS1Encoding', 'HMac', 'CMac', 'GMac', 'Poly1305', 'PSSSigner', 'RSADigestSigner', 'DSADigestSigner', 'PKCS5S2ParametersGenerator', 'HKDFBytesGenerator', 'Argon2BytesGenerator', 'SHA3Digest', 'SHAKEDigest', 'KeccakDigest'].includes(type);
}

export { pqcParameterSet };
