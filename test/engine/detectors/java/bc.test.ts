// The Bouncy Castle lightweight API beyond ciphers and digests: how engines compose into modes, MACs,
// signers, KEMs and KDFs, which defaults the API itself fixes, and what must not be taken for BC.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms } from './helpers.js';

const rows = (src: string) => algorithms(src).map((a) => [a.line, a.name]);

test('mode wrappers: the cipher argument of NIST CTS, GOST and Kalyna modes, RFC 3394 wrap, GCM-SIV default AES', () => {
  const found = rows(`
import org.bouncycastle.crypto.engines.*;
import org.bouncycastle.crypto.modes.*;
import org.bouncycastle.crypto.params.*;
class Modes {
  void f(byte[] iv) {
    byte[] k = new byte[32];
    NISTCTSBlockCipher cts = new NISTCTSBlockCipher(NISTCTSBlockCipher.CS3, CBCBlockCipher.newInstance(new CamelliaEngine()));
    cts.init(true, new ParametersWithIV(new KeyParameter(k), iv));
    G3413CFBBlockCipher cfb = new G3413CFBBlockCipher(new GOST3412_2015Engine(), 128);
    KGCMBlockCipher kgcm = new KGCMBlockCipher(new DSTU7624Engine(256));
    RFC5649WrapEngine wrap = new RFC5649WrapEngine(new ARIAEngine());
    GCMSIVBlockCipher siv = new GCMSIVBlockCipher();
    RijndaelEngine rijndael256 = new RijndaelEngine(256);
    RijndaelEngine aes = new RijndaelEngine();
  }
}`);
  assert.deepEqual(found, [
    [8, 'CAMELLIA-256-CTS'], [10, 'Kuznyechik-CFB'], [11, 'Kalyna-GCM'], [12, 'ARIA-KWP'], [13, 'AES-GCM-SIV'],
    [14, 'Rijndael-256'], [15, 'AES'],
  ]);
});

test('block-cipher MACs take the tag BC fixes (half the block) unless the code sets one; comments between arguments do not shift them', () => {
  const found = algorithms(`
import org.bouncycastle.crypto.engines.*;
import org.bouncycastle.crypto.macs.*;
import org.bouncycastle.crypto.paddings.*;
class Macs {
  void f() {
    CBCBlockCipherMac a = new CBCBlockCipherMac(new AESEngine());
    CBCBlockCipherMac b = new CBCBlockCipherMac(new DESEngine(), new PKCS7Padding());
    CFBBlockCipherMac c = new CFBBlockCipherMac(
        new AESEngine(), // the tag size follows
        8,
        96);
    BlockCipherMac d = new BlockCipherMac(new DESedeEngine(), 64);
    ISO9797Alg3Mac e = new ISO9797Alg3Mac(new DESEngine());
    KGMac g = new KGMac(new KGCMBlockCipher(new DSTU7624Engine(128)), 96);
    Zuc256Mac z = new Zuc256Mac(64);
    KMAC k = new KMAC(128, null);
    SipHash s = new SipHash(4, 8);
  }
}`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.params.tagLength]), [
    [7, 'AES-CBC-MAC', 64], [8, 'DES-CBC-MAC', 32], [9, 'CFB-MAC', 96], [13, '3DES-CBC-MAC', 64], [14, 'ISO9797-1-MAC3', 64],
    [15, 'Kalyna-GMAC', 96], [16, 'ZUC-256-MAC', 64], [17, 'KMAC128', undefined], [18, 'SipHash-4-8', undefined],
  ]);
});

