// Bouncy Castle for .NET's lightweight API: block-cipher engines inside mode wrappers
// (`new GcmBlockCipher(new AesEngine())`), stream ciphers, digests and what wraps them (`new HMac(new
// Sha256Digest())`, `new Pkcs5S2ParametersGenerator(new Sha256Digest())`, `new RsaDigestSigner(…)`,
// `new HkdfBytesGenerator(…)`), with the key, IV and tag of the `Init(forEncryption, parameters)` made on
// the outermost object (`KeyParameter`, `ParametersWithIV`, `AeadParameters`). An engine or digest given
// to a wrapper is part of the wrapper's asset, not one of its own.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import type { KnowledgeBase } from '../../../kb/types.js';
import { kindOf } from '../common/languages.js';
import { BOUNCY_CASTLE_NET, ECDH_AGREEMENTS } from './bc.js';
import type { CsFile } from './file.js';
import { callArgs, createdType } from './resolve.js';

const ENGINES: Readonly<Record<string, string>> = {
  AesEngine: 'AES', AesFastEngine: 'AES', AesLightEngine: 'AES', DesEngine: 'DES', DesEdeEngine: 'DESede', BlowfishEngine: 'Blowfish',
  TwofishEngine: 'Twofish', SerpentEngine: 'Serpent', CamelliaEngine: 'Camellia', RC2Engine: 'RC2', Cast5Engine: 'CAST5', IdeaEngine: 'IDEA',
  SM4Engine: 'SM4', AriaEngine: 'ARIA',
};
const STREAM_ENGINES: Readonly<Record<string, string>> = {
  RC4Engine: 'RC4', ChaCha7539Engine: 'ChaCha20', ChaChaEngine: 'ChaCha20', Salsa20Engine: 'Salsa20', XSalsa20Engine: 'XSalsa20',
};
const MODES: Readonly<Record<string, string>> = {
  GcmBlockCipher: 'GCM', CbcBlockCipher: 'CBC', SicBlockCipher: 'CTR', KCtrBlockCipher: 'CTR', CcmBlockCipher: 'CCM', EaxBlockCipher: 'EAX',
  OfbBlockCipher: 'OFB', CfbBlockCipher: 'CFB', GcmSivBlockCipher: 'GCM-SIV', OcbBlockCipher: 'OCB',
};
/** Wrappers that add padding or buffering to what they are given, without changing the algorithm. */
const TRANSPARENT = new Set(['PaddedBufferedBlockCipher', 'BufferedBlockCipher', 'BufferedAeadBlockCipher', 'BufferedStreamCipher', 'CtsBlockCipher']);
const DIGEST = /^(Sha1|Sha224|Sha256|Sha384|Sha512|MD5|MD4|RipeMD160|Sha3|Blake2b|Blake2s|SM3)Digest$/;
const DIGEST_USERS: Readonly<Record<string, { spelling: string; fn: CryptoFunction; iterationsArg?: number }>> = {
  HMac: { spelling: 'HMAC', fn: 'tag' },
  Pkcs5S2ParametersGenerator: { spelling: 'PBKDF2', fn: 'keyderive', iterationsArg: 2 },
  HkdfBytesGenerator: { spelling: 'HKDF', fn: 'keyderive' },
  RsaDigestSigner: { spelling: 'RSA', fn: 'sign' },
  PssSigner: { spelling: 'RSA-PSS', fn: 'sign' },
};

/**
 * Public-key signers and agreements: what the code signs or agrees with (the key comes with `Init`, its
 * size or curve from parameters this module does not follow). A signer given to `DsaDigestSigner` is part of
 * that signer's asset, which adds the digest's hash.
 */
