// Kotlin source detector (`.kt`, `.kts`): the JCA/JCE and JSSE calls Android apps and Ktor/Spring
// services make in Kotlin syntax (no `new`, named arguments, `val`/`var`, string templates, scope
// functions, `object :` expressions), the Android Keystore's KeyGenParameterSpec, OkHttp's TLS
// settings, Netty's TLS builders, trust-all managers and verifiers, Auth0 java-jwt, jjwt and Tink. One native query
// selects a file's calls, the `checkServerTrusted`/`verify` overrides, TLS property assignments and
// library constants; handlers resolve arguments through the shared Evaluator (resolve.ts).
import type { SgNode } from '@ast-grep/napi';
import type { Detection } from '../../../inventory/model.js';
import type { DetectContext, Detector, SourceFile } from '../../types.js';
import { kindOf, parseSource } from '../common/languages.js';
import { DetectionSink } from '../common/sink.js';
import { eachCaseMarked } from '../common/cases.js';
import type { CrossFile } from '../../cross-file.js';
import { SHARED_PROPERTIES, declareKotlinConstants, type KtImports } from './constants.js';
import { KtFile } from './file.js';
import { JCA_FACTORIES, SECRET_SPECS, handleGetInstance, handleSpec } from './jca.js';
import { AUTH0_METHOD, JJWT_CONSTANT, KTOR_TRANSFORMERS, TINK_CONSTANT, XMLDSIG_CONSTANT, handleAuth0, handleJjwtConstant, handleJjwtSecret, handleKtorSession, handleTinkConstant, handleTinkGet, handleXmlDsigConstant } from './libraries.js';
import { XMLDSIG_KEYWORDS } from '../common/xmldsig.js';
import { KTOR_CERTIFICATES_KEYWORD, KTOR_CERTIFICATE_CALLS, handleKtorCertificate } from './ktor-certificates.js';
import { INSECURE_TRUST, NETTY_BUILDER_METHODS, NETTY_KEYWORDS, handleInsecureTrustManager, handleNettyBuilderCall, handleSelfSignedCertificate, usesNettyBuilder } from './netty.js';
import { kotlinEvaluator } from './resolve.js';
import { callParts, namedKids, type KtCall } from './syntax.js';
import { OVERRIDDEN_CHECKS, TLS_METHODS, handleFunctionDeclaration, handleTlsAssignment, handleTlsCall, handleWeakRandom } from './tls.js';

export const KOTLIN_DETECTOR_ID = 'kotlin';

/** Calls that write into a byte-array argument (the array is then not a constant): the argument's index. */
const MUTATORS: Readonly<Record<string, number>> = { nextBytes: 0, read: 0, readFully: 0, fill: 0, get: 0, copyInto: 0, arraycopy: 2, engineNextBytes: 0 };

/**
 * The package, simple imports (name or alias -> path) and star-imported packages, and the properties
 * that may be constants of other files (constants.ts): one query.
 */
function readImports(root: SgNode): KtImports & { names: Map<string, string>; stars: string[]; properties: SgNode[] } {
  const names = new Map<string, string>();
  const stars: string[] = [];
  const properties: SgNode[] = [];
  let pkg: string | undefined;
  for (const h of root.findAll({ rule: { any: [{ kind: 'import_header' }, { kind: 'package_header' }, SHARED_PROPERTIES] } })) {
    if (kindOf(h) === 'property_declaration') {
      properties.push(h);
      continue;
    }
    const id = namedKids(h).find((c) => kindOf(c) === 'identifier');
    if (!id) continue;
    const path = id.text().replace(/\s+/g, '');
    if (kindOf(h) === 'package_header') {
      pkg = path;
      continue;
    }
    if (h.text().includes('.*')) {
      stars.push(path);
      continue;
    }
    const alias = namedKids(h).find((c) => kindOf(c) === 'import_alias');
    const local = alias ? (namedKids(alias)[0]?.text() ?? '') : path.split('.').pop()!;
    names.set(local, path);
  }
  return { names, stars, properties, ...(pkg !== undefined ? { pkg } : {}) };
}

/**
 * Names of the calls the detector lists (`KtFile` indexes them for linking, the loops below dispatch on
 * them): the handlers', the array mutators', and those `KtFile.linked` follows. Calls met another way
 * (an `origin`, a builder chain, a scope function's receiver) are taken apart where they are met.
 */
const LISTED_NAMES = [
  'getInstance', ...SECRET_SPECS, ...TLS_METHODS, 'nextBytes', 'signWith', 'setSigningKey', 'get', ...Object.keys(MUTATORS),
  'init', 'initialize', 'initSign', 'initVerify', 'generateSecret', 'generatePublic', ...KTOR_TRANSFORMERS, ...NETTY_BUILDER_METHODS, 'SelfSignedCertificate',
  ...KTOR_CERTIFICATE_CALLS,
];
const AUTH0_NAMES = AUTH0_METHOD.source.slice(1, -1);
const LISTED_CALLS = `^(${[...new Set(LISTED_NAMES)].join('|')}|${AUTH0_NAMES})$`;
const LISTED_SUFFIX = `^\\??\\.\\s*(${[...new Set(LISTED_NAMES)].join('|')}|${AUTH0_NAMES})$`;

