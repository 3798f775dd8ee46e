// JavaScript/TypeScript source detector: node:crypto, WebCrypto, TLS options and the npm crypto
// libraries (crypto-js, node-forge, jsonwebtoken, jose, tweetnacl, @noble/*, bcrypt, argon2, openpgp). Calls are
// selected by syntax tree (one query for calls and `new` expressions), named canonically through the
// file's imports (`module:member.path`), and their arguments resolved through the shared Evaluator.
import { eachCaseMarked } from '../common/cases.js';
import type { SgNode } from '@ast-grep/napi';
import type { Detection } from '../../../inventory/model.js';
import type { DetectContext, Detector, SourceFile } from '../../types.js';
import type { CrossFile } from '../../cross-file.js';
import type { KnowledgeBase } from '../../../kb/types.js';
import { declareJsConstants, packageImports } from './cross-file.js';
import { parseSource, type SourceLanguage } from '../common/languages.js';
import { escapeRegex } from '../common/regex.js';
import { nodeText } from '../common/symbols.js';
import { SSH_NAME_KEYWORDS, detectSshAlgorithmNames } from '../common/ssh-names.js';
import { DetectionSink } from '../common/sink.js';
import { JsFile } from './file.js';
import { LIBRARY_CALLS, joseHeaders, nobleCall, nobleReferences } from './libraries.js';
import { WEBAUTHN_KEYWORDS, webauthnAlgorithms } from './webauthn.js';
import { NODE_CRYPTO_CALLS, type CallHandler } from './node-crypto.js';
import { jwkLiterals } from './jwk-literals.js';
import { OAUTH_METADATA_KEYWORDS, oauthMetadataAlgorithms } from './oauth-metadata.js';
import { OPENPGP_CALLS } from './openpgp.js';
import { indirectCall, indirectRule } from './indirect.js';
import { addModuleGlobals, indexFile, jsEvaluator, jsImports, type ImportRef, type JsIndex } from './resolve.js';
import { detectTlsEnv, detectTlsSettings, weakRandom } from './tls.js';
import { WEBCRYPTO_CALLS } from './webcrypto.js';

export const JS_DETECTOR_ID = 'javascript';

const CALLS: ReadonlyMap<string, CallHandler> = new Map([...NODE_CRYPTO_CALLS, ...WEBCRYPTO_CALLS, ...LIBRARY_CALLS, ...OPENPGP_CALLS]);

/** Calls whose result has methods the table names (`node-forge:pki.createCertificate().sign`): the adapter names those methods. */
const FACTORIES: ReadonlySet<string> = new Set([...CALLS.keys()].filter((k) => k.includes('().')).map((k) => k.slice(0, k.indexOf('().'))));

const EXTENSIONS: Readonly<Record<string, SourceLanguage>> = {
  '.js': 'javascript', '.mjs': 'javascript', '.cjs': 'javascript', '.jsx': 'javascript',
  '.ts': 'typescript', '.mts': 'typescript', '.cts': 'typescript', '.tsx': 'tsx',
};

function languageOf(path: string): SourceLanguage | undefined {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? undefined : EXTENSIONS[path.slice(dot).toLowerCase()];
}

/** Globals through which code reaches crypto without an import: WebCrypto and `Math.random`. */
const GLOBAL_HEADS = ['crypto', 'window', 'globalThis', 'self', 'global', 'Math'];

/**
 * Names a crypto call can start with: imports, the globals, and same-file aliases of those
 * (`const subtle = crypto.subtle`, `const gen = promisify(generateKeyPair)`), closed over a few hops.
 * Calls starting with anything else are never looked at, which keeps the per-call work native.
 */
