// PHP source detector: the OpenSSL extension (ciphers by OpenSSL name, keys, signatures, RSA padding,
// PBKDF2), the hash extension and md5/sha1, password_hash/crypt, libsodium, mcrypt, weak random sources
// building secrets, the curl/stream/Guzzle TLS switches, and phpseclib, firebase/php-jwt, lcobucci/jwt,
// web-token/jwt-framework, web-auth/cose-lib, defuse/php-encryption and Laravel's facades. PHP's crypto is mostly global
// functions, so one native query selects the calls of the functions the file's text names, `new`/`::`
// calls of the library classes it names, the curl and stream constants, and the option keys read as TLS
// switches. Handlers resolve arguments through the shared Evaluator (resolve.ts).
import type { SgNode } from '@ast-grep/napi';
import type { Detection } from '../../../inventory/model.js';
import type { DetectContext, Detector, SourceFile } from '../../types.js';
import { kindOf, parseSource } from '../common/languages.js';
import { escapeRegex } from '../common/regex.js';
import { eachCaseMarked } from '../common/cases.js';
import { DetectionSink } from '../common/sink.js';
import { PhpFile, type PhpCall } from './file.js';
import { cryptCall, hashCall, hashHkdf, hashHmac, hashPbkdf2, namedDigest, passwordHash, passwordVerify } from './hashing.js';
import { DEFUSE_KEY_METHODS, LARAVEL_APP_CONFIG, LIBRARY_CLASSES, defuseProtectedKey, laravelConfigCipher, libraryNew, libraryStatic } from './libraries.js';
import { mcryptCall, mcryptGenericInit } from './mcrypt.js';
import { opensslCipher, opensslCsr, opensslDigest, opensslPbkdf2, opensslPkeyNew, opensslRsa, opensslSeal, opensslSign } from './openssl.js';
import { callArgs, functionName, phpEvaluator } from './resolve.js';
import { SODIUM_NAMES, sodiumCall } from './sodium.js';
import { tlsConstant, tlsOptionKey } from './tls.js';
import { collectImports } from './imports.js';
import { COSE_CLASSES, coseConstantAccess } from './cose.js';
import { WEB_TOKEN_CLASSES } from './web-token.js';
import { declarePhpConstants } from './cross-file.js';
import { WEAK_RANDOM_NAMES, weakRandom } from './random.js';

export const PHP_DETECTOR_ID = 'php';

type Handler = (f: PhpFile, call: PhpCall) => void;

const FUNCTIONS = new Map<string, Handler>([
  ['openssl_encrypt', opensslCipher], ['openssl_decrypt', opensslCipher],
  ['openssl_pkey_new', opensslPkeyNew],
  ['openssl_sign', opensslSign], ['openssl_verify', opensslSign],
  ['openssl_public_encrypt', opensslRsa], ['openssl_private_decrypt', opensslRsa], ['openssl_private_encrypt', opensslRsa], ['openssl_public_decrypt', opensslRsa],
  ['openssl_pbkdf2', opensslPbkdf2], ['openssl_digest', opensslDigest], ['openssl_seal', opensslSeal], ['openssl_open', opensslSeal],
  ['openssl_csr_new', opensslCsr], ['openssl_csr_sign', opensslCsr],
  ['hash', hashCall], ['hash_file', hashCall], ['hash_init', hashCall], ['hash_hmac', hashHmac], ['hash_hmac_file', hashHmac],
  ['hash_pbkdf2', hashPbkdf2], ['hash_hkdf', hashHkdf],
  ['md5', namedDigest], ['sha1', namedDigest], ['md5_file', namedDigest], ['sha1_file', namedDigest],
  ['password_hash', passwordHash], ['password_verify', passwordVerify], ['crypt', cryptCall],
  ['mcrypt_encrypt', mcryptCall], ['mcrypt_decrypt', mcryptCall], ['mcrypt_cbc', mcryptCall], ['mcrypt_ecb', mcryptCall], ['mcrypt_cfb', mcryptCall],
  ['mcrypt_ofb', mcryptCall], ['mcrypt_generic_init', mcryptGenericInit],
  ...SODIUM_NAMES.map((n): [string, Handler] => [n, sodiumCall]),
  ...WEAK_RANDOM_NAMES.map((n): [string, Handler] => [n, weakRandom]),
]);

