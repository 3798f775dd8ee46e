// ASP.NET Core Data Protection (Microsoft.AspNetCore.DataProtection): the authenticated encryption of the
// payloads it protects (cookies, antiforgery and application tokens) and the encryption of its key ring at
// rest. The algorithms are the framework's unless the application names others, so they are read from
// the builder calls that configure them.
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';
import type { CsFile } from './file.js';
import { createdType } from './resolve.js';

/** Builder methods read here, by name (distinctive enough: the receiver is an IDataProtectionBuilder or IServiceCollection). */
export const DATA_PROTECTION_METHODS = new Set(['AddDataProtection', 'UseCryptographicAlgorithms', 'ProtectKeysWithCertificate']);

const ENCRYPTION = /\bEncryptionAlgorithm\s*=\s*(?:[\w.]*\.)?AES_(128|192|256)_(CBC|GCM)\b/;
const VALIDATION = /\bValidationAlgorithm\s*=\s*(?:[\w.]*\.)?HMACSHA(256|512)\b/;
const SETS_ALGORITHMS = /\bUse(?:Custom)?CryptographicAlgorithms\s*\(/;

/**
 * The payload algorithms of an `AuthenticatedEncryptorConfiguration`: AES-256-CBC with HMAC-SHA-256 unless its
 * initializer sets `EncryptionAlgorithm`/`ValidationAlgorithm` (a GCM mode needs no HMAC).
 */
function payloadAlgorithms(f: CsFile, node: SgNode, symbol: string, init = ''): void {
  const enc = ENCRYPTION.exec(init);
  const bits = Number(enc?.[1] ?? 256);
  const mode = enc?.[2] ?? 'CBC';
  f.algorithm(node, symbol, { spelling: 'AES', params: { keySize: bits, mode }, functions: ['encrypt', 'decrypt'] });
  if (mode === 'GCM') return;
  const hash = `SHA-${VALIDATION.exec(init)?.[1] ?? '256'}`;
  f.algorithm(node, symbol, { spelling: `HMAC-${hash}`, params: { hash }, functions: ['tag'] });
}

/**
 * `services.AddDataProtection()`: the framework's documented defaults, AES-256-CBC with HMAC-SHA-256, unless
 * the file chooses algorithms (`UseCryptographicAlgorithms(new AuthenticatedEncryptorConfiguration { … })`,
 * read at that call; a configuration built elsewhere or `UseCustomCryptographicAlgorithms` is not known).
 * `ProtectKeysWithCertificate(cert)`: the key ring is XML-encrypted to the certificate (.NET's
 * `EncryptedXml.Encrypt(element, certificate)`): an AES-256-CBC session key sent under the certificate's RSA key
 * with PKCS#1 v1.5 padding (XML Encryption's rsa-1_5); the RSA key's size is the certificate's, unknown here.
 */
export function dataProtection(f: CsFile, node: SgNode, method: string, args: SgNode[], text: string): void {
  if (method === 'AddDataProtection') {
    if (!SETS_ALGORITHMS.test(text)) payloadAlgorithms(f, node, method);
  } else if (method === 'UseCryptographicAlgorithms') {
    const config = args[0];
    if (config && kindOf(config) === 'object_creation_expression' && createdType(config) === 'AuthenticatedEncryptorConfiguration') {
      payloadAlgorithms(f, node, method, config.text());
    }
  } else if (args.length >= 1) {
    f.algorithm(node, method, { spelling: 'RSA', params: { padding: 'PKCS1v15' }, unresolved: ['keySize'], functions: ['encrypt'] });
    f.algorithm(node, method, { spelling: 'AES', params: { keySize: 256, mode: 'CBC' }, functions: ['encrypt', 'decrypt'] });
  }
}
