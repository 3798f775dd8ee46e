// Go source detector: calls into crypto/* and golang.org/x/crypto/*, crypto/tls and x/crypto/ssh
// configuration literals, math/rand used for secrets, and JOSE algorithms named through golang-jwt,
// go-jose and jwx (jose.ts). Calls are found by syntax tree (one
// ast-grep query per file for calls whose package is a crypto import), then each call's arguments are
// resolved through the shared Evaluator with Go's bindings. The Go grammar is registered through
// common/languages.ts; bare Go call patterns match nothing in ast-grep, so calls are selected by kind
// and callee regex rather than by pattern.
import { eachCaseMarked } from '../common/cases.js';
import type { SgNode } from '@ast-grep/napi';
import type { Detection } from '../../../inventory/model.js';
import type { DetectContext, Detector, SourceFile } from '../../types.js';
import { parseSource } from '../common/languages.js';
import { DetectionSink } from '../common/sink.js';
import { escapeRegex } from '../common/regex.js';
import { goDotImports, goEvaluator, goImports, indexGoFile } from './resolve.js';
import { declareGoConstants, goPackageName } from './constants.js';
import type { CrossFile } from '../../cross-file.js';
import { GoFile } from './file.js';
import { GO_CALLS, isCryptoImport } from './calls.js';
import { detectConfigLiterals, detectConfigAssignments } from './config.js';
import { detectJoseNames, isJoseImport } from './jose.js';
import { detectSignatureAlgorithms } from './x509.js';
import { detectKeySignatures } from './keys.js';
import { GO_PKCS12, detectPkcs12Encoders } from './pkcs12.js';
import { circlCall, detectCirclHpke } from './circl.js';
import { KEY_TYPE_PACKAGES, detectAcmeKeyTypes } from './acme.js';
import { CFSSL_CSR, detectCfsslKeyRequests } from './cfssl.js';
import { STEP_KMS_API, detectKmsKeyRequests } from './step.js';

export const GO_DETECTOR_ID = 'go';

/** Import paths the detector reads for themselves: their members stay symbolic, never another file's constant. */
const knownImport = (path: string): boolean => isCryptoImport(path) || isJoseImport(path);

export function detectGo(file: SourceFile, crossFile?: CrossFile): Detection[] {
  const text = file.content.toString('utf8');
  const root = parseSource('go', text).root();
  const index = indexGoFile(root);
  const imports = goImports(index);
  const locals = [...imports].filter(([, path]) => isCryptoImport(path)).map(([local]) => local);
  const uses = locals.length > 0 || [...imports.values()].some(isJoseImport);
  if (!uses && !crossFile) return [];
  const packages = crossFile && { own: goPackageName(root), dotted: goDotImports(index), known: knownImport };
  const { ev, adapter } = goEvaluator(root, index, imports, crossFile, packages);
  // Before the crypto check: a file of constants (`package cryptoconf`) often imports no crypto package.
  if (crossFile) declareGoConstants(root, index, ev, crossFile);
  if (!uses) return [];
  const f = new GoFile(root, ev, adapter, new DetectionSink(file.path, text, GO_DETECTOR_ID), index.statements);

  if (locals.length > 0) {
    const pkgRegex = `^(${locals.map(escapeRegex).join('|')})\\.`;
    const calls = root.findAll({
      rule: { kind: 'call_expression', has: { field: 'function', kind: 'selector_expression', regex: pkgRegex } },
    });
    for (const call of calls) {
      const callee = adapter.callee(call);
      const handler = GO_CALLS.get(callee);
      // Once per value a helper's parameter takes at the file's calls of the helper (Evaluator.eachCase).
      if (handler) eachCaseMarked(ev, { sink: f.sink }, () => handler(f, call, callee, argsOf(call)));
      else circlCall(f, call, callee);
    }
    detectConfigLiterals(f, pkgRegex, text);
    detectConfigAssignments(f, index.statements);
    detectSignatureAlgorithms(f, index.statements, text);
    detectKeySignatures(f, text);
    if ([...imports.values()].some((p) => KEY_TYPE_PACKAGES.includes(p))) detectAcmeKeyTypes(f, root);
    const pkcs12 = [...imports].filter(([, path]) => path === GO_PKCS12).map(([local]) => local);
    if (pkcs12.length > 0) detectPkcs12Encoders(f, root, pkcs12);
    const cfssl = [...imports].filter(([, path]) => path === CFSSL_CSR).map(([local]) => local);
    if (cfssl.length > 0) detectCfsslKeyRequests(f, root, cfssl);
    const kms = [...imports].filter(([, path]) => path === STEP_KMS_API).map(([local]) => local);
    if (kms.length > 0) detectKmsKeyRequests(f, root, kms);
  }
  detectJoseNames(f, root, imports);
  detectCirclHpke(f, root, imports);
  return f.detections();
}

function argsOf(call: SgNode): SgNode[] {
  return call.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
}

export const goDetector: Detector = {
  id: GO_DETECTOR_ID,
  appliesTo: (path) => path.endsWith('.go'),
  // Every crypto package path contains "crypto/" (crypto/aes, golang.org/x/crypto/argon2); math/rand
  // is the weak-random signal; filippo.io/hpke is the HPKE module that predates crypto/hpke, filippo.io/age
  // the age file encryption module, go-pkcs12 the PKCS#12 encoder, cloudflare/circl the post-quantum
  // schemes, miscreant AES-SIV (go.step.sm/crypto/* is covered by "crypto/"); the JOSE libraries
  // (golang-jwt, jwt-go, go-jose, jwx), lego's certcrypto and certmagic (the ACME clients' key types) by
  // their module paths: a Caddy file that configures certmagic's keys often imports no crypto/ package;
  // so does a file that fills in a cfssl key request, or that names an Azure Key Vault algorithm (azkeys).
  keywords: ['crypto/', 'math/rand', 'filippo.io/hpke', 'filippo.io/age', 'go-pkcs12', 'cloudflare/circl', 'miscreant', 'golang-jwt', 'jwt-go', 'go-jose', 'lestrrat-go/jwx', 'lego/v4/certcrypto', 'lego/v3/certcrypto', 'lego/certcrypto', 'caddyserver/certmagic', 'cloudflare/cfssl/csr', 'keyvault/azkeys'],
  crossFile: true,
  detect: (file: SourceFile, ctx: DetectContext) => detectGo(file, ctx.crossFile),
};
