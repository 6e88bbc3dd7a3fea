import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { launchPreload } from './vite-plugins/launch-preload.ts';
import { precompress } from './vite-plugins/precompress.ts';

// The client build. The API server serves dist/ (see server/start/client.ts); in dev it mounts Vite as middleware.
export default defineConfig({
  plugins: [
    react(),
    launchPreload({
      boot: 'src/boot.tsx',
      // The lazily loaded modules of each start screen (src/routeChunks.ts `startScreenChunks`).
      startScreens: {
        home: ['src/layouts/TabsLayout.tsx', 'src/screens/home/HomeScreen.tsx'],
        onboarding: ['src/screens/onboarding/OnboardingScreen.tsx'],
      },
      listId: 'start-screen-files', // START_SCREEN_FILES_ID, read by src/startScreen.ts
    }),
    precompress(),
  ],
  build: { outDir: 'dist', sourcemap: false, target: 'es2022', manifest: true },
});
