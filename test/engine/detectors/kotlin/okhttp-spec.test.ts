// Kotlin detector: OkHttp's ConnectionSpec as OkHttp itself writes it (a bare `Builder` inside the
// class, suites spread from a same-file list), run-time properties that are no suite names, and a
// factory given an empty algorithm name.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, protocols } from './helpers.js';

const suitesAndVersions = (src: string): Array<[number, string]> =>
  protocols(src).map((p) => [p.occurrence.line, p.protocol.version ?? p.protocol.cipherSuites?.join(' ') ?? '?']);

test('a bare Builder inside class ConnectionSpec is ConnectionSpec.Builder; *LIST.toTypedArray() gives the list', () => {
  const src = `package net.example.http

class ConnectionSpec internal constructor(val isTls: Boolean) {
  class Builder(private val tls: Boolean) {
    fun cipherSuites(vararg suites: CipherSuite): Builder = this
    fun tlsVersions(vararg versions: TlsVersion): Builder = this
    fun build(): ConnectionSpec = ConnectionSpec(tls)
  }

  companion object {
    private val LEGACY_SUITES = listOf(
      CipherSuite.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
      CipherSuite.TLS_RSA_WITH_3DES_EDE_CBC_SHA,
    )

    val LEGACY = Builder(true)
      .cipherSuites(*LEGACY_SUITES.toTypedArray())
      .tlsVersions(TlsVersion.TLS_1_2, TlsVersion.TLS_1_0)
      .build()
  }
}
`;
  assert.deepEqual(suitesAndVersions(src), [
    [18, '1.2'], [18, '1.0'], [17, 'TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 TLS_RSA_WITH_3DES_EDE_CBC_SHA'],
  ]);
});

test('a Builder outside ConnectionSpec, and a spread of a list read at run time, name nothing', () => {
  const src = `package net.example.http
import okhttp3.CipherSuite

class RequestBuilder {
  class Builder {
    fun cipherSuites(vararg suites: CipherSuite): Builder = this
  }
  val b = Builder().cipherSuites(CipherSuite.TLS_RSA_WITH_3DES_EDE_CBC_SHA)
}

fun client(configured: List<CipherSuite>) =
  okhttp3.ConnectionSpec.Builder(true).cipherSuites(*configured.toTypedArray()).build()
`;
  assert.deepEqual(suitesAndVersions(src), []);
});

test('a spec applied from another spec: its suite and version properties are not names', () => {
  const src = `package net.example.http
import javax.net.ssl.SSLSocket

class Applier(private val spec: okhttp3.ConnectionSpec) {
  fun apply(socket: SSLSocket) {
    socket.enabledProtocols = spec.tlsVersionsAsString
    socket.enabledCipherSuites = spec.cipherSuitesAsString
  }
}
`;
  assert.deepEqual(suitesAndVersions(src), []);
});

test('getInstance("") is an unknown algorithm, never one with an empty name', () => {
  const src = `package net.example.crypto
import java.security.KeyPairGenerator
import java.security.MessageDigest

fun compileOnly() {
  val pair = KeyPairGenerator.getInstance("").genKeyPair()
  val digest = MessageDigest.getInstance("  ")
}
`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.spelling]), [[6, 'unknown-key-pair-generator'], [7, 'unknown-hash']]);
});

test('CipherSuite.X.javaName is that suite; a parameter\'s javaName is unknown', () => {
  const src = `package net.example.http
import javax.net.ssl.SSLSocket
import okhttp3.CipherSuite

fun pin(socket: SSLSocket) {
  socket.enabledCipherSuites = arrayOf(
    CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256.javaName,
    CipherSuite.TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA.javaName,
  )
}
fun only(socket: SSLSocket, suite: CipherSuite) {
  socket.enabledCipherSuites = arrayOf(suite.javaName)
}
`;
  assert.deepEqual(suitesAndVersions(src), [[6, 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA']]);
});
