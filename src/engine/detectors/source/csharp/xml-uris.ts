// XML-DSig and XML-Enc algorithm identifiers written as URI strings in C#: the way .NET code configures
// SAML and XML signature libraries (Sustainsys.Saml2's `OutboundSigningAlgorithm`, `MinIncomingSigningAlgorithm`,
// `SignedXml.SignatureMethod = "…"`), often from a class of constants listing the algorithms offered. A literal
// counts only when it is exactly one algorithm URI (XML documents that mention one are data); a literal it is
// compared with reads a peer's choice and is not a use.
import type { SgNode } from '@ast-grep/napi';
import { xmlAlgorithmByUri } from '../common/xmldsig.js';
import type { DetectionSink } from '../common/sink.js';
import { comparedInCSharp } from '../common/csharp-literals.js';

/** Prefilter words: the namespaces' distinctive parts. */
export const XML_URI_KEYWORDS = ['/xmldsig', '/xmlenc'];

const LITERAL_KINDS = ['string_literal', 'verbatim_string_literal'];

export function detectXmlAlgorithmUris(root: SgNode, sink: DetectionSink, text: string): void {
  if (!text.includes('www.w3.org/20')) return;
  const literals = root.findAll({ rule: { any: LITERAL_KINDS.map((kind) => ({ kind, regex: 'www\\.w3\\.org/20[0-9]{2}/[0-9/]*xml(dsig|enc)' })) } });
  for (const literal of literals) {
    const uri = literal.text().replace(/^@?"|"$/g, '');
    const alg = xmlAlgorithmByUri(uri);
    if (!alg || comparedInCSharp(literal)) continue;
    sink.algorithm(literal, 'XML-DSig/XML-Enc algorithm URI', alg.spelling, alg.params, { functions: [...alg.functions].sort() });
  }
}
