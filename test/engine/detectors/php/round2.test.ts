// PHP detector, second real-code round (laravel/framework, matomo-org/matomo): a Laravel application's
// `config/app.php` cipher.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms } from './helpers.js';

test("Laravel's config/app.php 'cipher' is the application's Encrypter cipher (laravel/framework config/app.php)", () => {
  const config = `<?php

use Illuminate\\Support\\Facades\\Facade;

return [
    'name' => env('APP_NAME', 'Laravel'),
    'cipher' => 'AES-256-CBC',
    'key' => env('APP_KEY'),
    'previous_keys' => [...array_filter(explode(',', (string) env('APP_PREVIOUS_KEYS', '')))],
];
`;
  assert.deepEqual(algorithms(config, 'config/app.php').map((a) => [a.line, a.name, a.functions?.join()]), [[7, 'AES-256-CBC', 'decrypt,encrypt']]);
  // Anywhere else, or through env(), or not at the top of the returned array: not Laravel's setting.
  assert.deepEqual(algorithms(config, 'src/Settings.php'), []);
  assert.deepEqual(algorithms(config.replace("'AES-256-CBC'", "env('APP_CIPHER', 'AES-256-CBC')"), 'config/app.php'), []);
  assert.deepEqual(algorithms(`<?php\nreturn ['mail' => ['cipher' => 'aes-128-gcm']];\n`, 'config/app.php'), []);
  assert.deepEqual(algorithms(`<?php\nfunction f() { return ['cipher' => 'aes-128-gcm']; }\n`, 'config/app.php'), []);
});
