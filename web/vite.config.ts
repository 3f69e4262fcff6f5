import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { galleryMeta } from './galleryMeta';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// The app lives in web/, but imports the wasm package (wasm-core/wasm/pkg) and the default
// scenario (scenarios/) from the repository root, so the dev server may read the whole repo.
// The gallery bundles each scenario file's name and description (galleryMeta.ts); a file's text
// is a chunk of its own, loaded when it is chosen.
// Two pages: the playground (index.html) and the benchmarks (bench.html, which imports the
// benchmark scenarios from wasm-core/cli/bench/).
export default defineConfig({
  root: webDir,
  base: './',
  publicDir: `${repoRoot}public`,
  plugins: [react(), galleryMeta()],
  worker: { format: 'es' },
  server: { fs: { allow: [repoRoot] } },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: {
    outDir: `${repoRoot}dist`,
    emptyOutDir: true,
    target: 'es2022',
    // rolldownOptions: Vite 8's name for rollupOptions (which it keeps as a deprecated alias).
    rolldownOptions: {
      input: { main: `${webDir}index.html`, bench: `${webDir}bench.html` },
    },
  },
});
