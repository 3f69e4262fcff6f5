// The generated trace vocabulary (npm run schema) against the encoding the binding documents in
// wasm-core/wasm/README.md: the expected codes are read from that README, not from the schema.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DROP_REASON_LABELS, DROP_REASONS, EVENT_KINDS, EventKind, MARK_REASONS } from './types';

const readme = readFileSync(fileURLToPath(new URL('../../../wasm-core/wasm/README.md', import.meta.url)), 'utf8');
const section = readme.split(/^## /m).find((s) => s.startsWith('Trace event kinds')) ?? '';
/** The section's table, `| 4 | drop | port index | ... |`, as name -> code. */
const documented = new Map([...section.matchAll(/^\|\s*(\d+)\s*\|\s*([a-z_]+)\s*\|/gm)].map((m) => [m[2], Number(m[1])]));
/** "(0 buffer_full, 1 push_out, ...)" in the drop row. */
const dropList = /drop reason's code \(([^)]*)\)/.exec(readme)?.[1] ?? '';

describe('generated trace vocabulary', () => {
  it('gives the event kinds the codes the binding README documents', () => {
    // As the README's table has them: arrive 0, enqueue 1, drop 4, mark 7.
    expect(['arrive', 'enqueue', 'drop', 'mark'].map((k) => documented.get(k))).toEqual([0, 1, 4, 7]);
    expect([EventKind.Arrive, EventKind.Enqueue, EventKind.Drop, EventKind.Mark]).toEqual([0, 1, 4, 7]);
    expect([...documented].map(([name, code]) => EVENT_KINDS[code] === name)).not.toContain(false);
    expect(EVENT_KINDS).toHaveLength(documented.size);
  });

  it('lists drop reasons in the documented code order', () => {
    expect(dropList).toMatch(/^0 buffer_full, 1 push_out/);
    expect(DROP_REASONS[0]).toBe('buffer_full');
    expect(dropList).toBe(DROP_REASONS.map((r, i) => `${i} ${r}`).join(', '));
    expect(DROP_REASON_LABELS.buffer_full).toBe('buffer full');
    expect(MARK_REASONS[0]).toBe('ecn_threshold');
  });
});
