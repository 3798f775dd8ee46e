// Ruby libraries beyond OpenSSL: the `digest` standard library, password hashing (bcrypt-ruby, Rails'
// `has_secure_password`, argon2, scrypt), RbNaCl (libsodium), ActiveSupport's MessageEncryptor and
// KeyGenerator, ruby-jwt, and non-cryptographic generators used for keys, tokens and salts.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, LibraryRef } from '../../../inventory/model.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import { joseSignatureAlg } from '../common/jose.js';
import { kindOf } from '../common/languages.js';
import { secretName } from '../common/secret-names.js';
import { digestName, opensslCipher } from '../javascript/names.js';
import type { RbFile } from './file.js';
import { OPENSSL, digestArg, digestClass, sizeQueryOnly } from './openssl.js';
import { callParts, constPath, type RbCall } from './resolve.js';

const DIGEST: LibraryRef = { ecosystem: 'gem', name: 'digest' };
const BCRYPT: LibraryRef = { ecosystem: 'gem', name: 'bcrypt' };
const ARGON2: LibraryRef = { ecosystem: 'gem', name: 'argon2' };
const SCRYPT: LibraryRef = { ecosystem: 'gem', name: 'scrypt' };
const RBNACL: LibraryRef = { ecosystem: 'gem', name: 'rbnacl' };
const ACTIVESUPPORT: LibraryRef = { ecosystem: 'gem', name: 'activesupport' };
const ACTIVEMODEL: LibraryRef = { ecosystem: 'gem', name: 'activemodel' };
export const JWT: LibraryRef = { ecosystem: 'gem', name: 'jwt' };

const bits = (bytes: number | undefined): number | undefined => (bytes === undefined || bytes <= 0 ? undefined : bytes * 8);

/** `Digest::MD5.hexdigest(x)`, `Digest::SHA256.new`, `Digest::SHA2.new(512)` (bit length 256 unless given), `Digest::RMD160.file(p)`. */
export function stdlibDigest(f: RbFile, c: RbCall, path: string): void {
  if (f.consumed(c.node) || !/^(new|digest|hexdigest|base64digest|file)$/.test(c.method) || (c.method === 'new' && sizeQueryOnly(c.node))) return;
  let hash = digestClass(path);
  if (path === 'Digest::SHA2') {
    // `Digest::SHA2.new(bitlen = 256)`: the library fixes 256 when no length is given.
    const n = c.method === 'new' ? (c.positional[0] ? f.int(c.positional[0]) : 256) : 256;
    hash = n === 256 || n === 384 || n === 512 ? `SHA-${n}` : undefined;
    if (!hash) {
      f.algorithm(c.node, `${path}.${c.method}`, { spelling: unresolvedSpelling('hash'), functions: ['digest'], library: DIGEST });
      return;
    }
  }
  if (!hash) return;
  f.algorithm(c.node, `${path}.${c.method}`, { spelling: hash, functions: ['digest'], library: DIGEST });
}

/**
 * A digest class held as a value in a table (`DIGESTS = { "MD5" => Digest::MD5, "SHA-256" => Digest::SHA256 }`,
 * httprb/http's digest authentication; `[OpenSSL::Digest::SHA1, …]`): the code picks its hash from the table at
 * run time, as Python's `{HS256: hashlib.sha256}`. Only in a hash or array that is assigned (a table kept in a
 * constant or variable), not one given to a call (`KeyGenerator.new(s, hash_digest_class: …)` reads it itself),
 * and not a class compared with or tested (`when Digest::MD5`, `is_a?(Digest::MD5)`), whose parent is neither.
 */
export function digestClassInTable(f: RbFile, node: SgNode): void {
  const path = constPath(node);
  const hash = path ? digestClass(path) : undefined;
  if (!path || !hash) return;
  let cur = node;
  for (let i = 0; i < 6; i++) {
    const p = cur.parent();
    if (!p) return;
    const k = kindOf(p);
    if (k === 'pair') {
      if (p.field('value')?.id() !== cur.id()) return;
    } else if (k === 'assignment') {
      if (i === 0 || p.field('right')?.id() !== cur.id()) return;
      break;
    } else if (k === 'call') {
      // `{ … }.freeze`
      if (i === 0 || p.field('receiver')?.id() !== cur.id() || p.field('method')?.text() !== 'freeze') return;
    } else if (k !== 'hash' && k !== 'array') return;
    cur = p;
  }
  if (kindOf(cur.parent()!) !== 'assignment') return;
  f.algorithm(node, path, { spelling: hash, functions: ['digest'], library: path.startsWith('OpenSSL::') ? OPENSSL : DIGEST });
}

