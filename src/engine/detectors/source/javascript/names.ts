// Algorithm names as JavaScript APIs spell them, mapped to the knowledge base's canonical spelling
// plus the parameters the spelling fixes: OpenSSL digest and cipher names (node:crypto), curve
// names, WebCrypto algorithm names, JOSE `alg`/`enc` values. One table per naming scheme.
import type { AlgorithmParams } from '../../../inventory/model.js';
import { getKnowledgeBase } from '../../../kb/index.js';
import type { Named } from '../common/jose.js';

export type { Named } from '../common/jose.js';
export { joseEncryptionAlg, joseSecondary, joseSignatureAlg } from '../common/jose.js';

/** OpenSSL/node digest names (case-insensitive): `sha256`, `SHA-256`, `RSA-SHA256`'s inner part, `sha3-256`. */
const DIGESTS: Readonly<Record<string, string>> = {
  md4: 'MD4', md5: 'MD5', sha1: 'SHA-1', sha224: 'SHA-224', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512',
  'sha512-224': 'SHA-512/224', 'sha512-256': 'SHA-512/256', 'sha3-224': 'SHA3-224', 'sha3-256': 'SHA3-256',
  'sha3-384': 'SHA3-384', 'sha3-512': 'SHA3-512', shake128: 'SHAKE128', shake256: 'SHAKE256',
  ripemd160: 'RIPEMD-160', rmd160: 'RIPEMD-160', blake2b512: 'BLAKE2b-512', blake2s256: 'BLAKE2s-256', sm3: 'SM3',
  whirlpool: 'Whirlpool',
};

/** Canonical hash name of a digest spelling, or undefined when it names no hash we know. */
export function digestName(s: string | undefined): string | undefined {
  if (!s) return undefined;
  const k = s.toLowerCase().replace(/^(sha-?)(\d)/, 'sha$2').replace(/^sha(\d+)\/(\d+)$/, 'sha$1-$2').replace(/_/g, '-');
  if (DIGESTS[k]) return DIGESTS[k];
  // WebCrypto and JOSE spell SHA-2 with a dash: SHA-256; SHA3 names keep theirs.
  const m = /^sha-?(1|224|256|384|512)$/.exec(k);
  return m ? DIGESTS[`sha${m[1]}`] : undefined;
}

/** Block-cipher mode suffixes of OpenSSL cipher names. */
const MODES: Readonly<Record<string, string>> = {
  gcm: 'GCM', cbc: 'CBC', ctr: 'CTR', ecb: 'ECB', ccm: 'CCM', ocb: 'OCB', xts: 'XTS', ofb: 'OFB',
  cfb: 'CFB', cfb1: 'CFB', cfb8: 'CFB', wrap: 'KW', 'wrap-pad': 'KWP', siv: 'SIV', 'gcm-siv': 'GCM-SIV',
};

/**
 * OpenSSL cipher names as node:crypto takes them: `aes-256-gcm`, `aes256` (= aes-256-cbc),
 * `id-aes128-GCM`, `des-ede3-cbc`, `chacha20-poly1305`, `bf-cbc`, `rc4`. Undefined for names we do not know.
 */
