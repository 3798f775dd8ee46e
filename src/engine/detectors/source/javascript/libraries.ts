// npm crypto libraries: crypto-js, node-forge (forge.ts), jsonwebtoken, jose, tweetnacl, @noble/*, bcrypt and
// bcryptjs, argon2, node-rsa, elliptic, aes-js, @panva/hkdf, libsignal. Keys are canonical callees (`module:member.path`, see resolve.ts); where a
// library's documentation fixes a default (jsonwebtoken signs with HS256, crypto-js encrypts in CBC
// mode with PKCS#7 padding and derives a 256-bit key from a passphrase, node-forge's PBKDF2 uses SHA-1),
// that default is applied only when the call leaves the option out.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams } from '../../../inventory/model.js';
import { JsFile, type AlgorithmEmit } from './file.js';
import { hkdf, type CallHandler } from './node-crypto.js';
import { NODE_FORGE } from './forge.js';
import { digestName, joseEncryptionAlg, joseSecondary, joseSignatureAlg, slhDsaName, type Named } from './names.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';

const bits = (n: number | undefined, unit = 8): number | undefined => (n === undefined ? undefined : n * unit);

// ---------------------------------------------------------------- crypto-js

const CRYPTO_JS_MODES: Readonly<Record<string, string>> = { CBC: 'CBC', ECB: 'ECB', CFB: 'CFB', OFB: 'OFB', CTR: 'CTR', CTRGladman: 'CTR' };
const CRYPTO_JS_PADDING: Readonly<Record<string, string>> = {
  Pkcs7: 'PKCS7', NoPadding: 'NoPadding', ZeroPadding: 'ZeroPadding', Iso10126: 'ISO10126', Iso97971: 'ISO9797-1', AnsiX923: 'ANSIX923',
};
const CRYPTO_JS_HASHES: Readonly<Record<string, string>> = {
  MD5: 'MD5', SHA1: 'SHA-1', SHA224: 'SHA-224', SHA256: 'SHA-256', SHA384: 'SHA-384', SHA512: 'SHA-512', RIPEMD160: 'RIPEMD-160',
};
const CRYPTO_JS_CIPHERS: Readonly<Record<string, string>> = {
  AES: 'AES', DES: 'DES', TripleDES: '3DES', Blowfish: 'Blowfish', RC4: 'RC4', RC4Drop: 'RC4', Rabbit: 'Rabbit', RabbitLegacy: 'Rabbit',
};
/** Block ciphers: crypto-js runs them in CBC mode with PKCS#7 padding unless the options say otherwise. */
const CRYPTO_JS_BLOCK = new Set(['AES', 'DES', '3DES', 'Blowfish']);
/**
 * Key size (bits) crypto-js derives from a passphrase (each cipher's `keySize`, in words): AES-256,
 * Blowfish-128; DES and 3DES have their one size.
 */
const CRYPTO_JS_PASSPHRASE_KEY: Readonly<Record<string, number>> = { AES: 256, Blowfish: 128 };

function cryptoJsHashOf(f: JsFile, node: SgNode | undefined): string | undefined {
  const path = f.member(node);
  const m = path ? /^crypto-js:algo\.(\w+)$/.exec(path) : null;
  return m ? CRYPTO_JS_HASHES[m[1]!] : undefined;
}

/**
 * `CryptoJS.<Cipher>.encrypt(message, key, cfg)`/`decrypt(ciphertext, key, cfg)` (`keyAt` 1), and the
 * lower-level `CryptoJS.algo.<Cipher>.createEncryptor(key, cfg)`/`createDecryptor` (`keyAt` 0, no passphrase:
 * those take a key). A string key of the helpers is a passphrase: crypto-js's PasswordBasedCipher derives
 * the key and IV from it with its OpenSSL KDF, EvpKDF (OpenSSL's EVP_BytesToKey: MD5 unless `cfg.hasher`
 * names another hash, one iteration), reported next to the cipher unless `cfg.kdf` replaces it.
 */
function cryptoJsCipher(spelling: string, fn: 'encrypt' | 'decrypt', keyAt: 0 | 1 = 1): CallHandler {
  return (f, call, callee, args) => {
    const params: AlgorithmParams = {};
    const block = CRYPTO_JS_BLOCK.has(spelling);
    // A key or passphrase from a helper's callers names its size but is not reported as written here.
    const key = f.eval(args[keyAt]);
    const written = f.secret(args[keyAt]).kind !== 'unknown';
    const cfg = args[keyAt + 1] ? f.props(args[keyAt + 1]) : new Map<string, SgNode>();
    const passphrase = key.kind === 'str' && keyAt === 1;
    if (passphrase) {
      // A string is a passphrase: crypto-js derives the key with EVP_BytesToKey at the cipher's default key size.
      if (CRYPTO_JS_PASSPHRASE_KEY[spelling]) params.keySize = CRYPTO_JS_PASSPHRASE_KEY[spelling];
      if (key.value.length > 0 && written) f.signal(call, callee, 'hardcoded-password', `${spelling} passphrase is written in the source`);
    } else if (key.kind === 'bytes') {
      if (spelling === 'AES' && key.length !== undefined && [16, 24, 32].includes(key.length)) params.keySize = key.length * 8;
      if (spelling === 'Blowfish' && key.length !== undefined && key.length >= 4 && key.length <= 56) params.keySize = key.length * 8;
      if (key.origin === 'literal' && written) f.signal(call, callee, 'hardcoded-key', `${spelling} key is written in the source`);
    }
    if (block && cfg) {
      const modeNode = cfg.get('mode');
      const padNode = cfg.get('padding');
      const modePath = modeNode ? f.member(modeNode) : 'crypto-js:mode.CBC';
      const padPath = padNode ? f.member(padNode) : 'crypto-js:pad.Pkcs7';
      params.mode = modePath ? CRYPTO_JS_MODES[modePath.replace(/^crypto-js:mode\./, '')] : undefined;
      params.padding = padPath ? CRYPTO_JS_PADDING[padPath.replace(/^crypto-js:pad\./, '')] : undefined;
      const iv = cfg.get('iv');
      if (iv && params.mode !== 'ECB' && f.constantBytes(iv)) f.signal(call, callee, 'static-iv', `${spelling} IV is a constant in the source`, { spelling, params });
    }
    f.algorithm(call, callee, {
      spelling,
      params,
      unresolved: spelling === 'AES' || spelling === 'Blowfish' ? ['keySize', 'mode', 'padding'] : block ? ['mode', 'padding'] : [],
      functions: [fn],
    });
    if (passphrase && cfg && !cfg.has('kdf')) {
      const hasher = cfg.get('hasher');
      const hash = hasher ? cryptoJsHashOf(f, hasher) : 'MD5';
      f.algorithm(call, callee, { spelling: 'EVP_BytesToKey', params: { hash, iterations: 1 }, unresolved: ['hash'], functions: ['keyderive'] });
    }
  };
}