test('signers, KEMs and KDFs: the scheme, its hash, and the key that sizes it', () => {
  const found = rows(`
import java.math.BigInteger;
import java.security.SecureRandom;
import org.bouncycastle.crypto.*;
import org.bouncycastle.crypto.digests.*;
import org.bouncycastle.crypto.engines.*;
import org.bouncycastle.crypto.encodings.PKCS1Encoding;
import org.bouncycastle.crypto.generators.*;
import org.bouncycastle.crypto.kems.RSAKEMExtractor;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.*;
import org.bouncycastle.crypto.signers.*;
class Schemes {
  AsymmetricCipherKeyPair keys(SecureRandom r) {
    RSAKeyPairGenerator g = new RSAKeyPairGenerator();
    g.init(new RSAKeyGenerationParameters(BigInteger.valueOf(65537), r, 2048, 100));
    return g.generateKeyPair();
  }
  void f(SecureRandom r) {
    AsymmetricCipherKeyPair pair = keys(r);
    GenericSigner raw = new GenericSigner(new PKCS1Encoding(new RSAEngine()), new SHA512Digest());
    raw.init(true, pair.getPrivate());
    ISO9796d2PSSSigner pss = new ISO9796d2PSSSigner(new RSAEngine(), new SHA256Digest(), 32);
    RSAKEMExtractor kem = new RSAKEMExtractor((RSAKeyParameters) pair.getPrivate(), 32, new KDF2BytesGenerator(new SHA1Digest()));
    KDFFeedbackBytesGenerator fb = new KDFFeedbackBytesGenerator(new HMac(new SHA256Digest()));
    ConcatenationKDFGenerator concat = new ConcatenationKDFGenerator(new SHA256Digest());
    MGF1BytesGenerator mgf = new MGF1BytesGenerator(new SHA1Digest());
    PKCS5S1ParametersGenerator pbkdf1 = new PKCS5S1ParametersGenerator(new MD5Digest());
    OpenSSLPBEParametersGenerator evp = new OpenSSLPBEParametersGenerator(new SHA256Digest());
    IESEngine ies = new IESEngine(new DHBasicAgreement(), new KDF2BytesGenerator(new SHA256Digest()), new HMac(new SHA256Digest()));
  }
}`);
  assert.deepEqual(found, [
    [15, 'RSA-2048'], [21, 'RSA-PKCS1-1.5-SHA-512-2048'], [23, 'RSA-ISO9796-2-PSS-SHA-256'], [24, 'RSA-KEM-2048'],
    [25, 'SP800_108_FeedbackKDF-HMAC-SHA-256'], [26, 'SP800_56C_OneStep-SHA-256'], [27, 'MGF1-SHA-1'], [28, 'PBKDF1-MD5'],
    [29, 'EVP_BytesToKey-SHA-256'], [30, 'DHIES'],
  ]);
});

test('a nested BC class counts by its outer class; same-named classes of the application do not', () => {
  const found = rows(`
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.engines.EthereumIESEngine;
class Rlpx {
  Object kdf() { return new EthereumIESEngine.HandshakeKDFFunction(1, new SHA256Digest()); }
}`);
  assert.deepEqual(found, [[5, 'SP800_56C_OneStep-SHA-256']]);
  const own = rows(`
import org.bouncycastle.util.encoders.Hex;
class Table {
  long k(byte[] b) { return new SipHash(1L, 2L).fold(b) + new TwofishEngine().hashCode(); }
  static final class SipHash { SipHash(long a, long b) {} long fold(byte[] b) { return 0; } }
  static final class TwofishEngine {}
}`);
  assert.deepEqual(own, []);
});

test('PQC KEMs: the parameter set of the key given to the extractor or to generateEncapsulated (also chained on the creation)', () => {
  const found = rows(`
import java.security.SecureRandom;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.pqc.crypto.hqc.*;
class Kems {
  AsymmetricCipherKeyPair keys(SecureRandom r) {
    HQCKeyPairGenerator g = new HQCKeyPairGenerator();
    g.init(new HQCKeyGenerationParameters(r, HQCParameters.hqc256));
    return g.generateKeyPair();
  }
  void f(SecureRandom r, byte[] enc) {
    AsymmetricCipherKeyPair pair = keys(r);
    new HQCKEMGenerator(r).generateEncapsulated(pair.getPublic());
    HQCKEMGenerator gen = new HQCKEMGenerator(r);
    gen.generateEncapsulated(pair.getPublic());
    new HQCKEMExtractor((HQCPrivateKeyParameters) pair.getPrivate()).extractSecret(enc);
  }
}`);
  assert.deepEqual(found, [[7, 'HQC-256'], [13, 'HQC-256'], [14, 'HQC-256'], [16, 'HQC-256']]);
});

