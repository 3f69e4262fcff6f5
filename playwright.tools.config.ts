import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// Tools that drive the production build but are not tests: the frame-time benchmark
// (npm run bench:frames) and the README screenshots (npm run screenshots). Kept out of
// `npm run test:e2e`, whose config only matches *.spec.ts.
export default defineConfig({
  ...base,
  testMatch: ['bench/**/*.bench.ts', 'tools/**/*.shots.ts'],
  timeout: 180_000,
  reporter: 'list',
});
