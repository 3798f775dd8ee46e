// PHP's hash extension (`hash('sha256', …)`, `hash_hmac`, `hash_pbkdf2`, `hash_hkdf`, `hash_init`), the
// one-name functions `md5()`/`sha1()`/`md5_file()`/`sha1_file()`, and password hashing (`password_hash`,
// `crypt`). Checksums (`crc32`, `adler32`, `fnv*`, `joaat`, `murmur*`, `xxh*`) are not cryptography and
// are not reported.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams } from '../../../inventory/model.js';
import type { PhpCall, PhpFile } from './file.js';
import { passwordSignal } from './openssl.js';

/** hash() algorithm names that are checksums or non-cryptographic hashes. */
const NOT_CRYPTO = /^(crc32[bc]?|adler32|fnv1a?(32|64|128)?|joaat|murmur3[acf]|xxh(32|64|3|128))$/i;

/** The KB's name of a hash algorithm spelled as PHP spells it, or undefined for checksums and unknown values. */
function hashName(f: PhpFile, node: SgNode | undefined): { spelling: string } | 'checksum' | undefined {
  const s = f.str(node);
  if (s === undefined) return undefined;
  if (NOT_CRYPTO.test(s)) return 'checksum';
  return { spelling: s };
}

/** hash(algo, data), hash_file(algo, filename), hash_init(algo, flags, key), openssl-free digests. */
export function hashCall(f: PhpFile, call: PhpCall): void {
  const algo = hashName(f, f.arg(call, 0, 'algo'));
  if (algo === 'checksum') return;
  // hash_init($algo, HASH_HMAC, $key) starts an HMAC.
  const hmac = call.name === 'hash_init' && f.constantName(f.arg(call, 1, 'flags')) === 'HASH_HMAC';
  if (hmac) return hmacOf(f, call, algo, f.arg(call, 2, 'key'));
  if (algo) f.algorithm(call.node, call.name, { spelling: algo.spelling, functions: ['digest'] });
  else f.algorithm(call.node, call.name, { spelling: 'unknown-hash', functions: ['digest'] });
}

/** hash_hmac(algo, data, key) / hash_hmac_file(algo, filename, key). */
export function hashHmac(f: PhpFile, call: PhpCall): void {
  const algo = hashName(f, f.arg(call, 0, 'algo'));
  if (algo === 'checksum') return;
  hmacOf(f, call, algo, f.arg(call, 2, 'key'));
}

function hmacOf(f: PhpFile, call: PhpCall, algo: { spelling: string } | undefined, key: SgNode | undefined): void {
  const hash = algo ? f.kb.resolve(algo.spelling, {}) : undefined;
  const params: AlgorithmParams = hash?.primitive === 'hash' ? { hash: hash.name } : {};
  f.algorithm(call.node, call.name, { spelling: 'HMAC', params, unresolved: ['hash'], functions: ['tag'] });
  if (f.constantBytes(key)) f.signal(call.node, call.name, 'hardcoded-key', 'HMAC key is written in the source', { spelling: 'HMAC', params });
}

/** hash_pbkdf2(algo, password, salt, iterations, length = 0, binary = false): `length` counts hex digits unless binary. */
export function hashPbkdf2(f: PhpFile, call: PhpCall): void {
  const algo = hashName(f, f.arg(call, 0, 'algo'));
  const hash = algo && algo !== 'checksum' ? f.kb.resolve(algo.spelling, {}) : undefined;
  const length = f.int(f.arg(call, 4, 'length'));
  const binaryArg = f.arg(call, 5, 'binary');
  const binary = binaryArg ? f.bool(binaryArg) : false;
  let outputLength: number | undefined;
  if (length && binary !== undefined) outputLength = binary ? length * 8 : length * 4;
  f.algorithm(call.node, call.name, {
    spelling: 'PBKDF2',
    params: { hash: hash?.primitive === 'hash' ? hash.name : undefined, iterations: f.int(f.arg(call, 3, 'iterations')), outputLength, saltLength: f.byteLength(f.arg(call, 2, 'salt')) || undefined },
    unresolved: ['hash', 'iterations'],
    functions: ['keyderive'],
  });
  passwordSignal(f, call, f.arg(call, 1, 'password'));
}

/** hash_hkdf(algo, key, length = 0, info = '', salt = ''). */
export function hashHkdf(f: PhpFile, call: PhpCall): void {
  const algo = hashName(f, f.arg(call, 0, 'algo'));
  const hash = algo && algo !== 'checksum' ? f.kb.resolve(algo.spelling, {}) : undefined;
  const length = f.int(f.arg(call, 2, 'length'));
  f.algorithm(call.node, call.name, {
    spelling: 'HKDF',
    params: { hash: hash?.primitive === 'hash' ? hash.name : undefined, outputLength: length ? length * 8 : undefined },
    unresolved: ['hash'],
    functions: ['keyderive'],
  });
}

/** md5(), sha1(), md5_file(), sha1_file(). */
export function namedDigest(f: PhpFile, call: PhpCall): void {
  f.algorithm(call.node, call.name, { spelling: call.name.startsWith('md5') ? 'MD5' : 'SHA-1', functions: ['digest'] });
}

