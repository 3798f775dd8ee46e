// pyOpenSSL contexts and key generation, and josepy's JWS algorithm objects.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, detect, signals } from './helpers.js';

const summary = (source: string) => algorithms(source).map((a) => [a.name, a.line, a.functions?.join('+'), a.library?.name ?? '']);
const protocols = (source: string) => detect(source).flatMap((d) => d.type === 'protocol' ? [[d.occurrence.line, d.protocol.version ?? '', (d.protocol.cipherSuites ?? []).join(':')]] : []);

describe('pyOpenSSL', () => {
  it('contexts: pinned methods, negotiated methods, minimum versions and cipher lists', () => {
    const source = [
      'from OpenSSL import SSL',
      '',
      'LEGACY = b"AES256-SHA:DES-CBC3-SHA"',
      '',
      'def contexts():',
      '    a = SSL.Context(SSL.SSLv23_METHOD)',
      '    b = SSL.Context(SSL.TLSv1_2_METHOD)',
      '    c = SSL.Context(SSL.SSLv3_METHOD)',
      '    a.set_min_proto_version(SSL.TLS1_1_VERSION)',
      '    b.set_cipher_list(LEGACY)',
      '    a.set_cipher_list(b"ECDHE+AESGCM")',
      '',
    ].join('\n');
    assert.deepEqual(protocols(source), [
      [6, '', ''], [7, '1.2', ''], [8, 'SSLv3', ''], [9, '1.1', ''],
      [10, '', 'AES256-SHA:DES-CBC3-SHA'], [11, '', 'ECDHE+AESGCM'],
    ]);
    assert.deepEqual(signals(source).map((s) => [s.signal, s.occurrence.line]), [['insecure-protocol-version', 8], ['insecure-protocol-version', 9]]);
  });

  it('PKey.generate_key: RSA and DSA with their size; methods of the same name elsewhere are not read', () => {
    const source = [
      'from OpenSSL import crypto',
      '',
      'def keys(bits, store):',
      '    k = crypto.PKey()',
      '    k.generate_key(crypto.TYPE_RSA, 3072)',
      '    crypto.PKey().generate_key(crypto.TYPE_DSA, bits)',
      '    store.generate_key("TYPE_RSA", 1024)',
      '',
    ].join('\n');
    assert.deepEqual(algorithms(source).map((a) => [a.name, a.line, JSON.stringify(a.params), a.library?.name]), [
      ['RSA-3072', 5, JSON.stringify({ keySize: 3072 }), 'pyopenssl'],
      ['DSA', 6, JSON.stringify({}), 'pyopenssl'],
    ]);
    assert.deepEqual(summary(source.replace('from OpenSSL import crypto', 'from cryptolib import crypto')), []);
  });
});

describe('josepy', () => {
  it('algorithm objects are reported where they are chosen, not where they are imported', () => {
    const source = [
      'import josepy as jose',
      'from josepy import ES256, RS256',
      '',
      'def pick(ec, payload, key):',
      '    alg = ES256 if ec else RS256',
      '    jose.JWS.sign(payload, key=key, alg=jose.PS384)',
      '    return {"mac": jose.jwa.HS512}',
      '',
    ].join('\n');
    assert.deepEqual(summary(source), [
      ['ECDSA-P256-SHA-256', 5, 'sign', 'josepy'],
      ['RSA-PKCS1-1.5-SHA-256', 5, 'sign', 'josepy'],
      ['RSA-PSS-SHA-384', 6, 'sign', 'josepy'],
      ['HMAC-SHA-512', 7, 'tag', 'josepy'],
    ]);
  });

  it('the same names without josepy produce nothing', () => {
    const source = [
      'import jose_helpers as jose',
      'RS256 = "RS256"',
      'def pick():',
      '    return RS256, jose.ES256',
      '',
    ].join('\n');
    assert.deepEqual(summary(source), []);
  });
});

describe('pyOpenSSL set_verify', () => {
  const verifySignals = (source: string) => signals(source).filter((s) => s.signal === 'cert-verification-disabled').map((s) => s.occurrence.line);

  it('VERIFY_NONE on a client context turns off the server certificate check', () => {
    const source = [
      'import socket',
      'from OpenSSL import SSL',
      '',
      'def fetch(host, insecure):',
      '    ctx = SSL.Context(SSL.TLS_CLIENT_METHOD)',
      '    ctx.set_verify(SSL.VERIFY_NONE, lambda conn, cert, errno, depth, ok: ok)',
      '    conn = SSL.Connection(ctx, socket.create_connection((host, 443)))',
      '    conn.set_tlsext_host_name(host.encode())',
      '    conn.set_connect_state()',
      '    conn.do_handshake()',
      '    return conn',
      '',
      'def plain(host):',
      '    ctx = SSL.Context(SSL.TLS_METHOD)',
      '    ctx.set_verify(SSL.VERIFY_PEER, None)',
      '    ctx.set_verify(MODE)',
      '    return ctx',
      '',
    ].join('\n');
    assert.deepEqual(verifySignals(source), [6]);
  });

  it('a server context that asks no client certificate, a variable mode and other set_verify methods produce nothing', () => {
    const server = [
      'from OpenSSL import SSL',
      '',
      'def serve(sock):',
      '    ctx = SSL.Context(SSL.TLS_SERVER_METHOD)',
      '    ctx.use_certificate_file("server.pem")',
      '    ctx.set_verify(SSL.VERIFY_NONE)',
      '    conn, _ = SSL.Connection(ctx, sock).accept()',
      '    return conn',
      '',
    ].join('\n');
    assert.deepEqual(verifySignals(server), []);
    // A proxy plays both roles: the accepting function is a server, the upstream one a client.
    const proxy = [
      'from OpenSSL import SSL',
      '',
      'def downstream(sock):',
      '    ctx = SSL.Context(SSL.TLS_METHOD)',
      '    ctx.set_verify(SSL.VERIFY_NONE, None)',
      '    conn = SSL.Connection(ctx, sock)',
      '    conn.set_accept_state()',
      '    return conn',
      '',
      'def upstream(sock, host, verify):',
      '    ctx = SSL.Context(SSL.TLS_METHOD)',
      '    if verify:',
      '        mode = SSL.VERIFY_PEER',
      '    else:',
      '        mode = SSL.VERIFY_NONE',
      '    ctx.set_verify(mode, None)',
      '    conn = SSL.Connection(ctx, sock)',
      '    conn.set_tlsext_host_name(host)',
      '    conn.set_connect_state()',
      '    return conn',
      '',
    ].join('\n');
    assert.deepEqual(verifySignals(proxy), []);
    const unrelated = ['import ssl', '', 'def setup(widget):', '    widget.set_verify(ssl.VERIFY_NONE)', '    return widget', ''].join('\n');
    assert.deepEqual(verifySignals(unrelated), []);
  });

  it('the proxy upstream that always passes VERIFY_NONE is reported', () => {
    const source = [
      'from OpenSSL import SSL',
      '',
      'def downstream(sock):',
      '    conn = SSL.Connection(SSL.Context(SSL.TLS_METHOD), sock)',
      '    conn.set_accept_state()',
      '    return conn',
      '',
      'def upstream(sock, host):',
      '    ctx = SSL.Context(SSL.TLS_METHOD)',
      '    ctx.set_verify(SSL.VERIFY_NONE)',
      '    conn = SSL.Connection(ctx, sock)',
      '    conn.set_connect_state()',
      '    return conn',
      '',
    ].join('\n');
    assert.deepEqual(verifySignals(source), [10]);
  });
});
