import { useAppState } from '../app/context';
import type { SchedulerEntry } from '../generated/registry';
import type { SchedulerSpec } from '../scenario/types';

/** The choices of `entry`'s `drop` parameter, and its default. */
function dropOf(entry: SchedulerEntry | undefined): { options: readonly string[]; default: unknown } {
  const drop = entry?.params.find((p) => p.name === 'drop');
  return { options: drop && 'options' in drop ? drop.options : [], default: drop?.default };
}

/**
 * Under a scheduler with per-flow (or per-class) queues on a drop-tail buffer, which drops the
 * arriving packet: says what that shared buffer does to fairness and offers dropping from the
 * longest queue. A scheduler whose `drop` parameter offers "longest" (the registry lists it)
 * gets it set; one without buffer policies that serves exactly as another with its defaults
 * (the registry's `same_as`: plain fair queueing as WFQ with equal weights) is switched to that
 * one with the longest-queue policy. Nothing otherwise.
 */
export function BufferHint({ spec, onChange }: { spec: SchedulerSpec | undefined; onChange: (spec: SchedulerSpec) => void }) {
  const registry = useAppState((s) => s.schedulers);
  const info = spec ? registry.find((e) => e.name === spec.name) : undefined;
  if (!spec || !info) return null;
  const own = dropOf(info);
  const twin = info.same_as != null && own.options.length === 0 ? registry.find((e) => e.name === info.same_as) : undefined;
  let offer: SchedulerSpec | null = null;
  if (own.options.includes('longest') && (spec.params?.drop ?? own.default) === 'tail') {
    offer = { ...spec, params: { ...spec.params, drop: 'longest' } };
  } else if (twin && dropOf(twin).options.includes('longest')) {
    offer = { name: twin.name, params: { drop: 'longest' } };
  }
  if (!offer) return null;
  const switched = offer.name !== spec.name;
  return (
    <div className="hint-text caution" data-testid="buffer-hint">
      {info.display} gives each flow its own queue, but the queues share the port&apos;s buffer and a full buffer drops the
      arriving packet (drop-tail): the flow sending fastest fills it, and the others lose packets they were owed, so the
      shares stay unfair at the buffer. Dropping from the longest queue keeps each flow&apos;s share
      {switched && twin ? <> ({twin.display} with equal weights serves exactly as {info.display}, and has that policy)</> : null}:{' '}
      <button type="button" className="chip" data-testid="buffer-longest" onClick={() => onChange(offer)}>
        {switched && twin ? `${twin.display}, drop from the longest queue` : 'drop from the longest queue'}
      </button>
    </div>
  );
}
