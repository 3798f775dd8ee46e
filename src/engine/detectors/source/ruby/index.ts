// Ruby source detector (`.rb`, `.rake`, `Rakefile`): the OpenSSL extension (ciphers, digests, HMAC,
// KDFs, keys, RSA padding, signatures, TLS contexts), the digest library, bcrypt/argon2/scrypt and Rails'
// `has_secure_password`, RbNaCl, ActiveSupport's MessageEncryptor and KeyGenerator, ruby-jwt, HTTP
// clients' TLS switches (Net::HTTP, Faraday, HTTParty, RestClient, Excon, Typhoeus), net-ssh's host-key
// policy and SSH algorithm lists, and non-cryptographic generators used for secrets. One native query
// selects a file's candidate calls (by receiver constant or method name, built from the names the file's
// text holds), setter assignments, option pairs and `VERIFY_NONE` constants; handlers resolve arguments
// through the shared Evaluator (resolve.ts) and follow objects to the calls made on them (file.ts).
import type { SgNode } from '@ast-grep/napi';
import type { Detection } from '../../../inventory/model.js';
import type { DetectContext, Detector, SourceFile } from '../../types.js';
import { kindOf, parseSource } from '../common/languages.js';
import { escapeRegex, namesIn } from '../common/regex.js';
import { DetectionSink } from '../common/sink.js';
import { eachCaseMarked } from '../common/cases.js';
import { SSH_NAME_KEYWORDS, detectSshAlgorithmNames } from '../common/ssh-names.js';
import { RbFile, type Setter } from './file.js';
import { activeSupport, argon2, bcrypt, digestClassInTable, hasSecurePassword, hasSecurePasswordIdentifier, jwt, messageRotation, railsKeyGenerator, railsMessageVerifier, rbnacl, scrypt, stdlibDigest, weakRandom } from './libraries.js';
import { XML_KEYWORDS, isXmlNode, xmlAlgorithmSite, xmlRules } from './xmldsig.js';
import { kemCall, keyAgreement, opensslCipherNew, opensslDigest, opensslHmac, opensslKdf, opensslPkey, pkcs5KeyIvGen, pkeySign, rsaPaddingCall } from './openssl.js';
import { callParts, constPath, rubyEvaluator, type RbCall } from './resolve.js';
import { RB_DECLARATION_RULES, declareRubyConstants, isRubyDeclaration, rubyConstantOwners } from './constants.js';
import { OPTION_KEYS, TLS_SETTERS, indexAssignment, optionPair, sslContextNew, tlsSetter, verifyNoneSite } from './tls.js';
import { RAILS_SETTERS, railsSetting } from './rails-config.js';

export const RUBY_DETECTOR_ID = 'ruby';

/** Receiver roots whose calls a handler reads (`OpenSSL::Cipher.new`, `Digest::MD5.hexdigest`, `JWT.encode`). */
const ROOTS = ['OpenSSL', 'Digest', 'BCrypt', 'Argon2', 'SCrypt', 'RbNaCl', 'ActiveSupport', 'JWT', 'Random', 'Kernel'];

/**
 * Methods read whatever their receiver: RSA padding, signatures, key agreement, KEMs, Rails, weak random, and the calls
 * linked to objects (`set_params`, to which an options hash a name holds is given: tls.ts).
 */
const METHOD_NAMES = ['public_encrypt', 'private_decrypt', 'private_encrypt', 'public_decrypt', 'sign', 'verify', 'sign_pss', 'verify_pss',
  'dh_compute_key', 'derive', 'encapsulate', 'decapsulate', 'set_params', 'has_secure_password', 'generate_key', 'generate_key!', 'message_verifier', 'rotate', 'rand', 'bytes', 'encrypt', 'decrypt', 'box', 'pkcs5_keyivgen'];

