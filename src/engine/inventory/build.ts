// Detections -> Inventory. Pure and deterministic: every asset is keyed by a content-derived id,
// facts about one id are merged as sets, and every collection is sorted at the end, so the same
// detections in any order give a deep-equal inventory (test/engine/inventory/build.test.ts).
//
// Identity (docs/methodology.md, "Inventory"):
//   algorithm                `algorithm/<name>[/<param>-<value>...]`  resolved name + params the name does not show
//   certificate              `certificate/<sha256>`
//   related-crypto-material  `related-crypto-material/<type>/<algorithm or none>/<sha256 | cert-<sha256> | none>`
//   protocol                 `protocol/<type>[/<version>][/suites-<sha256 of the suite set, 12 hex>]`
//   library                  `library/<purl>`
import { createHash } from 'node:crypto';
import {
  CRYPTO_FUNCTIONS,
  type AlgorithmAsset, type AlgorithmParamName, type AlgorithmParams, type AlgorithmRefFact, type Asset,
  type AssetId, type CertificateAsset, type CipherSuite, type CryptoFunction, type Detection, type Inventory,
  type LibraryAsset, type LibraryRef, type MaterialAsset, type Occurrence, type ProtocolAsset, type ProtocolDetection,
  type ScanStats, type Signal,
} from './model.js';
import type { KnowledgeBase, Resolution } from '../kb/types.js';
import { suiteCipherParams } from '../kb/suites.js';
import { goBase, normaliseCargo, normalisePypi, purlOf, type Ecosystem } from '../detectors/artefacts/manifests/libraries.js';
import { compareStrings, compareOccurrences, slug } from './order.js';

/** Canonical order of parameters inside ids and unknownParams. */
const PARAM_ORDER: AlgorithmParamName[] = [
  'keySize', 'mode', 'padding', 'curve', 'hash', 'tagLength', 'ivLength', 'iterations', 'saltLength',
  'outputLength', 'cost', 'memoryCost', 'parallelism', 'parameterSet',
];
const paramRank = (k: AlgorithmParamName) => PARAM_ORDER.indexOf(k);

interface AlgorithmDraft {
  resolution: Resolution;
  unknown: Set<AlgorithmParamName>;
  functions: Set<CryptoFunction>;
  occurrences: Map<string, Occurrence>;
}

type Draft<A extends Asset> = Omit<A, 'occurrences'> & { occurrences: Map<string, Occurrence> };

function occurrenceKey(o: Occurrence): string {
  return JSON.stringify([o.path, o.line, o.column, o.endLine ?? null, o.offset ?? null, o.symbol, o.snippet, o.detector]);
}

function addOccurrence(map: Map<string, Occurrence>, o: Occurrence): void {
  const key = occurrenceKey(o);
  if (!map.has(key)) map.set(key, { ...o });
}

function sortedOccurrences(map: Map<string, Occurrence>): Occurrence[] {
  return [...map.values()].sort(compareOccurrences);
}

/** Library identity: ecosystem + name as the ecosystem compares names. */
function libraryKey(ecosystem: string, name: string): string {
  const n = ecosystem === 'pypi' ? normalisePypi(name)
    : ecosystem === 'golang' ? goBase(name)
    : ecosystem === 'npm' ? name
    : ecosystem === 'cargo' ? normaliseCargo(name.toLowerCase())
    : name.toLowerCase();
  return `${ecosystem}\u0000${n}`;
}

const PURL_ECOSYSTEMS = new Set<string>(['npm', 'pypi', 'golang', 'maven', 'nuget', 'cargo', 'composer', 'gem', 'swift']);
function purlFor(ref: LibraryRef): string {
  if (PURL_ECOSYSTEMS.has(ref.ecosystem)) return purlOf(ref.ecosystem as Ecosystem, ref.name);
  return `pkg:${ref.ecosystem}/${ref.name.split('/').map(encodeURIComponent).join('/')}`;
}

/** A total order over what an algorithm asset shows, for picking one resolution per id. */
function resolutionKey(r: Resolution): string {
  const params = Object.entries(r.params)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => compareStrings(a, b));
  return JSON.stringify([r.name, r.family, r.primitive, r.oid, r.classicalSecurityBits, r.nistQuantumLevel, r.broken, r.deprecated, r.entry?.name ?? null, params]);
}

