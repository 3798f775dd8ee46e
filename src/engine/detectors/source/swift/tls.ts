// TLS in Swift: URLSession and Network.framework protocol bounds (`tlsMinimumSupportedProtocolVersion =
// .TLSv10`, `sec_protocol_options_set_min_tls_protocol_version(opts, .TLSv11)`), SwiftNIO SSL's
// `TLSConfiguration` (`minimumTLSVersion`, `certificateVerification = .none`), URLSession delegates that
// trust every server (`completionHandler(.useCredential, URLCredential(trust: serverTrust))` with no trust
// evaluation in the method), Network.framework verify blocks that accept everything, and Alamofire's
// `DisabledTrustEvaluator` and evaluators with `validateHost: false`.
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';
import { parseTlsVersion } from '../common/versions.js';
import type { SwFile } from './file.js';
import { arg, callParts, functionName, namedKids, pathText, suffixName, type SwCall } from './syntax.js';

/** Swift spellings of protocol versions -> the shared table's. */
const VERSIONS: Readonly<Record<string, string>> = {
  TLSv10: 'TLSv1', TLSv11: 'TLSv1.1', TLSv12: 'TLSv1.2', TLSv13: 'TLSv1.3',
  tlsProtocol1: 'TLSv1', tlsProtocol11: 'TLSv1.1', tlsProtocol12: 'TLSv1.2', tlsProtocol13: 'TLSv1.3', sslProtocol3: 'SSLv3', sslProtocol2: 'SSLv2',
  kTLSProtocol1: 'TLSv1', kTLSProtocol11: 'TLSv1.1', kTLSProtocol12: 'TLSv1.2', kTLSProtocol13: 'TLSv1.3', kSSLProtocol3: 'SSLv3', kSSLProtocol2: 'SSLv2',
  tlsv1: 'TLSv1', tlsv11: 'TLSv1.1', tlsv12: 'TLSv1.2', tlsv13: 'TLSv1.3',
};

/** Properties and labels that bound the protocol version (URLSessionConfiguration, NIOSSL TLSConfiguration). */
const MIN_NAMES = new Set(['tlsMinimumSupportedProtocolVersion', 'tlsMinimumSupportedProtocol', 'minimumTLSVersion']);
const MAX_NAMES = new Set(['tlsMaximumSupportedProtocolVersion', 'tlsMaximumSupportedProtocol', 'maximumTLSVersion']);
export const TLS_PROPERTIES = [...MIN_NAMES, ...MAX_NAMES, 'certificateVerification'];
/**
 * Alamofire's evaluators that take `validateHost:` (5: the evaluator classes and their `ServerTrustEvaluating`
 * factories `.pinnedCertificates(…)`, `.publicKeys(…)`, `.revocationChecking(…)`; 4: the `ServerTrustPolicy`
 * cases `.performDefaultEvaluation(validateHost:)`, `.pinCertificates(…)`, `.pinPublicKeys(…)`,
 * `.performRevokedEvaluation(…)`). `validateHost: false` accepts a valid certificate of any host.
 */
const HOST_VALIDATING = new Set([
  'DefaultTrustEvaluator', 'RevocationTrustEvaluator', 'PinnedCertificatesTrustEvaluator', 'PublicKeysTrustEvaluator',
  'revocationChecking', 'pinnedCertificates', 'publicKeys', 'performDefaultEvaluation', 'pinCertificates', 'pinPublicKeys', 'performRevokedEvaluation',
]);
export const TLS_CALL_NAMES = ['sec_protocol_options_set_min_tls_protocol_version', 'sec_protocol_options_set_max_tls_protocol_version',
  'sec_protocol_options_set_verify_block', 'DisabledTrustEvaluator', 'DisabledEvaluator', 'forClient', 'forServer', 'makeClientConfiguration', 'makeServerConfiguration',
  ...HOST_VALIDATING];

function version(f: SwFile, node: SgNode | undefined): string | undefined {
  if (!node) return undefined;
  const v = f.value(node);
  const name = v.kind === 'member' ? v.path.split('.').pop()! : (pathText(node) ?? '').split('.').pop()!;
  return VERSIONS[name];
}

function bound(f: SwFile, site: SgNode, symbol: string, node: SgNode | undefined, min: boolean): void {
  const spelling = version(f, node);
  const v = spelling ? parseTlsVersion(spelling) : undefined;
  if (!v) return;
  f.protocol(site, symbol, { protocolType: 'tls', version: v.version });
  if (v.insecure) f.signal(site, symbol, 'insecure-protocol-version', `${min ? 'minimum' : 'maximum'} protocol version ${spelling}`);
}

