// XML Signature and XML Encryption algorithms as Ruby code names them: ruby-saml's
// `XMLSecurity::Document::RSA_SHA256`/`SHA1` (its settings' `signature_method:`/`digest_method:` and the
// `sign_document(…, signature_method = RSA_SHA1, digest_method = SHA1)` defaults: RSA-SHA1 unless the
// application sets another), the URIs themselves where a value holds one (`'http://www.w3.org/2001/04/
// xmldsig-more#rsa-sha256'`), and constants of the file that hold one. A SAML service provider signs its
// requests and checks the IdP's responses with these: they are its public-key algorithms. The URI and
// constant-name tables are shared with the JVM detectors (common/xmldsig.ts).
import type { SgNode } from '@ast-grep/napi';
import type { LibraryRef } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import { xmlAlgorithm, xmlAlgorithmByUri, type XmlAlgorithm } from '../common/xmldsig.js';
import type { RbFile } from './file.js';
import { callParts, constPath } from './resolve.js';
import { inAssertion } from './tls.js';

const RUBY_SAML: LibraryRef = { ecosystem: 'gem', name: 'ruby-saml' };

/** ruby-saml's constant of an algorithm URI, by its name (`RSA_SHA256`, `SHA1`), when the file does not show its value. */
const SAML_CONSTANT = /(?:^|::)XMLSecurity::Document::((?:RSA_|DSA_|ECDSA_)?SHA(?:1|224|256|384|512))$/;

/** Native-query rules for a file's text: URI strings, ruby-saml's constants, and constants of the file holding a URI. */
export function xmlRules(text: string): Record<string, unknown>[] {
  const rules: Record<string, unknown>[] = [];
  if (XML_URI_TEXT.test(text)) {
    rules.push({ kind: 'string', regex: `^['"]https?://www\\.w3\\.org/[0-9/]+(xmldsig|xmlenc)[\\w-]*#[\\w-]+['"]$` });
    rules.push({ kind: 'constant', regex: '^((RSA|DSA|ECDSA)_)?SHA(1|224|256|384|512)$' });
  }
  if (text.includes('XMLSecurity')) rules.push({ kind: 'scope_resolution', regex: SAML_CONSTANT.source });
  return rules;
}

const XML_URI_TEXT = /w3\.org\/20\d\d\/\d\d\/xml(?:dsig|enc)/;
export const XML_KEYWORDS = ['XMLSecurity', 'w3.org/2000/09/xmldsig', 'w3.org/2001/04/xml', 'w3.org/2009/xml', 'w3.org/2007/05/xmldsig'] as const;

/** Whether a node is one of this module's (the index dispatches the `others` by it). */
export function isXmlNode(node: SgNode): boolean {
  const k = kindOf(node);
  if (k === 'string') return true;
  if (k === 'constant') return /^((RSA|DSA|ECDSA)_)?SHA\d+$/.test(node.text());
  return k === 'scope_resolution' && SAML_CONSTANT.test(node.text());
}

export function xmlAlgorithmSite(f: RbFile, node: SgNode): void {
  const k = kindOf(node);
  const value = f.str(node);
  let found: XmlAlgorithm | undefined = value !== undefined ? xmlAlgorithmByUri(value) : undefined;
  let library: LibraryRef | undefined;
  if (k === 'scope_resolution') {
    library = RUBY_SAML;
    const name = SAML_CONSTANT.exec(constPath(node) ?? node.text())?.[1];
    if (!found && name) found = xmlAlgorithm(name, name.startsWith('SHA') ? 'digest' : 'signature');
  }
  if (!found || !valueUse(node)) return;
  f.algorithm(node, k === 'string' ? 'XML-DSig URI' : node.text(), { spelling: found.spelling, params: found.params, functions: found.functions, ...(library ? { library } : {}) });
}

/**
 * Whether the node is a value given to something (an option, an argument, a default, an assignment), not
 * the declaration of the constant that holds it (`RSA_SHA1 = "http://…"`), a `when` or comparison
 * (`when 'http://…#aes128-cbc'`: the algorithm is the branch's own call), a hash key, an assertion's
 * expected value or a message.
 */
function valueUse(node: SgNode): boolean {
  let cur = node;
  let p = cur.parent();
  // `"http://…".freeze`
  while (p && kindOf(p) === 'call' && p.field('receiver')?.id() === cur.id() && /^(freeze|dup|to_s)$/.test(p.field('method')?.text() ?? '')) {
    cur = p;
    p = cur.parent();
  }
  if (!p) return false;
  const k = kindOf(p);
  if (k === 'when' || k === 'pattern' || k === 'in_clause') return false;
  if (k === 'binary' && /^(==|!=|===|=~|!~|eql\?)$/.test(p.field('operator')?.text() ?? '')) return false;
  // The constant being declared, and the value it is declared with.
  if (k === 'assignment' && (p.field('left')?.id() === cur.id() || kindOf(p.field('left') ?? p) === 'constant')) return false;
  // `SHA1` of `XMLSecurity::Document::SHA1` is read as the whole path.
  if (k === 'scope_resolution') return false;
  if (k === 'pair' && p.field('value')?.id() !== cur.id()) return false;
  if (k === 'call') {
    const c = callParts(p);
    if (c && (c.receiver?.id() === cur.id() || /^(include\?|eql\?|equal\?|start_with\?|end_with\?|match\?|key\?|fetch)$/.test(c.method))) return false;
  }
  if (k === 'argument_list') {
    const call = p.parent();
    const c = call && kindOf(call) === 'call' ? callParts(call) : undefined;
    if (c && /^(include\?|eql\?|equal\?|start_with\?|end_with\?|match\?|key\?|puts|print|p|pp|warn|raise|fail|debug|info|error|log|append_error)$/.test(c.method)) return false;
  }
  return !inAssertion(node);
}