const SIGNERS: Readonly<Record<string, string>> = {
  ECDsaSigner: 'ECDSA', DsaSigner: 'DSA', Ed25519Signer: 'Ed25519', Ed25519ctxSigner: 'Ed25519', Ed25519phSigner: 'Ed25519',
  Ed448Signer: 'Ed448', Ed448phSigner: 'Ed448',
};
const AGREEMENTS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(ECDH_AGREEMENTS.map((t) => [t, 'ECDH'])), X25519Agreement: 'X25519', X448Agreement: 'X448', DHBasicAgreement: 'DH',
};

/** Every type this module reads, for the detector's creation query. */
export const BC_LIGHTWEIGHT_TYPES = [
  ...Object.keys(ENGINES), ...Object.keys(STREAM_ENGINES), ...Object.keys(MODES), ...TRANSPARENT, ...Object.keys(DIGEST_USERS), 'ChaCha20Poly1305',
  ...Object.keys(SIGNERS), ...Object.keys(AGREEMENTS), 'DsaDigestSigner',
  'Sha1Digest', 'Sha224Digest', 'Sha256Digest', 'Sha384Digest', 'Sha512Digest', 'MD5Digest', 'MD4Digest', 'RipeMD160Digest', 'Sha3Digest',
  'Blake2bDigest', 'Blake2sDigest', 'SM3Digest',
];

/** KB spelling and output length of a digest creation (`new Sha3Digest(384)`, `new Blake2bDigest(256)`). */
function digestOf(f: CsFile, node: SgNode): { spelling: string; params: AlgorithmParams } | undefined {
  const m = DIGEST.exec(createdType(node));
  if (!m) return undefined;
  const bits = f.int(callArgs(node)[0]);
  switch (m[1]) {
    case 'Sha3': return { spelling: `SHA3-${bits ?? 256}`, params: {} };
    case 'Blake2b': return { spelling: 'BLAKE2b', params: { outputLength: bits ?? 512 } };
    case 'Blake2s': return { spelling: 'BLAKE2s', params: { outputLength: bits ?? 256 } };
    default: return { spelling: m[1]!.toUpperCase(), params: {} };
  }
}

/** The creation an argument stands for, when it is a `new` of a Bouncy Castle type. */
function created(f: CsFile, node: SgNode | undefined): SgNode | undefined {
  const o = f.origin(node);
  return o && kindOf(o) === 'object_creation_expression' ? o : undefined;
}

/** What `Init(forEncryption, parameters)` calls on the object tell: key size, IV/nonce and tag lengths; static IVs and keys. */
function initFacts(f: CsFile, obj: SgNode, spelling: string): { params: AlgorithmParams; functions: CryptoFunction[] } {
  const params: AlgorithmParams = {};
  const functions: CryptoFunction[] = [];
  for (const init of f.calls(obj, ['Init'])) {
    const [dir, p] = callArgs(init);
    const enc = f.value(dir);
    if (enc.kind === 'bool') functions.push(enc.value ? 'encrypt' : 'decrypt');
    let cur = created(f, p);
    for (let depth = 0; cur && depth < 4; depth++) {
      const a = callArgs(cur);
      const type = createdType(cur);
      if (type === 'KeyParameter') {
        params.keySize ??= f.keyBits(a[0]);
        if (f.constantBytes(a[0])) f.signal(init, 'KeyParameter', 'hardcoded-key', `${spelling} key bytes are fixed in source`);
        break;
      }
      if (type === 'ParametersWithIV' || type === 'AeadParameters') {
        const ivArg = type === 'AeadParameters' ? a[2] : a[1];
        params.ivLength ??= f.keyBits(ivArg);
        if (type === 'AeadParameters') {
          const tag = f.int(a[1]);
          if (tag !== undefined) params.tagLength ??= tag;
        }
        if (enc.kind === 'bool' && enc.value && f.constantBytes(ivArg)) f.signal(init, type, 'static-iv', `${spelling} IV is a constant in source`);
        cur = created(f, a[0]);
        continue;
      }
      break;
    }
  }
  return { params, functions };
}

