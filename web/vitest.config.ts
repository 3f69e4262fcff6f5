import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { galleryMeta } from './galleryMeta';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [galleryMeta()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
});
