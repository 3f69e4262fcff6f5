// A scenario's golden trace hashes (scenarios/NAME.golden), as the e2e tests compare runs with them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A scenario's golden trace hashes (checked natively by `cargo test` and in wasm under Node):
 * its own run, and each `versus` run by scheduler name (every router on that scheduler), which
 * is what a comparison runs for that scheduler.
 */
export function goldens(scenario: string): { run: string; versus: Record<string, string> } {
  const text = readFileSync(fileURLToPath(new URL(`../../scenarios/${scenario}.golden`, import.meta.url)), 'utf8');
  const versus: Record<string, string> = {};
  let run = '';
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]{32}) (run|versus (.*))$/.exec(line);
    if (!m) continue;
    if (m[2] === 'run') run = m[1] ?? '';
    else versus[(JSON.parse(m[3] ?? '{}') as { name: string }).name] = m[1] ?? '';
  }
  return { run, versus };
}