/** bcrypt-ruby's default cost (`BCrypt::Engine::DEFAULT_COST`), used by `Password.create` unless `cost:` is given. */
const BCRYPT_DEFAULT_COST = 12;

export function bcrypt(f: RbFile, c: RbCall, path: string): void {
  const symbol = `${path}.${c.method}`;
  // The global `BCrypt::Engine.cost = n` replaces the default; set in this file, the default is not known.
  const costSet = /BCrypt::Engine\.cost\s*=[^=]/.test(f.text);
  if (path === 'BCrypt::Password' && c.method === 'create') {
    const given = c.named.get('cost');
    const cost = given ? f.int(given) : costSet ? undefined : BCRYPT_DEFAULT_COST;
    f.algorithm(c.node, symbol, { spelling: 'bcrypt', params: { cost }, unresolved: ['cost'], functions: ['keyderive'], library: BCRYPT });
  } else if (path === 'BCrypt::Password' && c.method === 'new') {
    // Reading a stored hash to compare with: its cost is the stored hash's.
    f.algorithm(c.node, symbol, { spelling: 'bcrypt', unresolved: ['cost'], functions: ['verify'], library: BCRYPT });
  } else if (path === 'BCrypt::Engine' && c.method === 'generate_salt') {
    const a0 = c.positional[0];
    const cost = a0 ? f.int(a0) : costSet ? undefined : BCRYPT_DEFAULT_COST;
    f.algorithm(c.node, symbol, { spelling: 'bcrypt', params: { cost }, unresolved: ['cost'], functions: ['keyderive'], library: BCRYPT });
  }
}

/**
 * Rails' `has_secure_password`: ActiveModel hashes with bcrypt at `BCrypt::Engine.cost`, or at MIN_COST when
 * `ActiveModel::SecurePassword.min_cost` is set (the generated test configuration): the cost is configuration's.
 * Rails 8's `algorithm: :argon2` is the argon2 gem's defaults (ActiveModel's Argon2Password), and another
 * algorithm (a name registered with `register_algorithm`, an object) one the file does not name.
 */
export function hasSecurePassword(f: RbFile, c: RbCall): void {
  if (c.receiver) return;
  const given = c.named.get('algorithm');
  const name = given ? f.str(given) : 'bcrypt';
  if (name === 'bcrypt') f.algorithm(c.node, 'has_secure_password', { spelling: 'bcrypt', unresolved: ['cost'], functions: ['keyderive', 'verify'], library: ACTIVEMODEL });
  else if (name === 'argon2') f.algorithm(c.node, 'has_secure_password', { spelling: 'Argon2', unresolved: ['cost', 'memoryCost', 'parallelism'], functions: ['keyderive', 'verify'], library: ACTIVEMODEL });
  else f.algorithm(c.node, 'has_secure_password', { spelling: unresolvedSpelling('key-derivation'), functions: ['keyderive', 'verify'], library: ACTIVEMODEL });
}

/** `has_secure_password` written alone in a class body (an identifier in the tree). */
export function hasSecurePasswordIdentifier(f: RbFile, node: SgNode): void {
  const p = node.parent();
  if (!p || !/^(body_statement|class|program)$/.test(kindOf(p))) return;
  f.algorithm(node, 'has_secure_password', { spelling: 'bcrypt', unresolved: ['cost'], functions: ['keyderive', 'verify'], library: ACTIVEMODEL });
}

/**
 * The argon2 gem: `Argon2::Password.create(pw, t_cost:, m_cost:, p_cost:)` / `Argon2::Password.new(…).create(pw)`.
 * `m_cost` is the base-2 logarithm of the memory in KiB. The variant and the defaults changed between
 * versions of the gem (Argon2i in 1.x, Argon2id in 2.x), so only what the call writes is reported.
 */
export function argon2(f: RbFile, c: RbCall, path: string): void {
  if (path !== 'Argon2::Password') return;
  const symbol = `${path}.${c.method}`;
  if (c.method === 'verify_password') {
    f.algorithm(c.node, symbol, { spelling: 'Argon2', unresolved: ['cost', 'memoryCost', 'parallelism'], functions: ['verify'], library: ARGON2 });
    return;
  }
  if (c.method !== 'create' && c.method !== 'new') return;
  // `Argon2::Password.new(t_cost: 2).create(pw)` is reported once, at `new`.
  const m = f.int(c.named.get('m_cost'));
  const params: AlgorithmParams = { cost: f.int(c.named.get('t_cost')), memoryCost: m !== undefined && m < 32 ? 2 ** m : undefined, parallelism: f.int(c.named.get('p_cost')) };
  f.algorithm(c.node, symbol, { spelling: 'Argon2', params, unresolved: ['cost', 'memoryCost', 'parallelism'], functions: ['keyderive'], library: ARGON2 });
}

