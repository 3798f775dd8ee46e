import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, signals } from './helpers.js';

test('CCCrypt: algorithm, key length, ECB option or CBC, padding, operation; constant and missing IVs', () => {
  const src = `import CommonCrypto
import Foundation

final class LegacyCipher {
    private static let iv: [UInt8] = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f]
    func encrypt(_ data: Data, key: Data) -> Data {
        var out = Data(count: data.count + kCCBlockSizeAES128)
        var moved = 0
        let status = CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                             (key as NSData).bytes, kCCKeySizeAES256, LegacyCipher.iv, (data as NSData).bytes, data.count, &out, out.count, &moved)
        return out
    }
    func ecb(_ data: Data, key: Data) {
        CCCrypt(CCOperation(kCCDecrypt), CCAlgorithm(kCCAlgorithmAES128), CCOptions(kCCOptionPKCS7Padding | kCCOptionECBMode), key.bytes, kCCKeySizeAES128, nil, d, n, &o, m, &moved)
    }
    func des(_ data: Data) {
        CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithm3DES), 0, k, kCCKeySize3DES, nil, d, n, &o, m, &moved)
    }
    func random(_ data: Data, key: Data) {
        var iv = [UInt8](repeating: 0, count: kCCBlockSizeAES128)
        _ = SecRandomCopyBytes(kSecRandomDefault, iv.count, &iv)
        CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding), key.bytes, key.count, iv, d, n, &o, m, &moved)
    }
}`;
  const found = algorithms(src);
  assert.deepEqual(found.map((a) => `${a.line} ${a.name} ${a.functions?.join(',') ?? ''}`), [
    '9 AES-256-CBC-PKCS7 encrypt', '14 AES-128-ECB-PKCS7 decrypt', '17 3DES-168-CBC encrypt', '22 AES-CBC-PKCS7 encrypt',
  ]);
  assert.deepEqual(found[3]!.unresolved, ['keySize']);
  assert.deepEqual(signals(src).map((s) => `${s.occurrence.line} ${s.signal}`), ['9 static-iv', '17 static-iv']);
});

test('digests, HMAC and PBKDF2, also inside withUnsafeBytes closures', () => {
  const src = `import CommonCrypto
func sha(_ data: Data) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
    data.withUnsafeBytes { _ = CC_SHA256($0.baseAddress, CC_LONG(data.count), &digest) }
    _ = CC_MD5(ptr, len, &md)
    var ctx = CC_SHA1_CTX()
    CC_SHA1_Init(&ctx)
    return digest
}
func mac(_ data: Data) {
    let key = "hmac-secret-key".data(using: .utf8)!
    key.withUnsafeBytes { keyBytes in
        CCHmac(CCHmacAlgorithm(kCCHmacAlgSHA256), keyBytes.baseAddress, key.count, p, n, &out)
    }
}
func derive(password: String, salt: Data) {
    var derived = [UInt8](repeating: 0, count: 32)
    CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, saltPtr, salt.count,
                         CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), 100_000, &derived, derived.count)
    CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), "hunter2", 7, saltPtr, 16, CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA1), rounds, &derived, 32)
}`;
  const found = algorithms(src);
  assert.deepEqual(found.map((a) => `${a.line} ${a.name}`), ['4 SHA-256', '5 MD5', '7 SHA-1', '13 HMAC-SHA-256', '18 PBKDF2-SHA-256-100000', '20 PBKDF2-SHA-1']);
  assert.equal(found[4]!.params.outputLength, 256);
  assert.equal(found[5]!.params.saltLength, 16);
  assert.deepEqual(signals(src).map((s) => `${s.occurrence.line} ${s.signal}`), ['13 hardcoded-key', '20 hardcoded-password']);
});
