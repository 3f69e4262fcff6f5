// A replay catalog in the core's shape (its `replay_catalog` JSON), for tests that do not load
// the wasm core: four of its modes. replayNames.core.test.ts checks each entry against the
// real catalog, so this cannot drift from the core.
import type { ModeInfo } from './types';

const mode = (m: ModeInfo['mode'], display: string, preemptive: boolean, other: string): ModeInfo => ({
  mode: m, display, summary: `${display}'s summary`, preemptive_by_default: preemptive,
  name_nonpreemptive: preemptive ? `${m}_${other}` : m, name_preemptive: preemptive ? m : `${m}_${other}`,
});

export const TEST_REPLAY_MODES: readonly ModeInfo[] = [
  mode('lstf', 'LSTF', false, 'preemptive'),
  mode('edf', 'EDF', false, 'preemptive'),
  mode('priority', 'Simple priorities o(p)', false, 'preemptive'),
  mode('omniscient', 'Omniscient header', true, 'nonpreemptive'),
];

export const TEST_REPLAY_CATALOG = JSON.stringify({ modes: TEST_REPLAY_MODES });
