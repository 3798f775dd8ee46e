// ACME client libraries choose the keys of the certificates they obtain: go-acme/lego, behind Traefik,
// sftpgo and many certificate tools (certcrypto makes them, `certcrypto.GeneratePrivateKey(certcrypto.RSA4096)`,
// and a client's `Certificate.KeyType` chooses them, `config.Certificate.KeyType = certcrypto.EC384`),
// and caddyserver/certmagic, behind Caddy (`certmagic.StandardKeyGenerator{KeyType: certmagic.RSA4096}`
// as a config's KeySource).
import type { SgNode } from '@ast-grep/napi';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import type { GoFile } from './file.js';

/** Import paths of lego's certcrypto package, by major version (v4 is current; v3 and xenolf/lego older). */
export const LEGO_CERTCRYPTO = ['github.com/go-acme/lego/v4/certcrypto', 'github.com/go-acme/lego/v3/certcrypto', 'github.com/xenolf/lego/certcrypto'] as const;
/** certmagic, whose KeyType constants name the keys its StandardKeyGenerator makes. */
export const CERTMAGIC = 'github.com/caddyserver/certmagic';

type KeyChoice = { spelling: 'ECDSA'; curve: string } | { spelling: 'RSA'; keySize: number } | { spelling: 'Ed25519' };

/** The key type constants of each package: lego's certcrypto.KeyType (EC256 is "P256", RSA2048 is "2048", …), certmagic.KeyType. */
const KEY_TYPES: ReadonlyArray<{ paths: readonly string[]; types: Readonly<Record<string, KeyChoice>> }> = [
  {
    paths: LEGO_CERTCRYPTO,
    types: {
      EC256: { spelling: 'ECDSA', curve: 'P-256' }, EC384: { spelling: 'ECDSA', curve: 'P-384' },
      RSA2048: { spelling: 'RSA', keySize: 2048 }, RSA3072: { spelling: 'RSA', keySize: 3072 },
      RSA4096: { spelling: 'RSA', keySize: 4096 }, RSA8192: { spelling: 'RSA', keySize: 8192 },
    },
  },
  {
    paths: [CERTMAGIC],
    types: {
      ED25519: { spelling: 'Ed25519' }, P256: { spelling: 'ECDSA', curve: 'P-256' }, P384: { spelling: 'ECDSA', curve: 'P-384' },
      RSA2048: { spelling: 'RSA', keySize: 2048 }, RSA4096: { spelling: 'RSA', keySize: 4096 }, RSA8192: { spelling: 'RSA', keySize: 8192 },
    },
  },
];
/** Import paths whose KeyType constants are read. */
export const KEY_TYPE_PACKAGES: readonly string[] = KEY_TYPES.flatMap((p) => p.paths);
/** The string values of lego's constants, for a key type written as a literal (`certcrypto.KeyType("P384")`). */
const LEGO_BY_VALUE: Readonly<Record<string, string>> = { P256: 'EC256', P384: 'EC384', '2048': 'RSA2048', '3072': 'RSA3072', '4096': 'RSA4096', '8192': 'RSA8192' };

/** The key a key type constant (`certcrypto.EC384`, `certmagic.RSA4096`) stands for, or undefined. */
function keyTypeConstant(path: string): KeyChoice | undefined {
  for (const { paths, types } of KEY_TYPES) {
    const pkg = paths.find((p) => path.startsWith(`${p}.`));
    if (pkg) return types[path.slice(pkg.length + 1)];
  }
  return undefined;
}

/** `certcrypto.GeneratePrivateKey(keyType)`: the key of a certificate to obtain, of that type. */
export function legoKeyGeneration(f: GoFile, call: SgNode, callee: string, args: SgNode[]): void {
  const v = f.eval(args[0]);
  const name = v.kind === 'member' && LEGO_CERTCRYPTO.some((p) => v.path.startsWith(`${p}.`)) ? v.path.split('.').pop()! : v.kind === 'str' ? LEGO_BY_VALUE[v.value] : undefined;
  const type = name ? keyTypeConstant(`${LEGO_CERTCRYPTO[0]}.${name}`) : undefined;
  if (type) keyChoice(f, call, callee, type);
  else f.algorithm(call, callee, { spelling: unresolvedSpelling('key-pair-generator'), functions: ['keygen'] });
}

function keyChoice(f: GoFile, at: SgNode, symbol: string, type: KeyChoice): void {
  if (type.spelling === 'ECDSA') f.algorithm(at, symbol, { spelling: 'ECDSA', params: { curve: type.curve }, functions: ['keygen'] });
  else if (type.spelling === 'RSA') f.algorithm(at, symbol, { spelling: 'RSA', params: { keySize: type.keySize }, functions: ['keygen'] });
  else f.algorithm(at, symbol, { spelling: 'Ed25519', functions: ['keygen'] });
}

/**
 * The key type a client is configured to obtain certificates with: lego's `cfg.Certificate.KeyType =
 * certcrypto.RSA4096` or `KeyType: certcrypto.EC384` in a `lego.CertificateConfig` literal, certmagic's
 * `StandardKeyGenerator{KeyType: certmagic.P384}` or `gen.KeyType = certmagic.RSA4096` (a key type the
 * library generates for each certificate it requests). Only a constant of those packages counts here: a
 * value from configuration is not reported (`certKey` functions and the like report it where the key is
 * made), nor certmagic's default (P-256) where no key type is written.
 */
export function detectAcmeKeyTypes(f: GoFile, root: SgNode): void {
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
    const type = v.kind === 'member' ? keyTypeConstant(v.path) : undefined;
    if (type) keyChoice(f, site, v.kind === 'member' ? `${v.path.slice(0, v.path.lastIndexOf('.'))}.KeyType` : 'KeyType', type);
  }
}
