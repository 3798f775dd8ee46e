// Regressions from the second real-code round (apple/swift-nio-ssl tests, vapor/vapor), in code of our own.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { SWIFT_KEYWORDS } from '../../../../src/engine/detectors/source/swift/index.js';
import { names, protocols, signals } from './helpers.js';

test('certificateVerification on a server configuration is about client certificates, not a finding', () => {
  const src = `import NIOSSL
func configs(cert: NIOSSLCertificate, key: NIOSSLPrivateKey) throws {
    var serverConfig = TLSConfiguration.makeServerConfiguration(certificateChain: [.certificate(cert)], privateKey: .privateKey(key))
    serverConfig.minimumTLSVersion = .tlsv13
    serverConfig.certificateVerification = .none
    var mtls = try TLSConfiguration.makeServerConfiguration(certificateChain: [.certificate(cert)], privateKey: .privateKey(key))
    mtls.certificateVerification = .noHostnameVerification
    let legacy = TLSConfiguration.forServer(certificateChain: [.certificate(cert)], privateKey: .privateKey(key), certificateVerification: .none)
    var clientConfig = TLSConfiguration.makeClientConfiguration()
    clientConfig.certificateVerification = .none
    let old = TLSConfiguration.forClient(certificateVerification: .noHostnameVerification)
}`;
  assert.deepEqual(signals(src).map((s) => `${s.occurrence.line} ${s.signal}`).sort(), ['10 cert-verification-disabled', '11 hostname-verification-disabled']);
  assert.deepEqual(protocols(src).map((p) => p.protocol.version), ['1.3']);
});

test('a configuration of unknown origin keeps its signal', () => {
  const src = `import NIOSSL
func tune(_ config: inout TLSConfiguration) {
    config.certificateVerification = .none
}`;
  assert.deepEqual(signals(src).map((s) => s.signal), ['cert-verification-disabled']);
});

test('import Vapor passes the prefilter: Vapor 4 re-exports swift-crypto', () => {
  const src = `import Vapor

func routes(_ app: Application) throws {
    app.get("etag") { req -> String in
        let digest = SHA256.hash(data: Data("body".utf8))
        return digest.hex
    }
}`;
  assert.ok(SWIFT_KEYWORDS.some((k) => src.includes(k)));
  assert.deepEqual(names(src), ['SHA-256']);
});

test('a Vapor file with no crypto reports nothing', () => {
  const src = `import Vapor
struct Hello: Content { let name: String }
func routes(_ app: Application) throws {
    app.get("hello") { req in Hello(name: "x") }
    let hash = req.parameters.get("hash")
}`;
  assert.deepEqual(names(src), []);
  assert.deepEqual(signals(src), []);
});
