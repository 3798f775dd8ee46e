// Bouncy Castle lightweight API: engines, mode wrappers, digests, MACs, signers, key-pair
// generators, KEMs, KDFs and the post-quantum classes. A construct like
// `new PaddedBufferedBlockCipher(new CBCBlockCipher(new AESEngine()), new PKCS7Padding())` is one
// algorithm (AES-CBC-PKCS7): the outermost node is reported and the nested ones are consumed.
// The classes are data (the tables below); describe() composes them (an engine inside a mode inside a
// MAC) and handleBouncyCastle() sizes the result from the key the code gives it.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import { createdType } from './adapter.js';
import { pqcParameterSet } from '../common/jca-constants.js';
import type { JavaContext, KeyInfo } from './context.js';
import { BOUNCY_CASTLE, isBouncyCastleClass } from './imports.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';

/** Engines (block, stream, AEAD, asymmetric): class -> spelling. */
const ENGINES: Record<string, string> = {
  AESEngine: 'AES', AESFastEngine: 'AES', AESLightEngine: 'AES', DESEngine: 'DES', DESedeEngine: 'DESede',
  BlowfishEngine: 'Blowfish', TwofishEngine: 'Twofish', SerpentEngine: 'Serpent', TnepresEngine: 'Serpent',
  CamelliaEngine: 'Camellia', CamelliaLightEngine: 'Camellia', ARIAEngine: 'ARIA', SM4Engine: 'SM4', SEEDEngine: 'SEED',
  IDEAEngine: 'IDEA', CAST5Engine: 'CAST5', CAST6Engine: 'CAST6', RC2Engine: 'RC2', RC532Engine: 'RC5-32',
  RC564Engine: 'RC5-64', RC6Engine: 'RC6', SkipjackEngine: 'Skipjack', GOST28147Engine: 'GOST28147',
  GOST3412_2015Engine: 'Kuznyechik', DSTU7624Engine: 'Kalyna',
  RC4Engine: 'RC4', ChaCha7539Engine: 'ChaCha20', ChaChaEngine: 'ChaCha20', XChaCha20Engine: 'XChaCha20',
  Salsa20Engine: 'Salsa20', XSalsa20Engine: 'XSalsa20', HC128Engine: 'HC-128', HC256Engine: 'HC-256',
  VMPCEngine: 'VMPC', VMPCKSA3Engine: 'VMPC-KSA3', Zuc128Engine: '128-EEA3', Zuc256Engine: 'ZUC-256',
  Grain128AEADEngine: 'Grain-128AEAD', AsconAEAD128: 'Ascon-AEAD128',
  ChaCha20Poly1305: 'ChaCha20-Poly1305', XChaCha20Poly1305: 'XChaCha20-Poly1305',
  RSAEngine: 'RSA', RSABlindedEngine: 'RSA', ElGamalEngine: 'ElGamal',
  // Key-wrap engines over a fixed cipher (RFC 3394/5649 ones below take the cipher as an argument).
  AESWrapEngine: 'AES', AESWrapPadEngine: 'AES', ARIAWrapEngine: 'ARIA', ARIAWrapPadEngine: 'ARIA',
  CamelliaWrapEngine: 'Camellia', SEEDWrapEngine: 'SEED', DESedeWrapEngine: 'DESede', RC2WrapEngine: 'RC2',
  GOST28147WrapEngine: 'GOST28147', CryptoProWrapEngine: 'GOST28147', DSTU7624WrapEngine: 'Kalyna',
};
/** Modes an engine fixes: the SP 800-38F key wraps (DESede/RC2 wrap are RFC 3217's CMS wraps, no mode name). */
const ENGINE_MODE: Record<string, string> = {
  AESWrapEngine: 'KW', AESWrapPadEngine: 'KWP', ARIAWrapEngine: 'KW', ARIAWrapPadEngine: 'KWP', CamelliaWrapEngine: 'KW',
  SEEDWrapEngine: 'KW', DSTU7624WrapEngine: 'KW',
};
/** Spellings whose strength follows the key given to `init` (reported as unresolved until it is known). */
const SIZED = new Set([
  'AES', 'Blowfish', 'Camellia', 'ARIA', 'RC2', 'RC4', 'RSA', 'ElGamal', 'Twofish', 'Serpent', 'CAST6', 'RC6',
  'RC5-32', 'RC5-64', 'Kalyna',
]);
/** Block sizes in bits: Bouncy Castle's block-cipher MACs default to half the block as tag. */
const BLOCK_BITS: Record<string, number> = {
  AES: 128, DES: 64, DESede: 64, Blowfish: 64, Twofish: 128, Serpent: 128, Camellia: 128, ARIA: 128, SM4: 128,
  SEED: 128, IDEA: 64, CAST5: 64, CAST6: 128, RC2: 64, 'RC5-32': 64, 'RC5-64': 128, RC6: 128, Skipjack: 64,
  GOST28147: 64, Kuznyechik: 128,
};

