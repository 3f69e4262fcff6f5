import { describe, expect, it } from 'vitest';
import { cpuText, inlinedSweep, loaderOf, SCOREBOARD, targets } from './papers';

describe('the Papers view data', () => {
  it('has the five papers, every item with a status', () => {
    expect(SCOREBOARD.papers.map((p) => p.short)).toEqual(['UPS', 'LSTFCoDel', 'MR-tradeoff', 'FSC', 'AIFO']);
    for (const p of SCOREBOARD.papers) {
      const total = Object.values(p.counts).reduce((a, b) => a + b, 0);
      expect(total).toBe(p.items.length);
      for (const it of p.items) {
        // No claim: absent, or not measured with the reason no run can show it.
        if (it.claims.length === 0) expect(it.status === 'absent' || (it.status === 'unmeasured' && it.reason !== null)).toBe(true);
        else expect(it.status).not.toBe('absent');
      }
    }
  });

  it('opens every scenario and sweep file a claim names in the page, and names the CLI for each', () => {
    let sweeps = 0;
    for (const p of SCOREBOARD.papers) {
      for (const it of p.items) {
        for (const t of targets(it)) {
          expect(t.inPage).toBe(true);
          expect(loaderOf(t.file)).not.toBeNull();
          expect(t.sweep !== null).toBe(t.file.endsWith('.sweep.json'));
          if (t.sweep) {
            sweeps += 1;
            expect(t.sweep.runs).toBeGreaterThan(0);
            if (!t.paperScale) expect(t.command).toBe(`sched-cli sweep scenarios/${t.file}`);
          }
          if (t.paperScale) expect(t.command).toMatch(/^sched-cli reproduce /);
        }
      }
    }
    expect(sweeps).toBeGreaterThan(0);
  });

  it("writes a sweep's base in, as sched-cli sweep --inline does", async () => {
    const f = SCOREBOARD.files['middlebox/trace-driven-cpu.sweep.json'];
    expect(f?.base).toBe('middlebox/trace-driven-cpu.json');
    const spec = JSON.parse(await inlinedSweep('middlebox/trace-driven-cpu.sweep.json', f?.base ?? null)) as { base: unknown; axes: unknown };
    const base = JSON.parse(await (loaderOf('middlebox/trace-driven-cpu.json') as () => Promise<string>)()) as unknown;
    expect(spec.base).toEqual(base);
    expect(Array.isArray(spec.axes)).toBe(true);
    await expect(inlinedSweep('middlebox/none.sweep.json', null)).rejects.toThrow('scenarios/middlebox/none.sweep.json is not in the page');
  });

  it('writes CPU time in seconds, then minutes', () => {
    expect(cpuText(4.25)).toBe('4.3 s');
    expect(cpuText(42)).toBe('42 s');
    expect(cpuText(600)).toBe('10.0 min');
  });
});