/** Setters on objects: the cipher's, then TLS settings and Rails' cryptographic settings. */
const SETTERS = ['key', 'iv', 'auth_tag_len', 'iv_len', 'key_len', ...TLS_SETTERS, ...RAILS_SETTERS];

const ROOT_SCAN = new RegExp(`\\b(?:${ROOTS.join('|')})\\b`, 'g');
const METHOD_SCAN = new RegExp(`\\b(?:${METHOD_NAMES.map(escapeRegex).join('|')})(?![\\w?])`, 'g');
const OPTION_SCAN = new RegExp(`\\b(?:${OPTION_KEYS.join('|')})\\b`, 'g');

function alternation(names: readonly string[]): string {
  return names.map(escapeRegex).join('|');
}

type PathHandler = (f: RbFile, c: RbCall, path: string) => void;

/** The handler for calls on a constant path. */
function pathHandler(path: string): PathHandler | undefined {
  if (/^OpenSSL::Cipher(::\w+)?$/.test(path)) return (f, c, p) => { if (c.method === 'new') opensslCipherNew(f, c, p); };
  if (/^OpenSSL::Digest(::\w+)?$/.test(path)) return opensslDigest;
  if (path === 'OpenSSL::HMAC') return opensslHmac;
  if (path === 'OpenSSL::PKCS5' || path === 'OpenSSL::KDF') return opensslKdf;
  if (/^OpenSSL::PKey(::(RSA|EC|DSA|DH))?$/.test(path)) return opensslPkey;
  if (path === 'OpenSSL::SSL::SSLContext') return (f, c) => { if (c.method === 'new') sslContextNew(f, c.node, c.positional[0]); };
  if (/^Digest::\w+$/.test(path)) return stdlibDigest;
  if (path.startsWith('BCrypt::')) return bcrypt;
  if (path.startsWith('Argon2::')) return argon2;
  if (path.startsWith('SCrypt::')) return scrypt;
  if (path.startsWith('RbNaCl::')) return rbnacl;
  if (path.startsWith('ActiveSupport::')) return activeSupport;
  if (path === 'JWT') return jwt;
  if (path === 'Random' || path === 'Kernel') return (f, c) => weakRandom(f, c);
  return undefined;
}

