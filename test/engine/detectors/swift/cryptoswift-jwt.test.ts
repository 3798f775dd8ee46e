import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, detect, names, signals } from './helpers.js';

test('CryptoSwift ciphers with their block modes, documented defaults and fixed keys/IVs', () => {
  const src = `import CryptoSwift
import Foundation
struct Box {
    let key: [UInt8] = Array("0123456789abcdef".utf8)
    func run(plain: [UInt8], secret: [UInt8]) throws {
        let aes = try AES(key: key, blockMode: CBC(iv: Array("fedcba9876543210".utf8)), padding: .pkcs7)
        let gcm = GCM(iv: AES.randomIV(12), tagLength: 16, mode: .combined)
        let sealed = try AES(key: secret, blockMode: gcm, padding: .noPadding).encrypt(plain)
        let ecb = try AES(key: "keykeykeykeykeykkeykeykeykeykeyk".bytes, blockMode: ECB())
        let bf = try Blowfish(key: secret, padding: .pkcs7)
        let chacha = try ChaCha20(key: secret, iv: nonce)
        let mac = try HMAC(key: secret, variant: .sha2(.sha256)).authenticate(plain)
        let md5mac = try HMAC(key: secret).authenticate(plain)
        let dk = try PKCS5.PBKDF2(password: pw, salt: salt, iterations: 100_000, keyLength: 32, variant: .sha2(.sha512)).calculate()
        let dk2 = try PKCS5.PBKDF2(password: pw, salt: salt).calculate()
        let old = try PKCS5.PBKDF1(password: pw, salt: salt8).calculate()
        let hex = "abc".md5()
        let h2 = Data(plain).sha256()
        let h3 = plain.sha3(.keccak256)
    }
}`;
  const found = algorithms(src);
  assert.deepEqual(found.map((a) => `${a.line} ${a.name}`), [
    '6 AES-128-CBC-PKCS7', '8 AES-GCM-128', '9 AES-256-ECB-PKCS7', '10 Blowfish-CBC-PKCS7', '11 ChaCha20', '12 HMAC-SHA-256', '13 HMAC-MD5',
    '14 PBKDF2-SHA-512-100000', '15 PBKDF2-SHA-256-4096', '16 PBKDF1-SHA-1-4096', '17 MD5', '18 SHA-256', '19 Keccak-256',
  ]);
  assert.deepEqual(found[1]!.functions, ['encrypt']);
  assert.deepEqual(signals(src).map((s) => `${s.occurrence.line} ${s.signal}`), ['6 hardcoded-key', '6 static-iv', '9 hardcoded-key', '10 static-iv']);
});

test('CryptoSwift RSA keys and what the file does with them: signature variants and encryption paddings, with the key size in sight', () => {
  const src = `import CryptoSwift
import Foundation
struct Licensing {
    func signLicense(_ payload: [UInt8]) throws -> [UInt8] {
        let signer = try RSA(keySize: 1024)
        let legacy = try signer.sign(payload, variant: .message_pkcs1v15_SHA1)
        _ = try signer.verify(signature: legacy, for: payload, variant: .digest_pkcs1v15_SHA512)
        return try signer.sign(payload)
    }
    func seal(_ secret: [UInt8], der: Data, modulus: [UInt8], exponent: [UInt8]) throws -> [UInt8] {
        let pub = try RSA(rawRepresentation: der)
        let wrapped = try pub.encrypt(secret)
        let textbook = RSA(n: modulus, e: exponent)
        _ = try textbook.encrypt(secret, variant: .unsafe)
        return wrapped
    }
}`;
  assert.deepEqual(algorithms(src).map((a) => `${a.line} ${a.name} ${(a.functions ?? []).join(',')}`), [
    '5 RSA-1024 keygen', '6 RSA-PKCS1-1.5-SHA-1-1024 sign', '7 RSA-PKCS1-1.5-SHA-512-1024 verify', '8 RSA-PKCS1-1.5-SHA-256-1024 sign',
    '11 RSA ', '12 RSA-PKCS1-1.5 encrypt', '13 RSA ', '14 RSA encrypt',
  ]);
  const unpadded = algorithms(src).find((a) => a.line === 14);
  assert.equal(unpadded?.params.padding, 'NoPadding');
});

test('an AES key made from a digest has the digest\'s length; a digest of a literal passphrase is a hard-coded key', () => {
  const src = `import CryptoSwift
import CryptoKit
func lock(_ text: String, passphrase: String, nonce: [UInt8], iv: [UInt8]) throws -> [UInt8] {
    let k256 = passphrase.bytes.sha256()
    let gcm = try AES(key: k256, blockMode: GCM(iv: nonce, mode: .combined), padding: .noPadding)
    let legacy = try AES(key: passphrase.bytes.md5(), blockMode: CBC(iv: iv), padding: .pkcs7)
    let fixed = try AES(key: Digest.sha256("correct horse".bytes), blockMode: CTR(iv: iv))
    let kit = SymmetricKey(data: SHA256.hash(data: Data(passphrase.utf8)))
    return try gcm.encrypt(text.bytes) + legacy.encrypt(text.bytes) + fixed.encrypt([])
}`;
  const found = algorithms(src).filter((a) => a.name.startsWith('AES'));
  assert.deepEqual(found.map((a) => `${a.line} ${a.name}`), ['5 AES-256-GCM', '6 AES-128-CBC-PKCS7', '7 AES-256-CTR']);
  assert.deepEqual(signals(src).filter((s) => s.signal === 'hardcoded-key').map((s) => s.occurrence.line), [7]);
});

test('CryptoSwift names in a file that does not import CryptoSwift are not its', () => {
  const src = `import Foundation
struct AES { init(key: [UInt8], blockMode: Mode) {} }
let a = AES(key: k, blockMode: CBC(iv: iv))
let h = "abc".md5()
`;
  assert.deepEqual(detect(src), []);
});

test('jwt-kit v4 and v5 signers; an HMAC secret in the source', () => {
  const src = `import JWTKit
import Vapor
func configure(_ app: Application) async throws {
    app.jwt.signers.use(.hs256(key: "not-so-secret"))
    app.jwt.signers.use(.es384(key: try .private(pem: pem)), kid: "a")
    let keys = JWTKeyCollection()
    await keys.add(hmac: HMACKey(from: Environment.get("JWT_SECRET")!), digestAlgorithm: .sha512)
    await keys.add(ecdsa: ES256PrivateKey())
    await keys.add(pss: rsaKey, digestAlgorithm: .sha256)
    await keys.add(eddsa: edKey)
    let chained = await JWTKeyCollection()
        .add(hmac: "chained-secret", digestAlgorithm: .sha384)
}`;
  assert.deepEqual(names(src), ['HMAC-SHA-256', 'ECDSA-P384-SHA-384', 'HMAC-SHA-512', 'ECDSA-P256', 'RSA-PSS-SHA-256', 'Ed25519', 'HMAC-SHA-384']);
  // A call in a chain that spans lines is reported at its own `.add`.
  assert.deepEqual(signals(src).map((s) => `${s.occurrence.line} ${s.signal}`), ['4 hardcoded-key', '12 hardcoded-key']);
});
