// Ruby detector: curve names are the knowledge base's, so the older SEC 2 and X9.62 curves OpenSSL
// still generates keys on are named (and sized) like the NIST ones.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms } from './helpers.js';

test('EC keys on the older SEC 2, X9.62 and Brainpool curves carry their curve; an unknown name stays unknown', () => {
  const src = `require "openssl"

class LegacyTerminalKeys
  def generate
    sensor = OpenSSL::PKey::EC.generate("secp160r1")
    badge = OpenSSL::PKey::EC.generate("sect163k1")
    pos = OpenSSL::PKey::EC.new("prime239v1").generate_key!
    card = OpenSSL::PKey::EC.generate("brainpoolP192t1")
    other = OpenSSL::PKey::EC.generate("curve-from-config")
    [sensor, badge, pos, card, other]
  end
end
`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name, a.params.curve]), [
    [5, 'ECDSA-secp160r1', 'secp160r1'],
    [6, 'ECDSA-sect163k1', 'sect163k1'],
    [7, 'ECDSA-prime239v1', 'prime239v1'],
    [8, 'ECDSA-brainpoolP192t1', 'brainpoolP192t1'],
    [9, 'ECDSA', undefined],
  ]);
});