function definedParams(r: Resolution): number {
  let n = 0;
  for (const v of Object.values(r.params)) if (v !== undefined) n++;
  return n;
}

/**
 * Whether the asset shows `r` rather than `current` when both resolve to one id: the one that says
 * more (one detector writes the PSS padding that another leaves to the name), then the total order
 * of resolutionKey, so that the inventory never depends on the order detections arrive in.
 */
function preferred(r: Resolution, current: Resolution): boolean {
  const more = definedParams(r) - definedParams(current);
  return more !== 0 ? more > 0 : compareStrings(resolutionKey(r), resolutionKey(current)) < 0;
}

/** 'RSA-2048 private key', 'password'. */
function materialName(algorithm: string | null, type: MaterialAsset['materialType']): string {
  const t = type.replace(/-/g, ' ');
  return algorithm ? `${algorithm} ${t}` : t;
}

export function algorithmAssetId(r: Resolution): AssetId {
  const extras = r.paramsNotInName
    .filter((k) => r.params[k] !== undefined)
    .sort((a, b) => paramRank(a) - paramRank(b))
    .map((k) => `${k.toLowerCase()}-${slug(String(r.params[k]))}`);
  // The registry names PKCS#1 v1.5 encryption (RSAES-PKCS1) and a PKCS#1 v1.5 signature whose hash is
  // not known (RSASSA-PKCS1) both RSA-PKCS1-1.5: the family the resolver chose keeps them two assets.
  const family = r.entry && r.family !== r.entry.family ? [slug(r.family)] : [];
  return ['algorithm', slug(r.name), ...extras, ...family].join('/');
}

class InventoryBuilder {
  private readonly algorithms = new Map<AssetId, AlgorithmDraft>();
  private readonly certificates = new Map<AssetId, Draft<CertificateAsset>>();
  private readonly materials = new Map<AssetId, Draft<MaterialAsset>>();
  private readonly protocols = new Map<AssetId, Draft<ProtocolAsset>>();
  private readonly libraries = new Map<AssetId, Draft<LibraryAsset>>();
  /** Library refs from calls, resolved after every manifest has been seen (order independence). */
  private readonly provided: { ref: LibraryRef; algorithmId: AssetId | null; occurrence: Occurrence }[] = [];
  private readonly signals = new Map<string, Signal>();
  /** Libraries named by a manifest (their occurrences are manifest lines, not call sites). */
  private readonly manifestLibraries = new Set<AssetId>();

  constructor(private readonly kb: KnowledgeBase) {}

  /** An EC key's size is its curve's field size (P-256 -> 256). */
  private curveBits(r: Resolution): number | null {
    return r.params.curve ? this.kb.findCurve(r.params.curve)?.bits ?? null : null;
  }

  private resolveFact(fact: AlgorithmRefFact): Resolution {
    const r = this.kb.resolve(fact.spelling, fact.params);
    if (r.entry || !fact.oid) return r;
    // An OID the spelling did not name (a certificate's raw signature OID): resolve through it.
    const byOid = this.kb.findByOid(fact.oid);
    return byOid ? this.kb.resolve(byOid.entry.name, { ...byOid.impliedParams, ...fact.params }) : r;
  }

  /** Adds (or merges into) the algorithm asset for a resolution; returns its id. */
  private algorithm(r: Resolution, occurrence: Occurrence, unresolved: AlgorithmParamName[] = [], functions: CryptoFunction[] = []): AssetId {
    const id = algorithmAssetId(r);
    let draft = this.algorithms.get(id);
    if (!draft) {
      draft = { resolution: r, unknown: new Set(), functions: new Set(), occurrences: new Map() };
      this.algorithms.set(id, draft);
    } else if (preferred(r, draft.resolution)) {
      // Two resolutions with one id (unknown names differing only in case, a parameter implied by the
      // name written by one detector only): keep one, deterministically.
      draft.resolution = r;
    }
    for (const k of [...r.unknownParams, ...unresolved]) if (r.params[k] === undefined) draft.unknown.add(k);
    for (const f of functions) draft.functions.add(f);
    addOccurrence(draft.occurrences, occurrence);
    return id;
  }

