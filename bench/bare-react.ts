// The yardsticks of the first load (issue 29), each one script served brotli-compressed (maximum quality, as the
// app's build) over loopback HTTP with the app's cache headers, rendering a trivial screen that says `text`:
// - the bare React 19 page: the project's own react and react-dom, minified, production — the budget's measure;
// - the stack page: the libraries every screen of the app runs on (DESIGN.md's stack, the build's `vendor` chunk:
//   React, React Router, styled-components, XState and @xstate/react), each doing the least a screen does with it —
//   the floor the app's own code stands on.
// The home-load bench opens them on the same slow-phone profile in the same run as home, so the ratios do not depend
// on the machine's load.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build, type PluginOption } from 'vite';
import { findDevelopmentRuntime, ROOT } from '../server/start/client-build';
import { pureRouter } from '../vite-plugins/pure-router';
import { reactRouterProduction } from '../vite-plugins/react-router-production';

export interface BarePage {
  url: string;
  /** The one script's size as served (brotli), bytes. */
  scriptBrotliBytes: number;
  close(): Promise<void>;
}

const brotli = (data: Buffer) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });

/** The bare page's module: React alone. */
const bareModule = (text: string) => [
  "import { createElement as h } from 'react';",
  "import { createRoot } from 'react-dom/client';",
  `function App() { return h('main', null, h('h1', null, 'Привет'), h('p', null, ${JSON.stringify(text)})); }`,
  "createRoot(document.getElementById('root')).render(h(App));",
];

/** The stack page's module: a route, a themed styled screen and a running machine, as the app's home has. */
const stackModule = (text: string) => [
  "import { createElement as h } from 'react';",
  "import { createRoot } from 'react-dom/client';",
  "import { BrowserRouter, Route, Routes } from 'react-router-dom';",
  "import styled, { ThemeProvider } from 'styled-components';",
  "import { setup } from 'xstate';",
  "import { useMachine } from '@xstate/react';",
  "const machine = setup({}).createMachine({ id: 'home', initial: 'ready', states: { ready: {} } });",
  'const Screen = styled.main`padding: ${(p) => p.theme.space}; color: ${(p) => p.theme.text};`;',
  'const Title = styled.h1`margin: 0 0 8px; font: 600 22px/1.3 system-ui, sans-serif;`;',
  'function Home() {',
  '  const [state] = useMachine(machine);',
  `  return h(Screen, { 'data-state': state.value }, h(Title, null, 'Привет'), h('p', null, ${JSON.stringify(text)}));`,
  '}',
  "const theme = { space: '16px', text: '#000' };",
  "const app = h(BrowserRouter, null, h(Routes, null, h(Route, { path: '*', element: h(Home) })));",
  "createRoot(document.getElementById('root')).render(h(ThemeProvider, { theme }, app));",
];

/** The bare React page; see the top of this file. */
export const serveBareReact = (text: string) => servePage('bare-react', bareModule(text), []);

/** The stack page, built as the app's build treats the router (its production files, `pureRouter`). */
export const serveStackPage = (text: string) => servePage('stack', stackModule(text), [pureRouter()]);

/**
 * Builds a page of one module with Vite (the app's bundler; sources in node_modules/.cache so that the libraries
 * resolve to the project's own copies) and serves it: `/` as index.html (no-cache), `/assets/*` immutable, brotli.
 */
async function servePage(name: string, module: string[], plugins: PluginOption[]): Promise<BarePage> {
  const work = join(ROOT, 'node_modules', '.cache', `bench-${name}-${process.pid}`);
  const outDir = join(work, 'dist');
  mkdirSync(work, { recursive: true });
  try {
    writeFileSync(
      join(work, 'index.html'),
      '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
        '<title>React</title></head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
    );
    writeFileSync(join(work, 'main.js'), module.join('\n'));
    await build({
      configFile: false,
      root: work,
      mode: 'production',
      logLevel: 'warn',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      resolve: { alias: reactRouterProduction },
      plugins,
      build: { outDir, emptyOutDir: true, minify: true, modulePreload: false, reportCompressedSize: false },
    });
    const development = findDevelopmentRuntime(outDir);
    if (development) throw new Error(`the ${name} page holds React's development runtime: ${development}`);
    const scripts = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
    if (scripts.length !== 1) throw new Error(`the ${name} page must be one script, got ${scripts.join(', ')}`);
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
