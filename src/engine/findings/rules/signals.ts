// Rules that report detector signals (facts that are not assets: static IVs, hard-coded secrets,
// disabled verification, ...). One finding per concerned asset, or per location when there is none.
import { signalHits, type Rule } from '../rule.js';

export const staticIv: Rule = {
  id: 'static-iv',
  title: 'Constant or zero IV / nonce',
  evaluate: (ctx) => signalHits(ctx, 'static-iv', 'high',
    'Generate a fresh random IV/nonce per encryption (12 random bytes for AES-GCM, from a CSPRNG) and send it with the ciphertext; with GCM a repeated nonce reveals the authentication key.',
    'Static IV'),
};

export const hardcodedKey: Rule = {
  id: 'hardcoded-key',
  title: 'Hard-coded cryptographic key',
  evaluate: (ctx) => signalHits(ctx, 'hardcoded-key', 'critical',
    'Treat the key as compromised: rotate it, and load keys from a secret manager, KMS or environment at run time, never from source code.',
    'Key material in source'),
};

export const hardcodedPassword: Rule = {
  id: 'hardcoded-password',
  title: 'Hard-coded password or passphrase',
  evaluate: (ctx) => signalHits(ctx, 'hardcoded-password', 'high',
    'Rotate the password and read it from a secret manager or the environment at run time.',
    'Password literal'),
};

export const weakRandom: Rule = {
  id: 'weak-random',
  title: 'Non-cryptographic random number generator for secrets',
  evaluate: (ctx) => signalHits(ctx, 'weak-random', 'high',
    'Use the platform CSPRNG: crypto.randomBytes / crypto.getRandomValues, Python secrets, java.security.SecureRandom, Go crypto/rand.',
    'Predictable randomness'),
};

export const certVerificationDisabled: Rule = {
  id: 'cert-verification-disabled',
  title: 'TLS certificate verification disabled',
  evaluate: (ctx) => signalHits(ctx, 'cert-verification-disabled', 'high',
    'Keep certificate verification on; to trust a private CA, add its certificate to the trust store (ca option, REQUESTS_CA_BUNDLE, a custom truststore) instead of disabling checks.',
    'Certificate verification off'),
};

export const hostnameVerificationDisabled: Rule = {
  id: 'hostname-verification-disabled',
  title: 'TLS hostname verification disabled',
  evaluate: (ctx) => signalHits(ctx, 'hostname-verification-disabled', 'high',
    'Keep hostname verification on (check_hostname = True, the default HostnameVerifier); a valid certificate for another name is otherwise accepted.',
    'Hostname verification off'),
};

export const sshHostKeyVerificationDisabled: Rule = {
  id: 'ssh-host-key-verification-disabled',
  title: 'SSH host key verification disabled',
  evaluate: (ctx) => signalHits(ctx, 'ssh-host-key-verification-disabled', 'high',
    'Check server keys against known hosts: paramiko load_system_host_keys() with RejectPolicy, JSch StrictHostKeyChecking=yes with setKnownHosts, sshj loadKnownHosts(), Go knownhosts.New; pin the expected key where there is no known_hosts file.',
    'Any SSH server key accepted'),
};

export const jwtNone: Rule = {
  id: 'jwt-none-algorithm',
  title: "JWT 'none' algorithm accepted",
  evaluate: (ctx) => signalHits(ctx, 'jwt-none-algorithm', 'critical',
    "Pin the accepted algorithms when verifying (e.g. algorithms: ['ES256']) and never accept 'none'; unsigned tokens then fail.",
    'Unsigned JWTs accepted'),
};
