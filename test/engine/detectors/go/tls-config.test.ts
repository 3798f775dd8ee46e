// Go TLS and SSH configurations: a config whose settings the file does not show is still TLS or SSH
// in use; values only compared in tests are not offers; a version switch gives one finding per
// version; InsecureSkipVerify taken from configuration is reported like the `if` form.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { buildInventory } from '../../../../src/engine/inventory/build.js';
import { evaluateFindings } from '../../../../src/engine/findings/index.js';
import { SKIP_REASONS, type ScanStats } from '../../../../src/engine/inventory/model.js';
import { detect, kb, protocols, signals } from './helpers.js';

const stats: ScanStats = {
  filesSeen: 1, filesScanned: 1, bytesScanned: 1, skipped: Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as ScanStats['skipped'],
  filesByDetector: {}, truncated: false,
};

describe('Go: configurations whose settings are not in sight', () => {
  it('a tls.Config literal is TLS of unknown version when it names no readable version, suite or group', () => {
    const source = [
      'package gateway', // 1
      'import (',
      '\t"crypto/tls"',
      '\t"net/http"',
      '\t"example.com/gateway/internal/settings"',
      ')',
      'type Listener struct{ ciphers []uint16; cfg settings.TLS }',
      'func (l *Listener) serverConfig(get func(*tls.ClientHelloInfo) (*tls.Certificate, error)) *tls.Config {',
      '\treturn &tls.Config{GetCertificate: get, MinVersion: settings.Version(l.cfg.Min), CipherSuites: l.ciphers}', // 9
      '}',
      'func client() *http.Client {',
      '\tcfg := tls.Config{}', // 12
      '\tcfg.ServerName = "api.internal"',
      '\treturn &http.Client{Transport: &http.Transport{TLSClientConfig: &cfg}}',
      '}',
    ].join('\n');
    assert.deepEqual(protocols(source).map((p) => [p.occurrence.line, p.protocol]), [
      [9, { protocolType: 'tls' }],
      [12, { protocolType: 'tls' }],
    ]);
    assert.deepEqual(signals(source), []);
  });

  it('ssh.ServerConfig and ssh.ClientConfig are SSH in use; an embedded ssh.Config literal reports its lists once', () => {
    const source = [
      'package sshd', // 1
      'import "golang.org/x/crypto/ssh"',
      'func server(check func(ssh.ConnMetadata, []byte) (*ssh.Permissions, error)) *ssh.ServerConfig {',
      '\tcfg := &ssh.ServerConfig{PasswordCallback: check}', // 4
      '\treturn cfg',
      '}',
      'func client(user string, auth []ssh.AuthMethod, hk ssh.HostKeyCallback) *ssh.ClientConfig {',
      '\treturn &ssh.ClientConfig{', // 8
      '\t\tUser: user, Auth: auth, HostKeyCallback: hk,',
      '\t\tConfig: ssh.Config{Ciphers: []string{"aes128-gcm@openssh.com"}},', // 10
      '\t}',
      '}',
      'func empty() *ssh.ClientConfig { return &ssh.ClientConfig{} }', // 13
      'func shared(base func() ssh.Config) *ssh.ServerConfig { return &ssh.ServerConfig{Config: base()} }', // 14
      'func viaVariable() *ssh.ServerConfig {',
      '\tcommon := ssh.Config{MACs: []string{"hmac-sha2-256"}}', // 16
      '\treturn &ssh.ServerConfig{Config: common}',
      '}',
    ].join('\n');
    assert.deepEqual(protocols(source).map((p) => [p.occurrence.line, p.protocol]), [
      [4, { protocolType: 'ssh' }],
      [10, { protocolType: 'ssh', cipherSuites: ['aes128-gcm@openssh.com'] }],
      [13, { protocolType: 'ssh' }],
      [14, { protocolType: 'ssh' }],
      [16, { protocolType: 'ssh', cipherSuites: ['hmac-sha2-256'] }],
    ]);
  });
});

