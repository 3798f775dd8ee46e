// C# detector, TLS, certificates and JWT: protocol enums enabled vs merely read, validation callbacks
// that accept everything vs real checks, CertificateRequest signatures, IdentityModel constants.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, names, protocols, signals } from './helpers.js';

const file = (body: string, members = '') =>
  `using System.Net;\nusing System.Net.Http;\nusing System.Net.Security;\nusing System.Security.Authentication;\nusing System.Security.Cryptography;\nusing Microsoft.IdentityModel.Tokens;\nclass C {\n${members}\n  void M(bool flag, string alg) {\n${body}\n  }\n}\n`;

test('SslProtocols/SecurityProtocolType members enabled are protocol versions; old ones are insecure', () => {
  const src = file('    var h = new HttpClientHandler { SslProtocols = SslProtocols.Tls11 | SslProtocols.Tls13 };\n    ServicePointManager.SecurityProtocol = SecurityProtocolType.Ssl3;');
  assert.deepEqual(protocols(src).map((p) => p.protocol.version), ['1.1', '1.3', 'SSLv3']);
  assert.deepEqual(signals(src).map((s) => s.signal), ['insecure-protocol-version', 'insecure-protocol-version']);
});

test('protocol members that are removed, compared or tested enable nothing', () => {
  const src = file(`    ServicePointManager.SecurityProtocol &= ~(SecurityProtocolType.Ssl3 | SecurityProtocolType.Tls);
    if (ServicePointManager.SecurityProtocol == SecurityProtocolType.Tls11) { }
    var on = ServicePointManager.SecurityProtocol.HasFlag(SecurityProtocolType.Tls);
    var none = SslProtocols.None;`);
  assert.deepEqual(protocols(src), []);
  assert.deepEqual(signals(src), []);
});

test('validation callbacks returning true (lambda, block, method group, delegate) disable verification; a real check does not', () => {
  const src = file(`    var h = new HttpClientHandler();
    h.ServerCertificateCustomValidationCallback = (m, c, ch, e) => { return true; };
    ServicePointManager.ServerCertificateValidationCallback += Accept;
    ServicePointManager.ServerCertificateValidationCallback = delegate { return true; };
    h.ServerCertificateCustomValidationCallback = (m, c, ch, e) => e == SslPolicyErrors.None;
    h.ServerCertificateCustomValidationCallback = Check;
    h.ServerCertificateCustomValidationCallback = HttpClientHandler.DangerousAcceptAnyServerCertificateValidator;`,
  '  static bool Accept(object s, object c, object ch, SslPolicyErrors e) => true;\n  static bool Check(object s, object c, object ch, SslPolicyErrors e) { if (e == SslPolicyErrors.None) return true; return false; }');
  assert.deepEqual(signals(src).map((s) => s.occurrence.line), [12, 13, 14, 17]);
  assert.ok(signals(src).every((s) => s.signal === 'cert-verification-disabled'));
});

test('CertificateRequest is a signature with the key\'s algorithm and size', () => {
  const src = file(`    using var k = RSA.Create(3072);
    var req = new CertificateRequest("CN=x", k, HashAlgorithmName.SHA384, RSASignaturePadding.Pss);
    using var e = ECDsa.Create(ECCurve.NamedCurves.nistP521);
    var req2 = new CertificateRequest("CN=y", e, HashAlgorithmName.SHA512);`);
  assert.deepEqual(names(src), ['RSA-3072', 'RSA-PSS-SHA-384-3072', 'ECDSA-P521', 'ECDSA-P521-SHA-512']);
});

test('SecurityAlgorithms constants map to JOSE algorithms; comparisons and error messages are not uses', () => {
  const src = file(`    var a = SecurityAlgorithms.RsaSha256Signature;
    var b = SecurityAlgorithms.Aes256CbcHmacSha512;
    var c = SecurityAlgorithms.Aes128Encryption;
    if (SecurityAlgorithms.HmacSha256.Equals(alg)) { }
    if (alg == SecurityAlgorithms.EcdsaSha256) { }
    if (flag) throw new System.ArgumentException(SecurityAlgorithms.RsaOAEP);`);
  assert.deepEqual(names(src), ['RSA-PKCS1-1.5-SHA-256', 'AES-256-CBC', 'HMAC-SHA-512', 'AES-128-CBC']);
});

