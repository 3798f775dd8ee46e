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
      // Keys.keyPairFor(RS256) makes 2048-bit RSA keys (jjwt's table); the ES256 key pair is on P-256.
      [7, 'RSA-PKCS1-1.5-SHA-256-2048', 'sign+verify+keygen', 'io.jsonwebtoken:jjwt'],
      [8, 'ECDSA-P256-SHA-256', 'sign+verify+keygen', 'io.jsonwebtoken:jjwt'],
      [10, 'RSA-OAEP-SHA-256', 'encrypt+decrypt', 'io.jsonwebtoken:jjwt'],
      [10, 'AES-256-GCM', 'encrypt+decrypt', 'io.jsonwebtoken:jjwt'],
    ]);
    assert.deepEqual(signals(source).map((s) => [s.signal, s.occurrence.line]), [['jwt-none-algorithm', 12]]);
  });

  it('jjwt: a composite JWE name reports both halves (RFC 7518: ECDH-ES+A128KW wraps with AES-KW, A128CBC-HS256 MACs with HMAC)', () => {
    const source = [
      'import io.jsonwebtoken.Jwts;',
      '',
      'class Vault {',
      '  String seal(java.security.PublicKey pub, String claims) {',
      '    return Jwts.builder().content(claims).encryptWith(pub, Jwts.KEY.ECDH_ES_A256KW, Jwts.ENC.A128CBC_HS256).compact();',
      '  }',
      '  String direct(javax.crypto.SecretKey k, String claims) { return Jwts.builder().content(claims).encryptWith(k, Jwts.KEY.DIRECT, Jwts.ENC.A256GCM).compact(); }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [5, 'ECDH', 'encrypt+decrypt', 'io.jsonwebtoken:jjwt'],
      [5, 'AES-256-KW', 'encrypt+decrypt', 'io.jsonwebtoken:jjwt'],
      [5, 'AES-128-CBC', 'encrypt+decrypt', 'io.jsonwebtoken:jjwt'],
      [5, 'HMAC-SHA-256', 'tag', 'io.jsonwebtoken:jjwt'],
      [7, 'AES-256-GCM', 'encrypt+decrypt', 'io.jsonwebtoken:jjwt'],
    ]);
  });

  it('Auth0 java-jwt: RSASSA-PSS and secp256k1 factories, HMAC secrets written in the source', () => {
    const source = [
      'import com.auth0.jwt.algorithms.Algorithm;',
      '',
      'class Hub {',
      '  static final String WEBHOOK_SECRET = "whsec_0123";',
      '  Algorithm pss(java.security.interfaces.RSAKey key) { return Algorithm.RSA512PSS(key); }',
      '  Algorithm hook() { return Algorithm.HMAC384(WEBHOOK_SECRET); }',
      '  Algorithm bytes() { return Algorithm.HMAC256("k".getBytes()); }',
      '  Algorithm vault(String fromVault) { return Algorithm.HMAC512(fromVault); }',
      '  Algorithm notAFactory() { return Algorithm.ECDSA256PSS(null); }',
      '  Algorithm k1(java.security.interfaces.ECKey key) { return Algorithm.ECDSA256K(key); }',
      '  Algorithm notK() { return Algorithm.RSA256K(null); }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [5, 'RSA-PSS-SHA-512', 'sign+verify', 'com.auth0:java-jwt'],
      [6, 'HMAC-SHA-384', 'tag', 'com.auth0:java-jwt'],
      [7, 'HMAC-SHA-256', 'tag', 'com.auth0:java-jwt'],
      [8, 'HMAC-SHA-512', 'tag', 'com.auth0:java-jwt'],
      [10, 'ECDSA-secp256k1-SHA-256', 'sign+verify', 'com.auth0:java-jwt'],
    ]);
    assert.deepEqual(signals(source).map((s) => [s.signal, s.occurrence.line]), [['hardcoded-key', 6], ['hardcoded-key', 7]]);
  });

  it('jjwt key builders: the sizes and curves its API fixes', () => {
    const source = [
      'import io.jsonwebtoken.Jwts;',
      'import io.jsonwebtoken.SignatureAlgorithm;',
      'import io.jsonwebtoken.security.Jwks;',
      'import io.jsonwebtoken.security.Keys;',
      '',
      'class KeyRing {',
      '  static final io.jsonwebtoken.security.SignatureAlgorithm ALG = Jwts.SIG.PS512;',
      '  Object rsa() { return ALG.keyPair().build(); }',
      '  Object hmac() { return Jwts.SIG.HS384.key().build(); }',
      '  Object legacy() { return Keys.secretKeyFor(SignatureAlgorithm.HS256); }',
      '  Object ed() { return Jwts.SIG.EdDSA.keyPair().build(); }',
      '  Object x() { return Jwks.CRV.X25519.keyPair().build(); }',
      '  Object p() { return Jwks.CRV.P521; }',
      '  Object signOnly(java.security.Key k) { return Jwts.builder().signWith(k, Jwts.SIG.RS256).compact(); }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(
      algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+')]),
      [
        [7, 'RSA-PSS-SHA-512-4096', 'sign+verify+keygen'],
        [9, 'HMAC-SHA-384', 'tag+keygen'],
        [10, 'HMAC-SHA-256', 'tag+keygen'],
        // jjwt's generic EdDSA builds Ed448 key pairs (its preferred curve).
        [11, 'Ed448', 'sign+verify+keygen'],
        [12, 'X25519', 'keygen'],
        [13, 'ECDSA-P521', undefined],
        [14, 'RSA-PKCS1-1.5-SHA-256', 'sign+verify'],
      ],
    );
    assert.deepEqual(algorithms(source).filter((a) => a.params.keySize).map((a) => [a.line, a.params.keySize]), [[7, 4096], [9, 384], [10, 256]]);
  });

  it('jjwt: unsigned tokens accepted, a check for none is not, and HMAC secrets in the source', () => {
    const source = [
      'import io.jsonwebtoken.JwtParser;',
      'import io.jsonwebtoken.Jwts;',
      'import io.jsonwebtoken.SignatureAlgorithm;',
      'import io.jsonwebtoken.security.Keys;',
      '',
      'class Gate {',
      '  boolean isNone(String alg) { return Jwts.SIG.NONE.getId().equals(alg) || SignatureAlgorithm.NONE == null; }',
      '  Object probe(String t) { return Jwts.parser().unsecured().build().parse(t); }',
      '  Object old(String t) { JwtParser p = Jwts.parserBuilder().build(); return p.parseClaimsJwt(t); }',
      '  String issue() { return Jwts.builder().signWith(SignatureAlgorithm.HS512, "c2VjcmV0").compact(); }',
      '  Object key(byte[] b) { return Keys.hmacShaKeyFor(b); }',
      '  Object fixed() { return Keys.hmacShaKeyFor("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef".getBytes()); }',
      '  Object other(Report r) { return r.unsecured().signWith("ops"); }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(signals(source).map((s) => [s.signal, s.occurrence.line]), [
      ['jwt-none-algorithm', 8],
      ['jwt-none-algorithm', 9],
      ['hardcoded-key', 10],
      ['hardcoded-key', 12],
    ]);
    assert.deepEqual(
      algorithms(source).filter((a) => a.occurrence.line >= 11).map((a) => [a.line, a.name, a.params.keySize, a.unresolved]),
      [
        [11, 'HMAC', undefined, ['hash']],
        // 64 bytes: jjwt picks HS512.
        [12, 'HMAC-SHA-512', 512, undefined],
      ],
    );
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
      [4, 'HMAC-SHA-256', 'tag', 'com.nimbusds:nimbus-jose-jwt'],
      [5, 'RSA-PSS-SHA-384', 'sign+verify', 'com.nimbusds:nimbus-jose-jwt'],
    ]);
  });

  it('Nimbus: JWK generators with their sizes and curves, HMAC secrets written in the source', () => {
    const source = [
      'import com.nimbusds.jose.crypto.MACSigner;',
      'import com.nimbusds.jose.jwk.Curve;',
      'import com.nimbusds.jose.jwk.gen.*;',
      '',
      'class Keys {',
      '  Object rsa() throws Exception { return new RSAKeyGenerator(RSAKeyGenerator.MIN_KEY_SIZE_BITS).generate(); }',
      '  Object ec() throws Exception { return new ECKeyGenerator(Curve.SECP256K1).generate(); }',
      '  Object okp(Curve crv) throws Exception { return new OctetKeyPairGenerator(crv).generate(); }',
      '  Object rsaSized(int bits) throws Exception { return new RSAKeyGenerator(bits).generate(); }',
      '  Object oct() throws Exception { return new OctetSequenceKeyGenerator(256).generate(); }',
      '  Object mac() throws Exception { return new MACSigner("0123456789abcdef0123456789abcdef"); }',
      '  Object macFromVault(byte[] s) throws Exception { return new MACSigner(s); }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(
      algorithms(source).map((a) => [a.line, a.name, a.unresolved]),
      [
        [6, 'RSA-2048', undefined],
        [7, 'ECDSA-secp256k1', undefined],
        // An OKP curve we cannot read may be Ed25519 or X25519.
        [8, 'unknown-key-pair-generator', undefined],
        [9, 'RSA', ['keySize']],
        // A MAC signer is an HMAC whose hash the header picks (none is named in this file).
        [11, 'HMAC', ['hash']],
        [12, 'HMAC', ['hash']],
      ],
    );
    assert.deepEqual(signals(source).map((s) => [s.signal, s.occurrence.line]), [['hardcoded-key', 11]]);
  });

  it('Nimbus signers, verifiers, encrypters: the header\'s algorithm with the key the code shows, else the key type', () => {
    const source = [
      'import com.nimbusds.jose.*;',
      'import com.nimbusds.jose.crypto.*;',
      'import com.nimbusds.jose.jwk.Curve;',
      'import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;',
      'import java.security.interfaces.*;',
      '',
      'class Tokens {',
      '  Object signed() throws Exception {',
      '    var jwk = new RSAKeyGenerator(3072).keyID("k1").generate();',
      '    var header = new JWSHeader.Builder(JWSAlgorithm.RS384).build();',
      '    return new RSASSASigner(jwk);',
      '  }',
      '  Object check(RSAPublicKey pub) { return new RSASSAVerifier(pub); }',
      '  Object ec(ECPrivateKey k) throws Exception { return new ECDSASigner(k, Curve.P_384); }',
      '  Object wrap(javax.crypto.SecretKey kek) throws Exception { return new AESDecrypter(kek); }',
      '  Object x(com.nimbusds.jose.jwk.OctetKeyPair okp) throws Exception { return new X25519Encrypter(okp); }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(
      algorithms(source).map((a) => [a.line, a.name, a.unresolved, a.functions?.join('+')]),
      [
        [9, 'RSA-3072', undefined, 'keygen'],
        [10, 'RSA-PKCS1-1.5-SHA-384', undefined, 'sign+verify'],
        // The one RSA signature the file names, with the generated key's size.
        [11, 'RSA-PKCS1-1.5-SHA-384-3072', undefined, 'sign'],
        // A file naming no ECDSA or AES-KW algorithm: the key type, with what the code says of the key.
        [14, 'ECDSA-P384', ['hash'], 'sign'],
        [15, 'AES', ['keySize', 'mode'], 'decrypt'],
        [16, 'X25519', undefined, 'encrypt'],
        [13, 'RSA-PKCS1-1.5-SHA-384', ['keySize'], 'verify'],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
  });

  it('Nimbus: a signer beside several named algorithms adds nothing unless it knows the key; same-named classes are not Nimbus', () => {
    const several = [
      'import com.nimbusds.jose.JWSAlgorithm;',
      'import com.nimbusds.jose.crypto.RSASSASigner;',
      '',
      'class Picker {',
      '  Object alg(boolean pss) { return pss ? JWSAlgorithm.PS256 : JWSAlgorithm.RS256; }',
      '  Object signer(java.security.PrivateKey k) { return new RSASSASigner(k); }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(algorithms(several).map((a) => a.line), [5, 5]);
    const bc = [
      'import org.bouncycastle.crypto.signers.ECDSASigner;',
      'import com.example.jose.MACSigner;',
      '',
      'class Other {',
      '  Object bc() { return new ECDSASigner(); }',
      '  Object own() { return new MACSigner("not-nimbus"); }',
      '}',
      '',
    ].join('\n');
    // Bouncy Castle's ECDSASigner stays Bouncy Castle's; the project's own MACSigner is nothing.
    assert.deepEqual(algorithms(bc).map((a) => [a.line, a.name, a.library?.name]), [[5, 'ECDSA', 'org.bouncycastle:bcprov-jdk18on']]);
    assert.deepEqual(signals(bc), []);
  });

  it("Spring Security's JOSE enums (SignatureAlgorithm shares its simple name with jjwt's)", () => {
    const source = [
      'import org.springframework.security.oauth2.jose.jws.MacAlgorithm;',
      'import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;',
      '',
      'class Decoders {',
      '  Object rs() { return SignatureAlgorithm.RS384; }',
      '  Object hs() { return MacAlgorithm.HS512; }',
      '  Object fq() { return io.jsonwebtoken.SignatureAlgorithm.ES256; }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [5, 'RSA-PKCS1-1.5-SHA-384', 'sign+verify', 'org.springframework.security:spring-security-oauth2-jose'],
      [6, 'HMAC-SHA-512', 'tag', 'org.springframework.security:spring-security-oauth2-jose'],
      [7, 'ECDSA-P256-SHA-256', 'sign+verify', 'io.jsonwebtoken:jjwt'],
    ]);
  });

  it('same-named classes of other packages are not these libraries', () => {
    const source = [
      'import com.example.crypto.Algorithm;',
      'import com.example.crypto.SignatureAlgorithm;',
      'import com.example.keys.RSAKeyGenerator;',
      'import com.example.crypto.MacAlgorithm;',
      '',
      'class Own {',
      '  Object a() { return Algorithm.HMAC256("x"); }',
      '  Object b() { return SignatureAlgorithm.HS256; }',
      '  Object c() { return new RSAKeyGenerator(1024); }',
      '  Object d() { return MacAlgorithm.HS256; }',
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
