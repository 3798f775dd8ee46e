// CommonCrypto, the C API Swift apps reach through `import CommonCrypto`: `CCCrypt` and the cryptor
// constructors (algorithm, key length, mode from the ECB option or the mode constant, padding, the IV),
// the `CC_MD5`/`CC_SHA*` digests, `CCHmac` and `CCKeyDerivationPBKDF`. The C constants are integers
// (CommonCryptor.h, CommonHMAC.h, CommonKeyDerivation.h); the evaluator knows their values, so an
// algorithm written as `CCAlgorithm(kCCAlgorithmAES)`, `UInt32(kCCAlgorithmAES)` or `0` reads the same.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import { fromCaller } from '../common/from-caller.js';
import type { SwFile } from './file.js';
import type { SwCall } from './syntax.js';
import { CC_DIGESTS } from '../common/commoncrypto.js';

/** CommonCrypto's integer constants (values from the SDK headers). */
export const CC_CONSTANTS: Readonly<Record<string, number>> = {
  kCCEncrypt: 0, kCCDecrypt: 1,
  kCCAlgorithmAES128: 0, kCCAlgorithmAES: 0, kCCAlgorithmDES: 1, kCCAlgorithm3DES: 2, kCCAlgorithmCAST: 3, kCCAlgorithmRC4: 4, kCCAlgorithmRC2: 5, kCCAlgorithmBlowfish: 6,
  kCCOptionPKCS7Padding: 1, kCCOptionECBMode: 2,
  kCCModeECB: 1, kCCModeCBC: 2, kCCModeCFB: 3, kCCModeCTR: 4, kCCModeOFB: 7, kCCModeXTS: 8, kCCModeRC4: 9, kCCModeCFB8: 10,
  ccNoPadding: 0, ccPKCS7Padding: 1,
  kCCKeySizeAES128: 16, kCCKeySizeAES192: 24, kCCKeySizeAES256: 32, kCCKeySizeDES: 8, kCCKeySize3DES: 24,
  kCCBlockSizeAES128: 16, kCCBlockSizeDES: 8, kCCBlockSize3DES: 8, kCCBlockSizeCAST: 8, kCCBlockSizeRC2: 8, kCCBlockSizeBlowfish: 8,
  kCCHmacAlgSHA1: 0, kCCHmacAlgMD5: 1, kCCHmacAlgSHA256: 2, kCCHmacAlgSHA384: 3, kCCHmacAlgSHA512: 4, kCCHmacAlgSHA224: 5,
  kCCPBKDF2: 2, kCCPRFHmacAlgSHA1: 1, kCCPRFHmacAlgSHA224: 2, kCCPRFHmacAlgSHA256: 3, kCCPRFHmacAlgSHA384: 4, kCCPRFHmacAlgSHA512: 5,
  CC_MD5_DIGEST_LENGTH: 16, CC_SHA1_DIGEST_LENGTH: 20, CC_SHA224_DIGEST_LENGTH: 28, CC_SHA256_DIGEST_LENGTH: 32, CC_SHA384_DIGEST_LENGTH: 48, CC_SHA512_DIGEST_LENGTH: 64,
};

/** Integer conversions code wraps the constants in (`CCAlgorithm(kCCAlgorithmAES)`, `size_t(kCCKeySizeAES256)`). */
export const CC_CONVERSIONS = new Set([
  'CCOperation', 'CCAlgorithm', 'CCOptions', 'CCMode', 'CCPadding', 'CCModeOptions', 'CCHmacAlgorithm', 'CCPBKDFAlgorithm', 'CCPseudoRandomAlgorithm',
  'UInt32', 'Int32', 'UInt', 'Int', 'size_t', 'CC_LONG', 'UInt8', 'Int64', 'UInt64', 'UInt16',
]);

const ALGORITHMS: ReadonlyArray<string> = ['AES', 'DES', '3DES', 'CAST5', 'RC4', 'RC2', 'Blowfish'];
const MODES: Readonly<Record<number, string>> = { 1: 'ECB', 2: 'CBC', 3: 'CFB', 4: 'CTR', 7: 'OFB', 8: 'XTS', 10: 'CFB8' };
const HMAC_HASHES: ReadonlyArray<string> = ['SHA-1', 'MD5', 'SHA-256', 'SHA-384', 'SHA-512', 'SHA-224'];
const PRF_HASHES: Readonly<Record<number, string>> = { 1: 'SHA-1', 2: 'SHA-224', 3: 'SHA-256', 4: 'SHA-384', 5: 'SHA-512' };

export const CC_CALL_NAMES = ['CCCrypt', 'CCCryptorCreate', 'CCCryptorCreateWithMode', 'CCHmac', 'CCHmacInit', 'CCKeyDerivationPBKDF',
  ...Object.keys(CC_DIGESTS), ...Object.keys(CC_DIGESTS).map((d) => `${d}_Init`)];

