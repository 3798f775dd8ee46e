// The arguments a Python file's own calls pass to one of its functions or methods: how a helper's
// parameter (`def make_key(curve): return ec.generate_private_key(curve)`) gets the values its callers
// name (LanguageAdapter.callSiteArguments; docs/detectors.md, "Values passed by the file's own calls").
import type { SgNode } from '@ast-grep/napi';
import type { CallSites, Guard, LanguageAdapter, Returned } from '../common/evaluate.js';
import { clauseIf, conditionGuards } from '../common/paths.js';
import { kindOf } from '../common/languages.js';
import { escapeRegex } from '../common/regex.js';
import { nodeSpan, startsWithin } from '../common/scopes.js';
import { pyArgs } from './adapter.js';

/** Parameter kinds a caller can pass by position (before any `*`). */
const POSITIONAL = new Set(['identifier', 'typed_parameter', 'default_parameter', 'typed_default_parameter']);

function paramName(p: SgNode): string | undefined {
  if (kindOf(p) === 'identifier') return p.text();
  return (p.field('name') ?? p.namedChildren().find((c) => kindOf(c) === 'identifier'))?.text();
}

/** The class a function is a method of (directly in its body, decorated or not), and its decorators. */
function methodOf(fn: SgNode): { cls?: string; decorators: string[] } {
  const wrapper = fn.parent();
  const decorated = wrapper && kindOf(wrapper) === 'decorated_definition' ? wrapper : undefined;
  const decorators = decorated ? decorated.children().filter((c) => kindOf(c) === 'decorator').map((d) => d.text().replace(/\s+/g, '')) : [];
  const block = (decorated ?? fn).parent();
  const cls = block && kindOf(block) === 'block' ? block.parent() : undefined;
  return { ...(cls && kindOf(cls) === 'class_definition' ? { cls: cls.field('name')?.text() } : {}), decorators };
}

interface Site {
  node: SgNode;
  args: ReturnType<typeof pyArgs>;
  /** The call passes `*xs` or `**kw`: which argument lands where cannot be read. */
  spread: boolean;
}

/** Python's `if`, `elif`, `else`; an arm leaves with `return` or `raise`. */
const PY_IF = clauseIf({
  body: 'consequence',
  elif: 'elif_clause',
  else: 'else_clause',
  blocks: new Set(['block']),
  leaves: (last) => kindOf(last) === 'return_statement' || kindOf(last) === 'raise_statement',
});

/**
 * The expressions a function returns (not those of functions, lambdas or classes inside it), with the
 * conditions each needs; a bare `return` gives None.
 */
function returnedExpressions(fn: SgNode): { value: SgNode; guards: Guard[] }[] {
  const out: { value: SgNode; guards: Guard[] }[] = [];
  for (const r of fn.findAll({ rule: { kind: 'return_statement' } })) {
    const owner = r.ancestors().find((a) => ['function_definition', 'lambda', 'class_definition'].includes(kindOf(a)));
    if (owner?.id() !== fn.id()) continue;
    out.push({ value: r.namedChildren().find((c) => kindOf(c) !== 'comment') ?? r, guards: conditionGuards(r, fn, PY_IF) });
  }
  return out;
}

/**
 * The same-file functions of a Python file, for the Evaluator (LanguageAdapter.callSiteArguments and
 * returned). A module-level or nested function's calls are calls of its bare name; a method's are
 * `self.name(..)`, `cls.name(..)` and `Class.name(..)` (for the latter two of a class or static
 * method; `self`/`cls` take the first parameter of an ordinary or class method). An argument comes by
 * keyword or by position; left out, the parameter's default stands. Lambdas and parameters after `*`
 * or `*args` (keyword-only) by keyword only.
 */
