// node-forge: the browser global `forge`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { javascriptDetector } from '../../../../src/engine/detectors/source/javascript/index.js';
import { snippetHelpers } from '../source-helpers.js';

const { algorithms } = snippetHelpers(javascriptDetector, 'src/pki/issuer.js');
const rows = (source: string, path?: string) =>
  algorithms(source, path).map((a) => [a.line, a.name, a.functions?.join('+') ?? '', a.library?.name ?? '']);

describe('node-forge as a browser global', () => {
  it('the global `forge` (a <script> bundle) and `var forge = window.forge` are node-forge', () => {
    const page = [
      '// after <script src="forge.min.js">',
      'function deviceKey(done) {',
      '  forge.pki.rsa.generateKeyPair({ bits: 1024, workers: -1 }, function (err, pair) { done(pair); });', // 3
      '}',
      'function short(text) {',
      '  return forge.md.md5.create().update(text).digest().toHex();', // 6
      '}',
    ].join('\n');
    assert.deepEqual(rows(page, 'web/static/device.js'), [
      [3, 'RSA-1024', 'keygen', 'node-forge'],
      [6, 'MD5', 'digest', 'node-forge'],
    ]);
    const aliased = [
      'jQuery(function ($) {',
      '  var forge = window.forge;',
      "  $('#go').click(function () { forge.pkcs5.pbkdf2($('#pw').val(), 'pepper', 1000, 16); });", // 3
      '});',
    ].join('\n');
    assert.deepEqual(rows(aliased, 'web/static/login.js'), [[3, 'PBKDF2-SHA-1-1000', 'keyderive', 'node-forge']]);
    assert.deepEqual(rows('declare const forge: any;\nexport const k = () => forge.pki.rsa.generateKeyPair(4096);\n', 'src/keys.ts'), [[2, 'RSA-4096', 'keygen', 'node-forge']]);
  });

  it('a `forge` the file defines or imports from elsewhere is not node-forge', () => {
    const own = ['function forge(spec) { return spec; }', 'forge.md = {};', 'var h = forge.md.md5.create();'].join('\n');
    assert.deepEqual(rows(own, 'web/static/forge-shim.js'), []);
    const other = ["import forge from './forge';", 'export const k = forge.pki.rsa.generateKeyPair(1024);'].join('\n');
    assert.deepEqual(rows(other, 'src/keys.js'), []);
  });
});
