import { describe, expect, it } from 'vitest';
import { cpuText, loaderOf, SCOREBOARD, targets } from './papers';

describe('the Papers view data', () => {
  it('has the five papers, every item with a status', () => {
    expect(SCOREBOARD.papers.map((p) => p.short)).toEqual(['UPS', 'LSTFCoDel', 'MR-tradeoff', 'FSC', 'AIFO']);
    for (const p of SCOREBOARD.papers) {
      const total = Object.values(p.counts).reduce((a, b) => a + b, 0);
      expect(total).toBe(p.items.length);
      for (const it of p.items) expect(it.status === 'absent').toBe(it.claims.length === 0);
    }
  });

  it('opens every scenario file a claim names, and names the CLI for sweeps', () => {
    for (const p of SCOREBOARD.papers) {
      for (const it of p.items) {
        for (const t of targets(it)) {
          const sweep = t.file.endsWith('.sweep.json');
          expect(t.inPage).toBe(!sweep);
          if (!sweep) expect(loaderOf(t.file)).not.toBeNull();
          if (t.paperScale) expect(t.command).toMatch(/^sched-cli reproduce /);
        }
      }
    }
  });

  it('writes CPU time in seconds, then minutes', () => {
    expect(cpuText(4.25)).toBe('4.3 s');
    expect(cpuText(42)).toBe('42 s');
    expect(cpuText(600)).toBe('10.0 min');
  });
});
