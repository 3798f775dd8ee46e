// Turns the knowledge-base JSON (the researched crypto-facts table, the project's additions, the
// protocol and cipher-suite tables) into typed, indexed tables. Runs once per process (index.ts
// caches the result). Everything here is about data shape; resolution logic lives in resolve.ts.
import facts from './data/crypto-facts.json' with { type: 'json' };
import additions from './data/additions.json' with { type: 'json' };
import suitesData from './data/cipher-suites.json' with { type: 'json' };
import protocolsData from './data/protocols.json' with { type: 'json' };
import { PRIMITIVES, type AlgorithmParams, type Primitive } from '../inventory/model.js';
import { SSH_ALGORITHM_ROLES, type KbAlgorithm, type KbCipherSuite, type KbCurve, type KbProtocolVersion, type SshAlgorithmRole, type SshKeyType } from './types.js';

/** Modes as the registry spells them; anything else an alias implies is dropped. */
export const MODES = [
  'ECB', 'CBC', 'PCBC', 'CFB', 'CFB1', 'CFB8', 'CFB64', 'CFB128', 'OFB', 'CTR', 'CTS', 'XTS', 'GCM', 'CCM',
  'OCB', 'EAX', 'SIV', 'GCM-SIV', 'KW', 'KWP', 'CMAC', 'GMAC',
] as const;
const MODE_SET = new Set<string>(MODES);
/** Modes that make a block cipher an AEAD (CycloneDX primitive `ae`). */
export const AE_MODES: ReadonlySet<string> = new Set(['GCM', 'CCM', 'OCB', 'EAX', 'SIV', 'GCM-SIV']);
/** Modes that make a block cipher a MAC. */
export const MAC_MODES: ReadonlySet<string> = new Set(['CMAC', 'GMAC']);
/** Modes that pad: the only ones where a padding belongs in the name. */
export const PADDED_MODES: ReadonlySet<string> = new Set(['ECB', 'CBC', 'PCBC']);

interface RawAlgorithm {
  name: string;
  family: string;
  registryPattern: string | null;
  primitive: string;
  otherPrimitives?: string[];
  otherFamilies?: string[];
  generic?: boolean;
  oid: string | null;
  modes?: Record<string, string>;
  schemes?: Record<string, string>;
  otherOids?: { oid: string }[];
  classicalSecurityBits: number | null;
  preimageBits?: number;
  nistQuantumLevel: number | null;
  broken: boolean;
  deprecated: string | null;
  curve?: string;
  aliases: string[];
  aliasParams?: Record<string, Record<string, unknown>>;
  sources: string[];
}

/** additions.json's extensions of an existing entry: spellings and OIDs, each with the params it implies. */
interface ExtraAliases {
  aliases: string[];
  aliasParams?: Record<string, Record<string, unknown>>;
  /** OID -> params it implies (PKCS#12 pbeWithSHAAnd3-KeyTripleDES-CBC -> mode CBC on 3DES-168). */
  oids?: Record<string, Record<string, unknown>>;
  sources: string[];
}

interface RawCurve {
  name: string;
  aliases: string[];
  bits: number;
  classicalSecurityBits: number;
  nistQuantumLevel: number;
  oid: string | null;
  sources: string[];
}

export interface AliasHit {
  entry: KbAlgorithm;
  impliedParams: AlgorithmParams;
}

export interface LoadedKb {
  algorithms: KbAlgorithm[];
  curves: KbCurve[];
  cipherSuites: KbCipherSuite[];
  protocolVersions: KbProtocolVersion[];
  sshAlgorithmNames: Record<SshAlgorithmRole, string[]>;
  sshKeyTypes: Record<string, SshKeyType>;
  sshGssKex: Record<string, string>;
  sources: Record<string, { title: string; url: string }>;
  /** Lower-cased name or alias -> entry and implied params. */
  aliasIndex: Map<string, AliasHit>;
  curveIndex: Map<string, KbCurve>;
  oidIndex: Map<string, AliasHit>;
  suiteIndex: Map<string, KbCipherSuite>;
  protocolIndex: Map<string, KbProtocolVersion[]>;
  byName: Map<string, KbAlgorithm>;
}

function asPrimitive(p: string, where: string): Primitive {
  if (!(PRIMITIVES as readonly string[]).includes(p)) throw new Error(`knowledge base: ${where}: primitive '${p}' is not a CycloneDX 1.6 primitive`);
  return p as Primitive;
}

export function normaliseMode(mode: string): string | undefined {
  const m = mode.trim().toUpperCase();
  return MODE_SET.has(m) ? m : undefined;
}