/** Mode wrappers around a block cipher: class -> mode. */
const MODES: Record<string, string> = {
  GCMBlockCipher: 'GCM', GCMModeCipher: 'GCM', CBCBlockCipher: 'CBC', CBCModeCipher: 'CBC', SICBlockCipher: 'CTR',
  CTRModeCipher: 'CTR', CFBBlockCipher: 'CFB', CFBModeCipher: 'CFB', OFBBlockCipher: 'OFB', CCMBlockCipher: 'CCM',
  CCMModeCipher: 'CCM', EAXBlockCipher: 'EAX', OCBBlockCipher: 'OCB', GCMSIVBlockCipher: 'GCM-SIV', KCCMBlockCipher: 'CCM',
  // DSTU 7624 (Kalyna) modes, usable with any engine.
  KGCMBlockCipher: 'GCM', KCTRBlockCipher: 'CTR', KXTSBlockCipher: 'XTS',
  // GOST R 34.13-2015 modes (Kuznyechik, Magma).
  G3413CBCBlockCipher: 'CBC', G3413CFBBlockCipher: 'CFB', G3413CTRBlockCipher: 'CTR', G3413OFBBlockCipher: 'OFB',
  // Ciphertext stealing and OpenPGP's CFB variants.
  CTSBlockCipher: 'CTS', OldCTSBlockCipher: 'CTS', NISTCTSBlockCipher: 'CTS', PGPCFBBlockCipher: 'CFB', OpenPGPCFBBlockCipher: 'CFB',
  // RFC 3394/5649 key wrap over any engine.
  RFC3394WrapEngine: 'KW', RFC5649WrapEngine: 'KWP',
};
/** Wrappers whose cipher is not the first argument (`new NISTCTSBlockCipher(NISTCTSBlockCipher.CS3, cbc)`). */
const CIPHER_ARG: Record<string, number> = { NISTCTSBlockCipher: 1 };
/** Wrappers that add nothing to the algorithm (buffering, RFC 3211's password wrap). */
const PASS_THROUGH = new Set(['BufferedBlockCipher', 'DefaultBufferedBlockCipher', 'BufferedAsymmetricBlockCipher', 'RFC3211WrapEngine']);

const DIGESTS: Record<string, string> = {
  MD2Digest: 'MD2', MD4Digest: 'MD4', MD5Digest: 'MD5', SHA1Digest: 'SHA-1', SHA224Digest: 'SHA-224',
  SHA256Digest: 'SHA-256', SHA384Digest: 'SHA-384', SHA512Digest: 'SHA-512', RIPEMD160Digest: 'RIPEMD-160',
  SM3Digest: 'SM3', TigerDigest: 'Tiger', WhirlpoolDigest: 'Whirlpool', Blake3Digest: 'BLAKE3',
  GOST3411Digest: 'GOSTR3411', GOST3411_2012_256Digest: 'Streebog-256', GOST3411_2012_512Digest: 'Streebog-512',
  AsconHash256: 'Ascon-Hash256', AsconXof128: 'Ascon-XOF128', AsconCXof128: 'Ascon-CXOF128',
};
/** Skein state/output pairs the knowledge base names; others stay `Skein` with their output length. */
const SKEIN_VARIANTS = new Set(['256-256', '512-256', '512-512', '1024-1024']);

const SIGNERS: Record<string, string> = {
  Ed25519Signer: 'Ed25519', Ed25519ctxSigner: 'Ed25519', Ed25519phSigner: 'Ed25519', Ed448Signer: 'Ed448', Ed448phSigner: 'Ed448',
  ECDSASigner: 'ECDSA', DSASigner: 'DSA', SM2Signer: 'SM2', MLDSASigner: 'ML-DSA', DilithiumSigner: 'ML-DSA',
  SLHDSASigner: 'SLH-DSA', SPHINCSPlusSigner: 'SLH-DSA', FalconSigner: 'FN-DSA', HashMLDSASigner: 'HashML-DSA',
  ECGOST3410Signer: 'GOSTR3410', ECGOST3410_2012Signer: 'GOSTR3410', GOST3410Signer: 'GOSTR3410',
  XMSSSigner: 'XMSS', XMSSMTSigner: 'XMSSMT', LMSSigner: 'LMS', HSSSigner: 'LMS',
};
/** RSA signers with their own encoding: class -> scheme; the digest is the second argument. */
const RSA_SCHEME_SIGNERS: Record<string, string> = {
  X931Signer: 'RSA-X9.31', ISO9796d2Signer: 'RSA-ISO9796-2', ISO9796d2PSSSigner: 'RSA-ISO9796-2-PSS',
};

const KEYPAIR_GENERATORS: Record<string, string> = {
  RSAKeyPairGenerator: 'RSA', ECKeyPairGenerator: 'EC', DSAKeyPairGenerator: 'DSA', DHKeyPairGenerator: 'DH',
  Ed25519KeyPairGenerator: 'Ed25519', Ed448KeyPairGenerator: 'Ed448', X25519KeyPairGenerator: 'X25519',
  X448KeyPairGenerator: 'X448', MLKEMKeyPairGenerator: 'ML-KEM', KyberKeyPairGenerator: 'ML-KEM',
  MLDSAKeyPairGenerator: 'ML-DSA', DilithiumKeyPairGenerator: 'ML-DSA', SLHDSAKeyPairGenerator: 'SLH-DSA',
  SPHINCSPlusKeyPairGenerator: 'SLH-DSA', FalconKeyPairGenerator: 'FN-DSA', ElGamalKeyPairGenerator: 'ElGamal',
  BIKEKeyPairGenerator: 'BIKE', HQCKeyPairGenerator: 'HQC', FrodoKEMKeyPairGenerator: 'FrodoKEM', FrodoKeyPairGenerator: 'FrodoKEM',
  CMCEKeyPairGenerator: 'Classic-McEliece', XMSSKeyPairGenerator: 'XMSS', XMSSMTKeyPairGenerator: 'XMSSMT',
  LMSKeyPairGenerator: 'LMS', HSSKeyPairGenerator: 'LMS', GOST3410KeyPairGenerator: 'GOSTR3410',
};
const PQC_FAMILY = /^(ML-KEM|ML-DSA|SLH-DSA|FN-DSA|BIKE|HQC|FrodoKEM|Classic-McEliece|XMSS|XMSSMT|LMS)$/;
/** Parameter sets named by a key's `XParameters.x` (pqcParameterSet): they replace the family spelling. */
const PQC_NAMED = /^(ML-KEM|ML-DSA|SLH-DSA|FN-DSA|BIKE|HQC|FrodoKEM|Classic-McEliece)-/;

