import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, detect, names, signals } from './helpers.js';

test('AES-GCM key size follows the SymmetricKey; ChaChaPoly, hashes, HMAC and HKDF over a type argument', () => {
  const src = `import CryptoKit
import Foundation

struct Sealer {
    static let keyBits = SymmetricKeySize.bits256
    func seal(_ data: Data) throws -> Data {
        let key = SymmetricKey(size: Sealer.keyBits)
        let box = try AES.GCM.seal(data, using: key)
        let other = try ChaChaPoly.seal(data, using: SymmetricKey(size: .bits256))
        let digest = SHA384.hash(data: data)
        let legacy = Insecure.MD5.hash(data: data)
        let tag = HMAC<SHA512>.authenticationCode(for: data, using: key)
        let ok = HMAC<Insecure.SHA1>.isValidAuthenticationCode(tag, authenticating: data, using: key)
        let derived = HKDF<SHA256>.deriveKey(inputKeyMaterial: key, salt: salt, info: info, outputByteCount: 32)
        var hasher = SHA256()
        return box.combined!
    }
    func open(_ box: AES.GCM.SealedBox, key: SymmetricKey) throws -> Data {
        try AES.GCM.open(box, using: key)
    }
}`;
  const found = algorithms(src);
  assert.deepEqual(found.map((a) => `${a.line} ${a.name}`), [
    '8 AES-256-GCM', '9 ChaCha20-Poly1305', '10 SHA-384', '11 MD5', '12 HMAC-SHA-512', '13 HMAC-SHA-1', '14 HKDF-SHA-256', '15 SHA-256', '19 AES-GCM',
  ]);
  assert.deepEqual(found[0]!.functions, ['encrypt']);
  assert.deepEqual(found.at(-1)!.unresolved, ['keySize']);
  assert.deepEqual(found.at(-1)!.functions, ['decrypt']);
  assert.equal(found[6]!.params.outputLength, 256);
  assert.deepEqual(signals(src), []);
});

test('keys on the NIST curves, Curve25519, the Secure Enclave, ML-KEM, ML-DSA, X-Wing and swift-crypto RSA', () => {
  const src = `import CryptoKit
import _CryptoExtras
let signing = P256.Signing.PrivateKey()
let agreement = P384.KeyAgreement.PrivateKey()
let verifying = try P521.Signing.PublicKey(derRepresentation: der)
let ed = Curve25519.Signing.PrivateKey()
let x = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: peer)
let se = try SecureEnclave.P256.Signing.PrivateKey(accessControl: ac)
let kem = try MLKEM768.PrivateKey()
let kem2 = try SecureEnclave.MLKEM1024.PrivateKey.generate()
let dsa = try MLDSA87.PrivateKey()
let xw = try XWingMLKEM768X25519.PrivateKey.generate()
let rsa = try _RSA.Signing.PrivateKey(keySize: .bits3072)
let secret = try agreement.sharedSecretFromKeyAgreement(with: peerKey)
let wrapping = secret.hkdfDerivedSymmetricKey(using: SHA384.self, salt: salt, sharedInfo: Data(), outputByteCount: 32)
`;
  const found = algorithms(src);
  assert.deepEqual(found.map((a) => `${a.line} ${a.name} ${a.functions?.join(',') ?? ''}`), [
    '3 ECDSA-P256 keygen', '4 ECDH-P384 keygen', '5 ECDSA-P521 verify', '6 Ed25519 keygen', '7 X25519 ', '8 ECDSA-P256 keygen',
    '9 ML-KEM-768 keygen', '10 ML-KEM-1024 keygen', '11 ML-DSA-87 keygen', '12 X-Wing keygen', '13 RSA-3072 keygen', '15 HKDF-SHA-384 keyderive',
  ]);
});

test('HPKE suites are their KEM, KDF and AEAD', () => {
  const src = `import CryptoKit
var sender = try HPKE.Sender(recipientKey: pub, ciphersuite: .Curve25519_SHA256_ChachaPoly, info: info)
let suite = HPKE.Ciphersuite.XWingMLKEM768X25519_SHA256_AES_GCM_256
var recipient = try HPKE.Recipient(privateKey: priv, ciphersuite: suite, info: info, encapsulatedKey: enc)
`;
  assert.deepEqual(names(src), ['X25519', 'HKDF-SHA-256', 'ChaCha20-Poly1305', 'X-Wing', 'HKDF-SHA-256', 'AES-256-GCM']);
});

test('fixed nonces and keys are signals; random and parameter ones are not', () => {
  const src = `import CryptoKit
import Foundation
func f(data: Data, nonceBytes: Data) throws {
    let key = SymmetricKey(data: Data("0123456789abcdef0123456789abcdef".utf8))
    let nonce = try AES.GCM.Nonce(data: Data(repeating: 0, count: 12))
    let box = try AES.GCM.seal(data, using: key, nonce: nonce)
    let fresh = try AES.GCM.seal(data, using: key, nonce: AES.GCM.Nonce())
    let given = try ChaChaPoly.seal(data, using: key, nonce: ChaChaPoly.Nonce(data: nonceBytes))
    let pk = try P256.Signing.PrivateKey(rawRepresentation: [0x01, 0x02, 0x03, 0x04])
}`;
  assert.deepEqual(signals(src).map((s) => `${s.occurrence.line} ${s.signal}`), ['4 hardcoded-key', '5 static-iv', '9 hardcoded-key']);
  assert.equal(algorithms(src)[0]!.name, 'AES-256-GCM');
});

test('code that only mentions CryptoKit produces nothing', () => {
  const src = `import CryptoKit
// AES.GCM.seal(data, using: key) is what we used before
struct SHA256Label { let text = "SHA256.hash(data:)" }
func describe(_ alg: String) -> String {
    log.info("sealing with AES.GCM.seal and Insecure.MD5")
    return alg == "P256.Signing.PrivateKey" ? "ecdsa" : "other"
}
let t: P256.Signing.PrivateKey.Type = P256.Signing.PrivateKey.self
`;
  assert.deepEqual(detect(src), []);
});

test("a type of the file's own with a CryptoKit name is not CryptoKit's", () => {
  const src = `import CryptoKit
enum SHA256 { static func hash(data: Data) -> Int { data.count } }
let h = SHA256.hash(data: d)
let k = Insecure.MD5.hash(data: d)
`;
  assert.deepEqual(names(src), ['MD5']);
});

test('a key written as bytes in a property gives AES-GCM its size, also through CryptoKit.SymmetricKey(data:)', () => {
  const src = `import CryptoKit
final class SealTests {
    let contentKey = Data([
        0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae, 0xf0, 0x85, 0x7d, 0x77, 0x81,
        0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61, 0x08, 0xd7, 0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4,
    ])
    func testOpen(box: AES.GCM.SealedBox) throws {
        let key = CryptoKit.SymmetricKey(data: contentKey)
        _ = try CryptoKit.AES.GCM.open(box, using: key)
    }
    func testSeal(_ data: Data, unknown: Data) throws {
        _ = try AES.GCM.seal(data, using: SymmetricKey(data: unknown))
    }
}`;
  assert.deepEqual(algorithms(src).map((a) => `${a.line} ${a.name}`), ['9 AES-256-GCM', '12 AES-GCM']);
  assert.deepEqual(signals(src).map((s) => `${s.occurrence.line} ${s.signal}`), ['8 hardcoded-key']);
});
