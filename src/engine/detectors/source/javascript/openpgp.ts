// OpenPGP.js (npm `openpgp`): `generateKey({ type, curve, rsaBits, subkeys })`, the call through which
// applications make their OpenPGP keys. A key is a signing primary key and, unless `subkeys` says
// otherwise, one encryption subkey of the same type (openpgp's generateKey: `subkeys = [{}]`, each
// subkey taking the primary's options it leaves out, `sign: false`), so each key reports the algorithm
// its role fixes: `ecc` on a NIST, brainpool or secp256k1 curve is ECDSA for signing and ECDH for
// encryption; `ecc` on curve25519 (openpgp's default curve) is the legacy EdDSA Ed25519 and X25519;
// `curve25519`/`curve448` the RFC 9580 Ed25519/X25519 and Ed448/X448; `pqc` the composite
// ML-DSA-65 + Ed25519 and ML-KEM-768 + X25519 (draft-ietf-openpgp-pqc); `rsa` RSA of `rsaBits`.
// Defaults that changed between major versions stay unknown: the key type when neither `type` nor
// `curve` is given (RSA in v4, curve25519 since v5) and `rsaBits` (2,048 in v4, 4,096 since v5).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams } from '../../../inventory/model.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import type { JsFile } from './file.js';
import type { CallHandler } from './node-crypto.js';
import { curveName } from './names.js';

/** openpgp's curve names (and their deprecated aliases) -> the knowledge base's; undefined for curve25519. */
const WEIERSTRASS: Readonly<Record<string, string>> = {
  nistP256: 'P-256', p256: 'P-256', nistP384: 'P-384', p384: 'P-384', nistP521: 'P-521', p521: 'P-521',
  secp256k1: 'secp256k1', brainpoolP256r1: 'brainpoolP256r1', brainpoolP384r1: 'brainpoolP384r1', brainpoolP512r1: 'brainpoolP512r1',
};
const CURVE25519 = new Set(['curve25519Legacy', 'ed25519Legacy', 'curve25519', 'ed25519']);

interface KeyAlgorithm {
  spelling: string;
  params: AlgorithmParams;
}

/** The algorithms of one key of `type`/`curve`, for signing or for encryption; undefined when unknown. */
function keyAlgorithms(type: string | undefined, curve: string | undefined, rsaBits: number | undefined, sign: boolean): KeyAlgorithm[] | undefined {
  switch (type) {
    case 'rsa':
      return [{ spelling: 'RSA', params: { keySize: rsaBits } }];
    case 'curve25519':
      return [{ spelling: sign ? 'Ed25519' : 'X25519', params: {} }];
    case 'curve448':
      return [{ spelling: sign ? 'Ed448' : 'X448', params: {} }];
    case 'pqc':
      return sign
        ? [{ spelling: 'ML-DSA-65', params: {} }, { spelling: 'Ed25519', params: {} }]
        : [{ spelling: 'ML-KEM-768', params: {} }, { spelling: 'X25519', params: {} }];
    case 'ecc': {
      const c = curve ?? 'curve25519Legacy';
      if (CURVE25519.has(c)) return [{ spelling: sign ? 'Ed25519' : 'X25519', params: {} }];
      const named = WEIERSTRASS[c] === undefined ? undefined : curveName(WEIERSTRASS[c]);
      return named === undefined ? undefined : [{ spelling: sign ? 'ECDSA' : 'ECDH', params: { curve: named } }];
    }
    default:
      return undefined;
  }
}

interface KeyOptions {
  type?: string;
  curve?: string;
  rsaBits?: number;
  /** Whether a name was given but not read (a parameter): the option is then unknown, not left out. */
  unread: boolean;
}

function keyOptions(f: JsFile, props: ReadonlyMap<string, SgNode>, inherited?: KeyOptions): KeyOptions {
  const read = (k: string): { v?: string; unread: boolean } => {
    const n = props.get(k);
    if (!n) return { unread: false };
    const v = f.str(n);
    return { v, unread: v === undefined };
  };
  const type = read('type');
  const curve = read('curve');
  const bits = props.get('rsaBits');
  const rsaBits = bits ? f.int(bits) : inherited?.rsaBits;
  return {
    type: type.v ?? (type.unread ? undefined : inherited?.type),
    curve: curve.v ?? (curve.unread ? undefined : inherited?.curve),
    rsaBits,
    unread: type.unread || curve.unread || (inherited?.unread ?? false),
  };
}

/** generateKey's own resolution of `type` and `curve` (src/openpgp.js): a curve alone means `ecc`. */
function effectiveType(o: KeyOptions): string | undefined {
  if (o.unread) return undefined;
  if (o.type !== undefined) return o.type;
  return o.curve !== undefined ? 'ecc' : undefined;
}

function emitKey(f: JsFile, call: SgNode, callee: string, o: KeyOptions, sign: boolean): void {
  const found = keyAlgorithms(effectiveType(o), o.curve, o.rsaBits, sign);
  if (!found) {
    f.algorithm(call, callee, { spelling: unresolvedSpelling('key-generator'), functions: ['keygen'] });
    return;
  }
  for (const a of found) {
    f.algorithm(call, callee, { spelling: a.spelling, params: a.params, unresolved: a.spelling === 'RSA' ? ['keySize'] : [], functions: ['keygen'] });
  }
}

const generateKey: CallHandler = (f, call, callee, args) => {
  const props = f.props(args[0]);
  const primary = props ? keyOptions(f, props) : { unread: true };
  emitKey(f, call, callee, primary, true);
  // `subkeys: [{}, { sign: true, type: 'rsa' }]`: each subkey object (its own options over the
  // primary's); left out, one encryption subkey like the primary.
  const subkeys = props?.get('subkeys');
  if (!subkeys) {
    // An unknown primary key type is one unknown key generator, not two.
    if (effectiveType(primary) !== undefined) emitKey(f, call, callee, primary, false);
    return;
  }
  if ((subkeys.kind() as string) !== 'array') {
    f.algorithm(call, callee, { spelling: unresolvedSpelling('key-generator'), functions: ['keygen'] });
    return;
  }
  for (const item of subkeys.namedChildren().filter((c) => (c.kind() as string) !== 'comment')) {
    const sub = f.props(item);
    const sign = sub?.get('sign') ? f.eval(sub.get('sign')) : undefined;
    emitKey(f, call, callee, sub ? keyOptions(f, sub, primary) : { unread: true }, sign?.kind === 'bool' && sign.value);
  }
};

export const OPENPGP_CALLS: ReadonlyArray<[string, CallHandler]> = [['openpgp:generateKey', generateKey]];
