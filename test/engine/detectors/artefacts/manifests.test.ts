import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { npmManifestDetector } from '../../../../src/engine/detectors/artefacts/manifests/npm.js';
import { pypiManifestDetector } from '../../../../src/engine/detectors/artefacts/manifests/pypi.js';
import { goModDetector } from '../../../../src/engine/detectors/artefacts/manifests/go.js';
import { expandProperties, gradleCatalogDetector, gradleDetector, mavenPomDetector } from '../../../../src/engine/detectors/artefacts/manifests/maven.js';
import { nugetManifestDetector } from '../../../../src/engine/detectors/artefacts/manifests/nuget.js';
import { cargoManifestDetector } from '../../../../src/engine/detectors/artefacts/manifests/cargo.js';
import { composerManifestDetector } from '../../../../src/engine/detectors/artefacts/manifests/composer.js';
import { gemManifestDetector } from '../../../../src/engine/detectors/artefacts/manifests/gem.js';
import { swiftManifestDetector, swiftPackagePath } from '../../../../src/engine/detectors/artefacts/manifests/swift.js';
import { KNOWN_LIBRARIES, findLibrary, purlOf } from '../../../../src/engine/detectors/artefacts/manifests/libraries.js';
import { readToml } from '../../../../src/engine/detectors/artefacts/manifests/toml.js';
import type { Detection } from '../../../../src/engine/inventory/model.js';
import { kb, run } from './helpers.js';

const purls = (ds: Detection[]): string[] => ds.map((d) => (d.type === 'library' ? d.library.purl : `not a library: ${d.type}`));

