import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import defaultScenario from '../../scenarios/default.json';
import { App } from './components/App';
import { browserEnv } from './app/browserEnv';
import { AppContext } from './app/context';
import { Controller } from './app/controller';
import { openLessonHash } from './lesson/hub';
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
// A lesson link (`#lesson=…`) opens its lesson once the page has booted (lesson/hub.ts).
const lessonLink = /^#lesson(-file)?=/.test(window.location.hash) ? window.location.hash : null;
void controller.boot(lessonLink ? '' : window.location.hash).then(() => (lessonLink ? openLessonHash(lessonLink, controller) : undefined));
// A link pasted into the address bar of an open tab changes only the fragment: load it too.
window.addEventListener('hashchange', () => {
  if (/^#lesson(-file)?=/.test(window.location.hash)) void openLessonHash(window.location.hash, controller);
  else if (window.location.hash.length > 1) {
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
