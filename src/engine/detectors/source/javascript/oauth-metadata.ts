// OAuth 2.0 / OpenID Connect metadata that names JOSE algorithms: a client's registered metadata (RFC 7591,
// OpenID Connect Dynamic Client Registration: `id_token_signed_response_alg: 'RS256'`,
// `request_object_encryption_enc`, `token_endpoint_auth_signing_alg`), a server's discovery metadata
// (`id_token_signing_alg_values_supported: ['RS256', 'ES256']`, RFC 8414) and the camelCase lists of the
// same settings servers take (node-oidc-provider's `enabledJWA.idTokenSigningAlgValues`,
// `userinfoEncryptionEncValues`). These choose the signatures and encryptions the tokens of a whole
// deployment use, with no crypto call in the file: an RS256 ID token is an RSA signature to migrate like
// any other. Library-agnostic (the settings are protocol fields), so no library is named.
import type { SgNode } from '@ast-grep/napi';
import type { CryptoFunction } from '../../../inventory/model.js';
import { joseEncryptionAlg, joseSecondary, joseSecondaryFunctions, joseSignatureAlg, type Named } from '../common/jose.js';
import type { JsFile } from './file.js';

/** Bytes one of the settings' names contains (the detector's prefilter and this reader's own gate). */
export const OAUTH_METADATA_KEYWORDS = ['signed_response_', 'encrypted_response_', 'signing_alg', 'encryption_alg', 'encryption_enc', 'SigningAlg', 'EncryptionAlg', 'EncryptionEnc', 'SignedResponse', 'EncryptedResponse'] as const;

/**
 * A setting's name: snake_case `<what>_signed_response_alg`, `_signing_alg`, `_encrypted_response_alg|enc`,
 * `_encryption_alg|enc`, optionally `_values_supported`; camelCase the same words (`idTokenSigningAlgValues`,
 * `userinfoEncryptedResponseEnc`). Group 1 or 2 is the kind of operation.
 */
const SETTING = /^[A-Za-z0-9]+(?:_[a-z0-9]+)*?(?:_(signed_response|signing|encrypted_response|encryption)_(?:alg|enc)(?:_values_supported)?|(SignedResponse|Signing|EncryptedResponse|Encryption)(?:Alg|Enc)(?:Values)?(?:Supported)?)$/;

/** Whether a setting's name is one of these: `encrypt` for JWE `alg`/`enc` values, `sign` for JWS `alg` values. */
function setting(key: string): 'encrypt' | 'sign' | undefined {
  const m = key.length <= 80 ? SETTING.exec(key) : null;
  if (!m) return undefined;
  return (m[1] ?? m[2]!).toLowerCase().startsWith('encrypt') ? 'encrypt' : 'sign';
}

/** The property name of a pair's key or an assignment's member (`alg`, `'alg'`, `client.alg`). */
function keyText(node: SgNode | null): string | undefined {
  if (!node) return undefined;
  const k = node.kind() as string;
  if (k === 'member_expression') return node.field('property')?.text();
  if (k === 'property_identifier') return node.text();
  if (k === 'string') return node.text().slice(1, -1);
  return undefined;
}

/** Strings of the value: one name or a list of names (through constants). */
function names(f: JsFile, value: SgNode): string[] {
  const v = f.eval(value);
  if (v.kind === 'str') return [v.value];
  if (v.kind === 'list') return v.items.flatMap((i) => (i.kind === 'str' ? [i.value] : []));
  return [];
}

/**
 * Object properties (`{ id_token_signed_response_alg: 'RS256' }`) and assignments
 * (`metadata.userinfo_encrypted_response_enc = 'A256GCM'`) of these settings. `none` (an unsigned
 * token, which OpenID Connect allows for some flows) and `dir` name no algorithm; a value that cannot
 * be read names nothing either (there is no crypto call to report as unknown).
 */
export function oauthMetadataAlgorithms(f: JsFile, text: string): void {
  if (!OAUTH_METADATA_KEYWORDS.some((k) => text.includes(k))) return;
  const rule = {
    any: [
      { kind: 'pair', has: { field: 'key', regex: '(alg|enc|Alg|Enc|Values|Supported|supported)[\'"]?$' } },
      { kind: 'assignment_expression', has: { field: 'left', kind: 'member_expression', regex: '(alg|enc|Alg|Enc|Values|Supported|supported)$' } },
    ],
  };
  for (const node of f.root.findAll({ rule })) {
    const isPair = (node.kind() as string) === 'pair';
    const key = keyText(node.field(isPair ? 'key' : 'left'));
    const op = key ? setting(key) : undefined;
    const value = node.field(isPair ? 'value' : 'right');
    if (!op || !value) continue;
    for (const alg of names(f, value)) {
      const named: Named | undefined = op === 'encrypt' ? joseEncryptionAlg(alg) : joseSignatureAlg(alg);
      if (!named) continue;
      const functions: CryptoFunction[] = op === 'encrypt' ? ['encrypt', 'decrypt'] : named.spelling.startsWith('HMAC') ? ['tag'] : ['sign', 'verify'];
      f.algorithm(node, 'oauth', { spelling: named.spelling, params: { ...named.params }, functions }, key);
      const second = joseSecondary(alg);
      if (second) f.algorithm(node, 'oauth', { spelling: second.spelling, params: { ...second.params }, functions: joseSecondaryFunctions(second) }, key);
    }
  }
}
