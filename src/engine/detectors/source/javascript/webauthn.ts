// WebAuthn (passkeys): the signature algorithms a relying party asks authenticators for and accepts,
// written as COSE algorithm identifiers (IANA "COSE Algorithms"; RFC 9053, RFC 8812, RFC 9864 for the
// fully specified Ed25519, draft-ietf-cose-dilithium for ML-DSA). Browser code lists them in
// `pubKeyCredParams: [{ type: 'public-key', alg: -7 }, …]` (the authenticator makes a key pair of the
// first it supports); servers such as SimpleWebAuthn take `supportedAlgorithmIDs: [-8, -7, -257]`
// (the signatures they verify). A passkey estate is a public-key inventory like any other: ES256 and
// RS256 are quantum-vulnerable, ML-DSA is the migration.
import type { SgNode } from '@ast-grep/napi';
import { COSE_SIGNATURE_IDS, coseSignatureAlg, type Named } from '../common/jose.js';
import type { JsFile } from './file.js';

export const WEBAUTHN_KEYWORDS = ['pubKeyCredParams', 'supportedAlgorithmIDs'] as const;

function coseAlgorithm(id: number): Named | undefined {
  const name = COSE_SIGNATURE_IDS.get(id);
  return name ? coseSignatureAlg(name) : undefined;
}

/** The key of a `pair` (`alg`, `'alg'`). */
function keyOf(pair: SgNode): string | undefined {
  const k = pair.field('key');
  return k ? k.text().replace(/^['"`]|['"`]$/g, '') : undefined;
}

/**
 * `{ type: 'public-key', alg: <id> }` objects (the credential parameters a relying party offers:
 * key generation on the authenticator) and the items of a `supportedAlgorithmIDs` array (what a server
 * verifies). Identifiers are read through constants; an unregistered one names nothing.
 */
export function webauthnAlgorithms(f: JsFile, text: string): void {
  if (!WEBAUTHN_KEYWORDS.some((k) => text.includes(k)) && !/['"]public-key['"]/.test(text)) return;
  const emit = (at: SgNode, id: number | undefined, fn: 'keygen' | 'verify', symbol: string): void => {
    const named = id === undefined ? undefined : coseAlgorithm(id);
    // No library: the browser API, or the server library whose option it is, not a package named here.
    if (named) f.algorithm(at, 'webauthn', { spelling: named.spelling, params: { ...named.params }, functions: [fn] }, symbol);
  };
  for (const pair of f.root.findAll({ rule: { kind: 'pair', has: { field: 'key', regex: `^['"]?(alg|supportedAlgorithmIDs)['"]?$` } } })) {
    const key = keyOf(pair);
    const value = pair.field('value');
    if (!value) continue;
    if (key === 'alg') {
      const object = pair.parent();
      const isCredential = object?.namedChildren().some((p) => (p.kind() as string) === 'pair' && keyOf(p) === 'type' && f.str(p.field('value') ?? undefined) === 'public-key');
      if (isCredential) emit(object!, f.int(value), 'keygen', 'pubKeyCredParams');
    } else if (key === 'supportedAlgorithmIDs') {
      const list = f.ev.originAcrossCalls(value);
      if ((list?.kind() as string) !== 'array') continue;
      for (const item of list!.namedChildren()) emit(item, f.int(item), 'verify', 'supportedAlgorithmIDs');
    }
  }
}
