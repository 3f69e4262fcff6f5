// What an exported chart or table came from, written into the file itself: an SVG's <metadata>,
// a PNG's tEXt chunks, a CSV's leading "# " lines. Scenario name, seed, what it shows, each run's
// scheduler and trace hash, the date, and the scenario text (the parameters in full), so a figure
// found in a slide or a thesis months later can be traced to the run and reproduced.

/** One run behind an export: its label (the scheduler or variant) and its trace hash. */
export interface ProvenanceRun {
  readonly label: string;
  readonly traceHash: string;
}

export interface Provenance {
  /** What the file shows: the chart's or table's title. */
  readonly shows: string;
  readonly scenario: string;
  readonly seed: number | string;
  readonly runs: readonly ProvenanceRun[];
  /** ISO 8601, when exported. */
  readonly date: string;
  /** The scenario text that ran (its parameters in full); for a sweep, the sweep. */
  readonly scenarioText: string;
}

/** The lines every format carries (the scenario text apart: it is long and has its own field). */
export function provenanceLines(p: Provenance): string[] {
  return [
    'Scheduler Playground export',
    `shows: ${p.shows}`,
    `scenario: ${p.scenario}`,
    `seed: ${p.seed}`,
    ...p.runs.map((r) => `run: ${r.label}, trace hash ${r.traceHash}`),
    `date: ${p.date}`,
  ];
}

/** A CSV with its provenance as leading "# " lines (pandas: read_csv(..., comment='#')). */
export function csvWithProvenance(csv: string, p: Provenance): string {
  const scenario = JSON.stringify(JSON.parse(p.scenarioText) as unknown);
  return [...provenanceLines(p), `scenario text: ${scenario}`].map((l) => `# ${l.replace(/[\r\n]+/g, ' ')}\n`).join('') + csv;
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An SVG with its provenance: a <title>, a <desc> of the lines and the scenario in <metadata>. */
export function svgWithProvenance(svg: string, p: Provenance): string {
  const open = /<svg\b[^>]*>/.exec(svg);
  if (!open) return svg;
  const at = open.index + open[0].length;
  const inner =
    `<title>${escapeXml(p.shows)}</title>` +
    `<desc>${escapeXml(provenanceLines(p).join('\n'))}</desc>` +
    `<metadata data-format="scheduler-playground/provenance">${escapeXml(JSON.stringify(p))}</metadata>`;
  return svg.slice(0, at) + inner + svg.slice(at);
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 as PNG defines it (ISO 3309, over the chunk's type and data). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG tEXt chunk: Latin-1 keyword, NUL, Latin-1 text (other characters become "?"). */
function textChunk(keyword: string, text: string): Uint8Array {
  const latin1 = (s: string) => Uint8Array.from(s, (ch) => (ch.charCodeAt(0) < 256 ? ch.charCodeAt(0) : 63));
  const body = new Uint8Array([...latin1('tEXt'), ...latin1(keyword), 0, ...latin1(text)]);
  const out = new Uint8Array(body.length + 8);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length - 4);
  out.set(body, 4);
  view.setUint32(out.length - 4, crc32(body));
  return out;
}

/**
 * A PNG with its provenance in tEXt chunks right after IHDR (keywords Title, Description,
 * Source, Creation Time and Comment for the scenario text, as the PNG spec lists them).
 */
export function pngWithProvenance(png: Uint8Array, p: Provenance): Uint8Array {
  const ihdrEnd = 8 + 8 + 13 + 4; // signature, IHDR's length and type, its 13 bytes, its CRC
  if (png.length < ihdrEnd) return png;
  const chunks = [
    textChunk('Title', p.shows),
    textChunk('Description', provenanceLines(p).join('\n')),
    textChunk('Source', 'Scheduler Playground'),
    textChunk('Creation Time', p.date),
    textChunk('Comment', p.scenarioText),
  ];
  const size = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(png.length + size);
  out.set(png.subarray(0, ihdrEnd), 0);
  let at = ihdrEnd;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  out.set(png.subarray(ihdrEnd), at);
  return out;
}

/**
 * A file name of what an export shows: "three-senders-fifo-vs-fq-fct-cdf.svg". A run's label
 * goes in without its parentheses ("SJF (shortest job first)" as "sjf"; the file's provenance
 * keeps the whole label).
 */
export function exportName(scenario: string, labels: readonly string[], suffix: string): string {
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const who = labels.length > 1 ? labels.map((l) => slug(l.replace(/\s*\([^)]*\)/g, '')) || slug(l)).join('-vs-') : '';
  const base = [slug(scenario).slice(0, 40) || 'scenario', who.slice(0, 60)].filter((s) => s !== '').join('-');
  return `${base}-${suffix}`;
}
