// index.html's first script (web/firstModulePreload.ts adds it before the main script): starts
// the simulation worker while the main script loads (sim/earlyWorker.ts).
import { startEarly } from './sim/earlyWorker';

startEarly();
