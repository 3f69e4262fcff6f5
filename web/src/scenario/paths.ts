// Field paths in the core's notation ("topology.links[2].bandwidth", "traffic[0].sizes.mean"):
// how forms name their fields, how the editor updates one field, and how a core error
// ("topology.links[2].bandwidth: invalid bandwidth ...") finds the field it is about.

export type PathKey = string | number;

/** A copy of `obj` without `key`. */
export function omit<T extends object>(obj: T, key: string): T {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => k !== key)) as T;
}

/** "topology.links[2].bandwidth" -> ["topology", "links", 2, "bandwidth"]. */
export function parsePath(path: string): PathKey[] {
  const out: PathKey[] = [];
  for (const part of path.split('.')) {
    if (part === '') continue;
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) {
      out.push(part);
      continue;
    }
    if (m[1]) out.push(m[1]);
    for (const idx of (m[2] ?? '').matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

export function formatPath(keys: readonly PathKey[]): string {
  return keys.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${k}` : k), '');
}

/** The value at a path, or undefined. */
export function getAt(root: unknown, path: string | readonly PathKey[]): unknown {
  const keys = typeof path === 'string' ? parsePath(path) : path;
  let v: unknown = root;
  for (const k of keys) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PathKey, unknown>)[k];
  }
  return v;
}

/**
 * A copy of `root` with the value at `path` replaced; `undefined` removes an object key.
 * Missing objects on the way are created. Untouched branches are shared, not copied.
 */
export function setAt<T>(root: T, path: string | readonly PathKey[], value: unknown): T {
  const keys = typeof path === 'string' ? parsePath(path) : path;
  const go = (node: unknown, i: number): unknown => {
    const k = keys[i];
    if (k === undefined) return value;
    if (typeof k === 'number') {
      const arr = Array.isArray(node) ? [...(node as unknown[])] : [];
      arr[k] = go(arr[k], i + 1);
      return arr;
    }
    const obj: Record<string, unknown> = typeof node === 'object' && node !== null ? { ...node } : {};
    const next = go(obj[k], i + 1);
    return next === undefined ? omit(obj, k) : { ...obj, [k]: next };
  };
  return go(root, 0) as T;
}

export interface CoreProblem {
  /** Field path ('' when the problem is about the whole scenario). */
  readonly path: string;
  readonly message: string;
}

/** Splits the core's "field.path: problem" message. */
export function splitCoreMessage(text: string): CoreProblem {
  const m = /^([A-Za-z_][\w]*(?:\[\d+\])*(?:\.[A-Za-z_][\w]*(?:\[\d+\])*)*): (.*)$/s.exec(text);
  return m ? { path: m[1] ?? '', message: m[2] ?? '' } : { path: '', message: text };
}

/** The editor entity a path belongs to: selecting it shows the field. */
export type Entity =
  | { readonly kind: 'scenario' }
  | { readonly kind: 'node'; readonly index: number }
  | { readonly kind: 'link'; readonly index: number }
  | { readonly kind: 'traffic'; readonly index: number };

export function entityOf(path: string): Entity {
  const keys = parsePath(path);
  if (keys[0] === 'topology' && keys[1] === 'nodes' && typeof keys[2] === 'number') return { kind: 'node', index: keys[2] };
  if (keys[0] === 'topology' && keys[1] === 'links' && typeof keys[2] === 'number') return { kind: 'link', index: keys[2] };
  if (keys[0] === 'traffic' && typeof keys[1] === 'number') return { kind: 'traffic', index: keys[1] };
  return { kind: 'scenario' };
}

/**
 * Whether an error at `errorPath` belongs to the field `fieldPath`: the same path, or a
 * path inside it (an error in "x.scheduler.params.drop" shows at "x.scheduler.params.drop",
 * one in "x.scheduler.name" at the scheduler picker "x.scheduler").
 */
export function errorBelongsTo(errorPath: string, fieldPath: string): boolean {
  return errorPath === fieldPath || errorPath.startsWith(`${fieldPath}.`) || errorPath.startsWith(`${fieldPath}[`);
}
