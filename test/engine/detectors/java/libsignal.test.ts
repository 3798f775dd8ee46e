// libsignal's Java API: Curve25519 key pairs, XEdDSA signatures, X25519 agreements and Kyber prekeys,
// in the current (`org.signal.libsignal`) and the legacy (`org.whispersystems.libsignal`) packages.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms } from './helpers.js';

const rows = (source: string) => algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+')]);

describe('Java libsignal', () => {
  it('legacy static Curve API: key pairs, XEdDSA signatures, agreements and decoded keys', () => {
    const source = [
      'import org.whispersystems.libsignal.ecc.Curve;',
      'import org.whispersystems.libsignal.ecc.ECKeyPair;',
      '',
      'class Session {',
      '  byte[] run(byte[] msg, byte[] peer) throws Exception {',
      '    ECKeyPair pair = Curve.generateKeyPair();',
      '    byte[] sig = Curve.calculateSignature(pair.getPrivateKey(), msg);',
      '    boolean ok = Curve.verifySignature(Curve.decodePoint(peer, 0), msg, sig);',
      '    return Curve.calculateAgreement(Curve.decodePoint(peer, 0), pair.getPrivateKey());',
      '  }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [6, 'X25519', 'keygen'],
      [7, 'Ed25519', 'sign'],
      [8, 'Ed25519', 'verify'],
      [8, 'X25519', undefined],
      [9, 'X25519', undefined],
      [9, 'X25519', undefined],
    ]);
  });

  it('same-named classes and methods of other code are not libsignal', () => {
    const source = [
      'import com.acme.keys.ECKeyPair;',
      'import com.acme.keys.Curve;',
      '// Mentions org.signal.libsignal.protocol.ecc in a comment only.',
      'class Own {',
      '  Object a() { return ECKeyPair.generate(); }',
      '  Object b() { return Curve.generateKeyPair(); }',
      '  boolean c(Verifier v, byte[] m, byte[] s) { return v.verifySignature(m, s); }',
      '  interface Verifier { boolean verifySignature(byte[] m, byte[] s); }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), []);
  });
});
