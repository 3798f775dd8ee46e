// C# source detector: System.Security.Cryptography (symmetric algorithms and AEAD, hashes and HMAC,
// PBKDF2/HKDF, RSA/ECDSA/ECDH/DSA, .NET 10 ML-KEM/ML-DSA/SLH-DSA), TLS and certificate settings
// (SslProtocols, SecurityProtocolType, validation callbacks, CertificateRequest, PKCS#12 loads),
// JWT/JOSE (Microsoft.IdentityModel.Tokens) and Bouncy Castle for .NET. One ast-grep query selects the
// invocations, the creations of known types, the enum/constant members read and the callback
// assignments of a file; handlers resolve arguments through the shared Evaluator (resolve.ts).
import type { SgNode } from '@ast-grep/napi';
import type { Detection } from '../../../inventory/model.js';
import type { KnowledgeBase } from '../../../kb/types.js';
import type { DetectContext, Detector, SourceFile } from '../../types.js';
import { kindOf, parseSource } from '../common/languages.js';
import { DetectionSink } from '../common/sink.js';
import { eachCaseMarked } from '../common/cases.js';
import { SSH_NAME_KEYWORDS, detectSshAlgorithmNames } from '../common/ssh-names.js';
import { BC_GENERATORS, BC_RFC_STATICS, BC_UTILITIES, bcGenerator, bcRfcStatic, bcUtility } from './bc.js';
import { BC_LIGHTWEIGHT_TYPES, bcLightweight } from './bc-lightweight.js';
import { PQC_ALGORITHM_TYPE, creationHandlers, hashNameConstant, instanceHandlers, pqcIdentifier, rsaPaddingConstant, staticHandlers, type Handler } from './dotnet.js';
import { CsFile } from './file.js';
import { XML_URI_KEYWORDS, detectXmlAlgorithmUris } from './xml-uris.js';
import { DATA_PROTECTION_METHODS, dataProtection } from './data-protection.js';
import { CREDENTIAL_TYPES, IDENTITY_SERVER_SIGNING, credentials, identityServerSigning, requireSignedTokens, securityAlgorithm, symmetricSecurityKey } from './jose.js';
import { callArgs, createdType, csharpEvaluator, simpleType, type CSharpImports } from './resolve.js';
import { VALIDATION_CALLBACKS, certificateRequest, dangerousValidator, pkcs12Load, protocolMember, sslStream, validationAssignment, readsOnly } from './tls.js';
import { namesIn } from '../common/regex.js';
import { CONSTANT_FIELDS, declareCSharpConstants, mayDeclareConstants, usingStaticTypes } from './constants.js';

export const CSHARP_DETECTOR_ID = 'csharp';

const BC_LIGHT = new Set(BC_LIGHTWEIGHT_TYPES);

/** Types whose members the detector reads wherever they are written (`SslProtocols.Tls12`, `HashAlgorithmName.SHA256`). */
const MEMBER_TYPES = [
  'SslProtocols', 'SecurityProtocolType', 'HashAlgorithmName', 'SecurityAlgorithms', 'MLKemAlgorithm', 'MLDsaAlgorithm',
  'SlhDsaAlgorithm', 'CompositeMLDsaAlgorithm', 'RSAEncryptionPadding', 'RSASignaturePadding', 'HttpClientHandler',
];
const MEMBER_REGEX = `(^|\\.)(${MEMBER_TYPES.join('|')})$`;
const ASSIGNED_PROPERTIES = [...VALIDATION_CALLBACKS, 'RequireSignedTokens'];
const ASSIGNMENT_REGEX = `(^|\\.)(${ASSIGNED_PROPERTIES.join('|')})$`;