/**
 * `CryptoJS.EvpKDF(password, salt, cfg)` and `CryptoJS.algo.EvpKDF.create(cfg)`: OpenSSL's
 * EVP_BytesToKey, whose crypto-js defaults (MD5, one iteration, a 128-bit key) have not changed.
 */
const cryptoJsEvpKdf = (cfgAt: 0 | 2): CallHandler => (f, call, callee, args) => {
  const cfg = args[cfgAt] ? f.props(args[cfgAt]) : new Map<string, SgNode>();
  const hasher = cfg?.get('hasher');
  const hash = !cfg ? undefined : hasher ? cryptoJsHashOf(f, hasher) : 'MD5';
  const iterations = !cfg ? undefined : cfg.has('iterations') ? f.int(cfg.get('iterations')) : 1;
  const keySize = !cfg ? undefined : cfg.has('keySize') ? f.int(cfg.get('keySize')) : 4;
  f.algorithm(call, callee, {
    spelling: 'EVP_BytesToKey',
    params: { hash, iterations, outputLength: bits(keySize, 32) },
    unresolved: ['hash', 'iterations', 'outputLength'],
    functions: ['keyderive'],
  });
  if (cfgAt === 2 && f.literalSecret(args[0])) f.signal(call, callee, 'hardcoded-password', 'EvpKDF password is written in the source');
};

function cryptoJsHmac(hash: string): CallHandler {
  return (f, call, callee, args) => {
    f.algorithm(call, callee, { spelling: `HMAC-${hash}`, params: { hash }, functions: ['tag'] });
    if (f.literalSecret(args[1])) f.signal(call, callee, 'hardcoded-key', 'HMAC key is written in the source');
  };
}

const cryptoJsPbkdf2: CallHandler = (f, call, callee, args) => {
  const cfg = f.props(args[2]);
  const hash = cryptoJsHashOf(f, cfg?.get('hasher'));
  // keySize is in 32-bit words.
  const keySize = cfg?.get('keySize') ? f.int(cfg.get('keySize')) : undefined;
  f.algorithm(call, callee, {
    spelling: hash ? `PBKDF2-${hash}` : 'PBKDF2',
    params: { hash, iterations: f.int(cfg?.get('iterations')), outputLength: bits(keySize, 32) },
    // crypto-js changed its PBKDF2 defaults in 4.2 (SHA-1/1 iteration -> SHA-256/250000): unknown when not given.
    unresolved: ['hash', 'iterations', 'outputLength'],
    functions: ['keyderive'],
  });
  if (f.literalSecret(args[0])) f.signal(call, callee, 'hardcoded-password', 'PBKDF2 password is written in the source');
};

const cryptoJsSha3: CallHandler = (f, call, callee, args) => {
  const cfg = args[1] ? f.props(args[1]) : new Map<string, SgNode>();
  const outLen = cfg?.get('outputLength') ? f.int(cfg.get('outputLength')) : cfg ? 512 : undefined;
  // crypto-js's "SHA3" is Keccak (pre-standard padding), not FIPS 202 SHA-3.
  if (outLen) f.algorithm(call, callee, { spelling: `Keccak-${outLen}`, functions: ['digest'] });
};

const CRYPTO_JS: Array<[string, CallHandler]> = [
  ...Object.entries(CRYPTO_JS_CIPHERS).flatMap(([api, spelling]) => [
    [`crypto-js:${api}.encrypt`, cryptoJsCipher(spelling, 'encrypt')],
    [`crypto-js:${api}.decrypt`, cryptoJsCipher(spelling, 'decrypt')],
    [`crypto-js:algo.${api}.createEncryptor`, cryptoJsCipher(spelling, 'encrypt', 0)],
    [`crypto-js:algo.${api}.createDecryptor`, cryptoJsCipher(spelling, 'decrypt', 0)],
  ] as Array<[string, CallHandler]>),
  ['crypto-js:EvpKDF', cryptoJsEvpKdf(2)],
  ['crypto-js:algo.EvpKDF.create', cryptoJsEvpKdf(0)],
  ...Object.entries(CRYPTO_JS_HASHES).flatMap(([api, hash]) => [
    [`crypto-js:${api}`, (f, call, callee) => f.algorithm(call, callee, { spelling: hash, functions: ['digest'] })],
    [`crypto-js:algo.${api}.create`, (f, call, callee) => f.algorithm(call, callee, { spelling: hash, functions: ['digest'] })],
    [`crypto-js:Hmac${api}`, cryptoJsHmac(hash)],
  ] as Array<[string, CallHandler]>),
  ['crypto-js:SHA3', cryptoJsSha3],
  ['crypto-js:PBKDF2', cryptoJsPbkdf2],
  ['crypto-js:algo.HMAC.create', (f, call, callee, args) => {
    const hash = cryptoJsHashOf(f, args[0]);
    f.algorithm(call, callee, { spelling: hash ? `HMAC-${hash}` : 'HMAC', params: { hash }, unresolved: ['hash'], functions: ['tag'] });
  }],
];

// ---------------------------------------------------------------- jsonwebtoken and jose

function jwsOrJwe(alg: string): Named | undefined {
  return joseSignatureAlg(alg) ?? joseEncryptionAlg(alg);
}

function emitAlg(f: JsFile, node: SgNode, callee: string, alg: string, fn: 'sign' | 'verify' | 'keygen' | 'encrypt' | 'other'): void {
  if (alg.toLowerCase() === 'none') {
    f.signal(node, callee, 'jwt-none-algorithm', `JWT algorithm "none" is ${fn === 'verify' ? 'accepted' : 'used'}: tokens are not signed`);
    return;
  }
  const named = jwsOrJwe(alg);
  if (named) f.algorithm(node, callee, { spelling: named.spelling, params: { ...named.params }, functions: [fn] });
  emitSecondary(f, node, callee, alg);
}

/** The AES-KW of `ECDH-ES+A128KW`/`PBES2-HS256+A128KW` and the HMAC of `A128CBC-HS256`, next to their first half. */
function emitSecondary(f: JsFile, node: SgNode, callee: string, alg: string, symbol?: string): void {
  const second = joseSecondary(alg);
  if (second) f.algorithm(node, callee, { spelling: second.spelling, params: { ...second.params }, functions: second.spelling.startsWith('HMAC') ? ['tag'] : ['encrypt'] }, symbol);
}

/** Strings of a list argument (`algorithms: ['RS256', 'none']`). */
function stringList(f: JsFile, node: SgNode | undefined): string[] {
  const v = f.eval(node);
  if (v.kind === 'list') return v.items.flatMap((i) => (i.kind === 'str' ? [i.value] : []));
  return v.kind === 'str' ? [v.value] : [];
}

