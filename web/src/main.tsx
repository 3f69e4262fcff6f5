import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import defaultScenario from '../../scenarios/default.json';
import { App } from './components/App';
import { browserEnv } from './app/browserEnv';
import { AppContext } from './app/context';
import { Controller } from './app/controller';
import { restoreScenario } from './scenario/restore';
import { isPreset, type EditableScenario } from './scenario/types';
import { SimClient } from './sim/client';
import { initialState } from './store/appState';
import { createStore } from './store/store';
import './styles.css';
import './presentation.css';

const restored = restoreScenario(JSON.stringify(defaultScenario));
if (!restored.ok || isPreset(restored.scenario.topology)) throw new Error('scenarios/default.json must have explicit nodes and links');
const defaultDraft = restored.scenario as EditableScenario;

// Created once, outside React: StrictMode may run effects twice, the worker must not.
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const store = createStore({ ...initialState(defaultDraft), reducedMotion });
const controller = new Controller(store, new SimClient(), defaultDraft, browserEnv);
// Neither the shortcuts nor the tests' handle draws anything: they load beside the first run,
// not before the first paint (issue 20).
void import('./app/testHandle').then(({ installTestHandle }) => installTestHandle(store, controller));
void import('./app/keyboard').then(({ installKeyboard }) => installKeyboard(window, controller));
controller.startClock();
void controller.boot(window.location.hash);
// A link pasted into the address bar of an open tab changes only the fragment: load it too.
window.addEventListener('hashchange', () => {
  if (window.location.hash.length > 1) {
    void controller.openLink(window.location.hash).then((opened) => opened && controller.runOpened(opened));
  }
});
window.addEventListener('pagehide', () => controller.flush());

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');
createRoot(rootElement).render(
  <StrictMode>
    <AppContext.Provider value={controller}>
      <App />
    </AppContext.Provider>
  </StrictMode>,
);
