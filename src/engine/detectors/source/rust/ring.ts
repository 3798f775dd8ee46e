// ring and aws-lc-rs name every algorithm by a constant (`&aead::AES_256_GCM`, `digest::SHA256`,
// `&signature::ECDSA_P256_SHA256_ASN1_SIGNING`, `pbkdf2::PBKDF2_HMAC_SHA256`): each constant read in
// code is the algorithm, at that place. PBKDF2's iteration count and output length come from the
// `pbkdf2::derive`/`verify` call the constant is given to; an aws-lc-rs AES key's mode, from the cipher key
// it is given to. Their key types (`Ed25519KeyPair`, `RsaKeyPair`, aws-lc-rs's RSA encryption keys) name the
// algorithm where no constant is written. rcgen's signature-algorithm constants follow the same pattern.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import type { AlgorithmEmit, RsFile, TypeCall } from './file.js';
import { segments } from './paths.js';
import { symbolOf } from './rustcrypto.js';

type Fixed = AlgorithmEmit & { functions: CryptoFunction[] };
const fixed = (spelling: string, params: AlgorithmParams, ...functions: CryptoFunction[]): Fixed => ({ spelling, params, functions });
const HASHES: Record<string, string> = { SHA1: 'SHA-1', SHA224: 'SHA-224', SHA256: 'SHA-256', SHA384: 'SHA-384', SHA512: 'SHA-512', SHA512_256: 'SHA-512/256', SHA3_256: 'SHA3-256', SHA3_384: 'SHA3-384', SHA3_512: 'SHA3-512' };
const CURVES: Record<string, string> = { P256: 'P-256', P384: 'P-384', P521: 'P-521', SECP256K1: 'secp256k1' };

/** The algorithm a ring/aws-lc-rs constant names, from its name alone. */
export function ringConstant(name: string): Fixed | undefined {
  const n = name.replace(/_FOR_LEGACY_USE_ONLY$/, '');
  let m: RegExpExecArray | null;
  if ((m = /^AES_(128|192|256)_GCM(_SIV)?$/.exec(n))) return fixed('AES', { keySize: Number(m[1]), mode: m[2] ? 'GCM-SIV' : 'GCM' }, 'encrypt', 'decrypt');
  if ((m = /^AES_(128|192|256)$/.exec(n))) return fixed('AES', { keySize: Number(m[1]) }, 'encrypt', 'decrypt');
  if (n === 'CHACHA20_POLY1305') return fixed('ChaCha20-Poly1305', {}, 'encrypt', 'decrypt');
  if (HASHES[n]) return fixed(HASHES[n]!, {}, 'digest');
  if ((m = /^HMAC_(SHA\w+)$/.exec(n)) && HASHES[m[1]!]) return fixed('HMAC', { hash: HASHES[m[1]!] }, 'tag');
  if ((m = /^PBKDF2_HMAC_(SHA\w+)$/.exec(n)) && HASHES[m[1]!]) return fixed('PBKDF2', { hash: HASHES[m[1]!] }, 'keyderive');
  if ((m = /^HKDF_(SHA\w+)$/.exec(n)) && HASHES[m[1]!]) return fixed('HKDF', { hash: HASHES[m[1]!] }, 'keyderive');
  if (n === 'X25519') return fixed('X25519', {}, 'keygen');
  if (n === 'ED25519') return fixed('Ed25519', {}, 'sign', 'verify');
  if ((m = /^ECDH_(P\d+)$/.exec(n)) && CURVES[m[1]!]) return fixed('ECDH', { curve: CURVES[m[1]!] }, 'keygen');
  if ((m = /^ECDSA_(P\d+|SECP256K1)_(SHA\d+)_(ASN1|FIXED)(_SIGNING)?$/.exec(n)) && CURVES[m[1]!] && HASHES[m[2]!]) {
    return fixed('ECDSA', { curve: CURVES[m[1]!], hash: HASHES[m[2]!] }, m[4] ? 'sign' : 'verify');
  }
  if ((m = /^RSA_(PKCS1|PSS)_(SHA\d+)$/.exec(n)) && HASHES[m[2]!]) {
    return fixed(m[1] === 'PSS' ? 'RSASSA-PSS' : 'RSASSA-PKCS1-v1_5', { hash: HASHES[m[2]!] }, 'sign');
  }
  if ((m = /^RSA_(PKCS1|PSS)_(\d+)_8192_(SHA\d+)$/.exec(n)) && HASHES[m[3]!]) {
    // Verification accepting keys from the first number up to 8192 bits: the key size is not fixed.
    return fixed(m[1] === 'PSS' ? 'RSASSA-PSS' : 'RSASSA-PKCS1-v1_5', { hash: HASHES[m[3]!] }, 'verify');
  }
  // aws-lc-rs `rsa::OAEP_SHA256_MGF1SHA256` (the MGF1 hash is the OAEP hash in each of them).
  if ((m = /^OAEP_(SHA\d+)_MGF1SHA\d+$/.exec(n)) && HASHES[m[1]!]) return fixed('RSA-OAEP', { hash: HASHES[m[1]!] }, 'encrypt');
  if ((m = /^ML_KEM_(512|768|1024)$/.exec(n))) return fixed('ML-KEM', { parameterSet: m[1] }, 'keygen');
  if ((m = /^ML_DSA_(44|65|87)(_SIGNING)?$/.exec(n))) return fixed('ML-DSA', { parameterSet: m[1] }, m[2] ? 'sign' : 'verify');
  return undefined;
}

