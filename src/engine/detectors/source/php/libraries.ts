// Composer libraries, recognised by the class's full name (through the file's `use` imports):
// phpseclib 1/2/3 (symmetric ciphers with their mode and key length, RSA/EC/DSA key generation, Hash),
// firebase/php-jwt (`JWT::encode($p, $k, 'HS256')`, `new Key($k, 'RS256')`, v5's `JWT::decode($t, $k, ['HS256'])`),
// lcobucci/jwt signers (`new Signer\Hmac\Sha256()`), defuse/php-encryption (AES-256-CTR with HMAC-SHA-256,
// PBKDF2-SHA-256 for passwords) and Laravel's Crypt and Hash facades (their algorithm is configuration);
// web-token/jwt-framework in web-token.ts, web-auth/cose-lib in cose.ts.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import { joseSignatureAlg } from '../common/jose.js';
import { kindOf } from '../common/languages.js';
import type { PhpFile } from './file.js';
import { callArgs } from './resolve.js';
import { COSE_CLASSES, coseNew, coseStatic } from './cose.js';
import { WEB_TOKEN_CLASSES, webTokenNew, webTokenStatic } from './web-token.js';
import { LAMINAS_CLASSES, laminasNew, laminasStatic } from './laminas.js';

const PHPSECLIB: LibraryRef = { ecosystem: 'composer', name: 'phpseclib/phpseclib' };
const FIREBASE: LibraryRef = { ecosystem: 'composer', name: 'firebase/php-jwt' };
const LCOBUCCI: LibraryRef = { ecosystem: 'composer', name: 'lcobucci/jwt' };
const DEFUSE: LibraryRef = { ecosystem: 'composer', name: 'defuse/php-encryption' };
const LARAVEL: LibraryRef = { ecosystem: 'composer', name: 'laravel/framework' };

/** Short class names the native query selects `new X(…)` and `X::m(…)` by. */
export const LIBRARY_CLASSES = [
  'AES', 'Rijndael', 'DES', 'TripleDES', 'Blowfish', 'RC4', 'RC2', 'Twofish', 'ChaCha20', 'Salsa20', 'Hash', 'RSA', 'EC', 'DSA', 'Key', 'JWT',
  'Sha256', 'Sha384', 'Sha512', 'Eddsa', 'Blake2b', 'Configuration', 'Crypto', 'Crypt', 'KeyProtectedByPassword', 'File',
  'Crypt_AES', 'Crypt_Rijndael', 'Crypt_DES', 'Crypt_TripleDES', 'Crypt_Blowfish', 'Crypt_RC4', 'Crypt_Twofish', 'Crypt_Hash', 'Crypt_RSA',
  ...new Set([...WEB_TOKEN_CLASSES.filter((c) => c !== 'Blake2b'), ...COSE_CLASSES, ...LAMINAS_CLASSES]),
];

const CIPHERS: Record<string, { spelling: string; stream?: boolean }> = {
  AES: { spelling: 'AES' }, Rijndael: { spelling: 'AES' }, DES: { spelling: 'DES' }, TripleDES: { spelling: '3DES' }, Blowfish: { spelling: 'Blowfish' },
  RC4: { spelling: 'RC4', stream: true }, RC2: { spelling: 'RC2' }, Twofish: { spelling: 'Twofish' }, ChaCha20: { spelling: 'ChaCha20', stream: true },
  Salsa20: { spelling: 'Salsa20', stream: true },
};
const MODES: Record<string, string> = { cbc: 'CBC', ecb: 'ECB', ctr: 'CTR', cfb: 'CFB', cfb8: 'CFB8', ofb: 'OFB', ofb8: 'OFB', gcm: 'GCM', '3cbc': 'CBC', cbc3: 'CBC' };

/** phpseclib's version and short class of a full class name: `phpseclib3\Crypt\AES` -> [3, 'AES'], `Crypt_AES` -> [1, 'AES']. */
function phpseclibClass(full: string): [number, string] | undefined {
  let m = /^phpseclib(3)?\\Crypt\\(?:Common\\)?(?:PublicKeyLoader|(\w+))$/i.exec(full);
  if (m && m[2]) return [m[1] ? 3 : 2, m[2]];
  m = /^Crypt_(\w+)$/.exec(full);
  return m ? [1, m[1]!] : undefined;
}

