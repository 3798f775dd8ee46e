// OPAQUE (RFC 9807) through the opaque-ke crate: the protocol's primitives are fixed by a project type
// implementing `opaque_ke::CipherSuite`, whose associated types name them, and nothing else in the code
// does (the login and registration calls are generic over the suite). So the suite is read where it is
// declared:
//   opaque-ke 0.6   `type Group = RistrettoPoint; type KeyExchange = TripleDH; type Hash = Sha512;`
//   opaque-ke 2.x   `type OprfCs = Ristretto255; type KeGroup = Ristretto255; type KeyExchange = TripleDh;`
//   opaque-ke 3.x   `type OprfCs = Ristretto255; type KeyExchange = TripleDh<Ristretto255, Sha512>;`
// The key exchange (3DH: three Diffie-Hellman exchanges on the group) is reported as ECDH on the group's
// curve at the `KeyExchange` item, the suite's hash where it is written, and a key-stretching function of
// the argon2 crate (`type Ksf = Argon2<'static>`) as Argon2, its parameters the instance's, unknown here.
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';
import { algorithmOf, lookupType } from './catalogue.js';
import type { RsFile } from './file.js';
import type { RustType } from './paths.js';

/** Group types of curve25519-dalek, opaque-ke, voprf and the RustCrypto curve crates -> the knowledge base's curve. */
const GROUPS: Record<string, string> = {
  RistrettoPoint: 'ristretto255', Ristretto255: 'ristretto255',
  Curve25519: 'Curve25519', X25519: 'Curve25519',
  NistP256: 'P-256', P256: 'P-256', NistP384: 'P-384', P384: 'P-384', NistP521: 'P-521', P521: 'P-521',
};

/** Associated types naming the key-exchange group (0.6 `Group` is both the OPRF's and the exchange's). */
const KE_GROUP_ITEMS = ['KeGroup', 'Group', 'OprfCs', 'OprfGroup'];

/** Whether the file may declare a suite: cheap text test before any tree query. */
export function mayDeclareOpaqueSuite(text: string): boolean {
  return text.includes('CipherSuite') && text.includes('opaque_ke');
}

function curveOf(t: RustType | undefined): string | undefined {
  return t ? GROUPS[t.path.split('::').pop() ?? ''] : undefined;
}

/** `impl CipherSuite for DefaultSuite { … }` blocks whose trait is opaque-ke's. */
export function opaqueSuites(f: RsFile): void {
  for (const impl of f.root.findAll({ rule: { kind: 'impl_item', has: { field: 'trait', regex: 'CipherSuite' } } })) {
    const trait = impl.field('trait');
    const traitPath = trait && kindOf(trait) === 'generic_type' ? trait.field('type') : trait;
    if (!traitPath || !f.pathsOf(traitPath).some((p) => p.startsWith('opaque_ke::') && p.endsWith('::CipherSuite'))) continue;
    const items = new Map<string, SgNode>();
    for (const item of impl.field('body')?.children() ?? []) {
      const name = kindOf(item) === 'type_item' ? item.field('name')?.text() : undefined;
      if (name) items.set(name, item);
    }
    reportSuite(f, items);
  }
}

function reportSuite(f: RsFile, items: Map<string, SgNode>): void {
  const typeOf = (name: string): RustType | undefined => f.types.typeOf(items.get(name)?.field('type'));
  const ke = items.get('KeyExchange');
  const keType = typeOf('KeyExchange');
  if (ke && keType && /^Triple(DH|Dh)$/.test(keType.path.split('::').pop() ?? '')) {
    // 3.x carries the group and hash as TripleDh's arguments; earlier versions name them beside it.
    const group = curveOf(keType.args[0]) ?? KE_GROUP_ITEMS.map((n) => curveOf(typeOf(n))).find((c) => c !== undefined);
    f.algorithm(ke, 'opaque_ke::TripleDH', { spelling: 'ECDH', params: group ? { curve: group } : {}, unresolved: group ? [] : ['curve'] });
    const hash = keType.args[1] && lookupType(keType.args[1].path)?.role === 'hash' ? algorithmOf(keType.args[1]) : undefined;
    if (hash) f.algorithm(ke, 'opaque_ke::TripleDH', { spelling: hash.spelling, functions: ['digest'] });
  }
  const hashItem = items.get('Hash');
  const hashType = typeOf('Hash');
  if (hashItem && hashType && lookupType(hashType.path)?.role === 'hash') {
    f.algorithm(hashItem, 'opaque_ke::CipherSuite::Hash', { spelling: algorithmOf(hashType)!.spelling, functions: ['digest'] });
  }
  const ksf = items.get('Ksf');
  if (ksf && typeOf('Ksf')?.path === 'argon2::Argon2') {
    f.algorithm(ksf, 'opaque_ke::CipherSuite::Ksf', { spelling: 'Argon2', unresolved: ['memoryCost', 'cost', 'parallelism'], functions: ['keyderive'] });
  }
}
