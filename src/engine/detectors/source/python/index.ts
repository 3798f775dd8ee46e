// The Python source detector: hashlib/hmac/ssl (standard library), pyca/cryptography,
// pycryptodome(x), requests/httpx, PyJWT, python-jose, josepy, Authlib's JOSE, bcrypt, argon2-cffi, passlib, paramiko,
// python-rsa, python-ecdsa, PyNaCl and pyOpenSSL. Calls are
// matched on import-qualified names; arguments go through the shared evaluator (docs/detectors.md).
import type { SgNode } from '@ast-grep/napi';
import type { Detection } from '../../../inventory/model.js';
import type { DetectContext, Detector, SourceFile } from '../../types.js';
import { kindOf, parseSource } from '../common/languages.js';
import { eachCaseMarked } from '../common/cases.js';
import { DetectionSink } from '../common/sink.js';
import { escapeRegex } from '../common/regex.js';
import { SSH_NAME_KEYWORDS, detectSshAlgorithmNames } from '../common/ssh-names.js';
import { pythonEvaluator } from './adapter.js';
import { handleAuth } from './auth.js';
import { handleAuthlib } from './authlib.js';
import { PyContext } from './context.js';
import { handleCryptodome } from './cryptodome.js';
import { handleBuilderSign, handleHazmat, handleKeyFromParameters } from './hazmat.js';
import { handleNacl } from './nacl.js';
import { OPENSSL_METHODS, handleOpenSsl, handleOpenSslMethod, importsOpenSsl } from './openssl.js';
import { handleParamiko } from './paramiko.js';
import { handleRsaEcdsa } from './rsa-ecdsa.js';
import { importStatements, pythonImports } from './imports.js';
import { PY_DECLARATION_RULES, PythonConstantImports, declarePythonConstants, isPythonDeclaration } from './constants.js';
import type { CrossFile } from '../../cross-file.js';
import {
  CIPHER_CLASS_SOURCE, HASHY_SOURCE, JOSEPY_ALGORITHM_SOURCE, PQ_CLASS_SOURCE, handleCipherReference, handlePqClassReference, importsCipherClass, handleHashReference, handleJoseAlgorithm, importsJosepy,
} from './references.js';
import { handleStdlib } from './stdlib.js';
import { SUITE_TABLE_RULE, handleSuiteTable } from './suites.js';
import { handleWebauthn } from './webauthn.js';
import { handleWerkzeug } from './werkzeug.js';
import { TLS_ATTRIBUTES_SOURCE, UNQUALIFIED_METHODS, handleTlsAssignment, handleTlsCall, handleWeakRandom } from './tls.js';

/**
 * Prefilter: every reported call needs its module imported (`hashlib`, `hmac`, `ssl`,
 * `cryptography`, `Crypto`/`Cryptodome`, `jwt`, `jose`, `bcrypt`, `argon2`, `passlib`), and the
 * requests/httpx signal needs the `verify` keyword, the weak-random signal the `random` module; SSH
 * algorithm names written as literals need one of SSH_NAME_KEYWORDS; paramiko's key classes and host-key
 * policies need `paramiko` imported, py_webauthn's registration calls the `webauthn` package.
 */
export const PYTHON_KEYWORDS = [
  'hashlib', 'hmac', 'ssl', 'cryptography', 'Crypto', 'verify', 'jwt', 'jose', 'bcrypt', 'argon2', 'passlib', 'random',
  // python-rsa by its import lines: a bare 'rsa' is inside 'universal', 'conversation', 'traversal'.
  'paramiko', 'import rsa', 'from rsa', 'ecdsa', 'nacl', 'OpenSSL', 'josepy', 'webauthn',
  // Werkzeug's password hashing by its function's name: most Flask files import werkzeug for other things.
  'generate_password_hash', ...SSH_NAME_KEYWORDS,
] as const;

