// cloudflare/cfssl as a library: a `csr.KeyRequest` (`BasicKeyRequest` before cfssl 1.5) names the key
// pair cfssl generates for a certificate request or a CA (`csr.KeyRequest{A: "rsa", S: 2048}`, also
// positional, in a slice of requests or through a helper's parameters), and `csr.NewKeyRequest()` is
// cfssl's default, ECDSA P-256. The (algo, size) rule is the one cfssl's JSON requests follow
// (artefacts/cfssl-csr.ts). Where the request comes from configuration nothing is reported here: cfssl's
// `KeyRequest.Generate` reports it where the key is made, if that code is scanned.
import type { SgNode } from '@ast-grep/napi';
import { cfsslKeyRequest } from '../../artefacts/cfssl-csr.js';
import { eachCaseMarked } from '../common/cases.js';
import { escapeRegex } from '../common/regex.js';
import type { GoFile } from './file.js';

export const CFSSL_CSR = 'github.com/cloudflare/cfssl/csr';

/** `csr.NewKeyRequest()` / `csr.NewBasicKeyRequest()`: cfssl's default request, ECDSA on P-256. */
export function cfsslDefaultKeyRequest(f: GoFile, call: SgNode, callee: string): void {
  f.algorithm(call, callee, { spelling: 'ECDSA', params: { curve: 'P-256' }, functions: ['keygen'] });
}

/** The value node of a literal element (`literal_element` wraps it in the current grammar). */
function valueOf(node: SgNode | null | undefined): SgNode | undefined {
  if (!node) return undefined;
  return node.kind() === 'literal_element' ? node.namedChildren()[0] : node;
}

/** The request literals a composite literal holds: itself, or each element of a slice, array or map of requests. */
function requestBodies(literal: SgNode): SgNode[] {
  const body = literal.field('body');
  if (!body) return [];
  if (literal.field('type')?.kind() === 'qualified_type') return [body];
  // `[]csr.KeyRequest{{A: "rsa", S: 2048}, …}`, `map[string]csr.KeyRequest{"ca": {…}}`; an element written
  // `&csr.KeyRequest{…}` is a composite literal of its own and is found by itself.
  return body.namedChildren().flatMap((e) => {
    const v = valueOf(e.kind() === 'keyed_element' ? e.namedChildren()[1] : e);
    return v?.kind() === 'literal_value' ? [v] : [];
  });
}

/** The A (algorithm) and S (size) elements of a request literal, keyed or positional. */
function fields(body: SgNode): { a?: SgNode; s?: SgNode } {
  const out: { a?: SgNode; s?: SgNode } = {};
  body.namedChildren().filter((e) => e.kind() !== 'comment').forEach((e, i) => {
    if (e.kind() === 'keyed_element') {
      const [k, v] = e.namedChildren();
      const name = valueOf(k)?.text();
      if (name === 'A') out.a = valueOf(v);
      else if (name === 'S') out.s = valueOf(v);
    } else if (i === 0) out.a = valueOf(e);
    else if (i === 1) out.s = valueOf(e);
  });
  return out;
}

/** Every `csr.KeyRequest` / `csr.BasicKeyRequest` literal of the file, `locals` being the names cfssl's csr package is imported as. */
export function detectCfsslKeyRequests(f: GoFile, root: SgNode, locals: string[]): void {
  const type = `(${locals.map(escapeRegex).join('|')})\\.(Basic)?KeyRequest$`;
  for (const literal of root.findAll({ rule: { kind: 'composite_literal', has: { field: 'type', regex: type } } })) {
    const symbol = `${CFSSL_CSR}.${/(Basic)?KeyRequest$/.exec(literal.field('type')!.text())![0]}`;
    for (const body of requestBodies(literal)) {
      const { a, s } = fields(body);
      eachCaseMarked(f.ev, { sink: f.sink }, () => {
        const algo = f.eval(a);
        if (algo.kind !== 'str') return;
        const key = cfsslKeyRequest(algo.value, f.int(s));
        if (!key) return;
        // An absent S may be set later (`kr.S = bits`): unknown, as a size the evaluator cannot read.
        f.algorithm(body === literal.field('body') ? literal : body, symbol, { spelling: key.spelling, params: key.params, unresolved: key.unresolved, functions: ['keygen'] });
      });
    }
  }
}