test('the known-library list is well formed: one entry per name, a homepage and what it provides', () => {
  const keys = KNOWN_LIBRARIES.map((l) => `${l.ecosystem}:${l.name}`);
  assert.equal(new Set(keys).size, keys.length);
  for (const l of KNOWN_LIBRARIES) {
    assert.match(l.homepage, /^https?:\/\//, l.name);
    assert.ok(['npm', 'pypi', 'golang', 'maven', 'nuget', 'cargo', 'composer', 'gem', 'swift'].includes(l.ecosystem), l.name);
    if (l.ecosystem === 'composer') assert.match(l.name, /^[a-z0-9_.-]+\/[a-z0-9_.-]+$/, 'Composer names are lowercase vendor/name');
    if (l.ecosystem === 'swift') assert.match(l.name, /^[a-z0-9.-]+\/[^/]+\/[^/]+$/, 'Swift names are host/owner/repository');
    if (l.ecosystem === 'maven') assert.match(l.name, /^[^:]+:[^:]+$/);
  }
  assert.ok(KNOWN_LIBRARIES.filter((l) => l.ecosystem === 'npm').length >= 15);
});

const registryFamilies = new Set((JSON.parse(readFileSync(new URL('../../../../schemas/cyclonedx/cryptography-defs.json', import.meta.url), 'utf8')) as {
  algorithms: { family: string }[];
}).algorithms.map((a) => a.family.toLowerCase()));
/** What libraries offer besides algorithms: protocols and formats. */
const PROTOCOLS_AND_FORMATS = new Set(['TLS', 'SSH', 'OpenPGP', 'X.509', 'CMS', 'PKCS#12', 'OCSP', 'JOSE', 'JWS', 'ASN.1']);
/** Names older entries use that neither the KB nor the registry defines; new entries must not add to them. */
const OUTSIDE_KB = new Set(['AES-PMAC-SIV', 'BLS12-381', 'PBE', 'Schnorr']);

test('what a known library provides is a KB algorithm or curve, a CycloneDX registry family, or a protocol or format', () => {
  const unnamed = KNOWN_LIBRARIES.flatMap((l) => l.provides.filter((p) =>
    !kb.findAlgorithm(p) && !kb.findCurve(p) && !registryFamilies.has(p.toLowerCase()) && !PROTOCOLS_AND_FORMATS.has(p) && !OUTSIDE_KB.has(p))
    .map((p) => `${l.ecosystem}:${l.name} ${p}`));
  assert.deepEqual(unnamed, []);
  for (const l of KNOWN_LIBRARIES) assert.ok(l.provides.length > 0, l.name);
});

test('purls follow the purl spec: scoped npm names, maven group/artifact, go module paths', () => {
  assert.equal(purlOf('npm', '@noble/hashes', '1.4.0'), 'pkg:npm/%40noble/hashes@1.4.0');
  assert.equal(purlOf('maven', 'org.bouncycastle:bcprov-jdk18on', '1.78'), 'pkg:maven/org.bouncycastle/bcprov-jdk18on@1.78');
  assert.equal(purlOf('golang', 'golang.org/x/crypto', 'v0.22.0'), 'pkg:golang/golang.org/x/crypto@v0.22.0');
  assert.equal(purlOf('pypi', 'cryptography'), 'pkg:pypi/cryptography');
  assert.equal(purlOf('nuget', 'BouncyCastle.Cryptography', '2.4.0'), 'pkg:nuget/BouncyCastle.Cryptography@2.4.0');
  assert.equal(purlOf('cargo', 'aes-gcm', '0.10.3'), 'pkg:cargo/aes-gcm@0.10.3');
  assert.equal(purlOf('cargo', 'ring', '0.17.8-beta.1+build'), 'pkg:cargo/ring@0.17.8-beta.1%2Bbuild');
  assert.equal(purlOf('composer', 'firebase/php-jwt', '6.10.1'), 'pkg:composer/firebase/php-jwt@6.10.1');
  assert.equal(purlOf('gem', 'ruby-saml', '1.16.0'), 'pkg:gem/ruby-saml@1.16.0');
  assert.equal(purlOf('swift', 'github.com/apple/swift-crypto', '3.3.0'), 'pkg:swift/github.com/apple/swift-crypto@3.3.0');
});

test('npm: package.json keeps only exact pins as versions; the lock file gives resolved versions', () => {
  const pkg = JSON.stringify({ dependencies: { 'node-forge': '^1.3.1', express: '4.19.2', 'crypto-js': '4.2.0' }, devDependencies: { bcrypt: 'latest' } }, null, 2);
  assert.deepEqual(purls(run(npmManifestDetector, 'package.json', pkg)), ['pkg:npm/node-forge', 'pkg:npm/crypto-js@4.2.0', 'pkg:npm/bcrypt']);
  const lock = JSON.stringify({ lockfileVersion: 1, dependencies: { a: { version: '1.0.0', dependencies: { 'node-forge': { version: '0.10.0' } } }, jose: { version: '5.2.0' } } }, null, 2);
  assert.deepEqual(purls(run(npmManifestDetector, 'package-lock.json', lock)), ['pkg:npm/node-forge@0.10.0', 'pkg:npm/jose@5.2.0']);
  assert.deepEqual(run(npmManifestDetector, 'package.json', '{"dependencies": {"lodash": "4.17.21"}}'), []);
  assert.deepEqual(run(npmManifestDetector, 'package.json', '{not json'), []);
});

test('PyPI: requirements, pyproject (PEP 621 and Poetry) and Pipfile, names normalised', () => {
  const req = 'PyCryptodome==3.20.0\ncryptography >= 42\n-r base.txt\n# bcrypt==1.0\npy_jwt==1\nPyJWT[crypto]==2.8.0 ; python_version > "3.8"\n';
  assert.deepEqual(purls(run(pypiManifestDetector, 'requirements-prod.txt', req)), ['pkg:pypi/pycryptodome@3.20.0', 'pkg:pypi/cryptography', 'pkg:pypi/pyjwt@2.8.0']);
  const pyproject = '[project]\ndependencies = ["cryptography==42.0.5", "rich"]\n\n[tool.poetry.dependencies]\npython = "^3.11"\npynacl = {version = "1.5.0", optional = true}\n\n[tool.black]\nbcrypt = "4.0"\n';
  assert.deepEqual(purls(run(pypiManifestDetector, 'pyproject.toml', pyproject)), ['pkg:pypi/cryptography@42.0.5', 'pkg:pypi/pynacl@1.5.0']);
  assert.deepEqual(purls(run(pypiManifestDetector, 'Pipfile', '[packages]\nparamiko = "==3.4.0"\nrequests = "*"\n\n[dev-packages]\nbcrypt = "*"\n')), ['pkg:pypi/paramiko@3.4.0', 'pkg:pypi/bcrypt']);
});

test('go.mod: require lines and blocks, major-version suffixes kept in the purl', () => {
  const mod = 'module x\n\nrequire golang.org/x/crypto v0.21.0\n\nrequire (\n\tgithub.com/golang-jwt/jwt/v5 v5.2.1\n\tgithub.com/stretchr/testify v1.9.0\n\tgo.step.sm/crypto v0.81.1\n)\n';
  assert.deepEqual(purls(run(goModDetector, 'go.mod', mod)), ['pkg:golang/golang.org/x/crypto@v0.21.0', 'pkg:golang/github.com/golang-jwt/jwt/v5@v5.2.1', 'pkg:golang/go.step.sm/crypto@v0.81.1']);
});

test('Maven pom.xml resolves same-file properties; Gradle reads string and map notations', () => {
  const pom = '<project><properties><bc.version>1.78</bc.version></properties><dependencies>\n<dependency><groupId>org.bouncycastle</groupId><artifactId>bcpkix-jdk18on</artifactId><version>${bc.version}</version></dependency>\n<dependency><groupId>io.jsonwebtoken</groupId><artifactId>jjwt-api</artifactId><version>${jjwt.version}</version></dependency>\n</dependencies></project>';
  assert.deepEqual(purls(run(mavenPomDetector, 'pom.xml', pom)), ['pkg:maven/org.bouncycastle/bcpkix-jdk18on@1.78', 'pkg:maven/io.jsonwebtoken/jjwt-api']);
  const gradle = "dependencies {\n  implementation 'org.bouncycastle:bcprov-jdk18on:1.78.1'\n  implementation group: 'com.google.crypto.tink', name: 'tink', version: '1.13.0'\n  implementation \"com.auth0:java-jwt:$jwtVersion\"\n  testImplementation 'junit:junit:4.13.2'\n}\n";
  assert.deepEqual(purls(run(gradleDetector, 'build.gradle', gradle)), ['pkg:maven/org.bouncycastle/bcprov-jdk18on@1.78.1', 'pkg:maven/com.google.crypto.tink/tink@1.13.0', 'pkg:maven/com.auth0/java-jwt']);
});

test('package-lock v3: nested node_modules paths and scoped names resolve to their locked versions', () => {
  const lock = JSON.stringify({ lockfileVersion: 3, packages: { '': { dependencies: { jose: '^5.2.0' } }, 'node_modules/jose': { version: '5.2.4' }, 'node_modules/a/node_modules/@noble/curves': { version: '1.4.0' }, 'node_modules/lodash': { version: '4.17.21' } } }, null, 2);
  assert.deepEqual(purls(run(npmManifestDetector, 'package-lock.json', lock)), ['pkg:npm/jose@5.2.4', 'pkg:npm/%40noble/curves@1.4.0']);
});

test('PyPI lock files: poetry.lock/uv.lock [[package]] tables and Pipfile.lock give resolved versions', () => {
  const poetry = '[[package]]\nname = "PyNaCl"\nversion = "1.5.0"\n\n[package.extras]\ntests = ["bcrypt (>=3)"]\n\n[[package]]\nname = "rich"\nversion = "13.7.1"\n';
  assert.deepEqual(purls(run(pypiManifestDetector, 'poetry.lock', poetry)), ['pkg:pypi/pynacl@1.5.0']);
  assert.deepEqual(purls(run(pypiManifestDetector, 'uv.lock', '[[package]]\nname = "pyjwt"\nversion = "2.9.0"\nsource = { registry = "https://pypi.org/simple" }\n')), ['pkg:pypi/pyjwt@2.9.0']);
  const pipfile = JSON.stringify({ default: { cryptography: { version: '==43.0.1' }, bcrypt: { git: 'https://example.test/bcrypt.git' } }, develop: {} });
  assert.deepEqual(purls(run(pypiManifestDetector, 'Pipfile.lock', pipfile)), ['pkg:pypi/cryptography@43.0.1', 'pkg:pypi/bcrypt']);
  assert.deepEqual(run(pypiManifestDetector, 'Pipfile.lock', '{broken'), []);
  // Names are matched whatever their case and separators, so the byte prefilter cannot drop them.
  assert.deepEqual(pypiManifestDetector.keywords, []);
});

test('Maven properties resolve through other properties; unknown ones leave the version unknown', () => {
  const props = new Map([['bouncycastle.version', '1.79'], ['bc.version', '${bouncycastle.version}'], ['loop', '${loop}']]);
  assert.equal(expandProperties('${bc.version}', props), '1.79');
  assert.equal(expandProperties('${missing}', props), undefined);
  assert.equal(expandProperties('${loop}', props), undefined);
  assert.equal(expandProperties('1.78', props), '1.78');
  // Artifact ids can be properties too (jjwt's pom selects the Bouncy Castle artifact that way).
  const pom = '<project><properties><bouncycastle.version>1.84</bouncycastle.version><bcprov.artifactId>bcprov-jdk18on</bcprov.artifactId></properties>\n<dependencies><dependency><groupId>org.bouncycastle</groupId><artifactId>${bcprov.artifactId}</artifactId><version>${bouncycastle.version}</version></dependency></dependencies></project>';
  const ds = run(mavenPomDetector, 'pom.xml', pom);
  assert.deepEqual(purls(ds), ['pkg:maven/org.bouncycastle/bcprov-jdk18on@1.84']);
  assert.equal(ds[0]!.occurrence.line, 2);
});

test('Gradle version catalog: module and group/name forms, version.ref, rich and literal versions', () => {
  const toml = '[versions]\nbc = "1.78.1"\ntink = { strictly = "1.13.0" }\n\n[libraries]\nbcprov = { module = "org.bouncycastle:bcprov-jdk18on", version.ref = "bc" }\ntink = { group = "com.google.crypto.tink", name = "tink", version.ref = "tink" }\njwt = "com.auth0:java-jwt:4.4.0"\nnimbus = { module = "com.nimbusds:nimbus-jose-jwt", version = { require = "9.40" } }\njjwt = { module = "io.jsonwebtoken:jjwt-api", version.ref = "missing" }\nguava = "com.google.guava:guava:33.0.0-jre"\n';
  assert.deepEqual(purls(run(gradleCatalogDetector, 'gradle/libs.versions.toml', toml)), [
    'pkg:maven/org.bouncycastle/bcprov-jdk18on@1.78.1', 'pkg:maven/com.google.crypto.tink/tink@1.13.0', 'pkg:maven/com.auth0/java-jwt@4.4.0', 'pkg:maven/com.nimbusds/nimbus-jose-jwt@9.40', 'pkg:maven/io.jsonwebtoken/jjwt-api',
  ]);
});

test('the library list covers the main crypto libraries of each ecosystem', () => {
  const names = new Set(KNOWN_LIBRARIES.map((l) => `${l.ecosystem}:${l.name}`));
  const required = [
    'npm:node-forge', 'npm:jsonwebtoken', 'npm:jose', 'npm:crypto-js', 'npm:tweetnacl', 'npm:libsodium-wrappers', 'npm:@noble/hashes', 'npm:@noble/curves', 'npm:@noble/ed25519', 'npm:bcrypt', 'npm:bcryptjs', 'npm:argon2', 'npm:openpgp', 'npm:elliptic',
    'pypi:cryptography', 'pypi:pycryptodome', 'pypi:pycryptodomex', 'pypi:pyopenssl', 'pypi:pynacl', 'pypi:bcrypt', 'pypi:argon2-cffi', 'pypi:passlib', 'pypi:pyjwt', 'pypi:python-jose', 'pypi:paramiko', 'pypi:authlib',
    'golang:golang.org/x/crypto', 'golang:github.com/golang-jwt/jwt', 'golang:filippo.io/age', 'golang:github.com/cloudflare/circl', 'golang:github.com/go-jose/go-jose', 'golang:go.step.sm/crypto',
    'maven:org.bouncycastle:bcprov-jdk18on', 'maven:org.bouncycastle:bcpkix-jdk18on', 'maven:org.bouncycastle:bcpqc-jdk18on', 'maven:io.jsonwebtoken:jjwt-api', 'maven:io.jsonwebtoken:jjwt-impl', 'maven:com.nimbusds:nimbus-jose-jwt', 'maven:com.google.crypto.tink:tink', 'maven:org.conscrypt:conscrypt-openjdk-uber',
    ...['ring', 'aws-lc-rs', 'rustls', 'openssl', 'native-tls', 'boring', 'rsa', 'aes', 'aes-gcm', 'aes-gcm-siv', 'aes-siv', 'ccm', 'chacha20', 'chacha20poly1305', 'xsalsa20poly1305', 'crypto_box',
      'des', 'cbc', 'ctr', 'sha1', 'sha2', 'sha3', 'md-5', 'md5', 'blake2', 'blake3', 'hmac', 'cmac', 'poly1305', 'pbkdf2', 'scrypt', 'argon2', 'bcrypt', 'hkdf', 'p256', 'p384', 'p521', 'k256', 'ecdsa',
      'ed25519-dalek', 'x25519-dalek', 'curve25519-dalek', 'ml-kem', 'ml-dsa', 'slh-dsa', 'pqcrypto', 'pqcrypto-mlkem', 'pqcrypto-kyber', 'pqcrypto-dilithium', 'pqcrypto-falcon', 'pqcrypto-sphincsplus', 'oqs',
      'jsonwebtoken', 'josekit', 'sequoia-openpgp', 'pgp', 'russh', 'ssh2', 'age', 'orion', 'sodiumoxide', 'libsodium-sys', 'rcgen',
      'rustls-webpki', 'rustls-post-quantum', 'graviola', 'secp256k1', 'hpke', 'fips203', 'fips204', 'fips205', 'libcrux', 'libcrux-ml-kem', 'libcrux-ml-dsa',
      'libcrux-kem'].map((c) => `cargo:${c}`),
    ...['phpseclib/phpseclib', 'firebase/php-jwt', 'lcobucci/jwt', 'web-token/jwt-framework', 'web-token/jwt-library', 'defuse/php-encryption', 'paragonie/halite',
      'paragonie/sodium_compat', 'paragonie/paseto', 'paragonie/ciphersweet', 'spomky-labs/otphp', 'namshi/jose', 'gree/jose', 'illuminate/encryption', 'league/oauth2-server'].map((c) => `composer:${c}`),
    ...['openssl', 'bcrypt', 'rbnacl', 'jwt', 'json-jwt', 'jose', 'argon2', 'scrypt', 'net-ssh', 'ed25519', 'x25519', 'lockbox', 'attr_encrypted', 'symmetric-encryption',
      'ruby-saml', 'rotp', 'encryptor'].map((c) => `gem:${c}`),
    ...['apple/swift-crypto', 'krzyzanowskim/CryptoSwift', 'vapor/jwt-kit', 'Kitura/Swift-JWT', 'jedisct1/swift-sodium', 'apple/swift-certificates', 'apple/swift-nio-ssl',
      'datatheorem/TrustKit', 'Kitura/BlueRSA', 'Kitura/BlueCryptor', 'airsidemobile/JOSESwift', '21-DOT-DEV/swift-secp256k1'].map((c) => `swift:github.com/${c}`),
  ];
  assert.deepEqual(required.filter((r) => !names.has(r)), []);
});

test('NuGet: PackageReference/PackageVersion in MSBuild files and packages.config; ids case-insensitive, versions exact only', () => {
  const csproj = `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><BcVersion>2.4.0</BcVersion></PropertyGroup>
  <ItemGroup>
    <PackageReference Include="BouncyCastle.Cryptography" Version="$(BcVersion)" />
    <PackageReference Include="system.identitymodel.tokens.jwt" Version="[7.5.1]" />
    <PackageReference Include="jose-jwt">
      <Version>5.0.0</Version>
    </PackageReference>
    <PackageReference Include="Newtonsoft.Json" Version="13.0.3" />
    <PackageReference Include="NSec.Cryptography" Version="24.*" />
    <PackageReference Include="BCrypt.Net-Next" Version="[4.0,5.0)" />
    <PackageReference Include="Konscious.Security.Cryptography.Argon2" Version="$(NotDefinedHere)" />
  </ItemGroup>
</Project>`;
  assert.deepEqual(purls(run(nugetManifestDetector, 'src/Api/Api.csproj', csproj)), [
    'pkg:nuget/BouncyCastle.Cryptography@2.4.0', 'pkg:nuget/System.IdentityModel.Tokens.Jwt@7.5.1', 'pkg:nuget/jose-jwt@5.0.0',
    'pkg:nuget/NSec.Cryptography', 'pkg:nuget/BCrypt.Net-Next', 'pkg:nuget/Konscious.Security.Cryptography.Argon2',
  ]);
  const config = '<?xml version="1.0" encoding="utf-8"?>\n<packages>\n  <package id="Portable.BouncyCastle" version="1.9.0" targetFramework="net472" />\n  <package id="EntityFramework" version="6.4.4" />\n</packages>';
  assert.deepEqual(purls(run(nugetManifestDetector, 'packages.config', config)), ['pkg:nuget/Portable.BouncyCastle@1.9.0']);
  assert.deepEqual(purls(run(nugetManifestDetector, 'Directory.Packages.props', '<Project><ItemGroup><PackageVersion Include="SSH.NET" Version="2024.1.0" /></ItemGroup></Project>')), ['pkg:nuget/SSH.NET@2024.1.0']);
  assert.equal(nugetManifestDetector.appliesTo('lib/Lib.fsproj'), true);
  assert.equal(nugetManifestDetector.appliesTo('build/common.props'), false);
});

// A hostile manifest must not stall a scan worker. Matching that rescans to the end of the file from
// every opening, or backtracks over blank runs, takes minutes on these inputs (the detector runs
// synchronously, so only a generous bound after the fact can tell; as in pem.test.ts).
test('NuGet: elements and property groups never closed, and long blank runs, are read in one pass', () => {
  const t0 = performance.now();
  const unclosedElements = '<Project>' + '<PackageReference Include="Unknown.Package">'.repeat(20000) + '<PackageReference Include="SSH.NET" Version="2024.1.0" /></Project>';
  assert.deepEqual(purls(run(nugetManifestDetector, 'A.csproj', unclosedElements)), ['pkg:nuget/SSH.NET@2024.1.0']);
  const blanks = ' '.repeat(200_000);
  const unclosedGroups = `<Project><PropertyGroup><BcVersion>2.4.0</BcVersion><Pad>${blanks}x</PropertyGroup>` +
    '<PropertyGroup>'.repeat(20000) + '<ItemGroup><PackageReference Include="BouncyCastle.Cryptography" Version="$(BcVersion)" /></ItemGroup></Project>';
  assert.deepEqual(purls(run(nugetManifestDetector, 'B.csproj', unclosedGroups)), ['pkg:nuget/BouncyCastle.Cryptography@2.4.0']);
  assert.ok(performance.now() - t0 < 10_000, 'quadratic matching took minutes');
});

const lines = (ds: Detection[]): number[] => ds.map((d) => d.occurrence.line);

test('the TOML reader gives full key paths, decoded strings and where they are written', () => {
  const text = `title = 'x' # comment
[a."b.c"]
d = "q\\"\\u0041"
e.f = { g = 1, h = [1, [2, "]"]], i = { j = true, }, }
"k" = """
line """""
[[l]]
m = 1979-05-27
`;
  const seen: string[] = [];
  readToml(text, {
    table: (path, array) => seen.push(`${array ? '[[' : '['}${path.map((k) => k.name).join('|')}`),
    value: (path, v) => seen.push(`${path.map((k) => k.name).join('|')}@${path[path.length - 1]!.at} ${v.kind} ${v.text}@${v.at}`),
  });
  const at = (written: string): number => text.indexOf(written);
  assert.deepEqual(seen, [
    `title@0 string x@${at("x'")}`,
    '[a|b.c',
    `a|b.c|d@${at('d =')} string q"A@${at('q\\')}`,
    `a|b.c|e|f|g@${at('g =')} scalar 1@${at('1,')}`, `a|b.c|e|f|h@${at('h =')} array @${at('[1')}`, `a|b.c|e|f|i|j@${at('j =')} scalar true@${at('true')}`,
    `a|b.c|k@${at('k"')} string \nline ""@${at('\nline')}`,
    '[[l',
    `l|m@${at('m =')} scalar 1979-05-27@${at('1979')}`,
  ]);
});

test('Cargo.toml: a workspace root declares shared versions; only an `=` pin is a version', () => {
  const root = `[workspace]
members = ["crates/*"]
resolver = "2"

[workspace.package]
description = """
Not a table: [dependencies]
sha1 = "=0.10.6"
"""

[workspace.dependencies]
ring = "=0.17.8"
rustls = { version = "0.23.12", default-features = false, features = ["aws_lc_rs"] }
serde = { version = "1.0", features = ["derive"] }

[patch.crates-io]
openssl = { git = "https://github.com/sfackler/rust-openssl" }
`;
  const ds = run(cargoManifestDetector, 'Cargo.toml', root);
  assert.deepEqual(purls(ds), ['pkg:cargo/ring@0.17.8', 'pkg:cargo/rustls']);
  assert.deepEqual(lines(ds), [12, 13]);
  assert.deepEqual(ds.map((d) => [d.occurrence.column, d.occurrence.symbol, d.occurrence.detector]), [[1, 'ring', 'manifest-cargo'], [1, 'rustls', 'manifest-cargo']]);
});

test('Cargo.toml: a member\'s inherited, target-specific, renamed and dotted-table dependencies', () => {
  const member = `[package]
name = "api"
version.workspace = true

[dependencies]
ring.workspace = true
serde = { workspace = true }
aes_gcm = { version = "=0.10.3", features = [
    "std",
] }
sha2 = "0.10.8"
hmac = "~0.12"
signing = { package = "ed25519-dalek", version = "=2.1.1" } # the package counts, not the key

[dependencies.argon2]
features = ["std"]
version = "=0.5.3"

[target.'cfg(unix)'.dependencies]
openssl = { version = "=0.10.66", optional = true }

[target."cfg(windows)".dependencies.native-tls]
version = "0.2"

[dev-dependencies]
p256 = { version = "0.13", features = ["ecdsa"] }

[build-dependencies]
"md-5" = '=0.10.6'

[features]
tls = ["dep:rustls"]
`;
  const ds = run(cargoManifestDetector, 'crates/api/Cargo.toml', member);
  assert.deepEqual(purls(ds), [
    'pkg:cargo/ring', 'pkg:cargo/aes-gcm@0.10.3', 'pkg:cargo/sha2', 'pkg:cargo/hmac', 'pkg:cargo/ed25519-dalek@2.1.1', 'pkg:cargo/argon2@0.5.3',
    'pkg:cargo/openssl@0.10.66', 'pkg:cargo/native-tls', 'pkg:cargo/p256', 'pkg:cargo/md-5@0.10.6',
  ]);
  assert.deepEqual(lines(ds), [6, 8, 11, 12, 13, 15, 20, 22, 26, 29]);
  // The registry's spelling is reported; the occurrence is where the crate is named.
  const renamed = ds[4]!.occurrence;
  assert.deepEqual([renamed.column, renamed.symbol], [24, 'ed25519-dalek']);
  assert.equal(ds[1]!.type === 'library' && ds[1]!.library.name, 'aes-gcm');
  assert.equal(ds[7]!.occurrence.column, 37);
  // Windows line endings change nothing.
  const crlf = run(cargoManifestDetector, 'Cargo.toml', member.replace(/\n/g, '\r\n'));
  assert.deepEqual([purls(crlf), lines(crlf)], [purls(ds), lines(ds)]);
});

test('Cargo.toml: rustls-webpki renamed to webpki, the post-quantum crates, graviola, secp256k1 and hpke are crypto libraries', () => {
  const toml = `[package]
name = "relay-node"
version = "0.3.0"

[dependencies]
webpki = { package = "rustls-webpki", version = "=0.103.4", default-features = false }
graviola = "=0.2.1"
secp256k1 = { version = "0.30", features = ["recovery"] }
libcrux-ml-kem = "=0.0.2"
libcrux_sha3 = "0.0.3"
fips204 = "=0.4.6"
rustls-post-quantum = "0.2"
hpke = { version = "=0.13.0", default-features = false, features = ["x25519"] }
serde_json = "1"
`;
  const ds = run(cargoManifestDetector, 'Cargo.toml', toml);
  assert.deepEqual(purls(ds), [
    'pkg:cargo/rustls-webpki@0.103.4', 'pkg:cargo/graviola@0.2.1', 'pkg:cargo/secp256k1', 'pkg:cargo/libcrux-ml-kem@0.0.2', 'pkg:cargo/libcrux-sha3',
    'pkg:cargo/fips204@0.4.6', 'pkg:cargo/rustls-post-quantum', 'pkg:cargo/hpke@0.13.0',
  ]);
  // The renamed dependency is reported where its package is named.
  assert.deepEqual([ds[0]!.occurrence.line, ds[0]!.occurrence.symbol], [6, 'rustls-webpki']);
});

test('Cargo.toml and Cargo.lock: opaque-ke, rust-argon2 and its blake2b_simd, jwt, ed25519, pkcs8/pkcs1 and tokio-rustls are crypto libraries', () => {
  const toml = `[dependencies]
opaque-ke = { version = "0.6", default-features = false }
rust-argon2 = "2"
jwt = "0.16"
tokio-rustls = "0.26"
pkcs8 = { version = "0.11.0", features = ["alloc"] }
secstr = "0.5"
`;
  assert.deepEqual(purls(run(cargoManifestDetector, 'server/Cargo.toml', toml)), [
    'pkg:cargo/opaque-ke', 'pkg:cargo/rust-argon2', 'pkg:cargo/jwt', 'pkg:cargo/tokio-rustls', 'pkg:cargo/pkcs8',
  ]);
  const lock = ['blake2b_simd', 'ed25519', 'pkcs1', 'serde'].map((n, i) => `[[package]]\nname = "${n}"\nversion = "1.${i}.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n`).join('\n');
  assert.deepEqual(purls(run(cargoManifestDetector, 'Cargo.lock', lock)), ['pkg:cargo/blake2b_simd@1.0.0', 'pkg:cargo/ed25519@1.1.0', 'pkg:cargo/pkcs1@1.2.0']);
});

test('Cargo.toml: version requirements that are ranges give no version', () => {
  const toml = `[dependencies]
sha1 = "=0.10"
sha3 = "= 0.10.8"
blake2 = "=0.10.6, <0.11"
ml-kem = "=0.2.0-rc.1"
md5 = "==0.7.0"
blake3 = "=v1.5.0"
rsa = ">=0.9.6"
pbkdf2 = "*"
`;
  assert.deepEqual(purls(run(cargoManifestDetector, 'Cargo.toml', toml)), [
    'pkg:cargo/sha1', 'pkg:cargo/sha3@0.10.8', 'pkg:cargo/blake2', 'pkg:cargo/ml-kem@0.2.0-rc.1', 'pkg:cargo/md5', 'pkg:cargo/blake3', 'pkg:cargo/rsa', 'pkg:cargo/pbkdf2',
  ]);
});

test('Cargo.toml without crypto crates, and a crate that merely is named like one, give nothing', () => {
  const toml = `[package]
name = "ring"
description = "uses sha2 and rustls in prose only"

[dependencies]
serde = { version = "1", features = ["derive"] }
tokio = { version = "1", features = ["full"] }
ringbuf = "0.4"

[features]
default = ["rustls"]
`;
  assert.deepEqual(run(cargoManifestDetector, 'Cargo.toml', toml), []);
  assert.equal(cargoManifestDetector.appliesTo('crates/x/Cargo.toml'), true);
  assert.equal(cargoManifestDetector.appliesTo('cargo.toml'), false);
});

test('Cargo.lock: each [[package]] is a resolved version; two versions of one crate are two libraries', () => {
  const lock = `# This file is automatically @generated by Cargo.
# It is not intended for manual editing.
version = 3

[[package]]
name = "ring"
version = "0.16.20"
source = "registry+https://github.com/rust-lang/crates.io-index"
checksum = "3053cf52e236a3ed746dfc745aa9cacf1b791d846bdaf412f60a8d7d6e17c8fc"
dependencies = [
 "cc",
 "libc",
]

[[package]]
name = "ring"
version = "0.17.8"
source = "registry+https://github.com/rust-lang/crates.io-index"

[[package]]
name = "serde"
version = "1.0.204"

[[package]]
name = "crypto_box"
version = "0.9.1"
`;
  const ds = run(cargoManifestDetector, 'Cargo.lock', lock);
  assert.deepEqual(purls(ds), ['pkg:cargo/ring@0.16.20', 'pkg:cargo/ring@0.17.8', 'pkg:cargo/crypto_box@0.9.1']);
  assert.deepEqual(lines(ds), [6, 16, 25]);
  assert.equal(ds[0]!.occurrence.column, 9);
});

test('Cargo: crate names match with either separator; every manifest is read (no byte prefilter)', () => {
  assert.equal(findLibrary('cargo', 'aes_gcm_siv')?.name, 'aes-gcm-siv');
  assert.equal(findLibrary('cargo', 'crypto-box')?.name, 'crypto_box');
  assert.equal(findLibrary('cargo', 'md5')?.name, 'md5');
  assert.equal(findLibrary('cargo', 'md_5')?.name, 'md-5');
  assert.deepEqual(cargoManifestDetector.keywords, []);
  assert.deepEqual(purls(run(cargoManifestDetector, 'Cargo.toml', '[dependencies]\ned25519_dalek = "=2.1.1"\n')), ['pkg:cargo/ed25519-dalek@2.1.1']);
});

// As for NuGet above: reading that rescans or rebuilds per line takes minutes on these inputs.
test('Cargo: unclosed strings, tables and arrays, deep nesting, long keys and one-line manifests are read in one pass', () => {
  const t0 = performance.now();
  const pinned = '[dependencies]\nring = "=0.17.8"\n';
  const hostile = [
    `${pinned}${'x = "never closed\n'.repeat(50_000)}`,
    `${pinned}x = ${'{ a = '.repeat(100_000)}\n`,
    `${pinned}x = ${'['.repeat(100_000)}\n`,
    `${pinned}x = """${'\\"'.repeat(100_000)}`,
    `${pinned}${' '.repeat(200_000)}=\n${'[dependencies\n'.repeat(50_000)}`,
    // A long key path under which every value would copy it; a long table name joined into every value's identity.
    `${pinned}[${'a.'.repeat(100_000)}a]\n${'k = 1\n'.repeat(50_000)}`,
    `${pinned}[target."${'c'.repeat(1_000_000)}".dependencies]\n${'sha2 = "1"\n'.repeat(50_000)}`,
  ];
  for (const toml of hostile) assert.deepEqual(purls(run(cargoManifestDetector, 'Cargo.toml', toml)), ['pkg:cargo/ring@0.17.8']);
  // Many dependencies on one long line: its snippet is made once, not once per dependency.
  const oneLine = `target = { ${Array.from({ length: 20_000 }, (_, i) => `t${i} = { dependencies = { ring = "1" } }`).join(', ')} }\n`;
  assert.equal(run(cargoManifestDetector, 'Cargo.toml', oneLine).length, 20_000);
  const lock = `[[package]]\nname = "ring"\nversion = "0.17.8"\n${'[[package]]\nname = "'.repeat(50_000)}`;
  assert.deepEqual(purls(run(cargoManifestDetector, 'Cargo.lock', lock)), ['pkg:cargo/ring@0.17.8']);
  assert.ok(performance.now() - t0 < 10_000, 'quadratic reading took minutes');
});

test('composer.json: require and require-dev; only an exact version is a version; names compared case-insensitively', () => {
  const json = `{
    "name": "acme/billing",
    "type": "project",
    "require": {
        "php": "^8.2",
        "ext-openssl": "*",
        "laravel/framework": "^11.0",
        "firebase/php-jwt": "^6.10",
        "phpseclib/phpseclib": "3.0.37",
        "Defuse/PHP-Encryption": "v2.4.0",
        "paragonie/halite": "~5.1",
        "lcobucci/jwt": "5.3.0 || 5.4.0",
        "web-token/jwt-library": "dev-main",
        "spomky-labs/otphp": "11.2.*",
        "pragmarx/google2fa": ">=8.0 <9.0",
        "paragonie/paseto": "3.1.x-dev",
        "illuminate/encryption": "=11.9.2",
        "paragonie/sodium_compat": "1.21.1@beta",
        "league/oauth2-server": "8.5"
    },
    "require-dev": {
        "phpunit/phpunit": "^10.5",
        "namshi/jose": "7.2.3"
    }
}
`;
  const ds = run(composerManifestDetector, 'composer.json', json);
  assert.deepEqual(purls(ds), [
    'pkg:composer/firebase/php-jwt', 'pkg:composer/phpseclib/phpseclib@3.0.37', 'pkg:composer/defuse/php-encryption@2.4.0', 'pkg:composer/paragonie/halite',
    'pkg:composer/lcobucci/jwt', 'pkg:composer/web-token/jwt-library', 'pkg:composer/spomky-labs/otphp', 'pkg:composer/pragmarx/google2fa',
    'pkg:composer/paragonie/paseto', 'pkg:composer/illuminate/encryption@11.9.2', 'pkg:composer/paragonie/sodium_compat', 'pkg:composer/league/oauth2-server',
    'pkg:composer/namshi/jose@7.2.3',
  ]);
  assert.deepEqual(ds.slice(0, 3).map((d) => [d.occurrence.line, d.occurrence.column, d.occurrence.symbol, d.occurrence.detector]), [
    [8, 10, 'firebase/php-jwt', 'manifest-composer'], [9, 10, 'phpseclib/phpseclib', 'manifest-composer'], [10, 10, 'defuse/php-encryption', 'manifest-composer'],
  ]);
  assert.equal(lines(ds).at(-1), 23);
  assert.equal(ds[1]!.occurrence.snippet, '"phpseclib/phpseclib": "3.0.37",');
});

test('composer.json without crypto packages, or not JSON, gives nothing', () => {
  const json = JSON.stringify({ name: 'acme/site', require: { php: '^8.1', 'ext-sodium': '*', 'laravel/framework': '^11.0', 'guzzlehttp/guzzle': '7.8.1' }, 'require-dev': { 'phpunit/phpunit': '^10' }, description: 'uses firebase/php-jwt maybe' }, null, 4);
  assert.deepEqual(run(composerManifestDetector, 'composer.json', json), []);
  assert.deepEqual(run(composerManifestDetector, 'composer.json', '{"require": {"firebase/php-jwt": '), []);
  assert.deepEqual(run(composerManifestDetector, 'composer.json', '["firebase/php-jwt"]'), []);
  assert.equal(composerManifestDetector.appliesTo('backend/composer.lock'), true);
  assert.equal(composerManifestDetector.appliesTo('composer.phar'), false);
  assert.deepEqual(composerManifestDetector.keywords, []);
});

test('composer.lock: packages and packages-dev give installed versions, each at its own "name"', () => {
  const lock = JSON.stringify({
    _readme: ['This file locks the dependencies of your project to a known state'],
    'content-hash': '0c2f7a0e4c5d',
    packages: [
      { name: 'defuse/php-encryption', version: 'v2.4.0', source: { type: 'git', url: 'https://github.com/defuse/php-encryption.git' }, require: { 'paragonie/random_compat': '>= 2', php: '>=5.6.0' } },
      { name: 'firebase/php-jwt', version: 'v6.10.1', require: { php: '^8.0' }, authors: [{ name: 'Neuman Vong' }] },
      { name: 'league/oauth2-server', version: '8.5.4', require: { 'defuse/php-encryption': '^2.4', 'lcobucci/jwt': '^4.3 || ^5.0' } },
      { name: 'lcobucci/jwt', version: 'dev-main' },
      { name: 'monolog/monolog', version: '3.6.0' },
    ],
    'packages-dev': [{ name: 'phpseclib/phpseclib', version: '3.0.37' }],
  }, null, 4);
  const ds = run(composerManifestDetector, 'composer.lock', lock);
  assert.deepEqual(purls(ds), [
    'pkg:composer/defuse/php-encryption@2.4.0', 'pkg:composer/firebase/php-jwt@6.10.1', 'pkg:composer/league/oauth2-server@8.5.4', 'pkg:composer/lcobucci/jwt', 'pkg:composer/phpseclib/phpseclib@3.0.37',
  ]);
  // Each entry is reported at its own `"name"`, not where another package requires it.
  for (const d of ds) assert.match(d.occurrence.snippet, new RegExp(`^"name": "${d.occurrence.symbol}"`));
  assert.equal(ds[0]!.occurrence.column, 22);
});

test('Gemfile: gem lines in and out of groups; one `= 1.2.3` or bare 1.2.3 requirement is a version, anything else a range', () => {
  const gemfile = `source "https://rubygems.org"
git_source(:github) { |repo| "https://github.com/#{repo}.git" }

ruby "3.3.0"

gem "rails", "~> 7.1.3"
gem "bcrypt", "~> 3.1.7"
gem 'jwt', '2.8.1'
gem "rbnacl", "= 7.1.1"
gem "openssl", ">= 3.1", "< 4"
# gem "ed25519", "1.3.0"
gem("lockbox")
gem "ruby-saml", ENV.fetch("SAML_VERSION", "1.16.0")
gem "argon2", "2"

group :development, :test do
  gem "rotp", "6.3.0", require: false
  gem "net-ssh", '~> 7.2', platforms: :ruby
  gem "jose", "!= 1.2.0"
end
gemspec
`;
  const ds = run(gemManifestDetector, 'Gemfile', gemfile);
  assert.deepEqual(purls(ds), [
    'pkg:gem/bcrypt', 'pkg:gem/jwt@2.8.1', 'pkg:gem/rbnacl@7.1.1', 'pkg:gem/openssl', 'pkg:gem/lockbox', 'pkg:gem/ruby-saml', 'pkg:gem/argon2',
    'pkg:gem/rotp@6.3.0', 'pkg:gem/net-ssh', 'pkg:gem/jose',
  ]);
  assert.deepEqual(ds.map((d) => [d.occurrence.line, d.occurrence.column]).slice(0, 5), [[7, 6], [8, 6], [9, 6], [10, 6], [12, 6]]);
  assert.deepEqual([ds[7]!.occurrence.line, ds[7]!.occurrence.column, ds[7]!.occurrence.symbol, ds[7]!.occurrence.detector], [17, 8, 'rotp', 'manifest-gem']);
  // Windows line endings change nothing.
  assert.deepEqual(purls(run(gemManifestDetector, 'gems.rb', gemfile.replace(/\n/g, '\r\n'))), purls(ds));
});

test('Gemfile.lock: the specs of GEM sections are resolved versions; platform gems keep their version, not their platform', () => {
  const lock = `GIT
  remote: https://github.com/acme/ruby-jwt.git
  revision: 4f1d2c3b5a6978e0d1c2b3a4f5e6d7c8b9a0f1e2
  specs:
    jwt (2.9.0.dev)

GEM
  remote: https://rubygems.org/
  specs:
    actionpack (7.1.3)
      rack (>= 2.2.4)
    bcrypt (3.1.20)
    bcrypt (3.1.20-java)
    ffi (1.16.3)
    json-jwt (1.16.6)
      activesupport (>= 4.2)
      bindata
    net-ssh (7.2.1)
    openssl (3.2.0)
    rbnacl (7.1.1)
      ffi (~> 1.0)
    rotp (6.3.0)

PLATFORMS
  java
  ruby
  x86_64-linux

DEPENDENCIES
  bcrypt (~> 3.1.7)
  jwt!
  rbnacl (= 7.1.1)

CHECKSUMS
  bcrypt (3.1.20) sha256=e3d7c4e1b5b2a1f0
  rotp (6.3.0)

BUNDLED WITH
   2.5.6
`;
  const ds = run(gemManifestDetector, 'Gemfile.lock', lock);
  assert.deepEqual(purls(ds), [
    'pkg:gem/bcrypt@3.1.20', 'pkg:gem/bcrypt@3.1.20', 'pkg:gem/json-jwt@1.16.6', 'pkg:gem/net-ssh@7.2.1', 'pkg:gem/openssl@3.2.0', 'pkg:gem/rbnacl@7.1.1', 'pkg:gem/rotp@6.3.0',
  ]);
  assert.deepEqual(lines(ds), [12, 13, 15, 18, 19, 20, 22]);
  assert.equal(ds[0]!.occurrence.column, 5);
  assert.equal(ds[1]!.occurrence.snippet, 'bcrypt (3.1.20-java)');
});

test('*.gemspec: add_dependency, add_runtime_dependency and add_development_dependency, also in generated %q<> form', () => {
  const gemspec = `# frozen_string_literal: true

Gem::Specification.new do |spec|
  spec.name = "acme-auth"
  spec.version = "0.4.0"
  spec.add_dependency "jwt", ">= 2.5", "< 3"
  spec.add_runtime_dependency("openssl", "3.2.0")
  s.add_runtime_dependency(%q<rbnacl>.freeze, ["= 7.1.1"])
  s.add_runtime_dependency(%q<bcrypt>.freeze, [">= 3.1", "< 4"])
  spec.add_development_dependency "rotp", "~> 6.3"
  # spec.add_dependency "ed25519", "1.3.0"
  spec.add_dependency "activesupport", "7.1.3"
end
`;
  const ds = run(gemManifestDetector, 'acme-auth.gemspec', gemspec);
  assert.deepEqual(purls(ds), ['pkg:gem/jwt', 'pkg:gem/openssl@3.2.0', 'pkg:gem/rbnacl@7.1.1', 'pkg:gem/bcrypt', 'pkg:gem/rotp']);
  assert.deepEqual(ds.map((d) => [d.occurrence.line, d.occurrence.column]), [[6, 24], [7, 32], [8, 31], [9, 31], [10, 36]]);
});

test('Ruby manifests without crypto gems, and gems merely named like one, give nothing', () => {
  const gemfile = 'source "https://rubygems.org"\n\ngem "rails", "7.1.3"\ngem "jwt_sessions_store"\ngem "devise"\ngem "digest-crc", "0.6.5"\ngemspec\n';
  assert.deepEqual(run(gemManifestDetector, 'Gemfile', gemfile), []);
  const lock = 'GEM\n  remote: https://rubygems.org/\n  specs:\n    devise (4.9.3)\n      bcrypt (~> 3.0)\n    rails (7.1.3)\n\nDEPENDENCIES\n  bcrypt\n  devise\n';
  assert.deepEqual(run(gemManifestDetector, 'Gemfile.lock', lock), []);
  assert.equal(gemManifestDetector.appliesTo('gemfiles/rails_7.gemfile'), true);
  assert.equal(gemManifestDetector.appliesTo('gemfiles/rails_7.gemfile.lock'), true);
  assert.equal(gemManifestDetector.appliesTo('Gemfile.rb'), false);
  assert.ok(gemManifestDetector.keywords.includes('rbnacl') && !gemManifestDetector.keywords.some((k) => k.length < 3));
});

test('Package.swift: .package(url:) dependencies; exact: and .exact() pin a version, from:, ranges and branches do not', () => {
  const manifest = `// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "SecureNotes",
    platforms: [.iOS(.v16), .macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", "2.0.0"..<"4.0.0"),
        .package(url: "https://github.com/krzyzanowskim/CryptoSwift.git", exact: "1.8.3"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "4.13.0"),
        .package(url: "https://github.com/jedisct1/swift-sodium", .exact("0.9.1")),
        .package(name: "SwiftJWT", url: "https://github.com/IBM-Swift/Swift-JWT.git", .upToNextMajor(from: "3.6.1")),
        .package(url: "git@github.com:apple/swift-nio-ssl.git", branch: "main"),
        .package(url: "https://github.com/Alamofire/Alamofire.git", exact: "5.9.1"),
        // .package(url: "https://github.com/apple/swift-certificates.git", exact: "1.5.0"),
        .package(path: "../LocalKit"),
    ],
    targets: [
        .target(name: "SecureNotes", dependencies: [
            .product(name: "Crypto", package: "swift-crypto"),
            "CryptoSwift",
        ]),
    ]
)
`;
  const ds = run(swiftManifestDetector, 'Package.swift', manifest);
  assert.deepEqual(purls(ds), [
    'pkg:swift/github.com/apple/swift-crypto', 'pkg:swift/github.com/krzyzanowskim/CryptoSwift@1.8.3', 'pkg:swift/github.com/vapor/jwt-kit',
    'pkg:swift/github.com/jedisct1/swift-sodium@0.9.1', 'pkg:swift/github.com/IBM-Swift/Swift-JWT', 'pkg:swift/github.com/apple/swift-nio-ssl',
  ]);
  assert.deepEqual(ds.map((d) => [d.occurrence.line, d.occurrence.column]), [[8, 24], [9, 24], [10, 24], [11, 24], [12, 42], [13, 24]]);
  assert.deepEqual([ds[0]!.occurrence.symbol, ds[0]!.occurrence.detector], ['github.com/apple/swift-crypto', 'manifest-swift']);
  assert.equal(swiftManifestDetector.appliesTo('Package@swift-5.8.swift'), true);
});

test('Swift package URLs reduce to host/owner/name; case, .git and scp-like forms match one package', () => {
  assert.equal(swiftPackagePath('https://github.com/apple/swift-crypto.git'), 'github.com/apple/swift-crypto');
  assert.equal(swiftPackagePath('ssh://git@GitHub.com:22/apple/swift-crypto/'), 'github.com/apple/swift-crypto');
  assert.equal(swiftPackagePath('git@github.com:apple/swift-crypto.git'), 'github.com/apple/swift-crypto');
  assert.equal(swiftPackagePath('../LocalKit'), undefined);
  assert.equal(swiftPackagePath('apple.swift-crypto'), undefined);
  assert.equal(findLibrary('swift', 'github.com/KRZYZANOWSKIM/cryptoswift')?.name, 'github.com/krzyzanowskim/CryptoSwift');
  assert.deepEqual(swiftManifestDetector.keywords, []);
});

test('Package.resolved: v2/v3 pins and v1 object.pins give resolved versions; a branch pin has none', () => {
  const v3 = `{
  "originHash" : "b4b0a3f5e0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7",
  "pins" : [
    {
      "identity" : "alamofire",
      "kind" : "remoteSourceControl",
      "location" : "https://github.com/Alamofire/Alamofire.git",
      "state" : {
        "revision" : "f455c2975872ccd2d9c81594c658af65716e9b9a",
        "version" : "5.9.1"
      }
    },
    {
      "identity" : "cryptoswift",
      "kind" : "remoteSourceControl",
      "location" : "https://github.com/krzyzanowskim/CryptoSwift.git",
      "state" : {
        "revision" : "678d442c6f7828def400a70ae15968aef67ef52d",
        "version" : "1.8.3"
      }
    },
    {
      "identity" : "swift-crypto",
      "kind" : "remoteSourceControl",
      "location" : "https://github.com/apple/swift-crypto.git",
      "state" : {
        "revision" : "a53a7e8f858902659d4784322bede34f4e49097e",
        "version" : "3.3.0"
      }
    },
    {
      "identity" : "swift-nio-ssl",
      "kind" : "remoteSourceControl",
      "location" : "git@github.com:apple/swift-nio-ssl.git",
      "state" : {
        "branch" : "main",
        "revision" : "2b09805797f21c380f7dc9bedaab3157c5508efb"
      }
    }
  ],
  "version" : 3
}
`;
  const ds = run(swiftManifestDetector, 'App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved', v3);
  assert.deepEqual(purls(ds), ['pkg:swift/github.com/krzyzanowskim/CryptoSwift@1.8.3', 'pkg:swift/github.com/apple/swift-crypto@3.3.0', 'pkg:swift/github.com/apple/swift-nio-ssl']);
  assert.deepEqual(ds.map((d) => [d.occurrence.line, d.occurrence.column]), [[16, 21], [25, 21], [34, 21]]);
  const v1 = `{
  "object": {
    "pins": [
      {
        "package": "BlueRSA",
        "repositoryURL": "https:\\/\\/github.com\\/IBM-Swift\\/BlueRSA.git",
        "state": { "branch": null, "revision": "440f78db26d8bb073f29590f1c7bd31004da09ae", "version": "1.0.200" }
      },
      {
        "package": "CryptoSwift",
        "repositoryURL": "https://github.com/krzyzanowskim/CryptoSwift",
        "state": { "branch": null, "revision": "af1b58fc569bfde777462349b9f7314b61762be0", "version": "1.4.1" }
      }
    ]
  },
  "version": 1
}
`;
  const ds1 = run(swiftManifestDetector, 'Package.resolved', v1);
  assert.deepEqual(purls(ds1), ['pkg:swift/github.com/IBM-Swift/BlueRSA@1.0.200', 'pkg:swift/github.com/krzyzanowskim/CryptoSwift@1.4.1']);
  assert.deepEqual(lines(ds1), [6, 11]);
});

test('Swift manifests without crypto packages, or broken, give nothing', () => {
  const manifest = 'let package = Package(\n  name: "App",\n  dependencies: [\n    .package(url: "https://github.com/Alamofire/Alamofire.git", from: "5.9.0"),\n    .package(url: "https://github.com/attaswift/BigInt.git", exact: "5.3.0"),\n    .package(url: "https://github.com/apple/swift-crypto-extras-fork.git", from: "1.0.0"),\n  ]\n)\n';
  assert.deepEqual(run(swiftManifestDetector, 'Package.swift', manifest), []);
  const resolved = JSON.stringify({ pins: [{ identity: 'alamofire', location: 'https://github.com/Alamofire/Alamofire.git', state: { version: '5.9.1' } }], version: 2 }, null, 2);
  assert.deepEqual(run(swiftManifestDetector, 'Package.resolved', resolved), []);
  assert.deepEqual(run(swiftManifestDetector, 'Package.resolved', '{"pins": [{"location": "https://github.com/apple/swift-crypto.git"'), []);
});

// As for NuGet and Cargo above: the three readers must stay linear on attacker-written manifests.
test('Composer, Ruby and Swift manifests: unclosed strings and calls, blank runs and many entries are read in one pass', () => {
  const t0 = performance.now();
  const blanks = ' '.repeat(200_000);
  // composer.lock: many entries of one package, each at its own name; "name" keys followed by blank runs and unclosed values.
  const entries = Array.from({ length: 20_000 }, () => '{"name": "firebase/php-jwt", "version": "v6.10.1"}').join(',');
  assert.equal(run(composerManifestDetector, 'composer.lock', `{"packages": [${entries}]}`).length, 20_000);
  const names = `{"packages": [{"name": "lcobucci/jwt", "version": "5.3.0"}], "x": "${'\\"name\\"'.repeat(50_000)}", "y": [${Array(100).fill(`"name"${blanks.slice(0, 1000)}`).join(',')}]}`;
  assert.deepEqual(purls(run(composerManifestDetector, 'composer.lock', names)), ['pkg:composer/lcobucci/jwt@5.3.0']);
  const require = `{"require": {"firebase/php-jwt": "${'1.'.repeat(100_000)}0", "phpseclib/phpseclib": "${'^'.repeat(200_000)}"}}`;
  assert.deepEqual(purls(run(composerManifestDetector, 'composer.json', require)), ['pkg:composer/firebase/php-jwt', 'pkg:composer/phpseclib/phpseclib']);
  // Gemfile, gemspec and lock: requirement lists, unclosed literals and blank runs on long lines.
  const gemfile = [
    `gem "jwt", ${'"1", '.repeat(50_000)}"2"`,
    `gem "bcrypt", "${'x'.repeat(200_000)}`,
    `gem${blanks}`,
    `${'gem %q<'.repeat(50_000)}`,
    'gem "rbnacl", "7.1.1"',
  ].join('\n');
  assert.deepEqual(purls(run(gemManifestDetector, 'Gemfile', gemfile)), ['pkg:gem/jwt', 'pkg:gem/bcrypt', 'pkg:gem/rbnacl@7.1.1']);
  const gemspec = `${`s.add_dependency${blanks}`}\n${'s.add_dependency "x", '.repeat(20_000)}\ns.add_dependency "rotp", "6.3.0"\n`;
  assert.deepEqual(purls(run(gemManifestDetector, 'x.gemspec', gemspec)), ['pkg:gem/rotp@6.3.0']);
  const lock = `GEM\n  specs:\n    openssl (${'('.repeat(200_000)}\n${'    jwt\n'.repeat(50_000)}    rotp (6.3.0)\n`;
  const locked = run(gemManifestDetector, 'Gemfile.lock', lock);
  assert.equal(locked.length, 50_002);
  assert.deepEqual([purls(locked)[0], purls(locked).at(-1)], ['pkg:gem/openssl', 'pkg:gem/rotp@6.3.0']);
  // Package.swift: calls never closed, URLs never closed, many calls and comment markers on one line.
  const pinned = '.package(url: "https://github.com/apple/swift-crypto.git", exact: "3.3.0")\n';
  for (const swift of [
    `${pinned}${'.package('.repeat(100_000)}`,
    `${pinned}.package(url: "${'a'.repeat(500_000)}`,
    `${pinned}${blanks}// ${'.package(url: "https://example.test/x.git", '.repeat(20_000)}`,
    `${pinned}${'// .package(url: "https://github.com/vapor/jwt-kit.git")\n'.repeat(20_000)}`,
  ]) assert.deepEqual(purls(run(swiftManifestDetector, 'Package.swift', swift)), ['pkg:swift/github.com/apple/swift-crypto@3.3.0']);
  const oneLine = `let p = [${'.package(url: "https://github.com/vapor/jwt-kit.git", from: "4.0.0"), '.repeat(20_000)}]`;
  assert.equal(run(swiftManifestDetector, 'Package.swift', oneLine).length, 20_000);
  const pins = Array.from({ length: 20_000 }, () => '{"identity": "swift-crypto", "location": "https://github.com/apple/swift-crypto.git", "state": {"version": "3.3.0"}}').join(',');
  assert.equal(run(swiftManifestDetector, 'Package.resolved', `{"pins": [${pins}], "x": [${Array(100).fill(`"location"${blanks.slice(0, 1000)}`).join(',')}]}`).length, 20_000);
  assert.ok(performance.now() - t0 < 10_000, 'quadratic reading took minutes');
});
