// The arguments a PHP file's own calls pass to one of its functions, methods or constructors: how a
// helper's parameter (`private function digest(string $data, string $algo = 'sha256')`) gets the values
// its callers name (LanguageAdapter.callSiteArguments), and what a call of one returns
// (LanguageAdapter.returned; docs/detectors.md, "PHP", "Values passed by the file's own calls").
import type { SgNode } from '@ast-grep/napi';
import type { Args, CallSites, Guard, Returned } from '../common/evaluate.js';
import { clauseIf, conditionGuards } from '../common/paths.js';
import { declaredName, kindOf } from '../common/languages.js';
import { escapeRegex } from '../common/regex.js';
import { nodeSpan } from '../common/scopes.js';
import type { Scope } from '../common/symbols.js';
import { callArgs } from './resolve.js';

const PARAM_KINDS = new Set(['simple_parameter', 'variadic_parameter', 'property_promotion_parameter']);
const CLASS_KINDS = new Set(['class_declaration', 'enum_declaration', 'trait_declaration', 'interface_declaration', 'anonymous_class']);

interface Site {
  call: SgNode;
  args: Args;
  /** The call spreads an array (`f(...$opts)`): a parameter past the arguments before it is not read. */
  spread: boolean;
}

interface Function {
  sites: Site[];
  open: boolean;
}

/** A class of the file that extends another by name: its body, and the methods it declares (lower case). */
interface Subclass {
  base: string;
  span: Scope;
  methods: Set<string>;
}

const within = (at: number, s: Scope): boolean => at >= s.start && at < s.end;
/** `\App\Crypto\Vault`, `Vault` -> `vault` (class and function names are case-insensitive). */
const lastSegment = (name: string): string => name.replace(/^.*\\/, '').toLowerCase();

/** A call written as one (not `$this->m(...)`, PHP 8.1's first-class callable syntax): its arguments, and whether it spreads. */
function siteOf(call: SgNode): Site | undefined {
  const list = call.field('arguments') ?? call.children().find((c) => kindOf(c) === 'arguments');
  const items = list?.namedChildren() ?? [];
  if (items.some((c) => kindOf(c) === 'variadic_placeholder')) return undefined;
  const spread = items.some((a) => kindOf(a) === 'argument' && kindOf(a.namedChildren().at(-1) ?? a) === 'variadic_unpacking');
  return { call, args: callArgs(call), spread };
}

/** The file's namespace at a node (`namespace App\Crypto;`), or ''. */
function namespaceOf(root: SgNode): string {
  const ns = root.find({ rule: { kind: 'namespace_definition' } });
  return (ns?.field('name') ?? ns?.namedChildren().find((c) => kindOf(c) === 'namespace_name'))?.text().toLowerCase() ?? '';
}

/**
 * callSiteArguments for a PHP file. A function's calls are `name(..)` (also `\Ns\name(..)` of the file's
 * namespace); a method's are `$this->name(..)`, `self::`, `static::` in its class (and in a class of the
 * file that extends it and does not declare the method; `parent::name(..)` there), and
 * `Class::name(..)`; a constructor's are `new Class(..)`, `new self(..)`/`new static(..)` in the class and
 * `parent::__construct(..)` in a subclass. Names are case-insensitive. An argument comes by name (PHP 8)
 * or position; left out, the parameter's default stands; past a spread `...$args` it is not read, and a
 * variadic parameter is not read. `open` unless the method or constructor is `private` (a function is
 * global: any file can call it), and then still when it is a trait's, the file names it as a string (a
 * callable `[$this, 'name']`), makes a first-class callable of it, or calls a method of that name on
 * another object. One native query per function name.
 */