export function detectRuby(file: SourceFile, ctx: DetectContext): Detection[] {
  const text = file.content.toString('utf8');
  const root = parseSource('ruby', text).root();
  const roots = namesIn(text, ROOT_SCAN);
  const methods = namesIn(text, METHOD_SCAN);
  const options = namesIn(text, OPTION_SCAN);
  const setters = SETTERS.filter((s) => text.includes(s));
  const rules: Record<string, unknown>[] = [];
  if (roots.length) rules.push({ kind: 'call', has: { field: 'receiver', regex: `^(::)?(${alternation(roots)})(::|$)` } });
  if (methods.length) rules.push({ kind: 'call', has: { field: 'method', regex: `^(${alternation(methods)})$` } });
  if (setters.length) rules.push({ kind: 'assignment', has: { field: 'left', kind: 'call', has: { field: 'method', regex: `^(${alternation(setters)})$` } } });
  if (options.length) {
    rules.push({ kind: 'pair', has: { field: 'key', regex: `^[:'"]?(${alternation(options)})['"]?:?$` } });
    rules.push({ kind: 'assignment', has: { field: 'left', kind: 'element_reference', regex: `(${alternation(options)})` } });
  }
  if (text.includes('VERIFY_NONE')) rules.push({ kind: 'constant', regex: '^VERIFY_NONE$' });
  // Digest classes as values (tables of hashes by name), checked by their parents in digestClassInTable.
  if (text.includes('Digest::')) rules.push({ kind: 'scope_resolution', regex: '^(::)?(OpenSSL::)?Digest::(MD5|SHA1|SHA256|SHA384|SHA512|RMD160)$' });
  // `has_secure_password` without arguments is an identifier in the tree (a call is written with them).
  if (text.includes('has_secure_password')) rules.push({ kind: 'identifier', regex: '^has_secure_password$', not: { inside: { kind: 'call' } } });
  // XML-DSig/XML-Enc algorithm URIs and ruby-saml's constants of them (xmldsig.ts).
  rules.push(...xmlRules(text));
  const crossFile = ctx.crossFile;
  // The file's constants for other files, in the same native query (constants.ts).
  if (crossFile) rules.push(...RB_DECLARATION_RULES);
  const sink = new DetectionSink(file.path, text, RUBY_DETECTOR_ID);
  const nodes = rules.length ? root.findAll({ rule: { any: rules } } as Parameters<SgNode['findAll']>[0]) : [];
  const calls: RbCall[] = [];
  const setterList: Setter[] = [];
  const others: SgNode[] = [];
  const declarations: SgNode[] = [];
  for (const n of nodes) {
    const k = kindOf(n);
    if (crossFile && isRubyDeclaration(n)) declarations.push(n);
    else if (k === 'call') {
      if (inDefined(n)) continue;
      const c = callParts(n);
      if (c) calls.push(c);
    } else if (k === 'assignment') {
      const left = n.field('left');
      const value = n.field('right');
      const receiver = left?.field('receiver');
      const name = left?.field('method')?.text();
      if (left && kindOf(left) === 'call' && receiver && name && value) setterList.push({ node: n, receiver, name, value });
      else others.push(n);
    } else others.push(n);
  }
  if (crossFile) declareRubyConstants(root, declarations, crossFile);
  const f = new RbFile(root, crossFile ? rubyEvaluator(root, crossFile, rubyConstantOwners) : rubyEvaluator(root), sink, text, calls, setterList, ctx.kb);

  // Calls that take a digest run first, so that a digest object given to HMAC, PBKDF2 or a signature (written
  // in the call or kept in a variable) is consumed by it; then everything else in source order.
  type Item = { at: number; run: () => void };
  const items: Item[] = [];
  // Each construct once per value a helper's parameter takes at the file's calls of the helper (Evaluator.eachCase).
  const marks = { consumed: f.consumedIds, sink: f.sink };
  for (const c of calls) if (takesDigest(c)) eachCaseMarked(f.ev, marks, () => callSite(f, c));
  for (const c of calls) if (!takesDigest(c)) items.push({ at: c.node.range().start.index, run: () => callSite(f, c) });
  for (const s of setterList) if (TLS_SETTERS.includes(s.name)) items.push({ at: s.node.range().start.index, run: () => tlsSetter(f, s) });
  for (const s of setterList) if (RAILS_SETTERS.includes(s.name)) items.push({ at: s.node.range().start.index, run: () => railsSetting(f, s) });
  for (const n of others) {
    const k = kindOf(n);
    const run = isXmlNode(n) ? () => xmlAlgorithmSite(f, n) : k === 'pair' ? () => optionPair(f, n) : k === 'assignment' ? () => indexAssignment(f, n) : k === 'identifier' ? () => hasSecurePasswordIdentifier(f, n)
      : k === 'scope_resolution' ? () => digestClassInTable(f, n) : () => verifyNoneSite(f, n);
    items.push({ at: n.range().start.index, run });
  }
  items.sort((a, b) => a.at - b.at);
  for (const i of items) eachCaseMarked(f.ev, marks, i.run);
  // SSH algorithm lists (net-ssh's `encryption: %w[aes256-ctr …]`, `kex: ['curve25519-sha256']`).
  detectSshAlgorithmNames(root, sink, 'ruby', text);
  return sink.detections;
}

/**
 * Whether a call is the operand of `defined?` (`if defined?(OpenSSL::KDF.hkdf)`, lockbox's feature test): Ruby
 * does not run it, it only asks whether the method exists, so it is a mention.
 */
