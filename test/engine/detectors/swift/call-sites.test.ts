// Values a Swift helper's parameters receive from the file's own calls (swift/call-sites.ts): one use per
// call site with all its arguments together, argument labels and defaults, initialisers (memberwise ones
// too), other files' callers as an unknown case unless the helper is private, recursion, references and
// variadics left unknown.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, signals } from './helpers.js';

const names = (source: string) => algorithms(source).map((a) => `${a.line} ${a.name}`).sort();
const head = 'import CommonCrypto\nimport CryptoKit\nimport Foundation\n';
/** A CCHmac call on `alg` (line of its own in each helper below). */
const hmac = 'var o = [UInt8](repeating: 0, count: 64); CCHmac(alg, nil, 0, nil, 0, &o); return Data(o)';

describe('Swift: values passed by the file\'s own calls', () => {
  it('takes every argument of one call together, never a mix of two calls', () => {
    const source = head + [
      'enum Cryptors {',
      '    static func legacy() { run(CCAlgorithm(kCCAlgorithmDES), options: CCOptions(kCCOptionECBMode)) }',
      '    static func current() { run(CCAlgorithm(kCCAlgorithmAES), options: CCOptions(kCCOptionPKCS7Padding)) }',
      '    private static func run(_ alg: CCAlgorithm, options: CCOptions) {',
      '        CCCrypt(CCOperation(kCCEncrypt), alg, options, nil, 16, nil, nil, 0, nil, 0, nil)',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(names(source), ['5 DES-ECB', '6 AES-128-CBC-PKCS7', '8 AES-128-CBC-PKCS7', '8 DES-ECB']);
  });

  it('matches arguments by label, takes defaults; an internal function keeps the unknown case of other files\' callers', () => {
    const source = head + [
      'final class Signer {',
      '    func a() -> Data { mac(Data(), using: CCHmacAlgorithm(kCCHmacAlgSHA1)) }',
      '    func b() -> Data { self.mac(Data()) }',
      `    private func mac(_ d: Data, using alg: CCHmacAlgorithm = CCHmacAlgorithm(kCCHmacAlgSHA384)) -> Data { ${hmac} }`,
      `    private func mac(_ d: Data, with alg: CCHmacAlgorithm) -> Data { ${hmac} }`,
      '    func c() -> Data { mac(Data(), with: CCHmacAlgorithm(kCCHmacAlgMD5)) }',
      '}',
      `func open(_ alg: CCHmacAlgorithm) -> Data { ${hmac} }`,
      'let once = open(CCHmacAlgorithm(kCCHmacAlgSHA512))',
    ].join('\n');
    assert.deepEqual(names(source), ['11 HMAC', '11 HMAC-SHA-512', '12 HMAC-SHA-512', '5 HMAC-SHA-1', '7 HMAC-SHA-1', '7 HMAC-SHA-384', '7 HMAC-SHA-384', '8 HMAC-MD5', '9 HMAC-MD5']);
  });

  it('reads initialisers: Type(..), .init(..), self.init(..), and a struct\'s memberwise initialiser', () => {
    const source = head + [
      'final class Cryptor {',
      '    private init(alg: CCAlgorithm) { CCCrypt(CCOperation(kCCEncrypt), alg, CCOptions(kCCOptionECBMode), nil, 16, nil, nil, 0, nil, 0, nil) }',
      '    private convenience init() { self.init(alg: CCAlgorithm(kCCAlgorithm3DES)) }',
      '    static func aes() -> Cryptor { Cryptor(alg: CCAlgorithm(kCCAlgorithmAES)) }',
      '    static func des() -> Cryptor { .init(alg: CCAlgorithm(kCCAlgorithmDES)) }',
      '}',
      'private struct Sealer {',
      '    let size: SymmetricKeySize',
      '    func seal(_ d: Data) throws -> Data { try AES.GCM.seal(d, using: SymmetricKey(size: size)).combined! }',
      '}',
      'let sealers = [Sealer(size: .bits256), Sealer(size: .bits128)]',
    ].join('\n');
    assert.deepEqual(names(source), ['12 AES-128-GCM', '12 AES-256-GCM', '14 AES-128-GCM', '14 AES-256-GCM', '5 3DES-168-ECB', '5 AES-128-ECB', '5 DES-ECB', '6 3DES-168-ECB', '7 AES-128-ECB', '8 DES-ECB']);
  });

  it('does not take a same-named method of another type or a nearer local function; takes an extension\'s call', () => {
    const source = head + [
      'final class Digests {',
      `    private func run(_ alg: CCHmacAlgorithm) -> Data { ${hmac} }`,
      '    func a() -> Data { run(CCHmacAlgorithm(kCCHmacAlgSHA256)) }',
      '    func b() -> Data { func run(_ x: CCHmacAlgorithm) -> Data { Data() }; return run(CCHmacAlgorithm(kCCHmacAlgMD5)) }',
      '}',
      'extension Digests { func c() -> Data { run(CCHmacAlgorithm(kCCHmacAlgSHA224)) } }',
      'final class Labels { private func run(_ x: CCHmacAlgorithm) -> Int { 0 }; func l() -> Int { run(CCHmacAlgorithm(kCCHmacAlgSHA1)) } }',
    ].join('\n');
    assert.deepEqual(names(source), ['5 HMAC-SHA-224', '5 HMAC-SHA-256', '6 HMAC-SHA-256', '9 HMAC-SHA-224']);
  });

  it('leaves out recursion; a reference, a variadic parameter and a call on an instance of a private type are unknown uses', () => {
    const source = head + [
      `private func rec(_ alg: CCHmacAlgorithm, _ n: Int) -> Data { if n > 0 { return rec(alg, n - 1) }; ${hmac} }`,
      'let r = rec(CCHmacAlgorithm(kCCHmacAlgSHA384), 3)',
      `private func ref(_ alg: CCHmacAlgorithm) -> Data { ${hmac} }`,
      'let refs = [CCHmacAlgorithm(kCCHmacAlgSHA1)].map(ref) + [ref(CCHmacAlgorithm(kCCHmacAlgSHA256))]',
      'private func many(_ algs: CCHmacAlgorithm...) -> Data { let alg = algs[0]; var o = [UInt8](repeating: 0, count: 64); CCHmac(alg, nil, 0, nil, 0, &o); return Data(o) }',
      'let m = many(CCHmacAlgorithm(kCCHmacAlgMD5))',
      'private final class Pool {',
      `    func run(_ alg: CCHmacAlgorithm) -> Data { ${hmac} }`,
      '    func warm() -> Data { run(CCHmacAlgorithm(kCCHmacAlgSHA224)) }',
      '}',
      'let cold = Pool().run(CCHmacAlgorithm(kCCHmacAlgSHA512))',
    ].join('\n');
    assert.deepEqual(names(source), ['11 HMAC', '11 HMAC-SHA-224', '12 HMAC-SHA-224', '4 HMAC-SHA-384', '5 HMAC-SHA-384', '6 HMAC', '6 HMAC-SHA-256', '7 HMAC-SHA-256', '8 HMAC']);
  });

  it('takes a key\'s size from a caller but not its literal origin: no hard-coded key or password at the helper', () => {
    const source = head + [
      'enum Box {',
      '    static func demo(_ d: Data) throws -> Data { try seal(d, secret: "0123456789abcdef0123456789abcdef") }',
      '    private static func seal(_ d: Data, secret: String) throws -> Data {',
      '        try AES.GCM.seal(d, using: SymmetricKey(data: Data(secret.utf8))).combined!',
      '    }',
      '    static func derive() -> [UInt8] { stretch("hunter2") }',
      '    private static func stretch(_ pw: String) -> [UInt8] {',
      '        var out = [UInt8](repeating: 0, count: 32)',
      '        CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), pw, pw.utf8.count, [1, 2, 3, 4], 4, CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), 100_000, &out, 32)',
      '        return out',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(names(source), ['12 PBKDF2-SHA-256-100000', '5 AES-256-GCM', '7 AES-256-GCM', '9 PBKDF2-SHA-256-100000']);
    assert.deepEqual(signals(source).map((s) => s.signal), []);
  });

  it('a function\'s return value: a single-expression body, and the return its argument reaches', () => {
    const source = [
      'import CommonCrypto',
      'import Foundation',
      'struct Tagger {',
      '    private func alg() -> CCHmacAlgorithm { CCHmacAlgorithm(kCCHmacAlgSHA384) }',
      '    private func pick(_ legacy: Bool) -> CCHmacAlgorithm {',
      '        if legacy { return CCHmacAlgorithm(kCCHmacAlgSHA1) }',
      '        return CCHmacAlgorithm(kCCHmacAlgSHA256)',
      '    }',
      '    func tag(_ d: Data) -> Data {',
      '        var o = [UInt8](repeating: 0, count: 64)',
      '        CCHmac(alg(), nil, 0, nil, 0, &o)', // 11
      '        CCHmac(self.pick(false), nil, 0, nil, 0, &o)', // 12
      '        return Data(o)',
      '    }',
      '}',
    ].join('\n');
    // `pick(false)`: the `if legacy { return … }` path cannot run.
    assert.deepEqual([...new Set(names(source))], ['11 HMAC-SHA-384', '12 HMAC-SHA-256']);
  });
});
