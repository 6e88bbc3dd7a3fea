// The security headers of every answer, HTML and API alike: a Content-Security-Policy that lets only Telegram's web
// clients frame the app, nosniff, no referrer, and the microphone (voice messages) for the app itself only.
//
// helmet (the maintained library) makes the header values, once: @fastify/helmet would rebuild its middleware for
// every request (measured 23 µs a request against 0.4 µs, docs/decisions/0133-security-headers.md). The hook sets
// them on the raw response at onRequest, so answers that bypass Fastify's reply — a hijacked Server-Sent Events
// stream, Vite's middleware — carry them too; frameworkErrors and clientErrorHandler (framework-errors.ts) write them
// themselves.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Telegram's web clients, which open a Mini App in an iframe (Web K and Web A, and their earlier hosts). */
export const TELEGRAM_WEB_ORIGINS = [
  'https://web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
];

const directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // styled-components injects its rules into <style> elements at run time, and React sets style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // The Telegram profile photo (t.me/i/userpic/…, redirected to Telegram's CDN hosts, which change).
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: TELEGRAM_WEB_ORIGINS,
};

/** Only the app itself may use the microphone (in Telegram Web's iframe the parent must allow it as well). */
export const PERMISSIONS_POLICY = 'camera=(), geolocation=(), microphone=(self), payment=()';

/** helmet's headers for `csp`, read off its middleware once. */
function headersOf(csp: typeof directives): Record<string, string> {
  const headers: Record<string, string> = {};
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: csp },
    // X-Frame-Options knows no list of origins and would stop Telegram Web: frame-ancestors says who may embed.
    xFrameOptions: false,
    referrerPolicy: { policy: 'no-referrer' },
    // Without includeSubDomains: the operator's other hosts are not this app's to decide.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  });
  const collect = { setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value) };
  middleware({} as never, { ...collect, removeHeader: () => {} } as never, () => {});
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = headersOf(directives);

/**
 * The policy of a page that carries inline scripts of its own (index.html: vite-plugins/inline-script.ts): each is
 * allowed by its hash (`sha256-…`, base64), nothing else inline.
 */
export function pagePolicy(scriptHashes: readonly string[]): string {
  const scriptSrc = ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)];
  return headersOf({ ...directives, scriptSrc })['content-security-policy']!;
}

/**
 * `npm run dev` only: Vite's dev server injects an inline script (React's refresh preamble) and talks to its HMR
 * websocket; the production build (what the e2e suite runs) has neither.
 */
export const DEV_SERVER_HEADERS: Readonly<Record<string, string>> = headersOf({
  ...directives,
  scriptSrc: ["'self'", "'unsafe-inline'"],
  connectSrc: ["'self'", 'ws:', 'wss:'],
});

export function setSecurityHeaders(
  res: { setHeader(name: string, value: string): unknown },
  headers: Readonly<Record<string, string>> = SECURITY_HEADERS,
): void {
  for (const name in headers) res.setHeader(name, headers[name]!);
}

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (_request, reply, done) => {
      setSecurityHeaders(reply.raw);
      done();
    });
  },
  { name: 'security-headers' },
);
