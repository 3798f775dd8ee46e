// What the per-file contexts of the newer source detectors (C#, Rust) share: an argument's resolved
// value, string or integer, and the set of nodes a handler already reported as part of an enclosing
// call (so that the node's own handler stays silent).
import type { SgNode } from '@ast-grep/napi';
import type { Evaluator } from './evaluate.js';
import type { Value } from './value.js';

export class EvaluatedFile {
  /** Ids of the nodes consume() marked (the `consumed` marks eachCaseMarked rolls back between the runs of one construct). */
  readonly consumedIds = new Set<number>();

  constructor(readonly ev: Evaluator) {}

  /** Marks a node reported as part of an enclosing call (`HashAlgorithmName.SHA256` of `SignData`, `MessageDigest::sha256()` of `pbkdf2_hmac`). */
  consume(node: SgNode | undefined): void {
    if (node) this.consumedIds.add(node.id());
  }

  consumed(node: SgNode): boolean {
    return this.consumedIds.has(node.id());
  }

  value(node: SgNode | null | undefined): Value {
    return this.ev.eval(node);
  }

  str(node: SgNode | null | undefined): string | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'str' ? v.value : undefined;
  }

  int(node: SgNode | null | undefined): number | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'int' ? v.value : undefined;
  }
}