interface Tables {
  statics: ReadonlyMap<string, Handler>;
  creations: ReadonlyMap<string, Handler>;
  instances: ReadonlyMap<string, Handler>;
  hashConstant: (f: CsFile, node: SgNode) => void;
  certRequest: (f: CsFile, node: SgNode) => void;
  bcLight: (f: CsFile, node: SgNode, type: string) => void;
  /** Every type whose creation the detector reads, as a word-bounded scan for the ones a file's text holds. */
  creationScan: RegExp;
}

/** Handler tables, built once per knowledge base (one per worker). */
const tables = new WeakMap<KnowledgeBase, Tables>();
function tablesFor(kb: KnowledgeBase): Tables {
  let t = tables.get(kb);
  if (!t) {
    const creations = creationHandlers(kb);
    const types = [...creations.keys(), ...BC_GENERATORS, ...BC_LIGHTWEIGHT_TYPES, 'SslStream', 'CertificateRequest', 'X509Certificate2', 'SymmetricSecurityKey', ...CREDENTIAL_TYPES];
    t = {
      statics: staticHandlers(kb),
      creations,
      instances: instanceHandlers(kb),
      hashConstant: hashNameConstant(kb),
      certRequest: certificateRequest(kb),
      bcLight: bcLightweight(kb),
      creationScan: new RegExp(`\\b(?:${[...new Set(types)].join('|')})\\b`, 'g'),
    };
    tables.set(kb, t);
  }
  return t;
}

/** `using Alias = System.Security.Cryptography.Aes;` -> Alias -> Aes. */
function usingAliases(root: SgNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const u of root.findAll({ rule: { kind: 'using_directive', has: { field: 'name', kind: 'identifier' } } })) {
    const alias = u.field('name')?.text();
    const target = u.namedChildren().filter((c) => c.id() !== u.field('name')?.id()).pop();
    if (alias && target) out.set(alias, simpleType(target.text()));
  }
  return out;
}

