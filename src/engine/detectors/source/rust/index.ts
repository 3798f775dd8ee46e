// Rust source detector: RustCrypto (hashes, ciphers and modes, AEADs, MACs, KDFs, password hashes,
// rsa and the elliptic-curve crates, ML-KEM/ML-DSA/SLH-DSA), ring and aws-lc-rs, the openssl crate,
// rustls and the native-tls/reqwest TLS switches, jsonwebtoken, rcgen, pqcrypto and liboqs. Paths are
// resolved through the file's `use` declarations (paths.ts), so `Aes256Gcm`, `aes_gcm::Aes256Gcm`
// and an alias `type Cipher = Aes256Gcm;` are one type. One ast-grep query selects the candidate
// calls, the constants read and the certificate verifiers of a file; handlers resolve arguments
// through the shared Evaluator (resolve.ts).
import type { SgNode } from '@ast-grep/napi';
import type { Detection } from '../../../inventory/model.js';
import type { DetectContext, Detector, SourceFile } from '../../types.js';
import { kindOf, parseSource } from '../common/languages.js';
import { escapeRegex, namesIn } from '../common/regex.js';
import { eachCaseMarked } from '../common/cases.js';
import { DetectionSink } from '../common/sink.js';
import { SSH_NAME_KEYWORDS, detectSshAlgorithmNames } from '../common/ssh-names.js';
import { TYPE_NAMES, crateItem, lookupType, type TypeSpec } from './catalogue.js';
import { RsFile, type TypeCall } from './file.js';
import { macroArgumentsCopy, macroName } from './macros.js';
import { jwtAlgorithm, jwtDefault, jwtInsecureMethod, jwtKeyCall } from './jose.js';
import { curveKeyCall, montgomeryCall, montgomeryMethod, oqsVariant, pqcModuleAlgorithm, pqcTypeCall, rsaCall, rsaPkcs1v15Encrypt } from './keys.js';
import { OPENSSL_FNS, opensslRsaPadding, opensslTypeCall, opensslX509Sign } from './openssl.js';
import { PASSWORD_FNS, argon2Call, methodCalledOn, verifiesStoredHash, type FnHandler } from './passwords.js';
import { candidates, collectUses, segments, TypeReader, type Uses } from './paths.js';
import { rustEvaluator } from './resolve.js';
import { CONSTANT_ITEMS, declareRustConstants } from './constants.js';
import { declareFacade, followFacades } from './facades.js';
import { awsLcKeySize, enclosingCall, rcgenConstant, reportRingConstant, ringConstant, ringKeyCall, webpkiConstant } from './ring.js';
import { mayDeclareOpaqueSuite, opaqueSetupCall, opaqueSuites } from './opaque.js';
import { ORION_FNS } from './orion.js';
import { RUMA_FNS } from './ruma.js';
import { rcgenKeyGeneration, rcgenKeyPairCall, rcgenSelfSigned } from './rcgen.js';
import { aeadEncrypt, rustCryptoCall } from './rustcrypto.js';
import { SODIUM_FNS, sodiumCall } from './sodium.js';
import { RANDOM_METHODS, weakFill } from './random.js';
import { acceptingVerifier, opensslAcceptor, rustlsBuilder, rustlsConstant, tlsMethod } from './tls.js';

export const RUST_DETECTOR_ID = 'rust';

const fixedFn = (spelling: string, fn: 'digest' | 'tag' | 'keyderive' | 'keygen'): FnHandler => (f, call, symbol) => f.algorithm(call, symbol, { spelling, functions: [fn] });

/** Free functions by canonical path (looked up in full, then as `crate::name`). */
const FNS: ReadonlyMap<string, FnHandler> = new Map<string, FnHandler>([
  ...PASSWORD_FNS,
  ...OPENSSL_FNS,
  ...ORION_FNS,
  ...RUMA_FNS,
  ['md5::compute', fixedFn('MD5', 'digest')],
  ['sha256::digest', fixedFn('SHA-256', 'digest')],
  ['blake3::hash', fixedFn('BLAKE3', 'digest')], ['blake3::keyed_hash', fixedFn('BLAKE3', 'tag')], ['blake3::derive_key', fixedFn('BLAKE3', 'keyderive')],
  ['x25519_dalek::x25519', fixedFn('X25519', 'keygen')],
  ['rcgen::generate_simple_self_signed', rcgenSelfSigned],
  ['jsonwebtoken::dangerous_insecure_decode', (f, call, symbol) => jwtInsecureMethod(f, call, symbol)],
  ['jsonwebtoken::dangerous_insecure_decode_with_validation', (f, call, symbol) => jwtInsecureMethod(f, call, symbol)],
]);