/**
 * ring's and aws-lc-rs's key types, whose constructors say the algorithm where no constant is given:
 * `Ed25519KeyPair::generate_pkcs8(&rng)` (aws-lc-rs also `generate()`) makes an Ed25519 key, `from_pkcs8`,
 * `from_pkcs8_maybe_unchecked` and `from_seed_*` load one that signs; `RsaKeyPair::from_pkcs8`/`from_der`
 * load an RSA signing key, aws-lc-rs's `PrivateDecryptingKey::from_pkcs8` and `PublicEncryptingKey::from_der`
 * an RSA encryption key (their size is the key file's); `Pkcs1PublicEncryptingKey::new(pk)` and
 * `Pkcs1PrivateDecryptingKey::new(sk)` choose PKCS#1 v1.5 encryption padding. RSA key generation
 * (`RsaKeyPair::generate(KeySize::Rsa3072)`) is the `KeySize` constant's, reported where it is written, and an
 * OAEP key's hash is the `OAEP_SHA256_MGF1SHA256` constant given to its `encrypt`/`decrypt`.
 */
export function ringKeyCall(f: RsFile, tc: TypeCall): void {
  const symbol = symbolOf(tc);
  const name = tc.type.path.split('::').pop() ?? '';
  if (name === 'Ed25519KeyPair') {
    const keygen = /^generate(_pkcs8)?$/.test(tc.method);
    if (!keygen && !/^from_(pkcs8|seed)/.test(tc.method)) return;
    f.algorithm(tc.call, symbol, { spelling: 'Ed25519', functions: [keygen ? 'keygen' : 'sign'] });
    if (!keygen && f.constantBytes(tc.args[0])) f.signal(tc.call, symbol, 'hardcoded-key', 'Ed25519 private key is written in the source', { spelling: 'Ed25519' });
    return;
  }
  if (/^Pkcs1(PublicEncrypting|PrivateDecrypting)Key$/.test(name)) {
    if (tc.method !== 'new') return;
    f.algorithm(tc.call, symbol, {
      spelling: 'RSA', params: { padding: 'PKCS1v15' }, unresolved: ['keySize'], functions: [name.includes('Public') ? 'encrypt' : 'decrypt'],
    });
    return;
  }
  if (!/^from_(pkcs8|der|components)/.test(tc.method)) return;
  const functions: CryptoFunction[] = name === 'RsaKeyPair' ? ['sign'] : name === 'PrivateDecryptingKey' ? ['decrypt'] : ['encrypt'];
  f.algorithm(tc.call, symbol, { spelling: 'RSA', unresolved: ['keySize'], functions });
  if (name !== 'PublicEncryptingKey' && f.constantBytes(tc.args[0])) f.signal(tc.call, symbol, 'hardcoded-key', 'RSA private key is written in the source', { spelling: 'RSA' });
}

/** aws-lc-rs `KeySize::Rsa2048` … `Rsa8192` (RSA key generation). */
export function awsLcKeySize(name: string): Fixed | undefined {
  const m = /^Rsa(\d{4})$/.exec(name);
  return m ? fixed('RSA', { keySize: Number(m[1]) }, 'keygen') : undefined;
}

/** rcgen's `PKCS_ECDSA_P256_SHA256`, `PKCS_RSA_SHA256`, `PKCS_ED25519`, `PKCS_RSA_PSS_SHA256`, `PKCS_ML_DSA_65`. */
export function rcgenConstant(name: string): Fixed | undefined {
  let m: RegExpExecArray | null;
  if ((m = /^PKCS_ML_DSA_(44|65|87)$/.exec(name))) return fixed('ML-DSA', { parameterSet: m[1] }, 'sign');
  if ((m = /^PKCS_ECDSA_(P\d+)_(SHA\d+)$/.exec(name)) && CURVES[m[1]!] && HASHES[m[2]!]) return fixed('ECDSA', { curve: CURVES[m[1]!], hash: HASHES[m[2]!] }, 'sign');
  if ((m = /^PKCS_RSA_(PSS_)?(SHA\d+)$/.exec(name)) && HASHES[m[2]!]) return fixed(m[1] ? 'RSASSA-PSS' : 'RSASSA-PKCS1-v1_5', { hash: HASHES[m[2]!] }, 'sign');
  if (name === 'PKCS_ED25519') return fixed('Ed25519', {}, 'sign');
  return undefined;
}