export function detectCSharp(file: SourceFile, ctx: DetectContext): Detection[] {
  const text = file.content.toString('utf8');
  const t = tablesFor(ctx.kb);
  const root = parseSource('csharp', text).root();
  // The creation rule names only the known types this file's text holds: ast-grep compiles a rule's regex
  // on every query, and the whole list (some 100 types) cost more than the detection of most files. A
  // type absent from the text cannot match, so the nodes found are the same.
  const created = namesIn(text, t.creationScan);
  const crossFile = ctx.crossFile;
  // The fields a file declares for other files come with the same walk of the tree (constants.ts).
  const declares = crossFile !== undefined && mayDeclareConstants(text);
  const found = root.findAll({
    rule: {
      any: [
        { kind: 'invocation_expression' },
        ...(created.length ? [{ kind: 'object_creation_expression', has: { field: 'type', regex: `(^|\\.)(${[...created].join('|')})(<|$)` } }] : []),
        { kind: 'member_access_expression', has: { field: 'expression', regex: MEMBER_REGEX } },
        { kind: 'assignment_expression', has: { field: 'left', regex: ASSIGNMENT_REGEX } },
        ...(declares ? [CONSTANT_FIELDS] : []),
      ],
    },
  });
  const foundKinds = found.map(kindOf);
  const fields = declares ? found.filter((_, i) => foundKinds[i] === 'field_declaration') : [];
  const nodes = fields.length > 0 ? found.filter((_, i) => foundKinds[i] !== 'field_declaration') : found;
  const kinds = fields.length > 0 ? foundKinds.filter((k) => k !== 'field_declaration') : foundKinds;
  const sink = new DetectionSink(file.path, text, CSHARP_DETECTOR_ID);
  // SSH algorithm-name tables (SSH.NET's `{ "aes128-ctr", new CipherInfo(…) }`), as in Java, Python and JS/TS.
  detectSshAlgorithmNames(root, sink, 'csharp', text);
  detectXmlAlgorithmUris(root, sink, text);
  if (nodes.length === 0 && fields.length === 0) return sink.detections;
  // Read on first use: a file of constants seldom needs them.
  let aliasMap: Map<string, string> | undefined;
  const aliases = (): Map<string, string> => (aliasMap ??= text.includes('using ') ? usingAliases(root) : new Map<string, string>());
  const statics = crossFile && text.includes('using static') ? usingStaticTypes(root) : [];
  const imports: CSharpImports = { statics, alias: (name) => aliases().get(name) };
  const ev = csharpEvaluator(root, crossFile, imports);
  // Before the check for constructs: a class of constants calls no crypto API.
  if (crossFile && fields.length > 0) {
    imports.declaring = true;
    try {
      declareCSharpConstants(fields, ev, crossFile);
    } finally {
      imports.declaring = false;
    }
  }
  if (nodes.length === 0) return sink.detections;
  const invocations = nodes.filter((_, i) => kinds[i] === 'invocation_expression');
  const f = new CsFile(root, ev, sink, invocations);
  const typeName = (written: string): string => {
    const s = simpleType(written);
    return aliases().get(s) ?? s;
  };
  const bouncy = text.includes('Org.BouncyCastle');
  const members: SgNode[] = [];
  const visit = (node: SgNode, kind: string): void => {
    switch (kind) {
      case 'invocation_expression': {
        const fn = node.field('function');
        if (!fn || kindOf(fn) !== 'member_access_expression') break;
        const receiver = fn.field('expression');
        const method = fn.field('name')?.text() ?? '';
        const type = receiver ? typeName(receiver.text()) : '';
        const key = `${type}.${method}`;
        const handler = t.statics.get(key);
        if (handler) handler(f, node, type, method, callArgs(node));
        else if (bouncy && BC_UTILITIES.has(key)) bcUtility(f, node, key);
        else if (bouncy && BC_RFC_STATICS.has(key)) bcRfcStatic(f, node, key);
        else if (key === 'X509CertificateLoader.LoadPkcs12FromFile' || key === 'X509CertificateLoader.LoadPkcs12') pkcs12Load(f, node, key, callArgs(node)[1]);
        else if (IDENTITY_SERVER_SIGNING.has(method)) identityServerSigning(f, node, method, callArgs(node));
        else if (DATA_PROTECTION_METHODS.has(method)) dataProtection(f, node, method, callArgs(node), text);
        else t.instances.get(method)?.(f, node, type, method, callArgs(node));
        break;
      }
      case 'object_creation_expression': {
        const type = typeName(createdType(node));
        const handler = t.creations.get(type);
        if (handler) handler(f, node, type, '', callArgs(node));
        else if (type === 'SslStream') sslStream(f, node);
        else if (type === 'CertificateRequest') t.certRequest(f, node);
        else if (type === 'X509Certificate2' && callArgs(node).length >= 2) pkcs12Load(f, node, 'new X509Certificate2', callArgs(node)[1]);
        else if (type === 'SymmetricSecurityKey') symmetricSecurityKey(f, node);
        else if (CREDENTIAL_TYPES.includes(type)) credentials(f, node, type);
        else if (bouncy && BC_GENERATORS.has(type)) bcGenerator(f, node, type);
        else if (bouncy && BC_LIGHT.has(type)) t.bcLight(f, node, type);
        break;
      }
      case 'assignment_expression': {
        const left = node.field('left');
        const prop = left && kindOf(left) === 'member_access_expression' ? left.field('name')?.text() : left?.text();
        if (prop === 'RequireSignedTokens') requireSignedTokens(f, node);
        else validationAssignment(f, node);
        break;
      }
    }
  };
  // Once per value a helper's parameter takes at the file's calls of the helper (Evaluator.eachCase);
  // the nodes a run consumes are rolled back for the next run of the same construct.
  const marks = { consumed: f.consumedIds, sink };
  for (let i = 0; i < nodes.length; i++) {
    if (kinds[i] === 'member_access_expression') members.push(nodes[i]!);
    else eachCaseMarked(f.ev, marks, () => visit(nodes[i]!, kinds[i]!));
  }
  // Constants read outside the calls above (those calls consumed theirs).
  const constant = (m: SgNode): void => {
    if (f.consumed(m)) return;
    const type = typeName(m.field('expression')?.text() ?? '');
    const name = m.field('name')?.text() ?? '';
    if (type === 'SslProtocols' || type === 'SecurityProtocolType') protocolMember(f, m, type, name);
    else if (readsOnly(m)) return;
    else if (type === 'HashAlgorithmName') t.hashConstant(f, m);
    else if (type === 'SecurityAlgorithms') securityAlgorithm(f, m, name);
    else if (PQC_ALGORITHM_TYPE.test(type)) pqcIdentifier(f, m, type, name);
    else if (type === 'RSAEncryptionPadding' || type === 'RSASignaturePadding') rsaPaddingConstant(f, m, type, name);
    else if (type === 'HttpClientHandler' && name === 'DangerousAcceptAnyServerCertificateValidator') dangerousValidator(f, m);
  };
  for (const m of members) eachCaseMarked(f.ev, marks, () => constant(m));
  return f.sink.detections;
}

