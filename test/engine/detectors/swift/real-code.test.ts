// Regressions from real repositories (krzyzanowskim/CryptoSwift tests, keepassium/KeePassium), in code of our own.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, names, signals } from './helpers.js';

test('byte-array literals are key and IV bytes (CryptoSwift test vectors)', () => {
  const src = `@testable import CryptoSwift
final class AESVectors {
    func testCBC() throws {
        let key: Array<UInt8> = [0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6, 0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c]
        let iv: Array<UInt8> = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f]
        let aes = try AES(key: key, blockMode: CBC(iv: iv), padding: .noPadding)
        let digest = iv.sha1()
    }
}`;
  assert.deepEqual(names(src), ['AES-128-CBC', 'SHA-1']);
  assert.deepEqual(signals(src).map((s) => s.signal), ['hardcoded-key', 'static-iv']);
});

test('an ECIES SecKeyAlgorithm kept in a static (KeePassium) is ECDH plus AES-GCM', () => {
  const src = `import Security
final class SecureBytes {
    private static let algorithm = SecKeyAlgorithm.eciesEncryptionCofactorVariableIVX963SHA256AESGCM
    func encrypt(_ plain: Data, publicKey: SecKey) -> Data? {
        guard SecKeyIsAlgorithmSupported(publicKey, .encrypt, SecureBytes.algorithm) else { return nil }
        return SecKeyCreateEncryptedData(publicKey, SecureBytes.algorithm, plain as CFData, nil) as Data?
    }
    func decrypt(_ blob: Data, privateKey: SecKey) -> Data? {
        SecKeyCreateDecryptedData(privateKey, Self.algorithm, blob as CFData, nil) as Data?
    }
}`;
  assert.deepEqual(algorithms(src).map((a) => `${a.line} ${a.name} ${a.functions?.join(',')}`), [
    '6 ECDH encrypt', '6 AES-GCM encrypt', '9 ECDH decrypt', '9 AES-GCM decrypt',
  ]);
});