/**
 * An HMAC secret written in the source signs or verifies every token (`jwt.sign(payload, 'shhhhh')`):
 * a hard-coded key, when every algorithm the call may use is an HMAC (HS256/384/512). A secret that
 * comes from a caller is not one here (File.literalSecret), nor is a key for RS/ES/PS (a PEM string is
 * reported by the artefact detectors).
 */
function hmacSecret(f: JsFile, call: SgNode, callee: string, algs: readonly string[], secret: SgNode | undefined): void {
  if (algs.length === 0 || !algs.every((a) => /^HS(256|384|512)$/.test(a))) return;
  if (f.literalSecret(secret)) f.signal(call, callee, 'hardcoded-key', 'JWT HMAC secret is written in the source');
}

const jwtSign: CallHandler = (f, call, callee, args) => {
  // sign(payload, secretOrPrivateKey, [options, callback]); options.algorithm defaults to HS256.
  const optsArg = args[2] && !['arrow_function', 'function_expression', 'function'].includes(args[2].kind() as string) ? args[2] : undefined;
  const opts = optsArg ? f.props(optsArg) : new Map<string, SgNode>();
  if (!opts) return;
  const algNode = opts.get('algorithm');
  const alg = algNode ? f.str(algNode) : 'HS256';
  if (alg) hmacSecret(f, call, callee, [alg], args[1]);
  if (alg) emitAlg(f, call, callee, alg, 'sign');
  // An algorithm chosen at run time: still a JWS in use (HMAC or signature), see kb/unresolved.ts.
  else f.algorithm(call, callee, { spelling: unresolvedSpelling('signature-or-mac'), functions: ['sign'] });
};

/**
 * jws (the JWS layer under jsonwebtoken): `header.alg` of sign/createSign, the algorithm of
 * verify/createVerify. Every call of these is a JWS signature or MAC, so one whose algorithm cannot be
 * read (a header built at run time, as jsonwebtoken's own sign() does) is `unknown-signature-or-mac`.
 */
const jwsAlg = (pick: (f: JsFile, args: SgNode[]) => SgNode | undefined, fn: 'sign' | 'verify', secret: (f: JsFile, args: SgNode[]) => SgNode | undefined): CallHandler => (f, call, callee, args) => {
  const node = pick(f, args);
  const alg = node ? f.str(node) : undefined;
  if (alg) hmacSecret(f, call, callee, [alg], secret(f, args));
  if (alg) emitAlg(f, call, callee, alg, fn);
  else f.algorithm(call, callee, { spelling: unresolvedSpelling('signature-or-mac'), functions: [fn] });
};
const headerAlg = (f: JsFile, args: SgNode[]): SgNode | undefined => {
  const header = f.props(args[0])?.get('header');
  return header ? f.props(header)?.get('alg') : undefined;
};
/** The key of jws's options object (`secret`, or its aliases `privateKey`/`key`, `publicKey`). */
const jwsOptionKey = (f: JsFile, args: SgNode[]): SgNode | undefined => {
  const opts = f.props(args[0]);
  return opts?.get('secret') ?? opts?.get('privateKey') ?? opts?.get('publicKey') ?? opts?.get('key');
};

/** jsonwebtoken's verify(token, secret, options) (the secret only where `secretIndex` is given: jose's key is an object). */
const jwtVerify = (optsIndex: number, secretIndex?: number): CallHandler => (f, call, callee, args) => {
  const opts = f.props(args[optsIndex]);
  const algs = stringList(f, opts?.get('algorithms'));
  if (secretIndex !== undefined) hmacSecret(f, call, callee, algs, args[secretIndex]);
  for (const alg of algs) emitAlg(f, call, callee, alg, 'verify');
};

/**
 * jose's key generation and import: `generateKeyPair(alg, { modulusLength, crv })`, `generateSecret(alg)`,
 * `importJWK(jwk, alg)`, `importPKCS8(pem, alg)`, … The defaults jose documents for generateKeyPair
 * (unchanged since v3) apply only when the options leave them out: `modulusLength` 2048 for the RSA
 * algorithms and `crv` Ed25519 for `EdDSA`. An imported key's size and curve are the key's.
 */
/**
 * jose's decryption with its allow-lists (`jwtDecrypt(jwe, key, { keyManagementAlgorithms: ['dir'],
 * contentEncryptionAlgorithms: ['A256CBC-HS512', 'A256GCM'] })`): the JWE algorithms the call accepts.
 * Lists left out accept whatever the key allows, which names nothing here.
 */
const joseDecrypt: CallHandler = (f, call, callee, args) => {
  const opts = f.props(args[2]);
  for (const key of ['keyManagementAlgorithms', 'contentEncryptionAlgorithms']) {
    for (const alg of stringList(f, opts?.get(key))) {
      const named = key === 'contentEncryptionAlgorithms' ? joseEncryptionAlg(alg) : jwsOrJwe(alg);
      if (named) f.algorithm(call, callee, { spelling: named.spelling, params: { ...named.params }, functions: ['decrypt'] });
      if (named) emitSecondary(f, call, callee, alg);
    }
  }
};

/**
 * jose's RFC 7638 JWK thumbprint (`calculateJwkThumbprint(jwk, 'sha384')`, also the `…Uri` form): a
 * digest, SHA-256 when the argument is left out (jose's default).
 */
const joseThumbprint: CallHandler = (f, call, callee, args) => {
  const name = args[1] ? f.str(args[1]) : 'sha256';
  f.algorithm(call, callee, { spelling: name === undefined ? unresolvedSpelling('hash') : digestName(name) ?? name, functions: ['digest'] });
};

const joseAlgAt = (index: number, fn: 'keygen' | 'other'): CallHandler => (f, call, callee, args) => {
  const alg = f.str(args[index]);
  if (!alg) return;
  // Options that cannot be read (a variable from elsewhere) may set anything: no default then.
  const optsNode = args[index + 1];
  const opts = optsNode ? f.props(optsNode) : new Map<string, SgNode>();
  const defaults = fn === 'keygen' && opts !== undefined;
  const crvNode = alg === 'EdDSA' ? opts?.get('crv') : undefined;
  const crv = crvNode ? f.str(crvNode) : alg === 'EdDSA' && defaults ? 'Ed25519' : undefined;
  const named = crv === 'Ed25519' || crv === 'Ed448' ? { spelling: crv, params: {} } : jwsOrJwe(alg);
  if (!named) return;
  const params: AlgorithmParams = { ...named.params };
  const rsaKeygen = fn === 'keygen' && named.spelling.startsWith('RSA');
  if (rsaKeygen) {
    const modulus = opts?.get('modulusLength');
    params.keySize = modulus ? f.int(modulus) : defaults ? 2048 : undefined;
  }
  f.algorithm(call, callee, { spelling: named.spelling, params, unresolved: rsaKeygen ? ['keySize'] : [], functions: [fn] });
};

