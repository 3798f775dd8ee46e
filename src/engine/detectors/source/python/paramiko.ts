// paramiko's own key classes: generating SSH keys (`paramiko.RSAKey.generate(bits=1024)`,
// `DSSKey.generate()`, `ECDSAKey.generate(curve=ec.SECP384R1())`) and loading the key a client
// authenticates with (`RSAKey.from_private_key_file(path)`, `Ed25519Key(filename=...)`), which then
// signs. Generation fixes the size or curve (paramiko's defaults: DSA 1024 bits, ECDSA P-256); a loaded
// key's size is in the file, not the code, so it stays unknown.
import type { AlgorithmParamName, AlgorithmParams } from '../../../inventory/model.js';
import { arg } from './adapter.js';
import type { Call, PyContext } from './context.js';

/** paramiko key class -> algorithm spelling and what a loaded key leaves unknown. */
const KEY_CLASSES: Readonly<Record<string, { spelling: string; unknown: AlgorithmParamName[] }>> = {
  RSAKey: { spelling: 'RSA', unknown: ['keySize'] },
  DSSKey: { spelling: 'DSA', unknown: ['keySize'] },
  ECDSAKey: { spelling: 'ECDSA', unknown: ['curve'] },
  Ed25519Key: { spelling: 'Ed25519', unknown: [] },
};

/** ECDSAKey.generate(bits=...) picks the curve by its size. */
const ECDSA_BITS: Readonly<Record<number, string>> = { 256: 'P-256', 384: 'P-384', 521: 'P-521' };

const LOADERS = new Set(['from_private_key_file', 'from_private_key']);

/** `paramiko.rsakey.RSAKey` and `paramiko.RSAKey` are the same class. */
function keyCall(name: string): { cls: string; member: string | undefined } | undefined {
  const m = /^paramiko\.(?:(?:rsakey|dsskey|ecdsakey|ed25519key)\.)?(RSAKey|DSSKey|ECDSAKey|Ed25519Key)(?:\.(\w+))?$/.exec(name);
  return m ? { cls: m[1]!, member: m[2] } : undefined;
}

export function handleParamiko(ctx: PyContext, c: Call): boolean {
  const key = keyCall(c.name ?? '');
  if (!key) return false;
  const { spelling, unknown } = KEY_CLASSES[key.cls]!;
  const library = ctx.library(c);
  const lib = library ? { library } : {};
  if (key.member === 'generate') {
    const params: AlgorithmParams = {};
    if (key.cls === 'RSAKey' || key.cls === 'DSSKey') {
      const bits = ctx.int(arg(c.args, 0, 'bits'));
      // DSSKey.generate(bits=1024): the API's own default.
      const size = bits ?? (key.cls === 'DSSKey' && c.args.positional.length === 0 && !c.args.named.has('bits') ? 1024 : undefined);
      if (size !== undefined) params.keySize = size;
    } else if (key.cls === 'ECDSAKey') {
      const curveArg = arg(c.args, 0, 'curve');
      const bits = ctx.int(c.args.named.get('bits'));
      const curve = curveArg ? ctx.curve(curveArg) : bits !== undefined ? ECDSA_BITS[bits] : c.args.named.has('bits') ? undefined : 'P-256';
      if (curve) params.curve = curve;
    }
    ctx.sink.algorithm(c.node, `${key.cls}.generate`, spelling, params, { unresolved: unknown, functions: ['keygen'], ...lib });
    return true;
  }
  if (key.member === undefined || LOADERS.has(key.member)) {
    // A private key read from a file signs; the constructor also takes public keys (`data=` of a
    // host key a server checks against), which verify.
    const functions = key.member ? (['sign'] as const) : (['sign', 'verify'] as const);
    ctx.sink.algorithm(c.node, key.member ? `${key.cls}.${key.member}` : key.cls, spelling, {}, { unresolved: unknown, functions: [...functions], ...lib });
    return true;
  }
  return false;
}
