// Java WebAuthn servers (passkeys): the COSE signature algorithms a relying party offers for new
// credentials. Yubico's java-webauthn-server takes `RelyingParty.builder()…preferredPubkeyParams(
// List.of(PublicKeyCredentialParameters.ES256, …))`; webauthn4j builds `new PublicKeyCredentialParameters(
// PublicKeyCredentialType.PUBLIC_KEY, COSEAlgorithmIdentifier.ES256)`. The constants are named like
// JOSE's (ES256, EdDSA, RS256, PS256, RS1). Only these two shapes are read: elsewhere (a verifier's
// `switch` over algorithms) a constant is no choice of the relying party.
import type { SgNode } from '@ast-grep/napi';
import type { LibraryRef } from '../../../inventory/model.js';
import { coseSignatureAlg, type Named } from '../common/jose.js';
import { kindOf } from '../common/languages.js';
import type { JavaContext } from './context.js';
import { isClassOf } from './imports.js';

export const WEBAUTHN_KEYWORDS = ['preferredPubkeyParams', 'PublicKeyCredentialParameters'] as const;

const PACKAGES = [
  { pkg: 'com.yubico.webauthn.data', library: { ecosystem: 'maven', name: 'com.yubico:webauthn-server-core' } },
  { pkg: 'com.webauthn4j.data', library: { ecosystem: 'maven', name: 'com.webauthn4j:webauthn4j-core' } },
  { pkg: 'com.webauthn4j.data.attestation.statement', library: { ecosystem: 'maven', name: 'com.webauthn4j:webauthn4j-core' } },
] as const satisfies readonly { pkg: string; library: LibraryRef }[];

/**
 * Spring Security's own WebAuthn API (`PublicKeyCredentialCreationOptions.builder().pubKeyCredParams(
 * PublicKeyCredentialParameters.EdDSA, ….ES256, ….RS256)`): read only in that call, since the package
 * also declares the constants (`new PublicKeyCredentialParameters(COSEAlgorithmIdentifier.ES256)`),
 * which are its catalogue, not a relying party's choice.
 */
const SPRING_WEBAUTHN = { pkg: 'org.springframework.security.web.webauthn.api', library: { ecosystem: 'maven', name: 'org.springframework.security:spring-security-webauthn' } } as const satisfies { pkg: string; library: LibraryRef };

function coseConstant(name: string): Named | undefined {
  const ml = /^ML_?DSA_?(44|65|87)$/.exec(name);
  return coseSignatureAlg(ml ? `ML-DSA-${ml[1]}` : name === 'EDDSA' ? 'EdDSA' : name);
}

/** The library a constant's class is imported from (`PublicKeyCredentialParameters`, `COSEAlgorithmIdentifier`). */
function libraryOf(ctx: JavaContext, cls: string, packages: readonly { pkg: string; library: LibraryRef }[]): LibraryRef | undefined {
  return packages.find((p) => isClassOf(ctx.imports, cls, p.pkg))?.library;
}

/** Each `PublicKeyCredentialParameters.X` / `COSEAlgorithmIdentifier.X` under `node`, as key generation of X. */
function constantsUnder(ctx: JavaContext, node: SgNode, packages: readonly { pkg: string; library: LibraryRef }[] = PACKAGES): void {
  for (const access of node.findAll({ rule: { kind: 'field_access', has: { field: 'object', regex: '(^|\\.)(PublicKeyCredentialParameters|COSEAlgorithmIdentifier)$' } } })) {
    const cls = access.field('object')!.text().split('.').pop()!;
    const library = libraryOf(ctx, cls, packages);
    const name = access.field('field')?.text() ?? '';
    const named = library ? coseConstant(name) : undefined;
    if (named) ctx.sink.algorithm(access, `${cls}.${name}`, named.spelling, { ...named.params }, { functions: ['keygen'], library: library! });
  }
}

/** `….preferredPubkeyParams(…)` (Yubico): the constants in its argument. */
export function handlePreferredPubkeyParams(ctx: JavaContext, inv: SgNode): void {
  const args = inv.field('arguments');
  if (args) constantsUnder(ctx, args);
}

/** `….pubKeyCredParams(PublicKeyCredentialParameters.X, …)` (Spring Security's WebAuthn): the constants in its arguments. */
export function handlePubKeyCredParams(ctx: JavaContext, inv: SgNode): void {
  const args = inv.field('arguments');
  if (args) constantsUnder(ctx, args, [SPRING_WEBAUTHN]);
}

/** `new PublicKeyCredentialParameters(type, COSEAlgorithmIdentifier.X)` (webauthn4j). */
export function handleCredentialParameters(ctx: JavaContext, creation: SgNode): void {
  const args = creation.field('arguments');
  if (args && kindOf(args) === 'argument_list') constantsUnder(ctx, args);
}