/**
 * rustls-webpki's signature verification algorithms (`webpki::ring::ECDSA_P256_SHA256`,
 * `webpki::aws_lc_rs::ML_DSA_65`, `RSA_PKCS1_2048_8192_SHA256`, `ED25519`): each verifies that scheme.
 */
export function webpkiConstant(name: string): Fixed | undefined {
  let m: RegExpExecArray | null;
  if ((m = /^ML_DSA_(44|65|87)$/.exec(name))) return fixed('ML-DSA', { parameterSet: m[1] }, 'verify');
  if ((m = /^ECDSA_(P\d+)_(SHA\d+)$/.exec(name)) && CURVES[m[1]!] && HASHES[m[2]!]) return fixed('ECDSA', { curve: CURVES[m[1]!], hash: HASHES[m[2]!] }, 'verify');
  if (name === 'ED25519') return fixed('Ed25519', {}, 'verify');
  const ring = /^RSA_(PKCS1|PSS)_\d+_8192_SHA\d+(_LEGACY_KEY|_ABSENT_PARAMS)?$/.test(name) ? ringConstant(name.replace(/_(LEGACY_KEY|ABSENT_PARAMS)$/, '')) : undefined;
  return ring ? { ...ring, functions: ['verify'] } : undefined;
}

/** Reports a ring/aws-lc-rs constant; PBKDF2 takes the rounds and output length of the `derive`/`verify` call it is an argument of. */
export function reportRingConstant(f: RsFile, node: SgNode, symbol: string, a: Fixed): void {
  const params = { ...a.params };
  if (a.spelling === 'PBKDF2') {
    const call = enclosingCall(node);
    const fn = call?.field('function')?.text() ?? '';
    if (call && /(^|::)(derive|verify)$/.test(fn)) Object.assign(params, pbkdf2CallParams(f, call));
    else {
      const kept = keptIn(node);
      if (kept) Object.assign(params, pbkdf2UsesParams(f, kept));
    }
    f.algorithm(node, symbol, { spelling: a.spelling, params, unresolved: ['iterations'], functions: a.functions });
    return;
  }
  const call = enclosingCall(node);
  const fn = call?.field('function')?.text().replace(/\s+/g, '') ?? '';
  let functions = a.functions;
  // `EcdsaKeyPair::generate_pkcs8(&ECDSA_P384_SHA384_ASN1_SIGNING, &rng)`: a key pair generated for the algorithm.
  if (/(^|::)\w*KeyPair::generate(_pkcs8)?$/.test(fn)) functions = ['keygen'];
  // `private_key.decrypt(&OAEP_SHA256_MGF1SHA256, ciphertext, out)`: the operation is the method's.
  else if (a.spelling === 'RSA-OAEP' && call && /\.decrypt$/.test(fn)) functions = ['decrypt'];
  // `UnboundCipherKey::new(&AES_256, k)` given to `PaddedBlockEncryptingKey::cbc_pkcs7(key)`: the mode is the key's.
  else if (call && /(^|::)UnboundCipherKey::new$/.test(fn)) {
    const keyed = cipherKeyMode(f, call);
    if (keyed) {
      Object.assign(params, keyed.params);
      functions = keyed.functions;
    }
  }
  f.algorithm(node, symbol, { spelling: a.spelling, params, functions });
  // `hmac::Key::new(hmac::HMAC_SHA256, b"secret")`, `aead::UnboundKey::new(&aead::AES_256_GCM, &KEY)`: the key bytes follow the algorithm.
  if (call && /(^|::)(Key|UnboundKey|UnboundCipherKey)::new$/.test(fn)) {
    const args = call.field('arguments')?.namedChildren().filter((c) => !kindOf(c).endsWith('comment')) ?? [];
    if (f.constantBytes(args[1])) f.signal(call, fn, 'hardcoded-key', `${a.spelling} key is written in the source`, { spelling: a.spelling, params });
  }
}

/** aws-lc-rs cipher-key constructors (`PaddedBlockEncryptingKey::cbc_pkcs7`, `EncryptingKey::ctr`, …) -> the mode they fix. */
const CIPHER_KEY_MODES: Record<string, AlgorithmParams> = {
  cbc_pkcs7: { mode: 'CBC', padding: 'PKCS7' }, less_safe_cbc_pkcs7: { mode: 'CBC', padding: 'PKCS7' }, ecb_pkcs7: { mode: 'ECB', padding: 'PKCS7' },
  ctr: { mode: 'CTR' }, cfb128: { mode: 'CFB128' }, ecb: { mode: 'ECB' },
};
const CIPHER_KEY_CALL = /^aws_lc_rs::(\w+::)*(PaddedBlock|Streaming)?(Encrypting|Decrypting)Key::(\w+)$/;

