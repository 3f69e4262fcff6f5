// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppContext } from '../app/context';
import { Controller } from '../app/controller';
import type { SimClientLike } from '../sim/client';
import { initialState, shareLinkBuilt, showError } from '../store/appState';
import { createStore } from '../store/store';
import { ErrorBanner } from './ErrorBanner';
import { ShareBox } from './ShareBox';

const idleSim: SimClientLike = {
  run: () => new Promise(() => undefined),
  validate: () => Promise.resolve(null),
  cancel: () => undefined,
};

function mount() {
  const store = createStore(initialState('{}'));
  const controller = new Controller(store, idleSim, '{}');
  render(
    <AppContext.Provider value={controller}>
      <ErrorBanner />
      <ShareBox />
    </AppContext.Provider>,
  );
  return store;
}

afterEach(cleanup);

describe('ErrorBanner', () => {
  it('shows the message until dismissed', () => {
    const store = mount();
    expect(screen.queryByTestId('error-message')).toBeNull();
    act(() => store.dispatch(showError('This share link is damaged.')));
    expect(screen.getByTestId('error-message').textContent).toBe('This share link is damaged.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('error-message')).toBeNull();
  });
});

describe('ShareBox', () => {
  it('shows the link in a read-only field', () => {
    const store = mount();
    act(() => store.dispatch(shareLinkBuilt('http://x/#v1.abc')));
    const field = screen.getByTestId<HTMLInputElement>('share-link');
    expect(field.value).toBe('http://x/#v1.abc');
    expect(field.readOnly).toBe(true);
  });
});