/**
 * Whether a creation is the argument of another Bouncy Castle wrapper this module reads
 * (`new AesEngine()` inside `new GcmBlockCipher(…)`): the outer one reports it.
 */
function wrapped(f: CsFile, node: SgNode): boolean {
  const arg = node.parent();
  const list = arg?.parent();
  const outer = list?.parent();
  if (!arg || kindOf(arg) !== 'argument' || !outer || kindOf(outer) !== 'object_creation_expression') return false;
  const t = createdType(outer);
  if (t === 'DsaDigestSigner') return dsaDigestSignerOf(f, outer) !== undefined;
  return Object.hasOwn(MODES, t) || Object.hasOwn(DIGEST_USERS, t);
}

/** The algorithm of the signer a `DsaDigestSigner` wraps, when the file creates it (`new ECDsaSigner()`). */
function dsaDigestSignerOf(f: CsFile, node: SgNode): string | undefined {
  const signer = created(f, callArgs(node)[0]);
  return signer ? SIGNERS[createdType(signer)] : undefined;
}

/** Whether a creation is given directly to a buffering wrapper (`new PaddedBufferedBlockCipher(new AesEngine())`: ECB). */
function buffered(node: SgNode): boolean {
  const outer = node.parent()?.parent()?.parent();
  return kindOf(node.parent() ?? node) === 'argument' && outer !== undefined && outer !== null && kindOf(outer) === 'object_creation_expression' && TRANSPARENT.has(createdType(outer));
}

const PADDINGS: Readonly<Record<string, string>> = {
  Pkcs7Padding: 'PKCS7', ZeroBytePadding: 'ZeroPadding', ISO10126d2Padding: 'ISO10126', X923Padding: 'ANSIX923', ISO7816d4Padding: 'ISO7816-4', TbcPadding: 'TBC',
};

/** The padding of a `PaddedBufferedBlockCipher` (its second argument; PKCS7 when left out, as Bouncy Castle documents). */
function paddingOf(f: CsFile, outer: SgNode): string | undefined {
  if (createdType(outer) !== 'PaddedBufferedBlockCipher') return undefined;
  const p = callArgs(outer)[1];
  if (!p) return 'PKCS7';
  const c = created(f, p);
  return c ? PADDINGS[createdType(c)] : undefined;
}

/** The object the code configures: a mode or digest user wrapped in a transparent buffer (`PaddedBufferedBlockCipher`). */
function outermost(node: SgNode): SgNode {
  let cur = node;
  for (let i = 0; i < 3; i++) {
    const arg = cur.parent();
    const outer = arg?.parent()?.parent();
    if (!arg || kindOf(arg) !== 'argument' || !outer || kindOf(outer) !== 'object_creation_expression' || !TRANSPARENT.has(createdType(outer))) break;
    cur = outer;
  }
  return cur;
}

