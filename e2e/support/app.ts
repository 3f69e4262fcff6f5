// `test` with the fixture most specs open with: `app`, the playground opened (a run on screen,
// the tour closed). After the test, the page must have logged no console error.
import { expect, test as base } from '@playwright/test';
import { PlaygroundPage } from '../pages/playground';

export const test = base.extend<{ app: PlaygroundPage }>({
  app: async ({ page }, use) => {
    const app = await new PlaygroundPage(page).open();
    await use(app);
    expect(app.consoleErrors).toEqual([]);
  },
});