/**
 * password_hash(password, algo, options). PASSWORD_DEFAULT (and null) is bcrypt, but its default cost is
 * the runtime's (10 up to PHP 8.3, 12 from 8.4), as is bcrypt's: a cost not given is unknown. Argon2's
 * defaults are the build's PASSWORD_ARGON2_DEFAULT_* (they changed in 7.3): unknown unless given.
 */
export function passwordHash(f: PhpFile, call: PhpCall): void {
  const algoArg = f.arg(call, 1, 'algo');
  const v = f.value(algoArg);
  const name = v.kind === 'member' ? v.path : v.kind === 'str' ? v.value : v.kind === 'none' ? 'PASSWORD_DEFAULT' : undefined;
  const options = f.arrayEntries(f.arg(call, 2, 'options'));
  const opt = (k: string): number | undefined => (options?.has(k) ? f.int(options.get(k)) : undefined);
  let spelling: string | undefined;
  let params: AlgorithmParams = {};
  switch (name) {
    case 'PASSWORD_DEFAULT': case 'PASSWORD_BCRYPT': case '2y':
      spelling = 'bcrypt';
      params = { cost: opt('cost') };
      break;
    case 'PASSWORD_ARGON2I': case 'argon2i': case 'PASSWORD_ARGON2ID': case 'argon2id':
      spelling = /ID$/i.test(name) ? 'Argon2id' : 'Argon2i';
      params = { memoryCost: opt('memory_cost'), cost: opt('time_cost'), parallelism: opt('threads') };
      break;
  }
  if (!spelling) {
    // An algorithm from configuration (or another file): a password hash whose scheme is unknown.
    f.algorithm(call.node, call.name, { spelling: 'unknown-key-derivation', functions: ['keyderive'] });
    return;
  }
  f.algorithm(call.node, call.name, { spelling, params, unresolved: spelling === 'bcrypt' ? ['cost'] : ['memoryCost', 'cost', 'parallelism'], functions: ['keyderive'] });
}

/** crypt(string, salt): the salt's prefix names the scheme (`$2y$10$`, `$1$`, `$5$`, `$6$`, `_`, two characters for DES). */
export function cryptCall(f: PhpFile, call: PhpCall): void {
  const saltArg = f.arg(call, 1, 'salt');
  if (!saltArg) return; // Without a salt PHP 8 refuses; PHP 7 picked one at random from what the build supports.
  const prefix = literalPrefix(f, saltArg);
  const scheme = prefix !== undefined ? cryptScheme(prefix) : undefined;
  if (scheme) f.algorithm(call.node, call.name, { ...scheme, functions: ['keyderive'] });
  // A stored hash to compare with (`crypt($pw, $hash) === $hash`): the scheme is the stored one's.
  else f.algorithm(call.node, call.name, { spelling: 'unknown-key-derivation', functions: ['verify'] });
}

/** password_verify(password, hash): checked with the scheme and parameters stored in the hash. */
export function passwordVerify(f: PhpFile, call: PhpCall): void {
  f.algorithm(call.node, call.name, { spelling: 'unknown-key-derivation', functions: ['verify'] });
}

function cryptScheme(salt: string): { spelling: string; params?: AlgorithmParams; unresolved?: ('cost' | 'iterations')[] } | undefined {
  const bcrypt = /^\$2[abxy]\$(\d\d)?/.exec(salt);
  if (bcrypt) return { spelling: 'bcrypt', params: { cost: bcrypt[1] ? Number(bcrypt[1]) : undefined }, unresolved: ['cost'] };
  if (salt.startsWith('$1$')) return { spelling: 'MD5-crypt' };
  const sha = /^\$([56])\$(?:rounds=(\d+)\$)?/.exec(salt);
  if (sha) {
    // SHA-crypt's default is 5000 rounds (the scheme's own, Drepper's specification).
    if (salt.length < 4 && !sha[2]) return { spelling: sha[1] === '5' ? 'SHA-256-crypt' : 'SHA-512-crypt' };
    return { spelling: sha[1] === '5' ? 'SHA-256-crypt' : 'SHA-512-crypt', params: { iterations: sha[2] ? Number(sha[2]) : 5000 } };
  }
  if (/^\$argon2(id|i)\$/.test(salt)) return { spelling: salt.startsWith('$argon2id') ? 'Argon2id' : 'Argon2i' };
  if (salt.startsWith('_')) return { spelling: 'BSDi-crypt' };
  if (/^[./0-9A-Za-z]{2}/.test(salt)) return { spelling: 'DES-crypt' };
  return undefined;
}

/** The literal text a salt begins with: the whole string, or the left side of a concatenation (`'$2y$10$' . $salt`). */
function literalPrefix(f: PhpFile, node: SgNode): string | undefined {
  const whole = f.str(node);
  if (whole !== undefined) return whole;
  const made = f.origin(node);
  if (!made) return undefined;
  const s = f.adapter.shape(made);
  if (s.t === 'call' && s.callee === '.' && s.args.positional[0]) {
    const first = s.args.positional[0];
    return first.kind() === 'string_content' ? first.text() : literalPrefix(f, first);
  }
  // sprintf('$2y$%02d$', $cost) / sprintf('$6$rounds=%d$', $n): the format's text before the first conversion.
  if (s.t === 'call' && s.callee === 'sprintf') {
    const fmt = f.str(s.args.positional[0]);
    const head = fmt?.split('%')[0];
    return head && head.length >= 3 ? head : undefined;
  }
  return undefined;
}