const JWT: Array<[string, CallHandler]> = [
  ['jsonwebtoken:sign', jwtSign],
  ['jsonwebtoken:verify', jwtVerify(2, 1)],
  ['jws:sign', jwsAlg(headerAlg, 'sign', jwsOptionKey)],
  ['jws:createSign', jwsAlg(headerAlg, 'sign', jwsOptionKey)],
  ['jws:verify', jwsAlg((_f, args) => args[1], 'verify', (_f, args) => args[2])],
  ['jws:createVerify', jwsAlg((f, args) => f.props(args[0])?.get('algorithm'), 'verify', jwsOptionKey)],
  ['jose:jwtVerify', jwtVerify(2)],
  ['jose:compactVerify', jwtVerify(2)],
  ['jose:flattenedVerify', jwtVerify(2)],
  ['jose:generalVerify', jwtVerify(2)],
  ['jose:jwtDecrypt', joseDecrypt],
  ['jose:calculateJwkThumbprint', joseThumbprint],
  ['jose:calculateJwkThumbprintUri', joseThumbprint],
  ['jose:compactDecrypt', joseDecrypt],
  ['jose:flattenedDecrypt', joseDecrypt],
  ['jose:generalDecrypt', joseDecrypt],
  ['jose:generateKeyPair', joseAlgAt(0, 'keygen')],
  ['jose:generateSecret', joseAlgAt(0, 'keygen')],
  ['jose:importJWK', joseAlgAt(1, 'other')],
  ['jose:importPKCS8', joseAlgAt(1, 'other')],
  ['jose:importSPKI', joseAlgAt(1, 'other')],
  ['jose:importX509', joseAlgAt(1, 'other')],
  // PKCE's S256 code challenge (RFC 7636 §4.2): the SHA-256 of the verifier, in panva's OAuth clients
  // (oauth4webapi; openid-client v6 re-exports it, v5 has generators.codeChallenge).
  ...['oauth4webapi:calculatePKCECodeChallenge', 'openid-client:calculatePKCECodeChallenge', 'openid-client:generators.codeChallenge'].map((k): [string, CallHandler] =>
    [k, (f, call, callee) => f.algorithm(call, callee, { spelling: 'SHA-256', functions: ['digest'] })]),
  ['new jose:UnsecuredJWT', (f, call, callee) => f.signal(call, callee, 'jwt-none-algorithm', 'jose UnsecuredJWT creates tokens with algorithm "none"')],
];

/** `new SignJWT(p).setProtectedHeader({ alg: 'ES256' })` and the JWE builders' `{ alg, enc }`. */
export function joseHeaders(f: JsFile, importsJose: boolean): void {
  if (!importsJose) return;
  const rule = { kind: 'call_expression', has: { field: 'function', kind: 'member_expression', has: { field: 'property', regex: '^set(Protected|Shared)?Header$' } } };
  for (const call of f.root.findAll({ rule })) {
    const props = f.props(call.field('arguments')?.namedChildren()[0]);
    if (!props) continue;
    const symbol = `.${call.field('function')?.field('property')?.text() ?? ''}`;
    for (const key of ['alg', 'enc']) {
      const alg = props.get(key) ? f.str(props.get(key)) : undefined;
      if (!alg) continue;
      if (alg.toLowerCase() === 'none') {
        f.signal(call, 'jose:', 'jwt-none-algorithm', 'JWT header sets algorithm "none"', undefined, symbol);
        continue;
      }
      const named = key === 'enc' ? joseEncryptionAlg(alg) : jwsOrJwe(alg);
      if (named) f.algorithm(call, 'jose:', { spelling: named.spelling, params: { ...named.params }, functions: [key === 'enc' || !joseSignatureAlg(alg) ? 'encrypt' : 'sign'] }, symbol);
      if (named) emitSecondary(f, call, 'jose:', alg, symbol);
    }
  }
}

// ---------------------------------------------------------------- tweetnacl

const X25519_XSALSA = (fn: 'encrypt' | 'decrypt'): CallHandler => (f, call, callee) => {
  f.algorithm(call, callee, { spelling: 'X25519', functions: ['keygen'] });
  f.algorithm(call, callee, { spelling: 'XSalsa20-Poly1305', functions: [fn] });
};
const nacl = (spelling: string, fn: 'keygen' | 'encrypt' | 'decrypt' | 'sign' | 'verify' | 'digest'): CallHandler => (f, call, callee) =>
  f.algorithm(call, callee, { spelling, functions: [fn] });

const TWEETNACL: Array<[string, CallHandler]> = [
  ['tweetnacl:box', X25519_XSALSA('encrypt')],
  ['tweetnacl:box.open', X25519_XSALSA('decrypt')],
  ['tweetnacl:box.keyPair', nacl('X25519', 'keygen')],
  ['tweetnacl:box.keyPair.fromSecretKey', nacl('X25519', 'keygen')],
  ['tweetnacl:box.before', nacl('X25519', 'keygen')],
  ['tweetnacl:box.after', nacl('XSalsa20-Poly1305', 'encrypt')],
  ['tweetnacl:box.open.after', nacl('XSalsa20-Poly1305', 'decrypt')],
  ['tweetnacl:secretbox', nacl('XSalsa20-Poly1305', 'encrypt')],
  ['tweetnacl:secretbox.open', nacl('XSalsa20-Poly1305', 'decrypt')],
  ['tweetnacl:sign', nacl('Ed25519', 'sign')],
  ['tweetnacl:sign.detached', nacl('Ed25519', 'sign')],
  ['tweetnacl:sign.open', nacl('Ed25519', 'verify')],
  ['tweetnacl:sign.detached.verify', nacl('Ed25519', 'verify')],
  ['tweetnacl:sign.keyPair', nacl('Ed25519', 'keygen')],
  ['tweetnacl:sign.keyPair.fromSeed', nacl('Ed25519', 'keygen')],
  ['tweetnacl:sign.keyPair.fromSecretKey', nacl('Ed25519', 'keygen')],
  ['tweetnacl:hash', nacl('SHA-512', 'digest')],
  ['tweetnacl:scalarMult', nacl('X25519', 'keygen')],
  ['tweetnacl:scalarMult.base', nacl('X25519', 'keygen')],
];

// ---------------------------------------------------------------- bcrypt, bcryptjs, argon2