/**
 * The mode of an aws-lc-rs `UnboundCipherKey::new(&AES_256, k)`: the constructor of the encrypting or
 * decrypting key it is given to, directly or through the `let` it is bound to. An unbound key is moved into
 * one key, so the first such call decides; a key that goes nowhere the file shows keeps no mode.
 */
function cipherKeyMode(f: RsFile, unbound: SgNode): { params: AlgorithmParams; functions: CryptoFunction[] } | undefined {
  for (const c of f.callsNamed(Object.keys(CIPHER_KEY_MODES).join('|'))) {
    const m = CIPHER_KEY_CALL.exec(f.adapter.callee(c));
    if (!m) continue;
    const first = c.field('arguments')?.namedChildren().find((a) => !kindOf(a).endsWith('comment'));
    if (f.origin(first)?.id() !== unbound.id()) continue;
    return { params: { ...CIPHER_KEY_MODES[m[4]!] }, functions: [m[3] === 'Encrypting' ? 'encrypt' : 'decrypt'] };
  }
  return undefined;
}

/** Rounds and output length of `pbkdf2::derive(alg, rounds, salt, secret, &mut out)` / `verify(alg, rounds, salt, secret, previous)`. */
function pbkdf2CallParams(f: RsFile, call: SgNode): AlgorithmParams {
  const fn = call.field('function')?.text() ?? '';
  const args = call.field('arguments')?.namedChildren().filter((c) => !kindOf(c).endsWith('comment')) ?? [];
  const out = /derive$/.test(fn) ? f.byteLength(args[4]) : undefined;
  return { iterations: f.int(args[1]), ...(out ? { outputLength: out * 8 } : {}) };
}

/** The name of the `static`/`const` whose value is the node (`static PBKDF2_ALG: pbkdf2::Algorithm = pbkdf2::PBKDF2_HMAC_SHA256;`). */
function keptIn(node: SgNode): string | undefined {
  let cur = node;
  for (let parent = cur.parent(); parent && kindOf(parent) === 'reference_expression'; parent = cur.parent()) cur = parent;
  const item = cur.parent();
  if (!item || (kindOf(item) !== 'static_item' && kindOf(item) !== 'const_item') || item.field('value')?.id() !== cur.id()) return undefined;
  return item.field('name')?.text();
}

/**
 * A PBKDF2 constant kept in a `static`/`const` and given by that name to `pbkdf2::derive`/`verify` elsewhere
 * in the file: the asset stays where the constant is read (the one place the algorithm is named, as for every
 * ring constant kept in a static), and takes the rounds and output length its calls agree on. Reporting it
 * at each call instead would count one configured algorithm once per call, and report it not at all when
 * the static is used from another file. Calls that disagree, or one whose rounds are not written, leave the
 * parameter unknown.
 */
function pbkdf2UsesParams(f: RsFile, name: string): AlgorithmParams {
  const calls = f.callsNamed('derive|verify').filter((c) => {
    const first = c.field('arguments')?.namedChildren().find((a) => !kindOf(a).endsWith('comment'));
    const inner = first && kindOf(first) === 'reference_expression' ? first.field('value') : first;
    return !!inner && segments(inner.text()).pop() === name && /(^|::)pbkdf2::(derive|verify)$/.test(f.adapter.callee(c));
  });
  if (calls.length === 0) return {};
  const agreed = (vs: Array<number | undefined>): number | undefined => (vs.length > 0 && vs.every((v) => v !== undefined && v === vs[0]) ? vs[0] : undefined);
  const iterations = agreed(calls.map((c) => pbkdf2CallParams(f, c).iterations));
  // `verify` compares with a stored output of any length: only `derive` calls fix it.
  const outputLength = agreed(calls.filter((c) => /derive$/.test(f.adapter.callee(c))).map((c) => pbkdf2CallParams(f, c).outputLength));
  return { ...(iterations ? { iterations } : {}), ...(outputLength ? { outputLength } : {}) };
}

/** The call a node is a direct argument of (through one `&`). */
export function enclosingCall(node: SgNode): SgNode | undefined {
  let cur: SgNode | null = node;
  for (let i = 0; cur && i < 3; i++) {
    const parent: SgNode | null = cur.parent();
    if (!parent) return undefined;
    const k = kindOf(parent);
    if (k === 'arguments') {
      const call = parent.parent();
      return call && kindOf(call) === 'call_expression' ? call : undefined;
    }
    if (k !== 'reference_expression') return undefined;
    cur = parent;
  }
  return undefined;
}
