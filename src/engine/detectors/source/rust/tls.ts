// TLS in Rust: rustls (protocol versions, cipher suites, key-exchange groups, HPKE suites and signature
// schemes by constant, also from rustls 0.24's provider crates; the default versions of a
// `ClientConfig::builder()`; certificate verifiers that accept everything), native-tls/reqwest/hyper-tls/ureq
// builder switches (`danger_accept_invalid_certs(true)`, `min_tls_version(Version::TLS_1_0)`), and the openssl
// crate's SSL builders (`set_verify(SslVerifyMode::NONE)`, `set_min_proto_version(Some(SslVersion::TLS1))`,
// `set_cipher_list("…")`, `set_groups_list("X25519MLKEM768:P-256")`, the Mozilla `SslAcceptor` profiles).
import type { SgNode } from '@ast-grep/napi';
import { parseCipherString } from '../../../detectors/artefacts/tls-config.js';
import { kindOf } from '../common/languages.js';
import { nodeText } from '../common/symbols.js';
import { parseTlsVersion } from '../common/versions.js';
import type { AlgorithmEmit, RsFile, TypeCall } from './file.js';
import { symbolOf } from './rustcrypto.js';

/** rustls's default protocol versions (rustls::DEFAULT_VERSIONS: TLS 1.3 and TLS 1.2). */
const RUSTLS_DEFAULT_VERSIONS = ['1.2', '1.3'];

/**
 * Providers whose protocol versions are known, by canonical path: rustls 0.23's `crypto::ring::default_provider()`
 * and `crypto::aws_lc_rs::default_provider()` (every suite of both versions), rustls 0.24's provider crates'
 * constants (`rustls_aws_lc_rs::DEFAULT_PROVIDER`; `DEFAULT_TLS13_PROVIDER` has no TLS 1.2 suite, and
 * `DEFAULT_TLS12_PROVIDER` no TLS 1.3 one) and rustls-post-quantum's (the aws-lc-rs suites).
 */
function providerVersions(path: string): string[] | undefined {
  if (/^rustls::crypto::(ring|aws_lc_rs)::default_provider$/.test(path) || /^rustls_post_quantum::provider$/.test(path)) return RUSTLS_DEFAULT_VERSIONS;
  const m = /^(rustls_ring|rustls_aws_lc_rs|rustls_post_quantum)::DEFAULT(_FIPS|_TLS13|_TLS12)?_PROVIDER$/.exec(path);
  if (!m) return undefined;
  return m[2] === '_TLS13' ? ['1.3'] : m[2] === '_TLS12' ? ['1.2'] : RUSTLS_DEFAULT_VERSIONS;
}

/** The versions of the provider a node holds (through `Arc::new(…)`, `.into()`, `let`), when it is a known one. */
function knownProvider(f: RsFile, node: SgNode | undefined, hops = 4): string[] | undefined {
  const made = f.origin(node);
  if (!made || hops === 0) return undefined;
  const k = kindOf(made);
  if (k === 'identifier' || k === 'scoped_identifier') {
    for (const p of f.pathsOf(made)) {
      const v = providerVersions(p);
      if (v) return v;
    }
    return undefined;
  }
  if (k !== 'call_expression') return undefined;
  const callee = f.adapter.callee(made);
  const args = made.field('arguments')?.namedChildren().filter((c) => !kindOf(c).endsWith('comment')) ?? [];
  if (/(^|::)Arc::(new|from)$/.test(callee)) return knownProvider(f, args[0], hops - 1);
  const known = providerVersions(callee);
  if (known || callee.includes('::')) return known;
  // `fn default_provider() -> CryptoProvider { crypto::ring::default_provider() }` of this file (one per
  // feature set): followed when every definition returns a provider with the same versions.
  const defs = f.root.findAll({ rule: { kind: 'function_item', has: { field: 'name', regex: `^${callee}$` } } });
  const found = defs.map((d) => {
    const body = d.field('body')?.namedChildren().filter((c) => !kindOf(c).endsWith('comment')) ?? [];
    return body.length === 1 && kindOf(body[0]!) !== 'expression_statement' && kindOf(body[0]!) !== 'let_declaration' ? knownProvider(f, body[0], hops - 1) : undefined;
  });
  return found.length > 0 && found.every((v) => v !== undefined && v.join() === found[0]!.join()) ? found[0] : undefined;
}