const bcryptHash: CallHandler = (f, call, callee, args) => {
  // hash(password, saltOrRounds): a number is the cost; a salt string from genSalt(cost) carries it.
  let cost = f.int(args[1]);
  if (cost === undefined) {
    const p = f.producer(args[1]);
    if (p && /:genSalt(Sync)?$/.test(p.callee)) cost = f.int(p.call.field('arguments')?.namedChildren()[0]);
  }
  f.algorithm(call, callee, { spelling: 'bcrypt', params: { cost }, unresolved: ['cost'], functions: ['keyderive'] });
};
const bcryptGenSalt: CallHandler = (f, call, callee, args) => {
  // genSalt() without rounds uses 10 in both bcrypt and bcryptjs.
  const first = args[0];
  const cost = first && !['arrow_function', 'function_expression'].includes(first.kind() as string) ? f.int(first) : 10;
  // A salt consumed by hash() in the same expression is reported by that hash call.
  f.algorithm(call, callee, { spelling: 'bcrypt', params: { cost }, unresolved: ['cost'], functions: ['keygen'] });
};
const BCRYPT: Array<[string, CallHandler]> = ['bcrypt', 'bcryptjs'].flatMap((m) => [
  [`${m}:hash`, bcryptHash],
  [`${m}:hashSync`, bcryptHash],
  [`${m}:genSalt`, bcryptGenSalt],
  [`${m}:genSaltSync`, bcryptGenSalt],
  [`${m}:compare`, (f: JsFile, call: SgNode, callee: string) => f.algorithm(call, callee, { spelling: 'bcrypt', functions: ['verify'] })],
  [`${m}:compareSync`, (f: JsFile, call: SgNode, callee: string) => f.algorithm(call, callee, { spelling: 'bcrypt', functions: ['verify'] })],
] as Array<[string, CallHandler]>);

const ARGON2_TYPES: Readonly<Record<string, string>> = { argon2d: 'Argon2d', argon2i: 'Argon2i', argon2id: 'Argon2id' };
const ARGON2_TYPE_NUMBERS: Readonly<Record<number, string>> = { 0: 'Argon2d', 1: 'Argon2i', 2: 'Argon2id' };

const argon2Hash: CallHandler = (f, call, callee, args) => {
  const opts = args[1] ? f.props(args[1]) : new Map<string, SgNode>();
  let spelling: string | undefined = 'Argon2id'; // node-argon2's default type
  const typeNode = opts?.get('type');
  if (!opts) spelling = undefined;
  else if (typeNode) {
    const v = f.eval(typeNode);
    spelling = v.kind === 'member' ? ARGON2_TYPES[v.path.slice(v.path.lastIndexOf('.') + 1).replace(/^argon2:/, '')] : v.kind === 'int' ? ARGON2_TYPE_NUMBERS[v.value] : undefined;
  }
  const get = (k: string): number | undefined => (opts?.get(k) ? f.int(opts.get(k)) : undefined);
  f.algorithm(call, callee, {
    spelling: spelling ?? 'Argon2',
    params: { cost: get('timeCost'), memoryCost: get('memoryCost'), parallelism: get('parallelism'), outputLength: bits(get('hashLength')) },
    unresolved: ['cost', 'memoryCost', 'parallelism'],
    functions: ['keyderive'],
  });
};
const ARGON2: Array<[string, CallHandler]> = [['argon2:hash', argon2Hash]];

// ---------------------------------------------------------------- @noble/*

const NOBLE_HASHES: Readonly<Record<string, string>> = {
  sha1: 'SHA-1', md5: 'MD5', ripemd160: 'RIPEMD-160', sha224: 'SHA-224', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512',
  sha512_224: 'SHA-512/224', sha512_256: 'SHA-512/256', sha3_224: 'SHA3-224', sha3_256: 'SHA3-256', sha3_384: 'SHA3-384',
  sha3_512: 'SHA3-512', shake128: 'SHAKE128', shake256: 'SHAKE256', keccak_256: 'Keccak-256', keccak_512: 'Keccak-512',
  blake2b: 'BLAKE2b-512', blake2s: 'BLAKE2s-256', blake3: 'BLAKE3',
};
/** noble curve objects -> (signature algorithm, key agreement algorithm, curve). */
const NOBLE_CURVES: Readonly<Record<string, { sign?: string; agree?: string; curve?: string }>> = {
  secp256k1: { sign: 'ECDSA', agree: 'ECDH', curve: 'secp256k1' },
  p256: { sign: 'ECDSA', agree: 'ECDH', curve: 'P-256' },
  secp256r1: { sign: 'ECDSA', agree: 'ECDH', curve: 'P-256' },
  p384: { sign: 'ECDSA', agree: 'ECDH', curve: 'P-384' },
  secp384r1: { sign: 'ECDSA', agree: 'ECDH', curve: 'P-384' },
  p521: { sign: 'ECDSA', agree: 'ECDH', curve: 'P-521' },
  secp521r1: { sign: 'ECDSA', agree: 'ECDH', curve: 'P-521' },
  ed25519: { sign: 'Ed25519' },
  ed25519ph: { sign: 'Ed25519' },
  ed448: { sign: 'Ed448' },
  x25519: { agree: 'X25519' },
  x448: { agree: 'X448' },
  brainpoolP256r1: { sign: 'ECDSA', agree: 'ECDH', curve: 'brainpoolP256r1' },
  brainpoolP384r1: { sign: 'ECDSA', agree: 'ECDH', curve: 'brainpoolP384r1' },
  brainpoolP512r1: { sign: 'ECDSA', agree: 'ECDH', curve: 'brainpoolP512r1' },
};
const CURVE_METHODS: Readonly<Record<string, 'sign' | 'verify' | 'keygen' | 'agree'>> = {
  sign: 'sign', verify: 'verify', getPublicKey: 'keygen', keygen: 'keygen', 'utils.randomPrivateKey': 'keygen',
  'utils.randomSecretKey': 'keygen', getSharedSecret: 'agree', scalarMult: 'agree', scalarMultBase: 'keygen',
};

/**
 * @noble/ciphers constructors (`gcm(key, nonce, aad)`, `chacha20poly1305(key, nonce)`, also the
 * WebCrypto-backed `@noble/ciphers/webcrypto` ones) -> algorithm and mode. AES takes its size from
 * the key, which is known only when the file fixes its length.
 */
const NOBLE_AES_MODES: Readonly<Record<string, string>> = {
  ecb: 'ECB', cbc: 'CBC', ctr: 'CTR', cfb: 'CFB', ofb: 'OFB', gcm: 'GCM', gcmsiv: 'GCM-SIV', siv: 'GCM-SIV', aeskw: 'KW', aeskwp: 'KWP',
};
const NOBLE_STREAM: Readonly<Record<string, string>> = {
  chacha20poly1305: 'ChaCha20-Poly1305', xchacha20poly1305: 'XChaCha20-Poly1305', chacha20: 'ChaCha20', chacha20orig: 'ChaCha20',
  xchacha20: 'XChaCha20', xsalsa20poly1305: 'XSalsa20-Poly1305', secretbox: 'XSalsa20-Poly1305', salsa20: 'Salsa20', xsalsa20: 'XSalsa20',
};