/**
 * A server's configuration (`TLSConfiguration.makeServerConfiguration(…)`, `.forServer(…)`): there
 * `certificateVerification` is about client certificates. `.none` (NIOSSL's documented server default) means
 * no client certificate is asked for, and `.noHostnameVerification` checks client certificates without a
 * host name; neither leaves a server unauthenticated, so neither is a finding.
 */
const SERVER_FACTORIES = /(?:^|\.)(?:makeServerConfiguration|forServer)$/;

function serverConfiguration(f: SwFile, receiver: SgNode | undefined): boolean {
  // Unwrap `try`, `!` and parentheses around the initializer, then read its callee.
  let init = receiver ? f.ev.bindingOf(receiver)?.value ?? undefined : undefined;
  for (let i = 0; init && i < 4 && kindOf(init) !== 'call_expression'; i++) {
    const kids = namedKids(init);
    init = kids.length === 1 || kindOf(init) === 'try_expression' ? kids[kids.length - 1] : undefined;
  }
  const call = init && kindOf(init) === 'call_expression' ? callParts(init) : undefined;
  return !!call && SERVER_FACTORIES.test(call.path);
}

function verification(f: SwFile, site: SgNode, symbol: string, node: SgNode, server = false): void {
  if (server) return;
  const v = f.value(node);
  const name = v.kind === 'member' ? v.path.split('.').pop() : undefined;
  if (name === 'none') f.signal(site, symbol, 'cert-verification-disabled', 'certificateVerification = .none: no certificate is checked');
  else if (name === 'noHostnameVerification') f.signal(site, symbol, 'hostname-verification-disabled', 'certificateVerification = .noHostnameVerification');
}

/** `config.tlsMinimumSupportedProtocolVersion = .TLSv10`, `tls.certificateVerification = .none`. */
export function tlsAssignment(f: SwFile, node: SgNode): void {
  const target = namedKids(node)[0];
  const nav = target ? namedKids(target)[0] : undefined;
  if (!nav || kindOf(nav) !== 'navigation_expression') return;
  const suffix = namedKids(nav)[1];
  const prop = suffix ? suffixName(suffix) : undefined;
  const value = namedKids(node)[1];
  if (!prop || !value || node.children().find((c) => !c.isNamed())?.text() !== '=') return;
  if (MIN_NAMES.has(prop)) bound(f, node, prop, value, true);
  else if (MAX_NAMES.has(prop)) bound(f, node, prop, value, false);
  else if (prop === 'certificateVerification') verification(f, node, prop, value, serverConfiguration(f, namedKids(nav)[0]));
}

export function tlsCall(f: SwFile, call: SwCall): boolean {
  const node = call.node;
  switch (call.name) {
    case 'sec_protocol_options_set_min_tls_protocol_version':
    case 'sec_protocol_options_set_max_tls_protocol_version':
      bound(f, node, call.name, call.args[1]?.expr, call.name.includes('_min_'));
      return true;
    case 'sec_protocol_options_set_verify_block': {
      const block = call.args[1]?.expr;
      if (block && kindOf(block) === 'lambda_literal' && acceptsAll(block)) f.signal(node, call.name, 'cert-verification-disabled', 'verify block completes with true for every peer');
      return true;
    }
    case 'DisabledTrustEvaluator':
    case 'DisabledEvaluator':
      if (call.args.length === 0) f.signal(node, call.name, 'cert-verification-disabled', `Alamofire ${call.name}: server trust is not evaluated`);
      return true;
    default: {
      if (HOST_VALIDATING.has(call.name)) {
        const vh = arg(call, 'validateHost');
        if (!vh) return false;
        const v = f.value(vh);
        // Only a `false` the file writes or passes: a forwarded parameter (`validateHost: validateHost` in a wrapper) is unknown.
        if (v.kind === 'bool' && !v.value) f.signal(node, `${call.name}(validateHost:)`, 'hostname-verification-disabled', `Alamofire ${call.name} with validateHost: false: the certificate is not checked against the host`);
        return true;
      }
      // NIOSSL `TLSConfiguration.forClient(minimumTLSVersion: .tlsv1, certificateVerification: .none)` and the `make…` forms.
      if (!/TLSConfiguration$/.test(call.path.replace(/\.\w+$/, ''))) return false;
      const min = arg(call, 'minimumTLSVersion');
      const max = arg(call, 'maximumTLSVersion');
      const cv = arg(call, 'certificateVerification');
      if (min) bound(f, node, `${call.path}(minimumTLSVersion:)`, min, true);
      if (max) bound(f, node, `${call.path}(maximumTLSVersion:)`, max, false);
      if (cv) verification(f, node, call.path, cv, SERVER_FACTORIES.test(call.path));
      return true;
    }
  }
}

