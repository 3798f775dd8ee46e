// The artefact detectors: certificates, keys (PEM, DER, JWK, SSH, CryptoAPI blobs), keystores, server and VPN configuration, Go programs' TLS options in TOML/YAML, cfssl key requests, sops-encrypted files and dependency manifests.
import type { Detector } from '../types.js';
import { pemDetector } from './pem.js';
import { derDetector } from './der.js';
import { capiKeyDetector } from './capi-key.js';
import { jwkDetector } from './jwk.js';
import { keystoreDetector } from './keystore.js';
import { sshPublicKeyDetector } from './ssh-public-key.js';
import { tlsConfigDetector } from './tls-config.js';
import { goTlsOptionsDetector } from './go-tls-options.js';
import { sshConfigDetector } from './ssh-config.js';
import { openvpnConfigDetector } from './openvpn-config.js';
import { cfsslCsrDetector } from './cfssl-csr.js';
import { sopsFileDetector } from './sops-file.js';
import { npmManifestDetector } from './manifests/npm.js';
import { pypiManifestDetector } from './manifests/pypi.js';
import { goModDetector } from './manifests/go.js';
import { gradleCatalogDetector, gradleDetector, mavenPomDetector } from './manifests/maven.js';
import { nugetManifestDetector } from './manifests/nuget.js';
import { cargoManifestDetector } from './manifests/cargo.js';
import { composerManifestDetector } from './manifests/composer.js';
import { gemManifestDetector } from './manifests/gem.js';
import { swiftManifestDetector } from './manifests/swift.js';

export const ARTEFACT_DETECTORS: readonly Detector[] = [
  pemDetector,
  derDetector,
  capiKeyDetector,
  jwkDetector,
  keystoreDetector,
  sshPublicKeyDetector,
  tlsConfigDetector,
  goTlsOptionsDetector,
  sshConfigDetector,
  openvpnConfigDetector,
  cfsslCsrDetector,
  sopsFileDetector,
  npmManifestDetector,
  pypiManifestDetector,
  goModDetector,
  mavenPomDetector,
  gradleDetector,
  gradleCatalogDetector,
  nugetManifestDetector,
  cargoManifestDetector,
  composerManifestDetector,
  gemManifestDetector,
  swiftManifestDetector,
];