/** The scrypt gem: `SCrypt::Password.create(pw)` calibrates N at run time; `SCrypt::Engine.scrypt(pw, salt, n, r, p, len)` fixes it. */
export function scrypt(f: RbFile, c: RbCall, path: string): void {
  const symbol = `${path}.${c.method}`;
  if (path === 'SCrypt::Password' && c.method === 'create') {
    f.algorithm(c.node, symbol, { spelling: 'scrypt', unresolved: ['cost'], functions: ['keyderive'], library: SCRYPT });
  } else if (path === 'SCrypt::Password' && c.method === 'new') {
    f.algorithm(c.node, symbol, { spelling: 'scrypt', unresolved: ['cost'], functions: ['verify'], library: SCRYPT });
  } else if (path === 'SCrypt::Engine' && c.method === 'scrypt') {
    const [, salt, n, r, p, len] = c.positional;
    const N = f.int(n);
    const R = f.int(r);
    const params: AlgorithmParams = { cost: N, parallelism: f.int(p), outputLength: bits(f.int(len)), saltLength: f.byteLength(salt), ...(N !== undefined && R !== undefined ? { memoryCost: (128 * N * R) / 1024 } : {}) };
    f.algorithm(c.node, symbol, { spelling: 'scrypt', params, unresolved: ['cost', 'outputLength'], functions: ['keyderive'], library: SCRYPT });
  } else if (path === 'SCrypt::Engine' && c.method === 'hash_secret') {
    f.algorithm(c.node, symbol, { spelling: 'scrypt', unresolved: ['cost'], functions: ['keyderive'], library: SCRYPT });
  }
}

/** RbNaCl classes -> algorithm and what the constructor or method does. */
const RBNACL_CLASSES: Readonly<Record<string, string>> = {
  'RbNaCl::SecretBox': 'XSalsa20-Poly1305', 'RbNaCl::SimpleBox': 'XSalsa20-Poly1305', 'RbNaCl::Box': 'XSalsa20-Poly1305',
  'RbNaCl::AEAD::XChaCha20Poly1305IETF': 'XChaCha20-Poly1305', 'RbNaCl::AEAD::ChaCha20Poly1305IETF': 'ChaCha20-Poly1305',
  'RbNaCl::AEAD::ChaCha20Poly1305Legacy': 'ChaCha20-Poly1305',
  'RbNaCl::SigningKey': 'Ed25519', 'RbNaCl::VerifyKey': 'Ed25519', 'RbNaCl::PrivateKey': 'X25519', 'RbNaCl::PublicKey': 'X25519',
  'RbNaCl::GroupElements::Curve25519': 'X25519', 'RbNaCl::GroupElement': 'X25519',
  'RbNaCl::HMAC::SHA256': 'HMAC-SHA-256', 'RbNaCl::HMAC::SHA512': 'HMAC-SHA-512', 'RbNaCl::HMAC::SHA512256': 'HMAC-SHA-512/256',
  'RbNaCl::OneTimeAuth': 'Poly1305', 'RbNaCl::OneTimeAuths::Poly1305': 'Poly1305',
};

/**
 * The classes behind RbNaCl's short names (lib/rbnacl.rb: `SecretBox = SecretBoxes::XSalsa20Poly1305`, `Box =
 * Boxes::Curve25519XSalsa20Poly1305`, …): code may write either (lockbox writes the long ones).
 */
const RBNACL_ALIASES: Readonly<Record<string, string>> = {
  'RbNaCl::SecretBoxes::XSalsa20Poly1305': 'RbNaCl::SecretBox',
  'RbNaCl::Boxes::Curve25519XSalsa20Poly1305': 'RbNaCl::Box',
  'RbNaCl::Boxes::Curve25519XSalsa20Poly1305::PrivateKey': 'RbNaCl::PrivateKey',
  'RbNaCl::Boxes::Curve25519XSalsa20Poly1305::PublicKey': 'RbNaCl::PublicKey',
  'RbNaCl::Signatures::Ed25519::SigningKey': 'RbNaCl::SigningKey',
  'RbNaCl::Signatures::Ed25519::VerifyKey': 'RbNaCl::VerifyKey',
};

