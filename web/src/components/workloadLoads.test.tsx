// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunSummary } from '../sim/types';
import { WorkloadLoads } from './WorkloadLoads';

afterEach(cleanup);

// A run of 2 s whose workload sent for its first 100 ms: its link was busy 50 ms of them
// (50%) and 57.4 ms of the run (2.87%); two other links tie with it at the target.
const summary = {
  nodes: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
  ports: [{ node: 0, to: 1 }, { node: 1, to: 2 }, { node: 2, to: 0 }],
  workloads: [{
    id: 'w', flows: 10, target_load: 0.7, port: 0, measured_load: 0.0287, active_start_ns: 0, active_end_ns: 100_000_000,
    active_load: 0.5, crossing: 0.1, mean_size: 20000,
    links: [
      { port: 0, expected_load: 0.7, measured_load: 0.0287, active_load: 0.5 },
      { port: 1, expected_load: 0.7, measured_load: 0.03, active_load: 0.61 },
      { port: 2, expected_load: 0.7, measured_load: 0.03, active_load: 0.64 },
    ],
  }],
} as unknown as RunSummary;

describe('WorkloadLoads', () => {
  it('shows the target beside the load measured over the active period and over the run', () => {
    render(<WorkloadLoads runs={[{ label: 'random', colour: '#000', dash: '', summary }]} />);
    const row = screen.getByTestId('workload-load-w');
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['70.0%', 'a → b', '50.0%', '2.9%', '0 s – 100 ms', '2: 61.0% – 64.0%']);
  });

  it('is absent without workloads', () => {
    render(<WorkloadLoads runs={[{ label: 'fifo', colour: '#000', dash: '', summary: { ...summary, workloads: [] } }]} />);
    expect(screen.queryByTestId('workload-loads')).toBeNull();
  });
});
