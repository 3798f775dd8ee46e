// Java TLS configuration signals and the Bouncy Castle construct rules (one asset per construct,
// parameter sets of the PQC classes).
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import type { ProtocolDetection } from '../../../../src/engine/inventory/model.js';
import { algorithms, detect, signals } from './helpers.js';

test('a trust manager with an empty checkServerTrusted is flagged, one that checks is not', () => {
  const found = signals(`
import java.security.cert.*;
import javax.net.ssl.X509TrustManager;
class Lenient implements X509TrustManager {
  public void checkClientTrusted(X509Certificate[] c, String a) {}
  public void checkServerTrusted(X509Certificate[] c, String a) { /* staging only */ }
  public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }
}
class Pinned implements X509TrustManager {
  public void checkClientTrusted(X509Certificate[] c, String a) {}
  public void checkServerTrusted(X509Certificate[] c, String a) throws CertificateException {
    if (!c[0].getSubjectX500Principal().getName().contains("acme")) throw new CertificateException("pin");
  }
  public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }
}`);
  assert.deepEqual(found.map((s) => [s.occurrence.line, s.signal]), [[6, 'cert-verification-disabled']]);
});

test('hostname verifiers: lambda returning true and NoopHostnameVerifier are flagged, a real check is not', () => {
  const found = signals(`
import javax.net.ssl.HttpsURLConnection;
import org.apache.http.conn.ssl.NoopHostnameVerifier;
class Clients {
  void f(HttpsURLConnection c, org.apache.http.impl.client.HttpClientBuilder b) {
    c.setHostnameVerifier((host, session) -> true);
    b.setSSLHostnameVerifier(NoopHostnameVerifier.INSTANCE);
    c.setHostnameVerifier((host, session) -> host.endsWith(".acme.example"));
  }
}`);
  assert.deepEqual(found.map((s) => [s.occurrence.line, s.signal]), [[6, 'hostname-verification-disabled'], [7, 'hostname-verification-disabled']]);
});

test('enabled protocols from a constant array: one protocol fact per version, old ones signalled', () => {
  const src = `
import javax.net.ssl.SSLSocket;
class Sockets {
  static final String[] PROTOCOLS = { "TLSv1.1", "TLSv1.3" };
  void f(SSLSocket s) { s.setEnabledProtocols(PROTOCOLS); }
}`;
  const protocols = detect(src).filter((d): d is ProtocolDetection => d.type === 'protocol').map((d) => d.protocol.version);
  assert.deepEqual(protocols, ['1.1', '1.3']);
  assert.deepEqual(signals(src).map((s) => s.signal), ['insecure-protocol-version']);
});

test('nested Bouncy Castle constructs are one asset, sized by the init parameters', () => {
  const found = algorithms(`
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.paddings.PaddedBufferedBlockCipher;
import org.bouncycastle.crypto.params.*;
class Bc {
  void f(byte[] iv) {
    byte[] key = new byte[32];
    PaddedBufferedBlockCipher c = new PaddedBufferedBlockCipher(CBCBlockCipher.newInstance(AESEngine.newInstance()));
    c.init(true, new ParametersWithIV(new KeyParameter(key), iv));
  }
}`);
  assert.deepEqual(found.map((f) => [f.name, f.line]), [['AES-256-CBC-PKCS7', 9]]);
});

test('PQC parameter sets: ML-KEM, pre-standard Dilithium and SPHINCS+ names, and an unsized generator', () => {
  const found = algorithms(`
import java.security.SecureRandom;
import org.bouncycastle.pqc.crypto.mlkem.*;
import org.bouncycastle.pqc.crypto.crystals.dilithium.*;
import org.bouncycastle.pqc.crypto.sphincsplus.*;
class Pqc {
  void f(SecureRandom r) {
    MLKEMKeyPairGenerator a = new MLKEMKeyPairGenerator();
    a.init(new MLKEMKeyGenerationParameters(r, MLKEMParameters.ml_kem_512));
    DilithiumKeyPairGenerator b = new DilithiumKeyPairGenerator();
    b.init(new DilithiumKeyGenerationParameters(r, DilithiumParameters.dilithium5));
    SPHINCSPlusKeyPairGenerator c = new SPHINCSPlusKeyPairGenerator();
    c.init(new SPHINCSPlusKeyGenerationParameters(r, SPHINCSPlusParameters.shake_256f));
    MLKEMKeyPairGenerator unsized = new MLKEMKeyPairGenerator();
  }
}`);
  assert.deepEqual(found.map((f) => f.name), ['ML-KEM-512', 'ML-DSA-87', 'SLH-DSA-SHAKE-256f', 'ML-KEM']);
  assert.deepEqual(found[3]?.unresolved, ['parameterSet']);
});
