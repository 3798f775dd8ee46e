// Swift constants read from other files (detectors/cross-file.ts): a type of `static let`s that calls no
// crypto API, read as `CryptoConstants.rsaBits` and through a nested type; and what must stay unknown
// (a `static var`, a `private` constant or extension, a top-level global, a local named like the type,
// two types of one name with different values).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namesIn, scanTree } from '../cross-file-helpers.js';

const CONSTANTS = `import Foundation

/// Algorithm choices of the vault, in one place.
enum CryptoConstants {
    static let rsaBits = 1024
    static let pbkdfRounds: UInt32 = 10_000
    static let derivedKeyLength = 16
    static var tunableBits = 4096
    private static let hiddenBits = 512

    enum Symmetric {
        public static let keyBytes = 8 * 3
    }
}

let legacyRsaBits = 768

private extension CryptoConstants {
    static let previewBits = 2048
}
`;

const KEY_STORE = `import Foundation
import Security
import CommonCrypto

final class KeyStore {
    func makeIdentity() throws -> SecKey {
        var error: Unmanaged<CFError>?
        let attributes: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeRSA,
            kSecAttrKeySizeInBits as String: CryptoConstants.rsaBits,
        ]
        guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
            throw error!.takeRetainedValue() as Error
        }
        return key
    }

    func derive(password: String, salt: [UInt8]) -> [UInt8] {
        var derived = [UInt8](repeating: 0, count: CryptoConstants.derivedKeyLength)
        CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, salt, salt.count,
                             CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA1), UInt32(CryptoConstants.pbkdfRounds), &derived, derived.count)
        return derived
    }

    func seal(_ data: Data, key: [UInt8], iv: [UInt8]) -> Data {
        var out = [UInt8](repeating: 0, count: data.count + kCCBlockSizeAES128)
        var moved = 0
        CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                key, CryptoConstants.Symmetric.keyBytes, iv, [UInt8](data), data.count, &out, out.count, &moved)
        return Data(out.prefix(moved))
    }
}
`;

test('static lets of a type in another file give their values to the files that read them', async () => {
  const assets = await scanTree({
    'Sources/Vault/Config/CryptoConstants.swift': CONSTANTS,
    'Sources/Vault/KeyStore.swift': KEY_STORE,
  });
  // SecKey size in a dictionary, PBKDF2 rounds through `UInt32(…)`, output length and an AES key length of a nested enum.
  assert.deepEqual(namesIn(assets, 'Sources/Vault/KeyStore.swift'), ['AES-192-CBC-PKCS7', 'PBKDF2-SHA-1-10000', 'RSA-1024']);
  assert.deepEqual(namesIn(assets, 'Sources/Vault/Config/CryptoConstants.swift'), []);
});

const RSA = (bits: string): string => `import Security

func makeKey(_ error: inout Unmanaged<CFError>?) -> SecKey? {
    let attributes: [String: Any] = [kSecAttrKeyType as String: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits as String: ${bits}]
    return SecKeyCreateRandomKey(attributes as CFDictionary, &error)
}
`;

test('a static var, a private constant or extension, a global and a local named like the type stay unknown', async () => {
  const assets = await scanTree({
    'Sources/Vault/Config/CryptoConstants.swift': CONSTANTS,
    'Sources/Vault/Tunable.swift': RSA('CryptoConstants.tunableBits'),
    'Sources/Vault/Hidden.swift': RSA('CryptoConstants.hiddenBits'),
    'Sources/Vault/Preview.swift': RSA('CryptoConstants.previewBits'),
    'Sources/Vault/Global.swift': RSA('legacyRsaBits'),
    'Sources/Vault/Shadow.swift': RSA('CryptoConstants.rsaBits').replace('let attributes', 'let CryptoConstants = Settings.current\n    let attributes'),
  });
  for (const file of ['Tunable', 'Hidden', 'Preview', 'Global', 'Shadow']) {
    assert.deepEqual(namesIn(assets, `Sources/Vault/${file}.swift`), ['RSA'], file);
  }
});

test('two types of one name that declare different values leave the reference unknown; agreeing ones stand', async () => {
  const other = CONSTANTS.replace('rsaBits = 1024', 'rsaBits = 3072');
  const assets = await scanTree({
    'Sources/Vault/Config/CryptoConstants.swift': CONSTANTS,
    'Sources/Legacy/CryptoConstants.swift': other,
    'Sources/Vault/KeyStore.swift': KEY_STORE,
  });
  assert.deepEqual(namesIn(assets, 'Sources/Vault/KeyStore.swift'), ['AES-192-CBC-PKCS7', 'PBKDF2-SHA-1-10000', 'RSA']);
});
