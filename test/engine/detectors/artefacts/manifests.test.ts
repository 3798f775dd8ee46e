import { test } from 'node:test';
import assert from 'node:assert/strict';
import { npmManifestDetector } from '../../../../src/engine/detectors/artefacts/manifests/npm.js';
import { pypiManifestDetector } from '../../../../src/engine/detectors/artefacts/manifests/pypi.js';
import { goModDetector } from '../../../../src/engine/detectors/artefacts/manifests/go.js';
import { gradleDetector, mavenPomDetector } from '../../../../src/engine/detectors/artefacts/manifests/maven.js';
import { KNOWN_LIBRARIES, purlOf } from '../../../../src/engine/detectors/artefacts/manifests/libraries.js';
import type { Detection } from '../../../../src/engine/inventory/model.js';
import { run } from './helpers.js';

const purls = (ds: Detection[]): string[] => ds.map((d) => (d.type === 'library' ? d.library.purl : `not a library: ${d.type}`));

test('the known-library list is well formed: one entry per name, a homepage and what it provides', () => {
  const keys = KNOWN_LIBRARIES.map((l) => `${l.ecosystem}:${l.name}`);
  assert.equal(new Set(keys).size, keys.length);
  for (const l of KNOWN_LIBRARIES) {
    assert.match(l.homepage, /^https?:\/\//, l.name);
    assert.ok(['npm', 'pypi', 'golang', 'maven'].includes(l.ecosystem), l.name);
    if (l.ecosystem === 'maven') assert.match(l.name, /^[^:]+:[^:]+$/);
  }
  assert.ok(KNOWN_LIBRARIES.filter((l) => l.ecosystem === 'npm').length >= 15);
});

test('purls follow the purl spec: scoped npm names, maven group/artifact, go module paths', () => {
  assert.equal(purlOf('npm', '@noble/hashes', '1.4.0'), 'pkg:npm/%40noble/hashes@1.4.0');
  assert.equal(purlOf('maven', 'org.bouncycastle:bcprov-jdk18on', '1.78'), 'pkg:maven/org.bouncycastle/bcprov-jdk18on@1.78');
  assert.equal(purlOf('golang', 'golang.org/x/crypto', 'v0.22.0'), 'pkg:golang/golang.org/x/crypto@v0.22.0');
  assert.equal(purlOf('pypi', 'cryptography'), 'pkg:pypi/cryptography');
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
  const mod = 'module x\n\nrequire golang.org/x/crypto v0.21.0\n\nrequire (\n\tgithub.com/golang-jwt/jwt/v5 v5.2.1\n\tgithub.com/stretchr/testify v1.9.0\n)\n';
  assert.deepEqual(purls(run(goModDetector, 'go.mod', mod)), ['pkg:golang/golang.org/x/crypto@v0.21.0', 'pkg:golang/github.com/golang-jwt/jwt/v5@v5.2.1']);
});

test('Maven pom.xml resolves same-file properties; Gradle reads string and map notations', () => {
  const pom = '<project><properties><bc.version>1.78</bc.version></properties><dependencies>\n<dependency><groupId>org.bouncycastle</groupId><artifactId>bcpkix-jdk18on</artifactId><version>${bc.version}</version></dependency>\n<dependency><groupId>io.jsonwebtoken</groupId><artifactId>jjwt-api</artifactId><version>${jjwt.version}</version></dependency>\n</dependencies></project>';
  assert.deepEqual(purls(run(mavenPomDetector, 'pom.xml', pom)), ['pkg:maven/org.bouncycastle/bcpkix-jdk18on@1.78', 'pkg:maven/io.jsonwebtoken/jjwt-api']);
  const gradle = "dependencies {\n  implementation 'org.bouncycastle:bcprov-jdk18on:1.78.1'\n  implementation group: 'com.google.crypto.tink', name: 'tink', version: '1.13.0'\n  implementation \"com.auth0:java-jwt:$jwtVersion\"\n  testImplementation 'junit:junit:4.13.2'\n}\n";
  assert.deepEqual(purls(run(gradleDetector, 'build.gradle', gradle)), ['pkg:maven/org.bouncycastle/bcprov-jdk18on@1.78.1', 'pkg:maven/com.google.crypto.tink/tink@1.13.0', 'pkg:maven/com.auth0/java-jwt']);
});