  add(d: Detection): void {
    let algorithmId: AssetId | null = null;
    switch (d.type) {
      case 'algorithm':
        algorithmId = this.algorithm(this.resolveFact({ spelling: d.spelling, params: d.params }), d.occurrence, d.unresolved, d.functions);
        break;
      case 'certificate':
        this.addCertificate(d.certificate, d.occurrence);
        break;
      case 'material':
        algorithmId = this.addMaterial(d.material, d.occurrence);
        break;
      case 'protocol':
        this.addProtocol(d);
        break;
      case 'library':
        this.addLibrary(d.library, d.occurrence, true);
        break;
      case 'signal': {
        const assetRef = d.related ? this.algorithm(this.resolveFact(d.related), d.occurrence) : null;
        const s: Signal = { signal: d.signal, detail: d.detail, assetRef, occurrence: { ...d.occurrence } };
        this.signals.set(JSON.stringify([s.signal, s.detail, s.assetRef, occurrenceKey(s.occurrence)]), s);
        break;
      }
    }
    if (d.library && d.type !== 'library') this.provided.push({ ref: d.library, algorithmId, occurrence: d.occurrence });
  }

  private addCertificate(c: Extract<Detection, { type: 'certificate' }>['certificate'], occurrence: Occurrence): void {
    const fp = c.fingerprintSha256.toLowerCase();
    const id = `certificate/${fp}`;
    const sig = this.algorithm(this.resolveFact(c.signatureAlgorithm), occurrence);
    const keyAlg = this.resolveFact(c.publicKeyAlgorithm);
    const keyAlgId = this.algorithm(keyAlg, occurrence);
    const keyId = this.material({
      materialType: 'public-key', format: 'X.509', algorithmId: keyAlgId, size: keyAlg.params.keySize ?? this.curveBits(keyAlg),
      encrypted: null, fingerprint: null, identity: `cert-${fp}`, name: materialName(keyAlg.name, 'public-key'),
    }, occurrence);
    let draft = this.certificates.get(id);
    if (!draft) {
      draft = {
        id, kind: 'certificate', name: c.subject.trim() || `certificate ${fp.slice(0, 16)}`, subject: c.subject, issuer: c.issuer, serialNumber: c.serialNumber,
        notBefore: c.notBefore, notAfter: c.notAfter, format: 'X.509', fingerprintSha256: fp,
        signatureAlgorithmRef: sig, subjectPublicKeyRef: keyId, occurrences: new Map(),
      };
      this.certificates.set(id, draft);
    }
    addOccurrence(draft.occurrences, occurrence);
  }

  private addMaterial(m: Extract<Detection, { type: 'material' }>['material'], occurrence: Occurrence): AssetId | null {
    let algorithmId: AssetId | null = null;
    let name = materialName(null, m.materialType);
    let size = m.size ?? null;
    if (m.algorithm) {
      const params: AlgorithmParams = { ...m.algorithm.params };
      // The key's size is the algorithm's key size when the spelling left it open (an RSA key).
      let r = this.resolveFact({ ...m.algorithm, params });
      if (m.size !== undefined && r.unknownParams.includes('keySize')) r = this.resolveFact({ ...m.algorithm, params: { ...params, keySize: m.size } });
      algorithmId = this.algorithm(r, occurrence);
      name = materialName(r.name, m.materialType);
      size ??= r.params.keySize ?? this.curveBits(r);
    }
    const fp = m.fingerprintSha256?.toLowerCase() ?? null;
    // Without a fingerprint the format is what tells materials apart: a PKCS#12 and a JKS key store
    // (or an Android Keystore) are different stores, never one asset.
    const format = m.format?.trim() || null;
    if (!m.algorithm && format) name = `${format} ${name}`;
    this.material({
      materialType: m.materialType, format, algorithmId, size, encrypted: m.encrypted ?? null,
      fingerprint: fp, identity: fp ?? (format ? `format-${slug(format)}` : 'none'), name,
    }, occurrence);
    return algorithmId;
  }

