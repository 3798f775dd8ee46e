// White-label branding shapes (DESIGN.md section 4, Branding). Lengths, the subdomain's DNS-label
// form, the colour and the e-mail are checked by the schema (so they show in the OpenAPI document);
// what a pattern cannot say well (URL parsing, reserved subdomains, blank names) is checked by
// `brandingProblems` in the route, with the same 422 shape.
import { Type, type Static } from 'typebox';

/** A DNS label: 3-63 characters, lower-case letters, digits and inner hyphens. */
export const SUBDOMAIN_PATTERN = '^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$';
export const ACCENT_COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$';
/** No control characters (line breaks, NUL, escapes) in one-line texts. */
const ONE_LINE_PATTERN = '^[^\\u0000-\\u001F\\u007F]*$';
export const MAX_URL_LENGTH = 2048;

/**
 * Subdomains a tenant may not take: names of our own hosts and paths, mail and infrastructure
 * names, and words a visitor would mistake for the service itself.
 */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'p', 'www', 'api', 'admin', 'administrator', 'app', 'apps', 'static', 'assets', 'cdn', 'docs', 'doc', 'help',
  'support', 'status', 'health', 'metrics', 'mail', 'email', 'smtp', 'imap', 'pop', 'pop3', 'mx', 'ns1', 'ns2',
  'dns', 'ftp', 'sftp', 'ssh', 'vpn', 'git', 'auth', 'login', 'logout', 'signin', 'signup', 'register', 'sso',
  'oauth', 'account', 'accounts', 'billing', 'dashboard', 'console', 'portal', 'partner', 'partners', 'demo',
  'sandbox', 'test', 'staging', 'dev', 'prod', 'internal', 'root', 'system', 'security', 'cbom', 'scan', 'scans',
  'blog', 'news', 'web', 'webmail', 'media', 'files', 'images', 'img', 'localhost', 'null', 'undefined',
]);

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description: string) =>
  Type.Optional(Type.Union([t, Type.Null()], { description }));

export const BrandingUpdateReq = Type.Object(
  {
    company_name: Nullable(Type.String({ minLength: 1, maxLength: 120, pattern: ONE_LINE_PATTERN }), 'Name shown on the landing page (at most 120 characters).'),
    subdomain: Nullable(
      Type.String({ minLength: 3, maxLength: 63, pattern: SUBDOMAIN_PATTERN }),
      'Landing page address `/p/{subdomain}`: a lower-case DNS label of 3-63 characters, unique across tenants; reserved names (www, api, admin, ...) are refused.',
    ),
    logo_url: Nullable(Type.String({ maxLength: MAX_URL_LENGTH, pattern: '^https://' }), 'Logo image, https only (at most 2048 characters).'),
    website_url: Nullable(Type.String({ maxLength: MAX_URL_LENGTH, pattern: '^https?://' }), 'Company website, http or https (at most 2048 characters).'),
    support_email: Nullable(Type.String({ maxLength: 254, format: 'email' }), 'Contact address shown to visitors.'),
    accent_color: Nullable(Type.String({ pattern: ACCENT_COLOR_PATTERN }), 'Brand colour `#RRGGBB`; text on it is black or white, whichever reads better.'),
    headline: Nullable(Type.String({ minLength: 1, maxLength: 200, pattern: ONE_LINE_PATTERN }), 'Headline of the landing page (at most 200 characters).'),
  },
  {
    $id: 'BrandingUpdateReq',
    title: 'BrandingUpdateReq',
    additionalProperties: false,
    description: 'Partial update: fields left out are kept, `null` clears a field.',
  },
);
export type BrandingUpdateReqT = Static<typeof BrandingUpdateReq>;

const Field = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

const publicFields = {
  company_name: Field('Company name.'),
  subdomain: Field('Landing page subdomain.'),
  logo_url: Field('Logo image URL (https).'),
  website_url: Field('Company website.'),
  support_email: Field('Contact address.'),
  accent_color: Field('Brand colour `#RRGGBB`.'),
  headline: Field('Landing page headline.'),
};

export const Branding = Type.Object(
  { ...publicFields, updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Last change (UTC); null when never saved.' }) },
  { $id: 'Branding', title: 'Branding', additionalProperties: false },
);
export type BrandingT = Static<typeof Branding>;

export const BrandingResp = Type.Object(
  {
    branding: Type.Unsafe<BrandingT>({ $ref: 'Branding#' }),
    live_url: Type.Union([Type.String(), Type.Null()], { description: '`{CBOM_PUBLIC_BASE_URL}/p/{subdomain}`, where the landing page renders; null without a subdomain.' }),
  },
  { $id: 'BrandingResp', title: 'BrandingResp', additionalProperties: false },
);
export type BrandingRespT = Static<typeof BrandingResp>;

export const PublicBranding = Type.Object(publicFields, { $id: 'PublicBranding', title: 'PublicBranding', additionalProperties: false });
export type PublicBrandingT = Static<typeof PublicBranding>;

export const PublicBrandingResp = Type.Object(
  {
    branding: Type.Unsafe<PublicBrandingT>({ $ref: 'PublicBranding#' }),
    live_url: Type.String({ description: 'Where the landing page renders.' }),
  },
  { $id: 'PublicBrandingResp', title: 'PublicBrandingResp', additionalProperties: false },
);
export type PublicBrandingRespT = Static<typeof PublicBrandingResp>;

export const SubdomainParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 253, description: 'The subdomain.' }) });
