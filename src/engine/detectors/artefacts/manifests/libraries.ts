// The known crypto libraries (kb/data/crypto-libraries.json) and package URLs for them.
import data from '../../../kb/data/crypto-libraries.json' with { type: 'json' };
import type { Detection, LibraryFacts, Occurrence } from '../../../inventory/model.js';

export type Ecosystem = 'npm' | 'pypi' | 'golang' | 'maven' | 'nuget' | 'cargo' | 'composer' | 'gem' | 'swift';

export interface KnownLibrary {
  ecosystem: Ecosystem;
  name: string;
  provides: string[];
  description: string;
  homepage: string;
}

export const KNOWN_LIBRARIES: readonly KnownLibrary[] = data.libraries as KnownLibrary[];

/**
 * NuGet package ids are case-insensitive (`bouncycastle.cryptography` is `BouncyCastle.Cryptography`);
 * crates.io treats `-` and `_` in a crate name as one (`aes_gcm` is `aes-gcm`). Composer compares
 * package names case-insensitively (the purl spec lowercases them), and a Swift package is its
 * repository, whose host and path GitHub and SwiftPM compare case-insensitively.
 */
const CASE_INSENSITIVE = new Set<Ecosystem>(['nuget', 'composer', 'swift']);
const lookupKey = (ecosystem: Ecosystem, name: string): string =>
  CASE_INSENSITIVE.has(ecosystem) ? name.toLowerCase() : ecosystem === 'cargo' ? normaliseCargo(name) : name;

const byEcosystem = new Map<Ecosystem, Map<string, KnownLibrary>>();
for (const lib of KNOWN_LIBRARIES) {
  if (!byEcosystem.has(lib.ecosystem)) byEcosystem.set(lib.ecosystem, new Map());
  byEcosystem.get(lib.ecosystem)!.set(lookupKey(lib.ecosystem, lib.name), lib);
}

/** PEP 503 normalisation: case-insensitive, runs of `-`, `_`, `.` are one `-`. */
export function normalisePypi(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/**
 * Cargo: `-` and `_` are one character in crate names. crates.io refuses a name that differs from
 * another only so, so either spelling names one crate (Rust code writes `aes_gcm` for `aes-gcm`).
 */
export function normaliseCargo(name: string): string {
  return name.replace(/_/g, '-');
}

/** Go modules: the major-version suffix (`/v5`) is part of the path but not of the library's identity. */
export function goBase(path: string): string {
  return path.replace(/\/v\d+$/, '');
}

export function findLibrary(ecosystem: Ecosystem, name: string): KnownLibrary | undefined {
  const key = ecosystem === 'pypi' ? normalisePypi(name) : ecosystem === 'golang' ? goBase(name) : lookupKey(ecosystem, name);
  return byEcosystem.get(ecosystem)?.get(key);
}

/** Names of one ecosystem, as prefilter keywords (a manifest without any is never parsed). */
export function keywordsFor(ecosystem: Ecosystem): string[] {
  const names = KNOWN_LIBRARIES.filter((l) => l.ecosystem === ecosystem).flatMap((l) =>
    ecosystem === 'maven' ? [l.name.split(':')[1]!] : ecosystem === 'nuget' ? [l.name, l.name.toLowerCase()] : [l.name]);
  return [...new Set(names)].sort();
}

function encodeSegment(s: string): string {
  return encodeURIComponent(s).replace(/%2F/gi, '/');
}

/**
 * Package URL (purl spec): pkg:npm/%40noble/hashes@1.4.0, pkg:maven/org.bouncycastle/bcprov-jdk18on@1.78,
 * pkg:nuget/BouncyCastle.Cryptography@2.4.0, pkg:cargo/ring@0.17.8, pkg:composer/firebase/php-jwt@6.10.0
 * (vendor as namespace), pkg:gem/jwt@2.8.1, pkg:swift/github.com/apple/swift-crypto@3.0.0 (source host
 * and owner as namespace).
 */
export function purlOf(ecosystem: Ecosystem, name: string, version?: string): string {
  let path: string;
  if (ecosystem === 'maven') {
    const [group, artifact] = name.split(':');
    path = `${encodeSegment(group!)}/${encodeSegment(artifact!)}`;
  } else if (ecosystem === 'npm' && name.startsWith('@')) {
    const [scope, pkg] = name.split('/');
    path = `${encodeURIComponent(scope!)}/${encodeSegment(pkg!)}`;
  } else {
    path = name.split('/').map(encodeSegment).join('/');
  }
  return `pkg:${ecosystem}/${path}${version ? `@${encodeURIComponent(version)}` : ''}`;
}

/** Longest version text considered (real ones are far shorter: 1.2.3-beta.4+build.567). */
const MAX_VERSION_CHARS = 128;

/** Exact versions only: a range (`^1.2.0`, `>=41`) is not a version, and a guess would be a fake fact. */
export function exactVersion(spec: string | undefined): string | undefined {
  // Longer text is not a version; the pattern below backtracks quadratically on `1.0.0.0…!`, and a
  // manifest's values are whatever a hostile repository writes.
  if (!spec || spec.length > MAX_VERSION_CHARS) return undefined;
  const v = spec.trim().replace(/^(==|=|v(?=\d))/, '').trim();
  return /^v?\d+(\.\d+)*([-+.][0-9A-Za-z.+-]+)?$/.test(v) ? v : undefined;
}

export function libraryDetection(ecosystem: Ecosystem, lib: KnownLibrary, declaredName: string, version: string | undefined, occurrence: Occurrence): Detection {
  const name = ecosystem === 'golang' ? declaredName : lib.name;
  const library: LibraryFacts = { ecosystem, name, purl: purlOf(ecosystem, name, version) };
  if (version) library.version = version;
  return { type: 'library', library, occurrence };
}
