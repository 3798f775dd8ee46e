// Paths through a branching statement, for the join of a local assigned on some of them
// (Binding.join, LanguageAdapter.pathEnds): each language names its arms and its jumps.
import type { SgNode } from '@ast-grep/napi';
import { nodeSpan } from './scopes.js';
import type { Guard } from './evaluate.js';
import type { Binding, Scope } from './symbols.js';

/**
 * The span of each arm control leaves at the statement's end (not through a `return`, `throw` or jump
 * out: `leaves`), in the arms' order, then the empty span at `start` when a path can run none of them
 * (no `else`, no `default`, a loop run zero times).
 */
export function pathEnds(arms: readonly (SgNode | null | undefined)[], leaves: (arm: SgNode) => boolean, start?: number): Scope[] {
  const out: Scope[] = [];
  for (const arm of arms) if (arm && !leaves(arm)) out.push(nodeSpan(arm));
  if (start !== undefined) out.push({ start, end: start });
  return out;
}

/**
 * The statement an arm ends with: its last statement when it is a block (`blockKinds`: braces, a
 * `case` group, an indented suite), else the arm itself (`if (x) return;`); comments aside.
 */
export function lastStatement(arm: SgNode, blockKinds: ReadonlySet<string>): SgNode | undefined {
  let cur: SgNode | undefined = arm;
  for (let i = 0; cur && blockKinds.has(cur.kind() as string) && i < 4; i++) {
    const children: SgNode[] = cur.namedChildren().filter((c: SgNode) => !(c.kind() as string).includes('comment'));
    cur = children.at(-1);
  }
  return cur;
}

/**
 * For languages whose locals are scoped by block (Kotlin, Ruby): the bindings that take over after
 * the blocks around an assignment to `name`, from its innermost block (`block`) out to the scope it
 * was declared in. Where a block is an arm of a branching statement (`armOf`), a join where the
 * statement ends, visible in the block around the statement (`around`); where another block ends
 * (a loop, a lambda, a `rescue`), an unknown binding in the declaration's scope, from there on.
 */
export function exitsOf(
  name: string,
  block: SgNode | undefined,
  declared: Scope,
  armOf: (block: SgNode) => SgNode | undefined,
  around: (statement: SgNode) => SgNode | undefined,
  file: Scope,
): Binding[] {
  const out: Binding[] = [];
  for (let span = block && nodeSpan(block); block && span && (span.start !== declared.start || span.end !== declared.end); span = block && nodeSpan(block)) {
    const statement = armOf(block);
    if (!statement) {
      out.push({ name, value: null, visibleFrom: span.end, scope: declared, member: false });
      break;
    }
    block = around(statement);
    out.push({ name, value: null, visibleFrom: nodeSpan(statement).end, scope: block ? nodeSpan(block) : file, member: false, join: statement });
  }
  return out;
}

/** How a language writes `if`, for conditionGuards. */
export interface IfSyntax {
  /** For an ancestor and its child on the way up from a `return`: the `if`'s condition and whether `child` is the arm where it holds. */
  arm(ancestor: SgNode, child: SgNode): { condition: SgNode; holds: boolean } | undefined;
  /** For a statement before the `return` in the same block: the condition of an `if` without `else` whose arm always leaves. */
  exitsWhen(statement: SgNode): SgNode | undefined;
  /**
   * For a statement before the `return`: a `switch` some of whose cases always leave (return or
   * throw), as the Guard that holds after it: the subject matches none of their labels, or, when
   * `default` leaves too, one of the other cases' labels.
   */
  switchExits?(statement: SgNode): Guard | undefined;
}

/**
 * The Guard after a `switch` (SwitchExits) from its cases in order: each case's labels (none for
 * `default`) and whether it always leaves. Undefined when no case leaves.
 */
export function switchGuard(subject: SgNode, cases: readonly { labels: SgNode[]; isDefault: boolean; leaves: boolean }[]): Guard | undefined {
  if (!cases.some((c) => c.leaves)) return undefined;
  const leaving = cases.filter((c) => c.leaves);
  const staying = cases.filter((c) => !c.leaves);
  // `default` leaves: the code after runs only for a label of a case that does not.
  if (leaving.some((c) => c.isDefault)) return { subject, labels: staying.flatMap((c) => c.labels), others: [] };
  return { subject, labels: [], others: leaving.flatMap((c) => c.labels) };
}

/**
 * The `if` of grammars that name its parts `condition`, `consequence` and `alternative` (Java, C#,
 * JS/TS, Go): an arm leaves when its last statement (through `blocks`) is one of `exits`.
 */
export function fieldIf(blocks: ReadonlySet<string>, exits: ReadonlySet<string>): IfSyntax {
  return {
    arm(a, child) {
      if (a.kind() as string !== 'if_statement') return undefined;
      const condition = a.field('condition');
      if (!condition) return undefined;
      if (a.field('consequence')?.id() === child.id()) return { condition, holds: true };
      return a.field('alternative')?.id() === child.id() ? { condition, holds: false } : undefined;
    },
    exitsWhen(stmt) {
      if (stmt.kind() as string !== 'if_statement' || stmt.field('alternative')) return undefined;
      const arm = stmt.field('consequence');
      const last = arm && lastStatement(arm, blocks);
      return last && exits.has(last.kind() as string) ? stmt.field('condition') ?? undefined : undefined;
    },
  };
}

/**
 * The `if` of grammars with `elif`/`elseif` clauses (Python, PHP): `condition`, a body in field
 * `body`, clauses of kind `elif` (with their own `condition` and body) and `else`; an arm leaves
 * when its last statement (through `blocks`) does (`leaves`).
 */
export function clauseIf(spec: { body: string; elif: string; else: string; blocks: ReadonlySet<string>; leaves: (last: SgNode) => boolean }): IfSyntax {
  const clauses = new Set([spec.elif, spec.else]);
  return {
    arm(a, child) {
      const k = a.kind() as string;
      if (k !== 'if_statement' && k !== spec.elif) return undefined;
      const condition = a.field('condition');
      if (!condition) return undefined;
      if (a.field(spec.body)?.id() === child.id()) return { condition, holds: true };
      // An `elif` or `else` runs only when the `if`'s own condition failed.
      return k === 'if_statement' && clauses.has(child.kind() as string) ? { condition, holds: false } : undefined;
    },
    exitsWhen(stmt) {
      if (stmt.kind() as string !== 'if_statement' || stmt.namedChildren().some((c) => clauses.has(c.kind() as string))) return undefined;
      const body = stmt.field(spec.body);
      const last = body && lastStatement(body, spec.blocks);
      return last && spec.leaves(last) ? stmt.field('condition') ?? undefined : undefined;
    },
  };
}

/**
 * The conditions a `return` needs, up to its function `fn`: each `if` arm around it (true in the
 * consequence, false in the `else`), and each earlier `if (c) { …; return … }` in the blocks around it
 * (false: `if (legacy) return "sha1"; return "sha256";` returns SHA-256 only when not legacy).
 */
export function conditionGuards(ret: SgNode, fn: SgNode, syntax: IfSyntax): Guard[] {
  const out: Guard[] = [];
  let child = ret;
  for (const a of ret.ancestors()) {
    if (a.id() === fn.id()) break;
    const arm = syntax.arm(a, child);
    if (arm) out.push(arm);
    for (let prev = child.prev(); prev; prev = prev.prev()) {
      if (!prev.isNamed()) continue;
      const condition = syntax.exitsWhen(prev);
      if (condition) out.push({ condition, holds: false });
      const after = syntax.switchExits?.(prev);
      if (after) out.push(after);
    }
    child = a;
  }
  return out;
}
