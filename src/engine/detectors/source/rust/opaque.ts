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
// The server's long-term key pair (`ServerSetup::new(&mut rng)`) is ECDH key generation on that group.
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';
import { algorithmOf, lookupType } from './catalogue.js';
import type { RsFile, TypeCall } from './file.js';
import type { RustType } from './paths.js';
import { symbolOf } from './rustcrypto.js';

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

interface Suite {
  items: Map<string, SgNode>;
  /** The key-exchange group's curve, when the suite names a group this module knows. */
  curve?: string;
}

const suitesByFile = new WeakMap<RsFile, Map<string, Suite>>();

/** The file's `impl CipherSuite for DefaultSuite { … }` blocks whose trait is opaque-ke's, by the implementing type's name. */
function fileSuites(f: RsFile): Map<string, Suite> {
  let suites = suitesByFile.get(f);
  if (suites) return suites;
  suites = new Map();
  suitesByFile.set(f, suites);
  for (const impl of f.root.findAll({ rule: { kind: 'impl_item', has: { field: 'trait', regex: 'CipherSuite' } } })) {
    const trait = impl.field('trait');
    const traitPath = trait && kindOf(trait) === 'generic_type' ? trait.field('type') : trait;
    if (!traitPath || !f.pathsOf(traitPath).some((p) => p.startsWith('opaque_ke::') && p.endsWith('::CipherSuite'))) continue;
    const items = new Map<string, SgNode>();
    for (const item of impl.field('body')?.children() ?? []) {
      const name = kindOf(item) === 'type_item' ? item.field('name')?.text() : undefined;
      if (name) items.set(name, item);
    }
    const typeOf = (name: string): RustType | undefined => f.types.typeOf(items.get(name)?.field('type'));
    // 3.x carries the group as TripleDh's first argument; earlier versions name it beside it.
    const curve = curveOf(typeOf('KeyExchange')?.args[0]) ?? KE_GROUP_ITEMS.map((n) => curveOf(typeOf(n))).find((c) => c !== undefined);
    suites.set(impl.field('type')?.text().replace(/<.*$/s, '').trim() ?? '', { items, ...(curve ? { curve } : {}) });
  }
  return suites;
}

/** Reports the primitives of each opaque-ke suite the file declares. */
export function opaqueSuites(f: RsFile): void {
  for (const suite of fileSuites(f).values()) reportSuite(f, suite);
}

/**
 * `ServerSetup::<Suite>::new(&mut rng)` (or through `type ServerSetup = opaque_ke::ServerSetup<Suite>;`):
 * the server's long-term key pair on the suite's group is generated; `deserialize` loads a stored one.
 */
export function opaqueSetupCall(f: RsFile, tc: TypeCall): void {
  if (tc.method !== 'new' && tc.method !== 'deserialize') return;
  const curve = fileSuites(f).get(tc.type.args[0]?.path.split('::').pop() ?? '')?.curve ?? curveOf(tc.type.args[0]);
  f.algorithm(tc.call, symbolOf(tc), {
    spelling: 'ECDH', params: curve ? { curve } : {}, unresolved: curve ? [] : ['curve'], functions: tc.method === 'new' ? ['keygen'] : [],
  });
}

function reportSuite(f: RsFile, suite: Suite): void {
  const { items, curve: group } = suite;
  const typeOf = (name: string): RustType | undefined => f.types.typeOf(items.get(name)?.field('type'));
  const ke = items.get('KeyExchange');
  const keType = typeOf('KeyExchange');
  if (ke && keType && /^Triple(DH|Dh)$/.test(keType.path.split('::').pop() ?? '')) {
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
