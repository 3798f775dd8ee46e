// Netty's InsecureTrustManagerFactory, imported or written with its package.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { signals } from './helpers.js';

const insecure = (source: string) => signals(source).filter((s) => s.signal === 'cert-verification-disabled').map((s) => s.occurrence.line);

describe('Netty InsecureTrustManagerFactory', () => {
  it('the fully qualified INSTANCE without an import is reported, also under grpc-netty-shaded', () => {
    const source = [
      'package com.acme.client;',
      '',
      'import io.netty.handler.ssl.SslContext;',
      'import io.netty.handler.ssl.SslContextBuilder;',
      '',
      'final class DevClient {',
      '  static SslContext insecure() throws Exception {',
      '    return SslContextBuilder.forClient()',
      '        .trustManager(io.netty.handler.ssl.util.InsecureTrustManagerFactory.INSTANCE)',
      '        .build();',
      '  }',
      '',
      '  static Object shaded() {',
      '    return io.grpc.netty.shaded.io.netty.handler.ssl.util.InsecureTrustManagerFactory.INSTANCE;',
      '  }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(insecure(source), [9, 14]);
  });

  it('another package\'s class of that name, a qualified name without INSTANCE and a string produce nothing', () => {
    const source = [
      'package com.acme.client;',
      '',
      'final class Trust {',
      '  static Object a() { return com.acme.testing.InsecureTrustManagerFactory.INSTANCE; }',
      '  static Class<?> b() { return io.netty.handler.ssl.util.InsecureTrustManagerFactory.class; }',
      '  static Object c() { return io.netty.handler.ssl.util.InsecureTrustManagerFactory.OTHER; }',
      '  static String d() { return "io.netty.handler.ssl.util.InsecureTrustManagerFactory.INSTANCE"; }',
      '  // io.netty.handler.ssl.util.InsecureTrustManagerFactory.INSTANCE is for tests only',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(insecure(source), []);
  });

  it('the imported simple name is still reported', () => {
    const source = [
      'import io.netty.handler.ssl.util.InsecureTrustManagerFactory;',
      '',
      'final class T { Object tm() { return InsecureTrustManagerFactory.INSTANCE; } }',
      '',
    ].join('\n');
    assert.deepEqual(insecure(source), [3]);
  });
});