/** The method names of the chain a builder call starts (`ClientConfig::builder(p).with_safe_default_protocol_versions()?…`). */
function chainMethods(call: SgNode): string[] {
  const out: string[] = [];
  let cur: SgNode | null = call;
  for (let i = 0; cur && i < 16; i++) {
    const parent: SgNode | null = cur.parent();
    if (!parent || (kindOf(parent) !== 'field_expression' && kindOf(parent) !== 'call_expression' && kindOf(parent) !== 'try_expression')) break;
    if (kindOf(parent) === 'field_expression') out.push(parent.field('field')?.text() ?? '');
    cur = parent;
  }
  return out;
}

/**
 * rustls config builders. Versions are claimed only where the code fixes them:
 * - `ClientConfig::builder()` (rustls 0.22/0.23): rustls's default versions, TLS 1.2 and 1.3, unless the
 *   chain pins others with `with_protocol_versions(…)` (the `version::TLS13` constants are read there).
 * - `builder_with_provider(p)` (0.23): the chain chooses the versions; `with_safe_default_protocol_versions()`
 *   is the defaults, claimed when `p` is a provider whose suites are known to cover them.
 * - `builder(p)` (0.24): the versions are those the provider has suites for: claimed for a known provider only.
 * A provider built in code (`CryptoProvider { tls12_cipher_suites: …, ..DEFAULT_PROVIDER }`) or passed in
 * from elsewhere may restrict them, so nothing is claimed there.
 */
export function rustlsBuilder(f: RsFile, tc: TypeCall): void {
  if (tc.method !== 'builder' && tc.method !== 'builder_with_provider') return;
  const chain = chainMethods(tc.call);
  if (chain.includes('with_protocol_versions')) return;
  let versions: string[] | undefined;
  if (tc.method === 'builder' && tc.args.length === 0) versions = RUSTLS_DEFAULT_VERSIONS;
  else if (tc.method === 'builder') versions = knownProvider(f, tc.args[0]);
  else if (chain.includes('with_safe_default_protocol_versions')) versions = knownProvider(f, tc.args[0]);
  for (const version of versions ?? []) f.protocol(tc.call, symbolOf(tc), { protocolType: 'tls', version });
}

/**
 * rustls constants, from rustls itself (`version::TLS13`, `crypto::ring::cipher_suite::TLS13_AES_256_GCM_SHA384`,
 * `crypto::aws_lc_rs::kx_group::X25519MLKEM768`, `crypto::aws_lc_rs::hpke::DH_KEM_X25519_HKDF_SHA256_AES_128`,
 * `CipherSuite::…`, `NamedGroup::secp384r1`, `SignatureScheme::RSA_PSS_SHA256`) or from rustls 0.24's provider
 * crates, whose modules have the same names (`rustls_aws_lc_rs::kx_group::X25519`). `path` is canonical.
 */