const FN_NAMES = [...new Set([...FNS.keys()].map((k) => k.split('::').pop()!))];
/** Functions of the pqcrypto and fips203/204/205 parameter-set modules (the module names the parameter set). */
const PQC_MODULE_FNS = ['keypair', 'generate_key_pair', 'encapsulate', 'decapsulate', 'sign', 'detached_sign', 'open', 'verify_detached_signature', 'keygen', 'try_keygen', 'KG'];
/** Traits whose constructors make the type a `let` declares (`let mac: HmacSha256 = Mac::new_from_slice(k)?`). */
const TRAITS = ['KeyInit', 'KeyIvInit', 'Mac', 'NewMac', 'NewAead', 'Digest', 'NewCipher'];
const TLS_METHODS = [
  'danger_accept_invalid_certs', 'danger_accept_invalid_hostnames', 'verify_hostname', 'set_verify_hostname', 'set_verify',
  'min_tls_version', 'min_protocol_version', 'set_min_proto_version', 'max_tls_version', 'max_protocol_version', 'set_max_proto_version',
  'set_cipher_list', 'set_ciphersuites', 'set_groups_list', 'set_curves_list',
];
const AEAD_METHODS = ['encrypt', 'encrypt_in_place', 'encrypt_in_place_detached'];
const RSA_PADDING_METHODS = ['public_encrypt', 'private_decrypt', 'private_encrypt', 'public_decrypt', 'set_rsa_padding'];
const METHODS = new Set([...TLS_METHODS, ...AEAD_METHODS, ...RSA_PADDING_METHODS, ...RANDOM_METHODS, 'insecure_disable_signature_validation', 'mul_clamped', 'sign']);

/** Constants and unit values read in code: ring/aws-lc-rs, rcgen, rustls, jsonwebtoken, rsa, liboqs, password-hash. */
const VALUE_REGEX = '^(' + [
  'AES_(128|192|256)(_GCM(_SIV)?)?', 'CHACHA20_POLY1305', 'SHA(1|224|256|384|512|512_256|3_256|3_384|3_512)(_FOR_LEGACY_USE_ONLY)?',
  '(HMAC|PBKDF2_HMAC|HKDF)_SHA\\w+', 'OAEP_SHA\\d+_MGF1SHA\\d+', 'X25519', 'X448', 'ED25519', 'ECDH_P\\d+', 'ECDSA_\\w+', 'RSA_(PKCS1|PSS)_\\w+', 'ML_KEM_\\d+', 'ML_DSA_\\w+',
  'Rsa\\d{4}', 'PKCS_(ECDSA|RSA|ED25519|ML_DSA)\\w*', 'TLS1[23]', 'TLS13_\\w+', 'TLS_\\w+', '(SECP|secp)\\d+(R1|r1)(MLKEM\\d+)?', 'X25519MLKEM768', 'MLKEM(512|768|1024)',
  'FFDHE\\d+', 'brainpoolP\\d+r1tls13', '(ALL|DEFAULT)_VERSIONS', 'curveSM2', 'ED448', 'SM2_SM3', 'DH_KEM_\\w+',
  'HS(256|384|512)', 'RS(256|384|512)', 'PS(256|384|512)', 'ES(256|384)', 'EdDSA', '(Hs|Rs|Ps|Es)(256|384|512)', 'Pkcs1v15Encrypt', 'Pbkdf2', 'Scrypt',
  '(MlKem|Kyber)\\d+', 'MlDsa\\d+', 'Dilithium\\d', 'Falcon\\d+', 'Sphincs\\w+',
].join('|') + ')$';