const AGREEMENTS: Record<string, string> = {
  X25519Agreement: 'X25519', X448Agreement: 'X448', XDHBasicAgreement: 'XDH', XDHUnifiedAgreement: 'XDH',
  ECDHBasicAgreement: 'ECDH', ECDHCBasicAgreement: 'ECDH', ECDHCUnifiedAgreement: 'ECDH',
  DHBasicAgreement: 'DH', DHAgreement: 'DH', DHUnifiedAgreement: 'DH',
};

/**
 * KEMs: class -> spelling, function, and where the key is: an extractor's private key is its first
 * constructor argument, a generator's public key the argument of `generateEncapsulated`; `kdf` is the
 * index of a KDF argument (ECIES-KEM, RSA-KEM).
 */
const KEMS: Record<string, { spelling: string; fn: CryptoFunction; keyArg?: number; kdf?: number }> = {
  MLKEMGenerator: { spelling: 'ML-KEM', fn: 'encapsulate' }, MLKEMExtractor: { spelling: 'ML-KEM', fn: 'decapsulate', keyArg: 0 },
  KyberKEMGenerator: { spelling: 'ML-KEM', fn: 'encapsulate' }, KyberKEMExtractor: { spelling: 'ML-KEM', fn: 'decapsulate', keyArg: 0 },
  BIKEKEMGenerator: { spelling: 'BIKE', fn: 'encapsulate' }, BIKEKEMExtractor: { spelling: 'BIKE', fn: 'decapsulate', keyArg: 0 },
  HQCKEMGenerator: { spelling: 'HQC', fn: 'encapsulate' }, HQCKEMExtractor: { spelling: 'HQC', fn: 'decapsulate', keyArg: 0 },
  FrodoKEMGenerator: { spelling: 'FrodoKEM', fn: 'encapsulate' }, FrodoKEMExtractor: { spelling: 'FrodoKEM', fn: 'decapsulate', keyArg: 0 },
  CMCEKEMGenerator: { spelling: 'Classic-McEliece', fn: 'encapsulate' }, CMCEKEMExtractor: { spelling: 'Classic-McEliece', fn: 'decapsulate', keyArg: 0 },
  ECIESKEMGenerator: { spelling: 'ECIES-KEM', fn: 'encapsulate', kdf: 1 }, ECIESKEMExtractor: { spelling: 'ECIES-KEM', fn: 'decapsulate', keyArg: 0, kdf: 2 },
  RSAKEMGenerator: { spelling: 'RSA-KEM', fn: 'encapsulate', kdf: 1 }, RSAKEMExtractor: { spelling: 'RSA-KEM', fn: 'decapsulate', keyArg: 0, kdf: 2 },
};

/** KDFs over a digest (first argument): class -> spelling. */
const DIGEST_KDFS: Record<string, string> = {
  HKDFBytesGenerator: 'HKDF', KDF2BytesGenerator: 'ANSI-KDF-X9.63', ConcatenationKDFGenerator: 'SP800_56C_OneStep',
  MGF1BytesGenerator: 'MGF1',
};
/** SP 800-108 KDFs over a PRF (an `HMac` names the hash): class -> spelling. */
const PRF_KDFS: Record<string, string> = {
  KDFCounterBytesGenerator: 'SP800_108_CounterKDF', KDFFeedbackBytesGenerator: 'SP800_108_FeedbackKDF',
  KDFDoublePipelineIterationBytesGenerator: 'SP800_108_DoublePipelineKDF',
};
/** Password-based generators sized by `init(password, salt[, iterations])`: class -> spelling and the digest BC uses without one. */
const PBE_GENERATORS: Record<string, { spelling: string; defaultHash?: string; iterations?: number }> = {
  PKCS5S2ParametersGenerator: { spelling: 'PBKDF2', defaultHash: 'SHA-1' },
  PKCS5S1ParametersGenerator: { spelling: 'PBKDF1' },
  // Its init(password, salt) takes no count: BC always runs one iteration, as OpenSSL's enc command did.
  OpenSSLPBEParametersGenerator: { spelling: 'EVP_BytesToKey', defaultHash: 'MD5', iterations: 1 },
};

/** Classes composed by describe() beyond the tables. */
const OTHER_CLASSES = [
  'PaddedBufferedBlockCipher', 'OAEPEncoding', 'PKCS1Encoding', 'ISO9796d1Encoding', 'HMac', 'OldHMac', 'CMac', 'CMacWithIV',
  'GMac', 'KGMac', 'Poly1305', 'CBCBlockCipherMac', 'BlockCipherMac', 'CFBBlockCipherMac', 'ISO9797Alg3Mac', 'GOST28147Mac',
  'DSTU7564Mac', 'DSTU7624Mac', 'SkeinMac', 'VMPCMac', 'Zuc128Mac', 'Zuc256Mac', 'Blake3Mac', 'KMAC', 'SipHash', 'SipHash128',
  'PSSSigner', 'RSADigestSigner', 'DSADigestSigner', 'GenericSigner', 'DigestingMessageSigner', 'DigestingStateAwareMessageSigner',
  'IESEngine', 'EthereumIESEngine', 'HandshakeKDFFunction', 'Argon2BytesGenerator', 'SHA3Digest', 'SHAKEDigest', 'KeccakDigest',
  'SHA512tDigest', 'DSTU7564Digest', 'SkeinDigest', 'Blake2bDigest', 'Blake2sDigest', 'RijndaelEngine', 'ThreefishEngine', 'AsconEngine',
];

