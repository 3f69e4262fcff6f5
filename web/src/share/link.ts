// Share links: the whole scenario text, deflated and base64url-encoded into the URL fragment.
//   version 1 (a scenario):     '#v1.' + base64url(deflateSync(utf8(scenario text), {level: 9}))
//   version 2 (a comparison):   '#v2.' + base64url(deflateSync(utf8(JSON {"scenario": {...},
//                                       "compare": {"variants": [...]}}), {level: 9}))
// A link without a comparison is written as version 1, exactly as before; both are read.
// Decoding treats the fragment as untrusted input: length, version, alphabet, inflated size,
// UTF-8 and JSON are checked in that order, and every failure becomes a readable message.
// (Whether the JSON is a valid scenario is the core's call: the worker's validate_scenario;
// the comparison's shape is checked by store/compareSetup.ts, its schedulers by the core.)
import { deflateSync, inflateSync } from 'fflate';
import { MAX_HASH_CHARS } from './limit';

export { MAX_HASH_CHARS, linkOpens } from './limit';

export const LINK_VERSION = 1;
export const LINK_PREFIX = `#v${LINK_VERSION}.`;
/** A scenario with a comparison. */
export const COMPARE_LINK_VERSION = 2;
export const COMPARE_LINK_PREFIX = `#v${COMPARE_LINK_VERSION}.`;
/** A scenario with a sweep (the Sweep tab's setup): {"scenario": ..., "sweep": ...}. */
export const SWEEP_LINK_VERSION = 3;
export const SWEEP_LINK_PREFIX = `#v${SWEEP_LINK_VERSION}.`;
/** Largest scenario text a link may expand to (bytes of UTF-8). */
export const MAX_SCENARIO_BYTES = 1 << 20;

export type DecodeResult =
  | {
    readonly ok: true;
    readonly text: string;
    readonly json: unknown;
    /** A version 2 link's comparison, unchecked (null: a version 1 link). */
    readonly compare: unknown;
    /** A version 3 link's sweep setup, unchecked (null otherwise). */
    readonly sweep?: unknown;
  }
  | { readonly ok: false; readonly error: string };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DECODE = new Map<string, number>(Array.from(ALPHABET, (c, i) => [c, i]));

/** base64url without padding (RFC 4648 section 5). */
export function base64urlEncode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] as number;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET.charAt((n >> 18) & 63) + ALPHABET.charAt((n >> 12) & 63);
    if (b !== undefined) out += ALPHABET.charAt((n >> 6) & 63);
    if (c !== undefined) out += ALPHABET.charAt(n & 63);
  }
  return out;
}

/** Decodes base64url (no padding); throws an Error naming the first bad character. */
export function base64urlDecode(text: string): Uint8Array {
  const values = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const v = DECODE.get(text[i] as string);
    if (v === undefined) {
      throw new Error(`character ${JSON.stringify(text[i])} at position ${i + 1} is not base64url`);
    }
    values[i] = v;
  }
  if (text.length % 4 === 1) throw new Error('its length is impossible for base64url (one character too many or too few)');
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < values.length; i += 4) {
    const n =
      ((values[i] as number) << 18) |
      ((values[i + 1] ?? 0) << 12) |
      ((values[i + 2] ?? 0) << 6) |
      (values[i + 3] ?? 0);
    out[o++] = (n >> 16) & 255;
    if (i + 2 < values.length) out[o++] = (n >> 8) & 255;
    if (i + 3 < values.length) out[o++] = n & 255;
  }
  return out;
}

const pack = (text: string): string => base64urlEncode(deflateSync(new TextEncoder().encode(text), { level: 9 }));

/** The fragment for a scenario text, starting with '#v1.'. */
export function encodeScenarioHash(scenarioText: string): string {
  return LINK_PREFIX + pack(scenarioText);
}

/** The fragment for a scenario with a comparison, starting with '#v2.'. */
export function encodeCompareHash(scenarioText: string, compare: unknown): string {
  const scenario = JSON.parse(scenarioText) as unknown;
  return COMPARE_LINK_PREFIX + pack(JSON.stringify({ scenario, compare }));
}

