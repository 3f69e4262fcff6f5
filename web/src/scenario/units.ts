// Quantities with units, checked in the page for immediate feedback next to a field. The same
// grammar as the core's units.rs (the core stays the authority: a run validates again):
// a decimal number, then a unit; b = bit, B = byte; K/M/G/T powers of 1000, Ki/Mi/Gi/Ti of 1024.

export type UnitKind = 'time' | 'bandwidth' | 'size' | 'buffer';

export type Parsed =
  | { readonly ok: true; readonly value: number | null }
  | { readonly ok: false; readonly error: string };

const ok = (value: number | null): Parsed => ({ ok: true, value });
const fail = (error: string): Parsed => ({ ok: false, error });

interface Decimal { mantissa: bigint; scale: number }

function splitNumber(s: string): { d: Decimal; unit: string } | string {
  const t = s.trim();
  const m = /^([0-9.]*)(.*)$/s.exec(t);
  const num = m?.[1] ?? '';
  const unit = (m?.[2] ?? '').trim();
  if (num === '') return 'expected a number followed by a unit';
  const parts = num.split('.');
  const int = parts[0] ?? '';
  const frac = parts[1] ?? '';
  if (parts.length > 2 || int === '' || (parts.length === 2 && frac === '')) return `"${num}" is not a decimal number`;
  if (int.length + frac.length > 30) return `"${num}" has too many digits`;
  return { d: { mantissa: BigInt(int + frac), scale: frac.length }, unit };
}

const MAX_U64 = (1n << 64n) - 1n;

function exact(d: Decimal, multiplier: bigint, what: string): bigint | string {
  const num = d.mantissa * multiplier;
  const den = 10n ** BigInt(d.scale);
  if (num % den !== 0n) return `${what} is not a whole number`;
  const v = num / den;
  return v > MAX_U64 ? `${what} is too large` : v;
}

const PREFIXES: readonly [string, bigint][] = [
  ['Ki', 1n << 10n], ['Mi', 1n << 20n], ['Gi', 1n << 30n], ['Ti', 1n << 40n],
  ['K', 1000n], ['k', 1000n], ['M', 1000000n], ['G', 1000000000n], ['T', 1000000000000n],
];

function prefix(unit: string): [bigint, string] {
  for (const [p, m] of PREFIXES) {
    const rest = unit.slice(p.length);
    if (unit.startsWith(p) && ['b', 'B', 'bps', 'Bps'].includes(rest)) return [m, rest];
  }
  return [1n, unit];
}

const done = (v: bigint | string): Parsed => (typeof v === 'string' ? fail(v) : ok(Number(v)));

/** A time such as "2ms", "1.5us", "0": nanoseconds. */
export function parseTime(s: string): Parsed {
  const r = splitNumber(s);
  if (typeof r === 'string') return fail(r);
  const mult: Record<string, bigint> = { ns: 1n, us: 1000n, 'µs': 1000n, ms: 1000000n, s: 1000000000n };
  const m = mult[r.unit];
  if (m !== undefined) return done(exact(r.d, m, 'the time in nanoseconds'));
  if (r.unit === '') return r.d.mantissa === 0n ? ok(0) : fail('a time needs a unit: ns, us, ms or s');
  return fail(`unknown time unit "${r.unit}" (use ns, us, ms or s)`);
}

/** A rate such as "10Gbps" or "inf": bits per second, null = infinite. */
export function parseBandwidth(s: string): Parsed {
  const t = s.trim();
  if (t === 'inf' || t === 'infinite') return ok(null);
  const r = splitNumber(t);
  if (typeof r === 'string') return fail(r);
  const [m, base] = prefix(r.unit);
  const perBit = base === 'bps' ? 1n : base === 'Bps' ? 8n : 0n;
  if (perBit === 0n) return fail(`unknown rate unit "${r.unit}" (use bps, Kbps, Mbps, Gbps, or Bps with a prefix; or inf)`);
  const v = exact(r.d, m * perBit, 'the rate in bits per second');
  if (v === 0n) return fail('a rate must be greater than zero');
  return done(v);
}

/** A size such as "1500B", "64KiB", "12000b": bytes. */
export function parseSize(s: string): Parsed {
  const r = splitNumber(s);
  if (typeof r === 'string') return fail(r);
  const [m, base] = prefix(r.unit);
  if (base === 'B') return done(exact(r.d, m, 'the size in bytes'));
  if (base === 'b') {
    const bits = exact(r.d, m, 'the size in bits');
    if (typeof bits === 'string') return fail(bits);
    return bits % 8n === 0n ? ok(Number(bits / 8n)) : fail(`${bits} bits is not a whole number of bytes`);
  }
  return fail(`unknown size unit "${r.unit}" (use B, KB, MB, KiB, MiB or b)`);
}

/** A buffer: a size, "100pkt" or "unlimited" (null). Sizes in bytes, counts as packets. */
export function parseBuffer(s: string): Parsed {
  const t = s.trim();
  if (t === 'unlimited') return ok(null);
  if (t.endsWith('pkt')) {
    const r = splitNumber(t.slice(0, -3));
    if (typeof r === 'string') return fail(r);
    if (r.unit !== '') return fail(`"${t}" is not a packet count such as 100pkt`);
    return done(exact(r.d, 1n, 'the packet count'));
  }
  return parseSize(t);
}

export const PARSERS: Record<UnitKind, (s: string) => Parsed> = {
  time: parseTime,
  bandwidth: parseBandwidth,
  size: parseSize,
  buffer: parseBuffer,
};

/** Examples shown as placeholders. */
export const UNIT_EXAMPLES: Record<UnitKind, string> = {
  time: '2ms',
  bandwidth: '10Mbps',
  size: '1500B',
  buffer: '64KB',
};
