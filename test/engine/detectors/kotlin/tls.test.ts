// Kotlin detector, TLS and libraries: JSSE and OkHttp protocol/suite settings, trust-all managers and
// verifiers against real checks, weak random for secrets only, java-jwt, jjwt, Tink.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { KOTLIN_KEYWORDS } from '../../../../src/engine/detectors/source/kotlin/index.js';
import { algorithms, names, protocols, signals } from './helpers.js';

test('trust-all X509TrustManager object and allow-all verifiers; a checking manager and a real verifier are not', () => {
  const src = `package com.acme
import javax.net.ssl.*
import java.security.cert.X509Certificate
val trustAll = object : X509TrustManager {
    override fun checkClientTrusted(chain: Array<X509Certificate>, authType: String) {}
    override fun checkServerTrusted(chain: Array<X509Certificate>, authType: String) {}
    override fun getAcceptedIssuers(): Array<X509Certificate> = arrayOf()
}
class Pinning(private val pins: Set<String>) : X509TrustManager {
    override fun checkClientTrusted(chain: Array<X509Certificate>, authType: String) {}
    override fun checkServerTrusted(chain: Array<X509Certificate>, authType: String) { require(chain[0].serialNumber.toString() in pins) }
    override fun getAcceptedIssuers(): Array<X509Certificate> = arrayOf()
}
class AllowAll : HostnameVerifier { override fun verify(hostname: String, session: SSLSession) = true }
val v = HostnameVerifier { _, _ -> true }
val strict = HostnameVerifier { host, _ -> host == "api.acme.com" }
fun client() = okhttp3.OkHttpClient.Builder()
    .hostnameVerifier { _, _ -> true }
    .build()
fun conn(c: HttpsURLConnection) { c.hostnameVerifier = HostnameVerifier { _, _ -> true }; c.setHostnameVerifier { _, _ -> true } }`;
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [
    ['hostname-verification-disabled', 15], ['hostname-verification-disabled', 18], ['hostname-verification-disabled', 20], ['hostname-verification-disabled', 20],
    ['cert-verification-disabled', 6], ['hostname-verification-disabled', 14],
  ]);
});

test('SSLContext versions, JSSE properties and setters, OkHttp ConnectionSpec', () => {
  const src = `package com.acme
import javax.net.ssl.SSLContext
import okhttp3.ConnectionSpec
import okhttp3.TlsVersion
import okhttp3.CipherSuite
fun f(s: javax.net.ssl.SSLSocket, configured: String) {
    SSLContext.getInstance("TLSv1")
    SSLContext.getInstance(configured)
    s.enabledProtocols = arrayOf("TLSv1.2")
    s.setEnabledCipherSuites(arrayOf("TLS_AES_128_GCM_SHA256"))
    val spec = ConnectionSpec.Builder(ConnectionSpec.MODERN_TLS)
        .tlsVersions(TlsVersion.TLS_1_3)
        .cipherSuites(CipherSuite.TLS_CHACHA20_POLY1305_SHA256)
        .build()
}
fun other(b: Builder) = b.tlsVersions("TLSv1")`;
  assert.deepEqual(protocols(src).map((p) => [p.occurrence.line, p.protocol.version ?? p.protocol.cipherSuites?.join() ?? '?']), [
    [7, '1.0'], [8, '?'], [10, 'TLS_AES_128_GCM_SHA256'], [13, 'TLS_CHACHA20_POLY1305_SHA256'], [12, '1.3'], [9, '1.2'],
  ]);
  assert.deepEqual(signals(src).map((s) => s.signal), ['insecure-protocol-version']);
});

test('weak random: only for arrays that are keys, IVs or salts', () => {
  const src = `package com.acme
import java.util.Random
import javax.crypto.spec.IvParameterSpec
fun f() {
    val iv = ByteArray(16)
    Random().nextBytes(iv)
    val block = ByteArray(16)
    Random().nextBytes(block)
    val spec = IvParameterSpec(block)
    val payload = ByteArray(1024)
    Random(7).nextBytes(payload)
    val sessionKey = kotlin.random.Random.nextBytes(32)
}`;
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['weak-random', 6], ['weak-random', 8], ['weak-random', 12]]);
});

