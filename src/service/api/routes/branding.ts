// White-label branding of the calling tenant (GET, PUT) and the public lookup by subdomain that
// landing pages and partners' own sites use (DESIGN.md section 4, Branding).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SubdomainTakenError, type Branding, type BrandingPatch } from '../../store/branding.js';
import { ApiError } from '../errors.js';
import { principalOf } from '../plugins/auth.js';
import { ref } from '../schemas/index.js';
import type { ValidationErrorT } from '../schemas/common.js';
import {
  BrandingResp,
  BrandingUpdateReq,
  PublicBrandingResp,
  RESERVED_SUBDOMAINS,
  SUBDOMAIN_PATTERN,
  SubdomainParams,
  type BrandingRespT,
  type BrandingUpdateReqT,
  type PublicBrandingT,
} from '../schemas/branding.js';

/** Where a subdomain's landing page renders. */
export function liveUrl(publicBaseUrl: string, subdomain: string | null): string | null {
  return subdomain ? `${publicBaseUrl}/p/${subdomain}` : null;
}

function publicFields(b: Branding): PublicBrandingT {
  return {
    company_name: b.companyName,
    subdomain: b.subdomain,
    logo_url: b.logoUrl,
    website_url: b.websiteUrl,
    support_email: b.supportEmail,
    accent_color: b.accentColor,
    headline: b.headline,
  };
}

function toResp(b: Branding, publicBaseUrl: string): BrandingRespT {
  return { branding: { ...publicFields(b), updated_at: b.updatedAt }, live_url: liveUrl(publicBaseUrl, b.subdomain) };
}

function parsedUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** Checks a schema cannot express; every problem is reported, as schema failures are. */
export function brandingProblems(body: BrandingUpdateReqT): ValidationErrorT[] {
  const out: ValidationErrorT[] = [];
  const bad = (field: string, msg: string) => out.push({ loc: ['body', field], msg, type: 'value_error' });
  for (const field of ['company_name', 'headline'] as const) {
    const v = body[field];
    if (typeof v === 'string' && v.trim() === '') bad(field, 'Must not be blank; send null to clear it');
  }
  if (typeof body.subdomain === 'string' && RESERVED_SUBDOMAINS.has(body.subdomain)) {
    bad('subdomain', `'${body.subdomain}' is reserved; choose another subdomain`);
  }
  const urls = [
    ['logo_url', ['https:'], 'an https URL'],
    ['website_url', ['http:', 'https:'], 'an http or https URL'],
  ] as const;
  for (const [field, schemes, what] of urls) {
    const v = body[field];
    if (typeof v !== 'string') continue;
    const u = parsedUrl(v);
    if (!u || !(schemes as readonly string[]).includes(u.protocol) || !u.hostname) bad(field, `Must be ${what} with a host name`);
    else if (u.username || u.password) bad(field, 'Must not contain a user name or password');
  }
  return out;
}

function toPatch(body: BrandingUpdateReqT): BrandingPatch {
  const patch: BrandingPatch = {};
  const trimmed = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() : v);
  if (body.company_name !== undefined) patch.companyName = trimmed(body.company_name) ?? null;
  if (body.subdomain !== undefined) patch.subdomain = body.subdomain;
  if (body.logo_url !== undefined) patch.logoUrl = body.logo_url;
  if (body.website_url !== undefined) patch.websiteUrl = body.website_url;
  if (body.support_email !== undefined) patch.supportEmail = body.support_email;
  if (body.accent_color !== undefined) patch.accentColor = body.accent_color === null ? null : body.accent_color.toUpperCase();
  if (body.headline !== undefined) patch.headline = trimmed(body.headline) ?? null;
  return patch;
}

const SUBDOMAIN = new RegExp(SUBDOMAIN_PATTERN);

export const brandingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = app.config.publicBaseUrl;

  app.get(
    '/branding',
    {
      schema: {
        summary: 'Get branding',
        description: "The calling tenant's white-label settings and the URL of its landing page. Any active key may read them.",
        tags: ['branding'],
        response: { 200: ref(BrandingResp) },
      },
    },
    async (request) => toResp(await app.store.branding.get(principalOf(request).tenantId), base),
  );

  app.put(
    '/branding',
    {
      config: { scope: 'branding:write' },
      schema: {
        summary: 'Update branding',
        description:
          'Changes only the fields sent; `null` clears a field. The subdomain must be free (409 otherwise) and not reserved; ' +
          'the logo must be https, the website http or https; the accent colour `#RRGGBB`.',
        tags: ['branding'],
        body: ref(BrandingUpdateReq),
        response: {
          200: ref(BrandingResp),
          409: { $ref: 'ErrorResponse#', description: 'Another tenant already uses that subdomain' },
        },
      },
    },
    async (request) => {
      const problems = brandingProblems(request.body);
      if (problems.length) throw new ApiError(422, problems);
      const tenantId = principalOf(request).tenantId;
      const patch = toPatch(request.body);
      try {
        return toResp(await app.store.branding.update(tenantId, patch), base);
      } catch (err) {
        if (err instanceof SubdomainTakenError) throw new ApiError(409, `${err.message} by another tenant; choose another subdomain`);
        throw err;
      }
    },
  );

  app.get(
    '/branding/by-subdomain/:slug',
    {
      config: { public: true },
      schema: {
        summary: 'Public branding by subdomain',
        description: 'The public branding fields of the tenant whose landing page is `/p/{slug}`. No key needed.',
        tags: ['branding'],
        params: SubdomainParams,
        response: {
          200: ref(PublicBrandingResp),
          404: { $ref: 'ErrorResponse#', description: 'No tenant uses that subdomain' },
        },
      },
    },
    async (request) => {
      const slug = request.params.slug.toLowerCase();
      const found = SUBDOMAIN.test(slug) ? await app.store.branding.bySubdomain(slug) : null;
      if (!found) throw new ApiError(404, 'No landing page uses this subdomain');
      return { branding: publicFields(found), live_url: liveUrl(base, slug)! };
    },
  );
};
