// Renders home's first frame (src/screens/home/renderColdHome.tsx) at build time into an asset of its own,
// `assets/cold-home-<hash>.json`, and names it in index.html's head (`<meta name="cold-home">`): index.html's early
// script fetches and paints it when the device has no home of its own kept (src/earlyPaint.ts, decision 0285). Not
// in index.html itself: a return visit, most opens, would download and parse it for nothing.
import { createServer, type Plugin } from 'vite';

export function coldHome({ module, name }: { module: string; name: string }): Plugin {
  let root = '';
  let base = '/';
  let fileName = '';
  return {
    name: 'cold-home',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle: {
      order: 'pre', // before index.html is written (vite:build-html), which names the file
      async handler() {
        // Vite's own server-side rendering of the module, as the app's source is written (import.meta.env, .tsx).
        const server = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, watch: null },
          // Transformed by Vite, not imported by Node: under the test runner Node's import gave styled-components' CJS
          // build, whose default export is not `styled`.
          ssr: { noExternal: ['styled-components'] },
        });
        try {
          const { renderColdHome } = (await server.ssrLoadModule(`/${module}`)) as { renderColdHome: () => unknown };
          const ref = this.emitFile({ type: 'asset', name: `${name}.json`, source: JSON.stringify(renderColdHome()) });
          fileName = this.getFileName(ref);
        } finally {
          await server.close();
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'meta', attrs: { name, content: `${base}${fileName}` }, injectTo: 'head' }],
    },
  };
}
