// Compound parameter values (service curves, per-class and per-flow lists) as one line of text,
// so they fit the same one-line fields as every other parameter. The core checks them again.
//   curve: "m1=4Mbps d=10ms m2=1Mbps" (or beta=6000B instead of d)
//   list:  "2" (every class or flow), "1, 3" (class i gets entry i: per class only),
//          "0: 2, 3: 5, *: 1" or "long: 3, *: 1" (by class number or flow id; * = every other)

/** A parameter value as JSON (what a scenario file holds). */
export type ParamJson = string | number | boolean | readonly ParamJson[] | { readonly [k: string]: ParamJson };

export type Parsed = { readonly ok: true; readonly value: ParamJson } | { readonly ok: false; readonly error: string };

const CURVE_KEYS = ['m1', 'd', 'beta', 'm2'] as const;

function isObject(v: unknown): v is Readonly<Record<string, ParamJson>> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function curveText(v: unknown): string {
  if (!isObject(v)) return typeof v === 'string' ? v : '';
  return CURVE_KEYS.flatMap((k) => {
    const part = v[k];
    return typeof part === 'string' || typeof part === 'number' ? [`${k}=${part}`] : [];
  }).join(' ');
}

/** "m1=4Mbps d=10ms m2=1Mbps"; each part checked by `check(key, text)` (null = fine). */
export function parseCurve(text: string, check: (key: string, text: string) => string | null): Parsed {
  const out: Record<string, string> = {};
  for (const part of text.trim().split(/\s+/)) {
    const m = /^(m1|d|beta|m2)=(.+)$/.exec(part);
    if (!m) return { ok: false, error: `"${part}" is not m1=…, d=…, beta=… or m2=… (e.g. "m1=4Mbps d=10ms m2=1Mbps")` };
    const [, key = '', value = ''] = m;
    const problem = check(key, value);
    if (problem !== null) return { ok: false, error: `${key}: ${problem}` };
    out[key] = value;
  }
  if (out.m1 === undefined || out.m2 === undefined) return { ok: false, error: 'a curve needs m1 and m2' };
  if ((out.d === undefined) === (out.beta === undefined)) return { ok: false, error: 'give exactly one of d (a time) and beta (a size)' };
  return { ok: true, value: out };
}

export function listText(v: unknown, item: (x: unknown) => string): string {
  if (Array.isArray(v)) return v.map(item).join(', ');
  if (isObject(v)) return Object.entries(v).map(([k, x]) => `${k}: ${item(x)}`).join(', ');
  return v === undefined ? '' : item(v);
}

/**
 * A list value: a single item, comma-separated items (per class) or "key: item" pairs.
 * `item` checks one item's text; `key` checks a key (null = fine).
 */
export function parseList(text: string, perClass: boolean, item: (t: string) => Parsed, key: (k: string) => string | null): Parsed {
  const parts = text.split(',').map((p) => p.trim()).filter((p) => p !== '');
  if (parts.length === 0) return { ok: false, error: 'required' };
  const keyed = parts.map((p) => /^([^:]+):(.+)$/.exec(p));
  const pairs = keyed.flatMap((m) => (m === null ? [] : [[(m[1] ?? '').trim(), (m[2] ?? '').trim()] as const]));
  if (pairs.length === parts.length) {
    const out: Record<string, ParamJson> = {};
    for (const [k, text] of pairs) {
      const problem = k === '*' ? null : key(k);
      if (problem !== null) return { ok: false, error: problem };
      const r = item(text);
      if (!r.ok) return { ok: false, error: `${k}: ${r.error}` };
      out[k] = r.value;
    }
    return { ok: true, value: out };
  }
  if (pairs.length > 0) return { ok: false, error: 'write either "key: value" pairs or plain values, not both' };
  if (parts.length === 1) return item(parts[0] ?? '');
  if (!perClass) return { ok: false, error: 'per-flow values are "flow id: value" pairs, e.g. "f1: 2, *: 1"' };
  const items: ParamJson[] = [];
  for (const [i, p] of parts.entries()) {
    const r = item(p);
    if (!r.ok) return { ok: false, error: `class ${i}: ${r.error}` };
    items.push(r.value);
  }
  return { ok: true, value: items };
}