/** `new X(…)` for a class a library handler knows. */
export function libraryNew(f: PhpFile, node: SgNode): void {
  const cls = node.namedChildren().find((c) => kindOf(c) === 'name' || kindOf(c) === 'qualified_name');
  if (!cls) return;
  const full = f.className(cls.text());
  const args = callArgs(node);
  const seclib = phpseclibClass(full);
  if (seclib) return phpseclibNew(f, node, seclib[0], seclib[1], args.positional);
  if (laminasNew(f, node, full, cls.text(), args)) return;
  if (full === 'Firebase\\JWT\\Key') {
    const alg = f.str(args.positional[1] ?? args.named.get('algorithm'));
    return jwtAlg(f, node, 'Key', alg, 'verify', args.positional[0] ?? args.named.get('keyMaterial'), FIREBASE);
  }
  const signer = lcobucciJose(full);
  if (signer) return jwtAlg(f, node, cls.text(), signer, undefined, undefined, LCOBUCCI);
  // lcobucci's Eddsa signs with sodium_crypto_sign_detached: Ed25519 only.
  if (full === 'Lcobucci\\JWT\\Signer\\Eddsa') return f.algorithm(node, `new ${cls.text()}`, { spelling: 'Ed25519', functions: ['sign', 'verify'] }, LCOBUCCI);
  // lcobucci's Blake2b (JWT "BLAKE2B") is keyed BLAKE2b-256: sodium_crypto_generichash($payload, $key), a MAC.
  if (full === 'Lcobucci\\JWT\\Signer\\Blake2b') return f.algorithm(node, `new ${cls.text()}`, { spelling: 'BLAKE2b-256', functions: ['tag'] }, LCOBUCCI);
  if (!webTokenNew(f, node, full, cls.text())) coseNew(f, node, full, cls.text());
}

/** The JOSE name of an lcobucci/jwt HMAC, RSA or ECDSA signer class: `Lcobucci\JWT\Signer\Hmac\Sha256` -> HS256. */
function lcobucciJose(full: string): string | undefined {
  const m = /^Lcobucci\\JWT\\Signer\\(Hmac|Rsa|Ecdsa)\\Sha(256|384|512)$/.exec(full);
  return m ? `${m[1] === 'Hmac' ? 'HS' : m[1] === 'Rsa' ? 'RS' : 'ES'}${m[2]}` : undefined;
}

const LCOBUCCI_KEY = 'Lcobucci\\JWT\\Signer\\Key\\InMemory';

/**
 * `Configuration::forSymmetricSigner(new Sha256(), InMemory::base64Encoded('mBC5…'))` (the form lcobucci's
 * documentation shows, copied into applications) or `InMemory::plainText('…')`: the HMAC or keyed-BLAKE2b
 * secret is written in the source. Only for a signer of lcobucci's own that the file makes, so the key is a
 * MAC key (a test's stub signer is not).
 */
function lcobucciSymmetricKey(f: PhpFile, node: SgNode, symbol: string): void {
  const args = callArgs(node);
  const made = f.origin(args.positional[1] ?? args.named.get('key'));
  if (!made || kindOf(made) !== 'scoped_call_expression' || f.className(made.field('scope')?.text() ?? '') !== LCOBUCCI_KEY) return;
  if (!/^(plainText|base64Encoded)$/.test(made.field('name')?.text() ?? '')) return;
  const keyArgs = callArgs(made);
  if (!f.constantBytes(keyArgs.positional[0] ?? keyArgs.named.get('contents'))) return;
  const signer = f.origin(args.positional[0] ?? args.named.get('signer'));
  const cls = signer && kindOf(signer) === 'object_creation_expression' ? signer.namedChildren().find((c) => kindOf(c) === 'name' || kindOf(c) === 'qualified_name') : undefined;
  const full = cls ? f.className(cls.text()) : '';
  const jose = lcobucciJose(full);
  const related = jose?.startsWith('HS') ? joseSignatureAlg(jose) : full === 'Lcobucci\\JWT\\Signer\\Blake2b' ? { spelling: 'BLAKE2b-256', params: {} } : undefined;
  if (related) f.signal(node, symbol, 'hardcoded-key', 'JWT signing secret is written in the source', related, LCOBUCCI);
}

