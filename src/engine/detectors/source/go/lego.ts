// go-acme/lego, the ACME client library behind Traefik, sftpgo and many certificate tools: certcrypto
// makes the keys of the certificates it obtains (`certcrypto.GeneratePrivateKey(certcrypto.RSA4096)`),
// and a client's `Certificate.KeyType` chooses them (`config.Certificate.KeyType = certcrypto.EC384`).
import type { SgNode } from '@ast-grep/napi';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import type { GoFile } from './file.js';

/** Import paths of lego's certcrypto package, by major version (v4 is current; v3 and xenolf/lego older). */
export const LEGO_CERTCRYPTO = ['github.com/go-acme/lego/v4/certcrypto', 'github.com/go-acme/lego/v3/certcrypto', 'github.com/xenolf/lego/certcrypto'] as const;

/** certcrypto.KeyType constants: EC256 is "P256", RSA2048 is "2048", … */
const KEY_TYPES: Readonly<Record<string, { spelling: 'ECDSA'; curve: string } | { spelling: 'RSA'; keySize: number }>> = {
  EC256: { spelling: 'ECDSA', curve: 'P-256' }, EC384: { spelling: 'ECDSA', curve: 'P-384' },
  RSA2048: { spelling: 'RSA', keySize: 2048 }, RSA3072: { spelling: 'RSA', keySize: 3072 },
  RSA4096: { spelling: 'RSA', keySize: 4096 }, RSA8192: { spelling: 'RSA', keySize: 8192 },
};
/** The string values of those constants, for a key type written as a literal (`certcrypto.KeyType("P384")`). */
const BY_VALUE: Readonly<Record<string, string>> = { P256: 'EC256', P384: 'EC384', '2048': 'RSA2048', '3072': 'RSA3072', '4096': 'RSA4096', '8192': 'RSA8192' };

/** `certcrypto.GeneratePrivateKey(keyType)`: the key of a certificate to obtain, of that type. */
export function legoKeyGeneration(f: GoFile, call: SgNode, callee: string, args: SgNode[]): void {
  legoKey(f, call, callee, args[0]);
}

/** A key of the certcrypto key type `node` names (a constant, or a literal of its value); unknown otherwise. */
export function legoKey(f: GoFile, at: SgNode, symbol: string, node: SgNode | undefined): void {
  const v = f.eval(node);
  const name = v.kind === 'member' && LEGO_CERTCRYPTO.some((p) => v.path.startsWith(`${p}.`)) ? v.path.split('.').pop()! : v.kind === 'str' ? BY_VALUE[v.value] : undefined;
  const type = name ? KEY_TYPES[name] : undefined;
  if (!type) {
    f.algorithm(at, symbol, { spelling: unresolvedSpelling('key-pair-generator'), functions: ['keygen'] });
    return;
  }
  if (type.spelling === 'ECDSA') f.algorithm(at, symbol, { spelling: 'ECDSA', params: { curve: type.curve }, functions: ['keygen'] });
  else f.algorithm(at, symbol, { spelling: 'RSA', params: { keySize: type.keySize }, functions: ['keygen'] });
}

/**
 * The key type a lego client is configured to obtain certificates with: `cfg.Certificate.KeyType =
 * certcrypto.RSA4096` or `KeyType: certcrypto.EC384` in a `lego.CertificateConfig` literal (a key type
 * lego generates for each certificate it requests). Only a certcrypto constant counts here: a value
 * from configuration is not reported (`certKey` functions and the like report it where the key is made).
 */
export function detectLegoKeyTypes(f: GoFile, root: SgNode): void {
  const sites = root.findAll({
    rule: {
      any: [
        { kind: 'assignment_statement', has: { field: 'left', regex: '\\.KeyType$' } },
        { kind: 'keyed_element', regex: '^KeyType\\s*:' },
      ],
    },
  });
  for (const site of sites) {
    const value = site.kind() === 'assignment_statement' ? site.field('right')?.namedChildren()[0] : site.namedChildren()[1]?.namedChildren()[0] ?? site.namedChildren()[1];
    const v = f.eval(value ?? undefined);
    if (v.kind === 'member' && LEGO_CERTCRYPTO.some((p) => v.path.startsWith(`${p}.`))) legoKey(f, site, 'KeyType', value ?? undefined);
  }
}
