// Computed properties of the file's own types (the JOSE-library shape: `extension SignatureAlgorithm {
// var secKeyAlgorithm: SecKeyAlgorithm? { switch self { … } } }`), read where `x.name` or a bare `name`
// in the type is given to a crypto call: one case per value the getter returns. Every snippet is
// written for this test.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms } from './helpers.js';

const row = (a: { line: number; name: string; functions?: string[] }): string => `${a.line} ${a.name} ${a.functions?.join('+') ?? ''}`;

const ALGORITHMS = `import Foundation
import Security
import CommonCrypto

enum JWSAlg: String { case rs256 = "RS256", ps384 = "PS384", hs256 = "HS256" }
enum KeyWrap: String { case rsa15 = "RSA1_5", oaep256 = "RSA-OAEP-256", direct = "dir" }

private extension JWSAlg {
    var secKeyAlgorithm: SecKeyAlgorithm? {
        switch self {
        case .rs256: return .rsaSignatureMessagePKCS1v15SHA256
        case .ps384:
            if #available(iOS 11.0, *) {
                return .rsaSignatureMessagePSSSHA384
            } else {
                return nil
            }
        default: return nil
        }
    }
}

private extension KeyWrap {
    var secKeyAlgorithm: SecKeyAlgorithm? {
        switch self {
        case .rsa15: return .rsaEncryptionPKCS1
        case .oaep256: return .rsaEncryptionOAEPSHA256
        case .direct: return nil
        }
    }
}
`;

test('x.name of a computed property with a switch: one case per returned algorithm; the receiver\'s type picks between same-named properties', () => {
  const src = `${ALGORITHMS}
struct Signer {
    static func sign(_ input: Data, key: SecKey, alg: JWSAlg) -> Data? {
        guard let algorithm = alg.secKeyAlgorithm else { return nil }
        return SecKeyCreateSignature(key, algorithm, input as CFData, nil) as Data?
    }
    static func wrap(_ cek: Data, key: SecKey, mode: KeyWrap) -> Data? {
        return SecKeyCreateEncryptedData(key, mode.secKeyAlgorithm!, cek as CFData, nil) as Data?
    }
}
`;
  assert.deepEqual(algorithms(src).map(row), [
    '36 RSA-PKCS1-1.5-SHA-256 sign', '36 RSA-PSS-SHA-384 sign',
    '39 RSA-PKCS1-1.5 encrypt', '39 RSA-OAEP-SHA-256 encrypt',
  ]);
});

test('a receiver written as one of the cases reads that arm alone', () => {
  const src = `${ALGORITHMS}
func fixed(key: SecKey, input: Data) {
    _ = SecKeyCreateSignature(key, JWSAlg.rs256.secKeyAlgorithm!, input as CFData, nil)
    _ = SecKeyCreateEncryptedData(key, KeyWrap.oaep256.secKeyAlgorithm!, input as CFData, nil)
}
`;
  assert.deepEqual(algorithms(src).map(row), ['34 RSA-PKCS1-1.5-SHA-256 sign', '35 RSA-OAEP-SHA-256 encrypt']);
});

test('a bare computed property in its own type (CCHmacAlgorithm per case) is read too', () => {
  const src = `import CommonCrypto
enum Digest {
    case sha256, sha512
    func mac(key: Data, value: Data) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 64)
        CCHmac(ccAlgorithm, Array(key), key.count, Array(value), value.count, &out)
        return out
    }
    private var ccAlgorithm: CCHmacAlgorithm {
        switch self {
        case .sha256: return CCHmacAlgorithm(kCCHmacAlgSHA256)
        case .sha512: return CCHmacAlgorithm(kCCHmacAlgSHA512)
        }
    }
}
`;
  assert.deepEqual(algorithms(src).map(row), ['6 HMAC-SHA-256 tag', '6 HMAC-SHA-512 tag']);
});

test('no same-file property for the receiver: another type\'s receiver, two declarations and an unknown receiver, a stored property', () => {
  const src = `${ALGORITHMS}
struct Options { var secKeyAlgorithm: SecKeyAlgorithm }
func other(key: SecKey, input: Data, options: Options, provider: AnyProvider) {
    _ = SecKeyCreateSignature(key, options.secKeyAlgorithm, input as CFData, nil)
    _ = SecKeyCreateSignature(key, provider.secKeyAlgorithm, input as CFData, nil)
    let found = registry.lookup("RS256")
    _ = SecKeyCreateSignature(key, found.secKeyAlgorithm, input as CFData, nil)
}
`;
  assert.deepEqual(algorithms(src).map(row), ['35 unknown-signature sign', '36 unknown-signature sign', '38 unknown-signature sign']);
});

test('one declaration of the name in the file: a receiver of unknown type reads it', () => {
  const src = `import CommonCrypto
enum PRF { case sha256, sha512 }
extension PRF {
    var ccPRF: CCPseudoRandomAlgorithm {
        switch self {
        case .sha256: return CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256)
        case .sha512: return CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA512)
        }
    }
}
func derive(password: [Int8], salt: [UInt8], out: inout [UInt8]) {
    let prf = settings.prf
    CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.count, salt, salt.count, prf.ccPRF, 310_000, &out, out.count)
}
`;
  assert.deepEqual(algorithms(src).map((a) => `${a.line} ${a.name} ${a.params.iterations}`), ['13 PBKDF2-SHA-256-310000 310000', '13 PBKDF2-SHA-512-310000 310000']);
});
