// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppContext } from '../app/context';
import { Controller } from '../app/controller';
import { blankScenario } from '../scenario/commands';
import type { SimClientLike } from '../sim/client';
import { initialState, shareLinkBuilt, showError, showNotice } from '../store/appState';
import { showFieldError } from '../store/editorActions';
import { createStore } from '../store/store';
import { ErrorBanner } from './ErrorBanner';
import { Field } from './Field';
import { ShareBox } from './ShareBox';

const never = () => new Promise<never>(() => undefined);
const idleSim: SimClientLike = {
  run: never, runVariant: never, replay: never, validate: () => Promise.resolve(null), check: never, schedulers: never, presets: never, replayCatalog: never, fctCdfs: never, editable: never, portSchedulers: never, gap: never, checks: never, cancel: () => undefined,
};
const noEnv = { storage: { load: () => null, save: () => undefined }, clearHash: () => undefined, download: () => undefined };

function mount(children: React.ReactNode) {
  const store = createStore(initialState(blankScenario()));
  const controller = new Controller(store, idleSim, blankScenario(), noEnv);
  render(<AppContext.Provider value={controller}>{children}</AppContext.Provider>);
  return store;
}

afterEach(cleanup);

describe('ErrorBanner', () => {
  it('shows the error and the notice until dismissed', () => {
    const store = mount(<ErrorBanner />);
    expect(screen.queryByTestId('error-message')).toBeNull();
    act(() => store.dispatch(showError('This share link is damaged.')));
    act(() => store.dispatch(showNotice('Loaded dumbbell.')));
    expect(screen.getByTestId('error-message').textContent).toBe('This share link is damaged.');
    expect(screen.getByTestId('notice-message').textContent).toBe('Loaded dumbbell.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('error-message')).toBeNull();
  });
});

describe('ShareBox', () => {
  it('shows the link in a read-only field', () => {
    const store = mount(<ShareBox />);
    act(() => store.dispatch(shareLinkBuilt('http://x/#v1.abc')));
    const field = screen.getByTestId<HTMLInputElement>('share-link');
    expect(field.value).toBe('http://x/#v1.abc');
    expect(field.readOnly).toBe(true);
  });
});

describe('Field', () => {
  const spec = { key: 'bandwidth', label: 'bandwidth', input: { kind: 'quantity', unit: 'bandwidth' } } as const;

  it('refuses an invalid value next to the field and commits a valid one', () => {
    const commits: unknown[] = [];
    mount(<Field spec={spec} path="topology.links[0].bandwidth" value="10Mbps" onCommit={(v) => commits.push(v)} />);
    const input = screen.getByTestId<HTMLInputElement>('field-topology.links[0].bandwidth');
    fireEvent.change(input, { target: { value: 'fast' } });
    fireEvent.blur(input);
    expect(screen.getByTestId('field-error-topology.links[0].bandwidth').textContent).toMatch(/expected a number.*e\.g\. "10Mbps"/);
    expect(commits).toEqual([]);
    fireEvent.change(input, { target: { value: '1Gbps' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(commits).toEqual(['1Gbps']);
    expect(screen.queryByTestId('field-error-topology.links[0].bandwidth')).toBeNull();
  });

  it("shows the core's message for its path", () => {
    const store = mount(<Field spec={spec} path="topology.links[0].bandwidth" value="10Mbps" onCommit={() => undefined} />);
    act(() => store.dispatch(showFieldError({ path: 'topology.links[0].bandwidth', message: 'too fast for this core' })));
    expect(screen.getByRole('alert').textContent).toBe('too fast for this core');
  });
});
