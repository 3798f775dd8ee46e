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

/** Language modules collect bindings; the table answers lookups. */
export class SymbolTable {
  private readonly byName = new Map<string, Binding[]>();
  private readonly owners = new Set<string>();

  constructor(bindings: Iterable<Binding>) {
    for (const b of bindings) {
      if (b.owner !== undefined) this.owners.add(b.owner);
      const list = this.byName.get(b.name);
      if (list) list.push(b);
      else this.byName.set(b.name, [b]);
    }
    for (const list of this.byName.values()) list.sort((a, b) => a.visibleFrom - b.visibleFrom);
  }

  /**
   * The binding `name` refers to at character index `at`: in the innermost scope that contains
   * `at` and binds the name, the last binding visible before `at`; member bindings (fields) are
   * visible throughout their scope. Undefined when the file does not bind the name.
   */
  lookup(name: string, at: number): Binding | undefined {
    const list = this.byName.get(name);
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
    const list = this.byName.get(name);
    if (!list) return undefined;
    let found: Binding | undefined;
    for (const b of list) if (b.owner === owner && b.member) found = b;
    return found;
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