test('X509SigningCredentials without an algorithm signs with RS256 (IdentityModel\'s default); with one, that one', () => {
  const src = file(`    var cert = X509CertificateLoader.LoadCertificateFromFile("signing.cer");
    var byDefault = new X509SigningCredentials(cert);
    var explicitPss = new X509SigningCredentials(cert, SecurityAlgorithms.RsaSsaPssSha384);
    var literal = new Microsoft.IdentityModel.Tokens.X509SigningCredentials(cert, "ES512");
    var fromConfig = new X509SigningCredentials(cert, alg);
    var wrap = new X509EncryptingCredentials(cert);`);
  const found = algorithms(src);
  assert.deepEqual(found.map((a) => [a.name, a.line, a.occurrence.symbol]), [
    ['RSA-PKCS1-1.5-SHA-256', 11, 'new X509SigningCredentials'],
    ['ECDSA-P521-SHA-512', 13, 'new X509SigningCredentials'],
    ['RSA-PSS-SHA-384', 12, 'SecurityAlgorithms.RsaSsaPssSha384'],
  ]);
  assert.deepEqual(found[0]!.params, { padding: 'PKCS1v15', hash: 'SHA-256' });
});

test('a SymmetricSecurityKey from literal bytes is a hard-coded key; RequireSignedTokens = false accepts unsigned tokens', () => {
  const src = file(`    var k = new SymmetricSecurityKey(System.Text.Encoding.UTF8.GetBytes("super-secret-signing-key-0123456789"));
    var fromConfig = new SymmetricSecurityKey(System.Text.Encoding.UTF8.GetBytes(alg));
    var p = new TokenValidationParameters { RequireSignedTokens = false };
    var q = new TokenValidationParameters { RequireSignedTokens = true };`);
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['hardcoded-key', 10], ['jwt-none-algorithm', 12]]);
});

test('Bouncy Castle utilities are read only in files that use Org.BouncyCastle', () => {
  const bc = 'using Org.BouncyCastle.Security;\nclass B { object M() => CipherUtilities.GetCipher("DESede/CBC/PKCS7Padding"); }\n';
  assert.deepEqual(names(bc), ['3DES-168-CBC-PKCS7']);
  assert.deepEqual(names('class B { object M() => CipherUtilities.GetCipher("DESede/CBC/PKCS7Padding"); }\n'), []);
});

test('SSH algorithm-name tables are read as in Java and Python; names compared with, logged or switched off are not', () => {
  const src = `using System.Collections.Generic;
class Ssh {
  static readonly Dictionary<string, int> Ciphers = new() { { "aes256-ctr", 256 }, { "chacha20-poly1305@openssh.com", 512 } };
  static readonly string[] DisabledKex = { "diffie-hellman-group1-sha1" };
  void Parse(string name, ILogger logger) {
    switch (name) { case "3des-cbc": break; }
    if (name == "aes128-cbc") { }
    logger.LogDebug("aes192-ctr");
    var kex = "curve25519-sha256,ecdh-sha2-nistp256";
  }
}
`;
  assert.deepEqual(names(src), ['AES-256-CTR', 'ChaCha20-Poly1305', 'X25519', 'ECDH-P256']);
  assert.deepEqual(protocols(src).map((p) => p.protocol.protocolType), ['ssh']);
});

test('Bouncy Castle lightweight API: an engine inside its mode wrapper is one asset with the Init parameters; digests inside HMac/PBKDF2 name them', () => {
  const src = `using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Digests;
using Org.BouncyCastle.Crypto.Macs;
using Org.BouncyCastle.Crypto.Generators;
using Org.BouncyCastle.Crypto.Paddings;
using Org.BouncyCastle.Crypto.Parameters;
class B {
  static readonly byte[] Iv = new byte[16];
  void M(byte[] key, byte[] nonce, byte[] pw, byte[] salt) {
    var gcm = new GcmBlockCipher(new AesEngine());
    gcm.Init(true, new AeadParameters(new KeyParameter(key), 128, nonce));
    var cbc = new PaddedBufferedBlockCipher(new CbcBlockCipher(new AesEngine()), new Pkcs7Padding());
    cbc.Init(true, new ParametersWithIV(new KeyParameter(key), Iv));
    var ecb = new PaddedBufferedBlockCipher(new AesEngine());
    var mac = new HMac(new Sha384Digest());
    var kdf = new Pkcs5S2ParametersGenerator(new Sha256Digest());
    kdf.Init(pw, salt, 600000);
    var h = new Sha3Digest(512);
  }
}
`;
  assert.deepEqual(names(src), ['AES-GCM-128', 'AES-CBC-PKCS7', 'AES-ECB-PKCS7', 'HMAC-SHA-384', 'PBKDF2-SHA-256-600000', 'SHA3-512']);
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['static-iv', 14]]);
});

test('a switch expression arm: its value is a use, its pattern a comparison', () => {
  const src = file(`    var h = alg switch { "RS384" => HashAlgorithmName.SHA384, _ => HashAlgorithmName.SHA256 };
    var p = flag switch { true => SslProtocols.Tls13, false => SslProtocols.Tls12 };
    var name = h switch { var x when x == HashAlgorithmName.MD5 => "md5", _ => "other" };`);
  assert.deepEqual(names(src), ['SHA-384', 'SHA-256']);
  assert.deepEqual(protocols(src).map((x) => x.protocol.version), ['1.3', '1.2']);
});
