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
  /** Character index from which the binding is visible (end of its statement). */
  visibleFrom: number;
  scope: Scope;
  /** Fields and constants are visible in the whole class, even before their declaration. */
  member: boolean;
}

/**
 * Bindings of one name, in document order; may return bindings of other names too (the table
 * drops them). Lets a language collect only the declarations a detector actually looks up.
 */
export type BindingsOfName = (name: string) => Iterable<Binding>;

/** An ast-grep `regex` matching a node whose whole text is `name`. */
export function exactText(name: string): string {
  return `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
}

/** The ast-grep rule fragment that keeps only nodes containing an identifier spelled `name`. */
export function hasIdentifier(name: string, kind = 'identifier'): { has: { kind: string; regex: string; stopBy: 'end' } } {
  return { has: { kind, regex: exactText(name), stopBy: 'end' } };
}

/**
 * Distinct names a lazy table collects one by one before it collects the whole file instead: a
 * per-name collection is one native query over the whole tree, cheaper than visiting every
 * declaration from JavaScript only while few names are looked up. Measured (detect CPU, budget
 * 0 / 2 / 3 / 8): benchmark tree 2.05 / 2.0 / 1.93 / 2.0 s; the crypto-dense labelled corpus, whose
 * files look up many names, ~5.5 / 6 / 7 / 7.5x parse. 2 keeps most of the first without the second.
 */
const PER_NAME_BUDGET = 2;

/**
 * Language modules collect bindings; the table answers lookups. Given all bindings it indexes them
 * at once; given a per-name collector (and the whole-file one) it fills each name on its first
 * lookup, switching to the whole file once PER_NAME_BUDGET names have been looked up.
 */
export class SymbolTable {
  private byName = new Map<string, Binding[]>();
  private ofName: BindingsOfName | undefined;
  private readonly whole: (() => Iterable<Binding>) | undefined;

  constructor(bindings: Iterable<Binding> | (() => Iterable<Binding>), ofName?: BindingsOfName) {
    if (typeof bindings === 'function' && ofName) {
      this.whole = bindings;
      this.ofName = ofName;
      return;
    }
    this.index(typeof bindings === 'function' ? bindings() : bindings);
  }

  private index(bindings: Iterable<Binding>): void {
    this.byName = new Map();
    for (const b of bindings) {
      const list = this.byName.get(b.name);
      if (list) list.push(b);
      else this.byName.set(b.name, [b]);
    }
    for (const list of this.byName.values()) list.sort((a, b) => a.visibleFrom - b.visibleFrom);
  }

  /** Bindings of `name` sorted by visibility (stable: document order among equals); undefined when none. */
  private listOf(name: string): Binding[] | undefined {
    if (!this.ofName || this.byName.has(name)) return this.byName.get(name);
    if (this.byName.size >= PER_NAME_BUDGET && this.whole) {
      this.ofName = undefined;
      this.index(this.whole());
      return this.byName.get(name);
    }
    const list: Binding[] = [];
    for (const b of this.ofName(name)) if (b.name === name) list.push(b);
    list.sort((a, b) => a.visibleFrom - b.visibleFrom);
    this.byName.set(name, list);
    return list;
  }

  /**
   * The binding `name` refers to at character index `at`: in the innermost scope that contains
   * `at` and binds the name, the last binding visible before `at`; member bindings (fields) are
   * visible throughout their scope. Undefined when the file does not bind the name.
   */
  lookup(name: string, at: number): Binding | undefined {
    const list = this.listOf(name);
    if (!list) return undefined;
    let best: Binding | undefined;
    let bestScope: Scope | undefined;
    for (const b of list) {
      if (at < b.scope.start || at > b.scope.end) continue;
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

  /** A field or constant of class `owner` (`Config.KEY_BITS`): the last one declared. */
  member(owner: string, name: string): Binding | undefined {
    const list = this.listOf(name);
    if (!list) return undefined;
    let found: Binding | undefined;
    for (const b of list) if (b.owner === owner && b.member) found = b;
    return found;
  }

  /** Every binding of `name` (all scopes), in visibility order: for "is this variable ever randomised" checks. */
  all(name: string): readonly Binding[] {
    return this.listOf(name) ?? [];
  }
}