const VALUE_NAME = new RegExp(VALUE_REGEX);
/** VALUE_REGEX's names wherever they occur in a text (word-bounded instead of anchored). */
const VALUE_NAME_SCAN = new RegExp(`\\b(?:${VALUE_REGEX.slice(2, -2)})\\b`, 'g');
/** Every name the call query may look for, except the file's own aliases. */
const CALL_NAME_SCAN = new RegExp(`\\b(?:${[...new Set([...TYPE_NAMES, ...FN_NAMES, ...PQC_MODULE_FNS, ...SODIUM_FNS, ...TRAITS, ...METHODS])].map(escapeRegex).join('|')})\\b`, 'g');

/** Nodes a use of a path cannot be: `use` trees, patterns, and the path part of a longer path. */
const NOT_VALUE_PARENTS = new Set(['use_declaration', 'use_list', 'scoped_use_list', 'use_as_clause', 'use_wildcard', 'match_pattern',
  'tuple_struct_pattern', 'struct_pattern', 'or_pattern', 'const_item_pattern', 'let_condition', 'type_arguments', 'macro_rules']);

const known = (path: string): boolean => lookupType(path) !== undefined;

export function detectRust(file: SourceFile, ctx: DetectContext): Detection[] {
  const text = file.content.toString('utf8');
  const root = parseSource('rust', text).root();
  // One walk finds the `use` declarations, the modules the file declares and the constants it declares for other files.
  const items = root.findAll({ rule: { any: [{ kind: 'use_declaration' }, { kind: 'mod_item' }, ...CONSTANT_ITEMS] } });
  const itemKinds = items.map(kindOf);
  const uses = collectUses(items.filter((_, i) => itemKinds[i] === 'use_declaration'));
  const modules = new Set(items.filter((_, i) => itemKinds[i] === 'mod_item').map((m) => m.field('name')?.text() ?? ''));
  if (ctx.crossFile) {
    const useDeclarations = items.filter((_, i) => itemKinds[i] === 'use_declaration');
    declareFacade(useDeclarations, file.path, ctx.crossFile);
    followFacades(uses, modules, ctx.crossFile);
  }
  const aliases = new Map<string, SgNode>();
  for (const item of root.findAll({ rule: { kind: 'type_item' } })) {
    const name = item.field('name')?.text();
    const type = item.field('type');
    if (name && type) aliases.set(name, type);
  }
  const types = new TypeReader(uses, aliases, known);
  const { ev, adapter } = rustEvaluator(root, uses, ctx.crossFile, modules);
  if (ctx.crossFile) declareRustConstants(items.filter((_, i) => itemKinds[i] === 'const_item' || itemKinds[i] === 'static_item'), ev, ctx.crossFile, file.path);
  const f = new RsFile(ctx.kb, ev, adapter, types, new DetectionSink(file.path, text, RUST_DETECTOR_ID), root);

  // The native queries get only the names this file contains: ast-grep compiles a rule's regex on every
  // query, and the whole name list (some 300 alternatives) cost ~5 ms a file to compile, more than the
  // detection itself. A name absent from the text cannot match, so the answers are the same.
  // Local names for known items count too: `use aes_gcm::Aes256Gcm as Cipher`, `type HmacSha256 = Hmac<Sha256>`.
  const locals = [...uses.names].filter(([local, full]) => local !== full.split('::').pop() && (known(full) || FNS.has(crateItem(full)))).map(([l]) => l);
  const callRegex = exactNames([...namesIn(text, CALL_NAME_SCAN), ...locals, ...aliases.keys()], '\\b', '\\b');
  // `use ring::aead::AES_128_GCM as ALGORITHM_AES_128_GCM;`: the alias is read where the constant would be.
  const valueRegex = exactNames([...namesIn(text, VALUE_NAME_SCAN), ...valueAliases(uses)], '^', '$');
  const rules: Record<string, unknown>[] = [{ kind: 'function_item', has: { field: 'name', regex: '^(verify_(server|client)_cert|verify_identity)$' } }];
  if (callRegex) rules.push({ kind: 'call_expression', has: { field: 'function', regex: callRegex } });
  if (valueRegex) rules.push({ kind: 'identifier', regex: valueRegex });
  const nodes = root.findAll({ rule: { any: rules } } as Parameters<SgNode['findAll']>[0]);
  const inMacros = callRegex || valueRegex ? macroExpressionSites(root, text, callRegex, valueRegex) : [];
  const all = inMacros.length ? [...nodes, ...inMacros].sort((a, b) => a.range().start.index - b.range().start.index) : nodes;
  const visit = (node: SgNode): void => {
    const kind = kindOf(node);
    if (kind === 'call_expression') callSite(f, node);
    else if (kind === 'identifier') valueSite(f, node);
    else acceptingVerifier(f, node);
  };
  // Once per value a helper's parameter takes at the file's calls of the helper (Evaluator.eachCase).
  const marks = { consumed: f.consumedIds, sink: f.sink };
  for (const node of all) eachCaseMarked(ev, marks, () => visit(node));
  // opaque-ke's primitives are named only by the project's `impl CipherSuite for …` (opaque.ts).
  if (mayDeclareOpaqueSuite(text)) opaqueSuites(f);
  // SSH algorithm-name tables (russh's `Name("aes128-ctr")` constants, ssh2's `method_pref(…, "curve25519-sha256,…")`).
  detectSshAlgorithmNames(root, f.sink, 'rust', text);
  return f.sink.detections;
}


