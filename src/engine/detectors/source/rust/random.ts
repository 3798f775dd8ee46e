// Non-cryptographic or predictable generators filling secret material: `SmallRng`, xorshift/PCG/wyrand
// generators, fastrand and rand's `StepRng` are not cryptographic; `StdRng`/`ChaCha20Rng` seeded with a
// constant (`seed_from_u64(42)`, `from_seed([0u8; 32])`) produce the same bytes on every run. Only buffers
// named as secret material count (`key`, `nonce`, `iv`, `salt`, `token`, …), as in the JVM detectors:
// test data and simulations use such generators legitimately. `thread_rng()`, `OsRng` and an entropy-
// seeded `StdRng` are cryptographic.
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';
import { secretName } from '../common/secret-names.js';
import type { RsFile } from './file.js';

/** Generators that are never cryptographic, whatever their seed. */
const NON_CRYPTO = /(^|::)(SmallRng|XorShiftRng|Xoshiro\w*|Xoroshiro\w*|Pcg\w*|Lcg\w*|Mcg\w*|WyRand|StepRng|Rng)::\w+$|^fastrand::/;
/** Seeded constructors of cryptographic generators: predictable when the seed is written in the source. */
const SEEDED = /(^|::)(StdRng|ChaCha\d*Rng|Hc128Rng|Isaac\w*Rng)::(seed_from_u64|from_seed)$/;

/** The generator a receiver was made by, when it is weak: a description for the signal, else undefined. */
function weakGenerator(f: RsFile, receiver: SgNode): string | undefined {
  const made = f.origin(receiver);
  if (!made || kindOf(made) !== 'call_expression') return undefined;
  const callee = f.adapter.callee(made);
  if (callee.startsWith('.')) return undefined;
  // fastrand's module functions and rand's own `Rng` trait are not types of a generator: only constructors count.
  if (NON_CRYPTO.test(callee) && !/^rand::Rng::/.test(callee) && !/(^|::)Rng::(gen|fill)/.test(callee)) return `${callee.split('::').slice(-2).join('::')}, which is not a cryptographic generator`;
  if (SEEDED.test(callee)) {
    const arg = made.field('arguments')?.namedChildren()[0];
    const seed = f.value(arg);
    if (seed.kind === 'int' || (seed.kind === 'bytes' && (seed.origin === 'literal' || seed.origin === 'zero'))) {
      return `${callee.split('::').slice(-2).join('::')} with a seed written in the source, so every run makes the same bytes`;
    }
  }
  return undefined;
}

/** The variable a buffer argument names: `&mut key`, `&mut self.nonce`, `key.as_mut()`, `&mut iv[..]`. */
function bufferName(arg: SgNode | undefined): string | undefined {
  const t = arg?.text().replace(/\s+/g, '').replace(/^&mut/, '').replace(/^self\./, '').replace(/\.as_mut(_slice)?\(\)$/, '').replace(/\[[^\]]*\]$/, '');
  return t && /^\w+$/.test(t) ? t : undefined;
}

/** `rng.fill_bytes(&mut key)`, `rng.fill(&mut nonce)`, `let key: [u8; 32] = rng.gen();` with a weak generator. */
export function weakFill(f: RsFile, call: SgNode, method: string, receiver: SgNode, args: SgNode[]): void {
  let target: string | undefined;
  if (method === 'gen' || method === 'random') {
    const parent = call.parent();
    const pattern = parent && kindOf(parent) === 'let_declaration' ? parent.field('pattern') : null;
    target = pattern ? bufferName(pattern) : undefined;
  } else target = bufferName(args[0]);
  if (!target || !secretName(target)) return;
  const why = weakGenerator(f, receiver);
  if (why) f.signal(call, method, 'weak-random', `${target} is filled by ${why}`);
}

export const RANDOM_METHODS = ['fill_bytes', 'try_fill_bytes', 'fill', 'gen', 'random'];