/** Every function name the file may call, found case-insensitively in its text (PHP function names are). */
const FUNCTION_SCAN = new RegExp(`\\b(?:${[...FUNCTIONS.keys()].sort((a, b) => b.length - a.length).map(escapeRegex).join('|')})\\s*\\(`, 'gi');
const CLASS_SCAN = new RegExp(`\\b(?:${LIBRARY_CLASSES.map(escapeRegex).join('|')})\\b`, 'g');
const TLS_CONSTANTS = '^(CURLOPT_SSL_VERIFYPEER|CURLOPT_SSL_VERIFYHOST|CURLOPT_PROXY_SSL_VERIFYPEER|CURLOPT_PROXY_SSL_VERIFYHOST|CURLOPT_SSLVERSION|STREAM_CRYPTO_METHOD_\\w+)$';
const COSE_ACCESS = `(^|\\\\)((${[...new Set([...COSE_CLASSES, ...WEB_TOKEN_CLASSES])].join('|')})::class|Algorithms::COSE_ALGORITHM_\\w+)$`;
const TLS_KEYS = `^['"](verify_peer|verify_peer_name|verify)['"]$`;

export function detectPhp(file: SourceFile, ctx: DetectContext): Detection[] {
  const text = file.content.toString('utf8');
  const root = parseSource('php', text).root();
  const names = collectImports(root, text);
  const { imports, namespace } = names;
  const { ev, adapter } = phpEvaluator(root, ctx.crossFile, names);
  // Before anything else: a file of constants calls no crypto function (and the declarations pass reads it for these alone).
  if (ctx.crossFile) declarePhpConstants(root, text, file.path, ev, names, ctx.crossFile);
  const f = new PhpFile(ctx.kb, ev, adapter, new DetectionSink(file.path, text, PHP_DETECTOR_ID), imports, namespace);

  // The native rule names only what the text holds: ast-grep compiles a rule's regexes on every query.
  const fns = new Set<string>();
  for (const m of text.matchAll(FUNCTION_SCAN)) fns.add(m[0].replace(/\s*\($/, '').toLowerCase());
  const classes = new Set<string>();
  for (const m of text.matchAll(CLASS_SCAN)) classes.add(m[0]);
  // Classes imported under another name (`use phpseclib3\Crypt\AES as Cipher;`).
  for (const [local, full] of imports) if (LIBRARY_CLASSES.includes(full.split('\\').pop()!)) classes.add(originalCase(text, local));
  const rules: Record<string, unknown>[] = [];
  if (fns.size) rules.push({ kind: 'function_call_expression', has: { field: 'function', regex: `^(?i)\\\\?(${[...fns].map(escapeRegex).join('|')})$` } });
  if (classes.size) {
    const re = `(^|\\\\)(${[...classes].map(escapeRegex).join('|')})$`;
    rules.push({ kind: 'object_creation_expression', has: { any: [{ kind: 'name' }, { kind: 'qualified_name' }], regex: re } });
    rules.push({ kind: 'scoped_call_expression', has: { field: 'scope', regex: re } });
  }
  // defuse's KeyProtectedByPassword methods, in a file that names the class (imported, written in full, or its own namespace).
  if (/unlockKey|changePassword/i.test(text) && text.includes('KeyProtectedByPassword')
    && ([...imports.values()].includes('Defuse\\Crypto\\KeyProtectedByPassword') || text.includes('Defuse\\Crypto\\KeyProtectedByPassword') || namespace === 'Defuse\\Crypto')) {
    rules.push({ kind: 'member_call_expression', has: { field: 'name', regex: DEFUSE_KEY_METHODS } });
  }
  // cose-lib's and web-token's `ES256::class`, and `Algorithms::COSE_ALGORITHM_*`, in a file that names their namespace.
  if (text.includes('Cose\\') || text.includes('Jose\\')) rules.push({ kind: 'class_constant_access_expression', regex: COSE_ACCESS });
  if (/CURLOPT_|STREAM_CRYPTO_METHOD_/.test(text)) rules.push({ kind: 'name', regex: TLS_CONSTANTS });
  if (/verify/.test(text)) rules.push({ kind: 'string', regex: TLS_KEYS }, { kind: 'encapsed_string', regex: TLS_KEYS });
  const laravelConfig = LARAVEL_APP_CONFIG.test(file.path) && text.includes("'cipher'");
  if (laravelConfig) rules.push({ kind: 'string', regex: "^'cipher'$" });
  if (rules.length === 0) return [];
  const visit = (node: SgNode): void => {
    switch (kindOf(node)) {
      case 'function_call_expression': {
        const fnNode = node.field('function');
        const name = fnNode ? functionName(fnNode) : '';
        const handler = FUNCTIONS.get(name);
        if (handler) handler(f, { node, name, args: callArgs(node) });
        break;
      }
      case 'object_creation_expression':
        libraryNew(f, node);
        break;
      case 'scoped_call_expression':
        libraryStatic(f, node);
        break;
      case 'name':
        tlsConstant(f, node);
        break;
      case 'member_call_expression':
        defuseProtectedKey(f, node);
        break;
      case 'class_constant_access_expression':
        coseConstantAccess(f, node);
        break;
      default:
        if (laravelConfig && node.text() === "'cipher'") laravelConfigCipher(f, node);
        else tlsOptionKey(f, node);
    }
  };
  // Once per value a helper's parameter takes at the file's calls of the helper (Evaluator.eachCase).
  const marks = { consumed: f.consumedIds, sink: f.sink };
  for (const node of root.findAll({ rule: { any: rules } } as Parameters<SgNode['findAll']>[0])) eachCaseMarked(ev, marks, () => visit(node));
  return f.sink.detections;
}

/** How a name is written in the file (the import map keys are lower-cased). */
function originalCase(text: string, lower: string): string {
  const m = new RegExp(`\\b${escapeRegex(lower)}\\b`, 'i').exec(text);
  return m ? m[0] : lower;
}

export const phpDetector: Detector = {
  id: PHP_DETECTOR_ID,
  appliesTo: (path) => /\.(php|phtml|inc)$/i.test(path),
  // What every reported construct's text holds: the function families, the library namespaces, the TLS keys.
  keywords: [
    'openssl_', 'hash(', 'hash_', 'md5', 'sha1', 'password_', 'crypt(', 'sodium_', 'mcrypt_', 'rand(', 'uniqid(', 'lcg_value(', 'str_shuffle(',
    'CURLOPT_', 'STREAM_CRYPTO_METHOD_', 'verify_peer', 'GuzzleHttp', 'Facades\\Http', 'phpseclib', 'Crypt_', 'Firebase\\JWT', 'Lcobucci\\JWT', 'Defuse\\Crypto',
    'Facades\\Crypt', 'Facades\\Hash', "'cipher'",
    // laminas-crypt / zend-crypt: the classes read (not their whole namespace, which every file of the library declares).
    'Crypt\\BlockCipher', 'Derivation\\Pbkdf2', 'Derivation\\Scrypt', 'Crypt\\Hmac', 'Crypt\\Hash', 'Password\\Bcrypt', 'PublicKey\\DiffieHellman',
    // web-token: the namespaces of its algorithm classes and JWKFactory (not all of `Jose\`, which every file of the library and its users' JWK plumbing names).
    'Jose\\Component\\Signature\\Algorithm', 'Jose\\Component\\Encryption\\Algorithm', 'Jose\\Component\\KeyManagement\\JWKFactory', 'Jose\\Component\\{', 'Jose\\Experimental\\',
    // web-auth/cose-lib: its algorithm classes and `Cose\Algorithms` (not the rest of `Cose\`, its CBOR keys and objects).
    'Cose\\Algorithm',
  ],
  crossFile: true,
  detect: (file: SourceFile, ctx: DetectContext) => detectPhp(file, ctx),
};
