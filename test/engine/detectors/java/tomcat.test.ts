// Tomcat's SSLHostConfig setters: its own protocol syntax (`+`/`-` prefixes, `+` separators, `all`),
// OpenSSL or IANA cipher lists, and key-exchange groups; only on a receiver that is plausibly Tomcat's.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { ProtocolDetection } from '../../../../src/engine/inventory/model.js';
import { tomcatProtocols } from '../../../../src/engine/detectors/source/java/tls.js';
import { detect, signals } from './helpers.js';

const protocols = (src: string) =>
  detect(src).filter((d): d is ProtocolDetection => d.type === 'protocol').map((p) => [p.occurrence.line, p.protocol]);

describe('Java: Tomcat SSLHostConfig', () => {
  it('reads Tomcat\'s protocol syntax left to right', () => {
    assert.deepEqual(tomcatProtocols('+TLSv1.2+TLSv1.3'), ['TLSv1.2', 'TLSv1.3']);
    assert.deepEqual(tomcatProtocols('TLSv1.1+TLSv1.2'), ['TLSv1.1', 'TLSv1.2']);
    assert.deepEqual(tomcatProtocols('all-SSLv2Hello-TLSv1-TLSv1.1'), ['TLSv1.2', 'TLSv1.3']);
    assert.deepEqual(tomcatProtocols('TLSv1.2, TLSv1.3'), ['TLSv1.2', 'TLSv1.3']);
    assert.deepEqual(tomcatProtocols('+'), []);
  });

  it('protocols, ciphers, TLS 1.3 suites and groups on an SSLHostConfig', () => {
    const src = `
import org.apache.catalina.connector.Connector;
import org.apache.tomcat.util.net.SSLHostConfig;
class Connectors {
  void secure(Connector connector) {
    SSLHostConfig host = new SSLHostConfig();
    host.setProtocols("TLSv1.1+TLSv1.2");
    host.setCiphers("ECDHE-RSA-AES128-GCM-SHA256:HIGH:!aNULL:!RC4");
    host.setCipherSuites("TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256");
    host.setGroups("X25519MLKEM768,secp256r1");
    connector.addSslHostConfig(host);
  }
  void modern(Connector connector) {
    connector.findSslHostConfigs()[0].setProtocols("+TLSv1.2+TLSv1.3");
    connector.findSslHostConfigs()[0].setCiphers("TLS_DHE_RSA_WITH_AES_128_GCM_SHA256,TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384");
  }
  void fromSettings(SSLHostConfig cfg, String ciphers) {
    cfg.setCiphers("HIGH:!aNULL");
    cfg.setCiphers(ciphers);
  }
  void fromGetter() {
    SSLHostConfig sslHostConfig = getSSLHostConfig();
    sslHostConfig.setGroups("x25519:SecP256r1MLKEM768");
  }
}`;
    assert.deepEqual(protocols(src), [
      [7, { protocolType: 'tls', version: '1.1' }],
      [7, { protocolType: 'tls', version: '1.2' }],
      [8, { protocolType: 'tls', cipherSuites: ['ECDHE-RSA-AES128-GCM-SHA256'] }],
      [9, { protocolType: 'tls', cipherSuites: ['TLS_AES_256_GCM_SHA384', 'TLS_CHACHA20_POLY1305_SHA256'] }],
      [10, { protocolType: 'tls', groups: ['X25519MLKEM768', 'secp256r1'] }],
      [14, { protocolType: 'tls', version: '1.2' }],
      [14, { protocolType: 'tls', version: '1.3' }],
      [15, { protocolType: 'tls', cipherSuites: ['TLS_DHE_RSA_WITH_AES_128_GCM_SHA256', 'TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384'] }],
      [23, { protocolType: 'tls', groups: ['x25519', 'SecP256r1MLKEM768'] }],
    ]);
    assert.deepEqual(signals(src).map((s) => [s.occurrence.line, s.signal, s.detail]), [[7, 'insecure-protocol-version', 'TLSv1.1 enabled']]);
  });

  it('the same setters on other objects, or in files that do not name SSLHostConfig, are not Tomcat\'s', () => {
    const other = `
import org.apache.tomcat.util.net.SSLHostConfig;
import com.acme.ldap.LdapOptions;
class Directory {
  void f(LdapOptions opts, com.acme.Team team) {
    opts.setProtocols("TLSv1.1+TLSv1.2");
    opts.setCiphers("ECDHE-RSA-AES128-GCM-SHA256");
    team.setGroups("admins,ops");
  }
}`;
    assert.deepEqual(protocols(other), []);
    const noTomcat = `
class Roles {
  void f(Account account) { account.setGroups("X25519MLKEM768"); account.setCiphers("AES128-SHA"); }
}`;
    assert.deepEqual(detect(noTomcat), []);
  });
});
