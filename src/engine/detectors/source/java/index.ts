// The Java source detector: JCA/JCE, JSSE and the Bouncy Castle lightweight and PQC APIs.
// One ast-grep query collects the calls, object creations and method declarations of a file; the
// handlers resolve arguments through the shared evaluator (see docs/detectors.md).
import type { SgNode } from '@ast-grep/napi';
import type { Detection } from '../../../inventory/model.js';
import type { DetectContext, Detector, SourceFile } from '../../types.js';
import { kindOf, parseSource } from '../common/languages.js';
import { eachCaseMarked } from '../common/cases.js';
import { DetectionSink } from '../common/sink.js';
import { SSH_NAME_KEYWORDS, detectSshAlgorithmNames } from '../common/ssh-names.js';
import { createdType, enclosingClassName, javaEvaluator } from './adapter.js';
import { CONTENT_SIGNER_TYPES, handleBcStatic, handleBouncyCastle, handleContentSigner, isBcType } from './bc.js';
import { JavaContext } from './context.js';
import { javaImports } from './imports.js';
import { JCA_FACTORIES, handleGetInstance, handleSpec } from './jca.js';
import { SSH_CONFIG_METHODS, handleJschKeyPair, handlePromiscuousVerifier, handleSshConfigPair } from './ssh.js';
import { SPRING_CREATED_TYPES, SPRING_METHODS, handleSpringCall, handleSpringCreation } from './spring.js';
import { DIGEST_HELPER_METHOD, handleDigestHelper, handleDigestHelperCreation } from './digests.js';
import { AUTH0_METHOD, JJWT_METHODS, detectJoseConstants, handleAuth0Algorithm, handleJjwtCall } from './jwt.js';
import { LIBSIGNAL_KEYWORDS, LIBSIGNAL_METHODS, handleLibsignalCall, handleLibsignalCreation, usesLibsignal } from './libsignal.js';
import { NETTY_BUILDER_METHODS, NETTY_KEYWORDS, detectInsecureTrustManager, handleNettyBuilderCall, handleSelfSignedCertificate, usesNettyBuilder } from './netty.js';
import { handleNimbusCrypto, handleNimbusGenerator, isNimbusCreation, isNimbusCrypto } from './nimbus.js';
import { WEBAUTHN_KEYWORDS, handleCredentialParameters, handlePreferredPubkeyParams, handlePubKeyCredParams } from './webauthn.js';
import { XMLDSIG_KEYWORDS, detectXmlDsigConstants } from './xmldsig.js';
import { declareFactoryWrapper, wrappedFactory } from './wrappers.js';
import { SHIRO_CREATED_TYPES, SHIRO_KEYWORDS, SHIRO_METHODS, handleShiroCall, handleShiroCreation, usesShiro } from './shiro.js';
import { OVERRIDDEN_CHECKS, SECRET_SINKS, TOMCAT_SETTERS, handleMethodDeclaration, handleTlsCall, handleWeakRandom } from './tls.js';
import type { CrossFile } from '../../cross-file.js';
import { CONSTANT_FIELDS, declareJavaConstants } from './constants.js';

const TLS_METHODS = new Set([
  'setEnabledProtocols', 'setProtocols', 'setEnabledCipherSuites', 'setCipherSuites', 'setHostnameVerifier',
  'setDefaultHostnameVerifier', 'setSSLHostnameVerifier',
]);
const SPECS = new Set(['SecretKeySpec', 'IvParameterSpec', 'GCMParameterSpec', 'PBEKeySpec']);

/** Calls that write into their byte-array argument (index of that argument). */
const MUTATORS: Record<string, number> = { nextBytes: 0, read: 0, readFully: 0, get: 0, fill: 0, engineNextBytes: 0, arraycopy: 2 };

/**
 * Prefilter: every construct the detector reports needs one of these in the file. JCA/JSSE factories
 * are read only as `<Factory>.getInstance` (handleGetInstance needs the class as the receiver), so the
 * keyword is the pair, not a bare `getInstance`: singletons' `getInstance()` made a third of the Java
 * files of a Spring codebase reach the parser for nothing. TLS setters (TLS_METHODS) likewise by
 * their full names rather than `Protocols`/`CipherSuites`, which every getter and config key holds.
 * Bouncy Castle classes are recognised only when imported (or
 * written fully qualified) from `org.bouncycastle`. SSH algorithm names written as literals (JSch's
 * `setConfig("kex", ...)`) need one of SSH_NAME_KEYWORDS; SSH clients that accept any server key name
 * `StrictHostKeyChecking` (JSch) or `PromiscuousVerifier` (sshj); JSch generates keys with `genKeyPair`.
 * Spring Security's crypto classes, jBCrypt, Commons Codec's DigestUtils/HmacUtils and Guava's Hashing are
 * recognised only when imported from their packages, as are the JWT libraries (java-jwt, jjwt, Nimbus,
 * Spring Security's JOSE enums). Netty's TLS builders, insecure trust manager and self-signed certificates need
 * their class names (NETTY_KEYWORDS), libsignal's calls its protocol package names, the WebAuthn servers'
 * credential parameters their method and class names (WEBAUTHN_KEYWORDS), XML-DSig/XML-Enc algorithm
 * constants their classes' names or packages (XMLDSIG_KEYWORDS), Apache Shiro's cipher services and hashes
 * their packages, its RememberMe key setter its name (SHIRO_KEYWORDS).
 */
