// PyNaCl (`nacl.*`): libsodium's fixed constructions behind a class or function name, so the name
// alone fixes the algorithm (the same spellings as tweetnacl in the JavaScript detector):
// - `nacl.public.PrivateKey/PublicKey` are X25519 keys; `Box` and `SealedBox` agree an X25519 key and
//   encrypt with XSalsa20-Poly1305 (crypto_box, crypto_box_seal);
// - `nacl.signing.SigningKey/VerifyKey` are Ed25519; `nacl.secret.SecretBox` is XSalsa20-Poly1305 and
//   `nacl.secret.Aead` XChaCha20-Poly1305 (IETF);
// - `nacl.pwhash.argon2id/argon2i/scrypt` `.kdf`/`.str` (and the package-level `nacl.pwhash.str`,
//   Argon2id since PyNaCl 1.2), `nacl.hash.sha256/sha512/blake2b/siphash24`, `nacl.hashlib`;
// - `nacl.bindings.crypto_*`, the thin libsodium wrappers, by their libsodium names.
// Instance methods (`box.encrypt`, `signing_key.sign`) are not reported again: the asset is where the
// object is made. Argon2 cost and memory come from literals, the modules' OPSLIMIT_/MEMLIMIT_ constants
// (libsodium's values) or the functions' documented defaults; an unresolved one stays unknown.
import type { AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import { arg } from './adapter.js';
import type { Call, PyContext } from './context.js';
import { qualify } from './imports.js';

/** What a construction does at the call: one function, or both directions of a cipher object. */
type Fn = CryptoFunction | 'encrypt/decrypt';

/** Classes and functions whose name alone fixes the construction: spelling(s) and what the call does. */
const FIXED: Readonly<Record<string, ReadonlyArray<[string, Fn]>>> = {
  'public.PrivateKey.generate': [['X25519', 'keygen']],
  'public.PrivateKey.from_seed': [['X25519', 'keygen']],
  'public.PrivateKey': [['X25519', 'keyderive']],
  'public.PublicKey': [['X25519', 'keyderive']],
  'public.Box': [['X25519', 'keyderive'], ['XSalsa20-Poly1305', 'encrypt/decrypt']],
  // A sealed box makes an ephemeral X25519 key per message for the recipient's public key.
  'public.SealedBox': [['X25519', 'keyderive'], ['XSalsa20-Poly1305', 'encrypt/decrypt']],
  'signing.SigningKey.generate': [['Ed25519', 'keygen']],
  'signing.SigningKey': [['Ed25519', 'sign']],
  'signing.VerifyKey': [['Ed25519', 'verify']],
  'secret.SecretBox': [['XSalsa20-Poly1305', 'encrypt/decrypt']],
  'secret.Aead': [['XChaCha20-Poly1305', 'encrypt/decrypt']],
  'hash.sha256': [['SHA-256', 'digest']],
  'hash.sha512': [['SHA-512', 'digest']],
  'hash.siphash24': [['SipHash-2-4', 'tag']],
  // siphashx24 is SipHash-2-4 with a 128-bit output (the knowledge base has no separate entry).
  'hash.siphashx24': [['SipHash-2-4', 'tag']],
};

/** `nacl.bindings.crypto_<name>` -> spellings; the first matching pattern wins (order matters). */
const BINDINGS: ReadonlyArray<[RegExp, ReadonlyArray<[string, CryptoFunction]>]> = [
  [/^crypto_box_seal/, [['X25519', 'keyderive'], ['XSalsa20-Poly1305', 'encrypt']]],
  [/^crypto_box_(?:seed_)?keypair$/, [['X25519', 'keygen']]],
  [/^crypto_box_beforenm$/, [['X25519', 'keyderive']]],
  [/^crypto_box_(?:open_)?(?:easy_)?afternm$/, [['XSalsa20-Poly1305', 'encrypt']]],
  [/^crypto_box(?:_open)?(?:_easy)?$/, [['X25519', 'keyderive'], ['XSalsa20-Poly1305', 'encrypt']]],
  [/^crypto_secretbox/, [['XSalsa20-Poly1305', 'encrypt']]],
  [/^crypto_aead_xchacha20poly1305_ietf_(?:en|de)crypt$/, [['XChaCha20-Poly1305', 'encrypt']]],
  [/^crypto_aead_chacha20poly1305(?:_ietf)?_(?:en|de)crypt$/, [['ChaCha20-Poly1305', 'encrypt']]],
  [/^crypto_aead_aes256gcm_(?:en|de)crypt$/, [['AES-256-GCM', 'encrypt']]],
  // crypto_aead_aegis128l/aegis256: no AEGIS entry in the knowledge base yet, left out.
  [/^crypto_secretstream_xchacha20poly1305_(?:init_push|init_pull|push|pull)$/, [['XChaCha20-Poly1305', 'encrypt']]],
  [/^crypto_sign_(?:seed_)?keypair$/, [['Ed25519', 'keygen']]],
  [/^crypto_sign(?:_detached)?$/, [['Ed25519', 'sign']]],
  [/^crypto_sign_(?:open|verify_detached)$/, [['Ed25519', 'verify']]],
  [/^crypto_sign_ed25519ph_final_create$/, [['Ed25519ph', 'sign']]],
  [/^crypto_sign_ed25519ph_final_verify$/, [['Ed25519ph', 'verify']]],
  [/^crypto_scalarmult(?:_base)?$/, [['X25519', 'keyderive']]],
  [/^crypto_kx_(?:seed_)?keypair$/, [['X25519', 'keygen']]],
  [/^crypto_kx_(?:client|server)_session_keys$/, [['X25519', 'keyderive']]],
  [/^crypto_hash_sha256$/, [['SHA-256', 'digest']]],
  [/^crypto_hash_sha512$/, [['SHA-512', 'digest']]],
  [/^crypto_shorthash_siphash24$/, [['SipHash-2-4', 'tag']]],
  [/^crypto_shorthash_siphashx24$/, [['SipHash-2-4', 'tag']]],
  [/^crypto_pwhash_scryptsalsa208sha256(?:_ll|_str)?$/, [['scrypt', 'keyderive']]],
];

/** libsodium's opslimit/memlimit presets (memlimit in bytes), per Argon2 variant. */
const ARGON2_PRESETS: Readonly<Record<'argon2id' | 'argon2i', Readonly<Record<string, [number, number]>>>> = {
  argon2id: { INTERACTIVE: [2, 64 << 20], MODERATE: [3, 256 << 20], SENSITIVE: [4, 1024 << 20] },
  argon2i: { INTERACTIVE: [4, 32 << 20], MODERATE: [6, 128 << 20], SENSITIVE: [8, 512 << 20] },
};

/** Argon2 `.kdf(size, password, salt, opslimit, memlimit)` / `.str(password, opslimit, memlimit)`. */
function argon2(ctx: PyContext, c: Call, variant: 'argon2id' | 'argon2i', fn: 'kdf' | 'str', lib: object): void {
  const presets = ARGON2_PRESETS[variant];
  // Documented defaults: kdf() uses the SENSITIVE preset, str() the INTERACTIVE one.
  const fallback = presets[fn === 'kdf' ? 'SENSITIVE' : 'INTERACTIVE']!;
  const first = fn === 'kdf' ? 3 : 1;
  const opsNode = arg(c.args, first, 'opslimit');
  const memNode = arg(c.args, first + 1, 'memlimit');
  const ops = opsNode ? preset(ctx, opsNode, 0) ?? ctx.int(opsNode) : fallback[0];
  const mem = memNode ? preset(ctx, memNode, 1) ?? ctx.int(memNode) : fallback[1];
  const params: AlgorithmParams = {};
  if (ops !== undefined) params.cost = ops;
  // memoryCost is in KiB (as for cryptography's Argon2id and argon2-cffi); memlimit is in bytes.
  if (mem !== undefined) params.memoryCost = mem / 1024;
  if (fn === 'kdf') {
    const size = ctx.int(arg(c.args, 0, 'size'));
    if (size !== undefined) params.outputLength = size * 8;
  }
  const spelling = variant === 'argon2id' ? 'Argon2id' : 'Argon2i';
  ctx.sink.algorithm(c.node, `${variant}.${fn}`, spelling, params, { unresolved: ['cost', 'memoryCost'], functions: ['keyderive'], ...lib });
}

/**
 * `argon2id.OPSLIMIT_MODERATE`, `nacl.pwhash.MEMLIMIT_SENSITIVE` -> the preset's value (which = 0 ops,
 * 1 mem). The constant's own module picks the table: the package-level names are argon2id's.
 */
function preset(ctx: PyContext, node: NonNullable<Call['args']['positional'][number]>, which: 0 | 1): number | undefined {
  const v = ctx.value(node);
  const path = qualify(ctx.imports, node) ?? (v.kind === 'member' ? v.path : undefined);
  const m = path ? /^nacl\.pwhash\.(?:(argon2id|argon2i)\.)?(OPSLIMIT|MEMLIMIT)_(INTERACTIVE|MODERATE|SENSITIVE)$/.exec(path) : null;
  if (!m || (m[2] === 'OPSLIMIT') !== (which === 0)) return undefined;
  return ARGON2_PRESETS[(m[1] ?? 'argon2id') as 'argon2id' | 'argon2i'][m[3]!]?.[which];
}

export function handleNacl(ctx: PyContext, c: Call): boolean {
  const name = (c.name ?? '').slice('nacl.'.length);
  const library = ctx.library(c);
  const lib = library ? { library } : {};
  const fixed = FIXED[name];
  if (fixed) {
    for (const [spelling, fn] of fixed) ctx.sink.algorithm(c.node, name, spelling, {}, { functions: fn === 'encrypt/decrypt' ? ['encrypt', 'decrypt'] : [fn], ...lib });
    return true;
  }
  const pw = /^pwhash\.(?:(argon2id|argon2i|scrypt)\.)?(kdf|str|kdf_scryptsalsa208sha256|scryptsalsa208sha256_str)$/.exec(name);
  if (pw) {
    const [, module, fn] = pw;
    // The package-level `nacl.pwhash.str` is argon2id.str; its scrypt aliases name themselves.
    if (module === 'scrypt' || fn!.includes('scrypt')) {
      // libsodium derives scrypt's N, r, p from opslimit/memlimit at run time: left unknown.
      ctx.sink.algorithm(c.node, name, 'scrypt', {}, { unresolved: ['cost'], functions: ['keyderive'], ...lib });
      return true;
    }
    if (module === undefined && fn === 'kdf') return false;
    argon2(ctx, c, (module ?? 'argon2id') as 'argon2id' | 'argon2i', fn as 'kdf' | 'str', lib);
    return true;
  }
  if (name === 'hash.blake2b' || name === 'hashlib.blake2b') {
    // digest_size is in bytes; both functions document 32 (crypto_generichash_BYTES) as the default.
    const sizeNode = arg(c.args, 1, 'digest_size');
    const size = sizeNode ? ctx.int(sizeNode) : 32;
    ctx.sink.algorithm(c.node, name, size !== undefined ? `BLAKE2b-${size * 8}` : 'BLAKE2b', {}, { functions: ['digest'], ...lib });
    return true;
  }
  if (name === 'hashlib.scrypt') {
    // Same signature and defaults as hashlib.scrypt: n=2**20, r=8, p=1, dklen=64.
    const params: AlgorithmParams = {};
    const nNode = arg(c.args, 2, 'n');
    const rNode = arg(c.args, 3, 'r');
    const pNode = arg(c.args, 4, 'p');
    const dkNode = arg(c.args, 6, 'dklen');
    const n = nNode ? ctx.int(nNode) : 2 ** 20;
    const r = rNode ? ctx.int(rNode) : 8;
    const p = pNode ? ctx.int(pNode) : 1;
    const dk = dkNode ? ctx.int(dkNode) : 64;
    if (n !== undefined) params.cost = n;
    if (n !== undefined && r !== undefined) params.memoryCost = (128 * n * r) / 1024;
    if (p !== undefined) params.parallelism = p;
    if (dk !== undefined) params.outputLength = dk * 8;
    ctx.sink.algorithm(c.node, name, 'scrypt', params, { unresolved: ['cost'], functions: ['keyderive'], ...lib });
    return true;
  }
  if (name === 'bindings.crypto_generichash_blake2b_salt_personal') {
    const sizeNode = arg(c.args, 1, 'digest_size');
    const size = sizeNode ? ctx.int(sizeNode) : 32;
    ctx.sink.algorithm(c.node, 'crypto_generichash_blake2b_salt_personal', size !== undefined ? `BLAKE2b-${size * 8}` : 'BLAKE2b', {}, { unresolved: size === undefined ? ['outputLength'] : [], functions: ['digest'], ...lib });
    return true;
  }
  const alg = /^bindings\.(crypto_pwhash_alg|crypto_pwhash_str_alg)$/.exec(name);
  if (alg) {
    // The variant is the last argument: crypto_pwhash_ALG_ARGON2ID13 / ALG_ARGON2I13.
    const algNode = arg(c.args, alg[1] === 'crypto_pwhash_alg' ? 5 : 3, 'alg');
    const v = ctx.value(algNode);
    const path = (algNode && qualify(ctx.imports, algNode)) ?? (v.kind === 'member' ? v.path : '');
    const spelling = /ALG_ARGON2ID13$/.test(path) ? 'Argon2id' : /ALG_ARGON2I13$/.test(path) ? 'Argon2i' : 'Argon2';
    ctx.sink.algorithm(c.node, alg[1]!, spelling, {}, { unresolved: ['cost', 'memoryCost'], functions: ['keyderive'], ...lib });
    return true;
  }
  const binding = /^bindings\.(crypto_\w+)$/.exec(name);
  if (binding) {
    const hit = BINDINGS.find(([re]) => re.test(binding[1]!));
    if (!hit) return false;
    // One table row covers both directions: `_open`, `_decrypt` and `_pull` are the decrypting side.
    const opens = /_open|_decrypt$|_pull$/.test(binding[1]!);
    for (const [spelling, fn] of hit[1]) ctx.sink.algorithm(c.node, binding[1]!, spelling, {}, { functions: [fn === 'encrypt' && opens ? 'decrypt' : fn], ...lib });
    return true;
  }
  return false;
}