/** The fragment for a scenario with a sweep, starting with '#v3.'. */
export function encodeSweepHash(scenarioText: string, sweep: unknown): string {
  const scenario = JSON.parse(scenarioText) as unknown;
  return SWEEP_LINK_PREFIX + pack(JSON.stringify({ scenario, sweep }));
}

/**
 * The full share link: `base` is location.origin + location.pathname. With a comparison it is
 * a version 2 link, without one a version 1 link as it always was.
 */
export function buildShareLink(base: string, scenarioText: string, compare: unknown = null): string {
  return base + (compare === null ? encodeScenarioHash(scenarioText) : encodeCompareHash(scenarioText, compare));
}

const fail = (error: string): DecodeResult => ({ ok: false, error });

/** Decodes a location.hash produced by encodeScenarioHash. */
export function decodeScenarioHash(hash: string): DecodeResult {
  if (hash.length > MAX_HASH_CHARS) {
    return fail(
      `This share link is too long (${hash.length.toLocaleString('en')} characters; ` +
        `the limit is ${MAX_HASH_CHARS.toLocaleString('en')}).`,
    );
  }
  const prefix = [LINK_PREFIX, COMPARE_LINK_PREFIX, SWEEP_LINK_PREFIX].find((p) => hash.startsWith(p));
  if (prefix === undefined) {
    const version = /^#v(\d+)\./.exec(hash)?.[1];
    return fail(
      version !== undefined
        ? `This share link uses format version ${version}, but this page only reads version ${LINK_VERSION}, ${COMPARE_LINK_VERSION} and ${SWEEP_LINK_VERSION} links (#v${LINK_VERSION}.…, #v${COMPARE_LINK_VERSION}.…, #v${SWEEP_LINK_VERSION}.…).`
        : `This share link has no format version: a scenario link starts with "#v${LINK_VERSION}.".`,
    );
  }
  const payload = hash.slice(prefix.length);
  if (payload.length === 0) return fail(`This share link is empty: nothing follows "${prefix.slice(1)}".`);

  let compressed: Uint8Array;
  try {
    compressed = base64urlDecode(payload);
  } catch (err) {
    return fail(`This share link is damaged: ${(err as Error).message}.`);
  }

  // fflate writes into a caller's buffer and silently stops when it is full: one byte more
  // than the limit tells "exactly at the limit" from "too large".
  let bytes: Uint8Array;
  try {
    bytes = inflateSync(compressed, { out: new Uint8Array(MAX_SCENARIO_BYTES + 1) });
  } catch (err) {
    return fail(`This share link is damaged: its data does not decompress (${(err as Error).message}).`);
  }
  if (bytes.length > MAX_SCENARIO_BYTES) {
    return fail(`This share link's scenario is too large: it expands to more than ${MAX_SCENARIO_BYTES / (1 << 20)} MiB.`);
  }

  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fail("This share link's scenario is not valid UTF-8 text.");
  }

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return fail(`This share link's scenario is not valid JSON: ${(err as Error).message}.`);
  }
  if (prefix === LINK_PREFIX) return { ok: true, text, json, compare: null };
  const envelope = json as { scenario?: unknown; compare?: unknown; sweep?: unknown } | null;
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.scenario !== 'object' || envelope.scenario === null) {
    return fail(`This share link holds no scenario: a version ${prefix === SWEEP_LINK_PREFIX ? '3 link carries {"scenario": ..., "sweep": ...}' : '2 link carries {"scenario": ..., "compare": ...}'}.`);
  }
  const inner = JSON.stringify(envelope.scenario);
  if (prefix === SWEEP_LINK_PREFIX) return { ok: true, text: inner, json: envelope.scenario, compare: null, sweep: envelope.sweep ?? null };
  return { ok: true, text: inner, json: envelope.scenario, compare: envelope.compare ?? null };
}
