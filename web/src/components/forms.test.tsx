// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppContext } from '../app/context';
import { Controller } from '../app/controller';
import { blankScenario } from '../scenario/commands';
import type { SchedulerInfo } from '../scenario/registry';
import type { SchedulerSpec } from '../scenario/types';
import type { SimClientLike } from '../sim/client';
import { catalogsLoaded, initialState } from '../store/appState';
import { createStore } from '../store/store';
import { SchedulerPicker } from './SchedulerPicker';

const never = () => new Promise<never>(() => undefined);
const sim: SimClientLike = { run: never, runVariant: never, replay: never, validate: never, check: never, schedulers: never, presets: never, replayCatalog: never, fctCdfs: never, editable: never, portSchedulers: never, gap: never, checks: never, cancel: () => undefined };
const env = { storage: { load: () => null, save: () => undefined }, clearHash: () => undefined, download: () => undefined };

/** The entry fields these tests do not read. */
const REST = { order: 'key' as const, state: [], params_schema: {}, reads: [] };

const REGISTRY: SchedulerInfo[] = [
  { name: 'fifo', display: 'FIFO', summary: 'First in, first out.', reference: '', key: { label: 'enqueue time (ns)', unit: 'ns' }, children: 'none',
    params: [{ name: 'drop', description: 'which packet a full buffer drops', default: 'tail', type: 'choice', options: ['tail', 'head'], schema: {} }], ...REST },
  { name: 'wfq', display: 'WFQ', summary: 'Weighted fair queueing.', reference: '', key: { label: 'finish tag', unit: 'ns' }, children: 'none',
    params: [{ name: 'quantum', description: 'bytes per round', default: 1500, type: 'int', min: 1, max: 65535, schema: {} }], ...REST },
  { name: 'class_fq', display: 'Class fair queueing', summary: 'FQ between classes.', reference: '', key: { label: 'class tag', unit: 'ns' }, children: 'required', params: [], ...REST },
];

function mount(initial: SchedulerSpec | undefined) {
  const store = createStore(initialState(blankScenario()));
  store.dispatch(catalogsLoaded(REGISTRY, null));
  const changes: (SchedulerSpec | undefined)[] = [];
  let spec = initial;
  const controller = new Controller(store, sim, blankScenario(), env);
  const view = () => (
    <AppContext.Provider value={controller}>
      <SchedulerPicker path="default_scheduler" label="Default" spec={spec} inherits="fifo"
        onChange={(s) => { changes.push(s); spec = s; }} />
    </AppContext.Provider>
  );
  const r = render(view());
  return { changes, rerender: () => r.rerender(view()) };
}

afterEach(cleanup);

describe('SchedulerPicker: forms from the registry', () => {
  it('lists the registry and the inherited default; a class scheduler starts with two classes', () => {
    const { changes } = mount(undefined);
    const picker = screen.getByTestId<HTMLSelectElement>('field-default_scheduler');
    expect([...picker.options].map((o) => o.textContent)).toEqual(['inherit: fifo', 'FIFO', 'WFQ', 'Class fair queueing']);
    expect([...picker.options].map((o) => o.value)).toEqual(['', 'fifo', 'wfq', 'class_fq']);
    fireEvent.change(picker, { target: { value: 'class_fq' } });
    expect(changes).toEqual([{ name: 'class_fq', children: [{ name: 'fifo' }, { name: 'fifo' }] }]);
  });

  it('shows each parameter with its default and range, and refuses values out of range', () => {
    const { changes } = mount({ name: 'wfq' });
    const field = screen.getByTestId<HTMLInputElement>('field-default_scheduler.params.quantum');
    expect(field.placeholder).toBe('1500');
    expect(screen.getByText('bytes per round · min 1, max 65535')).toBeTruthy();
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.blur(field);
    expect(screen.getByTestId('field-error-default_scheduler.params.quantum').textContent).toBe('must be at least 1');
    fireEvent.change(field, { target: { value: '3000' } });
    fireEvent.blur(field);
    expect(changes).toEqual([{ name: 'wfq', params: { quantum: 3000 } }]);
  });

  it('edits the children of a class scheduler', () => {
    const { changes, rerender } = mount({ name: 'class_fq', children: [{ name: 'fifo' }, { name: 'fifo' }] });
    fireEvent.change(screen.getByTestId('field-default_scheduler.children[0]'), { target: { value: 'wfq' } });
    expect(changes.at(-1)).toEqual({ name: 'class_fq', children: [{ name: 'wfq' }, { name: 'fifo' }] });
    act(rerender);
    fireEvent.click(screen.getByTestId('add-class-default_scheduler'));
    expect(changes.at(-1)).toEqual({ name: 'class_fq', children: [{ name: 'wfq' }, { name: 'fifo' }, { name: 'fifo' }] });
  });
});
