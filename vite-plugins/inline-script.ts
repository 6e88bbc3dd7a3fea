// Inlines a module, bundled on its own as a classic script, into index.html right after the app's container, and
// moves the head's scripts and preloads after it: it runs while the page is parsed, before any module script
// (src/earlyPaint.ts paints the kept home there, decision 0277). Left in the head, the entry's tags
// were parsed in a task of their own on a slow CPU, and the answers of the entry's files came before the body's.
// The server allows the inline script by its hash (server/start/client.ts, index.html's Content-Security-Policy).
// In development it is a module script instead (Vite's dev server allows inline scripts anyway).
import { resolve } from 'node:path';
import { build, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';

/** The head's tags that fetch or list the app's modules: Vite's entry script and preloads, JSON lists. */
const MODULE_TAGS = /\n\s*(<script\b[^>]*>[^<]*<\/script>|<link rel="modulepreload"[^>]*>)(?=[\s\S]*<\/head>)/g;

/** `code` inlined after the container, then the head's module tags. */
export function inlineAfterContainer(html: string, code: string): string {
  const moved: string[] = [];
  const rest = html.replace(MODULE_TAGS, (_match, tag: string) => {
    moved.push(tag);
    return '';
  });
  return rest.replace(/(<div id="root"><\/div>)/, (container) =>
    [container, `<script>${code}</script>`, ...moved].join('\n    '),
  );
}

export function inlineScript(entry: string): Plugin {
  let root = '';
  let command: 'build' | 'serve' = 'build';
  return {
    name: 'inline-script',
    configResolved(config) {
      root = config.root;
      command = config.command;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html): Promise<string | HtmlTagDescriptor[]> {
        if (command === 'serve')
          return [{ tag: 'script', attrs: { type: 'module', src: `/${entry}` }, injectTo: 'body-prepend' }];
        const output = (await build({
          configFile: false,
          root,
          logLevel: 'warn',
          build: {
            write: false,
            target: 'es2022',
            minify: true,
            lib: { entry: resolve(root, entry), formats: ['iife'], name: 'inlineScript' },
          },
        })) as Rolldown.RolldownOutput[];
        return inlineAfterContainer(html, output[0]!.output[0].code.trim());
      },
    },
  };
}