/** The operation applied to a cipher object straight away (`gcm(k, n).encrypt(pt)`), if any. */
function appliedOperation(call: SgNode): 'encrypt' | 'decrypt' | undefined {
  const parent = call.parent();
  if ((parent?.kind() as string) !== 'member_expression' || (parent!.parent()?.kind() as string) !== 'call_expression') return undefined;
  const op = parent!.field('property')?.text();
  return op === 'encrypt' || op === 'decrypt' ? op : undefined;
}

function nobleCipher(f: JsFile, call: SgNode, callee: string, args: SgNode[], name: string): boolean {
  const mode = NOBLE_AES_MODES[name];
  const stream = NOBLE_STREAM[name];
  if (!mode && !stream) return false;
  const op = appliedOperation(call);
  const functions = op ? { functions: [op] } : {};
  if (stream) {
    f.algorithm(call, callee, { spelling: stream, ...functions });
    if (f.literalSecret(args[0])) f.signal(call, callee, 'hardcoded-key', `${stream} key is written in the source`);
    return true;
  }
  const params: AlgorithmParams = { mode };
  const keyBits = bits(f.byteLength(args[0]));
  if (keyBits === 128 || keyBits === 192 || keyBits === 256) params.keySize = keyBits;
  // cbc/ecb pad with PKCS#7 unless told `disablePadding: true`.
  if (mode === 'CBC' || mode === 'ECB') {
    const pad = f.props(args[mode === 'ECB' ? 1 : 2])?.get('disablePadding');
    const disabled = pad ? f.eval(pad) : undefined;
    if (!pad || (disabled?.kind === 'bool' && !disabled.value)) params.padding = 'PKCS7';
    else if (disabled?.kind === 'bool') params.padding = 'NoPadding';
  }
  f.algorithm(call, callee, { spelling: 'AES', params, unresolved: ['keySize'], ...functions });
  if (f.literalSecret(args[0])) f.signal(call, callee, 'hardcoded-key', 'AES key is written in the source', { spelling: 'AES', params });
  if (mode !== 'ECB' && mode !== 'KW' && mode !== 'KWP' && f.constantBytes(args[1])) {
    f.signal(call, callee, 'static-iv', `AES-${mode} IV is a constant in the source`, { spelling: 'AES', params });
  }
  return true;
}

function nobleHashOf(f: JsFile, node: SgNode | undefined): string | undefined {
  // A hash re-exported by a module of the project (`import { sha256 } from './hashes'`, `H.sha512`) is
  // a name the file binds nothing for, not a member path: named as imported.
  const member = f.member(node);
  const imported = !member?.includes(':') && isNameOrChain(node) ? f.adapter.qualify(node) : undefined;
  const path = imported?.includes(':') ? imported : member;
  return path ? NOBLE_HASHES[path.slice(path.lastIndexOf(':') + 1)] : undefined;
}

function isNameOrChain(node: SgNode | undefined): boolean {
  const k = node?.kind() as string | undefined;
  return k === 'identifier' || k === 'member_expression';
}

function nobleOpts(f: JsFile, node: SgNode | undefined): (k: string) => number | undefined {
  const opts = f.props(node);
  return (k) => (opts?.get(k) ? f.int(opts.get(k)) : undefined);
}

/** @noble/hashes, @noble/curves, @noble/ciphers, @noble/post-quantum: one dispatcher over `member.method`. */
export function nobleCall(f: JsFile, call: SgNode, callee: string, args: SgNode[]): void {
  const path = callee.slice(callee.indexOf(':') + 1);
  const [head = '', ...rest] = path.split('.');
  const method = rest.join('.');
  if (method === '' && JsFile.module(callee).startsWith('@noble/ciphers') && nobleCipher(f, call, callee, args, head)) return;
  const hash = NOBLE_HASHES[head];
  if (hash && (method === '' || method === 'create')) {
    f.algorithm(call, callee, { spelling: hash, functions: ['digest'] });
    return;
  }
  if ((head === 'hmac' && method === '') || (head === 'hmac' && method === 'create')) {
    const h = nobleHashOf(f, args[0]);
    f.algorithm(call, callee, { spelling: h ? `HMAC-${h}` : 'HMAC', params: { hash: h }, unresolved: ['hash'], functions: ['tag'] });
    return;
  }
  if ((head === 'pbkdf2' || head === 'pbkdf2Async') && method === '') {
    const h = nobleHashOf(f, args[0]);
    const o = nobleOpts(f, args[3]);
    f.algorithm(call, callee, {
      spelling: h ? `PBKDF2-${h}` : 'PBKDF2',
      params: { hash: h, iterations: o('c'), outputLength: bits(o('dkLen')) },
      unresolved: ['hash', 'iterations', 'outputLength'],
      functions: ['keyderive'],
    });
    return;
  }
  if (head === 'hkdf' && method === '') {
    const h = nobleHashOf(f, args[0]);
    f.algorithm(call, callee, { spelling: h ? `HKDF-${h}` : 'HKDF', params: { hash: h, outputLength: bits(f.int(args[4])) }, unresolved: ['hash', 'outputLength'], functions: ['keyderive'] });
    return;
  }
  if ((head === 'scrypt' || head === 'scryptAsync') && method === '') {
    const o = nobleOpts(f, args[2]);
    const n = o('N');
    const r = o('r');
    f.algorithm(call, callee, {
      spelling: 'scrypt',
      params: { cost: n, memoryCost: n !== undefined && r !== undefined ? (128 * n * r) / 1024 : undefined, parallelism: o('p'), outputLength: bits(o('dkLen')) },
      unresolved: ['cost', 'memoryCost', 'parallelism', 'outputLength'],
      functions: ['keyderive'],
    });
    return;
  }
  const argon = /^argon2(id|i|d)(Async)?$/.exec(head);
  if (argon && method === '') {
    const o = nobleOpts(f, args[2]);
    f.algorithm(call, callee, {
      spelling: `Argon2${argon[1]}`,
      params: { cost: o('t'), memoryCost: o('m'), parallelism: o('p'), outputLength: bits(o('dkLen')) },
      unresolved: ['cost', 'memoryCost', 'parallelism', 'outputLength'],
      functions: ['keyderive'],
    });
    return;
  }
  const curve = NOBLE_CURVES[head];
  const role = CURVE_METHODS[method];
  if (curve && role) {
    const spelling = role === 'agree' ? curve.agree : (curve.sign ?? curve.agree);
    if (!spelling) return;
    const params = curve.curve ? { curve: curve.curve } : {};
    f.algorithm(call, callee, { spelling, params, functions: [role === 'agree' ? 'keygen' : role] });
    return;
  }
  const pq = /^ml_(kem|dsa)(\d+)$/.exec(head);
  const pqFn = { keygen: 'keygen', encapsulate: 'encapsulate', decapsulate: 'decapsulate', sign: 'sign', verify: 'verify' }[method] as
    'keygen' | 'encapsulate' | 'decapsulate' | 'sign' | 'verify' | undefined;
  if (pq && pqFn) {
    f.algorithm(call, callee, { spelling: `ML-${pq[1]!.toUpperCase()}-${pq[2]}`, functions: [pqFn] });
    return;
  }
  const slh = slhDsaName(head);
  if (slh && pqFn) f.algorithm(call, callee, { spelling: slh, functions: [pqFn] });
}