export function rustlsConstant(f: RsFile, node: SgNode, symbol: string, path: string): boolean {
  const segs = path.split('::');
  const name = segs[segs.length - 1]!;
  const owner = segs[segs.length - 2];
  const v = /^TLS1([23])$/.exec(name);
  if (v) {
    f.protocol(node, symbol, { protocolType: 'tls', version: `1.${v[1]}` });
    return true;
  }
  // `with_protocol_versions(rustls::ALL_VERSIONS)`: both of rustls's versions (DEFAULT_VERSIONS is the same pair).
  if (/^(ALL|DEFAULT)_VERSIONS$/.test(name) && (segs.length === 2 || owner === 'rustls')) {
    for (const version of RUSTLS_DEFAULT_VERSIONS) f.protocol(node, symbol, { protocolType: 'tls', version });
    return true;
  }
  // rustls spells the TLS 1.3 suites TLS13_AES_128_GCM_SHA256 (IANA: TLS_AES_128_GCM_SHA256).
  const suite = name.replace(/^TLS13_/, 'TLS_');
  if (/^TLS_[A-Z0-9_]+$/.test(suite) && f.kb.findCipherSuite(suite)) {
    f.protocol(node, symbol, { protocolType: 'tls', cipherSuites: [suite] });
    return true;
  }
  if (owner === 'SignatureScheme') {
    // A scheme checked for (`offered.contains(&SignatureScheme::ED25519)`) is a comparison, as `==` is.
    const scheme = signatureScheme(name);
    if (scheme && !containsArgument(node)) f.algorithm(node, symbol, scheme);
    return scheme !== undefined;
  }
  if (GROUP_NAME.test(name)) {
    // The knowledge base knows the groups by their TLS names, whatever the case (`SECP384R1`, `secp384r1`).
    const group = f.kb.resolveGroup(name);
    if (!group.entry) return false;
    if (!containsArgument(node)) f.algorithm(node, symbol, { spelling: group.name, params: group.params, functions: ['keygen'] });
    return true;
  }
  const hpke = HPKE_SUITE.exec(name);
  if (hpke) {
    hpkeSuite(f, node, symbol, hpke);
    return true;
  }
  return false;
}

/** Key-exchange group names: rustls's `kx_group` constants and the `NamedGroup` variants (TLS's own spellings). */
const GROUP_NAME = /^(X25519|X448|(SECP|secp)(256|384|521)(R1|r1)(MLKEM(768|1024))?|X25519MLKEM768|MLKEM(512|768|1024)|FFDHE\d+|brainpoolP\d+r1tls13|curveSM2)$/;

/** `x.contains(&CONSTANT)`: the constant is looked for, not used. */
function containsArgument(node: SgNode): boolean {
  let cur = node;
  for (let parent = cur.parent(); parent && kindOf(parent) === 'reference_expression'; parent = cur.parent()) cur = parent;
  const args = cur.parent();
  const call = args && kindOf(args) === 'arguments' ? args.parent() : null;
  const fn = call && kindOf(call) === 'call_expression' ? call.field('function') : null;
  return !!fn && kindOf(fn) === 'field_expression' && fn.field('field')?.text() === 'contains';
}

const HASH_OF = (h: string): string => h.replace(/^SHA(\d+)$/, 'SHA-$1');

/**
 * rustls's `SignatureScheme` variants (TLS's SignatureScheme registry): the signature algorithm each names.
 * Where a scheme is listed (`supported_verify_schemes`, `choose_scheme(&[…])`, a key's `scheme()`), the
 * detector cannot tell signing from verifying, so no function is given. `ECDSA_SHA1_Legacy` fixes no curve.
 */
function signatureScheme(name: string): AlgorithmEmit | undefined {
  let m: RegExpExecArray | null;
  if ((m = /^RSA_(PKCS1|PSS)_(SHA\d+)$/.exec(name))) return { spelling: m[1] === 'PSS' ? 'RSASSA-PSS' : 'RSASSA-PKCS1-v1_5', params: { hash: HASH_OF(m[2]!) } };
  if (name === 'ECDSA_SHA1_Legacy') return { spelling: 'ECDSA', params: { hash: 'SHA-1' }, unresolved: ['curve'] };
  if ((m = /^ECDSA_NISTP(256|384|521)_(SHA\d+)$/.exec(name))) return { spelling: 'ECDSA', params: { curve: `P-${m[1]}`, hash: HASH_OF(m[2]!) } };
  if ((m = /^ECDSA_BRAINPOOLP(256|384|512)R1TLS13_(SHA\d+)$/.exec(name))) return { spelling: 'ECDSA', params: { curve: `brainpoolP${m[1]}r1`, hash: HASH_OF(m[2]!) } };
  if (name === 'ED25519' || name === 'ED448') return { spelling: name === 'ED25519' ? 'Ed25519' : 'Ed448' };
  if ((m = /^ML_DSA_(44|65|87)$/.exec(name))) return { spelling: 'ML-DSA', params: { parameterSet: m[1] } };
  if (name === 'SM2_SM3') return { spelling: 'SM2', params: { hash: 'SM3' } };
  return undefined;
}

