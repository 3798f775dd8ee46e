// Scope lookup without walking ancestors for every node: the scope-forming nodes of a file
// (functions, classes) are collected once with one query, and "innermost scope around offset X" is
// a scan over that short list. Walking `ancestors()` per binding dominated detection time.
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from './languages.js';
import type { Scope } from './symbols.js';

export interface ScopeNode extends Scope {
  kind: string;
  node: SgNode;
  /** Declared name (class name), when the node has a `name` field. */
  name?: string;
}

/**
 * The name is fetched on first use: only class scopes' names are ever read, and every `field`/`text`
 * call on a node crosses into native code (a file has many more methods and lambdas than classes).
 */
class LazyNamedScope implements ScopeNode {
  private fetched = false;
  private cached: string | undefined;

  constructor(
    readonly kind: string,
    readonly node: SgNode,
    readonly start: number,
    readonly end: number,
  ) {}

  get name(): string | undefined {
    if (!this.fetched) {
      this.cached = this.node.field('name')?.text() || undefined;
      this.fetched = true;
    }
    return this.cached;
  }
}

/**
 * A node's character span, fetched from native code once per node wrapper: binding collectors ask for
 * the same node's span several times (its end, then its scope, then its class), and each `range()`
 * call crosses into Rust and builds two position objects.
 */
const spans = new WeakMap<SgNode, Scope>();
export function nodeSpan(node: SgNode): Scope {
  let span = spans.get(node);
  if (!span) {
    const r = node.range();
    span = { start: r.start.index, end: r.end.index };
    spans.set(node, span);
  }
  return span;
}

/** Whether a node starts inside a span (a call inside a function's body, a class's). */
export function startsWithin(node: SgNode, span: Scope): boolean {
  const at = node.range().start.index;
  return at >= span.start && at < span.end;
}

/** What binding collectors ask about scopes: ScopeIndex answers for a whole file, AncestorScopes per node. */
export interface ScopeLookup {
  readonly file: Scope;
  /** Innermost scope around a node (strictly enclosing it, not the node itself) whose kind is in `kinds`. */
  around(node: SgNode, kinds: ReadonlySet<string>): ScopeNode | undefined;
}

/**
 * ScopeIndex's answers read from a node's ancestors instead of a walk of the whole file: for the few
 * binding nodes a per-name lookup visits (a handful against hundreds), a dozen native calls each
 * instead of a traversal that costs about a third of the parse.
 */
export class AncestorScopes implements ScopeLookup {
  readonly file: Scope;

  constructor(root: SgNode) {
    this.file = nodeSpan(root);
  }

  around(node: SgNode, kinds: ReadonlySet<string>): ScopeNode | undefined {
    const r = nodeSpan(node);
    for (const a of node.ancestors()) {
      const kind = kindOf(a);
      if (!kinds.has(kind)) continue;
      const s = nodeSpan(a);
      if (s.start === r.start && s.end === r.end) continue;
      return new LazyNamedScope(kind, a, s.start, s.end);
    }
    return undefined;
  }
}

export class ScopeIndex implements ScopeLookup {
  /** Sorted by start, outer before inner. */
  private readonly scopes: ScopeNode[];
  readonly file: Scope;

  constructor(root: SgNode, kinds: readonly string[]) {
    const r = root.range();
    this.file = { start: r.start.index, end: r.end.index };
    this.scopes = root.findAll({ rule: { any: kinds.map((kind) => ({ kind })) } }).map((node) => {
      const range = node.range();
      return new LazyNamedScope(kindOf(node), node, range.start.index, range.end.index);
    });
    this.scopes.sort((a, b) => a.start - b.start || b.end - a.end);
  }

  /** Innermost scope containing [start, end) whose kind is in `kinds`; undefined when none. */
  innermost(start: number, end: number, kinds: ReadonlySet<string>): ScopeNode | undefined {
    let best: ScopeNode | undefined;
    for (const s of this.scopes) {
      if (s.start > start) break;
      if (s.end >= end && kinds.has(s.kind) && (!best || s.start >= best.start)) best = s;
    }
    return best;
  }

  /** The span of the innermost scope of `kinds` around a node, or the whole file: where a binding made there is visible. */
  spanAround(node: SgNode, kinds: ReadonlySet<string>): Scope {
    const s = this.around(node, kinds);
    return s ? { start: s.start, end: s.end } : this.file;
  }

  /** Innermost scope around a node (strictly enclosing it, not the node itself). */
  around(node: SgNode, kinds: ReadonlySet<string>): ScopeNode | undefined {
    const r = nodeSpan(node);
    let best: ScopeNode | undefined;
    for (const s of this.scopes) {
      if (s.start > r.start) break;
      if (s.end >= r.end && kinds.has(s.kind) && !(s.start === r.start && s.end === r.end) && (!best || s.start >= best.start)) best = s;
    }
    return best;
  }
}
