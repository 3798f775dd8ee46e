// The ordered record of schema migrations. Names sort in the order they apply: `NNN_what_it_does`.
// Add a file `NNN_*.ts` exporting `up` (and `down`) and one line below; never edit an applied one.
// Numbering: 001 foundation (tenants, keys), 002_* scan lifecycle, 003_* branding.
import type { Migration } from 'kysely';
import * as m001 from './001_tenants_and_keys.js';
import * as m002 from './002_scans.js';
import * as m003 from './003_branding_and_demo.js';
import * as m004 from './004_scan_retry.js';
import * as m005 from './005_bom_chunks.js';

export const migrations: Record<string, Migration> = {
  '001_tenants_and_keys': m001,
  '002_scans': m002,
  '003_branding_and_demo': m003,
  '004_scan_retry': m004,
  '005_bom_chunks': m005,
};