describe('Go: values a test compares are not offers', () => {
  it('assertion arguments, a fake ClientHelloInfo and a table test\'s want report nothing', () => {
    const source = [
      'package ftpd',
      'import (',
      '\t"crypto/tls"',
      '\t"reflect"',
      '\t"testing"',
      '\t"github.com/stretchr/testify/assert"',
      '\t"github.com/stretchr/testify/require"',
      ')',
      'func TestCiphers(t *testing.T) {',
      '\tb := binding{names: []string{"TLS_AES_128_GCM_SHA256"}}',
      '\tb.setCiphers()',
      '\trequire.Equal(t, []uint16{tls.TLS_AES_128_GCM_SHA256, tls.TLS_AES_256_GCM_SHA384}, b.ciphers)',
      '\tassert.Equal(t, &tls.Config{MinVersion: tls.VersionTLS10, InsecureSkipVerify: true}, b.config())',
      '\tif !reflect.DeepEqual(b.curves, []tls.CurveID{tls.X25519}) {',
      '\t\tt.Fatal("curves")',
      '\t}',
      '\thello := &tls.ClientHelloInfo{ServerName: "localhost", CipherSuites: []uint16{tls.TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305}}',
      '\t_, _ = b.certificate(hello)',
      '\tcases := []struct {',
      '\t\tname string',
      '\t\twant *tls.Config',
      '\t}{{name: "legacy", want: &tls.Config{MinVersion: tls.VersionTLS11}}}',
      '\t_ = cases',
      '\twantSuites := []uint16{tls.TLS_RSA_WITH_RC4_128_SHA}',
      '\t_ = wantSuites',
      '}',
    ].join('\n');
    assert.deepEqual(detect(source), []);
  });

  it('a table test\'s want filled by position (inline row struct, a declared case type, a map of cases) reports nothing', () => {
    const source = [
      'package config',
      'import "crypto/tls"',
      'type suiteCase struct {',
      '\tinput    []string',
      '\texpected []uint16',
      '}',
      'func TestValue(t *testing.T) {',
      '\ttests := []struct {',
      '\t\tname, label string',
      '\t\tc          Suites',
      '\t\twant       []uint16',
      '\t}{',
      '\t\t{"rc4", "x", Suites{"TLS_RSA_WITH_RC4_128_SHA"}, []uint16{tls.TLS_RSA_WITH_RC4_128_SHA}},',
      '\t}',
      '\tcases := []*suiteCase{{[]string{"3des"}, []uint16{tls.TLS_RSA_WITH_3DES_EDE_CBC_SHA}}}',
      '\tbyName := map[string]struct {',
      '\t\tin   Options',
      '\t\twant *tls.Config',
      '\t}{"default": {Options{}, &tls.Config{MinVersion: tls.VersionTLS10}}}',
      '\t_, _, _ = tests, cases, byName',
      '}',
    ].join('\n');
    assert.deepEqual(detect(source), []);
  });

  it('a positional table field that is an input is still reported', () => {
    const source = [
      'package config',
      'import "crypto/tls"',
      'func TestDial(t *testing.T) {',
      '\ttests := []struct {',
      '\t\tname   string',
      '\t\tconfig *tls.Config',
      '\t\twantOK bool',
      '\t}{',
      '\t\t{"legacy", &tls.Config{MinVersion: tls.VersionTLS10}, false},', // 9
      '\t}',
      '\t_ = tests',
      '}',
    ].join('\n');
    assert.deepEqual(protocols(source).map((p) => [p.occurrence.line, p.protocol]), [
      [9, { protocolType: 'tls', version: '1.0' }],
    ]);
  });

  it('the same list or config used by the program is reported', () => {
    const source = [
      'package ftpd',
      'import "crypto/tls"',
      'var suites = []uint16{tls.TLS_AES_128_GCM_SHA256}', // 3
      'func config() *tls.Config { return &tls.Config{MinVersion: tls.VersionTLS12} }', // 4
    ].join('\n');
    assert.deepEqual(protocols(source).map((p) => [p.occurrence.line, p.protocol]), [
      [4, { protocolType: 'tls', version: '1.2' }],
      [3, { protocolType: 'tls', cipherSuites: ['TLS_AES_128_GCM_SHA256'] }],
    ]);
  });
});

