// The other crypto back ends C code calls directly: wolfSSL's wolfCrypt (`wc_InitSha256`,
// `wc_MakeRsaKey`, `wc_ecc_make_key_ex`, `wc_AesGcmSetKey`, `wc_Des_EcbEncrypt`), Apple's CommonCrypto
// digests (`CC_SHA256_Init`, `CC_MD5`) and Windows' CryptoAPI (`CryptCreateHash(prov, CALG_SHA_256, …)`,
// `CryptGenKey`, `CryptDeriveKey`). Projects that support several TLS libraries (curl's md4.c, md5.c,
// sha256.c, NTLM's DES) write the same algorithm once per back end; each call is an occurrence.
// CommonCrypto and CryptoAPI are parts of the operating system: no library is named, as in the Swift
// detector's CommonCrypto.
import type { SgNode } from '@ast-grep/napi';
import type { CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import { CC_DIGESTS } from '../common/commoncrypto.js';
import type { CFile } from './file.js';
import type { CallHandler } from './openssl.js';

const WOLFSSL: LibraryRef = { ecosystem: 'generic', name: 'wolfssl' };

/** wolfCrypt's digest names as its functions spell them (`wc_InitSha512_256`, `wc_Sha256Hash`). */
const WC_DIGESTS: Readonly<Record<string, string>> = {
  Md2: 'MD2', Md4: 'MD4', Md5: 'MD5', Sha: 'SHA-1', Sha224: 'SHA-224', Sha256: 'SHA-256', Sha384: 'SHA-384', Sha512: 'SHA-512',
  Sha512_224: 'SHA-512/224', Sha512_256: 'SHA-512/256', Sha3_224: 'SHA3-224', Sha3_256: 'SHA3-256', Sha3_384: 'SHA3-384', Sha3_512: 'SHA3-512',
  RipeMd: 'RIPEMD-160',
};

/** ECC key sizes in bytes, as `wc_ecc_make_key` takes them, to the default (SECP) curve of that size. */
const ECC_BYTES: Readonly<Record<number, string>> = { 32: 'P-256', 48: 'P-384', 66: 'P-521' };

function fixed(library: LibraryRef | undefined, spelling: string, fn?: CryptoFunction): CallHandler {
  return (f, call) => f.algorithm(call, library, { spelling, ...(fn ? { functions: [fn] } : {}) });
}

/** A key length argument in bytes, as bits. */
function bytesToBits(f: CFile, node: SgNode | undefined): number | undefined {
  const n = f.int(node);
  return n === undefined ? undefined : n * 8;
}

/** `wc_AesSetKey(aes, key, len, iv, dir)` (CBC, ECB and CTR share it) and `wc_AesGcmSetKey(aes, key, len)`: the key length in bytes. */
function aesKey(mode: string | undefined): CallHandler {
  return (f, call, _callee, args) => {
    const bits = bytesToBits(f, args[2]);
    const spelling = ['AES', ...(bits !== undefined ? [String(bits)] : []), ...(mode ? [mode] : [])].join('-');
    f.algorithm(call, WOLFSSL, { spelling, ...(bits === undefined ? { unresolved: ['keySize'] } : {}), functions: ['encrypt', 'decrypt'] });
  };
}

/** `wc_ecc_make_key(rng, keysize, key)`: the default curve of that size; `_ex` names the curve (`ECC_SECP384R1`). */
function eccMakeKey(f: CFile, call: SgNode, args: SgNode[], curveArg: number | undefined): void {
  const id = curveArg === undefined ? undefined : f.symbol(args[curveArg]);
  const named = id?.startsWith('ECC_') ? id.slice('ECC_'.length) : undefined;
  const bytes = f.int(args[1]);
  // ECC_CURVE_DEF (0) in `_ex` means "the default curve of the size", as the plain call.
  const curve = named && named !== 'CURVE_DEF' ? named : bytes === undefined ? undefined : ECC_BYTES[bytes];
  const known = curve !== undefined && f.kb.findCurve(curve) !== undefined;
  f.algorithm(call, WOLFSSL, known ? { spelling: curve!, functions: ['keygen'] } : { spelling: 'EC', unresolved: ['curve'], functions: ['keygen'] });
}

/**
 * CryptoAPI's key flags carry the key size in bits in their upper 16 bits (`2048 << 16`,
 * `RSA1024BIT_KEY`), OR-ed with flag constants whose values are the SDK's (`CRYPT_EXPORTABLE`, all
 * below 0x10000): the operand that is a number of 0x10000 or more is the size. 0 there is the
 * provider's default size, unknown here.
 */
function capiKeyBits(f: CFile, node: SgNode | undefined, depth = 0): number | undefined {
  const o = depth > 8 ? undefined : f.origin(node);
  if (!o) return undefined;
  if (o.kind() === 'binary_expression' && o.field('operator')?.text() === '|') {
    return capiKeyBits(f, o.field('left') ?? undefined, depth + 1) ?? capiKeyBits(f, o.field('right') ?? undefined, depth + 1);
  }
  if (o.kind() === 'identifier' && o.text() === 'RSA1024BIT_KEY') return 1024;
  const flags = f.int(o);
  const bits = flags === undefined ? 0 : Math.floor(flags / 0x10000);
  return bits > 0 ? bits : undefined;
}

/** A `CALG_*` algorithm argument the knowledge base knows; undefined for a variable or an unknown id (`CALG_HMAC`, whose hash is set later). */
function capiAlgorithm(f: CFile, node: SgNode | undefined): string | undefined {
  const id = f.symbol(node);
  return id?.startsWith('CALG_') && f.kb.findAlgorithm(id) ? id : undefined;
}

/**
 * `CryptGenKey(prov, alg, flags, &key)` and `CryptDeriveKey(prov, alg, hash, flags, &key)`: a derived
 * key is the cipher's (`CALG_AES_256`), used later for what the code does with it (not followed).
 */
function capiKey(flagsArg: number, fn?: CryptoFunction): CallHandler {
  return (f, call, _callee, args) => {
    const alg = capiAlgorithm(f, args[1]);
    if (!alg) return;
    const keySize = capiKeyBits(f, args[flagsArg]);
    f.algorithm(call, undefined, { spelling: alg, ...(keySize ? { params: { keySize } } : {}), ...(fn ? { functions: [fn] } : {}) });
  };
}

/**
 * `blob.hdr.aiKeyAlg = CALG_DES;`: the algorithm of a key blob the program builds for CryptImportKey
 * (a PUBLICKEYSTRUC/BLOBHEADER field), the only place CryptoAPI names an imported key's algorithm.
 */
export function keyBlobAlgorithm(f: CFile, assignment: SgNode): void {
  const alg = capiAlgorithm(f, assignment.field('right') ?? undefined);
  if (alg) f.algorithm(assignment, undefined, { spelling: alg });
}

export const PLATFORM_CALLS: ReadonlyArray<[string, CallHandler]> = [
  ...Object.entries(WC_DIGESTS).flatMap(([n, hash]): Array<[string, CallHandler]> => [
    [`wc_Init${n}`, fixed(WOLFSSL, hash, 'digest')],
    [`wc_Init${n}_ex`, fixed(WOLFSSL, hash, 'digest')],
    [`wc_${n}Hash`, fixed(WOLFSSL, hash, 'digest')],
  ]),
  ['wc_Des_SetKey', fixed(WOLFSSL, 'DES')],
  ['wc_Des_EcbEncrypt', fixed(WOLFSSL, 'DES-ECB', 'encrypt')],
  ['wc_Des_CbcEncrypt', fixed(WOLFSSL, 'DES-CBC', 'encrypt')],
  ['wc_Des_CbcDecrypt', fixed(WOLFSSL, 'DES-CBC', 'decrypt')],
  ['wc_Des3_SetKey', fixed(WOLFSSL, '3DES')],
  ['wc_AesSetKey', aesKey(undefined)],
  ['wc_AesGcmSetKey', aesKey('GCM')],
  ['wc_MakeRsaKey', (f, call, _c, args) => f.algorithm(call, WOLFSSL, { spelling: 'RSA', params: { keySize: f.int(args[1]) }, unresolved: ['keySize'], functions: ['keygen'] })],
  ['wc_ecc_make_key', (f, call, _c, args) => eccMakeKey(f, call, args, undefined)],
  ['wc_ecc_make_key_ex', (f, call, _c, args) => eccMakeKey(f, call, args, 3)],
  ['wc_ed25519_make_key', fixed(WOLFSSL, 'Ed25519', 'keygen')],
  ['wc_curve25519_make_key', fixed(WOLFSSL, 'X25519', 'keygen')],

  ...Object.entries(CC_DIGESTS).flatMap(([n, hash]): Array<[string, CallHandler]> => [
    [n, fixed(undefined, hash, 'digest')],
    [`${n}_Init`, fixed(undefined, hash, 'digest')],
  ]),

  ['CryptCreateHash', (f, call, _c, args) => {
    const alg = capiAlgorithm(f, args[1]);
    if (alg) f.algorithm(call, undefined, { spelling: alg, functions: ['digest'] });
  }],
  ['CryptGenKey', capiKey(2, 'keygen')],
  ['CryptDeriveKey', capiKey(3)],
];