test('operator builders: JcaContentSignerBuilder is a signature with its JCA name and the key\'s size; the verifier names none', () => {
  const src = `
import java.math.BigInteger;
import java.security.*;
import java.security.spec.ECGenParameterSpec;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
class Issuer {
  ContentSigner rsa() throws Exception {
    KeyPairGenerator kpg = KeyPairGenerator.getInstance("RSA");
    kpg.initialize(3072);
    KeyPair keyPair = kpg.generateKeyPair();
    return new JcaContentSignerBuilder("SHA256withRSA").setProvider("BC").build(keyPair.getPrivate());
  }
  ContentSigner ec() throws Exception {
    KeyPairGenerator kpg = KeyPairGenerator.getInstance("EC");
    kpg.initialize(new ECGenParameterSpec("secp384r1"));
    JcaContentSignerBuilder builder = new JcaContentSignerBuilder("SHA384withECDSA");
    return builder.build(kpg.generateKeyPair().getPrivate());
  }
  ContentSigner any(String algorithm, PrivateKey key) throws Exception {
    return new JcaContentSignerBuilder(algorithm).build(key);
  }
  boolean check(X509CertificateHolder holder, PublicKey key) throws Exception {
    return holder.isSignatureValid(new JcaContentVerifierProviderBuilder().setProvider("BC").build(key));
  }
}
class LegacyIssuer {
  Object f() { return new JcaContentSignerBuilder("SHA1withRSA"); }
}`;
  const found = algorithms(src).filter((a) => a.occurrence.symbol !== 'KeyPairGenerator.getInstance');
  assert.deepEqual(found.map((a) => [a.line, a.name, a.functions ?? []]), [
    [14, 'RSA-PKCS1-1.5-SHA-256-3072', ['sign']],
    [19, 'ECDSA-P384-SHA-384', ['sign']],
    [23, 'unknown-signature', ['sign']],
    [26, 'unknown-signature', ['verify']],
    [30, 'RSA-PKCS1-1.5-SHA-1', ['sign']],
  ]);
  assert.deepEqual(found[0]!.library, { ecosystem: 'maven', name: 'org.bouncycastle:bcprov-jdk18on' });
  // Without a Bouncy Castle import the class is someone else's.
  assert.deepEqual(algorithms('class A { Object f() { return new JcaContentSignerBuilder("SHA256withRSA").build(k); } }'), []);
});

test('password-based generators: OpenSSL PBE runs one iteration by construction, PKCS#5 generators take the count of init', () => {
  const found = algorithms(`
import org.bouncycastle.crypto.digests.*;
import org.bouncycastle.crypto.generators.*;
class Pem {
  byte[] legacy(byte[] pw, byte[] salt) {
    OpenSSLPBEParametersGenerator evp = new OpenSSLPBEParametersGenerator();
    evp.init(pw, salt);
    PKCS5S1ParametersGenerator v1 = new PKCS5S1ParametersGenerator(new SHA1Digest());
    v1.init(pw, salt, 2048);
    PKCS5S2ParametersGenerator v2 = new PKCS5S2ParametersGenerator(new SHA256Digest());
    return null;
  }
}`).map((a) => [a.name, a.params.iterations]);
  assert.deepEqual(found, [['EVP_BytesToKey-MD5', 1], ['PBKDF1-SHA-1-2048', 2048], ['PBKDF2-SHA-256', undefined]]);
});
