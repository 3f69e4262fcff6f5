// The benchmark page (bench.html): the files of wasm-core/cli/bench/, run one at a time, each in
// a fresh Web Worker (so a benchmark's memory figure is its own), a first run and the chosen
// number of later runs, and a table of the figures.
import { benchmarkOrder, COLUMNS, formatRow, LATER_RUNS, TCP_BENCHMARKS } from './table';
import type { BenchReply, BenchRequest } from './worker';
import './bench.css';

const files = import.meta.glob<string>('../../../wasm-core/cli/bench/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const textOf = new Map(Object.entries(files).map(([path, text]) => [path.replace(/^.*\//, '').replace(/\.json$/, ''), text]));
const names = benchmarkOrder(Object.keys(files));

function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`bench.html has no #${id}`);
  return el;
}
const choices = byId('choices', HTMLFieldSetElement);
const button = byId('run', HTMLButtonElement);
const status = byId('status', HTMLSpanElement);
const laterRuns = byId('later', HTMLSelectElement);
const table = byId('results', HTMLTableElement);
const head = table.createTHead();
const body = table.createTBody();

const boxes = names.map((name) => {
  const label = document.createElement('label');
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.value = name;
  box.checked = !TCP_BENCHMARKS.includes(name);
  box.dataset.testid = `bench-choice-${name}`;
  label.append(box, ` ${name}`);
  if (TCP_BENCHMARKS.includes(name)) label.append(' (TCP; about a minute)');
  choices.append(label);
  return box;
});

for (const n of LATER_RUNS) laterRuns.add(new Option(String(n), String(n), n === 2, n === 2));

const headRow = head.insertRow();
for (const c of COLUMNS) {
  const th = document.createElement('th');
  th.textContent = c;
  headRow.append(th);
}

function runOne(name: string, text: string, later: number): Promise<BenchReply> {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: `bench ${name}` });
  return new Promise<BenchReply>((resolve) => {
    worker.onmessage = (e: MessageEvent<BenchReply>) => resolve(e.data);
    worker.onerror = (e) => resolve({ ok: false, name, error: e.message || 'the worker failed' });
    const request: BenchRequest = { name, text, later };
    worker.postMessage(request);
  }).finally(() => worker.terminate());
}

async function runSelected(): Promise<void> {
  const selected = boxes.filter((b) => b.checked).map((b) => b.value);
  if (selected.length === 0) {
    status.textContent = 'Nothing selected.';
    return;
  }
  const later = Number(laterRuns.value);
  button.disabled = true;
  laterRuns.disabled = true;
  body.replaceChildren();
  for (const [i, name] of selected.entries()) {
    status.textContent = `Running ${name} (${i + 1} of ${selected.length}) ...`;
    const row = body.insertRow();
    row.dataset.testid = `bench-row-${name}`;
    const reply = await runOne(name, textOf.get(name) ?? '', later);
    if (reply.ok) {
      for (const cell of formatRow(reply.result)) row.insertCell().textContent = cell;
      row.dataset.traceHash = reply.result.traceHash;
    } else {
      row.insertCell().textContent = name;
      const cell = row.insertCell();
      cell.colSpan = COLUMNS.length - 1;
      cell.className = 'error';
      cell.textContent = reply.error;
    }
  }
  status.textContent = `Done: ${selected.length} benchmark(s).`;
  button.disabled = false;
  laterRuns.disabled = false;
}

button.addEventListener('click', () => void runSelected());