/** JJWT_CONSTANT and INSECURE_TRUST as JS tests, compiled once (the native rule takes the source). */
const JJWT_CONSTANT_RE = new RegExp(JJWT_CONSTANT);
const INSECURE_TRUST_RE = new RegExp(INSECURE_TRUST);
const XMLDSIG_CONSTANT_RE = new RegExp(XMLDSIG_CONSTANT);

/** mockk's stubbing and verification blocks (`every { Cipher.getInstance(any()) } returns mock`): a test double, not a use. */
const MOCK_BLOCKS = new Set(['every', 'coEvery', 'verify', 'coVerify', 'verifyOrder', 'verifySequence', 'excludeRecords']);
// Each getInstance used to walk all its ancestors and take apart every enclosing call, so 2,000 nested
// `Cipher.getInstance(Cipher.getInstance(…))` (hostile input) cost minutes. Now a call outside every mock
// block's range is no stub without a walk (one native query a file finds the blocks), and the walk's
// verdict is memoised per ancestor (by node id, for one file), so each node is looked at once.
interface MockBlocks {
  ranges: Array<[number, number]>;
  memo: Map<number, boolean>;
}
function mockBlocks(root: SgNode, text: string): MockBlocks {
  const ranges: Array<[number, number]> = [];
  if (![...MOCK_BLOCKS].some((n) => text.includes(n))) return { ranges, memo: new Map() };
  for (const n of root.findAll({ rule: { kind: 'call_expression', has: { kind: 'simple_identifier', regex: `^(${[...MOCK_BLOCKS].join('|')})$` } } })) {
    const r = n.range();
    ranges.push([r.start.index, r.end.index]);
  }
  return { ranges, memo: new Map() };
}
function mockStub(node: SgNode, blocks: MockBlocks): boolean {
  const at = node.range();
  if (!blocks.ranges.some(([s, e]) => s <= at.start.index && at.end.index <= e)) return false;
  const memo = blocks.memo;
  const walked: number[] = [];
  let verdict = false;
  for (let a = node.parent(); a; a = a.parent()) {
    const known = memo.get(a.id());
    if (known !== undefined) {
      verdict = known;
      break;
    }
    walked.push(a.id());
    const k = kindOf(a);
    if (k === 'function_declaration' || k === 'class_body') break;
    if (k === 'call_expression') {
      const c = callParts(a);
      if (c && !c.receiver && c.lambda && MOCK_BLOCKS.has(c.name)) {
        verdict = true;
        break;
      }
    }
  }
  // Every node walked reaches the same deciding ancestor (or the root) first.
  for (const id of walked) memo.set(id, verdict);
  return verdict;
}

