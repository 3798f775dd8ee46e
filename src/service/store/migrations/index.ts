// The ordered record of schema migrations. Names sort in the order they apply: `NNN_what_it_does`.
// Add a file `NNN_*.ts` exporting `up` (and `down`) and one line below; never edit an applied one.
// Numbering: 001 foundation (tenants, keys), 002_* scan lifecycle, 003_* branding.
import type { Migration } from 'kysely';
import * as m001 from './001_tenants_and_keys.js';

export const migrations: Record<string, Migration> = {
  '001_tenants_and_keys': m001,
};
