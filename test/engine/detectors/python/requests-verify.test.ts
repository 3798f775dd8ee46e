// Python: requests/httpx `verify=False` turns certificate checks off only where there is TLS: a request
// to a URL that surely starts with http:// (a literal, or the literal head of a formatted string) has no
// certificate to check and is no cert-verification-disabled; https, unknown and branch-chosen URLs are.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { signals } from './helpers.js';

const lines = (source: string): number[] =>
  signals(source).filter((s) => s.signal === 'cert-verification-disabled').map((s) => s.occurrence.line);

describe('Python: verify=False on plain-HTTP requests', () => {
  it('a literal or formatted http:// URL raises nothing', () => {
    const source = [
      'import requests', // 1
      'import httpx',
      '',
      'STATUS = "http://localhost:8500/v1/status/leader"',
      '',
      'def probes(port, host, path):',
      '    requests.get("http://127.0.0.1:{0}/healthz".format(port), verify=False)',
      '    requests.post(f"http://{host}:9000/reload", json={}, verify=False, timeout=3)',
      '    requests.head("http://%s:%d/" % (host, port), verify=False)',
      '    requests.get("http://" + host + path, verify=False)',
      '    requests.request("GET", url=STATUS, verify=False)',
      '    metrics = "http://{}/metrics".format(host)',
      '    httpx.get(metrics, verify=False)',
      '    session = requests.Session()',
      '    session.put("http://localhost/admin", data=b"", verify=False)',
    ].join('\n');
    assert.deepEqual(lines(source), []);
  });

  it('https, unknown and branch-chosen URLs, and clients, keep the finding', () => {
    const source = [
      'import requests', // 1
      'import httpx',
      '',
      'def calls(url, host, secure):',
      '    requests.get("https://billing.internal/api", verify=False)', // 5
      '    requests.get(url, verify=False)', // 6: a parameter
      '    requests.get(f"{host}/status", verify=False)', // 7: the scheme is in host
      '    target = "http://a.internal" if not secure else "https://a.internal"',
      '    requests.get(target, verify=False)', // 9: one of the values is https
      '    client = httpx.Client(verify=False)', // 10: every request of the client
      '    requests.request("GET", "https://b.internal", verify=False)', // 11
      '    return client',
    ].join('\n');
    assert.deepEqual(lines(source), [5, 6, 7, 9, 10, 11]);
  });
});
