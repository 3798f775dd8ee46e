// C/C++ source detector: OpenSSL's libcrypto (EVP ciphers, digests, MACs, KDFs, key generation,
// RSA/EC/DSA/DH, ML-KEM/ML-DSA by name) and libssl configuration (protocol versions, cipher lists,
// groups, peer verification), libsodium, mbedTLS, and post-quantum KEMs and signatures by their
// API's naming pattern (SUPERCOP/NaCl, PQClean, liboqs: pqc.ts). Calls are found by syntax tree: one ast-grep
// query per file for calls whose function name starts with a prefix of these libraries (bare C call
// patterns match nothing in ast-grep, so calls are selected by kind and callee regex), then each
// call's arguments are resolved through the shared Evaluator with C's bindings (resolve.ts).
//
// `.h` files are parsed with the C grammar unless they show C++ syntax: most headers that use these
// libraries are C (OpenSSL's own API is C), and the C++ grammar rejects C code that uses C++ keywords
// as names (`new`, `class`, `template`), while the C grammar reads a C++ header's free function calls
// but not its classes and templates.
import { eachCaseMarked } from '../common/cases.js';
import type { Detection } from '../../../inventory/model.js';
import type { DetectContext, Detector, SourceFile } from '../../types.js';
import { parseSource, type SourceLanguage } from '../common/languages.js';
import { DetectionSink } from '../common/sink.js';
import { SSH_NAME_KEYWORDS, detectSshAlgorithmNames, mayHoldSshNames } from '../common/ssh-names.js';
import { CFile } from './file.js';
import { cEvaluator, calleeName, quotedIncludes } from './resolve.js';
import { declareCConstants } from './constants.js';
import { EVP_GETTER, OPENSSL_CALLS, argsOf, definedDigestInit, evpGetter, tableGetter, type CallHandler } from './openssl.js';
import { TLS_CALLS } from './tls.js';
import { LIBCURL_CALLS } from './libcurl.js';
import { SSH_LIB_CALLS } from './ssh-libs.js';
import { PLATFORM_CALLS, keyBlobAlgorithm } from './platform.js';
import { NGTCP2_CONFIGURE, QUIC_CALLS, ngtcp2Configure } from './quic.js';
import { DIGEST_SIGN_CALLS } from './digest-sign.js';
import { SODIUM_CALLS, MBEDTLS_CALLS, definedMbedCipher } from './sodium-mbedtls.js';
import { pqcHandler } from './pqc.js';
import { MECHANISM_TYPE, pkcs11Mechanism } from './pkcs11.js';

export const C_DETECTOR_ID = 'c';

const CALLS: ReadonlyMap<string, CallHandler> = new Map([...OPENSSL_CALLS, ...DIGEST_SIGN_CALLS, ...TLS_CALLS, ...LIBCURL_CALLS, ...SSH_LIB_CALLS, ...PLATFORM_CALLS, ...QUIC_CALLS, ...SODIUM_CALLS, ...MBEDTLS_CALLS]);

/**
 * Function-name prefixes of the calls the handlers read, as one regex for the native query (the
 * callee may be `::NAME` in C++). Narrow on purpose: a file's other calls never reach JS.
 */
const CALLEE_REGEX = '^(::)?(EVP_|RSA_|EC_|ECDSA_|ECDH_|DSA_|DH_|HMAC|PKCS5_|SSL_|MD4|MD5|SHA1|SHA2|SHA3|SHA5|RIPEMD|AES_|DES_|RC4|BF_|crypto_|mbedtls_|OQS_|PQCLEAN_|curl_easy_setopt$|libssh2_hostkey_hash$|ssh_get_publickey_hash$|ssh_pki_generate$|wc_|CC_(MD|SHA)|Crypt(CreateHash|GenKey|DeriveKey)$|ngtcp2_crypto_[a-z0-9]+_configure_|quiche_config_new$)';

/**
 * A `#define` body that names a cipher or digest: an EVP getter, named or called (`EVP_aes_256_ctr`,
 * `EVP_sha1()`), an mbedTLS cipher type (`MBEDTLS_CIPHER_AES_256_CTR`, libssh2's mbedtls.h), or a
 * low-level digest's init that a backend switch maps its own name to (curl's md4.c: `#define
 * my_md4_init MD4_Init`, then called through the macro, which the call query cannot see).
 */
const DEFINED_GETTER = /^\s*(EVP_[a-z][a-z0-9_]*|MBEDTLS_CIPHER_[A-Z0-9_]+|(?:MD4|MD5|SHA1|SHA224|SHA256|SHA384|SHA512|RIPEMD160)_Init)\s*(?:\(\s*\))?\s*$/;

