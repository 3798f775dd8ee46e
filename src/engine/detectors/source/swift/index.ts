// Swift source detector (`.swift`): Apple CryptoKit and swift-crypto, CommonCrypto, the Security
// framework's SecKey API, CryptoSwift, and TLS settings of URLSession, Network.framework, SwiftNIO SSL
// and Alamofire. One native query selects a file's candidate calls (by the last name of the callee,
// limited to the names the file's text holds), generic constructors (`HMAC<SHA256>(key:)`), TLS property
// assignments, `&buffer` arguments (buffers written after their creation) and URLSession
// authentication-challenge delegates; handlers resolve arguments through the shared Evaluator (resolve.ts).
import type { SgNode } from '@ast-grep/napi';
import type { Detection } from '../../../inventory/model.js';
import type { DetectContext, Detector, SourceFile } from '../../types.js';
import { kindOf, parseSource } from '../common/languages.js';
import { escapeRegex, namesIn } from '../common/regex.js';
import { DetectionSink } from '../common/sink.js';
import { eachCaseMarked } from '../common/cases.js';
import { CC_CALL_NAMES, commonCryptoCall } from './commoncrypto.js';
import { CRYPTOKIT_CALL_NAMES, cryptoKitCall, rsaExtrasCall } from './cryptokit.js';
import { CRYPTOSWIFT_CALL_NAMES, cryptoSwiftCall } from './cryptoswift.js';
import type { CrossFile } from '../../cross-file.js';
import { STATIC_PROPERTIES, declareSwiftConstants } from './constants.js';
import { SwFile } from './file.js';
import { jwtCall, JWT_CALL_NAMES } from './jwt.js';
import { swiftEvaluator } from './resolve.js';
import { SECURITY_CALL_NAMES, securityCall } from './security.js';
import { callParts, namedKids, pathText, typeName, type SwCall } from './syntax.js';
import { TLS_CALL_NAMES, TLS_PROPERTIES, disableEvaluation, tlsAssignment, tlsCall, trustDelegate } from './tls.js';

export const SWIFT_DETECTOR_ID = 'swift';

const MUTATING_CLOSURES = ['withUnsafeMutableBytes', 'withUnsafeMutableBufferPointer'];
const CALL_NAMES = [...new Set([...CRYPTOKIT_CALL_NAMES, ...CC_CALL_NAMES, ...SECURITY_CALL_NAMES, ...CRYPTOSWIFT_CALL_NAMES, ...TLS_CALL_NAMES, ...JWT_CALL_NAMES, ...MUTATING_CLOSURES])];
const CALL_NAME_SCAN = new RegExp(`\\b(?:${CALL_NAMES.map(escapeRegex).join('|')})\\b`, 'g');
const PROPERTY_SCAN = new RegExp(`\\b(?:${TLS_PROPERTIES.join('|')})\\b`, 'g');

/** Handlers in the order they are asked; each returns whether the call was its. */
const HANDLERS: ReadonlyArray<(f: SwFile, c: SwCall) => boolean> = [commonCryptoCall, securityCall, tlsCall, cryptoKitCall, rsaExtrasCall, cryptoSwiftCall, jwtCall];

/**
 * Modules a file imports (`import CryptoKit`, `@testable import CryptoSwift`, `import struct Foundation.Data` ->
 * Foundation), and the `static` properties of its types (constants.ts), found in the same walk.
 */
function readImports(root: SgNode): { modules: Set<string>; statics: SgNode[] } {
  const modules = new Set<string>();
  const statics: SgNode[] = [];
  for (const d of root.findAll({ rule: { any: [{ kind: 'import_declaration' }, STATIC_PROPERTIES] } })) {
    if (kindOf(d) !== 'import_declaration') {
      statics.push(d);
      continue;
    }
    const id = namedKids(d).find((c) => kindOf(c) === 'identifier');
    const first = id?.text().split('.')[0]?.trim();
    if (first) modules.add(first);
  }
  return { modules, statics };
}

/** Types the file declares (not extensions of others' types). */
function readOwnTypes(root: SgNode, text: string): Set<string> {
  const out = new Set<string>();
  if (!/\b(class|struct|enum|actor|protocol|typealias)\s/.test(text)) return out;
  for (const d of root.findAll({ rule: { any: [{ kind: 'class_declaration' }, { kind: 'protocol_declaration' }, { kind: 'typealias_declaration' }] } })) {
    if (d.children().some((c) => c.text() === 'extension')) continue;
    const name = kindOf(d) === 'typealias_declaration' ? namedKids(d).find((c) => kindOf(c) === 'type_identifier')?.text() : typeName(d);
    if (name) out.add(name);
  }
  return out;
}