/** rustls's HPKE suites (`hpke::DH_KEM_P256_HKDF_SHA256_AES_128`, RFC 9180): the KEM, the KDF and the AEAD. */
const HPKE_SUITE = /^DH_KEM_(P256|P384|P521|X25519)_HKDF_(SHA\d+)_(AES_128|AES_256|CHACHA20_POLY1305)$/;

/** Each part of an HPKE suite is an asset at the constant, as CryptoKit's `HPKE.Ciphersuite` and CIRCL's suite identifiers are. */
function hpkeSuite(f: RsFile, node: SgNode, symbol: string, m: RegExpExecArray): void {
  const kem: AlgorithmEmit = m[1] === 'X25519' ? { spelling: 'X25519' } : { spelling: 'ECDH', params: { curve: `P-${m[1]!.slice(1)}` } };
  f.algorithm(node, symbol, { ...kem, functions: ['encapsulate'] });
  f.algorithm(node, symbol, { spelling: 'HKDF', params: { hash: HASH_OF(m[2]!) }, functions: ['keyderive'] });
  const aead: AlgorithmEmit = m[3] === 'CHACHA20_POLY1305' ? { spelling: 'ChaCha20-Poly1305' } : { spelling: 'AES', params: { keySize: Number(m[3]!.slice(4)), mode: 'GCM' } };
  f.algorithm(node, symbol, { ...aead, functions: ['encrypt'] });
}

/**
 * rust-openssl's `SslAcceptor` builders after Mozilla's Server Side TLS recommendations (openssl/src/ssl/
 * connector.rs): the protocol versions each leaves on (SSL 2 and 3 are off in all), the suites it sets
 * (OpenSSL names for TLS 1.2 and below, IANA names for TLS 1.3) and the finite-field group of its DHE suites
 * (`set_tmp_dh` with RFC 7919's ffdhe2048). The v4 profiles only switch TLS 1.3 off, so `mozilla_intermediate`
 * still allows TLS 1.0 and 1.1 with 3DES suites; `SslConnector` has no such profile.
 */
interface AcceptorProfile { versions: string[]; suites: string[]; groups?: string[] }
const TLS13_SUITES = ['TLS_AES_128_GCM_SHA256', 'TLS_AES_256_GCM_SHA384', 'TLS_CHACHA20_POLY1305_SHA256'];
const V5_INTERMEDIATE_SUITES = [
  'ECDHE-ECDSA-AES128-GCM-SHA256', 'ECDHE-RSA-AES128-GCM-SHA256', 'ECDHE-ECDSA-AES256-GCM-SHA384', 'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305', 'ECDHE-RSA-CHACHA20-POLY1305', 'DHE-RSA-AES128-GCM-SHA256', 'DHE-RSA-AES256-GCM-SHA384',
];
const ACCEPTOR_PROFILES: Readonly<Record<string, AcceptorProfile>> = {
  mozilla_modern_v5: { versions: ['1.3'], suites: TLS13_SUITES },
  mozilla_intermediate_v5: { versions: ['1.2', '1.3'], suites: [...V5_INTERMEDIATE_SUITES, ...TLS13_SUITES], groups: ['ffdhe2048'] },
  mozilla_modern: {
    versions: ['1.2'],
    suites: [
      'ECDHE-ECDSA-AES256-GCM-SHA384', 'ECDHE-RSA-AES256-GCM-SHA384', 'ECDHE-ECDSA-CHACHA20-POLY1305', 'ECDHE-RSA-CHACHA20-POLY1305',
      'ECDHE-ECDSA-AES128-GCM-SHA256', 'ECDHE-RSA-AES128-GCM-SHA256', 'ECDHE-ECDSA-AES256-SHA384', 'ECDHE-RSA-AES256-SHA384',
      'ECDHE-ECDSA-AES128-SHA256', 'ECDHE-RSA-AES128-SHA256',
    ],
  },
  mozilla_intermediate: {
    versions: ['1.0', '1.1', '1.2'],
    suites: [
      'ECDHE-ECDSA-CHACHA20-POLY1305', 'ECDHE-RSA-CHACHA20-POLY1305', 'ECDHE-ECDSA-AES128-GCM-SHA256', 'ECDHE-RSA-AES128-GCM-SHA256',
      'ECDHE-ECDSA-AES256-GCM-SHA384', 'ECDHE-RSA-AES256-GCM-SHA384', 'DHE-RSA-AES128-GCM-SHA256', 'DHE-RSA-AES256-GCM-SHA384',
      'ECDHE-ECDSA-AES128-SHA256', 'ECDHE-RSA-AES128-SHA256', 'ECDHE-ECDSA-AES128-SHA', 'ECDHE-RSA-AES256-SHA384', 'ECDHE-RSA-AES128-SHA',
      'ECDHE-ECDSA-AES256-SHA384', 'ECDHE-ECDSA-AES256-SHA', 'ECDHE-RSA-AES256-SHA', 'DHE-RSA-AES128-SHA256', 'DHE-RSA-AES128-SHA',
      'DHE-RSA-AES256-SHA256', 'DHE-RSA-AES256-SHA', 'ECDHE-ECDSA-DES-CBC3-SHA', 'ECDHE-RSA-DES-CBC3-SHA', 'EDH-RSA-DES-CBC3-SHA',
      'AES128-GCM-SHA256', 'AES256-GCM-SHA384', 'AES128-SHA256', 'AES256-SHA256', 'AES128-SHA', 'AES256-SHA', 'DES-CBC3-SHA',
    ],
    groups: ['ffdhe2048'],
  },
};

