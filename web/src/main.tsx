import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import defaultScenario from '../../scenarios/default.json';
import { App } from './components/App';
import { AppContext } from './app/context';
import { Controller } from './app/controller';
import { installTestHandle } from './app/testHandle';
import { SimClient } from './sim/client';
import { initialState } from './store/appState';
import { createStore } from './store/store';
import './styles.css';

// Created once, outside React: StrictMode may run effects twice, the worker must not.
const defaultText = JSON.stringify(defaultScenario);
const store = createStore(initialState(defaultText));
const controller = new Controller(store, new SimClient(), defaultText);
installTestHandle(store);
controller.startClock();
void controller.boot(window.location.hash);
// A link pasted into the address bar of an open tab changes only the fragment: load it too.
window.addEventListener('hashchange', () => void controller.boot(window.location.hash));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');
createRoot(rootElement).render(
  <StrictMode>
    <AppContext.Provider value={controller}>
      <App />
    </AppContext.Provider>
  </StrictMode>,
);