export function commonCryptoCall(f: SwFile, call: SwCall): boolean {
  const name = call.path;
  const a = (i: number): SgNode | undefined => call.args[i]?.expr;
  const node = call.node;
  if (name === 'CCCrypt' || name === 'CCCryptorCreate') {
    const opts = f.int(a(2));
    cipher(f, call, name, { op: f.int(a(0)), alg: f.int(a(1)), mode: opts === undefined ? undefined : opts & 2 ? 'ECB' : 'CBC', padding: opts === undefined ? undefined : opts & 1 ? 'PKCS7' : 'NoPadding', key: a(3), keyLength: a(4), iv: a(5) });
    return true;
  }
  if (name === 'CCCryptorCreateWithMode') {
    const mode = f.int(a(1));
    const pad = f.int(a(3));
    cipher(f, call, name, {
      op: f.int(a(0)), alg: f.int(a(2)), mode: mode === undefined ? undefined : (MODES[mode] ?? null), padding: pad === undefined ? undefined : pad === 1 ? 'PKCS7' : 'NoPadding',
      key: a(5), keyLength: a(6), iv: a(4),
    });
    return true;
  }
  const digest = CC_DIGESTS[name.replace(/_Init$/, '')];
  if (digest) {
    f.algorithm(node, name, { spelling: digest, functions: ['digest'] });
    return true;
  }
  if (name === 'CCHmac' || name === 'CCHmacInit') {
    const alg = f.int(a(name === 'CCHmac' ? 0 : 1));
    const hash = alg !== undefined ? HMAC_HASHES[alg] : undefined;
    f.algorithm(node, name, { spelling: 'HMAC', params: hash ? { hash } : {}, unresolved: ['hash'], functions: ['tag'] });
    const key = a(name === 'CCHmac' ? 1 : 2);
    if (key && f.constantBytes(key)) f.signal(node, name, 'hardcoded-key', 'HMAC key fixed in the source', { spelling: 'HMAC', params: hash ? { hash } : {} });
    return true;
  }
  if (name === 'CCKeyDerivationPBKDF') {
    // (algorithm, password, passwordLen, salt, saltLen, prf, rounds, derivedKey, derivedKeyLen)
    const prf = f.int(a(5));
    const hash = prf !== undefined ? PRF_HASHES[prf] : undefined;
    const rounds = f.int(a(6));
    const outLen = f.int(a(8)) ?? f.byteLength(a(7));
    const saltLen = f.int(a(4)) ?? f.byteLength(a(3));
    const params: AlgorithmParams = { ...(hash ? { hash } : {}), ...(rounds ? { iterations: rounds } : {}), ...(outLen ? { outputLength: outLen * 8 } : {}), ...(saltLen ? { saltLength: saltLen } : {}) };
    f.algorithm(node, name, { spelling: 'PBKDF2', params, unresolved: ['hash', 'iterations', 'outputLength'], functions: ['keyderive'] });
    const pw = f.value(a(1));
    if (pw.kind === 'str' && pw.value.length > 0 && !fromCaller(f.ev, a(1))) f.signal(node, name, 'hardcoded-password', 'PBKDF2 password written in the source', { spelling: 'PBKDF2', params });
    return true;
  }
  return false;
}

interface CipherArgs {
  op: number | undefined;
  alg: number | undefined;
  /** null: a mode constant the table does not name. */
  mode: string | undefined | null;
  padding: string | undefined;
  key: SgNode | undefined;
  keyLength: SgNode | undefined;
  iv: SgNode | undefined;
}

function cipher(f: SwFile, call: SwCall, symbol: string, c: CipherArgs): void {
  const node = call.node;
  const functions: CryptoFunction[] = c.op === 0 ? ['encrypt'] : c.op === 1 ? ['decrypt'] : [];
  const spelling = c.alg !== undefined ? ALGORITHMS[c.alg] : undefined;
  if (!spelling) {
    f.algorithm(node, symbol, { spelling: unresolvedSpelling('cipher'), functions });
    return;
  }
  const stream = spelling === 'RC4';
  const params: AlgorithmParams = {};
  const unresolved: Array<'keySize' | 'mode' | 'padding'> = [];
  if (spelling === 'AES') {
    const len = f.int(c.keyLength) ?? f.byteLength(c.key);
    if (len && [16, 24, 32].includes(len)) params.keySize = len * 8;
    else unresolved.push('keySize');
  }
  if (!stream) {
    if (c.mode) params.mode = c.mode;
    else unresolved.push('mode');
    if (c.padding && c.mode !== 'CTR' && c.mode !== 'CFB' && c.mode !== 'OFB' && c.mode !== 'CFB8') params.padding = c.padding;
    else if (c.padding === undefined) unresolved.push('padding');
  }
  f.algorithm(node, symbol, { spelling, params, unresolved, functions });
  const related = { spelling, params };
  if (c.key && f.constantBytes(c.key)) f.signal(node, symbol, 'hardcoded-key', `${spelling} key fixed in the source`, related);
  // The IV: bytes fixed in the source, or NULL, which CommonCrypto replaces with zeros in CBC mode (CommonCryptor.h).
  if (!stream && c.mode && c.mode !== 'ECB' && c.iv && c.op !== 1) {
    const v = f.value(c.iv);
    if (v.kind === 'none' && c.mode === 'CBC') f.signal(node, symbol, 'static-iv', 'no IV given: CommonCrypto uses an all-zero IV in CBC mode', related);
    else if (f.constantBytes(c.iv)) f.signal(node, symbol, 'static-iv', `${spelling}-${c.mode} IV fixed in the source`, related);
  }
}
