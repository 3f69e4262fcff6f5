import { describe, expect, it } from 'vitest';
import { chartSeries, defaultSetup, setupAxes, numericFields, parseSweepSetup, parseValues, spreadValues, sweepSpec, type SweepSetup, type Table } from './setup';
import defaultScenario from '../../../scenarios/default.json';

describe('the Sweep tab setup', () => {
  it('lists the numeric fields of a scenario, not its names and positions', () => {
    const paths = numericFields(defaultScenario).map((f) => f.path);
    expect(paths).toContain('traffic[1].rate');
    expect(paths).toContain('topology.links[3].bandwidth');
    expect(paths).toContain('duration');
    expect(paths.some((p) => p.includes('pos') || p === 'seed' || p === 'version')).toBe(false);
  });

  it('starts from the first traffic rate, five values around it, FIFO against fair queueing', () => {
    const s = defaultSetup(defaultScenario);
    expect(s.param).toBe('traffic[0].rate');
    // 4Mbps x 0.5, 0.75, 1, 1.25, 1.5
    expect(s.values).toEqual(['2Mbps', '3Mbps', '4Mbps', '5Mbps', '6Mbps']);
    expect(s.schedulers).toEqual(['fifo', 'fq']);
    // A load stays below 1; a count of packets stays whole.
    expect(spreadValues(0.8)).toEqual(['0.4', '0.6', '0.8', '0.99', '0.99']);
    expect(spreadValues('10pkt')).toEqual(['5pkt', '8pkt', '10pkt', '13pkt', '15pkt']);
    expect(parseValues(' 1Mbps, 2Mbps;3Mbps  4Mbps,')).toEqual(['1Mbps', '2Mbps', '3Mbps', '4Mbps']);
  });

  it('writes the sweep file the core reads: the parameter, then every router on each scheduler, seeds 1..n', () => {
    const setup: SweepSetup = { param: 'traffic[2].rate', values: ['1Mbps', '0.5'], schedulers: ['fifo', 'sjf'], seeds: 2, metric: 'drop_fraction' };
    expect(sweepSpec({ name: 'x' }, setup, 'n')).toEqual({
      format: 'scheduler-playground/sweep', version: 1, name: 'n', base: { name: 'x' }, seeds: [1, 2],
      axes: [
        { name: 'traffic[2].rate', path: 'traffic[2].rate', values: ['1Mbps', 0.5] },
        { name: 'scheduler', path: 'scheduler', values: [{ name: 'fifo' }, { name: 'sjf' }] },
      ],
    });
    const bySched = sweepSpec({}, { ...setup, param: 'scheduler', values: ['lifo'] }, 'n') as { axes: unknown[] };
    expect(bySched.axes).toEqual([{ name: 'scheduler', path: 'scheduler', values: [{ name: 'lifo' }] }]);
  });

  it('draws a line per scheduler through the means, the band from the 95% interval', () => {
    const setup: SweepSetup = { param: 'load', values: ['2Mbps', '1Mbps'], schedulers: ['fifo', 'fq'], seeds: 3, metric: 'delay_mean_ns' };
    expect(setupAxes(setup)).toEqual({ x: 'load', line: 'scheduler' });
    expect(setupAxes({ ...setup, param: 'scheduler' })).toEqual({ x: 'scheduler', line: null });
    const summary: Table = {
      columns: ['load', 'scheduler', 'metric', 'n', 'mean', 'std', 'ci95'],
      rows: [
        ['2Mbps', 'fifo', 'delay_mean_ns', 3, 10, 1, 2],
        ['2Mbps', 'fifo', 'drop_fraction', 3, 0.1, 0, 0],
        ['1Mbps', 'fifo', 'delay_mean_ns', 3, 5, 1, 0.5],
        ['1Mbps', 'fq', 'delay_mean_ns', 1, 4, null, null],
        ['2Mbps', 'fq', 'delay_mean_ns', 0, null, null, null],
      ],
    };
    const { series, categorical } = chartSeries(summary, setupAxes(setup), 'delay_mean_ns');
    expect(categorical).toBe(false);
    expect(series.map((s) => s.label)).toEqual(['fifo', 'fq']);
    // Sorted by the parameter's number; the interval is mean +- ci95.
    expect(series[0]?.points).toEqual([
      { x: 1, label: '1Mbps', mean: 5, low: 4.5, high: 5.5, n: 3 },
      { x: 2, label: '2Mbps', mean: 10, low: 8, high: 12, n: 3 },
    ]);
    // One seed: no interval; an undefined mean: no point.
    expect(series[1]?.points).toEqual([{ x: 1, label: '1Mbps', mean: 4, low: 4, high: 4, n: 1 }]);
  });

  it('places names by their order, one line when there is no line axis', () => {
    const summary: Table = {
      columns: ['line', 'metric', 'n', 'mean', 'std', 'ci95'],
      rows: [['PIFO', 'm', 1, 3, null, null], ['AIFO', 'm', 1, 7, null, null]],
    };
    const { series, categorical } = chartSeries(summary, { x: 'line', line: null }, 'm');
    expect(categorical).toBe(true);
    expect(series).toEqual([{ label: 'every router', points: [
      { x: 0, label: 'PIFO', mean: 3, low: 3, high: 3, n: 1 },
      { x: 1, label: 'AIFO', mean: 7, low: 7, high: 7, n: 1 },
    ] }]);
  });

  it('checks a link\'s sweep before using it', () => {
    const good = { param: 'traffic[0].rate', values: ['1Mbps'], schedulers: ['fifo'], seeds: 2, metric: 'drop_fraction' };
    expect(parseSweepSetup(good)).toEqual({ ok: true, setup: good });
    expect(parseSweepSetup({ ...good, seeds: 0 })).toEqual({ ok: false, error: 'sweep.seeds: 1 to 10' });
    expect(parseSweepSetup({ ...good, values: Array(21).fill('1') })).toEqual({ ok: false, error: 'sweep.values: 1 to 20 values' });
    expect(parseSweepSetup('x').ok).toBe(false);
  });
});
