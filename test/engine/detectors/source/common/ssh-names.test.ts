// SSH algorithm names written as string literals (common/ssh-names.ts), through the Python, Java and
// JavaScript detectors (and C#, Rust and Ruby for key types): negotiation tables are found with their
// roles and the SSH protocol; a host-key name held as a key's type is that key; prose, log lines,
// lists of refused algorithms and look-alike strings produce nothing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { csharpDetector } from '../../../../../src/engine/detectors/source/csharp/index.js';
import { javaDetector } from '../../../../../src/engine/detectors/source/java/index.js';
import { javascriptDetector } from '../../../../../src/engine/detectors/source/javascript/index.js';
import { pythonDetector } from '../../../../../src/engine/detectors/source/python/index.js';
import { rubyDetector } from '../../../../../src/engine/detectors/source/ruby/index.js';
import { rustDetector } from '../../../../../src/engine/detectors/source/rust/index.js';
import { SSH_NAME_KEYWORDS } from '../../../../../src/engine/detectors/source/common/ssh-names.js';
import { evaluateFindings } from '../../../../../src/engine/findings/index.js';
import { buildInventory } from '../../../../../src/engine/inventory/build.js';
import { SKIP_REASONS, type ScanStats } from '../../../../../src/engine/inventory/model.js';
import { kb, snippetHelpers } from '../../source-helpers.js';

const stats: ScanStats = {
  filesSeen: 1, filesScanned: 1, bytesScanned: 100, skipped: Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as ScanStats['skipped'],
  filesByDetector: {}, truncated: false,
};

const py = snippetHelpers(pythonDetector, 'sshlib/transport.py');
const java = snippetHelpers(javaDetector, 'src/main/java/com/example/ssh/SshClientFactory.java');
const js = snippetHelpers(javascriptDetector, 'src/deploy/ssh.ts');

describe('SSH algorithm names in the knowledge base', () => {
  it('every key type is a host-key name and resolves to a known algorithm', () => {
    for (const [name, key] of Object.entries(kb.sshKeyTypes)) {
      assert.ok(kb.sshAlgorithmNames.hostKey.includes(name), name);
      assert.ok(kb.findAlgorithm(key.spelling), `${name}: ${key.spelling} is not in the algorithm table`);
    }
  });

  it('every listed name resolves to a known algorithm, and contains a prefilter keyword', () => {
    for (const [role, names] of Object.entries(kb.sshAlgorithmNames)) {
      assert.ok(names.length > 0, role);
      for (const name of names) {
        assert.ok(kb.findAlgorithm(name), `${role} ${name} is not in the algorithm table`);
        assert.ok(
          SSH_NAME_KEYWORDS.some((k) => name.includes(k)),
          `${name} contains none of the prefilter keywords: files listing only it would never be parsed`,
        );
      }
    }
  });
});