/**
 * noble hash and curve objects put into a table the code dispatches through at run time
 * (`new Map(Object.entries({ sha256, p256 }))`, `{ 'P-256': p256 }`, `[sha256, sha512]`): the table
 * is the only place the algorithm appears, and holding an implementation in a dispatch table is
 * making it available for use, as a JCA name in a lookup table is. Only values in object literals and
 * arrays count: an argument is read by the call that takes it (`hmac(sha256, ...)`), and an import or
 * re-export alone is not a use. A hash is a digest; ed25519/ed448/x25519/x448 fix their algorithm; a
 * Weierstrass curve serves ECDSA and ECDH alike, so it is reported as an EC key on that curve (which
 * the knowledge base reads as ECDSA, as it does for an X.509 `id-ecPublicKey` key).
 */
export function nobleReferences(f: JsFile, imports: ReadonlyMap<string, { module: string; member?: string }>): void {
  const named = new Map<string, { spelling: string; params: AlgorithmParams; callee: string }>();
  for (const [local, ref] of imports) {
    if (!ref.member || !ref.module.startsWith('@noble/')) continue;
    const callee = `${ref.module}:${ref.member}`;
    const hash = ref.module.startsWith('@noble/hashes') ? NOBLE_HASHES[ref.member] : undefined;
    const curve = ref.module.startsWith('@noble/curves') ? NOBLE_CURVES[ref.member] : undefined;
    if (hash) named.set(local, { spelling: hash, params: {}, callee });
    else if (curve?.curve) named.set(local, { spelling: 'EC', params: { curve: curve.curve }, callee });
    else if (curve) named.set(local, { spelling: (curve.sign ?? curve.agree)!, params: {}, callee });
  }
  if (named.size === 0) return;
  const names = [...named.keys()].map((n) => n.replace(/\$/g, '\\$')).join('|');
  const rule = { any: [{ kind: 'shorthand_property_identifier', regex: `^(${names})$` }, { kind: 'identifier', regex: `^(${names})$` }] };
  for (const node of f.root.findAll({ rule })) {
    const parent = node.parent();
    const pk = parent?.kind() as string;
    const inTable = (node.kind() as string) === 'shorthand_property_identifier'
      || pk === 'array'
      || (pk === 'pair' && parent!.field('value')?.id() === node.id());
    // `module.exports = { sha256 }` re-exports, as `export { sha256 }` does.
    const table = pk === 'pair' ? parent!.parent() : parent;
    if (!inTable || /^(module\.)?exports$/.test(table?.parent()?.field('left')?.text() ?? '')) continue;
    const n = named.get(node.text())!;
    f.algorithm(node, n.callee, { spelling: n.spelling, params: n.params, ...(n.params.curve ? { unresolved: [] } : {}) }, node.text());
  }
}

// ---------------------------------------------------------------- aes-js, @panva/hkdf

/** aes-js modes of operation: v3 `ModeOfOperation.<mode>`, v4 the class of the same name (`CTR`). */
const AES_JS_MODES: Readonly<Record<string, string>> = { ctr: 'CTR', cbc: 'CBC', ecb: 'ECB', cfb: 'CFB', ofb: 'OFB' };

/**
 * aes-js (ethers' keystore and many wallets): v3 `new aesjs.ModeOfOperation.ctr(key, new
 * aesjs.Counter(5))`, v4 `new CTR(key, iv)`; `new AES(key)` is the bare block cipher. The key size is
 * the key's length (16, 24 or 32 bytes). The modes do not pad (the caller pads with
 * `aesjs.padding.pkcs7`), so no padding is reported. A mode given no IV starts from a constant one
 * (CBC/CFB/OFB a zero IV, CTR the counter 1), as does a number for the counter: a static IV.
 */
const aesJs: CallHandler = (f, call, callee, args) => {
  const name = callee.slice(callee.search(/[A-Za-z]+$/));
  const mode = AES_JS_MODES[name.toLowerCase()];
  if (!mode && name !== 'AES') return;
  const params: AlgorithmParams = mode ? { mode } : {};
  const keyBits = bits(f.byteLength(args[0]));
  if (keyBits === 128 || keyBits === 192 || keyBits === 256) params.keySize = keyBits;
  const op = appliedOperation(call);
  f.algorithm(call, callee, { spelling: 'AES', params, unresolved: ['keySize'], ...(op ? { functions: [op] } : {}) });
  if (f.literalSecret(args[0])) f.signal(call, callee, 'hardcoded-key', 'AES key is written in the source', { spelling: 'AES', params });
  if (!mode || mode === 'ECB') return;
  const iv = args[1];
  const fixed = !iv || (mode === 'CTR' && f.int(iv) !== undefined) || f.constantBytes(iv);
  if (fixed) f.signal(call, callee, 'static-iv', `AES-${mode} ${mode === 'CTR' ? 'counter' : 'IV'} is a constant in the source`, { spelling: 'AES', params });
};

const AES_JS: Array<[string, CallHandler]> = [
  ...Object.keys(AES_JS_MODES).flatMap((m): Array<[string, CallHandler]> => [[`new aes-js:ModeOfOperation.${m}`, aesJs], [`new aes-js:${m.toUpperCase()}`, aesJs]]),
  ['new aes-js:AES', aesJs],
  // @panva/hkdf (next-auth, openid-client) copies node's `hkdf(digest, ikm, salt, info, keylen)`.
  ['@panva/hkdf:', hkdf],
  ['@panva/hkdf:hkdf', hkdf],
];

// ---------------------------------------------------------------- libsignal

/**
 * libsignal (the Signal protocol for Node, used by WhatsApp clients such as Baileys): its `curve`
 * makes Curve25519 key pairs, agrees with X25519 and signs with XEdDSA (Ed25519 signatures from the
 * same keys, reported as Ed25519); its `crypto` fixes AES-256-CBC, HMAC-SHA-256, SHA-512 and
 * HKDF-SHA-256 (`deriveSecrets`); `keyhelper` makes identity, pre- and signed pre-keys.
 */