export function rbnacl(f: RbFile, c: RbCall, path: string): void {
  const written = path.replace(/^Crypto::/, 'RbNaCl::');
  const p = RBNACL_ALIASES[written] ?? written;
  const symbol = `${path}.${c.method}`;
  if (p === 'RbNaCl::Hash') {
    const h = /^(sha256|sha512|blake2b)$/.exec(c.method)?.[1];
    if (!h) return;
    if (h === 'blake2b') {
      // `digest_size:` defaults to 64 bytes in RbNaCl (BLAKE2b-512).
      const size = c.named.get('digest_size');
      const n = size ? f.int(size) : 64;
      f.algorithm(c.node, symbol, { spelling: n !== undefined ? `BLAKE2b-${n * 8}` : 'BLAKE2b', params: { outputLength: bits(n) }, unresolved: ['outputLength'], functions: ['digest'], library: RBNACL });
    } else f.algorithm(c.node, symbol, { spelling: h === 'sha256' ? 'SHA-256' : 'SHA-512', functions: ['digest'], library: RBNACL });
    return;
  }
  if (p === 'RbNaCl::PasswordHash') {
    // `argon2(pw, salt, opslimit, memlimit, digest_size)` (memlimit in bytes), `scrypt(pw, salt, opslimit, memlimit, digest_size)`.
    const m = /^(argon2|argon2i|argon2id|scrypt)$/.exec(c.method)?.[1];
    if (!m) return;
    const [, salt, ops, mem, size] = c.positional;
    const memBytes = f.int(mem);
    if (m === 'scrypt') {
      f.algorithm(c.node, symbol, { spelling: 'scrypt', params: { outputLength: bits(f.int(size)), saltLength: f.byteLength(salt) }, unresolved: ['cost', 'outputLength'], functions: ['keyderive'], library: RBNACL });
      return;
    }
    const spelling = m === 'argon2i' ? 'Argon2i' : m === 'argon2id' ? 'Argon2id' : 'Argon2';
    const params: AlgorithmParams = { cost: f.int(ops), memoryCost: memBytes !== undefined ? Math.floor(memBytes / 1024) : undefined, outputLength: bits(f.int(size)), saltLength: f.byteLength(salt) };
    f.algorithm(c.node, symbol, { spelling, params, unresolved: ['cost', 'memoryCost', 'outputLength'], functions: ['keyderive'], library: RBNACL });
    return;
  }
  const alg = RBNACL_CLASSES[p];
  if (!alg) return;
  const isKey = /Key$/.test(p);
  if (isKey) {
    if (c.method !== 'generate' && c.method !== 'new') return;
    const fn = c.method === 'generate' ? 'keygen' : p.endsWith('VerifyKey') ? 'verify' : p.endsWith('SigningKey') ? 'sign' : 'keygen';
    f.algorithm(c.node, symbol, { spelling: alg, functions: [fn], library: RBNACL });
    if (c.method === 'new' && /SigningKey|PrivateKey/.test(p) && f.constantBytes(c.positional[0])) {
      f.sink.signal(c.node, symbol, 'hardcoded-key', `${alg} private key is written in the source`, { related: { spelling: alg, params: {} }, library: RBNACL });
    }
    return;
  }
  if (p.startsWith('RbNaCl::GroupElement')) {
    if (c.method === 'new' || c.method === 'base') f.algorithm(c.node, symbol, { spelling: alg, functions: ['keygen'], library: RBNACL });
    return;
  }
  if (!/^(new|from_secret_key|from_keypair|auth|verify)$/.test(c.method)) return;
  const fn = alg.startsWith('HMAC') || alg === 'Poly1305' ? (c.method === 'verify' ? 'verify' : 'tag') : undefined;
  f.algorithm(c.node, symbol, { spelling: alg, functions: fn ? [fn] : ['encrypt', 'decrypt'], library: RBNACL });
  if (p === 'RbNaCl::Box' || (p === 'RbNaCl::SimpleBox' && c.method === 'from_keypair')) f.algorithm(c.node, symbol, { spelling: 'X25519', functions: ['keygen'], library: RBNACL });
  const key = c.method === 'auth' || c.method === 'verify' || c.method === 'new' || c.method === 'from_secret_key' ? c.positional[0] : undefined;
  if (key && p !== 'RbNaCl::Box' && f.constantBytes(key)) {
    f.sink.signal(c.node, symbol, 'hardcoded-key', `${alg} key is written in the source`, { related: { spelling: alg, params: {} }, library: RBNACL });
  }
  if (!fn) {
    // A nonce written in the source and given to `box.encrypt(nonce, message)`.
    for (const e of f.linked(c.node, ['encrypt', 'box'])) {
      if (e.positional.length >= 2 && f.constantBytes(e.positional[0])) {
        f.sink.signal(e.node, `${path}#${e.method}`, 'static-iv', `${alg} nonce is a constant in the source`, { related: { spelling: alg, params: {} }, library: RBNACL });
      }
    }
  }
}

