// Java JWT libraries: the JOSE algorithms named through Auth0 java-jwt, jjwt and Nimbus, with
// 'none' as a jwt-none-algorithm signal; same-named classes of other packages produce nothing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, detect, signals } from './helpers.js';
import { joseName } from '../../../../src/engine/detectors/source/common/jose.js';

const rows = (source: string) => algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+'), a.library?.name]);

describe('Java JWT libraries', () => {
  it('Auth0 java-jwt: HMAC, RSA and ECDSA factories, and Algorithm.none()', () => {
    const source = [
      'import com.auth0.jwt.JWT;',
      'import com.auth0.jwt.algorithms.Algorithm;',
      '',
      'class Tokens {',
      '  String issue(String secret) { return JWT.create().withIssuer("acme").sign(Algorithm.HMAC256(secret)); }',
      '  Algorithm rsa(java.security.interfaces.RSAPublicKey pub, java.security.interfaces.RSAPrivateKey priv) { return Algorithm.RSA256(pub, priv); }',
      '  Algorithm ec() { return Algorithm.ECDSA384(null, null); }',
      '  Algorithm debug() { return Algorithm.none(); }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [5, 'HMAC-SHA-256', 'tag', 'com.auth0:java-jwt'],
      [6, 'RSA-PKCS1-1.5-SHA-256', 'sign+verify', 'com.auth0:java-jwt'],
      [7, 'ECDSA-P384-SHA-384', 'sign+verify', 'com.auth0:java-jwt'],
    ]);
    assert.deepEqual(signals(source).map((s) => [s.signal, s.occurrence.line]), [['jwt-none-algorithm', 8]]);
  });

  it('jjwt: SignatureAlgorithm (0.9-0.11) and the Jwts.SIG/ENC/KEY registries (0.12)', () => {
    const source = [
      'import io.jsonwebtoken.Jwts;',
      'import io.jsonwebtoken.SignatureAlgorithm;',
      'import io.jsonwebtoken.security.Keys;',
      '',
      'class Sessions {',
      '  String legacy(byte[] k) { return Jwts.builder().signWith(SignatureAlgorithm.HS512, k).compact(); }',
      '  Object keys() { return Keys.keyPairFor(SignatureAlgorithm.RS256); }',
      '  Object modern() { return Jwts.SIG.ES256.keyPair().build(); }',
      '  String jwe(java.security.PublicKey pub, String claims) {',
      '    return Jwts.builder().content(claims).encryptWith(pub, Jwts.KEY.RSA_OAEP_256, Jwts.ENC.A256GCM).compact();',
      '  }',
      '  Object unsigned() { return SignatureAlgorithm.NONE; }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [6, 'HMAC-SHA-512', 'tag', 'io.jsonwebtoken:jjwt'],
      [7, 'RSA-PKCS1-1.5-SHA-256', 'sign+verify', 'io.jsonwebtoken:jjwt'],
      [8, 'ECDSA-P256-SHA-256', 'sign+verify', 'io.jsonwebtoken:jjwt'],
      [10, 'RSA-OAEP-SHA-256', 'encrypt+decrypt', 'io.jsonwebtoken:jjwt'],
      [10, 'AES-256-GCM', 'encrypt+decrypt', 'io.jsonwebtoken:jjwt'],
    ]);
    assert.deepEqual(signals(source).map((s) => [s.signal, s.occurrence.line]), [['jwt-none-algorithm', 12]]);
  });

  it('Nimbus: JWS and JWE algorithms and encryption methods, RSA1_5 included', () => {
    const source = [
      'import com.nimbusds.jose.*;',
      '',
      'class Jwe {',
      '  JWEHeader header() { return new JWEHeader(JWEAlgorithm.RSA1_5, EncryptionMethod.A128CBC_HS256); }',
      '  JWSHeader sig() { return new JWSHeader(JWSAlgorithm.PS384); }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [4, 'RSA-PKCS1-1.5', 'encrypt+decrypt', 'com.nimbusds:nimbus-jose-jwt'],
      [4, 'AES-128-CBC', 'encrypt+decrypt', 'com.nimbusds:nimbus-jose-jwt'],
      [5, 'RSA-PSS-SHA-384', 'sign+verify', 'com.nimbusds:nimbus-jose-jwt'],
    ]);
  });

  it('same-named classes of other packages are not these libraries', () => {
    const source = [
      'import com.example.crypto.Algorithm;',
      'import com.example.crypto.SignatureAlgorithm;',
      '',
      'class Own {',
      '  Object a() { return Algorithm.HMAC256("x"); }',
      '  Object b() { return SignatureAlgorithm.HS256; }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(detect(source), []);
  });

  it('jjwt and Nimbus constant names read as JOSE names', () => {
    assert.deepEqual(
      ['RSA_OAEP_256', 'RSA_OAEP', 'RSA1_5', 'ECDH_ES', 'ECDH_ES_A128KW', 'PBES2_HS256_A128KW', 'A128CBC_HS256', 'A256GCM', 'HS256'].map(joseName),
      ['RSA-OAEP-256', 'RSA-OAEP', 'RSA1_5', 'ECDH-ES', 'ECDH-ES+A128KW', 'PBES2-HS256+A128KW', 'A128CBC-HS256', 'A256GCM', 'HS256'],
    );
  });
});