/**
 * Calls written in a macro's arguments (`format!("{:x}", Md5::digest(body))`, `assert!(verify(…))`,
 * `vec![Sha256::digest(a)]`). tree-sitter keeps a macro's arguments as tokens, so the token trees of the
 * macros that may hold a candidate are parsed again as Rust: a copy of the file in which every character
 * outside those token trees is a space (line breaks kept) and the `!` before each tree is a `;`, so each
 * tree is an expression statement (`("{:x}", Md5::digest(body))`, `[a; 3]`) at the very position it has
 * in the file. Occurrences, bindings (looked up by name and position) and snippets are then the file's own.
 * Macros inside those arguments are token trees again in the copy and take another round (three at most).
 * Constants written as tokens are read by `macroValueSite`; in the arguments of the macros that only print,
 * log or compare (`MENTION_MACROS`), a constant given to a call there (`format!("{:?}", digest(&SHA256, b))`)
 * is used, and is read from the copy.
 */
function macroExpressionSites(root: SgNode, text: string, callRegex: string | undefined, valueRegex: string | undefined): SgNode[] {
  const tokenRegex = [callRegex, valueRegex?.replace(/\^\(/g, '\\b(').replace(/\)\$/g, ')\\b')].filter((r) => r !== undefined).join('|');
  const rule = { kind: 'macro_invocation', has: { kind: 'token_tree', regex: tokenRegex } };
  let macros = root.findAll({ rule });
  if (macros.length === 0) return [];
  const out: SgNode[] = [];
  // Ranges of the outermost macros that only mention what they are given.
  const mentions: Array<[number, number]> = [];
  for (const m of macros) if (MENTION_MACROS.test(macroName(m))) mentions.push([m.range().start.index, m.range().end.index]);
  const inMention = (n: SgNode): boolean => mentions.some(([s, e]) => s <= n.range().start.index && n.range().end.index <= e);
  for (let round = 0; round < 3 && macros.length > 0; round++) {
    const copy = macroArgumentsCopy(text, macros);
    if (!copy) break;
    if (callRegex) out.push(...copy.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: callRegex } } }));
    if (valueRegex && mentions.length > 0) {
      for (const id of copy.findAll({ rule: { kind: 'identifier', regex: valueRegex } })) if (inMention(id) && givenToCall(id)) out.push(id);
    }
    macros = copy.findAll({ rule });
  }
  return out;
}

/**
 * Whether a node is (part of) an argument of a call, rather than a value compared or printed itself. A
 * tuple-struct or enum constructor (`Some(X)`, `Op::SetHint(_, X)`: a capitalised last name) only wraps the
 * value, as in `assert_eq!(group, Some(NamedGroup::secp384r1))` or a `matches!` pattern, so the search goes on.
 */
function givenToCall(node: SgNode): boolean {
  for (let cur = node.parent(); cur; cur = cur.parent()) {
    const k = kindOf(cur);
    if (k === 'arguments') {
      const call = cur.parent();
      if (!call || kindOf(call) !== 'call_expression') return false;
      const fn = call.field('function');
      if (fn && /^(identifier|scoped_identifier)$/.test(kindOf(fn)) && /^[A-Z]/.test(segments(fn.text()).pop() ?? '')) {
        cur = call;
        continue;
      }
      return true;
    }
    if (k === 'expression_statement' || k === 'source_file' || k === 'binary_expression') return false;
  }
  return false;
}

