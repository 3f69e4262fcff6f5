// A port's exported state as drawers read it: by the field names its scheduler's registry entry
// declares (the core's `state` list; web/src/generated/registry.ts types them per scheduler as
// StateFields, so a drawer that names a field its scheduler lacks fails the type check, and
// drawers.test.ts checks the names it asks for against STATE_FIELDS).
import type { StateFields } from '../../generated/registry';

/** The schedulers that export state. */
export type Stateful = keyof StateFields;

/** One list of values per declared field, in the registry's order, as the trace recorded them. */
export type PortState = readonly (readonly number[] | null)[];

/** Where a port's queue column is drawn. */
export interface QueueColumn {
  /** Left edge and the bottom of the first cell. */
  readonly x: number;
  readonly baseY: number;
  /** The baseline of the "N queued" label over the column. */
  readonly topY: number;
  readonly cellW: number;
  readonly cellH: number;
  readonly gap: number;
  /** Cells per column. */
  readonly rows: number;
  /** Text size factor of the state lines, badges and labels (1: 10 px lines; presentation mode goes above). */
  readonly text: number;
  /**
   * The port's state label as the drawer writes it (line, bars and plot in text.ts add to it);
   * the page places every port's label once all are written (view/stateArrange.ts).
   */
  readonly label: StateItem[];
}

/** A row of a port's state label: a line of text (with an optional swatch), or a small figure. */
export type StateItem =
  | { readonly kind: 'line'; readonly n: number; readonly text: string; readonly colour: string; readonly swatch?: string }
  | {
    readonly kind: 'figure'; readonly n: number; readonly w: number; readonly h: number;
    /** Draws the figure with its top-left corner at (left, top). */
    readonly draw: (ctx: CanvasRenderingContext2D, left: number, top: number) => void;
  };

/** A port's state by field name. */
export interface NamedState<S extends Stateful> {
  /** The field's values ([] when it holds nothing). */
  values(field: StateFields[S]): readonly number[];
  /** The field's first value (a scalar's), or undefined when it holds nothing. */
  first(field: StateFields[S]): number | undefined;
}

/** Draws scheduler S's state at one of its ports, over or beside its queue column. */
export type Drawer<S extends Stateful> = (ctx: CanvasRenderingContext2D, column: QueueColumn, state: NamedState<S>) => void;

/** Drawers by scheduler name, each typed by its scheduler's fields. */
export type Drawers = { readonly [S in Stateful]?: Drawer<S> };

/** `state` (in the order of `fields`, the port's declared fields) looked up by name. */
export function namedState<S extends Stateful>(fields: readonly { readonly name: string }[], state: PortState): NamedState<S> {
  const values = (name: string): readonly number[] => {
    const i = fields.findIndex((f) => f.name === name);
    return (i < 0 ? null : state[i]) ?? [];
  };
  return { values, first: (name) => values(name)[0] };
}
