// Per-file symbol table: every binding (constant, field, local, parameter, assignment) of one
// file, so that an argument like `KEY_BITS`, `this.keySize`, `Config.ITERATIONS` or `self.curve`
// resolves to the expression last assigned to it. Flow-insensitive beyond "last assignment before
// the use in the same scope": good for straight-line code, which is how crypto set-up is written.
import type { SgNode } from '@ast-grep/napi';

export interface Scope {
  /** Character index range of the function, class or module body the binding lives in. */
  start: number;
  end: number;
}

export interface Binding {
  name: string;
  /** Class name for fields and class constants (`Config` for `Config.KEY_BITS`). */
  owner?: string;
  /** The assigned expression; null when the value comes from outside (a parameter, a loop variable). */
  value: SgNode | null;
  /**
   * For a function's parameter, its declaration node: the Evaluator may then read the arguments the
   * file's own calls of that function pass (LanguageAdapter.callSiteArguments).
   */
  param?: SgNode;
  /** Character index from which the binding is visible (end of its statement). */
  visibleFrom: number;
  scope: Scope;
  /** Fields and constants are visible in the whole class, even before their declaration. */
  member: boolean;
  /**
   * On the binding (without a value) that takes over where a branching statement ends, for a local
   * some of its paths assign (`if (legacy) alg = "DES"; else alg = "AES";`): the statement (for a
   * loop, its body). The name then holds what it held at the end of whichever path ran, one case
   * each (LanguageAdapter.pathEnds, Evaluator.eachCase); without it such a binding is unknown.
   */
  join?: SgNode;
}

/** What the Evaluator asks of a file's bindings (SymbolTable answers eagerly, LazySymbolTable per name). */
export interface Symbols {
  /** `except`: bindings to pass over (a join's own, looking up the paths into it). */
  lookup(name: string, at: number, except?: (b: Binding) => boolean): Binding | undefined;
  member(owner: string, name: string): Binding | undefined;
  hasOwner(owner: string): boolean;
  all(name: string): readonly Binding[];
}

const byVisibility = (a: Binding, b: Binding): number => a.visibleFrom - b.visibleFrom;

/**
 * The binding `name` refers to at character index `at`, from every binding of that name sorted by
 * visibility: in the innermost scope that contains `at` and binds the name, the last binding visible
 * before `at`; member bindings (fields) are visible throughout their scope.
 */
function lookupIn(list: readonly Binding[], at: number, except?: (b: Binding) => boolean): Binding | undefined {
  let best: Binding | undefined;
  let bestScope: Scope | undefined;
  for (const b of list) {
    if (at < b.scope.start || at > b.scope.end) continue;
    if (except?.(b)) continue;
    if (!b.member && b.visibleFrom > at) continue;
    const inner = !bestScope || b.scope.end - b.scope.start < bestScope.end - bestScope.start;
    const same = bestScope && b.scope.start === bestScope.start && b.scope.end === bestScope.end;
    if (inner && !same) {
      best = b;
      bestScope = b.scope;
    } else if (same && best) {
      // Same scope: an assignment visible before the use beats a member declaration; otherwise the later one wins
      // (the list is sorted by visibility).
      if (!b.member || best.member) best = b;
    }
  }
  return best;
}

/** The last member binding of `owner` in a list of one name's bindings. */
function memberIn(list: readonly Binding[], owner: string): Binding | undefined {
  let found: Binding | undefined;
  for (const b of list) if (b.owner === owner && b.member) found = b;
  return found;
}

/**
 * The scope of the innermost binding of `name` visible at `at` (the declaration a later assignment to
 * that name writes into), from bindings collected so far in document order (Kotlin, Swift).
 */
export function declarationScope(bindings: readonly Binding[], name: string, at: number): Scope | undefined {
  let found: Binding | undefined;
  for (const b of bindings) if (b.name === name && b.visibleFrom <= at && at >= b.scope.start && at <= b.scope.end && (!found || b.scope.end - b.scope.start <= found.scope.end - found.scope.start)) found = b;
  return found?.scope;
}

/** Language modules collect bindings; the table answers lookups. */
export class SymbolTable implements Symbols {
  private readonly byName = new Map<string, Binding[]>();
  private readonly owners = new Set<string>();

  constructor(bindings: Iterable<Binding>) {
    for (const b of bindings) {
      if (b.owner !== undefined) this.owners.add(b.owner);
      const list = this.byName.get(b.name);
      if (list) list.push(b);
      else this.byName.set(b.name, [b]);
    }
    for (const list of this.byName.values()) list.sort(byVisibility);
  }