function phpseclibNew(f: PhpFile, node: SgNode, version: number, cls: string, args: SgNode[]): void {
  const symbol = `new ${cls}`;
  const cipher = CIPHERS[cls];
  if (cipher) {
    const params: AlgorithmParams = {};
    if (!cipher.stream) {
      const v = f.value(args[0]);
      let mode: string | undefined;
      if (v.kind === 'str') mode = MODES[v.value.toLowerCase()];
      else if (v.kind === 'member') mode = MODES[(/MODE_(\w+)$/.exec(v.path)?.[1] ?? '').toLowerCase()];
      // phpseclib 1 and 2 default to CBC (`__construct($mode = self::MODE_CBC)`); 3 requires the mode.
      else if (!args[0] && version < 3) mode = 'CBC';
      if (mode) params.mode = mode;
    }
    const calls = methodCallsOn(f, node);
    const keyLength = calls.get('setkeylength');
    if (keyLength && (cipher.spelling === 'AES')) params.keySize = f.int(keyLength[0]);
    const keyArg = calls.get('setkey')?.[0];
    if (!params.keySize && keyArg && cipher.spelling === 'AES') {
      const n = f.byteLength(keyArg);
      if (n && [16, 24, 32].includes(n)) params.keySize = n * 8;
    }
    f.algorithm(node, symbol, { spelling: cipher.spelling, params, unresolved: cipher.stream ? [] : ['mode', ...(cipher.spelling === 'AES' ? ['keySize' as const] : [])], functions: ['encrypt', 'decrypt'] }, PHPSECLIB);
    if (keyArg && f.constantBytes(keyArg)) f.signal(node, symbol, 'hardcoded-key', `${cipher.spelling} key is written in the source`, { spelling: cipher.spelling, params }, PHPSECLIB);
    const iv = calls.get('setiv')?.[0] ?? calls.get('setnonce')?.[0];
    if (iv && f.constantBytes(iv)) f.signal(node, symbol, 'static-iv', `${cipher.spelling} IV is a constant in the source`, { spelling: cipher.spelling, params }, PHPSECLIB);
    return;
  }
  if (cls === 'Hash') {
    // phpseclib 3 defaults to sha256 (`__construct(string $hash = 'sha256')`), 1 and 2 to sha1.
    const name = args[0] ? f.str(args[0]) : version === 3 ? 'sha256' : 'sha1';
    const keyed = methodCallsOn(f, node).has('setkey');
    if (keyed) {
      const hash = name ? f.kb.resolve(name, {}) : undefined;
      f.algorithm(node, symbol, { spelling: 'HMAC', params: hash?.primitive === 'hash' ? { hash: hash.name } : {}, unresolved: ['hash'], functions: ['tag'] }, PHPSECLIB);
    } else f.algorithm(node, symbol, { spelling: name ?? 'unknown-hash', functions: ['digest'] }, PHPSECLIB);
    return;
  }
  if (cls === 'RSA' && version < 3) {
    // phpseclib 1/2: `$rsa = new RSA(); $rsa->createKey(2048)` (createKey's default is 1024 bits).
    const create = methodCallsOn(f, node).get('createkey');
    if (create) f.algorithm(node, symbol, { spelling: 'RSA', params: { keySize: create[0] ? f.int(create[0]) : 1024 }, unresolved: ['keySize'], functions: ['keygen'] }, PHPSECLIB);
  }
}

/** Method calls made on the variable `node` is assigned to, in the same function: name (lower case) -> arguments. */
function methodCallsOn(f: PhpFile, node: SgNode): Map<string, SgNode[]> {
  const out = new Map<string, SgNode[]>();
  const assign = node.parent();
  if (!assign || kindOf(assign) !== 'assignment_expression') return out;
  const left = assign.field('left');
  if (!left) return out;
  const target = left.text();
  const scope = f.adapter.functionAround(assign)?.node ?? assign.getRoot().root();
  for (const call of scope.findAll({ rule: { kind: 'member_call_expression', has: { field: 'name', regex: '^(?i)(setKeyLength|setKey|setIV|setNonce|createKey)$' } } })) {
    if (call.field('object')?.text() !== target) continue;
    const name = call.field('name')!.text().toLowerCase();
    if (!out.has(name)) out.set(name, callArgs(call).positional);
  }
  return out;
}

