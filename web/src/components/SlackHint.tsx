import { useAppState, useController } from '../app/context';
import type { SlackSpec } from '../generated/scenario';
import { setField } from '../scenario/commands';
import type { SchedulerSpec } from '../scenario/types';
import { edit } from '../store/editorActions';

/** The slack rules offered (UPS Sec. 3), each for every packet, with what it aims at. */
const RULES: readonly { readonly id: string; readonly label: string; readonly slack: SlackSpec }[] = [
  { id: 'flow_size', label: 'flow size x 1 s: mean FCT (Sec. 3.1)', slack: { default: { policy: 'flow_size' } } },
  { id: 'constant', label: 'constant 1 s: tail delay (Sec. 3.2)', slack: { default: { policy: 'constant', value: '1s' } } },
  { id: 'fair', label: 'fair share, r_est 50 Mbps: fairness (Sec. 3.3)', slack: { default: { policy: 'fair', r_est: '50Mbps' } } },
];

/**
 * Under a scheduler that serves by slack (the registry's `reads`: LSTF, FIFO+) in a scenario
 * with no slack rule: says why it then behaves as FIFO+ and offers the rules, applying the one
 * chosen to the scenario's `slack`. Nothing otherwise.
 */
export function SlackHint({ spec }: { spec: SchedulerSpec | undefined }) {
  const { store } = useController();
  const registry = useAppState((s) => s.schedulers);
  const hasRule = useAppState((s) => s.history.present.slack != null);
  const info = spec ? registry.find((e) => e.name === spec.name) : undefined;
  if (!info?.reads.includes('slack') || hasRule) return null;
  return (
    <div className="hint-text caution slack-hint" data-testid="slack-hint">
      {info.display} serves the packet with the least slack, and this scenario gives packets none: each starts at slack 0,
      so it serves the one waiting longest in the network (as FIFO+ does). Give packets slack at the first router:
      <div className="slack-rules">
        {RULES.map((r) => (
          <button type="button" className="chip" key={r.id} data-testid={`slack-rule-${r.id}`}
            onClick={() => store.dispatch(edit((s) => setField(s, 'slack', r.slack)))}>
            {r.label}
          </button>
        ))}
      </div>
    </div>
  );
}
