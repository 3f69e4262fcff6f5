import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The first wasm module's file in the build (web/src/sim/modules.ts loads it in the worker). */
const FIRST_MODULE = /(^|\/)sched_wasm_first_bg-[^/]*\.wasm$/;

/**
 * `<link rel="preload">` for the worker's first wasm module in the built index.html (issue 41):
 * the browser fetches it beside the main script instead of after the script, the worker's
 * script and the worker's start, one after the other. `as="fetch"` with `crossorigin` matches
 * the worker's own fetch of the same URL, which the HTTP cache then answers. And the boot script
 * (src/boot.ts), first in the page, which starts the worker before the main script has loaded.
 */
export function firstModulePreload(): Plugin {
  return {
    name: 'first-module-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.filename.endsWith('index.html')) return [];
        const file = Object.keys(ctx.bundle ?? {}).find((f) => FIRST_MODULE.test(f));
        if (file === undefined) throw new Error('first-module-preload: no sched_wasm_first_bg-*.wasm in the build (npm run build:wasm)');
        const preload: HtmlTagDescriptor = { tag: 'link', attrs: { rel: 'preload', href: `./${file}`, as: 'fetch', type: 'application/wasm', crossorigin: '' }, injectTo: 'head' };
        // The boot script (src/boot.ts: starts the simulation worker) before the main script, and
        // the chunks it imports: it runs as soon as they arrive, while the main script loads.
        const boot = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'boot');
        if (boot?.type !== 'chunk') throw new Error('first-module-preload: no boot entry chunk (web/vite.config.ts input.boot)');
        return [
          preload,
          ...boot.imports.map((f): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `./${f}` }, injectTo: 'head-prepend' })),
          { tag: 'script', attrs: { type: 'module', crossorigin: '', src: `./${boot.fileName}` }, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}
