import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

// React Router 7's package exports point at its development build whatever the mode (extra checks and warning
// messages); the production build beside it is the same code without them. Both of its entry points are aliased so
// a build gets one copy of the router (react-router-dom imports both). Used by the app's build and the first-load
// bench's stack page.
const file = (name: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${name}`, import.meta.url));

export const reactRouterProduction: Alias[] = [
  { find: /^react-router$/, replacement: file('index.mjs') },
  { find: /^react-router\/dom$/, replacement: file('dom-export.mjs') },
];