/** Padding spellings (JCA, OpenSSL, registry) -> the registry's. */
export function normalisePadding(padding: string): string | undefined {
  const p = padding.trim().toLowerCase().replace(/padding$/, '').replace(/[\s_-]/g, '');
  if (p === '' || p === 'no' || p === 'none' || p === 'nopadding') return 'NoPadding';
  if (p === 'pkcs5') return 'PKCS5';
  if (p === 'pkcs7') return 'PKCS7';
  if (p === 'pkcs1' || p === 'pkcs1v15' || p === 'pkcs1v1.5' || p === 'rsapkcs1') return 'PKCS1v15';
  if (p.startsWith('oaep') || p === 'rsapkcs1oaep') return 'OAEP';
  if (p === 'pss' || p === 'rsapkcs1pss') return 'PSS';
  if (p === 'iso10126') return 'ISO10126';
  if (p === 'zerobyte' || p === 'zero' || p === 'zeros') return 'ZeroPadding';
  if (p === 'ansix923' || p === 'x923') return 'X923';
  return undefined;
}

/** The facts table carries notes and variants in aliasParams too; keep only AlgorithmParams. */
function impliedFromAlias(raw: Record<string, unknown>): AlgorithmParams {
  const out: AlgorithmParams = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'mode' && typeof v === 'string') {
      const m = normaliseMode(v);
      if (m) out.mode = m;
    } else if (k === 'hash' && typeof v === 'string') out.hash = v;
    else if (k === 'keyBits' && typeof v === 'number') out.keySize = v;
    else if (k === 'tagLength' && typeof v === 'number') out.tagLength = v;
    else if (k === 'padding' && typeof v === 'string') {
      const p = v.startsWith('none') ? 'NoPadding' : normalisePadding(v);
      if (p) out.padding = p;
    } else if (k === 'use' && typeof v === 'string' && v.startsWith('encryption')) out.padding = 'PKCS1v15';
    // note, variant, prf, protocol, keyAgreement: documentation only.
  }
  return out;
}

const KEY_SIZE_IN_NAME = /^(RSA|DSA|ElGamal|RC2|3DES|CAST5|CAST6|CAMELLIA|ARIA|SEED|Twofish|Serpent|RC6|Kalyna)-(\d+)$/;
const PARAMETER_SET_IN_NAME: [RegExp, number][] = [
  [/^ML-KEM-(\d+)$/, 1], [/^ML-DSA-(\d+)$/, 1], [/^HashML-DSA-(\d+)-/, 1], [/^SLH-DSA-(.+)$/, 1],
  [/^HashSLH-DSA-((?:SHA2|SHAKE)-\d+[sf])-/, 1], [/^FN-DSA-(\d+)$/, 1], [/^HQC-(\d+)$/, 1],
  [/^FrodoKEM-(\d+)$/, 1], [/^Classic-McEliece-(\d+)$/, 1], [/^BIKE-(L\d)$/, 1], [/^LMS_(.+)$/, 1],
  [/^XMSS-(.+)$/, 1], [/^XMSSMT-(.+)$/, 1],
];
const HASH_SUFFIX_FAMILIES = ['HMAC', 'PBKDF2', 'PBKDF1', 'HKDF', 'Hash_DRBG', 'HMAC_DRBG', 'EVP_BytesToKey'];

/** Parameters an entry's name fixes (AES-256 -> keySize 256, ECDSA-P256 -> curve P-256, ...). */
function fixedParams(e: RawAlgorithm): AlgorithmParams {
  const p: AlgorithmParams = {};
  if (e.generic) return p;
  const n = e.name;
  let m: RegExpMatchArray | null;
  if (e.family === 'AES') {
    if ((m = n.match(/^AES-(128|192|256)/))) p.keySize = Number(m[1]);
    if (n.endsWith('-GCM-SIV')) p.mode = 'GCM-SIV';
    else if (n.endsWith('-CMAC')) p.mode = 'CMAC';
    else if (n.endsWith('-GMAC')) p.mode = 'GMAC';
  } else if ((m = n.match(KEY_SIZE_IN_NAME))) p.keySize = Number(m[2]);
  else if (e.family === 'FFDH' && (m = n.match(/(\d+)$/))) p.keySize = Number(m[1]);
  else if (e.family === 'SM4') p.keySize = 128;
  // DES keys are 64 bits on the wire, 56 of them effective: detectors counting key bytes say 64.
  else if (e.name === 'DES') p.keySize = 56;
  else if ((m = n.match(/^CTR_DRBG-AES-(\d+)$/))) p.keySize = Number(m[1]);
  if (e.curve) p.curve = e.curve;
  if (HASH_SUFFIX_FAMILIES.includes(e.family) && n.startsWith(`${e.family}-`)) p.hash = n.slice(e.family.length + 1);
  if ((m = n.match(/^Hash(?:ML|SLH)-DSA-.+?-((?:SHA|SHAKE)[-\d]*\d+)$/))) p.hash = m[1];
  for (const [re, g] of PARAMETER_SET_IN_NAME) {
    if ((m = n.match(re))) {
      p.parameterSet = m[g];
      break;
    }
  }
  return p;
}