/** Every class name this module knows (isBcType asks it for each object creation of a file). */
const BC_TYPES: ReadonlySet<string> = new Set([
  ...Object.keys(ENGINES), ...Object.keys(MODES), ...PASS_THROUGH, ...Object.keys(DIGESTS), ...Object.keys(SIGNERS),
  ...Object.keys(RSA_SCHEME_SIGNERS), ...Object.keys(KEYPAIR_GENERATORS), ...Object.keys(AGREEMENTS), ...Object.keys(KEMS),
  ...Object.keys(DIGEST_KDFS), ...Object.keys(PRF_KDFS), ...Object.keys(PBE_GENERATORS), ...OTHER_CLASSES,
]);

interface Described {
  spelling: string;
  params: AlgorithmParams;
  unresolved: AlgorithmParamName[];
  functions?: CryptoFunction[];
  /** Nodes inside that are part of this construct. */
  parts: SgNode[];
  /** Key objects the construct is given outside `init` (an extractor's private key). */
  keys?: SgNode[];
  /** Methods whose first argument is the key (`generateEncapsulated(publicKey)`). */
  keyMethods?: string[];
  /** Password-based: `init(password, salt[, iterations])`. */
  pbe?: boolean;
}

/** Type name and arguments of `new T(..)` or `T.newInstance(..)` / `T.getInstance(..)`. */
export function bcConstruct(node: SgNode): { type: string; args: SgNode[] } | undefined {
  const k = kindOf(node);
  if (k === 'object_creation_expression') return { type: createdType(node), args: argumentsOf(node) };
  if (k === 'method_invocation' && node.field('name')?.text() === 'newInstance') {
    const obj = node.field('object')?.text().replace(/\s+/g, '') ?? '';
    return { type: obj.slice(obj.lastIndexOf('.') + 1), args: argumentsOf(node) };
  }
  return undefined;
}

/** Arguments without the comments between them (`new CFBBlockCipherMac( // tag size below` keeps its positions). */
function argumentsOf(node: SgNode): SgNode[] {
  const all = node.field('arguments')?.namedChildren() ?? [];
  return all.some((a) => /comment$/.test(kindOf(a))) ? all.filter((a) => !/comment$/.test(kindOf(a))) : all;
}

/** The digest a construct names, with the sizes its constructor gives (`new SHA3Digest(384)`, `new SkeinDigest(512, 256)`). */
function hashSpelling(ctx: JavaContext, node: SgNode | undefined): { spelling: string; params?: AlgorithmParams } | undefined {
  const o = ctx.origin(node);
  if (!o) return undefined;
  const c = bcConstruct(o);
  if (!c) return undefined;
  const fixed = DIGESTS[c.type];
  if (fixed) return { spelling: fixed };
  const a = c.args;
  const bits = ctx.int(a[0]);
  switch (c.type) {
    // No-argument constructors: SHA3Digest() is SHA3-256, SHAKEDigest() SHAKE128 (BC's documented defaults).
    case 'SHA3Digest':
      return { spelling: a.length === 0 ? 'SHA3-256' : bits ? `SHA3-${bits}` : 'SHA3' };
    case 'SHAKEDigest':
      return { spelling: a.length === 0 ? 'SHAKE128' : bits ? `SHAKE${bits}` : 'SHAKE' };
    case 'KeccakDigest':
      return { spelling: bits ? `Keccak-${bits}` : 'Keccak' };
    case 'SHA512tDigest':
      return { spelling: bits ? `SHA-512/${bits}` : 'SHA-512/t' };
    case 'DSTU7564Digest':
      return { spelling: bits ? `Kupyna-${bits}` : unresolvedSpelling('hash') };
    case 'SkeinDigest': {
      const out = ctx.int(a[1]);
      if (bits !== undefined && out !== undefined && SKEIN_VARIANTS.has(`${bits}-${out}`)) return { spelling: `Skein-${bits}-${out}` };
      return { spelling: 'Skein', params: out !== undefined ? { outputLength: out } : {} };
    }
    // Blake2bDigest() is 512 bits, Blake2bDigest(bits), Blake2bDigest(key, bytes, salt, personalisation).
    case 'Blake2bDigest':
    case 'Blake2sDigest': {
      const v = c.type === 'Blake2bDigest' ? 'BLAKE2b' : 'BLAKE2s';
      if (a.length === 0) return { spelling: v === 'BLAKE2b' ? 'BLAKE2b-512' : 'BLAKE2s-256' };
      const len = a.length === 1 ? bits : a.length === 4 ? (ctx.int(a[1]) ?? NaN) * 8 : undefined;
      return len !== undefined && !Number.isNaN(len) ? { spelling: v, params: { outputLength: len } } : { spelling: v };
    }
  }
  return undefined;
}

/** The hash a digest argument names (for HMAC, signers, KDFs), or undefined. */
function hashOf(ctx: JavaContext, node: SgNode | undefined): string | undefined {
  const h = hashSpelling(ctx, node);
  if (!h) return undefined;
  // A sized BLAKE2 digest as a parameter keeps its length in the name (HMAC over BLAKE2b-256).
  if (h.params?.outputLength !== undefined && /^BLAKE2[bs]$/.test(h.spelling)) return `${h.spelling}-${h.params.outputLength}`;
  return h.spelling;
}

/** Spelling of an engine whose constructor argument picks the algorithm. */
function engineWithArgs(ctx: JavaContext, type: string, args: SgNode[]): string | undefined {
  switch (type) {
    case 'RijndaelEngine': {
      // Rijndael with a 128-bit block (the default) is AES; other block sizes are not.
      const block = args[0] === undefined ? 128 : ctx.int(args[0]);
      return block === 128 ? 'AES' : block === undefined ? 'Rijndael' : `Rijndael-${block}`;
    }
    case 'ThreefishEngine': {
      const block = ctx.int(args[0]);
      return block ? `Threefish-${block}` : 'Threefish';
    }
    case 'AsconEngine': {
      // AsconEngine(AsconEngine.AsconParameters.ascon128a): the Ascon v1.2 variant.
      const m = ctx.origin(args[0])?.text().match(/\bascon(128a|128|80pq)\b/);
      return m ? `Ascon-${m[1]}` : unresolvedSpelling('cipher');
    }
  }
  return undefined;
}