  private material(
    m: { materialType: MaterialAsset['materialType']; format: string | null; algorithmId: AssetId | null; size: number | null; encrypted: boolean | null; fingerprint: string | null; identity: string; name: string },
    occurrence: Occurrence,
  ): AssetId {
    const algSlug = m.algorithmId ? m.algorithmId.slice('algorithm/'.length).replace(/\//g, '_') : 'none';
    const id = `related-crypto-material/${m.materialType}/${algSlug}/${m.identity}`;
    let draft = this.materials.get(id);
    if (!draft) {
      draft = {
        id, kind: 'related-crypto-material', name: m.name, materialType: m.materialType, format: m.format,
        algorithmRef: m.algorithmId, size: m.size, encrypted: m.encrypted, fingerprintSha256: m.fingerprint, occurrences: new Map(),
      };
      this.materials.set(id, draft);
    } else {
      // Same material seen in several encodings: keep the facts that are known, in a fixed preference.
      if (draft.format === null || (m.format !== null && compareStrings(m.format, draft.format) < 0)) draft.format = m.format ?? draft.format;
      if (m.size !== null && (draft.size === null || m.size < draft.size)) draft.size = m.size;
      // One unencrypted copy leaks the key: false beats true, and any answer beats unknown.
      if (m.encrypted === false || draft.encrypted === null) draft.encrypted = m.encrypted ?? draft.encrypted;
    }
    addOccurrence(draft.occurrences, occurrence);
    return id;
  }

  private addProtocol(d: ProtocolDetection): void {
    const p = d.protocol;
    const known = p.version ? this.kb.findProtocolVersion(p.version, p.protocolType) : undefined;
    const version = known?.version ?? p.version?.trim() ?? null;
    const suites = new Map<string, CipherSuite>();
    for (const written of p.cipherSuites ?? []) {
      const s = this.kb.findCipherSuite(written);
      if (!s) {
        // Not a TLS suite: an SSH algorithm list (aes256-gcm@openssh.com) names algorithms directly.
        const name = written.trim();
        const r = this.kb.resolve(name, {});
        const refs = r.entry ? [this.algorithm(r, d.occurrence)] : [];
        if (name && !suites.has(name)) suites.set(name, { name, identifiers: [], algorithmRefs: refs });
        continue;
      }
      // The suite's name fixes what its cipher's spelling does not (RC4_128's key size, CCM_8's tag).
      const refs = [s.keyExchange, s.authentication, s.cipher, s.mac]
        .filter((c): c is string => c !== null)
        .map((c) => this.algorithm(this.kb.resolve(c, c === s.cipher ? suiteCipherParams(s.name) : {}), d.occurrence));
      suites.set(s.name, { name: s.name, identifiers: [...s.identifiers], algorithmRefs: [...new Set(refs)].sort(compareStrings) });
    }
    // Key-exchange groups are algorithms in use (X25519MLKEM768, ECDH-P256) even without a place in the model.
    for (const g of p.groups ?? []) this.algorithm(this.kb.resolveGroup(g), d.occurrence);
    const suiteList = [...suites.values()].sort((a, b) => compareStrings(a.name, b.name));
    const parts = ['protocol', p.protocolType];
    if (version) parts.push(slug(version));
    if (suiteList.length > 0) {
      const digest = createHash('sha256').update(suiteList.map((s) => s.name).join('\n')).digest('hex').slice(0, 12);
      parts.push(`suites-${digest}`);
    }
    const id = parts.join('/');
    const typeName = p.protocolType === 'ipsec' ? 'IPsec' : p.protocolType.toUpperCase();
    let draft = this.protocols.get(id);
    if (!draft) {
      draft = {
        id, kind: 'protocol', name: known?.name ?? (version ? `${typeName} ${version}` : typeName), protocolType: p.protocolType,
        version, cipherSuites: suiteList, occurrences: new Map(),
      };
      this.protocols.set(id, draft);
    }
    addOccurrence(draft.occurrences, d.occurrence);
  }

  private addLibrary(l: Extract<Detection, { type: 'library' }>['library'], occurrence: Occurrence | null, fromManifest: boolean): AssetId {
    const id = `library/${l.purl}`;
    let draft = this.libraries.get(id);
    if (!draft) {
      draft = {
        id, kind: 'library', name: l.name, ecosystem: l.ecosystem, packageName: l.name, version: l.version ?? null,
        purl: l.purl, providesRefs: [], occurrences: new Map(),
      };
      this.libraries.set(id, draft);
    }
    if (fromManifest) this.manifestLibraries.add(id);
    if (occurrence) addOccurrence(draft.occurrences, occurrence);
    return id;
  }

  /**
   * A manifest entry without a version (a Maven child module whose version the parent's
   * dependencyManagement sets, a requirements line without a pin) names the same library as the one
   * versioned entry of that package: it joins it. With two or more versions it stays apart, since
   * which one it means is unknown.
   */
  private foldVersionless(): void {
    const groups = new Map<string, AssetId[]>();
    for (const id of this.manifestLibraries) {
      const lib = this.libraries.get(id)!;
      const key = libraryKey(lib.ecosystem, lib.packageName);
      groups.set(key, [...(groups.get(key) ?? []), id]);
    }
    for (const ids of groups.values()) {
      const versioned = ids.filter((id) => this.libraries.get(id)!.version !== null);
      if (versioned.length !== 1) continue;
      const target = this.libraries.get(versioned[0]!)!;
      for (const id of ids) {
        if (id === target.id) continue;
        for (const o of this.libraries.get(id)!.occurrences.values()) addOccurrence(target.occurrences, o);
        this.libraries.delete(id);
        this.manifestLibraries.delete(id);
      }
    }
  }

  /** Second pass: attribute calls to libraries. A manifest's library wins over an import-only one. */
  private linkLibraries(): void {
    const byKey = new Map<string, AssetId[]>();
    for (const lib of this.libraries.values()) {
      const key = libraryKey(lib.ecosystem, lib.packageName);
      byKey.set(key, [...(byKey.get(key) ?? []), lib.id]);
    }
    const provides = new Map<AssetId, Set<AssetId>>();
    for (const { ref, algorithmId, occurrence } of this.provided) {
      let ids = byKey.get(libraryKey(ref.ecosystem, ref.name));
      if (!ids) {
        const id = this.addLibrary({ ecosystem: ref.ecosystem, name: ref.name, purl: purlFor(ref) }, null, false);
        ids = [id];
        byKey.set(libraryKey(ref.ecosystem, ref.name), ids);
      }
      for (const id of ids) {
        const lib = this.libraries.get(id)!;
        // An import-only library (no manifest entry) is evidenced by the calls themselves.
        if (!this.manifestLibraries.has(id)) addOccurrence(lib.occurrences, occurrence);
        if (algorithmId) {
          const set = provides.get(id) ?? new Set();
          set.add(algorithmId);
          provides.set(id, set);
        }
      }
    }
    for (const [id, set] of provides) this.libraries.get(id)!.providesRefs = [...set].sort(compareStrings);
  }

  build(stats: ScanStats): Inventory {
    this.foldVersionless();
    this.linkLibraries();
    const assets: Asset[] = [];
    for (const [id, d] of this.algorithms) {
      const r = d.resolution;
      const asset: AlgorithmAsset = {
        id, kind: 'algorithm', name: r.name, family: r.family, primitive: r.primitive,
        params: Object.fromEntries(PARAM_ORDER.filter((k) => r.params[k] !== undefined).map((k) => [k, r.params[k]])) as AlgorithmParams,
        unknownParams: [...d.unknown].sort((a, b) => paramRank(a) - paramRank(b)),
        oid: r.oid, classicalSecurityBits: r.classicalSecurityBits, nistQuantumLevel: r.nistQuantumLevel,
        broken: r.broken, deprecated: r.deprecated,
        cryptoFunctions: CRYPTO_FUNCTIONS.filter((f) => d.functions.has(f)),
        kbEntry: r.entry?.name ?? null,
        occurrences: sortedOccurrences(d.occurrences),
      };
      assets.push(asset);
    }
    for (const group of [this.certificates, this.materials, this.protocols, this.libraries] as Map<AssetId, Draft<Asset>>[]) {
      for (const d of group.values()) assets.push({ ...d, occurrences: sortedOccurrences(d.occurrences) } as Asset);
    }
    assets.sort((a, b) => compareStrings(a.id, b.id));
    const signals = [...this.signals.values()].sort(
      (a, b) => compareStrings(a.signal, b.signal) || compareOccurrences(a.occurrence, b.occurrence)
        || compareStrings(a.detail, b.detail) || compareStrings(a.assetRef ?? '', b.assetRef ?? ''),
    );
    return { assets, signals, stats };
  }
}

/** Resolves every detection through the knowledge base and deduplicates them into assets. */
export function buildInventory(detections: Detection[], stats: ScanStats, kb: KnowledgeBase): Inventory {
  const builder = new InventoryBuilder(kb);
  for (const d of detections) builder.add(d);
  return builder.build(stats);
}
