// Renders home's first frame (src/screens/home/renderColdHome.tsx) at build time and puts it into index.html, before
// the app's container, as JSON: index.html's early script paints it when the device has no home of its own kept
// (src/earlyPaint.ts, decision 0285). It has to come before the script: the script runs while the page is parsed.
import { createServer, type Plugin } from 'vite';

/** `value` as JSON that cannot end the `<script>` element carrying it. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function coldHome({ module, id }: { module: string; id: string }): Plugin {
  let root = '';
  return {
    name: 'cold-home',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
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
          const { renderColdHome } = (await server.ssrLoadModule(`/${module}`)) as {
            renderColdHome: () => unknown;
          };
          const tag = `<script type="application/json" id="${id}">${scriptJson(renderColdHome())}</script>`;
          return html.replace(/<div id="root"><\/div>/, (container) => `${tag}\n    ${container}`);
        } finally {
          await server.close();
        }
      },
    },
  };
}
