// Every family's port drawers but the one-queue family's, by registry name: a chunk of its own,
// loaded with the first run that has a port of another family than FIFO (portDrawers.ts).
import { CLASS_DRAWERS } from './classes';
import { CURVE_DRAWERS } from './curves';
import { FAIR_DRAWERS } from './fair';
import { PROGRAMMABLE_DRAWERS } from './programmable';
import { QUEUE_MANAGEMENT_DRAWERS } from './queueManagement';
import type { Drawers } from './state';

export const FAMILY_DRAWERS: Drawers = {
  ...QUEUE_MANAGEMENT_DRAWERS, ...CLASS_DRAWERS, ...FAIR_DRAWERS, ...CURVE_DRAWERS, ...PROGRAMMABLE_DRAWERS,
};