function callSite(f: RsFile, call: SgNode): void {
  if (f.consumed(call)) return;
  const fn = call.field('function');
  if (!fn) return;
  const args = call.field('arguments')?.namedChildren().filter((c) => !kindOf(c).endsWith('comment')) ?? [];
  const method = methodName(fn);
  if (method !== undefined) {
    if (!METHODS.has(method)) return;
    if (TLS_METHODS.includes(method)) tlsMethod(f, call, method, args);
    else if (AEAD_METHODS.includes(method)) {
      const receiver = (kindOf(fn) === 'generic_function' ? fn.field('function') : fn)?.field('value');
      if (receiver) aeadEncrypt(f, call, receiver, args);
    } else if (RSA_PADDING_METHODS.includes(method)) opensslRsaPadding(f, call, method, args);
    else if (method === 'mul_clamped') {
      const receiver = (kindOf(fn) === 'generic_function' ? fn.field('function') : fn)?.field('value');
      if (receiver) montgomeryMethod(f, call, receiver);
    } else if (method === 'sign') opensslX509Sign(f, call, args);
    else if (RANDOM_METHODS.includes(method)) {
      const receiver = (kindOf(fn) === 'generic_function' ? fn.field('function') : fn)?.field('value');
      if (receiver) weakFill(f, call, method, receiver, args);
    }
    else jwtInsecureMethod(f, call, method);
    return;
  }
  // A free function, or a function of a pqcrypto/fips20x parameter-set module.
  const pathNode = kindOf(fn) === 'generic_function' ? fn.field('function') : fn;
  if (!pathNode) return;
  for (const path of f.pathsOf(pathNode)) {
    const handler = FNS.get(path) ?? FNS.get(crateItem(path));
    if (handler) {
      const typeArgs = kindOf(fn) === 'generic_function'
        ? (fn.field('type_arguments')?.namedChildren() ?? []).map((a) => f.types.typeOf(a)).filter((t) => t !== undefined)
        : [];
      handler(f, call, segments(pathNode.text()).join('::'), args, typeArgs);
      return;
    }
    const pqc = pqcModuleAlgorithm(path);
    if (pqc) {
      f.algorithm(call, segments(pathNode.text()).join('::'), pqc);
      return;
    }
    const sodium = sodiumCall(path);
    if (sodium) {
      f.algorithm(call, segments(pathNode.text()).join('::'), sodium);
      return;
    }
  }
  const tc = f.typeCall(call);
  if (!tc) return;
  let spec = lookupType(tc.type.path);
  if (!spec && TRAITS.includes(tc.type.path.split('::').pop() ?? '')) {
    const declared = f.declaredType(call);
    const dspec = declared ? lookupType(declared.path) : undefined;
    if (declared && dspec) {
      tc.type = declared;
      spec = dspec;
    }
  }
  if (!spec) return;
  // `let k: SigningKey<Sha256> = SigningKey::new(key)`: the annotation carries the generic arguments.
  if (tc.type.args.length === 0) {
    const declared = f.declaredType(call);
    if (declared && declared.path === tc.type.path) tc.type = declared;
  }
  typeSite(f, tc, spec);
}

function typeSite(f: RsFile, tc: TypeCall, spec: TypeSpec): void {
  if (spec.role !== 'handled') {
    rustCryptoCall(f, tc, spec);
    return;
  }
  switch (spec.family) {
    case 'rsa-key': case 'rsa-oaep': case 'rsa-pkcs1v15-sign': case 'rsa-pss':
      rsaCall(f, tc, spec.family);
      return;
    case 'ec': case 'ed25519': case 'x25519':
      curveKeyCall(f, tc, spec.family);
      return;
    case 'montgomery':
      montgomeryCall(f, tc);
      return;
    case 'ml-kem': case 'ml-dsa': case 'slh-dsa':
      pqcTypeCall(f, tc, spec.family);
      return;
    case 'argon2': case 'argon2-params':
      argon2Call(f, tc, spec.family);
      return;
    case 'rustls-config':
      rustlsBuilder(f, tc);
      return;
    case 'openssl-acceptor':
      opensslAcceptor(f, tc);
      return;
    case 'jwt-key':
      jwtKeyCall(f, tc);
      return;
    case 'jwt-default':
      jwtDefault(f, tc);
      return;
    case 'rcgen-keypair':
      rcgenKeyPairCall(f, tc);
      return;
    case 'ring-key':
      ringKeyCall(f, tc);
      return;
    case 'opaque-setup':
      opaqueSetupCall(f, tc);
      return;
    default:
      if (spec.family.startsWith('openssl-')) opensslTypeCall(f, tc, spec.family);
  }
}