export function phpFunctions(root: SgNode): { callSiteArguments: (param: SgNode) => CallSites | undefined; returned: (call: SgNode) => Returned | undefined } {
  const byFunction = new Map<number, Function | undefined>();
  let subclasses: Subclass[] | undefined;
  let namespace: string | undefined;
  const subclassesOf = (cls: string): Subclass[] => {
    subclasses ??= root.findAll({ rule: { kind: 'class_declaration', has: { kind: 'base_clause' } } }).map((c) => ({
      base: lastSegment(c.children().find((k) => kindOf(k) === 'base_clause')?.namedChildren()[0]?.text() ?? ''),
      span: nodeSpan(c),
      methods: new Set((c.field('body')?.children() ?? []).filter((m) => kindOf(m) === 'method_declaration').map((m) => m.field('name')?.text().toLowerCase() ?? '')),
    }));
    return subclasses.filter((s) => s.base === cls);
  };

  const functionSites = (fn: SgNode, name: string): Function => {
    namespace ??= namespaceOf(root);
    const span = nodeSpan(fn);
    const sites: Site[] = [];
    const re = `(?i)^\\\\?(${escapeRegex(namespace)}\\\\)?${escapeRegex(name)}$`;
    for (const call of root.findAll({ rule: { kind: 'function_call_expression', has: { field: 'function', regex: re } } })) {
      if (within(call.range().start.index, span)) continue;
      const site = siteOf(call);
      if (site) sites.push(site);
    }
    // A function is global: any file can call it.
    return { sites, open: true };
  };

  const methodSites = (fn: SgNode, name: string, cls: SgNode): Function => {
    const lower = name.toLowerCase();
    const clsName = cls.field('name')?.text().toLowerCase();
    const body = nodeSpan(cls);
    const span = nodeSpan(fn);
    const isPrivate = fn.children().some((c) => kindOf(c) === 'visibility_modifier' && c.text().toLowerCase() === 'private');
    const constructor = lower === '__construct';
    // Bodies where `$this->name`, `self::name`, `static::name` reach this method; and where `parent::name` does.
    const subs = clsName && !isPrivate ? subclassesOf(clsName) : [];
    const inherits = subs.filter((s) => !s.methods.has(lower)).map((s) => s.span);
    const children = subs.map((s) => s.span);
    const own = (at: number): boolean => within(at, body) || inherits.some((s) => within(at, s));
    let open = !isPrivate || kindOf(cls) === 'trait_declaration';
    const sites: Site[] = [];
    const add = (call: SgNode): void => {
      const site = siteOf(call);
      if (site) sites.push(site);
      else open = true; // `$this->name(...)`: a callable handed on
    };
    const re = `(?i)^${escapeRegex(name)}$`;
    const rules: Record<string, unknown>[] = [{ kind: 'scoped_call_expression', has: { field: 'name', regex: re } }];
    // Only this file can call a private method, unless it hands it on as a callable (`[$this, 'name']`).
    if (!open) rules.push({ kind: 'string', regex: `(?i)^'${escapeRegex(name)}'$` }, { kind: 'encapsed_string', regex: `(?i)^"${escapeRegex(name)}"$` });
    if (constructor) {
      if (clsName) rules.push({ kind: 'object_creation_expression', has: { any: [{ kind: 'name' }, { kind: 'qualified_name' }], regex: `(?i)(^|\\\\)(${escapeRegex(clsName)}|self|static)$` } });
    } else {
      rules.push({ kind: 'member_call_expression', has: { field: 'name', regex: re } }, { kind: 'nullsafe_member_call_expression', has: { field: 'name', regex: re } });
    }
    for (const n of root.findAll({ rule: { any: rules } } as Parameters<SgNode['findAll']>[0])) {
      const at = n.range().start.index;
      if (within(at, span)) continue; // recursion
      const k = kindOf(n);
      if (k === 'string' || k === 'encapsed_string') {
        open = true; // a callable `[$this, 'name']`, `'Class::name'`
      } else if (k === 'object_creation_expression') {
        const type = n.namedChildren().find((c) => kindOf(c) === 'name' || kindOf(c) === 'qualified_name')?.text() ?? '';
        const t = lastSegment(type);
        if (t === clsName ? true : (t === 'self' || t === 'static') && within(at, body)) add(n);
      } else if (k === 'scoped_call_expression') {
        const scope = n.field('scope');
        const s = scope?.text().toLowerCase() ?? '';
        if (s === 'self' || s === 'static') {
          if (own(at)) add(n);
        } else if (s === 'parent') {
          if (children.some((c) => within(at, c))) add(n);
        } else if (scope && (kindOf(scope) === 'name' || kindOf(scope) === 'qualified_name') && lastSegment(scope.text()) === clsName) {
          add(n);
        }
      } else {
        const object = n.field('object');
        if (object?.text() === '$this') {
          if (own(at)) add(n);
        } else {
          open = true; // `$other->name(..)`: maybe this method, on an object the file does not follow
        }
      }
    }
    return { sites, open };
  };

  const cached = (fn: SgNode): Function | undefined => {
    if (!byFunction.has(fn.id())) {
      const name = fn.field('name')?.text();
      const cls = kindOf(fn) === 'method_declaration' ? fn.parent()?.parent() : undefined;
      byFunction.set(fn.id(), !name ? undefined : kindOf(fn) === 'function_definition' ? functionSites(fn, name) : cls && CLASS_KINDS.has(kindOf(cls)) ? methodSites(fn, name, cls) : undefined);
    }
    return byFunction.get(fn.id());
  };

  const callSiteArguments = (param: SgNode): CallSites | undefined => {
    if (!PARAM_KINDS.has(kindOf(param)) || kindOf(param) === 'variadic_parameter') return undefined;
    const list = param.parent();
    const fn = list?.parent();
    if (!list || !fn || kindOf(list) !== 'formal_parameters') return undefined;
    const fk = kindOf(fn);
    if (fk !== 'function_definition' && fk !== 'method_declaration') return undefined;
    const name = fn.field('name')?.text();
    const paramName = param.field('name')?.text().replace(/^&?\$/, '');
    if (!name || !paramName) return undefined;
    const params = list.namedChildren().filter((p) => PARAM_KINDS.has(kindOf(p)));
    const index = params.findIndex((p) => p.id() === param.id());
    if (index < 0) return undefined;
    const f = cached(fn);
    if (!f) return undefined;
    const fallback = param.field('default_value');
    const args = f.sites.map((s) => {
      const byName = s.args.named.get(paramName);
      if (byName) return byName;
      const positional = s.args.positional[index];
      if (positional) return positional;
      return s.spread ? null : fallback;
    });
    return { function: fn.id(), name: declaredName(fn), args, open: f.open };
  };

  /**
   * A call of a function or method of the file that is one of its call sites (as callSiteArguments
   * reads them; one declaration of that name): what its `return`s give. A method that is neither
   * `private` nor `final` (nor in a `final` class) may be overridden in another file.
   */
  const returned = (call: SgNode): Returned | undefined => {
    const k = kindOf(call);
    const isFunction = k === 'function_call_expression';
    if (!isFunction && k !== 'member_call_expression' && k !== 'scoped_call_expression') return undefined;
    const name = (isFunction ? call.field('function')?.text() : call.field('name')?.text())?.replace(/^.*\\/, '');
    if (!name || !/^\w+$/.test(name)) return undefined;
    const kind = isFunction ? 'function_definition' : 'method_declaration';
    const decls = root.findAll({ rule: { kind, has: { field: 'name', regex: `(?i)^${escapeRegex(name)}$` } } });
    const fn = decls.length === 1 ? decls[0]! : undefined;
    const site = fn ? cached(fn)?.sites.findIndex((s) => s.call.id() === call.id()) ?? -1 : -1;
    if (!fn || site < 0) return undefined;
    const words = (n: SgNode | null | undefined): string[] => (n?.children() ?? []).filter((c) => /modifier$/.test(kindOf(c))).map((c) => c.text().toLowerCase());
    const cls = fn.parent()?.parent();
    const open = !isFunction && !words(fn).includes('private') && !words(fn).includes('final') && !words(cls).includes('final');
    const returns = returnedExpressions(fn);
    return { function: fn.id(), open, site, returns: returns.map((r) => r.value), guards: returns.map((r) => r.guards) };
  };

  return { callSiteArguments, returned };
}