export function opensslCipher(name: string): Named | undefined {
  const n = name.toLowerCase().replace(/^id-/, '');
  let m = /^aes-?(128|192|256)(?:-(.+))?$/.exec(n);
  if (m) {
    const mode = m[2] === undefined ? 'CBC' : MODES[m[2]];
    return mode ? { spelling: 'AES', params: { keySize: Number(m[1]), mode } } : undefined;
  }
  m = /^aes-(.+)$/.exec(n);
  if (m && MODES[m[1]!]) return { spelling: 'AES', params: { mode: MODES[m[1]!] } };
  m = /^(camellia|aria)-?(128|192|256)(?:-(.+))?$/.exec(n);
  if (m) {
    const mode = m[3] === undefined ? 'CBC' : MODES[m[3]];
    return mode ? { spelling: `${m[1]!.toUpperCase()}-${m[2]}`, params: { keySize: Number(m[2]), mode } } : undefined;
  }
  if (n === 'chacha20-poly1305') return { spelling: 'ChaCha20-Poly1305', params: {} };
  if (n === 'chacha20') return { spelling: 'ChaCha20', params: {} };
  if (n === 'rc4' || n === 'rc4-40') return { spelling: 'RC4', params: n === 'rc4-40' ? { keySize: 40 } : {} };
  m = /^des-ede3(?:-(.+))?$/.exec(n) ?? /^des3$/.exec(n);
  if (m) return { spelling: '3DES', params: { mode: m[1] ? (MODES[m[1]] ?? 'CBC') : n === 'des3' ? 'CBC' : 'ECB' } };
  m = /^des-ede(?:-(.+))?$/.exec(n);
  if (m) return { spelling: '3DES-112', params: { mode: m[1] ? (MODES[m[1]] ?? 'CBC') : 'ECB' } };
  m = /^des(?:-(.+))?$/.exec(n);
  if (m) return { spelling: 'DES', params: { mode: m[1] ? (MODES[m[1]] ?? 'CBC') : 'CBC' } };
  m = /^(bf|blowfish)(?:-(.+))?$/.exec(n);
  if (m) return { spelling: 'Blowfish', params: { mode: m[2] ? (MODES[m[2]] ?? 'CBC') : 'CBC' } };
  // OpenSSL's legacy-provider ciphers (OpenPGP's CAST5 and IDEA): `cast5-cfb`, `cast-cbc`, `idea-cfb`; bare names are CBC.
  m = /^(cast5?|idea)(?:-(.+))?$/.exec(n);
  if (m) return { spelling: m[1] === 'idea' ? 'IDEA' : 'CAST5', params: { mode: m[2] ? (MODES[m[2]] ?? 'CBC') : 'CBC' } };
  m = /^sm4(?:-(.+))?$/.exec(n);
  if (m) return { spelling: 'SM4', params: m[1] && MODES[m[1]] ? { mode: MODES[m[1]]! } : {} };
  return undefined;
}

/**
 * A curve as node (`prime256v1`, `secp384r1`, `sect163k1`), WebCrypto/JOSE (`P-256`), noble (`p256`) and
 * Ruby's OpenSSL spell it, by the knowledge base's curve names and aliases (`x25519`/`ed25519` name
 * the curves of those algorithms); a name it does not list is no curve.
 */
export function curveName(s: string | undefined): string | undefined {
  return s ? getKnowledgeBase().findCurve(s)?.name : undefined;
}

/** RFC 3526/2409 MODP group names of `getDiffieHellman` -> knowledge-base entries. */
export const MODP_GROUPS: Readonly<Record<string, string>> = {
  modp1: 'FFDHE-modp768', modp2: 'FFDHE-modp1024', modp5: 'FFDHE-modp1536', modp14: 'FFDHE-modp2048',
  modp15: 'FFDHE-modp3072', modp16: 'FFDHE-modp4096', modp17: 'FFDHE-modp6144', modp18: 'FFDHE-modp8192',
};

/** `generateKeyPair` types with a fixed algorithm (those with options are handled by the caller). */
export const KEY_PAIR_TYPES: Readonly<Record<string, string>> = {
  ed25519: 'Ed25519', ed448: 'Ed448', x25519: 'X25519', x448: 'X448',
  'ml-kem-512': 'ML-KEM-512', 'ml-kem-768': 'ML-KEM-768', 'ml-kem-1024': 'ML-KEM-1024',
  'ml-dsa-44': 'ML-DSA-44', 'ml-dsa-65': 'ML-DSA-65', 'ml-dsa-87': 'ML-DSA-87',
};

/** SLH-DSA parameter-set names (`slh-dsa-sha2-128s`, noble's `slh_dsa_shake_256f`) -> KB name. */
export function slhDsaName(s: string): string | undefined {
  const m = /^slh[-_]dsa[-_](sha2|shake)[-_](128|192|256)([sf])$/i.exec(s);
  return m ? `SLH-DSA-${m[1]!.toUpperCase()}-${m[2]}${m[3]!.toLowerCase()}` : undefined;
}

