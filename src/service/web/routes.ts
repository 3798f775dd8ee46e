// The public web pages as one encapsulated Fastify plugin: `/` (the service's page), `/p/{subdomain}`
// (a tenant's white-label page), their theme stylesheets and the bundled assets under /static/.
// Pages get a strict Content-Security-Policy of their own (no inline script or style; images from
// https for tenant logos), replacing whatever the API's default is.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { landingPage, notFoundPage, servicePage, STATIC_PREFIX, type AssetManifest, type DemoLimitsText, type PageBrand } from './pages.js';
import { themeCss, themeFor } from './theme.js';

/** The same for src/ (tsx) and dist/ (compiled): both sit three levels below the project root. */
export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/web');

export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // Tenant logos are https URLs on the tenant's own host.
  "img-src 'self' https: data:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A tenant's public branding as the store returns it (the subdomain comes from the address). */
export type LandingBrand = Omit<PageBrand, 'subdomain'> & { accentColor: string | null };

export interface WebRoutesOptions {
  /** Public branding of the tenant owning `subdomain`, or null. */
  lookupBrand: (subdomain: string) => Promise<LandingBrand | null>;
  /** What the pages tell visitors about the demo's limits. */
  demoLimits: DemoLimitsText;
  /** Where the built assets are (default dist/web). */
  distDir?: string;
}

/** Lower-case DNS label, as the branding API stores subdomains; anything else cannot exist. */
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/;

export const webRoutes: FastifyPluginAsync<WebRoutesOptions> = async (app, opts) => {
  const distDir = opts.distDir ?? DEFAULT_WEB_DIST;
  let manifest: AssetManifest | null = null;

  async function assets(): Promise<AssetManifest | null> {
    if (manifest) return manifest;
    try {
      manifest = JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8')) as AssetManifest;
    } catch {
      app.log.warn({ distDir }, 'web assets are not built (run `npm run build`); landing pages answer 503');
      return null;
    }
    return manifest;
  }

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: STATIC_PREFIX,
    // Hashed file names: a changed file gets a new name, so browsers may keep these for a year.
    immutable: true,
    maxAge: '365d',
    index: false,
    list: false,
    dotfiles: 'deny',
    schemaHide: true,
    suppressWarning: true,
    setHeaders: (reply) => {
      reply.header('x-content-type-options', 'nosniff');
    },
  });

  function page(reply: FastifyReply, status: number, body: string): FastifyReply {
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-cache')
      .send(body);
  }

  async function notBuilt(reply: FastifyReply): Promise<FastifyReply> {
    return reply
      .code(503)
      .header('content-type', 'text/plain; charset=utf-8')
      .send('The web pages are not built on this server: run `npm run build`.\n');
  }

  function css(reply: FastifyReply, body: string): FastifyReply {
    return reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=60')
      .send(body);
  }

  const hide = { schema: { hide: true } };

  app.get('/', hide, async (_req, reply) => {
    const a = await assets();
    return a ? page(reply, 200, servicePage(a, opts.demoLimits)) : notBuilt(reply);
  });

  app.get('/theme.css', hide, async (_req, reply) => css(reply, themeCss(themeFor(null))));

  app.get<{ Params: { subdomain: string } }>('/p/:subdomain', hide, async (req, reply) => {
    const a = await assets();
    if (!a) return notBuilt(reply);
    const subdomain = req.params.subdomain.toLowerCase();
    const brand = SUBDOMAIN.test(subdomain) ? await opts.lookupBrand(subdomain) : null;
    return brand ? page(reply, 200, landingPage({ ...brand, subdomain }, a, opts.demoLimits)) : page(reply, 404, notFoundPage(a));
  });

  app.get<{ Params: { subdomain: string } }>('/p/:subdomain/theme.css', hide, async (req, reply) => {
    const subdomain = req.params.subdomain.toLowerCase();
    const brand = SUBDOMAIN.test(subdomain) ? await opts.lookupBrand(subdomain) : null;
    if (!brand) return reply.code(404).header('content-type', 'text/css; charset=utf-8').send('/* no such page */\n');
    return css(reply, themeCss(themeFor(brand.accentColor)));
  });
};