export function detectKotlin(file: SourceFile, crossFile?: CrossFile): Detection[] {
  const text = file.content.toString('utf8');
  const root = parseSource('kotlin', text).root();
  const imports = readImports(root);
  const { names, stars } = imports;
  const ownTypes = new Set(root.findAll({ rule: { any: [{ kind: 'class_declaration' }, { kind: 'object_declaration' }] } })
    .map((d) => namedKids(d).find((c) => kindOf(c) === 'type_identifier')?.text()).filter((n): n is string => !!n));
  const nodes = root.findAll({
    rule: {
      any: [
        // Only the calls some handler or link reads by name; the rest of a file's calls (`filter { … }`,
        // `trim()`, ~280 a file on the benchmark tree) would each cost several native calls to take apart.
        {
          kind: 'call_expression',
          has: {
            any: [
              { kind: 'simple_identifier', regex: LISTED_CALLS },
              { kind: 'navigation_expression', has: { kind: 'navigation_suffix', regex: LISTED_SUFFIX } },
            ],
          },
        },
        { kind: 'function_declaration', has: { kind: 'simple_identifier', regex: `^(${OVERRIDDEN_CHECKS.join('|')})$` } },
        { kind: 'assignment', regex: '(enabledProtocols|enabledCipherSuites|ostnameVerifier)\\s*[+]?=' },
        { kind: 'navigation_expression', regex: `${JJWT_CONSTANT}|${TINK_CONSTANT}|${INSECURE_TRUST}|${XMLDSIG_CONSTANT}` },
      ],
    },
  });
  const calls: KtCall[] = [];
  const others: SgNode[] = [];
  for (const n of nodes) {
    if (kindOf(n) === 'call_expression') {
      const c = callParts(n);
      if (c) calls.push(c);
    } else others.push(n);
  }
  const sink = new DetectionSink(file.path, text, KOTLIN_DETECTOR_ID);
  const f = new KtFile(root, kotlinEvaluator(root, crossFile, imports), sink, names, stars, ownTypes, calls, imports.pkg);
  if (crossFile) declareKotlinConstants(imports.properties, f.ev, crossFile, imports.pkg);

  // Arrays written after their creation (`random.nextBytes(iv)`) are not constants; arrays given to key,
  // IV and salt specs are secret material whatever their name.
  const mutated = new Set<string>();
  const keyed = new Set<string>();
  for (const c of calls) {
    const idx = Object.hasOwn(MUTATORS, c.name) ? MUTATORS[c.name]! : -1;
    const a0 = c.args[idx]?.expr;
    if (a0 && kindOf(a0) === 'simple_identifier') mutated.add(a0.text());
    if (SECRET_SPECS.has(c.name)) for (const a of c.args) if (kindOf(a.expr) === 'simple_identifier') keyed.add(a.expr.text());
  }
  const usesJjwt = text.includes('io.jsonwebtoken');
  const nettyBuilder = usesNettyBuilder(text);
  const ktorCertificates = text.includes(KTOR_CERTIFICATES_KEYWORD);
  const mocks = mockBlocks(root, text);
  const visit = (c: KtCall): void => {
    const name = c.name;
    if (name === 'getInstance') {
      if (!mockStub(c.node, mocks)) handleGetInstance(f, c);
    } else if (SECRET_SPECS.has(name) && f.isClassFrom(f.createdType(c.node) ?? '', ['javax.crypto.spec']) !== undefined) {
      handleSpec(f, c, name, mutated);
    } else if (TLS_METHODS.has(name)) {
      handleTlsCall(f, c);
    } else if (name === 'nextBytes') {
      handleWeakRandom(f, c, keyed);
    } else if (AUTH0_METHOD.test(name)) {
      handleAuth0(f, c);
    } else if (usesJjwt && (name === 'signWith' || name === 'setSigningKey')) {
      handleJjwtSecret(f, c);
    } else if (name === 'get') {
      handleTinkGet(f, c);
    } else if (KTOR_TRANSFORMERS.has(name)) {
      handleKtorSession(f, c);
    } else if (nettyBuilder && NETTY_BUILDER_METHODS.has(name)) {
      handleNettyBuilderCall(f, c);
    } else if (name === 'SelfSignedCertificate') {
      handleSelfSignedCertificate(f, c);
    } else if (ktorCertificates && KTOR_CERTIFICATE_CALLS.has(name)) {
      handleKtorCertificate(f, c);
    }
  };
  const other = (n: SgNode): void => {
    const k = kindOf(n);
    if (k === 'function_declaration') handleFunctionDeclaration(f, n);
    else if (k === 'assignment') handleTlsAssignment(f, n);
    else if (INSECURE_TRUST_RE.test(n.text())) handleInsecureTrustManager(f, n);
    else if (JJWT_CONSTANT_RE.test(n.text().replace(/\s+/g, ''))) handleJjwtConstant(f, n);
    else if (XMLDSIG_CONSTANT_RE.test(n.text().replace(/\s+/g, ''))) handleXmlDsigConstant(f, n);
    else handleTinkConstant(f, n);
  };
  // Once per value a helper's parameter takes at the file's calls of the helper (Evaluator.eachCase).
  // The handlers leave no marks a second run would trip on (the mock-stub verdicts are memoised per
  // node and the same on every run); the consumed ids are rolled back all the same.
  const marks = { consumed: f.consumedIds, sink };
  for (const c of calls) eachCaseMarked(f.ev, marks, () => visit(c));
  for (const n of others) eachCaseMarked(f.ev, marks, () => other(n));
  return sink.detections;
}

/**
 * Prefilter: every construct reported needs one of these in the file. JCA factories as
 * `<Factory>.getInstance` (a bare `getInstance` is every singleton's), the spec classes by name,
 * the TLS setters and properties by their full names, the trust-manager and verifier overrides,
 * `nextBytes` (weak random), the libraries' package names (their classes are recognised only
 * when imported), Ktor's session transformers (`SessionTransportTransformer…`) and certificate
 * generator (its package, imported or the file's own), and Netty's TLS class names (NETTY_KEYWORDS).
 */
export const KOTLIN_KEYWORDS = [
  ...[...JCA_FACTORIES].map((factory) => `${factory}.getInstance`),
  'SecretKeySpec', 'ParameterSpec', 'PBEKeySpec',
  'nabledProtocols', 'nabledCipherSuites', 'setProtocols', 'setCipherSuites', 'tlsVersions', 'cipherSuites',
  'checkServerTrusted', 'ostnameVerifier', 'nextBytes',
  'com.auth0.jwt', 'io.jsonwebtoken', 'security.oauth2.jose', 'com.google.crypto.tink', 'SessionTransportTransformer', KTOR_CERTIFICATES_KEYWORD,
  ...NETTY_KEYWORDS, ...XMLDSIG_KEYWORDS,
] as const;

export const kotlinDetector: Detector = {
  id: KOTLIN_DETECTOR_ID,
  appliesTo: (path: string) => path.endsWith('.kt') || path.endsWith('.kts'),
  keywords: KOTLIN_KEYWORDS,
  crossFile: true,
  detect: (file: SourceFile, ctx: DetectContext) => detectKotlin(file, ctx.crossFile),
};
