import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-plugins/precompress.ts';

// The client build. The API server serves dist/ (see server/start/client.ts); in dev it mounts Vite as middleware.
export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: 'dist', sourcemap: false, target: 'es2022', manifest: true },
});