const FUNCTION_KINDS = new Set(['function_definition', 'method_declaration', 'anonymous_function', 'arrow_function']);

/** PHP's `if`, `elseif`, `else`; an arm leaves with `return`, `throw` (an expression statement in PHP 8). */
const PHP_IF = clauseIf({
  body: 'body',
  elif: 'else_if_clause',
  else: 'else_clause',
  blocks: new Set(['compound_statement', 'colon_block']),
  leaves: (last) => ['return_statement', 'throw_expression'].includes(kindOf(last)) || (kindOf(last) === 'expression_statement' && kindOf(last.namedChildren()[0] ?? last) === 'throw_expression'),
});

/** What a function or method returns: its `return` expressions (not those of closures inside it) with the conditions each needs. */
function returnedExpressions(fn: SgNode): { value: SgNode; guards: Guard[] }[] {
  const out: { value: SgNode; guards: Guard[] }[] = [];
  for (const r of fn.findAll({ rule: { kind: 'return_statement' } })) {
    const owner = r.ancestors().find((a) => FUNCTION_KINDS.has(kindOf(a)));
    const e = r.namedChildren().find((c) => !kindOf(c).includes('comment'));
    if (owner?.id() === fn.id() && e) out.push({ value: e, guards: conditionGuards(r, fn, PHP_IF) });
  }
  return out;
}