/** The method a call invokes on a value (`x.encrypt(…)`, `x.method::<T>(…)`), or undefined for a path call. */
function methodName(fn: SgNode): string | undefined {
  const target = kindOf(fn) === 'generic_function' ? fn.field('function') : fn;
  return target && kindOf(target) === 'field_expression' ? (target.field('field')?.text() ?? '') : undefined;
}

function valueSite(f: RsFile, id: SgNode): void {
  if (kindOf(id.parent() ?? id) === 'token_tree') return macroValueSite(f, id);
  // Climb to the whole path this identifier ends (`ring::aead::AES_256_GCM`); an identifier that is the
  // head or middle of a longer path (`MlKem768::generate`) is not a value.
  let outer = id;
  for (let parent = outer.parent(); parent && kindOf(parent) === 'scoped_identifier'; parent = outer.parent()) {
    if (parent.field('name')?.id() !== outer.id()) return;
    outer = parent;
  }
  const parent = outer.parent();
  if (!parent || NOT_VALUE_PARENTS.has(kindOf(parent)) || inPattern(outer)) return;
  // The name a declaration gives (`const AES_128_GCM: Name = …`, an enum variant), not a use of an imported one.
  if (kindOf(parent) !== 'scoped_identifier' && parent.field('name')?.id() === outer.id()) return;
  if (kindOf(parent) === 'call_expression' && parent.field('function')?.id() === outer.id()) return;
  if (kindOf(parent) === 'binary_expression' && /^(==|!=)$/.test(parent.field('operator')?.text() ?? '')) return;
  if (kindOf(parent) === 'let_declaration' && parent.field('pattern')?.id() === outer.id()) return;
  valueAt(f, outer, f.pathsOf(outer), segments(outer.text()).join('::'));
}

/** Macros whose arguments are compared, matched or printed: a constant named there is not used. */
const MENTION_MACROS = /^(assert\w*|debug_assert\w*|matches|println|print|eprintln|eprint|format|format_args|write|writeln|panic|unreachable|todo|trace|debug|info|warn|error|log)$/;

/**
 * A constant written in a macro's arguments (`define_hmac_signer!(Hs256, hmac::HMAC_SHA256)`): the token
 * tree holds no paths, so the path is read back from the `a :: b :: C` tokens before the identifier.
 */
function macroValueSite(f: RsFile, id: SgNode): void {
  if (id.next()?.text() === '::') return;
  let macro: SgNode | null = id.parent();
  while (macro && kindOf(macro) === 'token_tree') macro = macro.parent();
  // Only a macro call's arguments: not a `macro_rules!` body or an attribute's tokens.
  if (!macro || kindOf(macro) !== 'macro_invocation') return;
  const name = macro.field('macro')?.text() ?? '';
  if (MENTION_MACROS.test(name.split('::').pop() ?? '')) return;
  const text = macroPath(id);
  valueAt(f, id, candidates(f.types.uses, text), text);
}

/** rustls, a crate that re-exports it, and rustls 0.24's provider crates (whose `cipher_suite`, `kx_group` and `hpke` modules are rustls 0.23's `crypto::ring::…`). */
const RUSTLS_CRATES = new Set(['rustls', 'tokio_rustls', 'rustls_ring', 'rustls_aws_lc_rs', 'rustls_post_quantum']);