export function detectSwift(file: SourceFile, crossFile?: CrossFile): Detection[] {
  const text = file.content.toString('utf8');
  const root = parseSource('swift', text).root();
  const calls = namesIn(text, CALL_NAME_SCAN);
  const props = namesIn(text, PROPERTY_SCAN);
  const rules: Record<string, unknown>[] = [{ kind: 'prefix_expression', regex: '^&' }];
  if (calls.length) {
    const regex = `^(${calls.map(escapeRegex).join('|')})$`;
    rules.push({
      kind: 'call_expression',
      has: {
        any: [
          { kind: 'simple_identifier', regex },
          { kind: 'navigation_expression', has: { kind: 'navigation_suffix', has: { kind: 'simple_identifier', regex } } },
          { kind: 'prefix_expression', has: { kind: 'simple_identifier', regex } },
        ],
      },
    });
    rules.push({ kind: 'constructor_expression', has: { kind: 'user_type', has: { kind: 'type_identifier', regex } } });
  }
  if (props.length) {
    rules.push({ kind: 'assignment', has: { kind: 'directly_assignable_expression', has: { kind: 'navigation_expression', has: { kind: 'navigation_suffix', has: { kind: 'simple_identifier', regex: `^(${props.join('|')})$` } } } } });
  }
  if (text.includes('disableEvaluation')) {
    const name = { kind: 'simple_identifier', regex: '^disableEvaluation$' };
    rules.push({ kind: 'prefix_expression', has: name }, { kind: 'navigation_expression', has: { kind: 'navigation_suffix', has: name } });
  }
  if (text.includes('urlSession')) rules.push({ kind: 'function_declaration', has: { kind: 'simple_identifier', regex: '^urlSession$' } });
  const nodes = root.findAll({ rule: { any: rules } } as Parameters<SgNode['findAll']>[0]);

  // Buffers written after their creation: `&iv` given to a call (SecRandomCopyBytes, CCRandomGenerateBytes, …),
  // `iv.withUnsafeMutableBytes { … }`.
  const mutated: SgNode[] = [];
  const parsed: SwCall[] = [];
  const others: SgNode[] = [];
  for (const n of nodes) {
    const k = kindOf(n);
    if (k === 'prefix_expression' && n.text().startsWith('&')) {
      const operand = n.children()[1];
      if (operand && pathText(operand)) mutated.push(operand);
    } else if (k === 'call_expression' || k === 'constructor_expression') {
      const c = callParts(n);
      if (!c) continue;
      if (MUTATING_CLOSURES.includes(c.name) && c.receiver) {
        if (pathText(c.receiver)) mutated.push(c.receiver);
        continue;
      }
      parsed.push(c);
    } else others.push(n);
  }
  const sink = new DetectionSink(file.path, text, SWIFT_DETECTOR_ID);
  const { modules, statics } = readImports(root);
  const f = new SwFile(swiftEvaluator(root, crossFile), sink, root, modules, readOwnTypes(root, text));
  if (crossFile) declareSwiftConstants(statics, f.ev, crossFile);
  for (const m of mutated) f.markWritten(m);
  // Once per value a helper's parameter takes at the file's calls of the helper (Evaluator.eachCase). A
  // call consumed by an enclosing one (the nonce of a `seal`) is skipped: the consumed ids a run adds
  // are rolled back before the next run of the same call, so every run sees what the first one saw.
  const marks = { consumed: f.consumedIds, sink };
  for (const c of parsed) {
    eachCaseMarked(f.ev, marks, () => {
      if (f.consumed(c.node)) return;
      for (const h of HANDLERS) if (h(f, c)) break;
    });
  }
  for (const n of others) {
    eachCaseMarked(f.ev, marks, () => {
      const k = kindOf(n);
      if (k === 'assignment') tlsAssignment(f, n);
      else if (k === 'function_declaration') trustDelegate(f, n);
      else disableEvaluation(f, n);
    });
  }
  return sink.detections;
}

/**
 * Prefilter: every construct reported needs one of these. CryptoKit, swift-crypto and CryptoSwift are read
 * only in files that import them (`import Crypto` is the start of all three); CommonCrypto functions may
 * come through a bridging header, so they count by name; then the SecKey functions and the TLS settings.
 * `import Vapor` counts too: Vapor 4 re-exports swift-crypto (`@_exported import Crypto` in its Exports.swift),
 * so a Vapor app calls `SHA256.hash(data:)` or `HMAC<SHA256>` with no import of its own.
 */
export const SWIFT_KEYWORDS = [
  'import Crypto', 'import _CryptoExtras', 'CCCrypt', 'CC_MD', 'CC_SHA', 'CCHmac', 'CCKeyDerivationPBKDF',
  'SecKeyCreate', 'SecKeyGeneratePair', 'SecKeyVerifySignature', 'SecKeyCopyKeyExchangeResult',
  'tlsMinimumSupported', 'tlsMaximumSupported', 'TLSVersion', 'certificateVerification', 'sec_protocol_options_set_', 'URLCredential',
  'DisabledTrustEvaluator', 'DisabledEvaluator', 'validateHost', 'disableEvaluation', 'import JWT', 'import SwiftJWT',
  'import Vapor',
] as const;

export const swiftDetector: Detector = {
  id: SWIFT_DETECTOR_ID,
  appliesTo: (path: string) => path.endsWith('.swift'),
  keywords: SWIFT_KEYWORDS,
  crossFile: true,
  detect: (file: SourceFile, ctx: DetectContext) => detectSwift(file, ctx.crossFile),
};
