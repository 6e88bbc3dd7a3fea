// React Router's production build lets the bundler drop almost nothing the app does not use: its module-level
// `React.createContext(…)`, `React.forwardRef(…)` and `React.memo(…)` calls carry no pure annotation, and each
// `X.displayName = "…"` is a property write, so every context, `Link`, `NavLink`, `Form`, `ScrollRestoration` and all
// they reach (prefetching, fetchers, framework mode) stayed in `vendor` — even for an app that only reads
// `useLocation`. This plugin marks those three calls pure and drops the display names (only React's developer tools
// read them) in the router's files; what the app imports is kept as it was (docs/client.md, "First load").
import type { Plugin } from 'vite';

const ROUTER_FILE = /\/node_modules\/react-router\/dist\/production\/[^/]+\.m?js$/;
const UNANNOTATED_CALL = /= (React\d*\.(?:createContext|forwardRef|memo))\(/g;
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/** The router's module-level component and context definitions made removable when unused. */
export function pureRouter(): Plugin {
  return {
    name: 'pure-router',
    apply: 'build',
    transform(code, id) {
      if (!ROUTER_FILE.test(id)) return null;
      return { code: code.replace(UNANNOTATED_CALL, '= /* @__PURE__ */ $1(').replace(DISPLAY_NAME, ''), map: null };
    },
  };
}
