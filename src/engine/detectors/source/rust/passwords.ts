// Password hashing and key derivation: argon2 (`Argon2::default()` is Argon2id with the crate's
// documented defaults; `Argon2::new(Algorithm::…, Version::…, Params::new(m, t, p, len))`), scrypt
// (`scrypt(pw, salt, &Params::new(log_n, r, p, len), &mut out)`), pbkdf2 (`pbkdf2_hmac::<Sha256>(pw,
// salt, rounds, &mut out)`), bcrypt (`hash(pw, cost)`), and the password-hash API (`Pbkdf2`, `Scrypt`).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import { algorithmOf, lookupType } from './catalogue.js';
import type { RsFile, TypeCall } from './file.js';
import type { RustType } from './paths.js';
import { symbolOf } from './rustcrypto.js';

/** argon2 0.5 `Params::DEFAULT_*` (RFC 9106's second recommended option scaled down, as the crate documents). */
const ARGON2_DEFAULTS: AlgorithmParams = { memoryCost: 19456, cost: 2, parallelism: 1, outputLength: 256 };
const ARGON2_VARIANTS = new Set(['Argon2i', 'Argon2d', 'Argon2id']);

function argon2Params(f: RsFile, node: SgNode | undefined): AlgorithmParams {
  const made = f.origin(node);
  if (!made || kindOf(made) !== 'call_expression') return {};
  const tc = f.typeCall(made);
  if (!tc || lookupType(tc.type.path)?.role !== 'handled' || !tc.type.path.endsWith('Params')) return {};
  if (tc.method === 'default') return { ...ARGON2_DEFAULTS };
  if (tc.method !== 'new') return {};
  const [m, t, p, len] = tc.args;
  const out = f.int(len);
  return { memoryCost: f.int(m), cost: f.int(t), parallelism: f.int(p), ...(out ? { outputLength: out * 8 } : {}) };
}

/**
 * `Argon2::default().verify_password(pw, &hash)`, `Scrypt.verify_password(…)`: the password-hash API
 * checks with the algorithm and parameters stored in the PHC string, not the hasher's own.
 */
export function verifiesStoredHash(node: SgNode): boolean {
  return methodCalledOn(node) === 'verify_password';
}

/** The method called on a value: `x.m(…)` in code, or the `. m` tokens after it inside a macro's arguments (`fuzz_target!(|d| { Scrypt.verify_password(…) })`). */
export function methodCalledOn(node: SgNode): string | undefined {
  const parent = node.parent();
  if (parent && kindOf(parent) === 'field_expression' && parent.field('value')?.id() === node.id()) return parent.field('field')?.text();
  if (parent && kindOf(parent) === 'token_tree' && node.next()?.text() === '.') {
    const m = node.next()?.next();
    return m && kindOf(m) === 'identifier' ? m.text() : undefined;
  }
  return undefined;
}

export function argon2Call(f: RsFile, tc: TypeCall, family: string): void {
  const symbol = symbolOf(tc);
  if (family === 'argon2-params') return; // reported with the Argon2 it configures
  if ((tc.method === 'default' || tc.method === 'new') && verifiesStoredHash(tc.call)) {
    f.algorithm(tc.call, symbol, { spelling: 'Argon2', unresolved: ['memoryCost', 'cost', 'parallelism'], functions: ['verify'] });
    return;
  }
  if (tc.method === 'default') {
    f.algorithm(tc.call, symbol, { spelling: 'Argon2id', params: { ...ARGON2_DEFAULTS }, functions: ['keyderive'] });
    return;
  }
  if (tc.method !== 'new' && tc.method !== 'new_with_secret') return;
  const args = tc.method === 'new' ? tc.args : tc.args.slice(1);
  const variant = f.value(args[0]);
  // `use argon2::{Algorithm::Argon2id, …}` then `Argon2::new(Argon2id, …)`: the variant is the imported name.
  const imported = args[0] && kindOf(args[0]) === 'identifier' ? f.types.uses.names.get(args[0].text()) : undefined;
  const name = variant.kind === 'member' ? variant.path.split('::').pop() : imported?.startsWith('argon2::') ? imported.split('::').pop() : undefined;
  const params = argon2Params(f, args[2]);
  f.algorithm(tc.call, symbol, {
    spelling: name && ARGON2_VARIANTS.has(name) ? name : 'Argon2',
    params,
    unresolved: ['memoryCost', 'cost', 'parallelism'],
    functions: ['keyderive'],
  });
}

/** scrypt `Params`: N = 2^log_n. */
function scryptParams(f: RsFile, node: SgNode | undefined): AlgorithmParams {
  const made = f.origin(node);
  if (!made || kindOf(made) !== 'call_expression') return {};
  const tc = f.typeCall(made);
  if (!tc || !tc.type.path.startsWith('scrypt')) return {};
  if (tc.method === 'recommended' || tc.method === 'default') return { cost: 2 ** 17, parallelism: 1, outputLength: 256 };
  if (tc.method !== 'new') return {};
  const logN = f.int(tc.args[0]);
  const len = f.int(tc.args[3]);
  return { cost: logN !== undefined && logN < 64 ? 2 ** logN : undefined, parallelism: f.int(tc.args[2]), ...(len ? { outputLength: len * 8 } : {}) };
}

export type FnHandler = (f: RsFile, call: SgNode, symbol: string, args: SgNode[], typeArgs: RustType[]) => void;

