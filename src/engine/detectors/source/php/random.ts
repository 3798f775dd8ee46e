// Weak randomness for secrets: `rand()`, `mt_rand()`, `uniqid()`, `lcg_value()` and `str_shuffle()`
// are not cryptographic generators (PHP documents them so; random_bytes/random_int are).
// They are a finding where their value becomes a token, key, salt, password, nonce or IV: the expression
// they are part of is stored under such a name (`$token = md5(uniqid(mt_rand(), true))`,
// `$_SESSION['csrf_token'] = …`, `$this->salt = …`) or returned from a function so named
// (`function generatePassword()`). A random index, delay or sample is not.
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';
import { secretName } from '../common/secret-names.js';
import type { PhpCall, PhpFile } from './file.js';

/** Names that count or point rather than hold secret material (`$keyIndex`, `$tokenLength`, `$sessionTimeout`). */
const NOT_SECRET = /(index|idx|count|len|length|num|size|delay|timeout|ttl|pos|offset|time|expir\w*|lifetime|ms|seconds)$/i;

/** Expressions a value passes through on its way to where it is stored. */
const THROUGH = new Set([
  'argument', 'arguments', 'function_call_expression', 'binary_expression', 'parenthesized_expression', 'encapsed_string', 'cast_expression',
  'subscript_expression', 'conditional_expression', 'array_element_initializer', 'array_creation_expression', 'member_call_expression',
  'scoped_call_expression', 'augmented_assignment_expression', 'unary_op_expression',
]);

export const WEAK_RANDOM_NAMES = ['rand', 'mt_rand', 'uniqid', 'lcg_value', 'str_shuffle'];

export function weakRandom(f: PhpFile, call: PhpCall): void {
  const target = secretTarget(f, call.node);
  if (target) f.signal(call.node, call.name, 'weak-random', `${call.name}() is not a cryptographic random generator (builds ${target})`);
}

/** The secret-named variable, property, array key or function the value ends up in; undefined otherwise. */
function secretTarget(f: PhpFile, call: SgNode): string | undefined {
  let cur = call;
  for (let parent = cur.parent(); parent; cur = parent, parent = cur.parent()) {
    const k = kindOf(parent);
    // A comparison or a count of something is not the value itself.
    if (k === 'binary_expression' && /^(==|===|!=|!==|<|>|<=|>=|<=>)$/.test(parent.field('operator')?.text() ?? '')) return undefined;
    if (k === 'assignment_expression' || k === 'augmented_assignment_expression') {
      if (parent.field('left')?.id() === cur.id()) return undefined;
      const left = parent.field('left');
      const name = left ? storedName(f, left) : undefined;
      if (name !== undefined) return isSecret(name) ? name : undefined;
      cur = parent;
      continue;
    }
    if (k === 'return_statement' || k === 'arrow_function') {
      const fn = f.adapter.functionAround(parent)?.node;
      const name = fn?.field('name')?.text();
      return name && isSecret(name) ? `${name}()` : undefined;
    }
    if (k === 'array_element_initializer') {
      // `['token' => bin2hex(mt_rand())]`
      const parts = parent.namedChildren();
      if (parts.length === 2 && parts[1]!.id() === cur.id()) {
        const key = f.str(parts[0]);
        if (key !== undefined) return isSecret(key) ? key : undefined;
      }
      continue;
    }
    if (!THROUGH.has(k)) return undefined;
  }
  return undefined;
}

/** The name a left-hand side stores under: `$token`, `$this->salt`, `$_SESSION['csrf_token']`, `self::$nonce`. */
function storedName(f: PhpFile, left: SgNode): string | undefined {
  switch (kindOf(left)) {
    case 'variable_name':
      return left.text().slice(1);
    case 'member_access_expression':
    case 'nullsafe_member_access_expression':
      return left.field('name')?.text();
    case 'scoped_property_access_expression':
      return left.field('name')?.text().replace(/^\$/, '');
    case 'subscript_expression': {
      const index = left.namedChildren()[1];
      const key = f.str(index);
      if (key !== undefined) return key;
      const base = left.namedChildren()[0];
      return base ? storedName(f, base) : undefined;
    }
    default:
      return undefined;
  }
}

function isSecret(name: string): boolean {
  return secretName(name) && !NOT_SECRET.test(name);
}