/**
 * `ActiveSupport::MessageEncryptor.new(secret[, sign_secret], cipher: 'aes-256-gcm', digest: 'SHA256')`. Without
 * `cipher:` the class default is configuration's (`use_authenticated_message_encryption` picks aes-256-gcm or
 * aes-256-cbc): an unknown cipher. A cipher that does not authenticate (CBC) is signed by a MessageVerifier:
 * HMAC with `digest:` (SHA1 when not given, as MessageVerifier fixes it). `ActiveSupport::MessageVerifier.new(secret,
 * digest: 'SHA256')` (Rails 4: `new(secret, 'SHA256')`) is HMAC with that digest, SHA1 when none is given.
 * `ActiveSupport::KeyGenerator.new(secret, iterations:, hash_digest_class:)` is PBKDF2: iterations default to
 * 2**16 in its code; the default digest is configuration's.
 */
export function activeSupport(f: RbFile, c: RbCall, path: string): void {
  if (c.method !== 'new') return;
  const symbol = `${path}.new`;
  if (path === 'ActiveSupport::MessageEncryptor') {
    const name = c.named.has('cipher') ? f.str(c.named.get('cipher')) : undefined;
    const named = name ? opensslCipher(name) : undefined;
    if (named) f.algorithm(c.node, symbol, { spelling: named.spelling, params: named.params, functions: ['encrypt', 'decrypt'], library: ACTIVESUPPORT });
    else f.algorithm(c.node, symbol, { spelling: name ?? unresolvedSpelling('cipher'), unresolved: ['keySize'], functions: ['encrypt', 'decrypt'], library: ACTIVESUPPORT });
    if (named && !AEAD_MODES.has(named.params.mode ?? '') && !named.spelling.endsWith('Poly1305')) verifierHmac(f, c, symbol, c.named.get('digest'));
    if (f.constantBytes(c.positional[0])) f.sink.signal(c.node, symbol, 'hardcoded-key', 'MessageEncryptor secret is written in the source', { library: ACTIVESUPPORT });
  } else if (path === 'ActiveSupport::MessageVerifier') {
    const second = c.positional[1];
    verifierHmac(f, c, symbol, c.named.get('digest') ?? (second && !/hash|splat/.test(kindOf(second)) ? second : undefined));
    if (f.constantBytes(c.positional[0])) f.sink.signal(c.node, symbol, 'hardcoded-key', 'MessageVerifier secret is written in the source', { library: ACTIVESUPPORT });
  } else if (path === 'ActiveSupport::KeyGenerator' || path === 'ActiveSupport::CachingKeyGenerator') {
    if (path === 'ActiveSupport::CachingKeyGenerator') return;
    const iter = c.named.get('iterations');
    const d = c.named.get('hash_digest_class');
    const hash = d ? digestArg(f, d).hash : undefined;
    const params: AlgorithmParams = { iterations: iter ? f.int(iter) : 2 ** 16, hash };
    f.algorithm(c.node, symbol, { spelling: 'PBKDF2', params, unresolved: ['iterations', 'hash'], functions: ['keyderive'], library: ACTIVESUPPORT });
    if (f.constantBytes(c.positional[0])) f.sink.signal(c.node, symbol, 'hardcoded-key', 'KeyGenerator secret is written in the source', { library: ACTIVESUPPORT });
  }
}

/**
 * `encryptor.rotate(old_secret, cipher: "aes-256-cbc", digest: "SHA1")`, `verifier.rotate(digest: "SHA1")`, a cookie
 * jar's `cookies.rotate :encrypted, cipher: …, digest: …` and `message_verifiers.rotate(digest: …)`: ActiveSupport's
 * rotations, older configurations kept to decrypt and verify what they made. The cipher or digest named (a
 * cipher that does not authenticate also HMAC with `digest:`, SHA1 when not given, as `new` does); a rotation
 * that names neither, or a value the file does not show, is nothing (Ruby's `Array#rotate(n)` takes no keywords).
 */