describe('Go: legacy versions chosen per case', () => {
  const source = [
    'package web', // 1
    'import (',
    '\t"crypto/tls"',
    '\t"net/http"',
    ')',
    'func serve(h http.Handler, min string) error {',
    '\tversion := tls.VersionTLS12',
    '\tswitch min {',
    '\tcase "TLS13":',
    '\t\tversion = tls.VersionTLS13',
    '\tcase "TLS11":',
    '\t\tversion = tls.VersionTLS11',
    '\tcase "TLS10":',
    '\t\tversion = tls.VersionTLS10',
    '\t}',
    '\tsrv := &http.Server{Handler: h, TLSConfig: &tls.Config{', // 16
    '\t\tMinVersion: uint16(version),',
    '\t}}',
    '\treturn srv.ListenAndServeTLS("cert.pem", "key.pem")',
    '}',
  ].join('\n');

  it('the signal is at the config literal, where the version assets are', () => {
    assert.deepEqual(protocols(source).map((p) => `${p.occurrence.line} ${p.protocol.version}`), ['16 1.3', '16 1.1', '16 1.0', '16 1.2']);
    assert.deepEqual(signals(source).map((s) => `${s.occurrence.line} ${s.signal} ${s.detail}`), [
      '16 insecure-protocol-version tls.Config MinVersion allows TLS 1.1',
      '16 insecure-protocol-version tls.Config MinVersion allows TLS 1.0',
    ]);
  });

  it('one legacy-protocol-version finding per version, none from the signal besides', () => {
    const { findings } = evaluateFindings(buildInventory(detect(source), stats, kb));
    assert.deepEqual(findings.filter((f) => f.ruleId === 'legacy-protocol-version').map((f) => f.assetRef), ['protocol/tls/1.0', 'protocol/tls/1.1']);
  });
});

describe('Go: InsecureSkipVerify from configuration', () => {
  it('a value passed through is reported like `if c.Skip { cfg.InsecureSkipVerify = true }`; false is not', () => {
    const source = [
      'package mail', // 1
      'import (',
      '\t"crypto/tls"',
      '\t"net/http"',
      ')',
      'type Options struct{ SkipVerify bool; Host string }',
      'func dial(opts Options) *tls.Config {',
      '\treturn &tls.Config{ServerName: opts.Host, InsecureSkipVerify: opts.SkipVerify}', // 8
      '}',
      'func strict() *tls.Config { return &tls.Config{InsecureSkipVerify: false} }', // 10
      'func transport(skip bool) *http.Transport {',
      '\ttr := &http.Transport{TLSClientConfig: &tls.Config{}}', // 12
      '\ttr.TLSClientConfig.InsecureSkipVerify = skip', // 13
      '\treturn tr',
      '}',
      'func copyOptions(dst *Settings, src Options) {',
      '\tdst.InsecureSkipVerify = src.SkipVerify', // 17: an options struct of the program, not a tls.Config
      '}',
      'func fromEnv(insecure bool) *tls.Config {',
      '\tcfg := &tls.Config{}', // 20
      '\tcfg.InsecureSkipVerify = insecure', // 21
      '\treturn cfg',
      '}',
    ].join('\n');
    assert.deepEqual(signals(source).map((s) => `${s.occurrence.line} ${s.signal} ${s.detail}`), [
      '8 cert-verification-disabled tls.Config InsecureSkipVerify is taken from opts.SkipVerify: configuration can turn server certificate verification off',
      '13 cert-verification-disabled InsecureSkipVerify is taken from skip: configuration can turn server certificate verification off',
      '21 cert-verification-disabled InsecureSkipVerify is taken from insecure: configuration can turn server certificate verification off',
    ]);
  });
});

describe('Go: legacy suite constant names', () => {
  it('TLS_ECDHE_*_WITH_CHACHA20_POLY1305 (Go\'s names without _SHA256) are the IANA suites', () => {
    const source = [
      'package web',
      'import "crypto/tls"',
      'func config() *tls.Config {',
      '\treturn &tls.Config{MinVersion: tls.VersionTLS12, CipherSuites: []uint16{tls.TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305, tls.TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305}}',
      '}',
    ].join('\n');
    const inventory = buildInventory(detect(source), stats, kb);
    const tls = inventory.assets.find((a) => a.kind === 'protocol');
    assert.ok(tls?.kind === 'protocol');
    assert.deepEqual(tls.cipherSuites.map((s) => [s.name, s.identifiers.join(','), s.algorithmRefs.length > 0]), [
      ['TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256', '0xCC,0xA9', true],
      ['TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256', '0xCC,0xA8', true],
    ]);
  });
});

