// The hook for a scheduler family to draw its exported state at its ports, on the canvas, beside
// the generic state panel (components/PortState.tsx). A drawer (drawers/<family>.ts) reads the
// state the core recorded by the field names its scheduler's registry entry declares
// (drawers/state.ts) and draws over or beside the queue column; it computes nothing about
// scheduling. The one-queue family's drawers are in the main chunk; drawers/families.ts gathers
// the others into a chunk of its own, which the view loads with the first run that has a port
// of another family than FIFO (a drawer only draws a run's state; issue 20).
import { SINGLE_DRAWERS } from './drawers/single';
import { namedState, type Drawer, type Drawers, type PortState, type QueueColumn, type Stateful } from './drawers/state';

export type { PortState, QueueColumn } from './drawers/state';

/** What a port says about its scheduler: its name and its state fields, in trace order. */
export interface PortScheduler {
  readonly scheduler: string;
  readonly state: readonly { readonly name: string }[];
}

/** Draws a port's recorded state (positional, as the trace holds it). */
export type PortDrawer = (ctx: CanvasRenderingContext2D, column: QueueColumn, state: PortState) => void;

let families: Drawers = {};

/** A table's drawer for a scheduler named at run time (a port's scheduler may have none). */
const byName = (drawers: Drawers, name: string) => (drawers as Readonly<Partial<Record<string, Drawer<Stateful>>>>)[name];
let loading: Promise<void> | null = null;

/** The drawer of a port's scheduler, if it has one (the families' once loadPortDrawers has resolved). */
export function portDrawer(port: PortScheduler): PortDrawer | undefined {
  const drawer = byName(SINGLE_DRAWERS, port.scheduler) ?? byName(families, port.scheduler);
  if (!drawer) return undefined;
  return (ctx, column, state) => drawer(ctx, column, namedState(port.state, state));
}

/** Loads the families' drawers (once); resolves when portDrawer has them. */
export function loadPortDrawers(): Promise<void> {
  loading ??= import('./drawers/families').then((m) => {
    families = m.FAMILY_DRAWERS;
  });
  return loading;
}