export function messageRotation(f: RbFile, c: RbCall): void {
  const cipher = c.named.get('cipher');
  const digest = c.named.get('digest');
  const symbol = 'ActiveSupport::Messages::Rotator#rotate';
  if (cipher) {
    const name = f.str(cipher);
    const named = name ? opensslCipher(name) : undefined;
    if (!named) return;
    f.algorithm(c.node, symbol, { spelling: named.spelling, params: named.params, functions: ['decrypt'], library: ACTIVESUPPORT });
    if (!AEAD_MODES.has(named.params.mode ?? '') && !named.spelling.endsWith('Poly1305')) verifierHmac(f, c, symbol, digest);
  } else if (digest) {
    const given = f.str(digest);
    const hash = given ? digestName(given) : undefined;
    if (hash) f.algorithm(c.node, symbol, { spelling: `HMAC-${hash}`, params: { hash }, functions: ['verify'], library: ACTIVESUPPORT });
  }
}

/** Modes whose cipher authenticates the message itself (MessageEncryptor then signs nothing). */
const AEAD_MODES = new Set(['GCM', 'CCM', 'OCB']);

/**
 * The HMAC of an ActiveSupport MessageVerifier: the digest given (a string or symbol), SHA1 when the call gives
 * none (MessageVerifier's default), unknown when it passes options it does not show (`**opts`).
 */
function verifierHmac(f: RbFile, c: RbCall, symbol: string, digest: SgNode | undefined): void {
  const splat = c.positional.some((a) => /splat/.test(kindOf(a)));
  const given = digest ? f.str(digest) : undefined;
  const hash = digest ? (given ? digestName(given) : undefined) : splat ? undefined : 'SHA-1';
  f.algorithm(c.node, symbol, { spelling: hash ? `HMAC-${hash}` : 'HMAC', params: { hash }, unresolved: ['hash'], functions: ['tag', 'verify'], library: ACTIVESUPPORT });
}

/**
 * `Rails.application.message_verifier(name)`: a MessageVerifier from the application's factory, its secret derived
 * from `secret_key_base` by the application's key generator. Its digest is MessageVerifier's default (SHA1) unless
 * the application's configuration rotates other options in (`app.message_verifiers.rotate(digest: …)`): unknown.
 */
export function railsMessageVerifier(f: RbFile, c: RbCall): void {
  if (!c.receiver || !RAILS_APP.test(c.receiver.text().replace(/\s+/g, ''))) return;
  f.algorithm(c.node, 'Rails.application.message_verifier', { spelling: 'HMAC', unresolved: ['hash'], functions: ['tag', 'verify'], library: ACTIVESUPPORT });
}

/** PBKDF2's iterations and hash of an `ActiveSupport::KeyGenerator` (`app`: Rails' application generator). */
interface KeyGeneratorInfo {
  iterations?: number;
  hash?: string;
  app?: boolean;
}

/** `Rails.application`, `app`, `application`: the receivers of Rails' application generator (`app.key_generator`). */
const RAILS_APP = /^(::)?(Rails\.application|app|application)$/;

/**
 * The KeyGenerator `node` stands for, when the file shows it: `ActiveSupport::KeyGenerator.new(s, iterations: n)`
 * (through locals, constants and instance variables, `@kg ||= …`, `CachingKeyGenerator.new(…)` around it, a
 * same-file method returning it, and `x[k]` assigned it in the file, as the tests' `@request.env[…] = …`), or
 * Rails' application generator (`Rails.application.key_generator`), built with 1000 iterations and the
 * configuration's digest. Undefined when the file does not show it.
 */