  /** The binding `name` refers to at character index `at` (see lookupIn); undefined when the file does not bind the name. */
  lookup(name: string, at: number, except?: (b: Binding) => boolean): Binding | undefined {
    const list = this.byName.get(name);
    return list ? lookupIn(list, at, except) : undefined;
  }

  /** A field or constant of class `owner` (`Config.KEY_BITS`): the last one declared. */
  member(owner: string, name: string): Binding | undefined {
    const list = this.byName.get(name);
    return list ? memberIn(list, owner) : undefined;
  }

  /** Whether the file declares a class (or object) with this name that owns members. */
  hasOwner(owner: string): boolean {
    return this.owners.has(owner);
  }

  /** Every binding of `name` (all scopes), in visibility order: for "is this variable ever randomised" checks. */
  all(name: string): readonly Binding[] {
    return this.byName.get(name) ?? [];
  }
}

/**
 * Whether a node's text holds `name`: the per-name filter of the binding sources that keep their
 * candidates in a file index (JS/TS, Go). A binding's name is always written inside the node that
 * makes it, so this never drops one. Each node's text is fetched from native code once per wrapper
 * and kept for the file's next names.
 */
const texts = new WeakMap<SgNode, string>();
export function textHolds(node: SgNode, name: string): boolean {
  return nodeText(node).includes(name);
}

/** A node's text through textHolds' cache: a detector's own text filters share the one native fetch. */
export function nodeText(node: SgNode): string {
  let text = texts.get(node);
  if (text === undefined) {
    text = node.text();
    texts.set(node, text);
  }
  return text;
}

/** How a language collects a file's bindings: all at once, or only those that may carry one name. */
export interface BindingSource {
  /** Every binding of the file, in document order. */
  every(): Binding[];
  /**
   * In document order, every binding named `name` (others may come too and are dropped): what
   * `every()` would give for that name, found by a native query that skips the file's other
   * declarations instead of visiting each of them from JS.
   */
  named(name: string): Binding[];
  /** False only when no binding can have `owner` (the file declares no class of that name). */
  mayOwn(owner: string): boolean;
}

/** Distinct names a LazySymbolTable resolves one query each before it collects the whole file instead. */
const NAMES_BEFORE_FULL_TABLE = 4;

/**
 * The same answers as a SymbolTable over `source.every()`, but collected per looked-up name. A file
 * binds hundreds of names and its crypto calls look up one or two (measured on the benchmark tree:
 * 238 bindings per Python file for 1.5 names, 168 per Java file for 2), and collecting a binding
 * costs several calls into native code. Past NAMES_BEFORE_FULL_TABLE names, or for an owner the
 * file may declare, the whole table is built once and answers from then on.
 */
export class LazySymbolTable implements Symbols {
  private full: SymbolTable | undefined;
  private readonly byName = new Map<string, Binding[]>();
  private readonly mayOwn = new Map<string, boolean>();

  constructor(private readonly source: BindingSource) {}

  private table(): SymbolTable {
    return (this.full ??= new SymbolTable(this.source.every()));
  }

  private list(name: string): readonly Binding[] {
    if (this.full) return this.full.all(name);
    let list = this.byName.get(name);
    if (list === undefined) {
      if (this.byName.size >= NAMES_BEFORE_FULL_TABLE) return this.table().all(name);
      list = this.source.named(name).filter((b) => b.name === name);
      list.sort(byVisibility);
      this.byName.set(name, list);
    }
    return list;
  }

  lookup(name: string, at: number, except?: (b: Binding) => boolean): Binding | undefined {
    return lookupIn(this.list(name), at, except);
  }

  member(owner: string, name: string): Binding | undefined {
    return memberIn(this.list(name), owner);
  }

  hasOwner(owner: string): boolean {
    if (!this.full) {
      // Asked for every `X.Y` the evaluator meets (`StandardCharsets.UTF_8` many times a file), and
      // mayOwn may walk the tree: one answer per owner.
      let may = this.mayOwn.get(owner);
      if (may === undefined) {
        may = this.source.mayOwn(owner);
        this.mayOwn.set(owner, may);
      }
      if (!may) return false;
    }
    return this.table().hasOwner(owner);
  }

  all(name: string): readonly Binding[] {
    return this.list(name);
  }
}
