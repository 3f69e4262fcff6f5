import { describe, expect, it } from 'vitest';
import { deflateSync } from 'fflate';
import {
  base64urlDecode,
  base64urlEncode,
  buildShareLink,
  decodeScenarioHash,
  encodeCompareHash,
  encodeScenarioHash,
  encodeSweepHash,
  MAX_HASH_CHARS,
  MAX_SCENARIO_BYTES,
} from './link';

const scenario = JSON.stringify({
  format: 'scheduler-playground/scenario',
  version: 1,
  name: 'Tiny – ünïcode ✓',
  seed: 7,
  topology: { nodes: [{ id: 'a', kind: 'host' }], links: [] },
});

/** A '#v1.' fragment holding arbitrary bytes. */
const hashOfBytes = (bytes: Uint8Array) => '#v1.' + base64urlEncode(deflateSync(bytes, { level: 9 }));

function errorOf(hash: string): string {
  const result = decodeScenarioHash(hash);
  if (result.ok) throw new Error(`expected ${hash.slice(0, 20)} to be refused`);
  return result.error;
}

describe('base64url', () => {
  it('matches RFC 4648 test vectors (url alphabet, no padding)', () => {
    const enc = (s: string) => base64urlEncode(new TextEncoder().encode(s));
    expect(['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'].map(enc)).toEqual(['', 'Zg', 'Zm8', 'Zm9v', 'Zm9vYg', 'Zm9vYmE', 'Zm9vYmFy']);
    expect(base64urlEncode(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
  });

  it('decodes what it encodes, for every length', () => {
    for (let n = 0; n < 20; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + 13) & 255);
      expect(base64urlDecode(base64urlEncode(bytes))).toEqual(bytes);
    }
  });
});

describe('share links', () => {
  it('round-trips a scenario text exactly', () => {
    const link = buildShareLink('https://example.org/play/', scenario);
    expect(link.startsWith('https://example.org/play/#v1.')).toBe(true);
    const result = decodeScenarioHash(new URL(link).hash);
    expect(result).toEqual({ ok: true, text: scenario, json: JSON.parse(scenario) as unknown, compare: null });
  });

  it('carries a sweep in a version 3 link, beside its scenario', () => {
    const sweep = { param: 'traffic[0].rate', values: ['1Mbps', '2Mbps'], schedulers: ['fifo'], seeds: 2, metric: 'drop_fraction' };
    const hash = encodeSweepHash(scenario, sweep);
    expect(hash.startsWith('#v3.')).toBe(true);
    const result = decodeScenarioHash(hash);
    expect(result).toEqual({ ok: true, text: JSON.stringify(JSON.parse(scenario)), json: JSON.parse(scenario) as unknown, compare: null, sweep });
    const empty = '#v3.' + base64urlEncode(deflateSync(new TextEncoder().encode('{"sweep": {}}'), { level: 9 }));
    expect(errorOf(empty)).toMatch(/version 3 link carries \{"scenario": \.\.\., "sweep": \.\.\.\}/);
  });

  it('uses only URL-safe characters', () => {
    expect(encodeScenarioHash(scenario)).toMatch(/^#v1\.[A-Za-z0-9_-]+$/);
  });

  it('refuses another version or no version, naming the version', () => {
    expect(errorOf('#v9.abc')).toMatch(/version 9.*version 1, 2 and 3/);
    expect(errorOf('#hello')).toMatch(/no format version.*#v1\./);
    expect(errorOf('#v1.')).toMatch(/empty/);
  });

  it('refuses hashes longer than the limit before decoding', () => {
    const hash = '#v1.' + 'A'.repeat(MAX_HASH_CHARS);
    expect(errorOf(hash)).toMatch(/too long \(16,004 characters; the limit is 16,000\)/);
  });

  it('names a character that is not base64url', () => {
    expect(errorOf('#v1.@@@')).toMatch(/damaged: character "@" at position 1 is not base64url/);
    expect(errorOf('#v1.AAAAA')).toMatch(/damaged.*length/);
  });

  it('refuses data that does not inflate', () => {
    expect(errorOf('#v1.' + base64urlEncode(new Uint8Array([0xff, 0xff, 0xff, 0xff])))).toMatch(/does not decompress/);
  });

  it('refuses a decompression bomb as too large', () => {
    const bomb = new Uint8Array(MAX_SCENARIO_BYTES + 1).fill(0x20); // 1 MiB + 1 of spaces
    const hash = hashOfBytes(bomb);
    expect(hash.length).toBeLessThan(MAX_HASH_CHARS); // so the size cap is what stops it
    expect(errorOf(hash)).toMatch(/too large.*1 MiB/);
    const huge = hashOfBytes(new Uint8Array(8 * MAX_SCENARIO_BYTES).fill(0x20));
    expect(errorOf(huge)).toMatch(/too large/);
  });

  it('accepts a scenario of exactly the limit', () => {
    const text = '"' + 'x'.repeat(MAX_SCENARIO_BYTES - 2) + '"';
    const result = decodeScenarioHash(encodeScenarioHash(text));
    expect(result.ok).toBe(true);
  });

  it('refuses text that is not UTF-8', () => {
    expect(errorOf(hashOfBytes(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])))).toMatch(/not valid UTF-8/);
  });

  it('refuses text that is not JSON, with the parse error', () => {
    const error = errorOf(encodeScenarioHash('{"seed": 1,'));
    expect(error).toMatch(/^This share link's scenario is not valid JSON: /);
    expect(error.length).toBeGreaterThan("This share link's scenario is not valid JSON: .".length);
  });

  it('writes a link without a comparison as version 1, byte for byte as before', () => {
    expect(buildShareLink('https://x.org/', scenario, null)).toBe(`https://x.org/${encodeScenarioHash(scenario)}`);
  });

  it('carries a comparison in a version 2 link, and reads it back with the scenario', () => {
    const compare = { variants: [{ scheduler: { name: 'fifo' } }, { scheduler: { name: 'sjf' }, routers: ['r1'] }] };
    const link = buildShareLink('https://example.org/play/', scenario, compare);
    expect(link.startsWith('https://example.org/play/#v2.')).toBe(true);
    const result = decodeScenarioHash(new URL(link).hash);
    if (!result.ok) throw new Error(result.error);
    expect(result.json).toEqual(JSON.parse(scenario));
    expect(JSON.parse(result.text)).toEqual(JSON.parse(scenario));
    expect(result.compare).toEqual(compare);
  });

  it('refuses a version 2 link without a scenario in it', () => {
    const hash = '#v2.' + base64urlEncode(deflateSync(new TextEncoder().encode('{"compare": {}}'), { level: 9 }));
    expect(errorOf(hash)).toMatch(/holds no scenario/);
    expect(errorOf('#v2.')).toMatch(/empty: nothing follows "v2\."/);
    expect(encodeCompareHash(scenario, {})).toMatch(/^#v2\.[A-Za-z0-9_-]+$/);
  });
});