function inDefined(call: SgNode): boolean {
  let p = call.parent();
  if (p && kindOf(p) === 'parenthesized_statements') p = p.parent();
  return !!p && kindOf(p) === 'unary' && p.child(0)?.text() === 'defined?';
}

/** Calls whose digest argument is part of them (`OpenSSL::HMAC.digest(OpenSSL::Digest.new('sha1'), …)`, `key.sign(digest, data)`). */
function takesDigest(c: RbCall): boolean {
  const path = constPath(c.receiver);
  if (path) return path === 'OpenSSL::HMAC' || path === 'OpenSSL::PKCS5' || path === 'OpenSSL::KDF' || path === 'ActiveSupport::KeyGenerator';
  return /^(sign|verify|sign_pss|verify_pss|pkcs5_keyivgen)$/.test(c.method);
}

function callSite(f: RbFile, c: RbCall): void {
  const path = constPath(c.receiver);
  if (path) {
    const h = pathHandler(path);
    if (h) {
      h(f, c, path);
      return;
    }
  }
  switch (c.method) {
    case 'public_encrypt': case 'private_decrypt': case 'private_encrypt': case 'public_decrypt':
      rsaPaddingCall(f, c);
      return;
    case 'sign': case 'verify': case 'sign_pss': case 'verify_pss':
      pkeySign(f, c);
      return;
    case 'dh_compute_key': case 'derive':
      keyAgreement(f, c);
      return;
    case 'encapsulate': case 'decapsulate':
      kemCall(f, c);
      return;
    case 'has_secure_password':
      hasSecurePassword(f, c);
      return;
    case 'generate_key':
      railsKeyGenerator(f, c);
      return;
    case 'message_verifier':
      railsMessageVerifier(f, c);
      return;
    case 'rotate':
      messageRotation(f, c);
      return;
    case 'pkcs5_keyivgen':
      pkcs5KeyIvGen(f, c);
      return;
    case 'rand': case 'bytes':
      weakRandom(f, c);
  }
}

/**
 * Prefilter: every construct reported needs one of these. The library roots as written before `::` or `.`
 * (`OpenSSL::`, `Digest::`, `JWT.`), Rails' names (its settings' too: rails-config.ts, and `rotate`), the TLS and SSH switches by their option names, the
 * non-cryptographic generators (`rand(`, `Random.new`, `Random.rand`, `Random.bytes`; not `Random.`, which every
 * `SecureRandom.` holds), and the SSH algorithm-name fragments.
 */
export const RUBY_KEYWORDS = [
  'OpenSSL', 'Digest::', 'BCrypt::', 'has_secure_password', 'Argon2::', 'SCrypt::', 'RbNaCl', 'ActiveSupport::MessageEncryptor',
  'ActiveSupport::MessageVerifier', 'ActiveSupport::KeyGenerator', 'key_generator', 'message_verifier', 'hash_digest_class', 'cookie_digest', 'cookies_digest',
  'encrypted_cookie_cipher', 'support_sha1_for_non_deterministic_encryption', 'rotate', 'JWT.', 'VERIFY_NONE', 'verify:', 'verify =', 'verify_ssl', 'ssl_verify', 'verify_peer', 'ssl_verifypeer',
  'ssl_verifyhost', 'verify_host_key', 'paranoid', 'ssl_version', 'min_version', 'ciphers', 'pkcs5_keyivgen', 'rand(', 'Random.new', 'Random.rand', 'Random.bytes',
  ...SSH_NAME_KEYWORDS, ...XML_KEYWORDS,
] as const;

export const rubyDetector: Detector = {
  id: RUBY_DETECTOR_ID,
  appliesTo: (path: string) => path.endsWith('.rb') || path.endsWith('.rake') || /(^|\/)Rakefile$/.test(path),
  keywords: RUBY_KEYWORDS,
  crossFile: true,
  detect: (file: SourceFile, ctx: DetectContext) => detectRuby(file, ctx),
};
