/**
 * The SPA's security response headers, defined once: the web stack builds CloudFront's response
 * headers policy from these settings, and the local server (scripts/local/server.ts) sends the
 * same headers, so the browser journeys run under the policy the deployed site has.
 *
 * Plain data and functions only (no CDK imports): the local server loads this file too.
 */

/** Where the browser may fetch from besides the site: the attachments bucket (uploads, downloads, images). */
export const awsS3Origins = (region: string, urlSuffix: string): string =>
  `https://*.s3.${region}.${urlSuffix} https://*.s3.${urlSuffix}`;

/** Content-Security-Policy of the SPA. The browser talks to its own origin and to S3 only. */
export const siteContentSecurityPolicy = (s3Origins: string): string =>
  [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets the 3D viewer's worker compile OpenCascade's WebAssembly (a file of
    // the site's own); it allows no eval of JavaScript and no script from anywhere else.
    "script-src 'self' 'wasm-unsafe-eval'",
    // The 3D viewer reads models in a worker, a script of the site's own (never a blob: or data: one).
    "worker-src 'self'",
    // Chakra UI (emotion) injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${s3Origins}`,
    "font-src 'self' data:",
    // Presigned POST uploads go straight to the attachments bucket.
    `connect-src 'self' ${s3Origins}`,
    `form-action 'self' ${s3Origins}`,
    // A PDF's preview shows the file from the bucket's origin, never the app's.
    `frame-src ${s3Origins}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');

/** The settings CloudFront's policy is made of (its enums take these very strings). */
export const siteHeaderSettings = {
  frameOption: 'DENY',
  // Reset and invite links carry their token in the URL: never send it on in a Referer.
  referrerPolicy: 'no-referrer',
  hstsMaxAgeSeconds: 730 * 24 * 60 * 60,
  hstsIncludeSubdomains: true,
  // The legacy XSS auditor is switched off (`0`): it caused more harm than it prevented.
  xssProtection: false,
  custom: {
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  },
} as const;

/**
 * The headers as a browser receives them from CloudFront, lower-case names. HSTS only over https:
 * a browser ignores it on plain http, and the local stack is plain http.
 */
export const siteSecurityHeaders = (s3Origins: string, options: { https: boolean }): Record<string, string> => ({
  'content-security-policy': siteContentSecurityPolicy(s3Origins),
  'x-content-type-options': 'nosniff',
  'x-frame-options': siteHeaderSettings.frameOption,
  'referrer-policy': siteHeaderSettings.referrerPolicy,
  'x-xss-protection': siteHeaderSettings.xssProtection ? '1' : '0',
  ...(options.https && {
    'strict-transport-security': `max-age=${siteHeaderSettings.hstsMaxAgeSeconds}${siteHeaderSettings.hstsIncludeSubdomains ? '; includeSubDomains' : ''}`,
  }),
  ...Object.fromEntries(Object.entries(siteHeaderSettings.custom).map(([name, value]) => [name.toLowerCase(), value])),
});
