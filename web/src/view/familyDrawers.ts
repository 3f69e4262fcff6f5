// Every scheduler family's port drawers by registry name (portDrawers.ts loads this module on
// demand; FIFO's drawer is there).
import { AQM_DRAWERS } from './aqmDrawers';
import { CLASS_DRAWERS } from './classDrawers';
import { CURVE_DRAWERS } from './curveDrawers';
import { FAIR_DRAWERS } from './fairDrawers';
import type { PortDrawer } from './portDrawers';
import { PROGRAMMABLE_DRAWERS } from './programmableDrawers';

export const FAMILY_DRAWERS: Readonly<Record<string, PortDrawer>> = {
  ...AQM_DRAWERS, ...CLASS_DRAWERS, ...FAIR_DRAWERS, ...CURVE_DRAWERS, ...PROGRAMMABLE_DRAWERS,
};