const C_EXTENSIONS = new Set(['c', 'h']);
/** Headers: each file that includes one has its own copy of its `static` functions. */
const HEADER = /\.(h|hh|hpp|hxx|h\+\+)$/i;
const CPP_EXTENSIONS = new Set(['cc', 'cpp', 'cxx', 'c++', 'hpp', 'hh', 'hxx', 'h++']);

/** C++-only syntax that makes a `.h` a C++ header. */
const CPP_HEADER = /\bnamespace\s+\w+\s*\{|\btemplate\s*<|\bclass\s+\w+[^;(]*\{|\b(public|private|protected)\s*:|\w::\w|#include\s*<(string|vector|memory|iostream|map)>/;

function extensionOf(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash ? path.slice(dot + 1).toLowerCase() : '';
}

export function languageOf(path: string, text?: string): SourceLanguage | undefined {
  const ext = extensionOf(path);
  if (CPP_EXTENSIONS.has(ext)) return 'cpp';
  if (!C_EXTENSIONS.has(ext)) return undefined;
  return ext === 'h' && text !== undefined && CPP_HEADER.test(text) ? 'cpp' : 'c';
}

export function detectC(file: SourceFile, ctx: DetectContext): Detection[] {
  const text = file.content.toString('utf8');
  const language = languageOf(file.path, text) ?? 'c';
  const root = parseSource(language, text).root();
  // One walk for both: the calls, and EVP getters named (not called) as rows of a table, as OpenSSH's
  // cipher table does (`{ "aes128-ctr", 16, 16, 0, 0, 0, EVP_aes_128_ctr }`).
  const calls = root.findAll({
    rule: {
      any: [
        { kind: 'call_expression', has: { field: 'function', regex: CALLEE_REGEX } },
        { kind: 'identifier', regex: '^EVP_[a-z]', inside: { kind: 'initializer_list', stopBy: 'neighbor' } },
        // A macro that stands for a getter (libssh2's openssl.h: `#define ssh2_cipher_aes256ctr
        // EVP_aes_256_ctr`, `#define SSH2_SHA256_ALG EVP_sha256()`): a backend's map of the
        // algorithms it offers; the body is raw text to the grammar.
        { kind: 'preproc_arg', regex: DEFINED_GETTER.source, inside: { kind: 'preproc_def', stopBy: 'neighbor' } },
        // PKCS#11 mechanisms: a `CK_MECHANISM` initialiser, a `.mechanism =` assignment or designator (pkcs11.ts).
        { kind: 'init_declarator', has: { field: 'value', kind: 'initializer_list' }, inside: { kind: 'declaration', stopBy: 'neighbor', has: { field: 'type', regex: MECHANISM_TYPE } } },
        { kind: 'assignment_expression', has: { field: 'left', kind: 'field_expression', regex: '(\\.|->)\\s*mechanism$' } },
        { kind: 'initializer_pair', regex: '^\\.\\s*mechanism\\s*=' },
        // CryptoAPI key blobs: the algorithm of a key imported with CryptImportKey (curl's NTLM: `blob.hdr.aiKeyAlg = CALG_DES`).
        { kind: 'assignment_expression', has: { field: 'left', kind: 'field_expression', regex: '(\\.|->)\\s*aiKeyAlg$' } },
      ],
    },
  });
  const crossFile = ctx.crossFile;
  // SSH proposal strings and tables (OpenSSH's `#define KEX_SERVER_KEX "mlkem768x25519-sha256," …`, a
  // `{ "hmac-sha1", … }` row), read as in the other languages; the sink is made only when needed.
  let sink: DetectionSink | undefined;
  if (mayHoldSshNames(text)) detectSshAlgorithmNames(root, (sink = new DetectionSink(file.path, text, C_DETECTOR_ID)), language, text);
  if (calls.length === 0 && !crossFile) return sink?.detections ?? [];
  const { ev, defines } = cEvaluator(root, language, HEADER.test(file.path), crossFile, crossFile ? quotedIncludes(text) : []);
  // Before the check for calls: a header of constants calls nothing.
  if (crossFile) declareCConstants(file.path, text, root, ev, defines, crossFile);
  if (calls.length === 0) return sink?.detections ?? [];
  const f = new CFile(root, ev, ctx.kb, sink ?? new DetectionSink(file.path, text, C_DETECTOR_ID), text);
  for (const call of calls) {
    if (call.kind() === 'identifier') {
      tableGetter(f, call, call.text());
      continue;
    }
    if (call.kind() === 'assignment_expression' && /aiKeyAlg\s*$/.test(call.field('left')?.text() ?? '')) {
      keyBlobAlgorithm(f, call);
      continue;
    }
    if (call.kind() === 'init_declarator' || call.kind() === 'assignment_expression' || call.kind() === 'initializer_pair') {
      eachCaseMarked(ev, { sink: f.sink }, () => pkcs11Mechanism(f, call));
      continue;
    }
    if (call.kind() === 'preproc_arg') {
      const name = DEFINED_GETTER.exec(call.text())![1]!;
      if (name.startsWith('EVP_')) tableGetter(f, call, name);
      else if (name.startsWith('MBEDTLS_')) definedMbedCipher(f, call, name);
      else definedDigestInit(f, call, name);
      continue;
    }
    const callee = calleeName(call);
    // Post-quantum APIs name the algorithm in the function (`crypto_kem_mlkem768_enc`, `OQS_SIG_ml_dsa_65_sign`): by pattern.
    const handler = CALLS.get(callee) ?? (NGTCP2_CONFIGURE.test(callee) ? ngtcp2Configure : pqcHandler(callee));
    // Once per value a helper's parameter takes at the file's calls of the helper (Evaluator.eachCase).
    if (handler) eachCaseMarked(ev, { sink: f.sink }, () => handler(f, call, callee, argsOf(call)));
    else if (EVP_GETTER.test(callee)) evpGetter(f, call, callee);
  }
  return f.detections();
}

export const cDetector: Detector = {
  id: C_DETECTOR_ID,
  appliesTo: (path) => languageOf(path) !== undefined,
  // Every OpenSSL libcrypto API the handlers read starts with one of these (EVP_ covers ciphers,
  // digests, PKEY contexts and fetches; the low-level RSA/EC/DSA/DH/HMAC/PKCS5, AES/DES/RC4/BF key
  // schedules and modes, and one-shot digests have their own), libssl's with SSL_CTX_/SSL_set; libsodium's with crypto_ followed by a primitive
  // family (SUPERCOP's post-quantum crypto_kem_/crypto_sign_ names too), mbedTLS's with mbedtls_, liboqs's
  // with OQS_, PQClean's with PQCLEAN_, libcurl's TLS options with CURLOPT_SSL/CURLOPT_PROXY_SSL/CURLOPT_DOH_SSL, the SSH libraries', wolfCrypt's, CommonCrypto's, CryptoAPI's and the QUIC stacks' calls by their names. A file without any of them cannot hold a call we report; SSH
  // algorithm names need one of SSH_NAME_KEYWORDS, as in the other languages; PKCS#11 mechanisms are CKM_ constants.
  keywords: [
    'EVP_', 'RSA_', 'EC_KEY_', 'EC_GROUP_', 'ECDSA_', 'ECDH_', 'DSA_', 'DH_', 'HMAC', 'PKCS5_', 'AES_set_', 'AES_ecb', 'AES_c', 'AES_o', 'AES_ige', 'AES_wrap', 'AES_unwrap', 'DES_', 'RC4_set_key', 'RC4(', 'BF_set_key', 'SHA1(', 'SHA1_', 'SHA224', 'SHA256', 'SHA384',
    'SHA512', 'MD5', 'MD4', 'RIPEMD160', 'SSL_CTX_', 'SSL_set', 'crypto_box', 'crypto_secretbox', 'crypto_sign', 'crypto_aead',
    'crypto_pwhash', 'crypto_kx', 'crypto_scalarmult', 'crypto_generichash', 'crypto_hash', 'crypto_auth', 'crypto_kdf', 'crypto_stream',
    'crypto_kem', 'crypto_secretstream', 'crypto_onetimeauth', 'crypto_shorthash', 'mbedtls_', 'OQS_', 'PQCLEAN_', 'CKM_',
    'CURLOPT_SSL', 'CURLOPT_PROXY_SSL', 'CURLOPT_DOH_SSL', 'CURLOPT_TLS13_CIPHERS', 'CURLOPT_PROXY_TLS13_CIPHERS', 'libssh2_hostkey_hash', 'ssh_get_publickey_hash', 'ssh_pki_generate',
    'wc_Init', 'wc_Md', 'wc_Sha', 'wc_RipeMd', 'wc_Des', 'wc_Aes', 'wc_MakeRsaKey', 'wc_ecc_make_key', 'wc_ed25519_make_key', 'wc_curve25519_make_key',
    'CC_MD', 'CC_SHA', 'CryptCreateHash', 'CryptGenKey', 'CryptDeriveKey', 'ngtcp2_crypto_', 'quiche_config_new', 'aiKeyAlg',
    ...SSH_NAME_KEYWORDS,
  ],
  crossFile: true,
  detect: (file, ctx) => detectC(file, ctx),
};