/** `X::m(…)` for a class a library handler knows. */
export function libraryStatic(f: PhpFile, node: SgNode): void {
  const scope = node.field('scope');
  const method = node.field('name')?.text() ?? '';
  if (!scope) return;
  const full = f.className(scope.text());
  const args = callArgs(node);
  const symbol = `${scope.text()}::${method}`;
  if (webTokenStatic(f, node, full, symbol, method) || coseStatic(f, node, full, symbol, method) || laminasStatic(f, node, full, symbol, method, args)) return;
  const seclib = phpseclibClass(full);
  if (seclib && seclib[0] === 3 && method === 'createKey') {
    if (seclib[1] === 'RSA') return f.algorithm(node, symbol, { spelling: 'RSA', params: { keySize: args.positional[0] ? f.int(args.positional[0]) : 2048 }, unresolved: ['keySize'], functions: ['keygen'] }, PHPSECLIB);
    if (seclib[1] === 'DSA') return f.algorithm(node, symbol, { spelling: 'DSA', params: { keySize: f.int(args.positional[0]) }, unresolved: ['keySize'], functions: ['keygen'] }, PHPSECLIB);
    if (seclib[1] === 'EC') {
      const curve = f.str(args.positional[0]);
      if (curve && /^ed25519$/i.test(curve)) return f.algorithm(node, symbol, { spelling: 'Ed25519', functions: ['keygen'] }, PHPSECLIB);
      if (curve && /^(curve25519|x25519)$/i.test(curve)) return f.algorithm(node, symbol, { spelling: 'X25519', functions: ['keygen'] }, PHPSECLIB);
      const canonical = curve ? f.kb.findCurve(curve)?.name : undefined;
      return f.algorithm(node, symbol, { spelling: 'EC', params: { curve: canonical }, unresolved: ['curve'], functions: ['keygen'] }, PHPSECLIB);
    }
    return;
  }
  if (full === 'Lcobucci\\JWT\\Configuration') {
    if (method === 'forSymmetricSigner') lcobucciSymmetricKey(f, node, symbol);
    return;
  }
  if (full === 'Firebase\\JWT\\JWT') {
    if (method === 'encode') {
      const alg = args.positional[2] ?? args.named.get('alg');
      return jwtAlg(f, node, symbol, alg ? f.str(alg) : undefined, 'sign', args.positional[1] ?? args.named.get('key'), FIREBASE);
    }
    if (method === 'decode') {
      // php-jwt 5: decode($jwt, $key, ['HS256', 'RS256']); 6+: the algorithm is the Key's.
      const list = f.value(args.positional[2]);
      if (list.kind === 'list') for (const item of list.items) if (item.kind === 'str') jwtAlg(f, node, symbol, item.value, 'verify', args.positional[1], FIREBASE);
    }
    return;
  }
  if (full === 'Defuse\\Crypto\\Crypto' && method === 'legacyDecrypt') {
    // v1's format (Core::LEGACY_*): AES-128-CBC, HMAC-SHA-256 over the ciphertext, both keys from HKDF-SHA-256.
    f.algorithm(node, symbol, { spelling: 'AES-128-CBC', functions: ['decrypt'] }, DEFUSE);
    f.algorithm(node, symbol, { spelling: 'HMAC', params: { hash: 'SHA-256' }, functions: ['verify'] }, DEFUSE);
    f.algorithm(node, symbol, { spelling: 'HKDF', params: { hash: 'SHA-256' }, functions: ['keyderive'] }, DEFUSE);
    return;
  }
  if (full === 'Defuse\\Crypto\\Crypto' || full === 'Defuse\\Crypto\\File') {
    const m = /^(encrypt|decrypt)\w*?(WithPassword)?$/.exec(method);
    if (!m) return;
    defuse(f, node, symbol, [m[1] === 'encrypt' ? 'encrypt' : 'decrypt'], !!m[2]);
    return;
  }
  if (full === 'Defuse\\Crypto\\KeyProtectedByPassword' && method === 'createRandomPasswordProtectedKey') {
    // A random key, encrypted with `Crypto::encryptWithPassword` under the password's SHA-256.
    defuse(f, node, symbol, ['encrypt'], true);
    return;
  }
  if (full === 'Illuminate\\Support\\Facades\\Crypt' && /^(encrypt|decrypt)(String)?$/.test(method)) {
    // The cipher is config('app.cipher'): AES-256-CBC unless the application changes it.
    return f.algorithm(node, symbol, { spelling: 'unknown-cipher', unresolved: ['keySize', 'mode'], functions: [method.startsWith('encrypt') ? 'encrypt' : 'decrypt'] }, LARAVEL);
  }
  if (full === 'Illuminate\\Support\\Facades\\Hash' && /^(make|check)$/.test(method)) {
    // The driver (bcrypt, argon, argon2id) and its cost are config('hashing').
    return f.algorithm(node, symbol, { spelling: 'unknown-key-derivation', functions: [method === 'make' ? 'keyderive' : 'verify'] }, LARAVEL);
  }
}

/**
 * defuse/php-encryption v2: AES-256-CTR, HMAC-SHA-256 over the ciphertext, keys split with HKDF-SHA-256; a
 * password goes through PBKDF2-SHA-256 with 100,000 iterations (Core::PBKDF2_ITERATIONS).
 */