export const JAVA_KEYWORDS = [
  ...[...JCA_FACTORIES].map((factory) => `${factory}.getInstance`), ...TLS_METHODS,
  'org.bouncycastle', 'SecretKeySpec', 'ParameterSpec', 'PBEKeySpec',
  'SSLParameters', 'SSLHostConfig', 'findSslHostConfigs', 'checkServerTrusted', 'HostnameVerifier', 'nextBytes', 'StrictHostKeyChecking', 'PromiscuousVerifier', 'genKeyPair',
  'springframework.security.crypto', 'jbcrypt', 'commons.codec.digest', 'com.google.common.hash',
  'com.auth0.jwt', 'io.jsonwebtoken', 'com.nimbusds.jose', 'security.oauth2.jose',
  ...NETTY_KEYWORDS, ...LIBSIGNAL_KEYWORDS, ...WEBAUTHN_KEYWORDS, ...XMLDSIG_KEYWORDS, ...SHIRO_KEYWORDS,
  ...SSH_NAME_KEYWORDS,
] as const;

/** Names passed to key, IV and salt specs (`new IvParameterSpec(block)`): arrays that are secret material. */
function keyedNames(nodes: readonly SgNode[], kinds: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < nodes.length; i++) {
    if (kinds[i] !== 'object_creation_expression' || !SECRET_SINKS.has(createdType(nodes[i]!))) continue;
    for (const a of nodes[i]!.field('arguments')?.namedChildren() ?? []) if (kindOf(a) === 'identifier') out.add(a.text());
  }
  return out;
}

function mutatedNames(invocations: readonly SgNode[], names: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < invocations.length; i++) {
    const inv = invocations[i]!;
    const idx = MUTATORS[names[i]!];
    if (idx === undefined) continue;
    const a = inv.field('arguments')?.namedChildren()[idx];
    if (!a) continue;
    if (kindOf(a) === 'identifier') out.add(a.text());
    else if (kindOf(a) === 'field_access') out.add(a.field('field')?.text() ?? '');
  }
  return out;
}

/** `javax.crypto.Cipher.getInstance` -> `Cipher`. */
function factoryClass(inv: SgNode): string {
  const written = inv.field('object')?.text().replace(/\s+/g, '') ?? '';
  return written.slice(written.lastIndexOf('.') + 1);
}