function toAlgorithm(e: RawAlgorithm, extraAliases: string[]): KbAlgorithm {
  return {
    name: e.name,
    family: e.family,
    primitive: asPrimitive(e.primitive, e.name),
    otherPrimitives: (e.otherPrimitives ?? []).map((p) => asPrimitive(p, e.name)),
    otherFamilies: e.otherFamilies ?? [],
    registryPattern: e.registryPattern,
    generic: e.generic === true,
    oid: e.oid,
    classicalSecurityBits: e.classicalSecurityBits,
    modeOids: Object.fromEntries(
      Object.entries(e.modes ?? {}).flatMap(([m, oid]) => {
        const mode = normaliseMode(m);
        return mode ? [[mode, oid]] : [];
      }),
    ),
    preimageBits: e.preimageBits ?? null,
    nistQuantumLevel: e.nistQuantumLevel,
    broken: e.broken,
    deprecated: e.deprecated,
    curve: e.curve ?? null,
    aliases: [...e.aliases, ...extraAliases],
    params: fixedParams(e),
    sources: e.sources,
  };
}

function addUnique<V>(index: Map<string, V>, key: string, value: V, what: string): void {
  const k = key.toLowerCase();
  if (index.has(k)) throw new Error(`knowledge base: spelling '${key}' is listed twice (${what})`);
  index.set(k, value);
}

const HASH_IN_SCHEME = /(SHA3-\d+|SHA512\/2(?:24|56)|SHA\d+|SHAKE\d+|MD[25])/;