/** An inner description or nothing: the argument is not a construct of this module. */
function inner(ctx: JavaContext, node: SgNode | undefined, depth: number): Described | undefined {
  return describe(ctx, node, depth + 1);
}

function withParts(d: Described | undefined): SgNode[] {
  return d?.parts ?? [];
}

/** Describes a BC construct (recursively for wrappers); undefined when it is not one. */
function describe(ctx: JavaContext, node: SgNode | undefined, depth = 0): Described | undefined {
  const o = ctx.origin(node);
  if (!o || depth > 6) return undefined;
  const c = bcConstruct(o);
  if (!c) return undefined;
  const { type, args } = c;
  const engine = ENGINES[type] ?? engineWithArgs(ctx, type, args);
  if (engine) {
    const params: AlgorithmParams = ENGINE_MODE[type] ? { mode: ENGINE_MODE[type] } : {};
    return { spelling: engine, params, unresolved: SIZED.has(engine) ? ['keySize'] : [], parts: [o] };
  }
  const mode = MODES[type];
  if (mode) {
    // GCMSIVBlockCipher() is AES-GCM-SIV (BC's no-argument constructor takes AESEngine).
    if (type === 'GCMSIVBlockCipher' && args.length === 0) return { spelling: 'AES', params: { mode }, unresolved: ['keySize'], parts: [o] };
    const d = inner(ctx, args[CIPHER_ARG[type] ?? 0], depth);
    if (!d) return { spelling: unresolvedSpelling('block-cipher'), params: { mode }, unresolved: [], parts: [o] };
    return { ...d, params: { ...d.params, mode }, unresolved: [...d.unresolved], parts: [o, ...d.parts] };
  }
  if (PASS_THROUGH.has(type)) {
    const d = inner(ctx, args[0], depth);
    return d ? { ...d, parts: [o, ...d.parts] } : undefined;
  }
  if (type === 'PaddedBufferedBlockCipher') {
    const d = inner(ctx, args[0], depth);
    if (!d) return undefined;
    // Without a padding argument BC documents PKCS7 as the padding.
    const pad = args[1] ? ctx.origin(args[1]) : undefined;
    const padType = pad ? bcConstruct(pad)?.type : 'PKCS7Padding';
    const params = { ...d.params };
    if (padType) params.padding = padType.replace(/Padding$/, '');
    return { ...d, params, parts: [o, ...d.parts] };
  }
  if (type === 'OAEPEncoding' || type === 'PKCS1Encoding') {
    const d = inner(ctx, args[0], depth);
    const params: AlgorithmParams = { ...(d?.params ?? {}), padding: type === 'OAEPEncoding' ? 'OAEP' : 'PKCS1v15' };
    const h = type === 'OAEPEncoding' ? hashOf(ctx, args[1]) : undefined;
    if (h) params.hash = h;
    return { spelling: d?.spelling ?? 'RSA', params, unresolved: ['keySize'], parts: [o, ...withParts(d), ...subparts(ctx, args[1])] };
  }
  if (type === 'ISO9796d1Encoding') {
    const d = inner(ctx, args[0], depth);
    return { spelling: 'RSA-ISO9796-1', params: {}, unresolved: ['keySize'], parts: [o, ...withParts(d)] };
  }
  const digest = hashSpelling(ctx, o);
  if (digest) return { spelling: digest.spelling, params: digest.params ?? {}, unresolved: [], functions: ['digest'], parts: [o] };
  const mac = describeMac(ctx, o, type, args, depth);
  if (mac) return mac;
  const signer = describeSigner(ctx, o, type, args, depth);
  if (signer) return signer;
  const kpg = KEYPAIR_GENERATORS[type];
  if (kpg) return { spelling: kpg, params: {}, unresolved: kpg === 'RSA' || kpg === 'DSA' || kpg === 'DH' ? ['keySize'] : kpg === 'EC' ? ['curve'] : PQC_FAMILY.test(kpg) ? ['parameterSet'] : [], functions: ['keygen'], parts: [o] };
  const agreement = AGREEMENTS[type];
  if (agreement) return { spelling: agreement, params: {}, unresolved: agreement === 'ECDH' || agreement === 'XDH' ? ['curve'] : agreement === 'DH' ? ['keySize'] : [], functions: ['keyderive'], parts: [o] };
  const kem = KEMS[type];
  if (kem) {
    const kdf = kem.kdf !== undefined ? inner(ctx, args[kem.kdf], depth) : undefined;
    const params: AlgorithmParams = kdf?.params.hash ? { hash: kdf.params.hash } : {};
    const unresolved: AlgorithmParamName[] = kem.spelling === 'RSA-KEM' ? ['keySize'] : kem.spelling === 'ECIES-KEM' ? ['curve'] : ['parameterSet'];
    return {
      spelling: kem.spelling, params, unresolved, functions: [kem.fn], parts: [o, ...withParts(kdf)],
      ...(kem.keyArg !== undefined && args[kem.keyArg] ? { keys: [args[kem.keyArg]!] } : { keyMethods: ['generateEncapsulated'] }),
    };
  }
  if (type === 'IESEngine' || type === 'EthereumIESEngine') {
    // The agreement decides the group: ECDH -> ECIES, finite-field DH -> DHIES.
    const agreementNode = ctx.origin(args[0]);
    const agreementType = agreementNode ? bcConstruct(agreementNode)?.type ?? '' : '';
    const spelling = type === 'EthereumIESEngine' || /^EC/.test(agreementType) ? 'ECIES' : /^DH/.test(agreementType) ? 'DHIES' : unresolvedSpelling('cipher');
    const subs = args.slice(0, 5).flatMap((a) => withParts(inner(ctx, a, depth)));
    return { spelling, params: {}, unresolved: spelling === 'ECIES' ? ['curve'] : spelling === 'DHIES' ? ['keySize'] : [], parts: [o, ...subs] };
  }
  const digestKdf = DIGEST_KDFS[type] ?? (type === 'HandshakeKDFFunction' ? 'SP800_56C_OneStep' : undefined);
  if (digestKdf) {
    const digestArg = type === 'HandshakeKDFFunction' ? args[1] : args[0];
    const h = hashOf(ctx, digestArg);
    return { spelling: digestKdf, params: h ? { hash: h } : {}, unresolved: h ? [] : ['hash'], functions: ['keyderive'], parts: [o, ...subparts(ctx, digestArg)] };
  }
  const prfKdf = PRF_KDFS[type];
  if (prfKdf) {
    const prf = inner(ctx, args[0], depth);
    const h = prf?.spelling === 'HMAC' ? prf.params.hash : undefined;
    return { spelling: prfKdf, params: h ? { hash: h } : {}, unresolved: [], functions: ['keyderive'], parts: [o, ...withParts(prf)] };
  }
  const pbe = PBE_GENERATORS[type];
  if (pbe) {
    const h = args[0] ? hashOf(ctx, args[0]) : pbe.defaultHash;
    const params: AlgorithmParams = { ...(h ? { hash: h } : {}), ...(pbe.iterations ? { iterations: pbe.iterations } : {}) };
    return { spelling: pbe.spelling, params, unresolved: pbe.iterations ? [] : ['iterations'], functions: ['keyderive'], parts: [o, ...subparts(ctx, args[0])], pbe: true };
  }
  if (type === 'Argon2BytesGenerator') return { spelling: argon2Variant(ctx, o), params: {}, unresolved: [], functions: ['keyderive'], parts: [o] };
  return undefined;
}

