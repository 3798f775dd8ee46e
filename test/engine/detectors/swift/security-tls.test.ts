import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, protocols, signals } from './helpers.js';

test('SecKey generation from attribute dictionaries and the SecKeyAlgorithm a key is used with', () => {
  const src = `import Security
import Foundation
func keys() throws {
    let attributes: [String: Any] = [
        kSecAttrKeyType as String: kSecAttrKeyTypeRSA,
        kSecAttrKeySizeInBits as String: 2048,
    ]
    let rsa = SecKeyCreateRandomKey(attributes as CFDictionary, &error)
    let ec = SecKeyCreateRandomKey([kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits: 384] as CFDictionary, nil)
    let cipher = SecKeyCreateEncryptedData(pub, .rsaEncryptionPKCS1, data as CFData, &error)
    let oaep = SecKeyCreateEncryptedData(pub, SecKeyAlgorithm.rsaEncryptionOAEPSHA256, data as CFData, &error)
    let algorithm: SecKeyAlgorithm = .ecdsaSignatureMessageX962SHA256
    let sig = SecKeyCreateSignature(priv, algorithm, data as CFData, &error)
    let ok = SecKeyVerifySignature(pub, .rsaSignatureMessagePSSSHA512, data as CFData, sig, &error)
    let sealed = SecKeyCreateEncryptedData(pub, .eciesEncryptionCofactorVariableIVX963SHA256AESGCM, data as CFData, &error)
    let unknown = SecKeyCreateSignature(priv, chosen, data as CFData, &error)
}`;
  assert.deepEqual(algorithms(src).map((a) => `${a.line} ${a.name} ${a.functions?.join(',') ?? ''}`), [
    '8 RSA-2048 keygen', '9 ECDSA-P384 keygen', '10 RSA-PKCS1-1.5 encrypt', '11 RSA-OAEP-SHA-256 encrypt', '13 ECDSA-SHA-256 sign',
    '14 RSA-PSS-SHA-512 verify', '15 ECDH encrypt', '15 AES-GCM encrypt', '16 unknown-signature sign',
  ]);
});

test('TLS versions, NIO verification, Network.framework verify blocks and Alamofire', () => {
  const src = `import Foundation
import Network
import NIOSSL
import Alamofire
func configure() {
    let config = URLSessionConfiguration.default
    config.tlsMinimumSupportedProtocolVersion = .TLSv10
    config.tlsMaximumSupportedProtocolVersion = tls_protocol_version_t.TLSv13
    sec_protocol_options_set_min_tls_protocol_version(options.securityProtocolOptions, .TLSv11)
    sec_protocol_options_set_verify_block(options.securityProtocolOptions, { _, _, complete in
        complete(true)
    }, queue)
    var tls = TLSConfiguration.makeClientConfiguration()
    tls.minimumTLSVersion = .tlsv12
    tls.certificateVerification = .none
    let server = TLSConfiguration.forClient(minimumTLSVersion: .tlsv1, certificateVerification: .noHostnameVerification)
    let manager = ServerTrustManager(evaluators: ["api.example.com": DisabledTrustEvaluator()])
}`;
  const byLine = (a: string, b: string): number => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b);
  assert.deepEqual(protocols(src).map((p) => `${p.occurrence.line} ${p.protocol.version}`).sort(byLine), ['7 1.0', '8 1.3', '9 1.1', '14 1.2', '16 1.0']);
  assert.deepEqual(signals(src).map((s) => `${s.occurrence.line} ${s.signal}`).sort(byLine), [
    '7 insecure-protocol-version', '9 insecure-protocol-version', '10 cert-verification-disabled', '15 cert-verification-disabled',
    '16 hostname-verification-disabled', '16 insecure-protocol-version', '17 cert-verification-disabled',
  ]);
});

test('a URLSession delegate that trusts every server, and ones that evaluate or pin', () => {
  const src = `import Foundation
final class TrustAll: NSObject, URLSessionDelegate {
    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              let trust = challenge.protectionSpace.serverTrust else {
            return completionHandler(.performDefaultHandling, nil)
        }
        completionHandler(.useCredential, URLCredential(trust: trust))
    }
}
final class Evaluating: NSObject, URLSessionDelegate {
    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard let trust = challenge.protectionSpace.serverTrust, SecTrustEvaluateWithError(trust, nil) else {
            return completionHandler(.cancelAuthenticationChallenge, nil)
        }
        completionHandler(.useCredential, URLCredential(trust: trust))
    }
}
final class Pinning: NSObject, URLSessionTaskDelegate {
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        let trust = challenge.protectionSpace.serverTrust!
        if pinnedKeys.contains(publicKey(of: trust)) {
            completionHandler(.useCredential, URLCredential(trust: trust))
        } else {
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}`;
  assert.deepEqual(signals(src).map((s) => `${s.occurrence.line} ${s.signal}`), ['9 cert-verification-disabled']);
});
