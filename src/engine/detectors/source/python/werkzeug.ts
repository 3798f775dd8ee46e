// Werkzeug's password hashing (Flask apps): `generate_password_hash(password, method="scrypt",
// salt_length=16)` names its KDF and costs in a method string, `"scrypt:32768:8:1"` or
// `"pbkdf2:sha256:600000"`, written at the call; werkzeug's own `security.py` then calls hashlib with
// them, which the stdlib handler reads inside that file.
import type { AlgorithmParams } from '../../../inventory/model.js';
import { arg } from './adapter.js';
import { hashFromName, type Call, type PyContext } from './context.js';

/** Werkzeug's documented scrypt default (`scrypt:32768:8:1`) since 2.3, when scrypt became the default method. */
const SCRYPT_DEFAULT = { n: 32768, r: 8, p: 1 };

export function handleWerkzeug(ctx: PyContext, c: Call): boolean {
  if (c.name !== 'werkzeug.security.generate_password_hash') return false;
  const library = ctx.library(c);
  const lib = library ? { library } : {};
  const methodNode = arg(c.args, 1, 'method');
  const method = methodNode ? ctx.str(methodNode) : 'scrypt';
  if (method === undefined) return true; // chosen at run time: scrypt or PBKDF2, not known here
  const [kind, ...rest] = method.split(':');
  if (kind === 'scrypt') {
    const nums = rest.map((s) => (/^\d+$/.test(s) ? Number(s) : NaN));
    // Werkzeug takes either no parameters or all three; anything else raises.
    const [n, r, p] = rest.length === 0 ? [SCRYPT_DEFAULT.n, SCRYPT_DEFAULT.r, SCRYPT_DEFAULT.p] : nums.length === 3 && nums.every(Number.isFinite) ? nums : [];
    const params: AlgorithmParams = {};
    if (n !== undefined && r !== undefined && p !== undefined) Object.assign(params, { cost: n, memoryCost: (128 * n * r) / 1024, parallelism: p });
    ctx.sink.algorithm(c.node, 'generate_password_hash', 'scrypt', params, { unresolved: ['cost'], functions: ['keyderive'], ...lib });
    return true;
  }
  if (kind === 'pbkdf2' && rest.length <= 2) {
    // The iterations default changed with the release (600,000 in 2.3, 1,000,000 in 3.1): unknown unless written.
    const hash = hashFromName(rest[0] ?? 'sha256');
    const iterations = rest[1] !== undefined && /^\d+$/.test(rest[1]) ? Number(rest[1]) : undefined;
    const params: AlgorithmParams = { ...(hash ? { hash } : {}), ...(iterations !== undefined ? { iterations } : {}) };
    ctx.sink.algorithm(c.node, 'generate_password_hash', 'PBKDF2', params, { unresolved: ['hash', 'iterations'], functions: ['keyderive'], ...lib });
    return true;
  }
  // A plain hash name (`"sha256"`: a single salted HMAC before 2.3, refused since) depends on the release.
  return true;
}
