#!/usr/bin/env node
// Bundles the browser code of the landing pages (src/service/web/client) with esbuild into
// dist/web. Does nothing until that folder exists.
import { existsSync } from 'node:fs';
const root = new URL('..', import.meta.url);
if (!existsSync(new URL('src/service/web/client', root))) process.exit(0);
const { build } = await import(new URL('src/service/web/build.mjs', root).href);
await build();
