import { useAppState } from '../app/context';
import type { SchedulerSpec } from '../scenario/types';

/**
 * Under a scheduler with per-flow (or per-class) queues that can push out of the longest one
 * (its `drop` parameter offers "longest", as the registry lists it) while it drops the arriving
 * packet (drop-tail, the default): says what that shared drop-tail buffer does to fairness and
 * offers the longest-queue policy. Nothing otherwise.
 */
export function BufferHint({ spec, onChange }: { spec: SchedulerSpec | undefined; onChange: (spec: SchedulerSpec) => void }) {
  const registry = useAppState((s) => s.schedulers);
  const info = spec ? registry.find((e) => e.name === spec.name) : undefined;
  const drop = info?.params.find((p) => p.name === 'drop');
  const options = drop && 'options' in drop ? (drop.options as readonly string[]) : [];
  const current = spec?.params?.drop ?? drop?.default;
  if (!spec || !info || !options.includes('longest') || current !== 'tail') return null;
  return (
    <div className="hint-text caution" data-testid="buffer-hint">
      {info.display} gives each flow its own queue, but the queues share the port&apos;s buffer and a full buffer drops the
      arriving packet (drop-tail): the flow sending fastest fills it, and the others lose packets they were owed, so the
      shares stay unfair at the buffer. Dropping from the longest queue keeps each flow&apos;s share:{' '}
      <button type="button" className="chip" data-testid="buffer-longest"
        onClick={() => onChange({ ...spec, params: { ...spec.params, drop: 'longest' } })}>
        drop from the longest queue
      </button>
    </div>
  );
}
