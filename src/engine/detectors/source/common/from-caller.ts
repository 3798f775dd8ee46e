// Whether a value came from the file's own calls of a helper (Evaluator.eachCase): the expression is
// a parameter, or a variable holding one, and still resolves to something. Its literal is written at
// the caller, out of view of the evidence reported at the helper: key bytes made from it keep their
// length but not their literal origin, and a password or secret string passed in raises no
// hard-coded-key/-password signal at the helper (the Evaluator does the same for byte arrays passed in).
import type { SgNode } from '@ast-grep/napi';
import type { Evaluator } from './evaluate.js';

export function fromCaller(ev: Evaluator, node: SgNode | null | undefined): boolean {
  return !!node && ev.origin(node) === null;
}

/** The origin of bytes decoded or encoded from a string: `literal`, unless the string is a caller's. */
export function stringBytesOrigin(ev: Evaluator, node: SgNode | null | undefined): 'literal' | 'unknown' {
  return fromCaller(ev, node) ? 'unknown' : 'literal';
}
