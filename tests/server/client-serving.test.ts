// Serving the built client: each file as its build-time brotli or gzip copy by Accept-Encoding (brotli first), with
// `Vary: Accept-Encoding`, immutable caching for hashed assets and no-cache for index.html; the SPA fallback; and the
// production build itself (compressed copies beside its files, the development-runtime guard).
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { staticClient } from '../../server/start/client';
import {
  buildClient,
  clientBuildIsStale,
  findDevelopmentRuntime,
  REACT_DEVELOPMENT_MARKER,
  ROOT,
} from '../../server/start/client-build';
import type { Database } from '../../server/db';
import { COLD_HOME_NAME, GREETING_MARK, type ColdHome } from '../../src/screens/home/keptHomeFormat';
import { START_SCREEN_FILES_ID } from '../../src/startScreen';
import { precompressFile } from '../../vite-plugins/precompress';
import { MODULE_CHUNKS_FILE } from '../../vite-plugins/start-chunk';
import { freshPglite, testConfig } from './harness';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = `export const greeting = ${JSON.stringify('Как вы себя чувствуете сегодня? '.repeat(200))};\n`;
const INLINE = "document.title = 'Мой помощник';";
const INDEX = `<!doctype html><html lang="ru"><head><title>app</title></head><body>${'<div></div>'.repeat(100)}<script>${INLINE}</script></body></html>`;
/** The script-src of a Content-Security-Policy header. */
const scriptSrc = (header: unknown) => /(?:^|;)\s*script-src ([^;]*)/.exec(String(header))?.[1];
const TINY = 'x()';

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe('static client, pre-compressed', () => {
  let dist: string;
  let database: Database;
  let app: FastifyInstance;
  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'client-serving-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'home-abc123.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'tiny-def456.js'), TINY);
    for (const file of ['index.html', 'assets/home-abc123.js', 'assets/tiny-def456.js'])
      await precompressFile(join(dist, file));
    database = await freshPglite();
    app = await buildApp({ database, config: testConfig(), client: staticClient(dist) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('the build helper writes smaller brotli and gzip copies, and none that would not be smaller', () => {
    for (const file of ['index.html', 'assets/home-abc123.js']) {
      const original = readFileSync(join(dist, file));
      const br = readFileSync(join(dist, `${file}.br`));
      const gz = readFileSync(join(dist, `${file}.gz`));
      expect(br.length).toBeLessThan(gz.length);
      expect(gz.length).toBeLessThan(original.length);
      expect(brotliDecompressSync(br)).toEqual(original);
      expect(gunzipSync(gz)).toEqual(original);
    }
    expect(existsSync(join(dist, 'assets', 'tiny-def456.js.br'))).toBe(false);
    expect(existsSync(join(dist, 'assets', 'tiny-def456.js.gz'))).toBe(false);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip, br;q=0', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['deflate', undefined],
    ['identity', undefined],
    [undefined, undefined],
  ])('a hashed asset with Accept-Encoding %s → %s, immutable, Vary: Accept-Encoding', async (accept, encoding) => {
    const res = await get('/assets/home-abc123.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(decoded(res.rawPayload, encoding)).toBe(SCRIPT);
  });

  it('brotli is smaller on the wire than gzip, gzip than the file itself', async () => {
    const sizes = await Promise.all(
      ['br', 'gzip', 'identity'].map(async (e) => (await get('/assets/home-abc123.js', e)).rawPayload.length),
    );
    expect(sizes[0]).toBeLessThan(sizes[1]!);
    expect(sizes[1]).toBeLessThan(sizes[2]!);
  });

  it('a file without compressed copies goes out as itself', async () => {
    const res = await get('/assets/tiny-def456.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(TINY);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('index.html — at / and as the SPA fallback — is compressed too and never cached without revalidation', async () => {
    for (const url of ['/', '/index.html', '/app/home', '/app/diary/123', '/init?from=%2Fapp%2Fdiary']) {
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const res = await get(url, accept);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers.vary, url).toMatch(/accept-encoding/i);
        expect(decoded(res.rawPayload, encoding), url).toBe(INDEX);
      }
    }
  });

  it('index.html may run its own inline script, found by its SHA-256; no other answer may run any', async () => {
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    for (const url of ['/', '/app/home']) {
      for (const accept of ['br', 'gzip', undefined]) {
        expect(scriptSrc((await get(url, accept)).headers['content-security-policy']), url).toBe(
          `'self' ${hash(INLINE)}`,
        );
      }
    }
    expect(scriptSrc((await get('/assets/home-abc123.js', 'br')).headers['content-security-policy'])).toBe("'self'");
    expect(scriptSrc((await get('/api/unknown')).headers['content-security-policy'])).toBe("'self'");

    // A new build's index.html is read again (its inline script changed).
    const index = join(dist, 'index.html');
    writeFileSync(index, INDEX.replace(INLINE, 'void 0;'));
    utimesSync(index, new Date(), new Date(Date.now() + 5_000));
    try {
      expect(scriptSrc((await get('/')).headers['content-security-policy'])).toBe(`'self' ${hash('void 0;')}`);
    } finally {
      writeFileSync(index, INDEX);
    }
  });

  it('a missing asset stays a 404 (no fallback to index.html, nor to a compressed copy), /api stays JSON', async () => {
    for (const accept of ['gzip, deflate, br', undefined]) {
      expect((await get('/assets/missing-000.js', accept)).statusCode).toBe(404);
      const api = await get('/api/unknown', accept);
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ detail: 'Не найдено' });
    }
  });
});