export function pythonFunctions(root: SgNode): Pick<LanguageAdapter, 'callSiteArguments' | 'returned'> {
  const byFunction = new Map<number, Site[]>();
  /** The file's function definitions per name (one query per name the evaluator asks about). */
  const functionsNamed = new Map<string, SgNode[]>();

  const sitesOf = (fn: SgNode, name: string, cls: string | undefined, onClass: boolean): Site[] => {
    const span = nodeSpan(fn);
    const callee = cls
      ? { kind: 'attribute', has: { field: 'attribute', regex: `^${escapeRegex(name)}$` } }
      : { kind: 'identifier', regex: `^${escapeRegex(name)}$` };
    const out: Site[] = [];
    // A nested function is called by its name only inside the function around it.
    const outer = fn.ancestors().find((a) => kindOf(a) === 'function_definition');
    const within = outer ? nodeSpan(outer) : undefined;
    for (const call of root.findAll({ rule: { kind: 'call', has: { field: 'function', ...callee } } })) {
      if (startsWithin(call, span)) continue;
      if (within && !startsWithin(call, within)) continue;
      if (cls) {
        const object = call.field('function')?.field('object')?.text();
        if (object !== 'self' && object !== 'cls' && !(onClass && object === cls)) continue;
      }
      const list = call.field('arguments');
      if (!list || kindOf(list) !== 'argument_list') continue; // a generator argument: `f(x for x in y)`
      const spread = list.namedChildren().some((c) => kindOf(c) === 'list_splat' || kindOf(c) === 'dictionary_splat');
      out.push({ node: call, args: pyArgs(list), spread });
    }
    return out;
  };

  const sites = (fn: SgNode, fname: string, cls: string | undefined, decorators: string[]): Site[] => {
    let list = byFunction.get(fn.id());
    if (!list) {
      list = sitesOf(fn, fname, cls, decorators.includes('@staticmethod') || decorators.includes('@classmethod'));
      byFunction.set(fn.id(), list);
    }
    return list;
  };

  /**
   * The function a call of this file reaches, when exactly one can be: a bare name for a module-level
   * function or one nested in a function around the call, `self.name`/`cls.name` for a method of the
   * class around the call. A decorated function may return what its decorator makes (a caching
   * decorator excepted): not read.
   */
  const target = (call: SgNode): SgNode | undefined => {
    const f = call.field('function');
    if (!f) return undefined;
    let name: string | undefined;
    let method = false;
    if (kindOf(f) === 'identifier') name = f.text();
    else if (kindOf(f) === 'attribute' && ['self', 'cls'].includes(f.field('object')?.text() ?? '')) {
      name = f.field('attribute')?.text();
      method = true;
    }
    if (!name) return undefined;
    let declared = functionsNamed.get(name);
    if (!declared) {
      declared = root.findAll({ rule: { kind: 'function_definition', has: { field: 'name', regex: `^${escapeRegex(name)}$` } } });
      functionsNamed.set(name, declared);
    }
    const found = declared.filter((fn) => {
      const { cls, decorators } = methodOf(fn);
      if (decorators.some((d) => !/cache/.test(d))) return false;
      if (method !== (cls !== undefined)) return false;
      const outer = fn.ancestors().find((a) => kindOf(a) === 'function_definition' || kindOf(a) === 'class_definition');
      if (method) {
        // A method of the class the call is written in.
        return !!outer && kindOf(outer) === 'class_definition' && startsWithin(call, nodeSpan(outer));
      }
      if (!outer) return true;
      return kindOf(outer) === 'function_definition' && startsWithin(call, nodeSpan(outer));
    });
    return found.length === 1 ? found[0] : undefined;
  };

  const returned = (call: SgNode): Returned | undefined => {
    const fn = target(call);
    const fname = fn?.field('name')?.text();
    if (!fn || !fname) return undefined;
    const { cls, decorators } = methodOf(fn);
    const site = sites(fn, fname, cls, decorators).findIndex((s) => s.node.id() === call.id());
    // A subclass may override a method, unless its name is mangled.
    const open = cls !== undefined && !/^__(?!.*__$)/.test(fname);
    const returns = returnedExpressions(fn);
    return { function: fn.id(), open, ...(site >= 0 ? { site } : {}), returns: returns.map((r) => r.value), guards: returns.map((r) => r.guards) };
  };

  const callSiteArguments = (param: SgNode): CallSites | undefined => {
    const list = param.parent();
    const fn = list?.parent();
    if (!list || !fn || kindOf(list) !== 'parameters' || kindOf(fn) !== 'function_definition') return undefined;
    const fname = fn.field('name')?.text();
    const name = paramName(param);
    if (!fname || !name) return undefined;
    const { cls, decorators } = methodOf(fn);
    const params = list.namedChildren().filter((c) => kindOf(c) !== 'comment');
    // Position among the parameters a call fills positionally; `self`/`cls` are filled by the call's receiver.
    const bound = cls !== undefined && !decorators.includes('@staticmethod') ? 1 : 0;
    let position: number | undefined = -bound;
    for (const p of params) {
      if (p.id() === param.id()) break;
      const k = kindOf(p);
      if (POSITIONAL.has(k)) {
        if (position !== undefined) position++;
      } else if (k === 'keyword_separator' || k === 'list_splat_pattern') {
        position = undefined; // what follows `*` or `*args` is keyword-only (`/` changes nothing here)
      }
    }
    if (!POSITIONAL.has(kindOf(param)) || (position !== undefined && position < 0)) return undefined;
    const fallback = kindOf(param).endsWith('default_parameter') ? param.field('value') : null;
    const args = sites(fn, fname, cls, decorators).map((s) => {
      const byName = s.args.named.get(name);
      if (byName) return byName;
      if (s.spread) return null;
      return (position !== undefined ? s.args.positional[position] : undefined) ?? fallback ?? null;
    });
    // Only a function nested in another, or a name-mangled method, is out of other modules' reach.
    const nested = fn.ancestors().some((a) => kindOf(a) === 'function_definition');
    const mangled = cls !== undefined && /^__(?!.*__$)/.test(fname);
    return { function: fn.id(), name: fname, args, open: !nested && !mangled };
  };

  return { callSiteArguments, returned };
}
