// What CBOM_TRUST_PROXY means to Fastify: whose X-Forwarded-For entries name the client (the IP the
// rate limit and the demo allowance count). A proxy appends the address it saw to whatever the
// client sent, so only the rightmost entries are facts:
//   false    the socket address; X-Forwarded-For is ignored.
//   true     one proxy in front: the last entry (Fastify's own `true` would take the leftmost one,
//            which the client writes, so every request could claim a new address).
//   N        N proxies in front: the N-th entry from the right. (Fastify 5 now ignores hop counts
//            altogether, which would count every visitor as the proxy's address.)
//   list     proxies by address/CIDR (the most robust: an unknown peer's header is never believed).
// Hop counts cannot check the nearest peer: they assume the service is reachable only through the
// proxies, which is the operator's to ensure.
import type { TrustProxy } from '../config.js';

export type TrustProxyOption = boolean | string[] | ((address: string, hop: number) => boolean);

export function trustProxyOption(setting: TrustProxy): TrustProxyOption {
  if (setting === false) return false;
  if (Array.isArray(setting)) return setting;
  const hops = setting === true ? 1 : setting;
  return (_address, hop) => hop < hops;
}