function valueAt(f: RsFile, outer: SgNode, paths: string[], symbol: string): void {
  for (const path of paths) {
    const crate = path.split('::')[0]!;
    if (!path.includes('::')) continue;
    const name = path.split('::').pop()!;
    if (crate === 'ring' || crate === 'aws_lc_rs') {
      const a = ringConstant(name) ?? awsLcKeySize(name);
      if (a) return reportRingConstant(f, outer, symbol, a);
    } else if (crate === 'rcgen') {
      const a = rcgenConstant(name);
      if (!a) continue;
      // `KeyPair::generate_rsa_for(&PKCS_RSA_SHA256, RsaKeySize::_3072)`: a key generated for the algorithm, of that size.
      const keygen = rcgenKeyGeneration(f, outer, enclosingCall(outer), a);
      if (!keygen) return f.algorithm(outer, symbol, a);
      return f.algorithm(outer, symbol, { ...a, params: { ...a.params, ...keygen }, functions: ['keygen'] });
    } else if (crate === 'webpki') {
      const a = webpkiConstant(name);
      if (a) return f.algorithm(outer, symbol, a);
    } else if (RUSTLS_CRATES.has(crate)) {
      if (rustlsConstant(f, outer, symbol, path)) return;
      // rustls 0.24's provider crates re-export rustls-webpki's verification algorithms at their root (`rustls_aws_lc_rs::ED25519`).
      const a = crate !== 'rustls' && crate !== 'tokio_rustls' && path.split('::').length === 2 ? webpkiConstant(name) : undefined;
      if (a) return f.algorithm(outer, symbol, a);
    } else if (crate === 'jsonwebtoken') {
      if (jwtAlgorithm(f, outer, symbol, name)) return;
    } else if (crate === 'jwt' && path.split('::').at(-2) === 'AlgorithmType') {
      // The jwt crate's `AlgorithmType::Hs512` (in a `Header { algorithm: … }`): JOSE's `HS512`.
      if (jwtAlgorithm(f, outer, symbol, name.toUpperCase())) return;
    } else if (crate === 'rsa' && name === 'Pkcs1v15Encrypt') {
      return rsaPkcs1v15Encrypt(f, outer, symbol);
    } else if ((crate === 'pbkdf2' && name === 'Pbkdf2') || (crate === 'scrypt' && name === 'Scrypt')) {
      // `Scrypt.hash_password_customized(pw, alg, version, params, salt)`: the parameters are the call's, not the defaults.
      if (methodCalledOn(outer) === 'hash_password_customized') {
        return f.algorithm(outer, symbol, name === 'Pbkdf2'
          ? { spelling: 'PBKDF2', unresolved: ['hash', 'iterations'], functions: ['keyderive'] }
          : { spelling: 'scrypt', unresolved: ['cost'], functions: ['keyderive'] });
      }
      if (!verifiesStoredHash(outer)) return passwordHashApi(f, outer, symbol, name);
      // Checked against a stored hash: its algorithm variant and parameters are the hash string's.
      return f.algorithm(outer, symbol, name === 'Pbkdf2'
        ? { spelling: 'PBKDF2', unresolved: ['hash', 'iterations'], functions: ['verify'] }
        : { spelling: 'scrypt', unresolved: ['cost'], functions: ['verify'] });
    } else if (crate === 'oqs') {
      const a = oqsVariant(name);
      if (a) return f.algorithm(outer, symbol, a);
    }
  }
}

/** The password-hash API's unit hashers with the parameters their `Default` fixes. */
function passwordHashApi(f: RsFile, outer: SgNode, symbol: string, name: string): void {
  if (name === 'Pbkdf2') {
    // password-hash API default: PBKDF2-HMAC-SHA256 (pbkdf2::Algorithm::default()).
    f.algorithm(outer, symbol, { spelling: 'PBKDF2', params: { hash: 'SHA-256' }, unresolved: ['iterations'], functions: ['keyderive'] });
  } else {
    // scrypt::Params::recommended(): log_n 17, r 8, p 1.
    f.algorithm(outer, symbol, { spelling: 'scrypt', params: { cost: 2 ** 17, parallelism: 1 }, functions: ['keyderive'] });
  }
}

/** `a::b::NAME` as tokens of a macro: the name and the `identifier ::` pairs right before it. */
function macroPath(name: SgNode): string {
  const parts = [name.text()];
  for (let sep = name.prev(); sep && sep.text() === '::'; ) {
    const seg = sep.prev();
    if (!seg || kindOf(seg) !== 'identifier') break;
    parts.unshift(seg.text());
    sep = seg.prev();
  }
  return parts.join('::');
}

/** What may precede a path's first segment in code: a `use`, an indent, an argument, a reference, a generic (no newline: keywords are single-line, and ripgrep's baseline takes them as literals). */
const PATH_STARTS = [' ', '\t', '(', '&', '<', '{', ',', '[', '!'];