const fixed = (emits: readonly AlgorithmEmit[]): CallHandler => (f, call, callee) => {
  for (const e of emits) f.algorithm(call, callee, e);
};
const X25519_KEYS: AlgorithmEmit = { spelling: 'X25519', functions: ['keygen'] };
const AES_256_CBC: AlgorithmParams = { keySize: 256, mode: 'CBC' };
const LIBSIGNAL: Array<[string, CallHandler]> = [
  ['libsignal:curve.generateKeyPair', fixed([X25519_KEYS])],
  ['libsignal:curve.calculateAgreement', fixed([X25519_KEYS])],
  ['libsignal:curve.calculateSignature', fixed([{ spelling: 'Ed25519', functions: ['sign'] }])],
  ['libsignal:curve.verifySignature', fixed([{ spelling: 'Ed25519', functions: ['verify'] }])],
  ['libsignal:crypto.encrypt', fixed([{ spelling: 'AES', params: AES_256_CBC, functions: ['encrypt'] }])],
  ['libsignal:crypto.decrypt', fixed([{ spelling: 'AES', params: AES_256_CBC, functions: ['decrypt'] }])],
  ['libsignal:crypto.calculateMAC', fixed([{ spelling: 'HMAC-SHA-256', params: { hash: 'SHA-256' }, functions: ['tag'] }])],
  ['libsignal:crypto.verifyMAC', fixed([{ spelling: 'HMAC-SHA-256', params: { hash: 'SHA-256' }, functions: ['verify'] }])],
  ['libsignal:crypto.hash', fixed([{ spelling: 'SHA-512', functions: ['digest'] }])],
  ['libsignal:crypto.deriveSecrets', fixed([{ spelling: 'HKDF-SHA-256', params: { hash: 'SHA-256' }, unresolved: ['outputLength'], functions: ['keyderive'] }])],
  ['libsignal:keyhelper.generateIdentityKeyPair', fixed([X25519_KEYS])],
  ['libsignal:keyhelper.generatePreKey', fixed([X25519_KEYS])],
  ['libsignal:keyhelper.generateSignedPreKey', fixed([X25519_KEYS, { spelling: 'Ed25519', functions: ['sign'] }])],
];

// ---------------------------------------------------------------- node-rsa, elliptic

/** node-rsa `encryptionScheme` values -> padding; the library's default is pkcs1_oaep (OAEP, SHA-1). */
const NODE_RSA_PADDING: Readonly<Record<string, string>> = { pkcs1: 'PKCS1v15', pkcs1_oaep: 'OAEP' };
const NODE_RSA_HASHES: Readonly<Record<string, string>> = { md4: 'MD4', md5: 'MD5', ripemd160: 'RIPEMD-160', sha1: 'SHA-1', sha224: 'SHA-224', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };

/**
 * `new NodeRSA({ b: 2048 })` generates a key of b bits, `new NodeRSA(pem)` reads one (size unknown);
 * options (`{ encryptionScheme: 'pkcs1' }`,
 * `{ signingScheme: 'pss-sha1' }`, as the last argument) pick the padding, reported when written.
 */
const nodeRsa: CallHandler = (f, call, callee, args) => {
  const gen = f.props(args[0]);
  const b = gen?.get('b');
  const keySize = b ? f.int(b) : undefined;
  if (b) f.algorithm(call, callee, { spelling: 'RSA', params: { keySize }, unresolved: ['keySize'], functions: ['keygen'] });
  // new NodeRSA(keyData[, format][, options]): an RSA key read from PEM/DER/components, size unknown.
  else if (args[0] && !gen) f.algorithm(call, callee, { spelling: 'RSA', unresolved: ['keySize'] });
  const opts = args.length > 1 ? f.props(args[args.length - 1]) : undefined;
  const enc = opts?.get('encryptionScheme');
  if (enc) {
    const scheme = f.str(enc) ?? f.str(f.props(enc)?.get('scheme'));
    const padding = scheme ? NODE_RSA_PADDING[scheme] : undefined;
    if (padding) f.algorithm(call, callee, { spelling: 'RSA', params: { keySize, padding, ...(padding === 'OAEP' ? { hash: 'SHA-1' } : {}) }, unresolved: ['keySize'], functions: ['encrypt', 'decrypt'] });
  }
  const sig = opts?.get('signingScheme');
  const m = sig ? /^(pkcs1|pss)(?:-(\w+))?$/.exec(f.str(sig) ?? '') : null;
  if (m) {
    // Without a hash named, node-rsa signs with SHA-256.
    const hash = m[2] ? NODE_RSA_HASHES[m[2]] : 'SHA-256';
    f.algorithm(call, callee, { spelling: 'RSA', params: { keySize, padding: m[1] === 'pss' ? 'PSS' : 'PKCS1v15', hash }, unresolved: ['keySize'], functions: ['sign', 'verify'] });
  }
};

/** elliptic's named curves; its `curve25519` is the Montgomery curve of X25519 (key agreement only). */
const ELLIPTIC_CURVES: Readonly<Record<string, { spelling: string; curve?: string; functions: Array<'sign' | 'verify' | 'keygen'> }>> = {
  secp256k1: { spelling: 'ECDSA', curve: 'secp256k1', functions: ['sign', 'verify'] },
  p192: { spelling: 'ECDSA', curve: 'P-192', functions: ['sign', 'verify'] },
  p224: { spelling: 'ECDSA', curve: 'P-224', functions: ['sign', 'verify'] },
  p256: { spelling: 'ECDSA', curve: 'P-256', functions: ['sign', 'verify'] },
  p384: { spelling: 'ECDSA', curve: 'P-384', functions: ['sign', 'verify'] },
  p521: { spelling: 'ECDSA', curve: 'P-521', functions: ['sign', 'verify'] },
  curve25519: { spelling: 'X25519', functions: ['keygen'] },
  ed25519: { spelling: 'Ed25519', functions: ['sign', 'verify'] },
};

/** `new EC('secp256k1')` (ECDSA, and ECDH through `derive`), `new EdDSA('ed25519')`. */
const ellipticCurve: CallHandler = (f, call, callee, args) => {
  const name = f.str(args[0]);
  const known = name ? ELLIPTIC_CURVES[name] : undefined;
  if (known) {
    f.algorithm(call, callee, { spelling: known.spelling, params: known.curve ? { curve: known.curve } : {}, functions: known.functions });
  } else {
    f.algorithm(call, callee, { spelling: callee.endsWith('eddsa') ? 'EdDSA' : 'ECDSA', unresolved: ['curve'], functions: ['sign', 'verify'] });
  }
};

const NODE_RSA_ELLIPTIC: Array<[string, CallHandler]> = [
  ['new node-rsa:', nodeRsa],
  ['new elliptic:ec', ellipticCurve],
  ['new elliptic:eddsa', ellipticCurve],
];

export const LIBRARY_CALLS: ReadonlyArray<[string, CallHandler]> = [...CRYPTO_JS, ...NODE_FORGE, ...JWT, ...TWEETNACL, ...BCRYPT, ...ARGON2, ...NODE_RSA_ELLIPTIC, ...AES_JS, ...LIBSIGNAL];

export { digestName };
