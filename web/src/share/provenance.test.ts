import { describe, expect, it } from 'vitest';
import { crc32, csvWithProvenance, exportName, pngWithProvenance, provenanceLines, svgWithProvenance, type Provenance } from './provenance';

const P: Provenance = {
  shows: 'Flow completion time (CDF)',
  scenario: 'Three senders, one bottleneck',
  seed: 7,
  runs: [{ label: 'FIFO', traceHash: 'aa11' }, { label: 'FQ <drr>', traceHash: 'bb22' }],
  date: '2026-11-27T10:00:00.000Z',
  scenarioText: '{\n  "name": "Three senders, one bottleneck",\n  "seed": 7\n}',
};

/** The chunks of a PNG: [type, data as Latin-1] after the 8-byte signature, each CRC checked. */
function chunks(png: Uint8Array): [string, string][] {
  const out: [string, string][] = [];
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let at = 8; at < png.length;) {
    const len = view.getUint32(at);
    const body = png.subarray(at + 4, at + 8 + len);
    expect(view.getUint32(at + 8 + len)).toBe(crc32(body));
    out.push([String.fromCharCode(...body.subarray(0, 4)), String.fromCharCode(...body.subarray(4))]);
    at += 12 + len;
  }
  return out;
}

/** A 1x1 PNG's chunks as bytes: IHDR (13 bytes), IDAT, IEND, each with its CRC. */
function tinyPng(): Uint8Array {
  const chunk = (type: string, data: number[]) => {
    const body = Uint8Array.from(Array.from(type, (c) => c.charCodeAt(0)).concat(data));
    const out = new Uint8Array(body.length + 8);
    const v = new DataView(out.buffer);
    v.setUint32(0, data.length);
    out.set(body, 4);
    v.setUint32(out.length - 4, crc32(body));
    return [...out];
  };
  const ihdr = [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0];
  return Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk('IHDR', ihdr), ...chunk('IDAT', [1, 2, 3]), ...chunk('IEND', [])]);
}

describe('provenance in exports', () => {
  it('computes the CRC-32 of PNG (the IEND chunk\'s is AE 42 60 82 in every PNG)', () => {
    expect(crc32(Uint8Array.from('IEND', (c) => c.charCodeAt(0)))).toBe(0xae426082);
    // The check value of CRC-32/ISO-HDLC: "123456789" -> CBF43926.
    expect(crc32(Uint8Array.from('123456789', (c) => c.charCodeAt(0)))).toBe(0xcbf43926);
  });

  it('lists what it shows, the scenario, seed, each run with its hash, and the date', () => {
    expect(provenanceLines(P)).toEqual([
      'Scheduler Playground export',
      'shows: Flow completion time (CDF)',
      'scenario: Three senders, one bottleneck',
      'seed: 7',
      'run: FIFO, trace hash aa11',
      'run: FQ <drr>, trace hash bb22',
      'date: 2026-11-27T10:00:00.000Z',
    ]);
  });

  it('puts them before a CSV as "# " lines, the scenario text on one line', () => {
    const out = csvWithProvenance('a,b\n1,2\n', P).split('\n');
    expect(out.slice(0, 8)).toEqual([...provenanceLines(P).map((l) => `# ${l}`), '# scenario text: {"name":"Three senders, one bottleneck","seed":7}']);
    expect(out.slice(8)).toEqual(['a,b', '1,2', '']);
  });

  it('puts them in an SVG\'s title, desc and metadata, escaped', () => {
    const out = svgWithProvenance('<svg xmlns="http://www.w3.org/2000/svg" width="2"><g/></svg>', P);
    expect(out.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="2"><title>Flow completion time (CDF)</title><desc>')).toBe(true);
    expect(out).toContain('run: FQ &lt;drr&gt;, trace hash bb22');
    const meta = /<metadata[^>]*>(.*)<\/metadata>/.exec(out)?.[1] ?? '';
    const back = meta.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    expect(JSON.parse(back)).toEqual(P);
    expect(out.endsWith('<g/></svg>')).toBe(true);
  });

  it('puts them in a PNG\'s tEXt chunks right after IHDR, every CRC valid, the image chunks untouched', () => {
    const out = chunks(pngWithProvenance(tinyPng(), P));
    expect(out.map(([t]) => t)).toEqual(['IHDR', 'tEXt', 'tEXt', 'tEXt', 'tEXt', 'tEXt', 'IDAT', 'IEND']);
    expect(out[1]).toEqual(['tEXt', 'Title\0Flow completion time (CDF)']);
    expect(out[2]?.[1]).toBe(`Description\0${provenanceLines(P).join('\n')}`);
    expect(out[5]?.[1]).toBe(`Comment\0${P.scenarioText}`);
    expect(out[6]).toEqual(['IDAT', '\x01\x02\x03']);
  });

  it('names a file after what it shows: the runs of a comparison, none for one run', () => {
    expect(exportName('Three senders, one bottleneck', ['FIFO', 'SJF (shortest job first)'], 'fct-cdf.svg')).toBe('three-senders-one-bottleneck-fifo-vs-sjf-fct-cdf.svg');
    // Parameters in parentheses are left out (the provenance keeps them), where it runs stays ("at the CPU"); a label that is all parentheses stays whole.
    expect(exportName('T', ['FIFO (drop=head)', 'MR3 at the CPU', '(x)'], 'a.csv')).toBe('t-fifo-vs-mr3-at-the-cpu-vs-x-a.csv');
    expect(exportName('Three senders, one bottleneck', [], 'summary.csv')).toBe('three-senders-one-bottleneck-summary.csv');
    expect(exportName('***', [], 'x.png')).toBe('scenario-x.png');
  });
});
