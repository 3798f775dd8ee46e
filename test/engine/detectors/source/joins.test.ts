// A local assigned on some paths of a branching statement (`if`/`else`, `switch`/`when`/`match`,
// `try`/`catch`, a loop) holds, after it, the value each path left: one use per path (Binding.join,
// LanguageAdapter.pathEnds, Evaluator.eachCase). Arms that return, throw or break out are no path;
// without `else` or `default` the value from before the statement is one. Names assigned in the same
// statement take the same path in a run, and an `else if` chain is one statement with all its paths.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSource } from '../../../../src/engine/detectors/source/common/languages.js';
import { javaEvaluator } from '../../../../src/engine/detectors/source/java/adapter.js';
import * as csharp from '../csharp/helpers.js';
import * as go from '../go/helpers.js';
import * as java from '../java/helpers.js';
import * as js from '../javascript/helpers.js';
import * as kotlin from '../kotlin/helpers.js';
import * as php from '../php/helpers.js';
import * as python from '../python/helpers.js';
import * as ruby from '../ruby/helpers.js';
import * as swift from '../swift/helpers.js';

const rows = (found: { line: number; name: string }[]) => [...new Set(found.map((a) => `${a.line} ${a.name}`))].sort();

describe('joins: after a branching statement, a use of each value a path leaves', () => {
  it('Java: two names assigned in the same arms stay paired; an arm that throws is no path', () => {
    const source = [
      'import java.security.KeyPairGenerator;',
      'import java.security.Signature;',
      'class Keys {',
      '  void make(String profile) throws Exception {',
      '    String alg; int bits;',
      '    if (profile.equals("legacy")) { alg = "SHA1withRSA"; bits = 1024; }',
      '    else if (profile.equals("modern")) { alg = "SHA256withRSA"; bits = 3072; }',
      '    else { throw new IllegalArgumentException(profile); }',
      '    KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");', // 9
      '    g.initialize(bits);',
      '    Signature s = Signature.getInstance(alg);', // 11
      '    s.initSign(g.generateKeyPair().getPrivate());',
      '  }',
      '}',
    ].join('\n');
    // SHA-1 signs with the 1024-bit key, SHA-256 with the 3072-bit one: never a mix, and no unknown path.
    assert.deepEqual(rows(java.algorithms(source)), ['11 RSA-PKCS1-1.5-SHA-1-1024', '11 RSA-PKCS1-1.5-SHA-256-3072', '9 RSA-1024', '9 RSA-3072']);
  });

  it('Java: a try block and the catch that replaces its value', () => {
    const source = [
      'import java.security.MessageDigest;',
      'class Digests {',
      '  MessageDigest pick() {',
      '    MessageDigest md;',
      '    try { md = MessageDigest.getInstance("SHA3-256"); }',
      '    catch (Exception e) { md = null; }',
      '    String name = "SHA-512";',
      '    try { name = System.getProperty("digest"); } catch (SecurityException e) { name = "SHA-256"; }',
      '    try { return MessageDigest.getInstance(name); } catch (Exception e) { throw new IllegalStateException(e); }', // 9
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(rows(java.algorithms(source)), ['5 SHA3-256', '9 SHA-256', '9 unknown-hash']);
  });

  it('Python: if/elif without else keeps the value from before; a match with `case _` does not', () => {
    const source = [
      'from cryptography.hazmat.primitives import hashes',
      '',
      'def digest_for(level):',
      '    algorithm = hashes.SHA256()',
      '    if level == "high":',
      '        algorithm = hashes.SHA512()',
      '    elif level == "old":',
      '        algorithm = hashes.MD5()',
      '    return hashes.Hash(algorithm)', // 9
      '',
      'def curve_hash(curve):',
      '    match curve:',
      '        case "p384":',
      '            h = hashes.SHA384()',
      '        case _:',
      '            h = hashes.SHA256()',
      '    return hashes.Hash(h)', // 17
    ].join('\n');
    const found = rows(python.algorithms(source)).filter((r) => r.startsWith('9 ') || r.startsWith('17 '));
    assert.deepEqual(found, ['17 SHA-256', '17 SHA-384', '9 MD5', '9 SHA-256', '9 SHA-512']);
  });

  it('JS/TS: a switch whose default throws; a loop body and no pass at all', () => {
    const source = [
      "import { createHmac, createHash } from 'node:crypto';",
      'export function mac(alg: string, key: Buffer) {',
      '  let hash: string;',
      '  switch (alg) {',
      "    case 'HS384': hash = 'sha384'; break;",
      "    case 'HS512': hash = 'sha512'; break;",
      '    default: throw new Error(alg);',
      '  }',
      '  return createHmac(hash, key);', // 9
      '}',
      'export function chain(rounds: number, data: Buffer) {',
      "  let h = 'sha256';",
      "  for (let i = 0; i < rounds; i++) { h = 'sha512'; }",
      '  return createHash(h).update(data);', // 14
      '}',
    ].join('\n');
    assert.deepEqual(rows(js.algorithms(source)), ['14 SHA-256', '14 SHA-512', '9 HMAC-SHA-384', '9 HMAC-SHA-512']);
  });

  it('Go: an else-if chain, and a switch without default keeps the value from before', () => {
    const source = go.goFile(['"crypto/ecdsa"', '"crypto/elliptic"', '"crypto/rand"', '"crypto/rsa"'], `
	c := elliptic.P256()
	if n == 384 {
		c = elliptic.P384()
	} else if n == 521 {
		c = elliptic.P521()
	}
	ecdsa.GenerateKey(c, rand.Reader)
	bits := 2048
	switch n {
	case 1:
		bits = 4096
	}
	rsa.GenerateKey(rand.Reader, bits)`);
    const names = go.algorithms(source).map((a) => a.name);
    assert.deepEqual([...new Set(names)].sort(), ['ECDSA-P256', 'ECDSA-P384', 'ECDSA-P521', 'RSA-2048', 'RSA-4096']);
  });

  it('C#: switch sections (a default that throws is no path) and a catch that falls back', () => {
    const source = csharp.csFile(`
        HashAlgorithmName h;
        switch (n) {
            case 1: h = HashAlgorithmName.SHA384; break;
            case 2: h = HashAlgorithmName.SHA512; break;
            default: throw new ArgumentException();
        }
        var rsa = RSA.Create(3072);
        rsa.SignData(data, h, RSASignaturePadding.Pss);
        int bits;
        try { bits = Parse(s); } catch (FormatException) { bits = 2048; }
        var other = RSA.Create(bits);`);
    const names = [...new Set(csharp.algorithms(source).map((a) => a.name))].sort();
    assert.deepEqual(names, ['RSA', 'RSA-2048', 'RSA-3072', 'RSA-PSS-SHA-384-3072', 'RSA-PSS-SHA-512-3072', 'SHA-384', 'SHA-512']);
  });

  it('Kotlin: an else-if chain and a when whose else throws', () => {
    const source = [
      'import java.security.MessageDigest',
      'import java.security.KeyPairGenerator',
      'fun digest(kind: Int, data: ByteArray): ByteArray {',
      '    var name = "SHA-256"',
      '    if (kind == 1) {',
      '        name = "MD5"',
      '    } else if (kind == 2) {',
      '        name = "SHA-1"',
      '    }',
      '    val md = MessageDigest.getInstance(name)', // 10
      '    val bits: Int',
      '    when (kind) {',
      '        1 -> bits = 1024',
      '        2 -> { bits = 4096 }',
      '        else -> throw IllegalArgumentException()',
      '    }',
      '    KeyPairGenerator.getInstance("RSA").initialize(bits)', // 17
      '    return md.digest(data)',
      '}',
    ].join('\n');
    assert.deepEqual(rows(kotlin.algorithms(source)), ['10 MD5', '10 SHA-1', '10 SHA-256', '17 RSA-1024', '17 RSA-4096']);
  });

  it('Ruby: an if/elsif chain, a modifier if, and a case whose raising arm is no path', () => {
    const source = [
      "require 'openssl'",
      'def seal(data, key, tier)',
      "  name = 'aes-256-gcm'",
      '  if tier == :legacy',
      "    name = 'des-ede3-cbc'",
      '  elsif tier == :fast',
      "    name = 'aes-128-cbc'",
      '  end',
      '  OpenSSL::Cipher.new(name)', // 9
      '  case tier',
      '  when :legacy',
      "    h = 'SHA1'",
      '  when :strict',
      "    raise 'unsupported'",
      '  else',
      "    h = 'SHA512'",
      '  end',
      '  OpenSSL::HMAC.digest(h, key, data)', // 18
      '  bits = 2048',
      '  bits = 4096 if tier == :archive',
      '  OpenSSL::PKey::RSA.new(bits)', // 21
      'end',
    ].join('\n');
    assert.deepEqual(rows(ruby.algorithms(source)), ['18 HMAC-SHA-1', '18 HMAC-SHA-512', '21 RSA-2048', '21 RSA-4096', '9 3DES-168-CBC', '9 AES-128-CBC', '9 AES-256-GCM']);
  });

  it('Swift: an else-if chain, and a switch whose default never returns', () => {
    const source = [
      'import CommonCrypto',
      'import Foundation',
      'func tag(_ data: Data, level: Int) -> Data {',
      '    var alg = CCHmacAlgorithm(kCCHmacAlgSHA256)',
      '    if level == 1 {',
      '        alg = CCHmacAlgorithm(kCCHmacAlgSHA1)',
      '    } else if level == 2 {',
      '        alg = CCHmacAlgorithm(kCCHmacAlgSHA512)',
      '    }',
      '    var o = [UInt8](repeating: 0, count: 64)',
      '    CCHmac(alg, nil, 0, nil, 0, &o)', // 11
      '    let other: CCHmacAlgorithm',
      '    switch level {',
      '    case 1:',
      '        other = CCHmacAlgorithm(kCCHmacAlgMD5)',
      '    case 2:',
      '        other = CCHmacAlgorithm(kCCHmacAlgSHA384)',
      '    default:',
      '        fatalError("unsupported")',
      '    }',
      '    CCHmac(other, nil, 0, nil, 0, &o)', // 21
      '    return Data(o)',
      '}',
    ].join('\n');
    assert.deepEqual(rows(swift.algorithms(source)), ['11 HMAC-SHA-1', '11 HMAC-SHA-256', '11 HMAC-SHA-512', '21 HMAC-MD5', '21 HMAC-SHA-384']);
  });

  it('PHP: if/elseif/else, and a switch whose last case runs to its end', () => {
    const source = [
      '<?php',
      'function seal($data, $key, $iv, $tier) {',
      '    if ($tier === "legacy") {',
      '        $cipher = "des-ede3-cbc";',
      '    } elseif ($tier === "fast") {',
      '        $cipher = "chacha20";',
      '    } else {',
      '        $cipher = "aes-256-cbc";',
      '    }',
      '    $out = openssl_encrypt($data, $cipher, $key, 0, $iv);', // 10
      '    switch ($tier) {',
      '        case "legacy":',
      '            $h = "md5";',
      '            break;',
      '        default:',
      '            $h = "sha256";',
      '    }',
      '    return hash_hmac($h, $out, $key);', // 18
      '}',
    ].join('\n');
    assert.deepEqual(rows(php.algorithms(source)), ['10 3DES-168-CBC', '10 AES-256-CBC', '10 ChaCha20', '18 HMAC-MD5', '18 HMAC-SHA-256']);
  });

  it('paths that multiply stay bounded: 24 ifs that each extend a name are not 2^24 evaluations', () => {
    const ifs = Array.from({ length: 24 }, (_, i) => `    if (o[${i}]) s = s + "${i % 10}";`);
    const source = ['import javax.crypto.Cipher;', 'class P {', '  Cipher f(boolean[] o) throws Exception {', '    String s = "AES";', ...ifs, '    return Cipher.getInstance(s);', '  }', '}'].join('\n');
    const root = parseSource('java', source).root();
    const ev = javaEvaluator(root);
    // Count the expressions the Evaluator visits, through the adapter it asks for each one's shape.
    let visited = 0;
    const adapter = ev.adapter as { shape: typeof ev.adapter.shape };
    const shape = adapter.shape.bind(ev.adapter);
    adapter.shape = (node) => {
      visited++;
      return shape(node);
    };
    const arg = root.find({ rule: { kind: 'identifier', regex: '^s$', inside: { kind: 'argument_list' } } });
    const values: string[] = [];
    ev.eachCase(() => {
      const v = ev.eval(arg);
      values.push(v.kind === 'str' ? v.value : v.kind);
    });
    assert.ok(visited < 32 * 4096 * 4, `visited ${visited} expressions`);
    assert.ok(values.length <= 32 && values.includes('unknown'), values.join(', '));
  });
});