/**
 * `SslAcceptor::mozilla_intermediate_v5(SslMethod::tls())`: one TLS protocol per version the profile allows,
 * each with the profile's suites that version can negotiate (the knowledge base's versions of each suite, as
 * the server-configuration reader does) and, below TLS 1.3, the DHE group. TLS 1.0 and 1.1 are also an
 * `insecure-protocol-version` signal. Settings the code changes on the builder afterwards
 * (`set_min_proto_version`, `set_cipher_list`) are read where they are written.
 */
export function opensslAcceptor(f: RsFile, tc: TypeCall): void {
  const profile = ACCEPTOR_PROFILES[tc.method];
  if (!profile) return;
  const symbol = symbolOf(tc);
  for (const version of profile.versions) {
    const suites = profile.suites.filter((s) => f.kb.findCipherSuite(s)?.versions.includes(version));
    const groups = version !== '1.3' ? profile.groups ?? [] : [];
    f.protocol(tc.call, symbol, { protocolType: 'tls', version, cipherSuites: suites, ...(groups.length ? { groups } : {}) });
    if (version === '1.0' || version === '1.1') f.signal(tc.call, symbol, 'insecure-protocol-version', `${tc.method} (Mozilla's v4 profile) allows TLS ${version}`);
  }
}

/**
 * `fn verify_server_cert(…) -> Result<ServerCertVerified, Error> { Ok(ServerCertVerified::assertion()) }`
 * (and the client-certificate twin): a verifier whose whole body accepts, so the peer is never checked.
 */
export function acceptingVerifier(f: RsFile, fn: SgNode): void {
  const body = fn.field('body');
  if (!body) return;
  const stmts = body.namedChildren().filter((c) => !kindOf(c).endsWith('comment'));
  if (stmts.length !== 1) return;
  const only = stmts[0]!;
  const expr = kindOf(only) === 'expression_statement' ? only.namedChildren()[0] : kindOf(only) === 'return_expression' ? only : only;
  const text = (expr ? nodeText(expr) : '').replace(/\s+/g, '').replace(/^return/, '').replace(/;$/, '');
  const name = fn.field('name')?.text() ?? 'verify_server_cert';
  if (name === 'verify_identity') {
    // rustls 0.24: `impl ServerVerifier for X { fn verify_identity(…) { Ok(VerifiedIdentity::assertion(…)) } }`.
    const impl = fn.parent()?.parent();
    const trait = impl && kindOf(impl) === 'impl_item' ? impl.field('trait')?.text().split('::').pop() : undefined;
    if (trait !== 'ServerVerifier' && trait !== 'ClientVerifier') return;
    if (!/^Ok\(([\w:]+::)?VerifiedIdentity::assertion\([^()]*(\([^()]*\))?[^()]*\)\)$/.test(text)) return;
  } else if (!/^Ok\(([\w:]+::)?(ServerCertVerified|ClientCertVerified)::assertion\(\)\)$/.test(text)) return;
  f.signal(fn, name, 'cert-verification-disabled', `${name} accepts every certificate without checking it`);
}

