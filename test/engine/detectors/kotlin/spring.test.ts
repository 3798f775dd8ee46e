// Kotlin detector, Spring Security and SAML: XML-DSig constants, the JOSE enums of spring-security-oauth2-jose (`SignatureAlgorithm`,
// `MacAlgorithm`), told apart from jjwt's same-named SignatureAlgorithm by the import.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, detect, signals } from './helpers.js';

test('Spring Security JOSE constants in a JWS header and a decoder name the JWS algorithms', () => {
  const src = `package com.acme.dpop
import org.springframework.security.oauth2.jose.jws.MacAlgorithm
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm
import org.springframework.security.oauth2.jwt.JwsHeader
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder

class Proofs {
    fun header(): JwsHeader = JwsHeader.with(SignatureAlgorithm.ES256).type("dpop+jwt").build()
    fun decoder(key: SecretKey) = NimbusJwtDecoder.withSecretKey(key).macAlgorithm(MacAlgorithm.HS512).build()
    fun rsa() = NimbusJwtDecoder.withPublicKey(publicKey).signatureAlgorithm(org.springframework.security.oauth2.jose.jws.SignatureAlgorithm.PS384).build()
    fun check(alg: SignatureAlgorithm) = alg == SignatureAlgorithm.RS256
    fun name() = SignatureAlgorithm.RS512.name
}`;
  assert.deepEqual(algorithms(src).map((a) => `${a.line} ${a.name}`), ['8 ECDSA-P256-SHA-256', '9 HMAC-SHA-512', '10 RSA-PSS-SHA-384']);
  assert.ok(detect(src).every((d) => d.type !== 'algorithm' || d.library?.name === 'org.springframework.security:spring-security-oauth2-jose'));
  assert.deepEqual(signals(src), []);
});

test('a SignatureAlgorithm of another package, or jjwt\'s, is not Spring\'s', () => {
  const other = `package com.acme
import com.acme.crypto.SignatureAlgorithm
import com.acme.crypto.MacAlgorithm
fun pick() = listOf(SignatureAlgorithm.RS256, MacAlgorithm.HS256)`;
  assert.deepEqual(detect(other), []);
  const jjwt = `package com.acme
import io.jsonwebtoken.SignatureAlgorithm
fun pick() = SignatureAlgorithm.HS256`;
  assert.deepEqual(detect(jjwt).map((d) => d.type === 'algorithm' && d.library?.name), ['io.jsonwebtoken:jjwt']);
});

test('XML-DSig constants of OpenSAML and the JDK name the SAML signature and digest; comparisons and other packages do not', () => {
  const src = `package com.acme.saml
import org.opensaml.xmlsec.signature.support.SignatureConstants
import javax.xml.crypto.dsig.DigestMethod
import com.acme.xml.EncryptionConstants

class Signing {
    val algorithms = listOf(SignatureConstants.ALGO_ID_SIGNATURE_RSA_SHA256, SignatureConstants.ALGO_ID_SIGNATURE_ECDSA_SHA512)
    val digest = DigestMethod.SHA384
    fun legacy(alg: String) = alg == SignatureConstants.ALGO_ID_SIGNATURE_RSA_SHA1
    fun check(alg: String) = SignatureConstants.ALGO_ID_SIGNATURE_RSA_SHA1.equals(alg)
    val mine = EncryptionConstants.ALGO_ID_KEYTRANSPORT_RSA15
    val c14n = SignatureConstants.ALGO_ID_C14N_EXCL_OMIT_COMMENTS
}`;
  assert.deepEqual(algorithms(src).map((a) => `${a.line} ${a.name}`), ['7 RSA-PKCS1-1.5-SHA-256', '7 ECDSA-SHA-512', '8 SHA-384']);
});