describe('the production build', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'client-build-'));
    await buildClient(ROOT, outDir);
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy beside index.html and every script worth compressing', () => {
    const scripts = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    for (const file of ['index.html', ...scripts.map((s) => `assets/${s}`)]) {
      const original = readFileSync(join(outDir, file));
      if (original.length < 1024) continue; // tiny chunks may not shrink
      expect(brotliDecompressSync(readFileSync(join(outDir, `${file}.br`))), file).toEqual(original);
      expect(gunzipSync(readFileSync(join(outDir, `${file}.gz`))), file).toEqual(original);
    }
    expect(findDevelopmentRuntime(outDir)).toBeNull();
  }, 60_000); // it reads and unpacks every script twice: over 30 s on a busy 2-core machine

  it('index.html preloads the entry’s imports and lists boot.tsx’s and each start screen’s files, after its early script', () => {
    type Chunk = { file: string; isEntry?: boolean; imports?: string[] };
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
    // Modules merged into a chunk of another name (the app shell and home, vite-plugins/start-chunk.ts) are found
    // through the build's module → chunk map; every other module is a manifest key itself.
    const moduleChunks = JSON.parse(readFileSync(join(outDir, MODULE_CHUNKS_FILE), 'utf8')) as Record<string, string>;
    const keyOf = (module: string) =>
      module in manifest ? module : Object.keys(manifest).find((key) => manifest[key]!.file === moduleChunks[module])!;
    const closure = (modules: string[]) => {
      const keys = modules.map(keyOf);
      const seen = new Set<string>();
      const visit = (key: string) => {
        if (seen.has(key)) return;
        seen.add(key);
        manifest[key]!.imports?.forEach(visit);
      };
      keys.forEach(visit);
      return new Set([...seen].map((key) => `/${manifest[key]!.file}`));
    };
    const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const entry = closure([entryKey]);
    const boot = closure(['src/boot.tsx']);
    const entryFile = `/${manifest[entryKey]!.file}`;
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const preloaded = new Set(
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!),
    );
    // The early sign-in waits for no round trip of its own: whatever the entry imports statically (the launch
    // parameters' small chunk, shared with the SDK's start-up) index.html fetches beside it. boot.tsx's files are
    // listed for the early script, which preloads them once the kept home is painted (decision 0277).
    expect(preloaded).toEqual(new Set([...entry].filter((file) => file !== entryFile)));

    const list = new RegExp(`<script type="application/json" id="(${START_SCREEN_FILES_ID})">([^<]+)</script>`).exec(
      html,
    )!;
    expect(list[1]).toBe(START_SCREEN_FILES_ID);
    const { boot: bootList, ...screens } = JSON.parse(list[2]!) as Record<string, string[]>;
    expect(new Set(bootList)).toEqual(new Set([...boot].filter((file) => !entry.has(file))));
    expect(bootList).toContain(`/${moduleChunks['src/boot.tsx']}`);
    expect(bootList).toContain(`/${moduleChunks['src/screens/home/HomeScreen.tsx']}`); // home is in the app's chunk

    // The order the parser meets them: the container, the early script, then the entry and the lists.
    const order = [
      '<div id="root"></div>',
      '<script>',
      `<script type="module" crossorigin src="${entryFile}">`,
      list[0],
    ];
    const at = order.map((tag) => html.indexOf(tag));
    expect(
      at.every((i) => i > html.indexOf('<body>')),
      'all in the body',
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const only = (keys: string[]) => [...closure(keys)].filter((file) => !entry.has(file) && !boot.has(file)).sort();
    expect([...screens.home!].sort()).toEqual(only(['src/layouts/TabsLayout.tsx', 'src/screens/home/HomeScreen.tsx']));
    expect([...screens.onboarding!].sort()).toEqual(only(['src/screens/onboarding/OnboardingScreen.tsx']));
    for (const file of Object.values(screens).flat()) expect(existsSync(join(outDir, file)), file).toBe(true);
  });

  it('index.html names home’s first frame, a file of the build, for the early script (decision 0285)', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const meta = new RegExp(`<meta name="${COLD_HOME_NAME}" content="(/assets/[\\w.-]+\\.json)">`).exec(html)!;
    expect(meta.index).toBeLessThan(html.indexOf('</head>'));
    const cold = JSON.parse(readFileSync(join(outDir, meta[1]!), 'utf8')) as ColdHome;
    expect(Object.keys(cold).sort()).toEqual(['css', 'html']);
    // Home before its data: the greeting to be written afresh, the prompt, the check-in, the three cards, the week
    // loading and the tabs (src/copy/home.ts, checkin.ts, homeWeek.ts and nav.ts say the same words).
    for (const words of [
      GREETING_MARK,
      'Как вы себя чувствуете сегодня?',
      'Настроение сегодня',
      'aria-label="Хорошее"',
      'Чат с помощником',
      'Практики',
      'Дневник',
      'Загружаем вашу неделю…',
      'Профиль',
    ])
      expect(cold.html, words).toContain(words);
    expect(cold.html.startsWith('<div')).toBe(true);
    // Its styles: the page's own rules and the components' classes, none of styled-components' bookkeeping.
    expect(cold.css).toContain('box-sizing:border-box');
    for (const name of new Set([...cold.html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '))))
      if (!name.startsWith('sc-')) expect(cold.css, name).toContain(`.${name}`);
    expect(cold.css).not.toContain('data-styled');
  });

  it("the development-runtime guard still finds React's development build beside its compressed copies", async () => {
    const dev = mkdtempSync(join(tmpdir(), 'client-dev-'));
    try {
      mkdirSync(join(dev, 'dist', 'assets'), { recursive: true });
      writeFileSync(join(dev, 'dist', 'index.html'), INDEX);
      const script = join(dev, 'dist', 'assets', 'index-abc.js');
      writeFileSync(script, `throw Error(${JSON.stringify(REACT_DEVELOPMENT_MARKER)});${SCRIPT}`);
      await precompressFile(script);
      expect(findDevelopmentRuntime(join(dev, 'dist'))).toBe(script);
      expect(clientBuildIsStale(dev)).toBe(true);
    } finally {
      rmSync(dev, { recursive: true, force: true });
    }
  });
});
