// Property tests (fast-check) on what reads strangers' input in the page (issue 42): the share
// link decoder and the scenario store. Whatever the text, they answer with a value or a readable
// error, never an exception; what they accept round-trips exactly. A bounded number of runs per
// property (fast-check's seed is printed on failure; `FC_SEED` replays it).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deflateSync } from 'fflate';
import { base64urlEncode, decodeScenarioHash, encodeCompareHash, encodeScenarioHash, encodeSweepHash, LINK_PREFIX, MAX_HASH_CHARS } from './link';
import { restoreScenario } from '../scenario/restore';
import { restoreStorage } from '../store/persistence';

const seed = process.env.FC_SEED === undefined ? {} : { seed: Number(process.env.FC_SEED) };
const RUNS = { numRuns: 300, ...seed };

const prefixes = fc.constantFrom('#v1.', '#v2.', '#v3.', '#v9.', '#', '');
/** A hash: a prefix and base64url-ish text, or deflated random bytes, or deflated random JSON. */
const hashes = fc.oneof(
  fc.tuple(prefixes, fc.string({ maxLength: 200 })).map(([p, s]) => p + s),
  fc.tuple(prefixes, fc.uint8Array({ maxLength: 300 })).map(([p, b]) => p + base64urlEncode(deflateSync(b))),
  fc.tuple(prefixes, fc.jsonValue({ maxDepth: 4 })).map(([p, v]) => p + base64urlEncode(deflateSync(new TextEncoder().encode(JSON.stringify(v))))),
);

/** Text a person reads, with what strangers put in it: control, direction and astral characters. */
const hostileText = fc.string({ unit: fc.oneof(fc.constantFrom('\u0000', '\u202e', '\u2066', '\ufeff', '<', '"', '\\', '😀'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), maxLength: 40 });

const scenarioWith = (name: string, id: string) => ({
  format: 'scheduler-playground/scenario',
  version: 1,
  name,
  seed: 1,
  duration: '1ms',
  topology: { nodes: [{ id, kind: 'host' }], links: [] },
  traffic: [],
});

describe('share links from strangers (fast-check)', () => {
  it('decode to a scenario or a readable error, never an exception', () => {
    fc.assert(
      fc.property(hashes, (hash) => {
        const r = decodeScenarioHash(hash);
        if (r.ok) expect(typeof r.text).toBe('string');
        else expect(r.error.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('refuse anything longer than the limit before decoding it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (extra) => {
        const r = decodeScenarioHash(LINK_PREFIX + 'A'.repeat(MAX_HASH_CHARS + extra));
        expect(r.ok).toBe(false);
      }),
      { numRuns: 20 },
    );
  });

  it('round-trip every scenario text exactly, in all three link versions', () => {
    fc.assert(
      fc.property(hostileText, hostileText, fc.jsonValue({ maxDepth: 2 }), (name, id, extra) => {
        const text = JSON.stringify(scenarioWith(name, id));
        for (const hash of [encodeScenarioHash(text), encodeCompareHash(text, extra), encodeSweepHash(text, extra)]) {
          const r = decodeScenarioHash(hash);
          expect(r.ok).toBe(true);
          if (r.ok) expect(JSON.parse(r.text)).toEqual(JSON.parse(text));
        }
      }),
      RUNS,
    );
  });
});

describe('the scenario store on stranger text (fast-check)', () => {
  it('restores a saved record or reports it, never throwing', () => {
    const records = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v)),
      fc.jsonValue({ maxDepth: 4 }).map((draft) => JSON.stringify({ draft, speed: 1 })),
    );
    fc.assert(
      fc.property(records, (text) => {
        const r = restoreStorage(text);
        if (!r.ok) expect(r.error.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('reads any scenario text into an editable scenario or a field-named error', () => {
    const texts = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v)),
      fc.tuple(hostileText, hostileText).map(([n, id]) => JSON.stringify(scenarioWith(n, id))),
    );
    fc.assert(
      fc.property(texts, (text) => {
        const r = restoreScenario(text);
        if (!r.ok) expect(r.error.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
});
