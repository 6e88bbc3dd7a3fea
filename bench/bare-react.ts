// The yardstick of the first load (issue 29): a bare React 19 page — the project's own react and react-dom, minified,
// production, in one script — that renders one trivial component saying `text`, served brotli-compressed (maximum
// quality, as the app's build) over loopback HTTP with the app's cache headers. The home-load bench opens it on the
// same slow-phone profile in the same run as home, so the ratio of the two does not depend on the machine's load.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'vite';
import { findDevelopmentRuntime, ROOT } from '../server/start/client-build';

export interface BarePage {
  url: string;
  /** The one script's size as served (brotli), bytes. */
  scriptBrotliBytes: number;
  close(): Promise<void>;
}

const brotli = (data: Buffer) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });

/**
 * Builds the page with Vite (the app's bundler; sources in node_modules/.cache so that `react` resolves to the
 * project's own copy) and serves it: `/` as index.html (no-cache), `/assets/*` immutable, both brotli.
 */
export async function serveBareReact(text: string): Promise<BarePage> {
  const work = join(ROOT, 'node_modules', '.cache', `bench-bare-react-${process.pid}`);
  const outDir = join(work, 'dist');
  mkdirSync(work, { recursive: true });
  try {
    writeFileSync(
      join(work, 'index.html'),
      '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
        '<title>React</title></head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
    );
    writeFileSync(
      join(work, 'main.js'),
      [
        "import { createElement as h } from 'react';",
        "import { createRoot } from 'react-dom/client';",
        `function App() { return h('main', null, h('h1', null, 'Привет'), h('p', null, ${JSON.stringify(text)})); }`,
        "createRoot(document.getElementById('root')).render(h(App));",
      ].join('\n'),
    );
    await build({
      configFile: false,
      root: work,
      mode: 'production',
      logLevel: 'warn',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: { outDir, emptyOutDir: true, minify: true, modulePreload: false, reportCompressedSize: false },
    });
    const development = findDevelopmentRuntime(outDir);
    if (development) throw new Error(`the bare React page holds React's development runtime: ${development}`);
    const scripts = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
    if (scripts.length !== 1) throw new Error(`the bare React page must be one script, got ${scripts.join(', ')}`);
    const files = new Map<string, { body: Buffer; type: string; cache: string }>([
      ['/', { body: brotli(readFileSync(join(outDir, 'index.html'))), type: 'text/html', cache: 'no-cache' }],
      [
        `/assets/${scripts[0]}`,
        {
          body: brotli(readFileSync(join(outDir, 'assets', scripts[0]!))),
          type: 'text/javascript',
          cache: 'public, max-age=31536000, immutable',
        },
      ],
    ]);
    const server: Server = createServer((req, res) => {
      const file = files.get(new URL(req.url ?? '/', 'http://x').pathname);
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, {
        'content-type': `${file.type}; charset=utf-8`,
        'content-encoding': 'br',
        'cache-control': file.cache,
        vary: 'Accept-Encoding',
      });
      res.end(file.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/`,
      scriptBrotliBytes: files.get(`/assets/${scripts[0]}`)!.body.length,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
