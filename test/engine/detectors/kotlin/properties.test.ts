// Kotlin detector: computed properties (`val name: String get() = …`) read as what their getter
// gives, by name, through `this`, and through a receiver whose type is not read when one class
// of the file alone declares the name.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms } from './helpers.js';

const named = (src: string): Array<[number, string]> => algorithms(src).map((a) => [a.line, a.name]);

test('a getter with a when: each arm is a case, read by name, through this and through another class', () => {
  const src = `package net.example.certs
import java.security.Signature

class TbsCertificate(private val algorithmOid: String) {
  val signatureAlgorithmName: String
    get() = when (algorithmOid) {
      RSA_SHA256_OID -> "SHA256WithRSA"
      else -> "SHA256withECDSA"
    }

  fun verifier(): Signature = Signature.getInstance(signatureAlgorithmName)
  fun verifier2(): Signature = Signature.getInstance(this.signatureAlgorithmName)

  companion object {
    const val RSA_SHA256_OID = "1.2.840.113549.1.1.11"
  }
}

class CertificateChecker(private val tbs: TbsCertificate) {
  fun check(): Signature = Signature.getInstance(tbs.signatureAlgorithmName)
}
`;
  assert.deepEqual(named(src), [
    [11, 'RSA-PKCS1-1.5-SHA-256'], [11, 'ECDSA-SHA-256'],
    [12, 'RSA-PKCS1-1.5-SHA-256'], [12, 'ECDSA-SHA-256'],
    [20, 'RSA-PKCS1-1.5-SHA-256'], [20, 'ECDSA-SHA-256'],
  ]);
});

test('a block getter gives each value it returns; an expression getter its one value', () => {
  const src = `package net.example.vault
import java.security.MessageDigest
import javax.crypto.Cipher

class Envelope(private val legacy: Boolean) {
  private val transformation: String
    get() {
      if (legacy) return "AES/CBC/PKCS5Padding"
      return "AES/GCM/NoPadding"
    }
  private val digestName get() = "SHA-512"

  fun cipher(): Cipher = Cipher.getInstance(transformation)
  fun digest(): MessageDigest = MessageDigest.getInstance(digestName)
}
`;
  assert.deepEqual(named(src), [[13, 'AES-CBC-PKCS5'], [13, 'AES-GCM'], [14, 'SHA-512']]);
});

test('x.name where two classes declare the name stays unknown; a stored property is not a getter', () => {
  const src = `package net.example.certs
import java.security.Signature

class RsaPolicy {
  val algorithm: String get() = "SHA256withRSA"
}
class EcPolicy {
  val algorithm: String get() = "SHA256withECDSA"
}
class Checker(private val policy: Any, private val config: Settings) {
  fun a(): Signature = Signature.getInstance(policy.algorithm)
  fun b(): Signature = Signature.getInstance(config.signatureName)
}
class Settings(val signatureName: String)
`;
  assert.deepEqual(named(src), [[11, 'unknown-signature'], [12, 'unknown-signature']]);
});