function defuse(f: PhpFile, node: SgNode, symbol: string, fns: ('encrypt' | 'decrypt')[], password: boolean): void {
  f.algorithm(node, symbol, { spelling: 'AES-256-CTR', functions: fns }, DEFUSE);
  f.algorithm(node, symbol, { spelling: 'HMAC', params: { hash: 'SHA-256' }, functions: fns.map((fn) => (fn === 'encrypt' ? 'tag' : 'verify')) }, DEFUSE);
  if (password) f.algorithm(node, symbol, { spelling: 'PBKDF2', params: { hash: 'SHA-256', iterations: 100000 }, functions: ['keyderive'] }, DEFUSE);
}

/** Methods of a defuse `KeyProtectedByPassword` object: `unlockKey($pw)` decrypts its key, `changePassword($old, $new)` re-encrypts it. */
export const DEFUSE_KEY_METHODS = '^(?i)(unlockKey|changePassword)$';

/**
 * `$protected->unlockKey($password)`, `$protected->changePassword($old, $new)` in a file that names
 * `Defuse\Crypto\KeyProtectedByPassword` (the caller checks): `Crypto::decryptWithPassword` (and for a new
 * password `encryptWithPassword`) of the key. Not `$this->unlockKey(…)` (the class's own code, whose
 * `Crypto::…WithPassword` calls are read where they are), nor an object the file makes of another class.
 */
export function defuseProtectedKey(f: PhpFile, node: SgNode): void {
  const obj = node.field('object');
  const method = node.field('name')?.text().toLowerCase();
  if (!obj || !method || obj.text() === '$this') return;
  const o = f.origin(obj);
  const ok = kindOf(o ?? obj);
  if (ok === 'object_creation_expression') return;
  if (ok === 'scoped_call_expression' && f.className(o!.field('scope')?.text() ?? '') !== 'Defuse\\Crypto\\KeyProtectedByPassword') return;
  const symbol = `KeyProtectedByPassword->${node.field('name')!.text()}`;
  defuse(f, node, symbol, method === 'unlockkey' ? ['decrypt'] : ['decrypt', 'encrypt'], true);
}

/** A JOSE algorithm of a JWT library call, and a literal HMAC secret. */
function jwtAlg(f: PhpFile, node: SgNode, symbol: string, alg: string | undefined, fn: CryptoFunction | undefined, key: SgNode | undefined, library: LibraryRef): void {
  const named = alg ? joseSignatureAlg(alg) : undefined;
  const functions: CryptoFunction[] = fn ? [fn] : ['sign', 'verify'];
  if (!named) {
    f.algorithm(node, symbol, { spelling: 'unknown-signature-or-mac', functions }, library);
    return;
  }
  f.algorithm(node, symbol, { spelling: named.spelling, params: named.params, functions: named.spelling.startsWith('HMAC') ? (fn === 'verify' ? ['verify'] : ['tag']) : functions }, library);
  if (named.spelling.startsWith('HMAC') && key && f.constantBytes(key)) f.signal(node, symbol, 'hardcoded-key', 'JWT HMAC secret is written in the source', { spelling: named.spelling, params: named.params }, library);
}

/** A Laravel application's configuration of its encrypter: `config/app.php`. */
export const LARAVEL_APP_CONFIG = /(^|\/)config\/app\.php$/;

/**
 * `'cipher' => 'AES-256-CBC'` in the array a Laravel `config/app.php` returns: the cipher of the application's
 * Encrypter (`Crypt::encrypt*`, encrypted casts, cookies), which Laravel lower-cases and hands to
 * `openssl_encrypt` with an HMAC-SHA-256 over IV and value for CBC. Only a literal counts: an
 * `env('APP_CIPHER', …)` is the deployment's choice, and a key elsewhere is not Laravel's setting.
 */
export function laravelConfigCipher(f: PhpFile, keyNode: SgNode): void {
  const entry = keyNode.parent();
  if (!entry || kindOf(entry) !== 'array_element_initializer') return;
  const parts = entry.namedChildren();
  if (parts.length !== 2 || parts[0]!.id() !== keyNode.id() || f.str(keyNode) !== 'cipher') return;
  const array = entry.parent();
  const ret = array && kindOf(array) === 'array_creation_expression' ? array.parent() : undefined;
  if (!ret || kindOf(ret) !== 'return_statement' || kindOf(ret.parent() ?? ret) !== 'program') return;
  const name = f.str(parts[1])?.toLowerCase();
  if (!name || f.kb.resolve(name, {}).name.startsWith('unknown')) return;
  f.algorithm(entry, "config('app.cipher')", { spelling: name, functions: ['encrypt', 'decrypt'] }, LARAVEL);
}