test('java-jwt, jjwt and Tink', () => {
  const src = `package com.acme
import com.auth0.jwt.algorithms.Algorithm
import io.jsonwebtoken.Jwts
import io.jsonwebtoken.SignatureAlgorithm
import com.google.crypto.tink.KeyTemplates
import com.google.crypto.tink.aead.AeadKeyTemplates
val a = Algorithm.HMAC512("s3cret")
val b = Algorithm.ECDSA256(pub, priv)
val t = Jwts.builder().signWith(SignatureAlgorithm.RS256, key).compact()
fun none(alg: SignatureAlgorithm) = alg == SignatureAlgorithm.NONE
val k = KeyTemplates.get("CHACHA20_POLY1305")
val old = AeadKeyTemplates.AES128_GCM`;
  assert.deepEqual(names(src), ['HMAC-SHA-512', 'ECDSA-P256-SHA-256', 'ChaCha20-Poly1305', 'RSA-PKCS1-1.5-SHA-256', 'AES-128-GCM']);
  assert.deepEqual(signals(src).map((s) => s.signal), ['hardcoded-key']);
});

test('Netty: SslContextBuilder and GrpcSslContexts chains (also through a val and apply), InsecureTrustManagerFactory wherever used, SelfSignedCertificate keys', () => {
  const src = `package com.acme.gateway
import io.grpc.netty.GrpcSslContexts
import io.netty.handler.ssl.SslContextBuilder
import io.netty.handler.ssl.SslProtocols
import io.netty.handler.ssl.util.InsecureTrustManagerFactory
import io.netty.handler.ssl.util.SelfSignedCertificate
import io.netty.handler.codec.quic.QuicSslContextBuilder

object EdgeContexts {
    private val LEGACY_SUITES = listOf("TLS_RSA_WITH_AES_128_CBC_SHA", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256")
    fun legacyServer(cert: SelfSignedCertificate) = SslContextBuilder.forServer(cert.certificate(), cert.privateKey())
        .protocols("TLSv1.1", SslProtocols.TLS_v1_2)
        .ciphers(LEGACY_SUITES)
        .build()
    fun partner() {
        val builder = SslContextBuilder.forClient().trustManager(InsecureTrustManagerFactory.INSTANCE)
        builder.protocols(*arrayOf("TLSv1.3"))
        GrpcSslContexts.forClient().apply { protocols(listOf("TLSv1")) }.build()
    }
    fun quic() = QuicSslContextBuilder.forClient()
        .trustManager(InsecureTrustManagerFactory
            .INSTANCE)
        .applicationProtocols("h3")
        .build()
    fun testCerts() {
        SelfSignedCertificate()
        SelfSignedCertificate("edge.test", "EC", 384)
        io.netty.handler.ssl.util.SelfSignedCertificate("edge.test", "RSA", 1024)
    }
}`;
  assert.ok(KOTLIN_KEYWORDS.some((k) => src.includes(k)));
  assert.deepEqual(protocols(src).map((p) => `${p.occurrence.line} ${p.occurrence.symbol} ${p.protocol.version ?? p.protocol.cipherSuites?.join()} ${p.library?.name}`), [
    '13 SslContextBuilder.ciphers TLS_RSA_WITH_AES_128_CBC_SHA,TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 io.netty:netty-handler',
    '12 SslContextBuilder.protocols 1.1 io.netty:netty-handler',
    '12 SslContextBuilder.protocols 1.2 io.netty:netty-handler',
    '17 SslContextBuilder.protocols 1.3 io.netty:netty-handler',
    '18 SslContextBuilder.protocols 1.0 io.netty:netty-handler',
  ]);
  assert.deepEqual(signals(src).map((s) => `${s.occurrence.line} ${s.signal}`), [
    '12 insecure-protocol-version', '18 insecure-protocol-version', '16 cert-verification-disabled', '21 cert-verification-disabled',
  ]);
  assert.deepEqual(algorithms(src).map((a) => `${a.line} ${a.name} ${a.functions?.join()}`), ['26 RSA-2048 keygen', '27 ECDSA-P384 keygen', '28 RSA-1024 keygen']);
});

test("Netty names without Netty: a builder, trust factory or certificate class of the file's own or another package, and strings, are not Netty's", () => {
  const src = `package com.acme.mesh
import com.acme.mesh.tls.SslContextBuilder
import com.acme.mesh.tls.SelfSignedCertificate

class InsecureTrustManagerFactory { companion object { val INSTANCE = InsecureTrustManagerFactory() } }

fun contexts(policy: TlsPolicy) {
    SslContextBuilder.forClient().protocols("TLSv1").ciphers(listOf("TLS_RSA_WITH_RC4_128_SHA"))
    policy.builder().protocols("SSLv3")
    val trust = InsecureTrustManagerFactory.INSTANCE
    SelfSignedCertificate("mesh.local", "RSA", 512)
    log.warn("never use io.netty.handler.ssl.util.InsecureTrustManagerFactory.INSTANCE")
}`;
  assert.deepEqual(protocols(src), []);
  assert.deepEqual(signals(src), []);
  assert.deepEqual(algorithms(src), []);
});