/** MACs: over a digest (HMac), over a block cipher (CMac, CBC-MAC, ...), and the dedicated ones. */
function describeMac(ctx: JavaContext, o: SgNode, type: string, args: SgNode[], depth: number): Described | undefined {
  const tag = (spelling: string, params: AlgorithmParams, parts: SgNode[], unresolved: AlgorithmParamName[] = []): Described => ({ spelling, params, unresolved, functions: ['tag'], parts: [o, ...parts] });
  const tagBits = (n: number | undefined): AlgorithmParams => (n !== undefined ? { tagLength: n } : {});
  switch (type) {
    case 'HMac':
    case 'OldHMac': {
      const h = hashOf(ctx, args[0]);
      return tag('HMAC', h ? { hash: h } : {}, subparts(ctx, args[0]), h ? [] : ['hash']);
    }
    case 'CMac':
    case 'CMacWithIV': {
      const d = inner(ctx, args[0], depth);
      return tag(`${d?.spelling ?? 'AES'}-CMAC`, tagBits(ctx.int(args[1])), withParts(d));
    }
    case 'GMac': {
      const d = inner(ctx, args[0], depth);
      return tag('AES-GMAC', {}, withParts(d));
    }
    case 'KGMac': {
      // DSTU 7624 GMAC over a KGCMBlockCipher: the engine inside names the cipher.
      const d = inner(ctx, args[0], depth);
      if (!d) return tag(unresolvedSpelling('mac'), tagBits(ctx.int(args[1])), []);
      return tag(d.spelling, { ...d.params, mode: 'GMAC', ...tagBits(ctx.int(args[1])) }, withParts(d), d.unresolved);
    }
    case 'DSTU7624Mac':
      // DSTU 7624's MAC mode (Bouncy Castle registers its OIDs as dstu7624cmac).
      return tag('Kalyna', { mode: 'CMAC', ...tagBits(ctx.int(args[1])) }, [], ['keySize']);
    case 'DSTU7564Mac':
      return tag('Kupyna-MAC', tagBits(ctx.int(args[0])), []);
    case 'Poly1305':
      return tag('Poly1305', {}, subparts(ctx, args[0]));
    case 'CBCBlockCipherMac':
    case 'BlockCipherMac':
    case 'CFBBlockCipherMac':
    case 'ISO9797Alg3Mac': {
      // CBCBlockCipherMac(cipher[, macBits][, padding]), CFBBlockCipherMac(cipher[, cfbBits, macBits][, padding]),
      // ISO9797Alg3Mac(des[, macBits][, padding]). Without a size BC takes half the block (the whole block for algorithm 3).
      const d = inner(ctx, args[0], depth);
      const sizeArg = type === 'CFBBlockCipherMac' ? args[2] : isPadding(ctx, args[1]) ? undefined : args[1];
      const block = d ? BLOCK_BITS[d.spelling] : undefined;
      const size = sizeArg ? ctx.int(sizeArg) : type === 'ISO9797Alg3Mac' ? 64 : block !== undefined ? block / 2 : undefined;
      const spelling = type === 'ISO9797Alg3Mac' ? 'ISO9797-1-MAC3'
        : type === 'CFBBlockCipherMac' ? 'CFB-MAC'
        : d?.spelling === 'AES' ? 'AES-CBC-MAC' : d?.spelling === 'DES' ? 'DES-CBC-MAC' : d?.spelling === 'DESede' ? '3DES-CBC-MAC' : 'CBC-MAC';
      const params: AlgorithmParams = { ...tagBits(size) };
      return tag(spelling, params, withParts(d));
    }
    case 'GOST28147Mac':
      return tag('GOST28147_MAC', {}, []);
    case 'SkeinMac': {
      const out = ctx.int(args[1]);
      return tag('Skein-MAC', out !== undefined ? { outputLength: out } : {}, []);
    }
    case 'VMPCMac':
      return tag('VMPC-MAC', {}, []);
    case 'Zuc128Mac':
      return tag('128-EIA3', {}, []);
    case 'Zuc256Mac':
      return tag('ZUC-256-MAC', tagBits(ctx.int(args[0])), []);
    case 'Blake3Mac':
      return tag('BLAKE3', {}, subparts(ctx, args[0]));
    case 'KMAC': {
      const bits = ctx.int(args[0]);
      return tag(bits === 128 || bits === 256 ? `KMAC${bits}` : unresolvedSpelling('mac'), {}, []);
    }
    case 'SipHash':
    case 'SipHash128': {
      // SipHash() is SipHash-2-4; SipHash(c, d) names its rounds.
      const base = type === 'SipHash' ? 'SipHash' : 'SipHash128';
      if (args.length === 0) return tag(`${base}-2-4`, {}, []);
      const cr = ctx.int(args[0]);
      const fr = ctx.int(args[1]);
      return tag(cr !== undefined && fr !== undefined ? `${base}-${cr}-${fr}` : unresolvedSpelling('mac'), {}, []);
    }
  }
  return undefined;
}

