// Rails' cryptographic settings (`config.active_support.key_generator_hash_digest_class = OpenSSL::Digest::SHA256`,
// `config.action_dispatch.signed_cookie_digest = "SHA256"`, `config.active_record.encryption.hash_digest_class = …`,
// the framework defaults Rails' own `load_defaults` writes): each picks the algorithm of a construct the
// application never writes itself (its key generator, its cookie jars, ActiveRecord encryption's key
// derivation), so the setting is where that algorithm is chosen and is reported there.
import type { LibraryRef } from '../../../inventory/model.js';
import { digestName, opensslCipher } from '../javascript/names.js';
import type { RbFile, Setter } from './file.js';
import { digestArg } from './openssl.js';
import { constPath } from './resolve.js';

const ACTIVESUPPORT: LibraryRef = { ecosystem: 'gem', name: 'activesupport' };
const ACTIONPACK: LibraryRef = { ecosystem: 'gem', name: 'actionpack' };
const ACTIVERECORD: LibraryRef = { ecosystem: 'gem', name: 'activerecord' };

/** The setters read (index.ts selects their assignments). */
export const RAILS_SETTERS = ['key_generator_hash_digest_class', 'hash_digest_class', 'signed_cookie_digest', 'cookies_digest', 'encrypted_cookie_cipher',
  'support_sha1_for_non_deterministic_encryption'];

/**
 * One Rails setting, by the configuration namespace it is set on (the receiver's last name:
 * `config.active_support`, `Rails.application.config.action_dispatch`, `active_record.encryption` in
 * `load_defaults`) or the class it sets a default of (`ActiveSupport::KeyGenerator.hash_digest_class =`):
 * - `active_support.key_generator_hash_digest_class`: PBKDF2 of the application's key generator, also
 *   `ActiveSupport::KeyGenerator.hash_digest_class` (every KeyGenerator made without `hash_digest_class:`);
 * - `active_support.hash_digest_class`, `ActiveSupport::Digest.hash_digest_class`: ActiveSupport::Digest's hash
 *   (ETags, cache and fragment keys);
 * - `active_record.encryption.hash_digest_class`: PBKDF2 of its key derivation, and
 *   `support_sha1_for_non_deterministic_encryption = true` the same with SHA-1, kept to decrypt old data;
 * - `action_dispatch.signed_cookie_digest`, `cookies_digest`: HMAC of signed and legacy encrypted cookies;
 *   `action_dispatch.encrypted_cookie_cipher`: the cipher of encrypted cookies.
 * The iterations are not the setting's: they are where the generator is made (`Rails.application.key_generator`'s
 * 1000, KeyGenerator's own 2**16, reported there), so a PBKDF2 setting leaves them unknown. A value the file
 * does not show (`= klass`, Rails' own plumbing from configuration to class) is nothing.
 */
export function railsSetting(f: RbFile, s: Setter): void {
  const path = constPath(s.receiver);
  const scope = path ?? /(?:^|\.)(\w+)$/.exec(s.receiver.text().replace(/\s+/g, ''))?.[1];
  const symbol = `${path ?? scope}.${s.name}=`;
  const hashOf = (): string | undefined => digestArg(f, s.value).hash;
  const pbkdf2 = (hash: string | undefined, library: LibraryRef): void => {
    if (hash) f.algorithm(s.node, symbol, { spelling: 'PBKDF2', params: { hash }, unresolved: ['iterations'], functions: ['keyderive'], library });
  };
  switch (`${scope}.${s.name}`) {
    case 'active_support.key_generator_hash_digest_class':
    case 'ActiveSupport::KeyGenerator.hash_digest_class':
      return pbkdf2(hashOf(), ACTIVESUPPORT);
    case 'encryption.hash_digest_class':
      return pbkdf2(hashOf(), ACTIVERECORD);
    case 'encryption.support_sha1_for_non_deterministic_encryption': {
      const v = f.ev.eval(s.value);
      return v.kind === 'bool' && v.value ? pbkdf2('SHA-1', ACTIVERECORD) : undefined;
    }
    case 'active_support.hash_digest_class':
    case 'ActiveSupport::Digest.hash_digest_class': {
      const hash = hashOf();
      if (hash) f.algorithm(s.node, symbol, { spelling: hash, functions: ['digest'], library: ACTIVESUPPORT });
      return;
    }
    case 'action_dispatch.signed_cookie_digest':
    case 'action_dispatch.cookies_digest': {
      const name = f.str(s.value);
      const hash = name ? digestName(name) : undefined;
      if (hash) f.algorithm(s.node, symbol, { spelling: `HMAC-${hash}`, params: { hash }, functions: ['tag', 'verify'], library: ACTIONPACK });
      return;
    }
    case 'action_dispatch.encrypted_cookie_cipher': {
      const name = f.str(s.value);
      const named = name ? opensslCipher(name) : undefined;
      if (named) f.algorithm(s.node, symbol, { spelling: named.spelling, params: named.params, functions: ['encrypt', 'decrypt'], library: ACTIONPACK });
    }
  }
}
