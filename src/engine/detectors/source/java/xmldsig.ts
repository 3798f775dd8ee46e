// XML Signature / XML Encryption algorithm constants in Java: OpenSAML (`SignatureConstants`,
// `EncryptionConstants`; Spring Security SAML, Shibboleth, Keycloak sign assertions, requests and
// metadata with `ALGO_ID_SIGNATURE_RSA_SHA256`), Apache Santuario (`XMLSignature`,
// `MessageDigestAlgorithm`, `XMLCipher`) and the JDK's `javax.xml.crypto.dsig` (`SignatureMethod`,
// `DigestMethod`). A constant named in code is the algorithm the documents are signed, digested or
// encrypted with (a default list, a `signWith(…)` argument, a `newSignatureMethod(…)` URI), as a JOSE
// constant is for tokens; comparisons (`==`, `equals`) are checks and name nothing. The names are
// read by common/xmldsig.ts.
import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';
import { XMLDSIG_KEYWORDS, XMLDSIG_OWNERS as OWNERS, XMLDSIG_TEXT as FILE_TEXT, xmlAlgorithm } from '../common/xmldsig.js';
import type { JavaContext } from './context.js';
import { isClassOf } from './imports.js';

export { XMLDSIG_KEYWORDS };

const OWNER_NAMES = Object.keys(OWNERS).join('|');
/** `SignatureConstants.ALGO_ID_…`, qualified or not (native filter), and statically imported `ALGO_ID_…` names. */
const RULE: NapiConfig = {
  rule: {
    any: [
      { kind: 'field_access', regex: `^(?:[A-Za-z_][\\w.]*\\.)?(?:${OWNER_NAMES})\\s*\\.\\s*[A-Z][A-Za-z0-9_]*$` },
      { kind: 'identifier', regex: '^ALGO_ID_', not: { inside: { kind: 'import_declaration', stopBy: 'end' } } },
    ],
  },
};

/** A constant compared or tested (`alg == SignatureConstants.X`, `X.equals(alg)`, `alg.equals(X)`): a check, not a choice. */
function onlyCompared(node: SgNode): boolean {
  const parent = node.parent();
  if (!parent) return false;
  const k = kindOf(parent);
  if (k === 'binary_expression') return ['==', '!='].includes(parent.field('operator')?.text() ?? '');
  if (k === 'method_invocation') return parent.field('name')?.text() === 'equals';
  if (k === 'argument_list') {
    const call = parent.parent();
    return !!call && kindOf(call) === 'method_invocation' && /^equals(?:IgnoreCase)?$/.test(call.field('name')?.text() ?? '');
  }
  return false;
}

/** Each XML-DSig/XML-Enc algorithm constant of a file, as the algorithm it names. */
export function detectXmlDsigConstants(ctx: JavaContext, root: SgNode, text: string): void {
  if (!FILE_TEXT.test(text)) return;
  for (const node of root.findAll(RULE)) {
    let ownerPath: string;
    let constant: string;
    if (kindOf(node) === 'identifier') {
      // A bare name only when statically imported from one of the owners (a class may declare its own ALGO_ID_ field).
      const fq = ctx.imports.staticMembers.get(node.text());
      if (!fq) continue;
      const parent = node.parent();
      if (parent && kindOf(parent) === 'field_access' && parent.field('field')?.id() === node.id()) continue;
      constant = node.text();
      ownerPath = fq.slice(0, fq.length - constant.length - 1);
    } else {
      const written = node.text().replace(/\s+/g, '');
      const dot = written.lastIndexOf('.');
      constant = written.slice(dot + 1);
      ownerPath = written.slice(0, dot);
    }
    const simple = ownerPath.slice(ownerPath.lastIndexOf('.') + 1);
    const owner = OWNERS[simple];
    if (!owner) continue;
    const source = owner.packages.find((p) => (ownerPath.includes('.') ? ownerPath === `${p.pkg}.${simple}` : isClassOf(ctx.imports, simple, p.pkg)));
    if (!source || onlyCompared(node)) continue;
    const alg = xmlAlgorithm(constant, owner.kind);
    if (!alg) continue;
    ctx.sink.algorithm(node, `${simple}.${constant}`, alg.spelling, alg.params, { functions: alg.functions, ...(source.library ? { library: source.library } : {}) });
  }
}