describe('SSH algorithm names written as literals', () => {
  it('Python: a client negotiation table (tuples of names) with each role and the SSH protocol', () => {
    const source = [
      'class Transport:',
      '    _preferred_ciphers = (',
      '        "aes256-gcm@openssh.com",',
      '        "aes128-ctr",',
      '        "3des-cbc",',
      '    )',
      '    _preferred_macs = ("hmac-sha2-256-etm@openssh.com", "hmac-md5")',
      '    _preferred_kex = (',
      '        "curve25519-sha256",',
      '        "diffie-hellman-group14-sha256",',
      '        "diffie-hellman-group1-sha1",',
      '    )',
      '    _preferred_keys = ("ssh-ed25519", "rsa-sha2-512", "ssh-rsa")',
      '',
    ].join('\n');
    const found = py.algorithms(source).map((a) => [a.name, a.line, a.functions?.join('+'), a.occurrence.symbol]);
    assert.deepEqual(found, [
      ['AES-256-GCM', 3, 'encrypt+decrypt', '_preferred_ciphers'],
      ['AES-128-CTR', 4, 'encrypt+decrypt', '_preferred_ciphers'],
      ['3DES-168-CBC', 5, 'encrypt+decrypt', '_preferred_ciphers'],
      ['HMAC-SHA-256', 7, 'tag', '_preferred_macs'],
      ['HMAC-MD5', 7, 'tag', '_preferred_macs'],
      ['X25519', 9, 'keygen', '_preferred_kex'],
      ['FFDHE-modp2048', 10, 'keygen', '_preferred_kex'],
      ['FFDHE-modp1024', 11, 'keygen', '_preferred_kex'],
      ['Ed25519', 13, 'sign+verify', '_preferred_keys'],
      ['RSA-PKCS1-1.5-SHA-512', 13, 'sign+verify', '_preferred_keys'],
      ['RSA-PKCS1-1.5-SHA-1', 13, 'sign+verify', '_preferred_keys'],
    ]);
    // The protocol is seen at each key-exchange literal, with the groups written there.
    assert.deepEqual(
      py.protocols(source).map((p) => [p.occurrence.line, p.protocol]),
      [9, 10, 11].map((line, i) => [line, { protocolType: 'ssh', version: '2.0', groups: [['curve25519-sha256', 'diffie-hellman-group14-sha256', 'diffie-hellman-group1-sha1'][i]] }]),
    );
  });

  it('Python: a module that only lists names (no imports) is read; dict keys take the name of their table', () => {
    const source = ['CIPHER_INFO = {', '    "aes128-ctr": {"key_size": 16},', '}', ''].join('\n');
    assert.deepEqual(
      py.algorithms(source).map((a) => [a.name, a.occurrence.symbol]),
      [['AES-128-CTR', 'CIPHER_INFO']],
    );
  });

  it('Java: JSch configuration strings, comma lists included', () => {
    const source = [
      'package com.example.ssh;',
      '',
      'import com.jcraft.jsch.JSch;',
      'import com.jcraft.jsch.Session;',
      '',
      'public class SshClientFactory {',
      '  Session open(JSch jsch, String host) throws Exception {',
      '    Session session = jsch.getSession("deploy", host, 22);',
      '    session.setConfig("kex", "ecdh-sha2-nistp256,diffie-hellman-group14-sha1");',
      '    session.setConfig("cipher.s2c", "aes128-ctr, aes128-cbc");',
      '    session.setConfig("server_host_key", "ssh-ed25519");',
      '    return session;',
      '  }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(
      java.algorithms(source).map((a) => [a.name, a.line, a.occurrence.symbol]),
      [
        ['ECDH-P256', 9, 'setConfig'],
        ['FFDHE-modp2048', 9, 'setConfig'],
        ['AES-128-CTR', 10, 'setConfig'],
        ['AES-128-CBC', 10, 'setConfig'],
        ['Ed25519', 11, 'setConfig'],
      ],
    );
    // One literal, two key exchanges: one protocol occurrence with both groups.
    assert.deepEqual(java.protocols(source).map((p) => p.protocol.groups), [['ecdh-sha2-nistp256', 'diffie-hellman-group14-sha1']]);
  });

  it('TypeScript: ssh2 connection algorithms (arrays in an object literal)', () => {
    const source = [
      "import { Client } from 'ssh2';",
      '',
      'export function connect(host: string, privateKey: Buffer): Client {',
      '  const conn = new Client();',
      '  conn.connect({',
      '    host,',
      "    username: 'deploy',",
      '    privateKey,',
      '    algorithms: {',
      "      kex: ['curve25519-sha256', 'ecdh-sha2-nistp384'],",
      "      cipher: ['chacha20-poly1305@openssh.com', `aes256-ctr`],",
      "      serverHostKey: ['ssh-ed25519'],",
      "      hmac: ['hmac-sha2-512'],",
      '    },',
      '  });',
      '  return conn;',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(
      js.algorithms(source).map((a) => [a.name, a.line, a.occurrence.symbol]),
      [
        ['X25519', 10, 'kex'],
        ['ECDH-P384', 10, 'kex'],
        ['ChaCha20-Poly1305', 11, 'cipher'],
        ['AES-256-CTR', 11, 'cipher'],
        ['Ed25519', 12, 'serverHostKey'],
        ['HMAC-SHA-512', 13, 'hmac'],
      ],
    );
    assert.deepEqual(js.protocols(source).map((p) => [p.occurrence.line, p.protocol.groups]), [[10, ['curve25519-sha256']], [10, ['ecdh-sha2-nistp384']]]);
  });

  it('lists of refused algorithms, prose, log lines and look-alike strings produce nothing', () => {
    const python = [
      'import logging',
      'import paramiko',
      '',
      'log = logging.getLogger(__name__)',
      'WEAK_CIPHERS = ("arcfour", "3des-cbc")',
      '',
      'def connect(host):',
      '    """Connect with aes128-ctr or hmac-sha2-256, never ssh-dss."""',
      '    client = paramiko.SSHClient()',
      '    client.connect(host, disabled_algorithms={"pubkeys": ["ssh-rsa", "rsa-sha2-256"], "kex": ["diffie-hellman-group1-sha1"]})',
      '    log.info("negotiated aes128-ctr with %s", host)',
      '    log.debug("cipher: %s", "aes128-ctr")',
      '    print("hmac-sha1")',
      '    mode = "aes128-ctr-fast"',
      '    label = "my-hmac-sha1"',
      '    return client',
      '',
    ].join('\n');
    assert.deepEqual(py.detect(python), []);
    const java = [
      'import com.jcraft.jsch.JSch;',
      'class Hardening {',
      '  void harden(JSch jsch) {',
      '    JSch.setConfig("CheckKexes", "diffie-hellman-group14-sha256");',
      '    removeCipher("3des-cbc");',
      '    String note = "3des-cbc is disabled";',
      '  }',
      '  void removeCipher(String name) {}',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(
      snippetHelpers(javaDetector, 'src/Hardening.java').names(java),
      ['FFDHE-modp2048'],
      'only the list the code checks for; the removed cipher and the sentence are not reported',
    );
  });

  it('names other things share (hmac-sha1, des-cbc) count only in a file about SSH', () => {
    // A bundler's module map: the keys are crypto-js module names, not SSH MACs.
    const buildMap = [
      'module.exports = {',
      '  modules: {',
      '    "hmac-md5": { exports: "CryptoJS.HmacMD5", components: ["core", "md5", "hmac"] },',
      '    "hmac-sha1": { exports: "CryptoJS.HmacSHA1", components: ["core", "sha1", "hmac"] },',
      '    "hmac-ripemd160": { exports: "CryptoJS.HmacRIPEMD160", components: ["core", "ripemd160", "hmac"] },',
      '  },',
      '};',
      '',
    ].join('\n');
    assert.deepEqual(snippetHelpers(javascriptDetector, 'build/config/modules.js').detect(buildMap), []);
    // The same names in an ssh2 configuration are its MACs.
    const ssh2 = [
      "import { Client } from 'ssh2';",
      'new Client().connect({ host, algorithms: { hmac: ["hmac-sha1", "hmac-md5"] } });',
      '',
    ].join('\n');
    assert.deepEqual(js.names(ssh2), ['HMAC-SHA-1', 'HMAC-MD5']);
    // A name only SSH uses needs no such context.
    assert.deepEqual(snippetHelpers(javascriptDetector, 'src/net.js').names('export const CIPHERS = ["aes128-ctr", "hmac-sha1"];\n'), ['AES-128-CTR', 'HMAC-SHA-1']);
  });

  // v1.12 audit of paramiko (kex_gss.py, transport.py): its GSS-API key exchanges, the 1024-bit group 1
  // among them, were not read: the names carry the Kerberos mechanism's hash after the method.
  it('GSS-API key exchange names (RFC 4462) with a mechanism suffix are the plain key exchange they map to', () => {
    const src = [
      'class KexGSSGroup1:',
      '    NAME = "gss-group1-sha1-toWM5Slw5Ew8Mqkay+al2g=="',
      '_preferred_gsskex = ("gss-gex-sha1-toWM5Slw5Ew8Mqkay+al2g==", "gss-group14-sha256-toWM5Slw5Ew8Mqkay+al2g==")',
      'PROSE = "gss-group1-sha1-toWM5Slw5Ew8Mqkay+al2g== is old"',
      'SHORT = "gss-group1-sha1-toWM5Slw=="',
      'BARE = "gss-group1-sha1"',
      '',
    ].join('\n');
    const gss = snippetHelpers(pythonDetector, 'sshlib/kex_gss.py');
    // The table's entries: group 1 is 1,024-bit MODP with SHA-1, group 14 2,048-bit, GEX of negotiated size.
    assert.deepEqual(gss.algorithms(src).map((a) => [a.line, a.name]), [[2, 'FFDHE-modp1024'], [3, 'FFDH'], [3, 'FFDHE-modp2048']]);
    assert.deepEqual(gss.protocols(src).map((p) => p.occurrence.line), [2, 3, 3]);
    assert.ok(kb.resolve('diffie-hellman-group1-sha1', {}).entry, 'every method maps to a key exchange the table resolves');
    for (const plain of Object.values(kb.sshGssKex)) assert.ok(kb.sshAlgorithmNames.kex.includes(plain), plain);
  });

  describe('a host-key name held as a key\'s type is that key, not a SHA-1 signature', () => {
    const rows = (d: Parameters<typeof snippetHelpers>[0], path: string, src: string) =>
      snippetHelpers(d, path).algorithms(src).map((a) => [a.line, a.name, a.functions?.join('+') ?? '', a.occurrence.symbol]);
    const ruleIds = (d: Parameters<typeof snippetHelpers>[0], path: string, src: string) =>
      [...new Set(evaluateFindings(buildInventory(snippetHelpers(d, path).detect(src), stats, kb)).findings.map((f) => f.ruleId))].sort();

    it('JavaScript: an authorized_keys line built from a key-type constant; ssh2 host-key lists stay signatures', () => {
      const src = [
        "import { Client } from 'ssh2';",
        'export function authorizedLine(e, n, comment) {',
        "  const keyType = 'ssh-rsa';",
        '  return `${keyType} ${encodeBlob(keyType, e, n)} ${comment}`;',
        '}',
        "const ecKey = { kind: 'ecdsa-sha2-nistp384', comment };",
        "const sigType = 'ssh-rsa';",
        "new Client().connect({ host, algorithms: { serverHostKey: ['ssh-rsa', 'rsa-sha2-256'] } });",
        "const hostKeyType = ['ssh-rsa'];",
        '',
      ].join('\n');
      assert.deepEqual(rows(javascriptDetector, 'src/keys/authorized.ts', src), [
        [3, 'RSA', '', 'keyType'],
        [6, 'ECDSA-P384', '', 'kind'],
        [7, 'RSA-PKCS1-1.5-SHA-1', 'sign+verify', 'sigType'],
        [8, 'RSA-PKCS1-1.5-SHA-1', 'sign+verify', 'serverHostKey'],
        [8, 'RSA-PKCS1-1.5-SHA-256', 'sign+verify', 'serverHostKey'],
        [9, 'RSA-PKCS1-1.5-SHA-1', 'sign+verify', 'hostKeyType'],
      ], 'a signature\'s type and a list (even under a key-type name) are signature algorithms');
      const key = snippetHelpers(javascriptDetector, 'src/keys/authorized.ts').algorithms(src)[0]!;
      assert.deepEqual([key.params, key.unresolved], [{}, ['keySize']]);
      assert.deepEqual(ruleIds(javascriptDetector, 'src/keys/authorized.ts', src.split('\n').slice(0, 6).join('\n')), ['quantum-vulnerable']);
    });

    it('Python and Java: key_type / keyFormat fields are keys; negotiation settings keep SHA-1', () => {
      const python = [
        'import paramiko',
        'class PuttyKey:',
        '    def __init__(self):',
        '        self.key_type = "ssh-rsa"',
        '        self.legacy_format = "ssh-dss"',
        'transport.get_security_options().key_types = ("ssh-rsa",)',
        'pubkey_accepted_key_types = "ssh-rsa"',
        '',
      ].join('\n');
      assert.deepEqual(rows(pythonDetector, 'sshkeys/putty.py', python), [
        [4, 'RSA', '', 'self.key_type'],
        [5, 'DSA-1024', '', 'self.legacy_format'],
        [6, 'RSA-PKCS1-1.5-SHA-1', 'sign+verify', 'transport.get_security_options().key_types'],
        [7, 'RSA-PKCS1-1.5-SHA-1', 'sign+verify', 'pubkey_accepted_key_types'],
      ]);
      const java = [
        'import com.jcraft.jsch.JSch;',
        'class Fingerprints {',
        '  static final String KEY_TYPE = "ssh-rsa";',
        '  void open(com.jcraft.jsch.Session s) { s.setConfig("server_host_key", "ssh-rsa"); }',
        '}',
        '',
      ].join('\n');
      assert.deepEqual(rows(javaDetector, 'src/main/java/Fingerprints.java', java), [
        [3, 'RSA', '', 'KEY_TYPE'],
        [4, 'RSA-PKCS1-1.5-SHA-1', 'sign+verify', 'setConfig'],
      ]);
      assert.deepEqual(ruleIds(javaDetector, 'src/main/java/Fingerprints.java', java), ['quantum-vulnerable', 'weak-hash-in-signature']);
      assert.deepEqual(ruleIds(javaDetector, 'src/main/java/Fingerprints.java', java.replace(/ {2}void open.*\n/, '')), ['quantum-vulnerable'], 'the key type alone is an RSA key: no SHA-1 signature');
    });

    // v1.12 audit of pyjwt (jwt/utils.py, jwt/algorithms.py): the prefixes an SSH public key is
    // recognised by were RSA and DSA signatures with SHA-1 (two high weak-hash-in-signature findings).
    it('Python: a tuple of key formats and a startswith prefix test are keys; a plural "types" list and a signature name are not', () => {
      const python = [
        'import paramiko',
        '_SSH_KEY_FORMATS = (b"ssh-ed25519", b"ssh-rsa", b"ecdsa-sha2-nistp384")',
        'def load(key_bytes, sig_alg):',
        '    if key_bytes.startswith(b"ssh-rsa") or key_bytes.startswith((b"ssh-dss",)):',
        '        return key_bytes',
        '    if sig_alg.startswith("ssh-rsa"):',
        '        return None',
        'ACCEPTED_KEY_TYPES = ("ssh-rsa",)',
        'SIGNATURE_FORMATS = ("ssh-rsa",)',
        '',
      ].join('\n');
      assert.deepEqual(rows(pythonDetector, 'app/sshkeys.py', python), [
        [2, 'Ed25519', '', '_SSH_KEY_FORMATS'],
        [2, 'RSA', '', '_SSH_KEY_FORMATS'],
        [2, 'ECDSA-P384', '', '_SSH_KEY_FORMATS'],
        [4, 'RSA', '', 'key_bytes.startswith'],
        [4, 'DSA-1024', '', 'key_bytes.startswith'],
        [6, 'RSA-PKCS1-1.5-SHA-1', 'sign+verify', 'sig_alg.startswith'],
        [8, 'RSA-PKCS1-1.5-SHA-1', 'sign+verify', 'ACCEPTED_KEY_TYPES'],
        [9, 'RSA-PKCS1-1.5-SHA-1', 'sign+verify', 'SIGNATURE_FORMATS'],
      ]);
      assert.deepEqual(ruleIds(pythonDetector, 'app/sshkeys.py', python.split('\n').slice(0, 5).join('\n')), ['quantum-vulnerable', 'short-key']);
    });

    it('C#, Rust and Ruby: the same rule through the shared module', () => {
      const cs = [
        'using Renci.SshNet;',
        'class KeyExport {',
        '  const string KeyFormat = "ssh-rsa";',
        '  static readonly string[] HostKeys = { "ssh-rsa" };',
        '}',
        '',
      ].join('\n');
      assert.deepEqual(rows(csharpDetector, 'src/Ssh/KeyExport.cs', cs), [
        [3, 'RSA', '', 'KeyFormat'],
        [4, 'RSA-PKCS1-1.5-SHA-1', 'sign+verify', 'HostKeys'],
      ]);
      const rs = ['use ssh_key::PublicKey;', 'fn line(blob: &str) -> String {', '    let key_type = "ssh-ed25519";', '    let prefs = vec!["ssh-rsa"];', '    format!("{} {}", key_type, blob)', '}', ''].join('\n');
      assert.deepEqual(rows(rustDetector, 'src/ssh.rs', rs), [
        [3, 'Ed25519', '', 'key_type'],
        [4, 'RSA-PKCS1-1.5-SHA-1', 'sign+verify', 'prefs'],
      ]);
      const rb = ["require 'net/ssh'", "KEY_TYPE = 'ssh-rsa'", "Net::SSH.start(host, user, host_key: ['ssh-rsa'])", ''].join('\n');
      assert.deepEqual(rows(rubyDetector, 'lib/deploy/ssh.rb', rb), [
        [2, 'RSA', '', 'KEY_TYPE'],
        [3, 'RSA-PKCS1-1.5-SHA-1', 'sign+verify', 'host_key'],
      ]);
    });
  });
});