function callHeads(index: JsIndex, imports: ReadonlyMap<string, ImportRef>): string[] {
  // Only names imported from a module some handler reads: a call through any other import (`z.object()`
  // from zod, a project's own modules) qualifies to `module:...` with no handler, so skipping it changes
  // nothing, and such calls can be most of a file's calls (each visit costs several native calls).
  const heads = new Set([...[...imports].filter(([, ref]) => isHandledModule(ref.module)).map(([name]) => name), ...GLOBAL_HEADS]);
  // An alias is a declarator `name = value` (or `{ a, b: c } = value`) whose names are not already
  // heads and whose value of at most 200 characters names a head. The value's text ends the
  // declarator's text, so a declarator whose (cached) text names no head cannot be one: its name and
  // value, two native field lookups each, are read only for the few that do.
  const initial = new Set(heads);
  const parts = new Map<SgNode, { names: string[]; value: string } | null>();
  const aliasOf = (decl: SgNode): { names: string[]; value: string } | null => {
    let p = parts.get(decl);
    if (p === undefined) {
      const names = boundNames(decl.field('name')).filter((n) => !initial.has(n));
      const text = names.length ? decl.field('value')?.text() : undefined;
      p = text !== undefined && text.length <= 200 ? { names, value: text } : null;
      parts.set(decl, p);
    }
    return p;
  };
  for (let hop = 0; hop < 3; hop++) {
    const words = new RegExp(`\\b(${[...heads].map(escapeRegex).join('|')})\\b`);
    let grew = false;
    for (const decl of index.declarators) {
      if (!words.test(nodeText(decl))) continue;
      const alias = aliasOf(decl);
      if (!alias || !words.test(alias.value)) continue;
      for (const name of alias.names) {
        if (heads.has(name)) continue;
        heads.add(name);
        grew = true;
      }
    }
    if (!grew) break;
  }
  return [...heads];
}

/** Names a declarator binds at its top level: `x`, or the names of `{ subtle, webcrypto: wc }`. */
function boundNames(name: SgNode | null): string[] {
  const k = name?.kind() as string;
  if (k === 'identifier') return [name!.text()];
  if (k !== 'object_pattern') return [];
  const out: string[] = [];
  for (const p of name!.namedChildren()) {
    const pk = p.kind() as string;
    if (pk === 'shorthand_property_identifier_pattern') out.push(p.text());
    else if (pk === 'pair_pattern' && (p.field('value')?.kind() as string) === 'identifier') out.push(p.field('value')!.text());
  }
  return out;
}

/** Modules the call handlers read (`crypto`, `node-forge`, ..., `@noble/*`), from the handler table. */
const HANDLED_MODULES: ReadonlySet<string> = new Set([...CALLS.keys()].map((k) => k.replace(/^new /, '').split(':')[0]!));
function isHandledModule(module: string): boolean {
  return HANDLED_MODULES.has(module) || module.startsWith('@noble/') || Object.hasOwn(FORKS, module);
}

/**
 * npm forks published under a name of their own with their upstream's API (openpgpjs's
 * `@openpgp/tweetnacl`): read by the upstream's handlers, reported under the fork's name (the
 * handlers take the library from the callee they are given).
 */
const FORKS: Readonly<Record<string, string>> = { '@openpgp/tweetnacl': 'tweetnacl' };

function handlerOf(callee: string): CallHandler | undefined {
  const direct = CALLS.get(callee);
  if (direct) return direct;
  const module = JsFile.module(callee);
  const upstream = Object.hasOwn(FORKS, module) ? FORKS[module] : undefined;
  return upstream === undefined ? undefined : CALLS.get(callee.replace(`${module}:`, `${upstream}:`));
}