function hashOf(t: RustType | undefined): string | undefined {
  if (!t) return undefined;
  const spec = lookupType(t.path);
  if (spec?.role === 'hash') return algorithmOf(t)?.spelling;
  // `pbkdf2::<Hmac<Sha256>>`: the PRF's hash.
  if (spec?.role === 'over-hash') return hashOf(t.args[0]);
  return undefined;
}

/** pbkdf2 free functions: `(password, salt, rounds, &mut out)`, or `…_array::<H, N>(password, salt, rounds)`. */
const pbkdf2: FnHandler = (f, call, symbol, args, typeArgs) => {
  const hash = hashOf(typeArgs[0]);
  const array = symbol.includes('_array');
  const n = array ? arrayLength(call) : f.byteLength(args[3]);
  f.algorithm(call, symbol, {
    spelling: 'PBKDF2', params: { hash, iterations: f.int(args[2]), ...(n ? { outputLength: n * 8 } : {}) },
    unresolved: ['hash', 'iterations'], functions: ['keyderive'],
  });
};

/** `pbkdf2_hmac_array::<Sha256, 32>`: the output length is the turbofish's constant. */
function arrayLength(call: SgNode): number | undefined {
  const m = /,\s*(\d+)\s*>\s*$/.exec(call.field('function')?.text() ?? '');
  return m ? Number(m[1]) : undefined;
}

const bcrypt: FnHandler = (f, call, symbol, args) => {
  const verify = /verify$/.test(symbol);
  f.algorithm(call, symbol, { spelling: 'bcrypt', params: verify ? {} : { cost: f.int(args[1]) }, unresolved: verify ? [] : ['cost'], functions: verify ? ['verify'] : ['keyderive'] });
};

const scrypt: FnHandler = (f, call, symbol, args) => {
  f.algorithm(call, symbol, { spelling: 'scrypt', params: scryptParams(f, args[2]), unresolved: ['cost'], functions: ['keyderive'] });
};

/**
 * rust-argon2 (`argon2::hash_encoded(pw, salt, &config)`, `hash_raw`, `verify_raw(pw, salt, hash, &config)`):
 * the variant and work factors are those of the `Config` given, read when it is a struct literal
 * (`argon2::Config { variant: Variant::Argon2id, mem_cost: 64 * 1024, time_cost: 3, lanes: 4, hash_length: 32, .. }`),
 * also kept in a `const` or a `let`. `Config::default()` and the named presets changed between the
 * crate's versions (1.x Argon2i, 2.x Argon2id), so they stay unknown; `verify_encoded` reads the stored hash.
 */
const rustArgon2: FnHandler = (f, call, symbol, args) => {
  const verify = /verify/.test(symbol);
  const configArg = symbol.endsWith('verify_raw') ? args[3] : symbol.endsWith('verify_encoded') ? undefined : args[2];
  const config = rustArgon2Config(f, configArg);
  f.algorithm(call, symbol, {
    spelling: config.variant ?? 'Argon2',
    params: config.params,
    ...(configArg ? { unresolved: ['memoryCost', 'cost', 'parallelism'] } : {}),
    functions: verify ? ['verify'] : ['keyderive'],
  });
};

/** The fields of a rust-argon2 `Config { … }` literal the argument stands for (through `&`, `let`, `const`, `Self::CONST`). */
function rustArgon2Config(f: RsFile, node: SgNode | undefined): { variant?: string; params: AlgorithmParams } {
  let made = f.origin(node);
  for (let i = 0; made && i < 4 && kindOf(made) !== 'struct_expression'; i++) {
    const k = kindOf(made);
    const next = k === 'reference_expression' ? made.field('value') : k === 'scoped_identifier' || k === 'identifier' ? f.ev.origin(made, 1) : null;
    if (!next || next.id() === made.id()) break;
    made = next;
  }
  if (!made || kindOf(made) !== 'struct_expression' || !/(^|::)Config$/.test((made.field('name')?.text() ?? '').replace(/\s+/g, ''))) return { params: {} };
  const fields = new Map<string, SgNode>();
  for (const init of made.field('body')?.namedChildren() ?? []) {
    // `Config { lanes, .. }`: a shorthand initializer is the local of that name.
    if (kindOf(init) === 'shorthand_field_initializer') fields.set(init.text(), init.namedChildren()[0] ?? init);
    const name = kindOf(init) === 'field_initializer' ? init.field('field')?.text() : undefined;
    const value = init.field('value');
    if (name && value) fields.set(name, value);
  }
  const variant = fields.get('variant')?.text().replace(/\s+/g, '').split('::').pop();
  const out = f.int(fields.get('hash_length'));
  const params: AlgorithmParams = { memoryCost: f.int(fields.get('mem_cost')), cost: f.int(fields.get('time_cost')), parallelism: f.int(fields.get('lanes')), ...(out ? { outputLength: out * 8 } : {}) };
  return { ...(variant && ARGON2_VARIANTS.has(variant) ? { variant } : {}), params };
}

export const PASSWORD_FNS: ReadonlyArray<[string, FnHandler]> = [
  ...['pbkdf2_hmac', 'pbkdf2', 'pbkdf2_hmac_array', 'pbkdf2_array'].map((n): [string, FnHandler] => [`pbkdf2::${n}`, pbkdf2]),
  ...['hash', 'hash_with_result', 'hash_with_salt', 'verify', 'non_truncating_hash', 'non_truncating_verify'].map((n): [string, FnHandler] => [`bcrypt::${n}`, bcrypt]),
  ['scrypt::scrypt', scrypt],
  ...['hash_encoded', 'hash_raw', 'verify_encoded', 'verify_raw'].map((n): [string, FnHandler] => [`argon2::${n}`, rustArgon2]),
];