/** The value query's regex extended with the local names `use … as` gives to constants it matches. */
/** Local names `use … as` gives to constants the value query reads. */
function valueAliases(uses: Uses): string[] {
  return [...uses.names].filter(([local, full]) => local !== full.split('::').pop() && VALUE_NAME.test(full.split('::').pop()!)).map(([l]) => l);
}

/** A native regex for exactly these names between the given anchors; undefined when there are none. */
function exactNames(names: Iterable<string>, open: string, close: string): string | undefined {
  const list = [...new Set(names)];
  return list.length ? `${open}(${list.map(escapeRegex).join('|')})${close}` : undefined;
}

/** Pattern nodes: a path inside one is matched against, not used (`(_, CipherSuite::TLS13_AES_256_GCM_SHA384) => …`). */
const PATTERN_KINDS = new Set(['match_pattern', 'tuple_pattern', 'slice_pattern', 'tuple_struct_pattern', 'struct_pattern', 'field_pattern',
  'or_pattern', 'ref_pattern', 'reference_pattern', 'captured_pattern', 'range_pattern', 'mut_pattern']);

function inPattern(node: SgNode): boolean {
  for (let cur = node.parent(), i = 0; cur && i < 8; cur = cur.parent(), i++) {
    const k = kindOf(cur);
    if (PATTERN_KINDS.has(k)) return true;
    if (k === 'let_condition' || k === 'let_declaration') return cur.field('pattern') !== null && within(node, cur.field('pattern')!);
    if (!k.endsWith('_pattern') && k !== 'scoped_identifier') return false;
  }
  return false;
}

function within(node: SgNode, outer: SgNode): boolean {
  const a = node.range();
  const b = outer.range();
  return a.start.index >= b.start.index && a.end.index <= b.end.index;
}

export const rustDetector: Detector = {
  id: RUST_DETECTOR_ID,
  appliesTo: (path) => path.endsWith('.rs'),
  crossFile: true,
  // Crate names as code writes them (library names, `_` not `-`) and the TLS switches read by method name.
  // Short crate names are keywords only as a path start (`ring::` alone is inside every `String::new()`).
  keywords: [
    'aes', 'sha1', 'sha2', 'sha3', 'md5', 'md4', 'ripemd', 'blake2', 'blake3', 'sm3', 'sm4', 'hmac', 'hkdf', 'cmac', 'pbkdf2', 'argon2', 'scrypt',
    'bcrypt', 'chacha20', 'salsa20', 'poly1305', 'secretbox', 'TdesEde', 'blowfish', 'cast5', 'camellia', 'twofish', 'cfb', 'block_modes', 'ocb3',
    'p256', 'p384', 'p521', 'k256', 'p224', 'p192', 'ed25519', 'x25519', 'curve25519', 'elliptic_curve', 'aws_lc_rs', 'openssl', 'rustls', 'rcgen', 'webpki::', 'jsonwebtoken', 'opaque_ke', 'ruma_signatures', 'signatures::', 'ml_kem',
    'ml_dsa', 'slh_dsa', 'pqcrypto', 'libcrux', 'sodiumoxide', 'fips203', 'fips204', 'fips205', 'danger_accept_invalid', 'min_tls_version', 'min_protocol_version',
    // ring's and aws-lc-rs's key types and signing constants, for the files that import them through a facade module (facades.ts).
    'EcdsaKeyPair', 'RsaKeyPair', 'Ed25519KeyPair', '_ASN1_SIGNING', '_FIXED_SIGNING',
    'max_tls_version', 'max_protocol_version', 'SmallRng', 'seed_from_u64', 'from_seed', 'XorShiftRng', 'Xoshiro', 'Pcg', 'WyRand', 'fastrand', 'StepRng', ...SSH_NAME_KEYWORDS,
    ...['ring', 'rsa', 'des', 'idea', 'rc2', 'rc4', 'cbc', 'ctr', 'ecb', 'ofb', 'ccm', 'eax', 'sm2', 'oqs', 'ecdsa', 'orion'].flatMap((c) => PATH_STARTS.map((p) => `${p}${c}::`)),
  ],
  detect: (file: SourceFile, ctx: DetectContext) => detectRust(file, ctx),
};

