// libsignal's Java API (`org.signal.libsignal.protocol`, formerly `org.whispersystems.libsignal`):
// the Curve25519 key pairs of the Signal protocol (identity keys, signed and one-time prekeys), their
// XEdDSA signatures and X25519 agreements, and the Kyber/ML-KEM prekeys. A Signal-protocol server
// verifies every uploaded prekey signature and signs sender certificates with these calls; none of
// them goes through the JCA, so they were invisible.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import type { JavaContext } from './context.js';
import { declaredType } from './adapter.js';

const LIBRARY: LibraryRef = { ecosystem: 'maven', name: 'org.signal:libsignal-client' };
const PACKAGES = ['org.signal.libsignal.', 'org.whispersystems.libsignal.'];

/** Method names read by handleLibsignalCall (in files that import libsignal). */
export const LIBSIGNAL_METHODS: ReadonlySet<string> = new Set([
  'generate', 'generateKeyPair', 'calculateSignature', 'verifySignature', 'calculateAgreement', 'decodePoint', 'fromPublicKeyBytes',
]);
/**
 * Text every libsignal construct needs: the packages of its key classes (`ecc`, `kem`, `IdentityKey`,
 * `IdentityKeyPair`, a wildcard import) or the legacy package. A file importing only libsignal's
 * service ids or zkgroup credentials holds none of these calls.
 */
export const LIBSIGNAL_KEYWORDS = [
  'libsignal.protocol.ecc', 'libsignal.protocol.kem', 'libsignal.protocol.IdentityKey', 'libsignal.protocol.*', 'whispersystems.libsignal',
] as const;

/** Whether a file names libsignal's protocol packages. */
export function usesLibsignal(text: string): boolean {
  return LIBSIGNAL_KEYWORDS.some((k) => text.includes(k));
}

/** KEMKeyType constants -> knowledge-base spellings (KYBER_1024 is round-3 Kyber, an alias of ML-KEM-1024 with its variant). */
const KEM_TYPES: Readonly<Record<string, string>> = { KYBER_1024: 'Kyber1024', KYBER_768: 'Kyber768', ML_KEM_1024: 'ML-KEM-1024' };

/** Whether a class name as written (`ECKeyPair`, `org.signal.libsignal.protocol.ecc.Curve`) is libsignal's. */
function isLibsignalClass(ctx: JavaContext, written: string): boolean {
  const w = written.replace(/\s+/g, '');
  if (w.includes('.')) return PACKAGES.some((p) => w.startsWith(p));
  const fq = ctx.imports.types.get(w);
  if (fq) return PACKAGES.some((p) => fq.startsWith(p));
  return ctx.imports.wildcards.some((p) => PACKAGES.some((q) => `${p}.`.startsWith(q))) || PACKAGES.some((p) => `${ctx.imports.packageName}.`.startsWith(p));
}

/** Whether a receiver is a libsignal key of one of `types` (by its declared type) or comes from a getter named `getter`. */
function keyReceiver(ctx: JavaContext, obj: SgNode | null, types: readonly string[], getters: readonly string[]): boolean {
  if (!obj) return false;
  // `pair.getPrivateKey().calculateSignature(m)`, also through a local (`var key = pair.getPrivateKey()`).
  const o = ctx.origin(obj) ?? obj;
  if (kindOf(o) === 'method_invocation') return getters.includes(o.field('name')?.text() ?? '');
  const type = declaredType(obj);
  return type !== undefined && types.includes(type.slice(type.lastIndexOf('.') + 1)) && isLibsignalClass(ctx, type);
}

function report(ctx: JavaContext, node: SgNode, symbol: string, spelling: string, functions: CryptoFunction[], params: AlgorithmParams = {}): void {
  ctx.sink.algorithm(node, symbol, spelling, params, { functions, library: LIBRARY });
}

/**
 * `ECKeyPair.generate()`, `IdentityKeyPair.generate()`, `Curve.generateKeyPair()` (X25519 key pairs),
 * `KEMKeyPair.generate(KEMKeyType.KYBER_1024)`, `privateKey.calculateSignature(msg)` and
 * `Curve.calculateSignature(key, msg)` (XEdDSA), `publicKey.verifySignature(msg, sig)` on an
 * `ECPublicKey` (its declared type, or `identityKey.getPublicKey()`), `calculateAgreement` (X25519),
 * and public keys decoded from bytes (`Curve.decodePoint`, `ECPublicKey.fromPublicKeyBytes`).
 * Returns false when the call is not libsignal's, for the detector's other readers.
 */
export function handleLibsignalCall(ctx: JavaContext, node: SgNode, method: string): boolean {
  const obj = node.field('object');
  const owner = obj && kindOf(obj) !== 'method_invocation' ? obj.text().replace(/\s+/g, '') : '';
  const simple = owner.slice(owner.lastIndexOf('.') + 1);
  const statics = /^[A-Z]/.test(simple) && isLibsignalClass(ctx, owner);
  const symbol = `${statics ? simple : 'key'}.${method}`;
  switch (method) {
    case 'generate':
      if (!statics) return false;
      if (simple === 'ECKeyPair' || simple === 'IdentityKeyPair') report(ctx, node, symbol, 'X25519', ['keygen']);
      else if (simple === 'KEMKeyPair') {
        const v = ctx.value(node.field('arguments')?.namedChildren()[0]);
        const kem = v.kind === 'member' ? KEM_TYPES[v.path.slice(v.path.lastIndexOf('.') + 1)] : undefined;
        if (kem) report(ctx, node, symbol, kem, ['keygen']);
        else ctx.sink.algorithm(node, symbol, 'ML-KEM', {}, { unresolved: ['parameterSet'], functions: ['keygen'], library: LIBRARY });
      } else return false;
      return true;
    case 'generateKeyPair':
      if (!statics || simple !== 'Curve') return false;
      report(ctx, node, symbol, 'X25519', ['keygen']);
      return true;
    case 'calculateSignature':
      // Curve.calculateSignature(privateKey, message), or privateKey.calculateSignature(message).
      if (statics ? simple !== 'Curve' : !keyReceiver(ctx, obj, ['ECPrivateKey'], ['getPrivateKey'])) return false;
      report(ctx, node, symbol, 'XEdDSA', ['sign']);
      return true;
    case 'verifySignature':
      if (statics ? simple !== 'Curve' : !keyReceiver(ctx, obj, ['ECPublicKey'], ['getPublicKey'])) return false;
      report(ctx, node, symbol, 'XEdDSA', ['verify']);
      return true;
    case 'calculateAgreement':
      if (statics ? simple !== 'Curve' : !keyReceiver(ctx, obj, ['ECPrivateKey'], ['getPrivateKey'])) return false;
      report(ctx, node, symbol, 'X25519', []);
      return true;
    case 'decodePoint':
    case 'fromPublicKeyBytes':
      if (!statics || (simple !== 'Curve' && simple !== 'ECPublicKey')) return false;
      report(ctx, node, symbol, 'X25519', []);
      return true;
    default:
      return false;
  }
}

/** `new ECPublicKey(serialized)`: libsignal's public keys are Curve25519 (its only EC key type). */
export function handleLibsignalCreation(ctx: JavaContext, node: SgNode): void {
  const written = node.field('type')?.text() ?? '';
  if (isLibsignalClass(ctx, written)) report(ctx, node, 'new ECPublicKey', 'X25519', []);
}
