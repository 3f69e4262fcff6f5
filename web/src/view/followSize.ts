// Follows an element's size, for the drawings that fill their container (the charts, the
// topology view): the browser's resize reports and explicit checks both land in one place.

export interface SizeFollower {
  /** Reads the element's size now; calls back when it differs from the last one seen. */
  readonly check: () => void;
  /** Stops following. */
  readonly stop: () => void;
}

/** Calls `changed(width, height)` whenever `root`'s client size changes (from 0 x 0 at first). */
export function followSize(root: HTMLElement, changed: (width: number, height: number) => void): SizeFollower {
  let width = 0;
  let height = 0;
  const check = (): void => {
    const w = root.clientWidth;
    const h = root.clientHeight;
    if (w === width && h === height) return;
    width = w;
    height = h;
    changed(w, h);
  };
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => check());
  observer?.observe(root);
  return { check, stop: () => observer?.disconnect() };
}