describe('Go: a tls.Config made empty and filled in field by field', () => {
  const source = [
    'package relay', // 1
    'import (',
    '\t"crypto/tls"',
    '\t"net/http"',
    ')',
    'type Upstream struct{ Insecure bool; Name string }',
    'func dialer(u Upstream) *tls.Config {',
    '\tconf := new(tls.Config)', // 8
    '\tconf.ServerName = u.Name',
    '\tconf.InsecureSkipVerify = u.Insecure', // 10
    '\treturn conf',
    '}',
    'func pinned(u Upstream) *http.Transport {',
    '\tvar tc tls.Config', // 14
    '\ttc.MinVersion = tls.VersionTLS11', // 15
    '\ttc.InsecureSkipVerify = u.Insecure', // 16
    '\treturn &http.Transport{TLSClientConfig: &tc}',
    '}',
    'func lab() *tls.Config {',
    '\tc := new(tls.Config)', // 20
    '\tc.InsecureSkipVerify = true', // 21
    '\treturn c',
    '}',
  ].join('\n');

  it('new(tls.Config) and `var c tls.Config` are TLS of unknown version, as &tls.Config{} is', () => {
    assert.deepEqual(protocols(source).map((p) => [p.occurrence.line, p.protocol]), [
      [8, { protocolType: 'tls' }],
      [14, { protocolType: 'tls' }],
      [20, { protocolType: 'tls' }],
    ]);
  });

  it('their InsecureSkipVerify taken from configuration is reported, like a literal config\'s', () => {
    assert.deepEqual(signals(source).map((s) => `${s.occurrence.line} ${s.signal} ${s.detail}`), [
      '10 cert-verification-disabled InsecureSkipVerify is taken from u.Insecure: configuration can turn server certificate verification off',
      '15 insecure-protocol-version MinVersion set to TLS 1.1',
      '16 cert-verification-disabled InsecureSkipVerify is taken from u.Insecure: configuration can turn server certificate verification off',
      '21 cert-verification-disabled InsecureSkipVerify is set to true: server certificates are not verified',
    ]);
  });

  it('a pointer declared without a config, other packages\' new() and a compared new(tls.Config) make none', () => {
    const other = [
      'package relay',
      'import (',
      '\t"crypto/tls"',
      '\t"testing"',
      '\t"github.com/stretchr/testify/require"',
      ')',
      'type Options struct{ InsecureSkipVerify bool }',
      'func f(t *testing.T, skip bool, got *tls.Config) {',
      '\tvar cfg *tls.Config', // no config yet: a pointer
      '\t_ = cfg',
      '\to := new(Options)',
      '\to.InsecureSkipVerify = skip', // an options struct: a value passed through is not reported
      '\twant := new(tls.Config)',
      '\trequire.Equal(t, want, got)',
      '\tvar conns []tls.Conn',
      '\t_ = conns',
      '}',
    ].join('\n');
    assert.deepEqual(detect(other), []);
  });
});

describe('Go: suites and groups appended to a config\'s lists', () => {
  it('append(cfg.CipherSuites, tls.TLS_…) offers what it appends; a list extended is reported once, with the append', () => {
    const source = [
      'package edge', // 1
      'import "crypto/tls"',
      'var modern = []uint16{tls.TLS_AES_256_GCM_SHA384}', // 3: extended below, reported there
      'func compat() *tls.Config {',
      '\tcfg := &tls.Config{MinVersion: tls.VersionTLS12}', // 5
      '\tcfg.CipherSuites = append(cfg.CipherSuites, tls.TLS_RSA_WITH_3DES_EDE_CBC_SHA, tls.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256)', // 6
      '\tcfg.CurvePreferences = append(cfg.CurvePreferences, tls.CurveP521)', // 7
      '\treturn cfg',
      '}',
      'func widened(extra []uint16) *tls.Config {',
      '\tsuites := append(modern, tls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256)',
      '\tsuites = append(suites, extra...)',
      '\treturn &tls.Config{CipherSuites: suites}', // 13
      '}',
      'func ids() []uint16 {',
      '\tvar out []uint16',
      '\tfor _, s := range tls.CipherSuites() {',
      '\t\tout = append(out, s.ID)', // nothing known: no list
      '\t}',
      '\treturn append(out, tls.TLS_FALLBACK_SCSV)', // a signalling value, not a suite
      '}',
    ].join('\n');
    assert.deepEqual(protocols(source).map((p) => [p.occurrence.line, p.protocol]), [
      [5, { protocolType: 'tls', version: '1.2' }],
      [13, { protocolType: 'tls', cipherSuites: ['TLS_AES_256_GCM_SHA384', 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256'] }],
      [6, { protocolType: 'tls', cipherSuites: ['TLS_RSA_WITH_3DES_EDE_CBC_SHA', 'TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256'] }],
      [7, { protocolType: 'tls', groups: ['P-521'] }],
    ]);
    const { findings } = evaluateFindings(buildInventory(detect(source), stats, kb));
    assert.ok(findings.some((f) => f.ruleId === 'weak-cipher-suite' && f.locations.some((l) => l.line === 6)));
  });
});
