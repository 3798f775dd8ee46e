import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatRepoUrl, parseRepoUrl, RepoUrlError } from '../../../src/engine/source/repo-url.js';

describe('parseRepoUrl', () => {
  it('accepts the forms DESIGN.md allows and normalises them', () => {
    const cases: Array<[string, object, string]> = [
      ['https://github.com/acme/payments', { owner: 'acme', repo: 'payments' }, 'https://github.com/acme/payments'],
      ['https://github.com/acme/payments/', { owner: 'acme', repo: 'payments' }, 'https://github.com/acme/payments'],
      ['https://github.com/acme/payments.git', { owner: 'acme', repo: 'payments' }, 'https://github.com/acme/payments'],
      ['https://github.com/acme/payments.git/', { owner: 'acme', repo: 'payments' }, 'https://github.com/acme/payments'],
      ['https://github.com/a-b-c/x.y_z-1', { owner: 'a-b-c', repo: 'x.y_z-1' }, 'https://github.com/a-b-c/x.y_z-1'],
      ['https://github.com/acme/payments/tree/main', { owner: 'acme', repo: 'payments', ref: 'main' }, 'https://github.com/acme/payments/tree/main'],
      ['https://github.com/acme/payments/tree/release/2.4/', { owner: 'acme', repo: 'payments', ref: 'release/2.4' }, 'https://github.com/acme/payments/tree/release/2.4'],
      ['https://github.com/acme/payments/tree/v1.0.0', { owner: 'acme', repo: 'payments', ref: 'v1.0.0' }, 'https://github.com/acme/payments/tree/v1.0.0'],
    ];
    for (const [url, parsed, normal] of cases) {
      assert.deepEqual(parseRepoUrl(url), parsed, url);
      assert.equal(formatRepoUrl(parseRepoUrl(url)), normal, url);
    }
  });

  it('refuses everything else with a message that names the accepted forms', () => {
    const bad = [
      'http://github.com/acme/payments',
      'https://www.github.com/acme/payments',
      'https://GITHUB.com/acme/payments',
      'https://github.com.evil.example/acme/payments',
      'https://user@github.com/acme/payments',
      'https://github.com:443/acme/payments',
      'https://github.com/acme',
      'https://github.com/acme/',
      'https://github.com/-acme/payments',
      'https://github.com/acme-/payments',
      'https://github.com/ac--me/payments',
      'https://github.com/acme/pay ments',
      'https://github.com/acme/..',
      'https://github.com/acme/payments?tab=readme',
      'https://github.com/acme/payments#readme',
      'https://github.com/acme/payments/blob/main/README.md',
      'https://github.com/acme/payments/tree/',
      'https://github.com/acme/payments/tree/../../etc',
      'https://github.com/acme/payments/tree/a%2Fb',
      'https://github.com/acme/payments.git/tree/main',
      'https://github.com\\acme\\payments',
      'git@github.com:acme/payments.git',
      `https://github.com/${'a'.repeat(40)}/payments`,
      `https://github.com/acme/${'r'.repeat(101)}`,
      '',
    ];
    for (const url of bad) {
      assert.throws(() => parseRepoUrl(url), (err: unknown) => {
        assert.ok(err instanceof RepoUrlError, url);
        assert.match(err.message, /https:\/\/github\.com\/\{owner\}\/\{repo\}/);
        return true;
      }, url);
    }
  });
});