/** A closure whose only statement completes with `true` (`{ _, _, complete in complete(true) }`). */
function acceptsAll(lambda: SgNode): boolean {
  const stmts = namedKids(lambda).find((c) => kindOf(c) === 'statements');
  const list = stmts ? namedKids(stmts) : [];
  if (list.length !== 1) return false;
  const c = callParts(list[0]!);
  return c !== undefined && c.args.length === 1 && c.args[0]!.expr.text() === 'true';
}

/** Calls in a delegate method that evaluate or check the server's trust (directly or through a helper of the project). */
const EVALUATES = /SecTrustEvaluate|SecTrustSetAnchorCertificates|SecTrustGetCertificate|SecTrustCopyCertificateChain|SecTrustCopyPublicKey|SecTrustCopyKey|evaluat|validat|verif|pin|check|trust(ed|s)?\(/i;

/**
 * `urlSession(_:didReceive:completionHandler:)` (session or task delegate) that hands the server's trust back
 * as a credential without evaluating it: every server certificate is accepted. Not reported when anything in
 * the method evaluates or checks the trust (SecTrustEvaluateWithError, a pinning helper, a comparison of the
 * certificate), since the credential is then given only to servers that passed.
 */
export function trustDelegate(f: SwFile, fn: SgNode): void {
  if (functionName(fn) !== 'urlSession') return;
  const labels = namedKids(fn).filter((c) => kindOf(c) === 'parameter').map((p) => namedKids(p).find((c) => kindOf(c) === 'simple_identifier')?.text());
  if (!labels.includes('didReceive') || !labels.includes('completionHandler')) return;
  const body = namedKids(fn).find((c) => kindOf(c) === 'function_body');
  if (!body) return;
  const calls = body.findAll({ rule: { kind: 'call_expression' } }).map((c) => callParts(c)).filter((c): c is SwCall => c !== undefined);
  const handler = calls.find((c) => c.path === 'completionHandler' && c.args.length === 2 && useCredential(c.args[0]!.expr) && trustCredential(f, c.args[1]!.expr));
  if (!handler) return;
  for (const c of calls) {
    if (c === handler) continue;
    const name = c.path || c.name;
    if (EVALUATES.test(name) || EVALUATES.test(`${name}(`)) return;
    // `pinned.contains(key)`, `cert.elementsEqual(pinned)`: pinning written inline (a host allow-list is not a check of the certificate).
    if ((c.name === 'contains' || c.name === 'elementsEqual') && !/\.host\b/.test(c.node.text())) return;
  }
  // A comparison other than of the authentication method or the host (certificate data, a public key) checks the server.
  for (const cmp of body.findAll({ rule: { kind: 'equality_expression' } })) {
    const t = cmp.text();
    if (!t.includes('authenticationMethod') && !/\.host\b/.test(t)) return;
  }
  f.signal(handler.node, 'URLSessionDelegate.urlSession(_:didReceive:completionHandler:)', 'cert-verification-disabled', 'server trust used as a credential without evaluation');
}

function useCredential(node: SgNode): boolean {
  return /(^|\.)useCredential$/.test(pathText(node) ?? '');
}

function trustCredential(f: SwFile, node: SgNode): boolean {
  const c = f.originCall(node);
  return c !== undefined && c.path === 'URLCredential' && arg(c, 'trust') !== undefined;
}

/**
 * Alamofire 4's `ServerTrustPolicy.disableEvaluation` (`["host": .disableEvaluation]`): every server trust is
 * accepted. Read where the file imports Alamofire or names the type; a `case .disableEvaluation:` is a
 * pattern and a comparison (`policy == .disableEvaluation`) a test, neither a use.
 */
export function disableEvaluation(f: SwFile, node: SgNode): void {
  const parent = node.parent();
  if (parent && /^(equality_expression|pattern)$/.test(kindOf(parent))) return;
  const written = kindOf(node) === 'navigation_expression' ? (pathText(node) ?? '') : '';
  if (!f.imports.has('Alamofire') && !/(^|\.)ServerTrustPolicy\.disableEvaluation$/.test(written)) return;
  f.signal(node, 'ServerTrustPolicy.disableEvaluation', 'cert-verification-disabled', 'Alamofire ServerTrustPolicy.disableEvaluation: server trust is not evaluated');
}