function keyGeneratorOf(f: RbFile, node: SgNode | undefined, depth = 0): KeyGeneratorInfo | undefined {
  if (!node || depth > 6) return undefined;
  const o = f.origin(node);
  if (!o) return undefined;
  const k = kindOf(o);
  if (k === 'operator_assignment' && o.children().some((ch) => ch.text() === '||=')) return keyGeneratorOf(f, o.field('right') ?? undefined, depth + 1);
  if (k === 'element_reference') {
    // `@request.env["action_dispatch.key_generator"] = KeyGenerator.new(…)` elsewhere in the file: every such assignment must agree.
    const text = o.text().replace(/\s+/g, '');
    const sites = indexAssignments(f).filter((a) => a.field('left')!.text().replace(/\s+/g, '') === text);
    return agreed(sites.map((a) => keyGeneratorOf(f, a.field('right') ?? undefined, depth + 1)));
  }
  if (k === 'call') {
    const c = callParts(o)!;
    const path = constPath(c.receiver);
    if (path === 'ActiveSupport::KeyGenerator' && c.method === 'new') {
      const iter = c.named.get('iterations');
      const d = c.named.get('hash_digest_class');
      return { iterations: iter ? f.int(iter) : 2 ** 16, hash: d ? digestArg(f, d).hash : undefined };
    }
    if (path === 'ActiveSupport::CachingKeyGenerator' && c.method === 'new') return keyGeneratorOf(f, c.positional[0], depth + 1);
    if (c.method === 'key_generator' && c.receiver && RAILS_APP.test(c.receiver.text().replace(/\s+/g, ''))) return { iterations: 1000, app: true };
    if (c.receiver && kindOf(c.receiver) !== 'self') return undefined;
  } else if (k !== 'identifier') return undefined;
  // A method of the file (`def key_generator; @key_generator ||= …; end`): what every return gives.
  const r = f.ev.adapter.returned?.(o);
  return r?.returns.length ? agreed(r.returns.map((e) => keyGeneratorOf(f, e, depth + 1))) : undefined;
}

const INDEX_ASSIGNMENTS = new WeakMap<RbFile, SgNode[]>();

/** The file's `x[k] = v` assignments, collected once per file. */
function indexAssignments(f: RbFile): SgNode[] {
  let list = INDEX_ASSIGNMENTS.get(f);
  if (!list) INDEX_ASSIGNMENTS.set(f, (list = f.root.findAll({ rule: { kind: 'assignment', has: { field: 'left', kind: 'element_reference' } } })));
  return list;
}

/** The one generator all of `infos` are; undefined when one is unknown or they differ. */
function agreed(infos: (KeyGeneratorInfo | undefined)[]): KeyGeneratorInfo | undefined {
  const first = infos[0];
  if (!first) return undefined;
  return infos.every((i) => i && i.iterations === first.iterations && i.hash === first.hash && i.app === first.app) ? first : undefined;
}

/**
 * `generator.generate_key(salt[, len])` (64 bytes when no length is given) on an ActiveSupport::KeyGenerator:
 * PBKDF2 with the generator's iterations and hash when the file shows it (keyGeneratorOf), 1000 iterations for
 * Rails' application generator, and unknown iterations on any other receiver named `key_generator`
 * (`request.key_generator`: the application's, or a test's with 2 iterations). A generator made in the call's
 * own chain (`KeyGenerator.new(p).generate_key(s, 32)`) is reported at `new`.
 */
export function railsKeyGenerator(f: RbFile, c: RbCall): void {
  if (!c.receiver) return;
  const info = keyGeneratorOf(f, c.receiver);
  if (!info && !/(^|\.)key_generator$/.test(c.receiver.text().replace(/\s+/g, ''))) return;
  const chained = kindOf(c.receiver) === 'call' ? callParts(c.receiver) : undefined;
  if (chained?.method === 'new' && constPath(chained.receiver) === 'ActiveSupport::KeyGenerator') return;
  const len = c.positional[1];
  // generate_key(salt, key_size = 64): the size defaults to 64 bytes.
  const size = len ? (f.int(len) ?? keyLenOf(f, len)) : 64;
  const symbol = info?.app ? 'Rails.application.key_generator.generate_key' : 'ActiveSupport::KeyGenerator#generate_key';
  const params: AlgorithmParams = { iterations: info?.iterations, hash: info?.hash, outputLength: bits(size) };
  f.algorithm(c.node, symbol, { spelling: 'PBKDF2', params, unresolved: ['iterations', 'hash', 'outputLength'], functions: ['keyderive'], library: ACTIVESUPPORT });
}

/** `ActiveSupport::MessageEncryptor.key_len("aes-256-gcm")`: the cipher's key length in bytes. */
function keyLenOf(f: RbFile, node: SgNode): number | undefined {
  const c = kindOf(node) === 'call' ? callParts(node) : undefined;
  if (!c || c.method !== 'key_len' || constPath(c.receiver) !== 'ActiveSupport::MessageEncryptor' || !c.positional[0]) return undefined;
  const name = f.str(c.positional[0]);
  const keySize = name ? opensslCipher(name)?.params.keySize : undefined;
  return keySize ? keySize / 8 : undefined;
}

