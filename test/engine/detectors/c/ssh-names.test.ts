// C/C++ detector, SSH algorithm names (common/ssh-names.ts): proposal strings in #define bodies
// continued over lines, concatenations, tables and initialisers are read as in the other languages;
// comparisons, lengths, log lines, refused lists and names outside an SSH context are not.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { cDetector } from '../../../../src/engine/detectors/source/c/index.js';
import { algorithms, protocols } from './helpers.js';

test('a #define proposal continued over lines: one algorithm per name, with its role, and the SSH protocol of the key exchanges', () => {
  const src = `/* negotiation defaults of the bastion's SSH daemon */
#define BASTION_KEX \\
\t"mlkem768x25519-sha256," \\
\t"sntrup761x25519-sha512," \\
\t"sntrup761x25519-sha512@openssh.com," \\
\t"curve25519-sha256"

#define BASTION_CIPHERS "chacha20-poly1305@openssh.com,aes256-gcm@openssh.com"
#define BASTION_MACS \\
\t"hmac-sha2-256-etm@openssh.com," \\
\t"umac-64@openssh.com"
`;
  const found = algorithms(src, 'src/bastion/proposal.h');
  assert.deepEqual(found.map((a) => [a.name, a.line, a.functions?.join('+'), a.occurrence.symbol]), [
    ['X25519MLKEM768', 3, 'keygen', 'BASTION_KEX'],
    ['sntrup761x25519', 3, 'keygen', 'BASTION_KEX'],
    ['sntrup761x25519', 3, 'keygen', 'BASTION_KEX'],
    ['X25519', 3, 'keygen', 'BASTION_KEX'],
    ['ChaCha20-Poly1305', 8, 'encrypt+decrypt', 'BASTION_CIPHERS'],
    ['AES-256-GCM', 8, 'encrypt+decrypt', 'BASTION_CIPHERS'],
    ['HMAC-SHA-256', 10, 'tag', 'BASTION_MACS'],
    ['UMAC-64', 10, 'tag', 'BASTION_MACS'],
  ]);
  assert.deepEqual(protocols(src, 'src/bastion/proposal.h').map((p) => [p.occurrence.line, p.protocol]), [
    [3, { protocolType: 'ssh', version: '2.0', groups: ['mlkem768x25519-sha256', 'sntrup761x25519-sha512', 'sntrup761x25519-sha512@openssh.com', 'curve25519-sha256'] }],
  ]);
});

test('a #define that extends another list reads its own names; tables, initialisers and returns are read', () => {
  const src = `#include <string.h>
#include "proposal.h"

#define CLIENT_KEX BASTION_KEX "," \\
\t"diffie-hellman-group14-sha256"

struct mac_entry { const char *name; int digest_len; };
static const struct mac_entry legacy_macs[] = {
\t{ "hmac-sha1", 20 },
\t{ "hmac-md5-96", 12 },
};
static const char *fallback_ciphers = "aes128-ctr,3des-cbc";
static const struct prefs p = { .hostkeys = "ssh-ed25519,rsa-sha2-512" };

const char *host_key_list(void) { return "ssh-rsa,ssh-dss"; }
`;
  assert.deepEqual(algorithms(src, 'src/ssh/transport.c').map((a) => [a.name, a.line, a.occurrence.symbol]), [
    ['FFDHE-modp2048', 4, 'CLIENT_KEX'],
    ['HMAC-SHA-1', 9, 'legacy_macs'],
    ['HMAC-MD5-96', 10, 'legacy_macs'],
    ['AES-128-CTR', 12, 'fallback_ciphers'],
    ['3DES-168-CBC', 12, 'fallback_ciphers'],
    ['Ed25519', 13, '.hostkeys'],
    ['RSA-PKCS1-1.5-SHA-512', 13, '.hostkeys'],
    ['RSA-PKCS1-1.5-SHA-1', 15, 'SSH algorithm name'],
    ['DSA-1024-SHA-1', 15, 'SSH algorithm name'],
  ]);
});

test('comparisons, assertions, lengths, log lines, refused lists, prose and unknown names produce nothing', () => {
  const src = `#include <string.h>
#include <stdio.h>

#define DISABLED_MACS "hmac-md5,hmac-sha1-96"
#define PK_ALGS "ssh-ed25519-cert-v01@openssh.com,ssh-ed25519"
#define CIPHER_OF(x) cipher_by_name("aes128-ctr" x)

int pick(const char *alg, size_t n)
{
\tif (strcmp(alg, "ssh-rsa") == 0 || strncmp(alg, "ssh-dss", n) == 0)
\t\treturn 1;
\tif (match_pattern_list(alg, "diffie-hellman-group1-sha1", 0) == 1)
\t\treturn 2;
\tASSERT_STRING_EQ(alg, "rsa-sha2-256");
\tn = sizeof("ecdsa-sha2-nistp256") - 1;
\tdebug2_f("offering %s", "aes256-ctr");
\tfprintf(stderr, "falling back to %s\\n", "chacha20-poly1305@openssh.com");
\tlogit("%s", "curve25519-sha256");
\treturn puts("aes128-ctr is the fast one");
}
`;
  assert.deepEqual(algorithms(src, 'src/ssh/kex_pick.c'), []);
});

test('C++: a std::string compared with a name is not a setting; an initialiser is', () => {
  const src = `#include <string>
namespace tunnel {
const std::string kDefaultKex = "curve25519-sha256";
bool legacy(const std::string &name) { return name == "ssh-dss"; }
}
`;
  assert.deepEqual(algorithms(src, 'src/tunnel/ssh_prefs.cpp').map((a) => [a.name, a.line]), [['X25519', 3]]);
});

test('names other things share count only in a file about SSH; the prefilter lets a file of names through', () => {
  const tsig = `/* DNS TSIG algorithms */\nstatic const char *tsig_default = "hmac-sha1";\n`;
  assert.deepEqual(algorithms(tsig, 'lib/dns/tsig_names.c'), []);
  assert.deepEqual(algorithms(`/* sshd */\nstatic const char *mac_default = "hmac-sha1";\n`, 'src/mac_defaults.c').map((a) => a.name), ['HMAC-SHA-1']);
  for (const k of ['@openssh.com', 'diffie-hellman-group', 'hmac-', '-ctr', 'sntrup761x25519-sha512']) assert.ok(cDetector.keywords.includes(k), k);
});