export function detectJava(file: SourceFile, crossFile?: CrossFile): Detection[] {
  const text = file.content.toString('utf8');
  const root = parseSource('java', text).root();
  // Method declarations only with a name handleMethodDeclaration reads (a file declares many methods).
  // The constants other files may read come in the same query: a second walk of the tree cost a
  // fifth of the parse.
  const found = root.findAll({
    rule: {
      any: [
        { kind: 'method_invocation' },
        { kind: 'object_creation_expression' },
        { kind: 'method_declaration', has: { field: 'name', regex: `^(${OVERRIDDEN_CHECKS.join('|')})$` } },
        ...(crossFile ? CONSTANT_FIELDS : []),
      ],
    },
  });
  // Every SgNode method call crosses into native code: each node's kind and each invocation's method
  // name are fetched once here, and shared by the context, the mutator scan and the dispatch below.
  const foundKinds = found.map(kindOf);
  const nodes: SgNode[] = [];
  const kinds: string[] = [];
  const fields: SgNode[] = [];
  for (let i = 0; i < found.length; i++) {
    const k = foundKinds[i]!;
    if (k === 'field_declaration' || k === 'constant_declaration') fields.push(found[i]!);
    else {
      nodes.push(found[i]!);
      kinds.push(k);
    }
  }
  const invocations: SgNode[] = [];
  const invocationNames: string[] = [];
  const nameOf = new Map<SgNode, string>();
  for (let i = 0; i < nodes.length; i++) {
    if (kinds[i] !== 'method_invocation') continue;
    const name = nodes[i]!.field('name')?.text() ?? '';
    invocations.push(nodes[i]!);
    invocationNames.push(name);
    nameOf.set(nodes[i]!, name);
  }
  const sink = new DetectionSink(file.path, text, 'java');
  const imports = javaImports(root);
  const ctx = new JavaContext(root, javaEvaluator(root, crossFile, imports), imports, sink, invocations, invocationNames);
  if (crossFile) declareJavaConstants(fields, ctx.ev, crossFile);
  const mutated = mutatedNames(invocations, invocationNames);
  // jjwt's method names (signWith, unsecured) are common words: read only in files that name the library.
  const usesJjwt = text.includes('io.jsonwebtoken');
  const nimbusCrypto: SgNode[] = [];
  let keyed: Set<string> | undefined;
  // libsignal's method names (generate, verifySignature) are common words: only in files that name it.
  const libsignal = usesLibsignal(text);
  const nettyBuilder = usesNettyBuilder(text);
  // Tomcat's setCiphers/setGroups are common names: read only in files that name its SSLHostConfig.
  const tomcat = /SSLHostConfig|SslHostConfig/.test(text);
  // Shiro's setters (setCipherKey, setHashAlgorithmName) are read only in files that name Shiro.
  const shiro = usesShiro(text);
  const visit = (node: SgNode, k: string): void => {
    if (k === 'method_declaration') {
      handleMethodDeclaration(ctx, node);
    } else if (k === 'object_creation_expression') {
      const type = createdType(node);
      if (SPECS.has(type)) handleSpec(ctx, node, type, mutated);
      else if (type === 'SSLParameters') handleTlsCall(ctx, node);
      else if (isNimbusCreation(ctx, node, type)) {
        // Signers and encrypters wait for the file's JOSE constants (below).
        if (isNimbusCrypto(type)) nimbusCrypto.push(node);
        else handleNimbusGenerator(ctx, node, type);
      } else if (isBcType(type)) handleBouncyCastle(ctx, node);
      else if (CONTENT_SIGNER_TYPES.has(type)) handleContentSigner(ctx, node, type);
      else if (type === 'PromiscuousVerifier') handlePromiscuousVerifier(ctx, node);
      else if (type === 'SelfSignedCertificate') handleSelfSignedCertificate(ctx, node);
      else if (type === 'ECPublicKey' && libsignal) handleLibsignalCreation(ctx, node);
      else if (SPRING_CREATED_TYPES.has(type)) handleSpringCreation(ctx, node, type);
      else if (type === 'HmacUtils' || type === 'DigestUtils') handleDigestHelperCreation(ctx, node, type);
      else if (type === 'PublicKeyCredentialParameters') handleCredentialParameters(ctx, node);
      else if (SHIRO_CREATED_TYPES.has(type)) handleShiroCreation(ctx, node, type);
    } else {
      const name = nameOf.get(node);
      if (libsignal && name && LIBSIGNAL_METHODS.has(name) && handleLibsignalCall(ctx, node, name)) return;
      if (name === 'getInstance') {
        if (handleGetInstance(ctx, node) && crossFile) declareFactoryWrapper(node, factoryClass(node), crossFile);
        return;
      }
      // The enclosing class only for a call named like a wrapper: walking every call's ancestors is
      // quadratic in a chain of calls.
      const wrapped = name ? wrappedFactory(node, name, () => enclosingClassName(node), crossFile) : undefined;
      if (wrapped) handleGetInstance(ctx, node, wrapped);
      else if (name === 'newInstance') handleBouncyCastle(ctx, node);
      else if (name === 'nextBytes') handleWeakRandom(ctx, node, (keyed ??= keyedNames(nodes, kinds)));
      else if (name === 'generate') handleBcStatic(ctx, node);
      else if (name && (TLS_METHODS.has(name) || (tomcat && TOMCAT_SETTERS.has(name)))) handleTlsCall(ctx, node);
      else if (nettyBuilder && name && NETTY_BUILDER_METHODS.has(name)) handleNettyBuilderCall(ctx, node, name);
      else if (name && SSH_CONFIG_METHODS.has(name)) handleSshConfigPair(ctx, node, name);
      else if (name === 'genKeyPair') handleJschKeyPair(ctx, node);
      else if (name && SPRING_METHODS.has(name)) handleSpringCall(ctx, node, name);
      else if (name && DIGEST_HELPER_METHOD.test(name)) handleDigestHelper(ctx, node, name);
      else if (name && AUTH0_METHOD.test(name)) handleAuth0Algorithm(ctx, node, name);
      else if (name && usesJjwt && JJWT_METHODS.has(name)) handleJjwtCall(ctx, node, name);
      else if (name === 'preferredPubkeyParams') handlePreferredPubkeyParams(ctx, node);
      else if (name === 'pubKeyCredParams') handlePubKeyCredParams(ctx, node);
      else if (shiro && name && SHIRO_METHODS.has(name)) handleShiroCall(ctx, node, name);
    }
  };
  // Once per value a helper's parameter takes at the file's calls of the helper (Evaluator.eachCase).
  for (let i = 0; i < nodes.length; i++) eachCaseMarked(ctx.ev, ctx, () => visit(nodes[i]!, kinds[i]!));
  const joseNames = detectJoseConstants(ctx, root, text);
  detectXmlDsigConstants(ctx, root, text);
  // After the constants: a signer serves the algorithm its file's header names.
  for (const node of nimbusCrypto) handleNimbusCrypto(ctx, node, joseNames);
  detectInsecureTrustManager(ctx, root, text);
  detectSshAlgorithmNames(root, sink, 'java', text);
  return sink.detections;
}

export const javaDetector: Detector = {
  id: 'java',
  appliesTo: (path: string) => path.endsWith('.java'),
  keywords: JAVA_KEYWORDS,
  crossFile: true,
  detect: (file: SourceFile, ctx: DetectContext) => detectJava(file, ctx.crossFile),
};