export function detectPython(file: SourceFile, crossFile?: CrossFile): Detection[] {
  const text = file.content.toString('utf8');
  const root = parseSource('python', text).root();
  const statements = importStatements(root, text);
  const imports = pythonImports(root, text, statements);
  const sink = new DetectionSink(file.path, text, 'python');
  // Literal SSH names need no import (a settings module may only list them).
  detectSshAlgorithmNames(root, sink, 'python', text);
  if (imports.size === 0) {
    // A settings module often imports nothing the handlers read: its constants still count (cross-file.ts).
    if (crossFile) declarePythonConstants(root, root.findAll({ rule: { any: PY_DECLARATION_RULES } }), crossFile, file.path);
    return sink.detections;
  }
  const ev = crossFile ? pythonEvaluator(root, crossFile, new PythonConstantImports(statements, file.path)) : pythonEvaluator(root);
  const ctx = new PyContext(root, ev, imports, sink);
  // Attributes matter only when named like a hash (`hashlib.sha256` used as a value): filtered natively,
  // since most attributes of a file (`self.x`, `log.info`) would otherwise each cost several native calls.
  // Rust's (?i) folds case over Unicode, a superset of the JS test that handleHashReference repeats.
  // Calls likewise: a handler reads a call only when its callee is rooted at an imported name (the
  // callee's text starts with it) or is a method handleTlsCall knows; the rest are most of a file's calls.
  const importedRoot = `^(${[...imports.keys()].map(escapeRegex).join('|')})\\b`;
  // pyOpenSSL's context and key methods, and josepy's algorithm names, only in files importing them.
  const openssl = importsOpenSsl(imports);
  const josepy = importsJosepy(imports);
  const cipherClassImported = importsCipherClass(imports);
  // pyca's DH/DSA `parameters.generate_private_key()` and an x509 builder's `sign(ed25519_key, None)`, on
  // local objects, only in files importing cryptography.
  const pyca = importsPyca(imports);
  const methods = `^(${[...UNQUALIFIED_METHODS, ...(openssl ? OPENSSL_METHODS : []), ...(pyca ? ['generate_private_key', 'sign'] : [])].join('|')})$`;
  const rule = {
    any: [
      ...(josepy
        ? [
          { kind: 'identifier', regex: JOSEPY_ALGORITHM_SOURCE },
          { kind: 'attribute', has: { field: 'attribute', regex: JOSEPY_ALGORITHM_SOURCE } },
        ]
        : []),
      { kind: 'call', has: { field: 'function', regex: importedRoot } },
      { kind: 'call', has: { field: 'function', kind: 'attribute', has: { field: 'attribute', regex: methods } } },
      // Only assignments to an attribute handleTlsAssignment reads (`ctx.verify_mode = ...`): most of a
      // file's assignments are not, and each would cost several native calls to rule out.
      { kind: 'assignment', has: { field: 'left', kind: 'attribute', has: { field: 'attribute', regex: TLS_ATTRIBUTES_SOURCE } } },
      // `_DEFAULT_CIPHERS = ("ECDHE-RSA-AES128-GCM-SHA256", …)`: a table of TLS suites (suites.ts).
      SUITE_TABLE_RULE,
      { kind: 'attribute', has: { field: 'attribute', regex: `(?i)${HASHY_SOURCE}` } },
      { kind: 'attribute', has: { field: 'attribute', regex: CIPHER_CLASS_SOURCE } },
      { kind: 'attribute', has: { field: 'attribute', regex: PQ_CLASS_SOURCE } },
      // `from ...algorithms import TripleDES` then `"cipher": TripleDES`: only in files importing one.
      ...(cipherClassImported ? [{ kind: 'identifier', regex: CIPHER_CLASS_SOURCE }] : []),
      // The file's constants for other files, in the same native query (constants.ts).
      ...(crossFile ? PY_DECLARATION_RULES : []),
    ],
  };
  const visit = (node: SgNode): void => {
    const kind = kindOf(node);
    if (kind === 'assignment') {
      handleTlsAssignment(ctx, node);
      handleSuiteTable(ctx, node);
      return;
    }
    if (kind === 'identifier') {
      if (josepy) handleJoseAlgorithm(ctx, node);
      if (cipherClassImported) handleCipherReference(ctx, node);
      return;
    }
    if (kind === 'attribute') {
      if (josepy) handleJoseAlgorithm(ctx, node);
      handleHashReference(ctx, node);
      handleCipherReference(ctx, node);
      handlePqClassReference(ctx, node);
      return;
    }
    const c = ctx.call(node);
    const name = c.name;
    if (name) {
      if (name.startsWith('hashlib.') || name.startsWith('hmac.')) {
        if (handleStdlib(ctx, c)) return;
      } else if (name.startsWith('hazmat.') || name.startsWith('fernet.')) {
        if (handleHazmat(ctx, c)) return;
      } else if (name.startsWith('Crypto.')) {
        if (handleCryptodome(ctx, c)) return;
      } else if (/^(jwt|jose|bcrypt|argon2|passlib)\./.test(name)) {
        if (handleAuth(ctx, c)) return;
      } else if (name.startsWith('random.')) {
        if (handleWeakRandom(ctx, c)) return;
      } else if (name.startsWith('paramiko.')) {
        if (handleParamiko(ctx, c)) return;
      } else if (name.startsWith('rsa.') || name.startsWith('ecdsa.')) {
        if (handleRsaEcdsa(ctx, c)) return;
      } else if (name.startsWith('nacl.')) {
        if (handleNacl(ctx, c)) return;
      } else if (name.startsWith('OpenSSL.')) {
        if (handleOpenSsl(ctx, c)) return;
      } else if (name.startsWith('authlib.')) {
        if (handleAuthlib(ctx, c)) return;
      } else if (name.startsWith('webauthn.')) {
        if (handleWebauthn(ctx, c)) return;
      } else if (name.startsWith('werkzeug.')) {
        if (handleWerkzeug(ctx, c)) return;
      }
    } else if (openssl && c.method && (OPENSSL_METHODS as readonly string[]).includes(c.method)) {
      if (handleOpenSslMethod(ctx, c)) return;
    } else if (pyca && c.method === 'generate_private_key') {
      if (handleKeyFromParameters(ctx, c)) return;
    } else if (pyca && c.method === 'sign') {
      if (handleBuilderSign(ctx, c)) return;
    }
    handleTlsCall(ctx, c);
  };
  const declarations: SgNode[] = [];
  // Once per value a helper's parameter takes at the file's calls of the helper (Evaluator.eachCase).
  for (const node of root.findAll({ rule })) {
    if (crossFile && isPythonDeclaration(node)) {
      declarations.push(node);
      // A module-level table is also a declaration: its suites are read here, not by visit.
      if (kindOf(node) === 'assignment') handleSuiteTable(ctx, node);
    } else eachCaseMarked(ctx.ev, ctx, () => visit(node));
  }
  if (crossFile) declarePythonConstants(root, declarations, crossFile, file.path);
  return sink.detections;
}

function importsPyca(imports: ReadonlyMap<string, string>): boolean {
  for (const v of imports.values()) if (v === 'cryptography' || v.startsWith('cryptography.')) return true;
  return false;
}

export const pythonDetector: Detector = {
  id: 'python',
  appliesTo: (path: string) => path.endsWith('.py') || path.endsWith('.pyw'),
  keywords: PYTHON_KEYWORDS,
  crossFile: true,
  detect: (file: SourceFile, ctx: DetectContext) => detectPython(file, ctx.crossFile),
};
