import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { coldHome } from './vite-plugins/cold-home.ts';
import { inlineScript } from './vite-plugins/inline-script.ts';
import { launchPreload } from './vite-plugins/launch-preload.ts';
import { offlineShell } from './vite-plugins/offline-shell.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { pureRouter } from './vite-plugins/pure-router.ts';
import { reactRouterProduction } from './vite-plugins/react-router-production.ts';
import { startChunk } from './vite-plugins/start-chunk.ts';

// The client build. The API server serves dist/ (see server/start/client.ts); in dev it mounts Vite as middleware.

/** The app shell and home, the screen most launches end on: one chunk (vite-plugins/start-chunk.ts). */
const START_CHUNK = ['src/boot.tsx', 'src/layouts/TabsLayout.tsx', 'src/screens/home/HomeScreen.tsx'];

export default defineConfig(({ command }) => {
  const start = startChunk(START_CHUNK);
  return {
    resolve: {
      // React Router's production build, not the development one its package exports name in every mode.
      alias: command === 'build' ? reactRouterProduction : [],
    },
    plugins: [
      react(),
      pureRouter(),
      launchPreload({
        boot: 'src/boot.tsx',
        // The lazily loaded modules of each start screen (src/routeChunks.ts `startScreenChunks`).
        startScreens: {
          home: ['src/layouts/TabsLayout.tsx', 'src/screens/home/HomeScreen.tsx'],
          onboarding: ['src/screens/onboarding/OnboardingScreen.tsx'],
        },
        listId: 'start-screen-files', // START_SCREEN_FILES_ID, read by src/startScreen.ts
      }),
      start.plugin,
      // sw.js: the safety plan opens without a network (the app's files of its route are cached on the device).
      offlineShell({
        modules: ['src/layouts/FullHeightLayout.tsx', 'src/screens/safety-plan/SafetyPlanScreen.tsx'],
      }),
      // The home this device kept, painted while index.html is parsed (decision 0277).
      inlineScript('src/earlyPaint.ts'),
      // Home's first frame, which that script paints when nothing is kept (decision 0285).
      coldHome({ module: 'src/screens/home/renderColdHome.tsx', name: 'cold-home' }), // COLD_HOME_NAME
      precompress(),
    ],
    build: {
      outDir: 'dist',
      sourcemap: false,
      target: 'es2022',
      manifest: true,
      rolldownOptions: {
        output: {
          // The libraries every screen runs on (and their dependencies), in one chunk: left to themselves they land
          // in six files, each compressed alone and fetched as a request of its own; together they are 3.6 KB smaller
          // (brotli) on the first load (docs/client.md, "First load"). Lazily used libraries (framer-motion, date-fns)
          // stay apart.
          codeSplitting: {
            groups: [
              {
                name: 'vendor',
                test: /^\0rolldown\/runtime|node_modules\/(react|react-dom|react-router|react-router-dom|styled-components|xstate|@xstate\/react)\//,
                priority: 2,
              },
              { name: 'app', test: start.test, includeDependenciesRecursively: false, priority: 1 },
            ],
          },
        },
      },
    },
  };
});