/** Whether an argument is a BlockCipherPadding object (`new PKCS7Padding()`), not a size. */
function isPadding(ctx: JavaContext, node: SgNode | undefined): boolean {
  const o = ctx.origin(node);
  return !!o && kindOf(o) === 'object_creation_expression' && /Padding$/.test(createdType(o));
}

/** Signers: fixed ones, digest signers over an engine, and the message signers of the PQC package. */
function describeSigner(ctx: JavaContext, o: SgNode, type: string, args: SgNode[], depth: number): Described | undefined {
  const sign = (spelling: string, params: AlgorithmParams, unresolved: AlgorithmParamName[], parts: SgNode[]): Described => ({ spelling, params, unresolved, functions: ['sign'], parts: [o, ...parts] });
  if (type === 'PSSSigner') {
    const params: AlgorithmParams = { padding: 'PSS' };
    const h = hashOf(ctx, args[1]);
    if (h) params.hash = h;
    const salt = ctx.int(args[args.length === 4 ? 3 : 2]);
    if (salt !== undefined && args.length >= 3) params.saltLength = salt;
    return sign('RSASSA-PSS', params, ['keySize'], [...subparts(ctx, args[0]), ...subparts(ctx, args[1])]);
  }
  if (type === 'RSADigestSigner') {
    const h = hashOf(ctx, args[0]);
    return sign(h ? `${h.replace('-', '')}withRSA` : 'RSA', {}, ['keySize'], subparts(ctx, args[0]));
  }
  if (type === 'DSADigestSigner') {
    const d = inner(ctx, args[0], depth);
    const h = hashOf(ctx, args[1]);
    const base = d?.spelling ?? 'DSA';
    return sign(h ? `${h.replace('-', '')}with${base}` : base, {}, base === 'ECDSA' ? ['curve'] : ['keySize'], [...withParts(d), ...subparts(ctx, args[1])]);
  }
  const scheme = RSA_SCHEME_SIGNERS[type];
  if (scheme) {
    // X931Signer(cipher, digest[, implicit]), ISO9796d2Signer(cipher, digest[, implicit]), ISO9796d2PSSSigner(cipher, digest, saltBytes[, implicit]).
    const d = inner(ctx, args[0], depth);
    const h = hashOf(ctx, args[1]);
    const params: AlgorithmParams = h ? { hash: h } : {};
    const salt = type === 'ISO9796d2PSSSigner' ? ctx.int(args[2]) : undefined;
    if (salt !== undefined) params.saltLength = salt;
    return sign(scheme, params, ['keySize'], [...withParts(d), ...subparts(ctx, args[1])]);
  }
  if (type === 'GenericSigner' || type === 'DigestingMessageSigner' || type === 'DigestingStateAwareMessageSigner') {
    // A signer (or raw engine) over a digest: the inner one names the algorithm, the digest is its hash.
    const d = inner(ctx, args[0], depth);
    const h = hashOf(ctx, args[1]);
    const params: AlgorithmParams = { ...(d?.params ?? {}), ...(h ? { hash: h } : {}) };
    return sign(d?.spelling ?? unresolvedSpelling('signature'), params, d?.unresolved ?? [], [...withParts(d), ...subparts(ctx, args[1])]);
  }
  const fixed = SIGNERS[type];
  if (fixed) return sign(fixed, {}, fixed === 'ECDSA' ? ['curve'] : fixed === 'DSA' ? ['keySize'] : [], []);
  return undefined;
}

function subparts(ctx: JavaContext, node: SgNode | undefined): SgNode[] {
  const o = ctx.origin(node);
  return o && bcConstruct(o) ? [o] : [];
}

/** Whether a class as written (`GCMBlockCipher`, `EthereumIESEngine.HandshakeKDFFunction`, fully qualified) is Bouncy Castle's. */
function writtenByBc(ctx: JavaContext, written: string): boolean {
  const w = written.replace(/<.*$/s, '').replace(/\s+/g, '');
  // A nested class is its outer class's: `EthereumIESEngine.HandshakeKDFFunction`.
  const dot = w.indexOf('.');
  if (dot > 0 && /^[A-Z]/.test(w)) return isBouncyCastleClass(ctx.imports, w.slice(0, dot));
  return isBouncyCastleClass(ctx.imports, w);
}

