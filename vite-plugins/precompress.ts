// Brotli and gzip copies of the built text files, written beside them (`app.js` → `app.js.br`, `app.js.gz`), so the
// server sends compressed bytes without compressing per request (server/start/client.ts serves them by
// Accept-Encoding). At build time compression can afford its slowest, smallest settings.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/;

/** The settings of both copies of `length` bytes of text (bench/bundle.ts sizes inline scripts with them too). */
export const compression = (length: number) => ({
  brotli: {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: length,
    },
  },
  gzip: { level: constants.Z_BEST_COMPRESSION },
});

export async function precompressFile(path: string): Promise<void> {
  const original = await readFile(path);
  const settings = compression(original.length);
  const [br, gz] = await Promise.all([brotli(original, settings.brotli), gzipAsync(original, settings.gzip)]);
  // A copy no smaller than the file is left out: the server then sends the file itself.
  await Promise.all([
    br.length < original.length ? writeFile(`${path}.br`, br) : undefined,
    gz.length < original.length ? writeFile(`${path}.gz`, gz) : undefined,
  ]);
}

export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite/'));
      await Promise.all(files.map((file) => precompressFile(join(dir, file))));
    },
  };
}
