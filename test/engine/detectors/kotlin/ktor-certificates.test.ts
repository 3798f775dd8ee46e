// Ktor's test-certificate generator (io.ktor.network.tls.certificates): buildKeyStore { certificate(…) { … } }
// and generateCertificate(…) with Ktor's defaults (RSA-1024, SHA1withRSA) unless the block or the
// arguments set the key size, hash and signature; code that only shares the names produces nothing.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { buildInventory } from '../../../../src/engine/inventory/build.js';
import { evaluateFindings } from '../../../../src/engine/findings/index.js';
import { SKIP_REASONS, type ScanStats } from '../../../../src/engine/inventory/model.js';
import { KOTLIN_KEYWORDS } from '../../../../src/engine/detectors/source/kotlin/index.js';
import { algorithms, detect, kb } from './helpers.js';

const stats: ScanStats = {
  filesSeen: 1, filesScanned: 1, bytesScanned: 1, skipped: Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as ScanStats['skipped'],
  filesByDetector: {}, truncated: false,
};

const described = (src: string): string[] =>
  algorithms(src).map((a) => `${a.line} ${a.occurrence.symbol} ${a.name} ${a.functions?.join()}${a.unresolved ? ` ?${a.unresolved.join()}` : ''}`);

test("buildKeyStore's certificate block: Ktor's RSA-1024 key and SHA1withRSA signature unless the block sets them", () => {
  const src = `package com.acme.devserver
import io.ktor.network.tls.certificates.buildKeyStore
import io.ktor.network.tls.extensions.HashAlgorithm
import io.ktor.network.tls.extensions.SignatureAlgorithm

fun localStores(strong: Boolean, issuerKeys: java.security.KeyPair, issuerCert: java.security.cert.X509Certificate) = buildKeyStore {
    certificate("web") {
        password = "changeit"
        domains = listOf("localhost", "web.test")
    }
    certificate("edge") {
        this.hash = HashAlgorithm.SHA384
        sign = SignatureAlgorithm.ECDSA
        keySizeInBits = 384
        password = "changeit"
    }
    certificate(alias = "leaf") {
        hash = HashAlgorithm.SHA256
        keySizeInBits = 3072
        password = "changeit"
        signWith(issuerKeys, issuerCert)
    }
    listOf("a", "b").forEach { name ->
        certificate(name) {
            password = "changeit"
            if (strong) keySizeInBits = 4096
        }
    }
}`;
  assert.ok(KOTLIN_KEYWORDS.some((k) => src.includes(k)));
  assert.deepEqual(described(src), [
    '7 KeyStoreBuilder.certificate RSA-1024 keygen',
    '7 KeyStoreBuilder.certificate RSA-PKCS1-1.5-SHA-1-1024 sign',
    '11 KeyStoreBuilder.certificate ECDSA-P384 keygen',
    '11 KeyStoreBuilder.certificate ECDSA-P384-SHA-384 sign',
    '17 KeyStoreBuilder.certificate RSA-3072 keygen',
    // Signed with the issuer's key, whose size is not in sight.
    '17 KeyStoreBuilder.certificate RSA-PKCS1-1.5-SHA-256 sign ?keySize',
    // A size set on one path only is not known.
    '24 KeyStoreBuilder.certificate RSA keygen ?keySize',
    '24 KeyStoreBuilder.certificate RSA-PKCS1-1.5-SHA-1 sign ?keySize',
  ]);
  const lib = algorithms(src)[0]!.library;
  assert.deepEqual(lib, { ecosystem: 'maven', name: 'io.ktor:ktor-network-tls-certificates' });
});

test('generateCertificate: defaults, named and positional arguments, a CA store signing, HashAndSign(…).name; short-key and weak-hash-in-signature follow', () => {
  const src = `package com.acme.devserver
import io.ktor.network.tls.certificates.*
import io.ktor.network.tls.extensions.*
import java.io.File

object DevCertificates {
    private const val ALG = "SHA256withRSA"
    val ca = generateCertificate(keyAlias = "ca", keyType = KeyType.CA)
    fun plain(out: File) = generateCertificate(out)
    fun strong(out: File) = generateCertificate(out, ALG, "srv", "pw", "pw", 3072)
    fun issued() = ca.generateCertificate(algorithm = "SHA384withECDSA", keySizeInBits = 384, caKeyAlias = "ca")
    fun dsa() = generateCertificate(algorithm = HashAndSign(HashAlgorithm.SHA256, SignatureAlgorithm.DSA).name, keySizeInBits = 2048)
}`;
  assert.deepEqual(described(src), [
    '8 generateCertificate RSA-1024 keygen', '8 generateCertificate RSA-PKCS1-1.5-SHA-1-1024 sign',
    '9 generateCertificate RSA-1024 keygen', '9 generateCertificate RSA-PKCS1-1.5-SHA-1-1024 sign',
    '10 generateCertificate RSA-3072 keygen', '10 generateCertificate RSA-PKCS1-1.5-SHA-256-3072 sign',
    '11 generateCertificate ECDSA-P384 keygen', '11 generateCertificate ECDSA-SHA-384 sign ?curve',
    '12 generateCertificate DSA-2048 keygen', '12 generateCertificate DSA-2048-SHA-256 sign',
  ]);
  const { findings } = evaluateFindings(buildInventory(detect(src), stats, kb));
  const at = (rule: string): string[] => findings.filter((f) => f.ruleId === rule).map((f) => `${f.assetRef} ${f.locations.map((l) => l.line).join()}`).sort();
  assert.deepEqual(at('short-key'), ['algorithm/rsa-1024 8,9', 'algorithm/rsa-pkcs1-1.5-sha-1-1024 8,9']);
  assert.deepEqual(at('weak-hash-in-signature'), ['algorithm/rsa-pkcs1-1.5-sha-1-1024 8,9']);
});

test('certificate blocks in an extension of KeyStoreBuilder are read; the same names elsewhere are not', () => {
  const ext = `package com.acme.devserver
import io.ktor.network.tls.certificates.KeyStoreBuilder
fun KeyStoreBuilder.testAuthority() = certificate("authority") { password = "pw" }`;
  assert.deepEqual(described(ext), ['3 KeyStoreBuilder.certificate RSA-1024 keygen', '3 KeyStoreBuilder.certificate RSA-PKCS1-1.5-SHA-1-1024 sign']);

  const other = `package com.acme.pki
import io.ktor.network.tls.certificates.*
import java.security.cert.CertificateFactory
import com.acme.pki.dsl.buildKeyStore

fun parse(bytes: ByteArray) = CertificateFactory.getInstance("X.509").generateCertificate(bytes.inputStream())
fun factoryParam(cf: CertificateFactory, bytes: ByteArray) = cf.generateCertificate(bytes.inputStream())
val ours = buildKeyStore { certificate("x") { password = "pw" } }
fun route(r: Routing) = r.certificate("x") { password = "pw" }
fun broken() = generateCertificate(algorithm = "SHA-256withRSA")`;
  assert.deepEqual(described(other), []);

  const unimported = `package com.acme.pki
fun generateCertificate(file: java.io.File) = file
fun buildKeyStore(block: Any.() -> Unit) = Any().apply(block)
fun f(out: java.io.File) { generateCertificate(out); buildKeyStore { certificate("x") { } } }`;
  assert.deepEqual(detect(unimported), []);
});
