// The workload a topology preset comes with when none of the draft's traffic fits it: flows
// of the web-search distribution between its hosts, calibrated to a load on the most loaded
// link, over TCP (as the AIFO paper runs its leaf-spine: a congestion-controlled sender does
// not collide at its own NIC the way UDP at line rate does), and a run length that keeps the
// trace within the browser's budget at the preset's link speeds.
import type { Workload } from './types';

export interface PresetTraffic {
  readonly traffic: readonly Workload[];
  /** The run's length for this preset (null: keep the draft's). */
  readonly duration: string | null;
  /** What it is, for the notice. */
  readonly what: string;
}

/** Run lengths by preset: data-centre fabrics at 10-40 Gbps get milliseconds, the WAN its RTTs. */
const DURATIONS: Readonly<Record<string, string>> = {
  fat_tree: '5ms',
  leaf_spine: '5ms',
  internet2: '200ms',
};

export function presetTraffic(preset: string): PresetTraffic {
  const load = 0.5;
  const duration = DURATIONS[preset] ?? null;
  const workload: Workload = { kind: 'workload', id: 'web', load, sizes: { dist: 'web_search' }, transport: 'tcp' };
  return {
    traffic: [workload],
    duration,
    what: `web-search flows over TCP between its hosts at ${load * 100}% load${duration ? `, for ${duration}` : ''}`,
  };
}
