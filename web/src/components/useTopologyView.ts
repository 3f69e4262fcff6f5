import { useEffect, useRef, type RefObject } from 'react';
import { useAppState } from '../app/context';
import { TopologyView } from '../view/topologyView';

/**
 * A TopologyView in the element of the returned ref, held in `view` while it is mounted: made
 * by `make` and kept while `make` and `attach` stay the same (wrap them in useCallback);
 * `attach` hears the view once it is mounted and null before it goes (the tests' probes, the
 * compare view's register). Every view follows presentation mode (larger nodes, labels, queues
 * and state lines): the editor's, the replay's and the compare panels'.
 */
export function useTopologyView(
  view: RefObject<TopologyView | null>, make: (el: HTMLElement) => TopologyView, attach: (view: TopologyView | null) => void,
): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const v = make(ref.current);
    view.current = v;
    attach(v);
    return () => {
      attach(null);
      v.destroy();
      view.current = null;
    };
  }, [view, make, attach]);
  const presentation = useAppState((s) => s.presentation);
  useEffect(() => view.current?.setPresentation(presentation), [view, make, attach, presentation]);
  return ref;
}

/**
 * An open lesson step's zoom on `view` (the editor's drawing, the replay's), centred on the
 * step's node or port, also on a view made anew (`make` changed: another replay); a step
 * without one, after a step with one, fits the drawing again.
 */
export function useLessonZoom(view: RefObject<TopologyView | null>, make: unknown): void {
  const focus = useAppState((s) => s.lessonFocus);
  const zoomed = useRef(false);
  useEffect(() => {
    if (!focus) return;
    if (focus.zoom !== null) view.current?.zoomTo(focus.zoom, focus.centre);
    else if (zoomed.current) view.current?.fit();
    zoomed.current = focus.zoom !== null;
  }, [view, make, focus]);
}

/** A view's callbacks where nothing is edited (the replay and compare views). */
export const noop = (): undefined => undefined;