export const csharpDetector: Detector = {
  id: CSHARP_DETECTOR_ID,
  appliesTo: (path) => path.toLowerCase().endsWith('.cs'),
  // Every API the handlers read is in System.Security.Cryptography (named by a `using`, possibly a
  // global one in another file: hence the class names, written as they are used: `SHA256.` for its
  // static methods, not a bare `SHA256`, which project enums such as `KdfType.PBKDF2_SHA256` contain),
  // System.Security.Authentication/System.Net (protocol enums, validation callbacks),
  // Microsoft.IdentityModel.Tokens, IdentityServer's `Add…SigningCredential(` or Org.BouncyCastle, or ASP.NET Core's KeyDerivation and Data Protection builder; SSH algorithm
  // names need one of SSH_NAME_KEYWORDS, XML-DSig/XML-Enc URIs one of XML_URI_KEYWORDS. A file with none of these cannot hold a construct we report,
  // except `Random.NextBytes(key)` (weak-random), read only where one of them shows crypto code: as a
  // keyword, `NextBytes` let in dozens of test files per repository that fill test data.
  keywords: [
    'Cryptography', 'Org.BouncyCastle', 'SslProtocols', 'SecurityProtocolType', 'CertificateValidationCallback', 'DangerousAcceptAnyServerCertificateValidator',
    'SecurityAlgorithms', 'SymmetricSecurityKey', 'SigningCredentials(', 'SigningCredential(', 'EncryptingCredentials(', 'AddDataProtection', 'ProtectKeysWithCertificate', 'UseCryptographicAlgorithms', 'RequireSignedTokens', 'KeyDerivation',
    'X509Certificate2(', 'X509CertificateLoader', 'HashAlgorithmName', 'CryptoServiceProvider', 'SHA1Managed', 'SHA256Managed', 'SHA384Managed', 'SHA512Managed',
    'RIPEMD160Managed', 'SHA1Cng', 'SHA256Cng', 'SHA384Cng', 'SHA512Cng', 'MD5Cng',
    'Aes', 'RSA', 'ECDsa', 'ECDiffieHellman', 'SHA1.', 'SHA256.', 'SHA384.', 'SHA512.', 'SHA3_', 'MD5.', 'HMAC', 'Rfc2898', 'TripleDES', 'DES.',
    'RC2', 'Rijndael', 'HKDF', 'ChaCha20Poly1305', 'MLKem', 'MLDsa', 'SlhDsa', 'DSA', 'SslStream', 'IncrementalHash', 'Shake128', 'Shake256',
    ...SSH_NAME_KEYWORDS, ...XML_URI_KEYWORDS,
  ],
  crossFile: true,
  detect: (file, ctx) => detectCSharp(file, ctx),
};