/** Builder switches of native-tls, reqwest, hyper-tls, ureq, tokio-native-tls and the openssl crate, by method name. */
export function tlsMethod(f: RsFile, call: SgNode, method: string, args: SgNode[]): void {
  switch (method) {
    case 'danger_accept_invalid_certs':
      if (f.bool(args[0]) === true) f.signal(call, method, 'cert-verification-disabled', 'danger_accept_invalid_certs(true) accepts any server certificate');
      return;
    case 'danger_accept_invalid_hostnames':
      if (f.bool(args[0]) === true) f.signal(call, method, 'hostname-verification-disabled', 'danger_accept_invalid_hostnames(true) accepts a certificate for any host name');
      return;
    case 'verify_hostname':
    case 'set_verify_hostname':
      if (f.bool(args[0]) === false) f.signal(call, method, 'hostname-verification-disabled', `${method}(false) accepts a certificate for any host name`);
      return;
    case 'set_verify': {
      const v = f.value(args[0]);
      if (v.kind === 'member' && /SslVerifyMode::NONE$/.test(v.path) && !serverSide(call)) {
        f.signal(call, method, 'cert-verification-disabled', 'SslVerifyMode::NONE: the peer certificate is not verified');
      }
      return;
    }
    case 'min_tls_version':
    case 'min_protocol_version':
    case 'set_min_proto_version':
    case 'max_tls_version':
    case 'max_protocol_version':
    case 'set_max_proto_version': {
      const v = f.value(args[0]);
      if (v.kind !== 'member') return;
      const parsed = parseTlsVersion(v.path.split('::').pop()!.replace(/^TLS_(\d)_(\d)$/, 'TLSv$1.$2').replace(/^Tlsv1(\d)$/, 'TLSv1.$1').replace(/^Tlsv10$/, 'TLSv1.0'));
      if (!parsed) return;
      const min = method.startsWith('min') || method === 'set_min_proto_version';
      if (min) f.protocol(call, method, { protocolType: 'tls', version: parsed.version });
      if (parsed.insecure) f.signal(call, method, 'insecure-protocol-version', `${method} ${min ? 'allows' : 'caps the protocol at'} ${parsed.version.startsWith('SSL') ? parsed.version : `TLS ${parsed.version}`}`);
      return;
    }
    case 'set_groups_list':
    case 'set_curves_list': {
      // `set_groups_list("X25519MLKEM768:P-384")` (OpenSSL's SSL_CTX_set1_groups_list): the key-exchange groups offered, as the C detector reads them.
      const list = f.str(args[0]);
      if (list === undefined) return;
      const groups = list.split(/[:,\s]+/).map((g) => g.replace(/^\?/, '')).filter((g) => g !== '' && !/^(auto|default)$/i.test(g));
      if (groups.length) f.protocol(call, method, { protocolType: 'tls', groups });
      return;
    }
    case 'set_cipher_list':
    case 'set_ciphersuites': {
      const list = f.str(args[0]);
      if (list === undefined) return;
      f.protocol(call, method, { protocolType: 'tls', cipherSuites: parseCipherString(list, f.kb).suites });
      return;
    }
    default:
      return;
  }
}

/** An acceptor (server) builder: NONE there means "do not ask clients for a certificate", not "trust anyone". */
function serverSide(call: SgNode): boolean {
  let fn: SgNode | null = call;
  for (let i = 0; fn && i < 40 && kindOf(fn) !== 'function_item'; i++) fn = fn.parent();
  return !!fn && /SslAcceptor|\baccept\(|TlsAcceptor|server/i.test(nodeText(fn).slice(0, 20000));
}