export function detectJavaScript(file: SourceFile, crossFile?: CrossFile, kb?: KnowledgeBase): Detection[] {
  const lang = languageOf(file.path);
  if (!lang) return [];
  const text = file.content.toString('utf8');
  const root = parseSource(lang, text).root();
  const index = indexFile(root, lang);
  const imports = jsImports(index.imports, index.declarators);
  addModuleGlobals(index, imports, text);
  if (crossFile) packageImports(imports, crossFile);
  const { ev, adapter } = jsEvaluator(index, imports, crossFile, FACTORIES);
  if (crossFile) declareJsConstants(index, text, file.path, ev, crossFile);
  const sink = new DetectionSink(file.path, text, JS_DETECTOR_ID);
  const f = new JsFile(root, ev, adapter, sink);

  // Matched against the call's own text, which starts with its callee (`new ` for constructors):
  // cheaper than a `has` on the callee field, and the anchored regex stops after the head.
  const heads = `(${callHeads(index, imports).map(escapeRegex).join('|')})\\b`;
  // The same traversal selects the method names of crypto objects reached indirectly (indirect.ts).
  const indirect = indirectRule(text);
  const rule = {
    any: [
      { kind: 'call_expression', regex: `^${heads}` },
      { kind: 'new_expression', regex: `^new\\s+${heads}` },
      ...(indirect ? [indirect] : []),
    ],
  };
  const seenRandom = new Set<string>();
  for (const call of root.findAll({ rule })) {
    if ((call.kind() as string) === 'property_identifier') {
      eachCaseMarked(ev, { sink: f.sink }, () => indirectCall(f, call));
      continue;
    }
    const isNew = (call.kind() as string) === 'new_expression';
    const fn = isNew ? call.field('constructor') : call.field('function');
    const q = adapter.qualify(fn);
    if (!q) continue;
    if (q === 'Math.random') {
      weakRandom(f, call, seenRandom);
      continue;
    }
    if (!q.includes(':')) continue;
    const callee = isNew ? `new ${q}` : q;
    const handler = handlerOf(callee);
    // Once per value a helper's parameter takes at the file's calls of the helper (Evaluator.eachCase).
    if (handler) eachCaseMarked(ev, { sink: f.sink }, () => handler(f, call, callee, argNodes(call)));
    else if (!isNew && q.startsWith('@noble/')) eachCaseMarked(ev, { sink: f.sink }, () => nobleCall(f, call, callee, argNodes(call)));
  }
  nobleReferences(f, imports);
  const modules = new Set([...imports.values()].map((i) => i.module));
  joseHeaders(f, modules.has('jose'));
  webauthnAlgorithms(f, text);
  oauthMetadataAlgorithms(f, text);
  jwkLiterals(f, text, kb);
  detectTlsSettings(f, modules.has('tls') ? 'tls' : modules.has('https') ? 'https' : modules.has('http2') ? 'http2' : undefined, text);
  detectTlsEnv(f, index.assignments);
  detectSshAlgorithmNames(root, sink, lang, text);
  return sink.detections;
}

function argNodes(call: SgNode): SgNode[] {
  return (call.field('arguments')?.namedChildren() ?? []).filter((c) => (c.kind() as string) !== 'comment');
}

export const javascriptDetector: Detector = {
  id: JS_DETECTOR_ID,
  appliesTo: (path) => languageOf(path) !== undefined && !/\.d\.[cm]?ts$/.test(path),
  // Every API the detector reads needs one of these bytes: the module names it imports (crypto, tls,
  // crypto-js, node-forge, jsonwebtoken, jose, tweetnacl, @noble/*, bcrypt, argon2 all contain
  // one; aes-js, @panva/hkdf, libsignal, oauth4webapi and openid-client are named; noble's post-quantum objects by their names, for a file that imports them through a module of the project; OpenPGP.js by its quoted package name, since the word is in every file of an OpenPGP project), the OAuth/OpenID Connect metadata names that choose JOSE algorithms, a JWK's `kty`, crypto-js's and node-forge's browser globals `CryptoJS` and `forge`, the global `crypto.subtle`, TLS option names (an https-only file still names its options), the switches and weak-random calls it reports, or an SSH algorithm name.
  keywords: ['crypto', 'tls', 'minVersion', 'secureProtocol', 'ciphers', 'ecdhCurve', 'checkServerIdentity', 'CryptoJS', 'forge', 'jsonwebtoken', 'jws', 'jose', 'nacl', '@noble/', 'bcrypt', 'argon2', 'subtle', 'rejectUnauthorized', 'NODE_TLS_REJECT_UNAUTHORIZED', 'Math.random', 'hostVerifier', 'node-rsa', 'elliptic', 'aes-js', '@panva/hkdf', 'libsignal', 'kty', 'oauth4webapi', 'openid-client', 'ml_kem', 'ml_dsa', 'slh_dsa', "'openpgp'", '"openpgp"', ...WEBAUTHN_KEYWORDS, ...OAUTH_METADATA_KEYWORDS, ...SSH_NAME_KEYWORDS],
  crossFile: true,
  detect: (file: SourceFile, ctx: DetectContext) => detectJavaScript(file, ctx.crossFile, ctx.kb),
};