/** Handles a BC construct node; returns true when it was one (reported or consumed). */
export function handleBouncyCastle(ctx: JavaContext, node: SgNode): boolean {
  const c = bcConstruct(node);
  if (!c) return false;
  if (ctx.consumed.has(node.id()) || ctx.insideReported(node)) return true;
  const written = kindOf(node) === 'object_creation_expression' ? node.field('type')?.text() ?? c.type : node.field('object')?.text() ?? c.type;
  if (!writtenByBc(ctx, written)) return false;
  const d = describe(ctx, node);
  if (!d) return false;
  for (const p of d.parts) ctx.consumed.add(p.id());
  // Nested constructs written inline (`new GCMBlockCipher(new AESEngine())`) are part of this one.
  ctx.markReported(node);
  const params = { ...d.params };
  const unresolved = [...d.unresolved];
  const opts = { ...(d.functions ? { functions: d.functions } : {}), library: BOUNCY_CASTLE };
  let named: string | undefined;
  const take = (info: KeyInfo) => {
    if (info.keySize !== undefined) params.keySize ??= info.keySize;
    if (info.curve !== undefined) params.curve ??= info.curve;
    if (info.tagLength !== undefined) params.tagLength ??= info.tagLength;
    if (info.ivLength !== undefined) params.ivLength ??= info.ivLength;
    if (info.named && PQC_NAMED.test(info.named)) named ??= info.named;
  };
  // Keys given to the constructor (an extractor's private key) and to `generateEncapsulated`.
  for (const k of d.keys ?? []) take(ctx.keyInfo(k));
  for (const call of d.keyMethods ? ctx.linked(node, d.keyMethods) : []) take(ctx.keyInfo(call.field('arguments')?.namedChildren()[0]));
  // Sizes come from the init call on the object: cipher.init(true, new AEADParameters(new KeyParameter(k), 128, nonce)),
  // gen.init(new RSAKeyGenerationParameters(e, rnd, 3072, 100)), pbkdf.init(pw, salt, 600_000).
  for (const init of ctx.linked(node, ['init'])) {
    const a = init.field('arguments')?.namedChildren() ?? [];
    if (d.pbe) {
      const salt = ctx.value(a[1]);
      if (salt.kind === 'bytes' && salt.length !== undefined) params.saltLength = salt.length;
      const it = ctx.int(a[2]);
      if (it !== undefined) params.iterations = it;
      continue;
    }
    const keyArg = a.length >= 2 && (ctx.value(a[0]).kind === 'bool' || a[0]?.kind() === 'true' || a[0]?.kind() === 'false') ? a[1] : a[0];
    take(ctx.keyInfo(keyArg));
  }
  if (named) {
    ctx.sink.algorithm(node, c.type, named, params, opts);
    return true;
  }
  if (d.spelling.startsWith('Argon2')) Object.assign(params, argon2Params(ctx, node));
  ctx.sink.algorithm(node, c.type, d.spelling, params, { unresolved, ...opts });
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
    const cost = ctx.int(a[2]);
    ctx.sink.algorithm(inv, `${cls}.generate`, 'bcrypt', cost !== undefined ? { cost } : {}, { unresolved: ['cost'], functions: ['keyderive'], library: BOUNCY_CASTLE });
  }
  return true;
}

/** Bouncy Castle's JCA operator builders (`org.bouncycastle.operator.jcajce`): certificate, CMS and OCSP signing. */
export const CONTENT_SIGNER_TYPES: ReadonlySet<string> = new Set(['JcaContentSignerBuilder', 'JcaContentVerifierProviderBuilder']);

/**
 * The `build(key)` calls of an operator builder: on the creation itself or later in its chain
 * (`new JcaContentSignerBuilder(alg).setProvider("BC").build(key)`), or on a variable holding it.
 */
function builds(ctx: JavaContext, node: SgNode): SgNode[] {
  let cur = node;
  for (let p = cur.parent(); p && kindOf(p) === 'method_invocation' && p.field('object')?.id() === cur.id(); cur = p, p = p.parent()) {
    if (p.field('name')?.text() === 'build') return [p];
  }
  return ctx.linked(cur, ['build']);
}

/**
 * `new JcaContentSignerBuilder("SHA256withRSA").build(privateKey)`: a signature with that JCA name
 * (X.509 certificates, CSRs, CMS and OCSP responses are signed so), the key's size or curve where the
 * file shows it (`keyPair.getPrivate()` of a generator it initialises). An unreadable name is
 * `unknown-signature`. `JcaContentVerifierProviderBuilder().build(certOrKey)` verifies with the
 * algorithm the signed object names: `unknown-signature`, verify.
 */
export function handleContentSigner(ctx: JavaContext, node: SgNode, type: string): boolean {
  const written = node.field('type')?.text() ?? type;
  if (!isBouncyCastleClass(ctx.imports, written)) return false;
  const key = builds(ctx, node).map((b) => b.field('arguments')?.namedChildren()[0]).find((k) => k !== undefined);
  if (type === 'JcaContentVerifierProviderBuilder') {
    ctx.sink.algorithm(node, type, unresolvedSpelling('signature'), {}, { functions: ['verify'], library: BOUNCY_CASTLE });
    return true;
  }
  const name = ctx.str(node.field('arguments')?.namedChildren()[0]);
  if (name === undefined) {
    ctx.sink.algorithm(node, type, unresolvedSpelling('signature'), {}, { functions: ['sign'], library: BOUNCY_CASTLE });
    return true;
  }
  const info = key ? ctx.keyInfo(key) : {};
  const params: AlgorithmParams = {};
  if (info.keySize !== undefined) params.keySize = info.keySize;
  if (info.curve !== undefined) params.curve = info.curve;
  const unresolved: AlgorithmParamName[] = /RSA/i.test(name) && !/PSS$/i.test(name) ? ['keySize'] : /ECDSA/i.test(name) ? ['curve'] : [];
  ctx.sink.algorithm(node, type, name, params, { unresolved, functions: ['sign'], library: BOUNCY_CASTLE });
  return true;
}

/** Whether a created class may be one of this module's (the import decides afterwards). */
export function isBcType(type: string): boolean {
  return BC_TYPES.has(type);
}

export { pqcParameterSet };
