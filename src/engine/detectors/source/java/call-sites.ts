// The arguments a Java file's own calls pass to one of its methods or constructors: how a helper's
// parameter (`static Cipher cipher(String transformation)`) gets the values its callers name
// (LanguageAdapter.callSiteArguments; docs/detectors.md, "Values passed by the file's own calls").
import type { SgNode } from '@ast-grep/napi';
import type { CallSites } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { escapeRegex } from '../common/regex.js';
import { nodeSpan } from '../common/scopes.js';
import { callArguments } from './adapter.js';

const CLASS_KINDS = new Set(['class_declaration', 'enum_declaration', 'record_declaration']);

/** The name of the class declaring a member, or undefined (an interface, an anonymous class). */
function declaringClass(fn: SgNode): string | undefined {
  const body = fn.parent();
  const cls = body?.parent();
  return cls && CLASS_KINDS.has(kindOf(cls)) ? cls.field('name')?.text() : undefined;
}

/** Whether only its own file can call a method or constructor: it, or a class around it, is private. */
function isPrivate(fn: SgNode): boolean {
  for (let n: SgNode | null = fn; n; n = n.parent()) {
    const k = kindOf(n);
    if (k !== 'method_declaration' && k !== 'constructor_declaration' && !CLASS_KINDS.has(k) && k !== 'interface_declaration') continue;
    const mods = n.children().find((c) => kindOf(c) === 'modifiers');
    if (mods?.children().some((c) => c.text() === 'private')) return true;
  }
  return false;
}

/** `Box<T>` -> `Box`, `a.b.Box` -> `Box`. */
function simpleType(text: string): string {
  return text.replace(/<[\s\S]*$/, '').replace(/^[\s\S]*\./, '').trim();
}

/**
 * callSiteArguments for a Java file. A method's calls are the invocations of its name with as many
 * arguments, unqualified or on `this` or its class (`Crypto.digest(..)`); a constructor's are `new
 * Type(..)` and `this(..)` with as many. Varargs methods (the count varies) and lambdas are not read.
 * Each function's call sites are found once (one query per name).
 */
export function javaCallSiteArguments(root: SgNode): (param: SgNode) => CallSites | undefined {
  const byFunction = new Map<number, SgNode[][] | undefined>();

  const callsOf = (fn: SgNode, arity: number): SgNode[][] | undefined => {
    const k = kindOf(fn);
    const cls = declaringClass(fn);
    if (!cls) return undefined;
    const span = nodeSpan(fn);
    const outside = (n: SgNode): boolean => {
      const s = n.range().start.index;
      return s < span.start || s >= span.end;
    };
    const out: SgNode[][] = [];
    if (k === 'method_declaration') {
      const name = fn.field('name')?.text();
      if (!name) return undefined;
      // An unqualified call reaches the method only from inside its class (nested classes included).
      const body = nodeSpan(fn.parent() ?? fn);
      for (const call of root.findAll({ rule: { kind: 'method_invocation', has: { field: 'name', regex: `^${escapeRegex(name)}$` } } })) {
        const object = call.field('object')?.text();
        if (object !== undefined && object !== 'this' && object !== cls) continue;
        const at = call.range().start.index;
        if (object === undefined && (at < body.start || at >= body.end)) continue;
        const args = callArguments(call);
        if (args.length === arity && outside(call)) out.push(args);
      }
    } else if (k === 'constructor_declaration') {
      const calls = root.findAll({
        rule: { any: [{ kind: 'object_creation_expression', has: { field: 'type', regex: `(^|\\.)${escapeRegex(cls)}(<|$)` } }, { kind: 'explicit_constructor_invocation' }] },
      });
      for (const call of calls) {
        if (kindOf(call) === 'object_creation_expression') {
          if (simpleType(call.field('type')?.text() ?? '') !== cls) continue;
        } else if (call.field('constructor')?.text() !== 'this' || declaringClass(call.ancestors().find((a) => kindOf(a) === 'constructor_declaration') ?? call) !== cls) continue;
        const args = callArguments(call);
        if (args.length === arity && outside(call)) out.push(args);
      }
    } else {
      return undefined;
    }
    return out;
  };

  return (param) => {
    if (kindOf(param) !== 'formal_parameter') return undefined;
    const list = param.parent();
    const fn = list?.parent();
    if (!list || !fn) return undefined;
    const params = list.namedChildren().filter((p) => {
      const k = kindOf(p);
      return k === 'formal_parameter' || k === 'spread_parameter';
    });
    if (params.some((p) => kindOf(p) === 'spread_parameter')) return undefined;
    const index = params.findIndex((p) => p.id() === param.id());
    if (index < 0) return undefined;
    let calls = byFunction.get(fn.id());
    if (!byFunction.has(fn.id())) {
      calls = callsOf(fn, params.length);
      byFunction.set(fn.id(), calls);
    }
    return calls && { function: fn.id(), name: fn.field('name')?.text() ?? declaringClass(fn) ?? '', args: calls.map((args) => args[index] ?? null), open: !isPrivate(fn) };
  };
}