export function loadKnowledgeBase(): LoadedKb {
  const rawAlgorithms = [...(facts.algorithms as RawAlgorithm[]), ...(additions.algorithms as RawAlgorithm[])];
  const extra = additions.extraAliases as Record<string, ExtraAliases>;
  const algorithms = rawAlgorithms.map((e) => toAlgorithm(e, extra[e.name]?.aliases ?? []));
  const byName = new Map(algorithms.map((a) => [a.name, a]));
  for (const name of Object.keys(extra)) if (!byName.has(name)) throw new Error(`knowledge base: extraAliases for unknown entry ${name}`);

  // The researched table's curves, then the project's (the older SEC 2, X9.62, Brainpool twist and WTLS curves).
  const rawCurves = [...(facts.curves as RawCurve[]), ...(additions.curves as RawCurve[])];
  const curves: KbCurve[] = rawCurves.map((c) => ({
    name: c.name,
    bits: c.bits,
    classicalSecurityBits: c.classicalSecurityBits,
    nistQuantumLevel: c.nistQuantumLevel,
    oid: c.oid,
    sources: c.sources,
  }));

  // One namespace for algorithm and curve spellings, as the facts table promises.
  const all = new Map<string, string>();
  const aliasIndex = new Map<string, AliasHit>();
  rawAlgorithms.forEach((raw, i) => {
    const entry = algorithms[i]!;
    addUnique(all, entry.name, entry.name, 'algorithm name');
    aliasIndex.set(entry.name.toLowerCase(), { entry, impliedParams: {} });
    for (const alias of entry.aliases) {
      addUnique(all, alias, entry.name, `alias of ${entry.name}`);
      const implied = raw.aliasParams?.[alias] ?? extra[entry.name]?.aliasParams?.[alias] ?? {};
      aliasIndex.set(alias.toLowerCase(), { entry, impliedParams: impliedFromAlias(implied) });
    }
  });
  const curveIndex = new Map<string, KbCurve>();
  rawCurves.forEach((raw, i) => {
    const curve = curves[i]!;
    // A curve's OID is one of its spellings: code names curves by OID too (`new ECGenParameterSpec("1.3.132.0.34")`).
    for (const s of [raw.name, ...raw.aliases, ...(raw.oid ? [raw.oid] : [])]) {
      addUnique(all, s, raw.name, `curve ${raw.name}`);
      curveIndex.set(s.toLowerCase(), curve);
    }
  });

  // OIDs: algorithm OIDs first (generic entries before sized ones, so rsaEncryption lands on RSA),
  // then mode and scheme OIDs with the params they imply, then alternative OIDs.
  const oidIndex = new Map<string, AliasHit>();
  const setOid = (oid: string, hit: AliasHit) => {
    if (!oidIndex.has(oid)) oidIndex.set(oid, hit);
  };
  const ordered = [...rawAlgorithms.keys()].sort((a, b) => Number(rawAlgorithms[b]!.generic === true) - Number(rawAlgorithms[a]!.generic === true) || a - b);
  for (const i of ordered) {
    const raw = rawAlgorithms[i]!;
    if (raw.oid) setOid(raw.oid, { entry: algorithms[i]!, impliedParams: {} });
  }
  const pkcs1 = byName.get('RSA-PKCS1-1.5');
  for (const i of ordered) {
    const raw = rawAlgorithms[i]!;
    const entry = algorithms[i]!;
    for (const [mode, oid] of Object.entries(raw.modes ?? {})) {
      const m = normaliseMode(mode);
      setOid(oid, { entry, impliedParams: m ? { mode: m } : {} });
    }
    for (const [scheme, oid] of Object.entries(raw.schemes ?? {})) {
      const h = scheme.match(HASH_IN_SCHEME)?.[1];
      const hash = h ? aliasIndex.get(h.toLowerCase())?.entry.name : undefined;
      const target = scheme.startsWith('PKCS1v15') && pkcs1 ? pkcs1 : entry;
      setOid(oid, { entry: target, impliedParams: hash && target.primitive !== 'kdf' ? { hash } : {} });
    }
  }
  for (const i of ordered) for (const o of rawAlgorithms[i]!.otherOids ?? []) setOid(o.oid, { entry: algorithms[i]!, impliedParams: {} });
  for (const c of curves) if (c.oid) setOid(c.oid, { entry: byName.get('ECDSA')!, impliedParams: { curve: c.name } });
  // Project OIDs last, and only for identifiers the table does not already map (one place per fact).
  for (const [name, x] of Object.entries(extra)) {
    for (const [oid, implied] of Object.entries(x.oids ?? {})) {
      if (oidIndex.has(oid)) throw new Error(`knowledge base: OID ${oid} of ${name} is already mapped to ${oidIndex.get(oid)!.entry.name}`);
      oidIndex.set(oid, { entry: byName.get(name)!, impliedParams: impliedFromAlias(implied) });
    }
  }

  const cipherSuites = suitesData.cipherSuites as KbCipherSuite[];
  const suiteIndex = new Map<string, KbCipherSuite>();
  for (const s of cipherSuites) for (const n of [s.name, ...s.aliases]) addUnique(suiteIndex, n, s, `cipher suite ${s.name}`);

  const protocolVersions = protocolsData.protocols as KbProtocolVersion[];
  const protocolIndex = new Map<string, KbProtocolVersion[]>();
  for (const p of protocolVersions) {
    for (const s of new Set([p.name, ...p.aliases].map((x) => x.toLowerCase()))) {
      const list = protocolIndex.get(s) ?? [];
      list.push(p);
      protocolIndex.set(s, list);
    }
  }

  const ssh = protocolsData.sshAlgorithmNames as unknown as Record<SshAlgorithmRole, string[]> & { sources: string[] };
  const sshAlgorithmNames = Object.fromEntries(SSH_ALGORITHM_ROLES.map((role) => [role, ssh[role]])) as Record<SshAlgorithmRole, string[]>;
  const sshSeen = new Set<string>();
  for (const name of Object.values(sshAlgorithmNames).flat()) {
    if (sshSeen.has(name)) throw new Error(`knowledge base: SSH algorithm name '${name}' is listed twice`);
    sshSeen.add(name);
  }
  const sshKeyTypes = protocolsData.sshKeyTypes.types as Record<string, SshKeyType>;
  for (const name of Object.keys(sshKeyTypes)) {
    if (!sshAlgorithmNames.hostKey.includes(name)) throw new Error(`knowledge base: SSH key type '${name}' is not a host-key name`);
  }

  const sshGssKex = protocolsData.sshGssKex.methods as Record<string, string>;
  for (const [method, plain] of Object.entries(sshGssKex)) {
    if (!sshAlgorithmNames.kex.includes(plain)) throw new Error(`knowledge base: GSS-API method '${method}' maps to '${plain}', not a key-exchange name`);
  }

  const sources = { ...(facts.sources as LoadedKb['sources']), ...(additions.sources as LoadedKb['sources']) };
  const cited = [
    ...algorithms.flatMap((a) => a.sources),
    ...curves.flatMap((c) => c.sources),
    ...cipherSuites.flatMap((s) => s.sources),
    ...protocolVersions.flatMap((p) => p.sources),
    ...ssh.sources,
    ...protocolsData.sshKeyTypes.sources,
    ...protocolsData.sshGssKex.sources,
    ...Object.values(extra).flatMap((x) => x.sources),
  ];
  for (const id of cited) if (!sources[id]) throw new Error(`knowledge base: source id '${id}' is cited but not defined`);

  return { algorithms, curves, cipherSuites, protocolVersions, sshAlgorithmNames, sshKeyTypes, sshGssKex, sources, aliasIndex, curveIndex, oidIndex, suiteIndex, protocolIndex, byName };
}