export const bcLightweight = (kb: KnowledgeBase) => (f: CsFile, node: SgNode, type: string): void => {
  if (TRANSPARENT.has(type) || wrapped(f, node)) return;
  const symbol = `new ${type}`;
  const library = BOUNCY_CASTLE_NET;
  const cipher = (spelling: string, mode: string | undefined, engine: SgNode | undefined): void => {
    const outer = outermost(node);
    const facts = initFacts(f, outer, spelling);
    const padding = outer.id() !== node.id() ? paddingOf(f, outer) : undefined;
    const params: AlgorithmParams = { ...facts.params, ...(mode ? { mode } : {}), ...(padding ? { padding } : {}) };
    let name = spelling;
    if (spelling === 'DESede' && (params.keySize === 128 || params.keySize === 112)) {
      name = '3DES-112';
      delete params.keySize;
    }
    const unresolved: AlgorithmParamName[] = /^(AES|Blowfish|RC2|RC4|Twofish|Serpent|Camellia|ARIA)$/.test(spelling) ? ['keySize'] : [];
    if (!mode && ENGINES[engine ? createdType(engine) : type]) unresolved.push('mode');
    f.algorithm(node, symbol, { spelling: name, params, unresolved, functions: facts.functions, library });
  };
  if (MODES[type]) {
    const engine = created(f, callArgs(node)[0]);
    const spelling = engine ? ENGINES[createdType(engine)] : undefined;
    cipher(spelling ?? 'unknown-block-cipher', MODES[type], engine);
  } else if (ENGINES[type]) cipher(ENGINES[type]!, buffered(node) ? 'ECB' : undefined, node);
  else if (STREAM_ENGINES[type]) cipher(STREAM_ENGINES[type]!, undefined, undefined);
  else if (type === 'ChaCha20Poly1305') cipher('ChaCha20-Poly1305', undefined, undefined);
  else if (SIGNERS[type]) f.algorithm(node, symbol, { spelling: SIGNERS[type]!, unresolved: keyParam(SIGNERS[type]!), functions: signerFunctions(f, node), library });
  else if (AGREEMENTS[type]) f.algorithm(node, symbol, { spelling: AGREEMENTS[type]!, unresolved: keyParam(AGREEMENTS[type]!), functions: ['keyderive'], library });
  else if (type === 'DsaDigestSigner') {
    // `new DsaDigestSigner(new ECDsaSigner(), new Sha256Digest())`: the inner signer's algorithm over the digest's hash.
    const spelling = dsaDigestSignerOf(f, node);
    if (!spelling) return;
    const digestArg = callArgs(node)[1];
    const digest = created(f, digestArg);
    const d = digest ? digestOf(f, digest) : undefined;
    const hash = d ? kb.resolve(d.spelling, d.params).name : undefined;
    f.algorithm(node, symbol, { spelling, params: hash ? { hash } : {}, unresolved: [...keyParam(spelling), 'hash'], functions: signerFunctions(f, node), library });
  } else if (DIGEST_USERS[type]) {
    const use = DIGEST_USERS[type]!;
    const digest = created(f, callArgs(node)[0]);
    const d = digest ? digestOf(f, digest) : undefined;
    const hash = d ? kb.resolve(d.spelling, d.params).name : undefined;
    const params: AlgorithmParams = hash ? { hash } : {};
    if (use.iterationsArg !== undefined) {
      const init = f.calls(node, ['Init'])[0];
      const it = f.int(init ? callArgs(init)[use.iterationsArg] : undefined);
      if (it !== undefined) params.iterations = it;
    }
    const unresolved: AlgorithmParamName[] = use.spelling === 'PBKDF2' ? ['iterations', 'hash'] : use.spelling.startsWith('RSA') ? ['keySize'] : ['hash'];
    f.algorithm(node, symbol, { spelling: use.spelling === 'RSA' ? 'RSA' : use.spelling, params: use.spelling === 'RSA' ? { ...params, padding: 'PKCS1v15' } : params, unresolved, functions: [use.fn], library });
  } else {
    const d = digestOf(f, node);
    if (d) f.algorithm(node, symbol, { spelling: d.spelling, params: d.params, functions: ['digest'], library });
  }
};

/** The parameter a public-key asset leaves unknown when the code does not show the key: a size or a curve. */
function keyParam(spelling: string): AlgorithmParamName[] {
  if (spelling === 'DSA' || spelling === 'DH') return ['keySize'];
  return spelling === 'ECDSA' || spelling === 'ECDH' ? ['curve'] : [];
}

/** `Init(true, privateKey)` signs, `Init(false, publicKey)` verifies; both when the file shows neither. */
function signerFunctions(f: CsFile, obj: SgNode): CryptoFunction[] {
  const out = new Set<CryptoFunction>();
  for (const init of f.calls(obj, ['Init'])) {
    const v = f.value(callArgs(init)[0]);
    if (v.kind === 'bool') out.add(v.value ? 'sign' : 'verify');
  }
  return out.size > 0 ? [...out] : ['sign', 'verify'];
}
