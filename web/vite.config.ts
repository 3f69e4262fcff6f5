import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { firstModulePreload } from './firstModulePreload';
import { galleryMeta } from './galleryMeta';

/**
 * The built pages' Content-Security-Policy (issue 42: share links are strangers' input): scripts,
 * workers and the wasm module only from the site itself ('wasm-unsafe-eval' lets the worker
 * compile the core, nothing else), no plugins, no framing, no forms, no other origin to send
 * anything to. Injected at build time only: the dev server's React refresh needs an inline script.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    // After firstModulePreload's tags (listed after it, both 'post'), so that the policy is first in <head>.
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' },
      ],
    },
  };
}

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
  plugins: [react(), galleryMeta(), firstModulePreload(), contentSecurityPolicy()],
  worker: { format: 'es' },
  server: { fs: { allow: [repoRoot] } },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: {
    outDir: `${repoRoot}dist`,
    emptyOutDir: true,
    target: 'es2022',
    // rolldownOptions: Vite 8's name for rollupOptions (which it keeps as a deprecated alias).
    rolldownOptions: {
      // boot: index.html's first script, which starts the simulation worker (src/boot.ts).
      input: { main: `${webDir}index.html`, bench: `${webDir}bench.html`, boot: `${webDir}src/boot.ts` },
    },
  },
});