/** ruby-jwt: `JWT.encode(payload, key, algorithm = 'HS256')`, `JWT.decode(token, key, verify = true, algorithm: …)`. */
export function jwt(f: RbFile, c: RbCall, path: string): void {
  if (path !== 'JWT') return;
  const symbol = `JWT.${c.method}`;
  if (c.method === 'encode') {
    const [, key, alg] = c.positional;
    // ruby-jwt's default algorithm is HS256 (the parameter's default in JWT.encode).
    const name = alg ? f.str(alg) : 'HS256';
    report(f, c.node, symbol, name, 'sign');
    if (name && /^HS/.test(name) && f.constantBytes(key)) f.sink.signal(c.node, symbol, 'hardcoded-key', 'JWT HMAC secret is written in the source', { library: JWT });
  } else if (c.method === 'decode') {
    const verify = c.positional[2];
    if (verify && kindOf(verify) === 'false') {
      f.sink.signal(c.node, symbol, 'jwt-none-algorithm', 'JWT.decode with verification disabled accepts unsigned tokens', { library: JWT });
      return;
    }
    const one = c.named.get('algorithm');
    const many = c.named.get('algorithms');
    const names: (string | undefined)[] = [];
    if (one) names.push(f.str(one));
    if (many) {
      const v = f.value(many);
      if (v.kind === 'list') for (const i of v.items) names.push(i.kind === 'str' ? i.value : undefined);
      else if (v.kind === 'str') names.push(v.value);
      else names.push(undefined);
    }
    for (const n of names) report(f, c.node, symbol, n, 'verify');
  }
}

function report(f: RbFile, node: SgNode, symbol: string, name: string | undefined, fn: 'sign' | 'verify'): void {
  if (name === undefined) {
    f.algorithm(node, symbol, { spelling: unresolvedSpelling('signature-or-mac'), functions: [fn], library: JWT });
    return;
  }
  if (name.toLowerCase() === 'none') {
    f.sink.signal(node, symbol, 'jwt-none-algorithm', "JWT algorithm 'none' (unsigned tokens)", { library: JWT });
    return;
  }
  const a = joseSignatureAlg(name);
  f.algorithm(node, symbol, a ? { spelling: a.spelling, params: a.params, functions: [a.spelling.startsWith('HMAC') ? (fn === 'sign' ? 'tag' : 'verify') : fn], library: JWT } : { spelling: name, functions: [fn], library: JWT });
}

/**
 * Non-cryptographic generators (`rand`, `Random.rand`, `Random.new(seed).bytes(16)`, `Random.bytes`) whose
 * value is stored under a name that says it is secret material (`token`, `salt`, `api_key`, `iv`) or returned
 * from a method named so. `SecureRandom` is the right tool and is not reported.
 */
export function weakRandom(f: RbFile, c: RbCall): void {
  const recv = c.receiver;
  const rp = constPath(recv);
  if (c.method === 'rand' || c.method === 'random_number') {
    if (recv && rp !== 'Random' && rp !== 'Kernel' && !isRandomNew(f, recv)) return;
    if (c.method === 'random_number' && !recv) return;
  } else if (c.method === 'bytes') {
    if (!(rp === 'Random' || (recv && isRandomNew(f, recv)))) return;
  } else return;
  const name = storedName(c.node);
  if (name && secretName(name)) {
    f.sink.signal(c.node, rp ? `${rp}.${c.method}` : c.method, 'weak-random', `${rp ?? (recv ? 'Random' : 'Kernel')}#${c.method} is not a cryptographic RNG (gives ${name})`);
  }
}

function isRandomNew(f: RbFile, node: SgNode): boolean {
  const o = f.origin(node);
  const c = o && kindOf(o) === 'call' ? callParts(o) : undefined;
  return !!c && c.method === 'new' && constPath(c.receiver) === 'Random';
}

/** The variable, constant, hash key or method that receives a value computed around `node`. */
function storedName(node: SgNode): string | undefined {
  for (const a of node.ancestors()) {
    const k = kindOf(a);
    if (k === 'assignment' || k === 'operator_assignment') {
      const left = a.field('left');
      if (!left) return undefined;
      const lk = kindOf(left);
      if (lk === 'call') return left.field('method')?.text();
      if (lk === 'element_reference') return left.namedChildren()[1]?.text().replace(/^:|['"]/g, '');
      return left.text().replace(/^@+/, '');
    }
    if (k === 'pair') return a.field('key')?.text().replace(/^:|['"]/g, '');
    if (k === 'method' || k === 'singleton_method') return a.field('name')?.text();
    if (k === 'class' || k === 'module') return undefined;
  }
  return undefined;
}
