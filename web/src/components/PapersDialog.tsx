import { useState } from 'react';
import { useController } from '../app/context';
import type { ScoreItem, ScorePaper } from '../generated/papers';
import { cpuText, inlinedSweep, LONG_S, loaderOf, SCOREBOARD, STATUS_HINTS, STATUS_LABELS, targets, type RowTarget } from '../papers/papers';
import '../papers/papers.css';
import { Dialog } from './Dialog';

/** How many figures (paper beside ours) a row shows before "more". */
const FIGURES_SHOWN = 2;
/** How many of its files a row offers to open (the rest are named in its claims). */
const FILES_SHOWN = 3;

/**
 * The five papers, each item (figure, table, theorem, worked example) a row with the paper's
 * figures beside ours and its status, from the scoreboard the core generates
 * (`sched-cli reproduce --summary`); a row opens the scenario that checks it, ready to run.
 */
export function PapersDialog({ onClose }: { onClose: () => void }) {
  const [paper, setPaper] = useState(SCOREBOARD.papers[0]?.id ?? '');
  const shown = SCOREBOARD.papers.find((p) => p.id === paper) ?? SCOREBOARD.papers[0];
  return (
    <Dialog label="Papers" testId="papers" className="papers" onClose={onClose}>
      <p className="muted hint-text">
        Every figure, table and theorem of the five papers the playground is built from, and whether ours holds. Generated
        by the core from the scenario files and tests (<code>sched-cli reproduce --summary</code>).
      </p>
      <div className="papers-tabs" role="tablist" aria-label="Paper">
        {SCOREBOARD.papers.map((p) => (
          <button key={p.id} type="button" role="tab" aria-selected={p.id === shown?.id} data-testid={`paper-${p.id}`}
            onClick={() => setPaper(p.id)}>
            {p.short} <Counts paper={p} />
          </button>
        ))}
      </div>
      {shown && <PaperTable paper={shown} onClose={onClose} />}
    </Dialog>
  );
}

function Counts({ paper }: { paper: ScorePaper }) {
  const c = paper.counts;
  return (
    <span className="papers-counts" data-testid={`paper-${paper.id}-counts`}>
      <span className="st-held" title="hold">{c.held}</span>/<span className="st-differs" title="differ">{c.differs}</span>/
      <span className="st-absent" title="absent">{c.absent}</span>
    </span>
  );
}

function PaperTable({ paper, onClose }: { paper: ScorePaper; onClose: () => void }) {
  const c = paper.counts;
  return (
    <section aria-label={paper.title}>
      <h4>{paper.title}</h4>
      <p className="muted papers-summary">
        {c.held} hold, {c.differs} differ, {c.figures} figures only, {c.unmeasured} not measured, {c.absent} absent
      </p>
      <table className="papers-table">
        <thead><tr><th scope="col">Item</th><th scope="col">The paper</th><th scope="col">Paper / ours</th><th scope="col">Status</th><th scope="col">Run</th></tr></thead>
        <tbody>{paper.items.map((it) => <ItemRow key={it.id} item={it} onClose={onClose} />)}</tbody>
      </table>
    </section>
  );
}

function ItemRow({ item, onClose }: { item: ScoreItem; onClose: () => void }) {
  const figures = item.claims.filter((c) => c.kind === 'figure' && c.paper != null);
  const checks = item.claims.filter((c) => c.kind !== 'figure');
  const tests = item.claims.filter((c) => c.kind === 'test');
  const [open, setOpen] = useState(false);
  const files = targets(item);
  return (
    <>
      <tr data-testid={`paper-item-${item.id}`} className={`st-row-${item.status}`}>
        <th scope="row">{item.label}</th>
        <td>
          {item.what}
          {item.reason && <p className="muted small papers-reason" data-testid="item-reason">Why {STATUS_LABELS[item.status]}: {item.reason}</p>}
        </td>
        <td className="papers-figures">
          {figures.slice(0, FIGURES_SHOWN).map((f, i) => (
            <div key={i} title={`${f.claim} (${f.file})`}>{f.paper} / <strong>{f.ours ?? 'not measured'}</strong></div>
          ))}
          {figures.length > FIGURES_SHOWN && <div className="muted">+{figures.length - FIGURES_SHOWN} more</div>}
        </td>
        <td><span className={`st st-${item.status}`} title={STATUS_HINTS[item.status]} data-testid="item-status">{STATUS_LABELS[item.status]}</span></td>
        <td className="papers-run">
          {files.slice(0, FILES_SHOWN).map((t) => <Target key={t.file} target={t} onClose={onClose} />)}
          {files.length > FILES_SHOWN && <div className="muted small">+{files.length - FILES_SHOWN} more files (in its claims)</div>}
          {files.length === 0 && tests.slice(0, 1).map((c) => (
            <code key={c.test} className="papers-cli" title={`A Rust test (${c.file}): npm test runs it`} data-testid="item-test">cargo test {c.test}</code>
          ))}
          {checks.length > 0 && (
            <button type="button" className="papers-more" aria-expanded={open} onClick={() => setOpen(!open)}>
              {open ? 'hide' : `${checks.length} claim${checks.length === 1 ? '' : 's'}`}
            </button>
          )}
        </td>
      </tr>
      {open && (
        <tr className="papers-claims"><td colSpan={5}>
          <ul>
            {checks.map((c, i) => (
              <li key={i}>
                <span className={`st st-${c.status ?? 'held'}`}>{STATUS_LABELS[c.status ?? 'held']}</span> {c.claim}
                {c.ours && <span className="muted"> — ours: {c.ours}</span>}
                <span className="gallery-file"> {c.file}{c.test ? `: ${c.test}` : ''}</span>
              </li>
            ))}
          </ul>
        </td></tr>
      )}
    </>
  );
}

/** Opens a row's scenario or sweep (with its expected CPU time), or says how to run it with the CLI. */
function Target({ target, onClose }: { target: RowTarget; onClose: () => void }) {
  const controller = useController();
  const load = loaderOf(target.file);
  const cpu = target.cpuS ?? target.expectedCpuS;
  const long = target.paperScale && (cpu === null || cpu > LONG_S);
  const about = target.cpuS === null && target.expectedCpuS !== null ? 'about ' : '';
  const time = cpu !== null ? `${about}${cpuText(cpu)} CPU` : '';
  const short = target.file.split('/').slice(-2).join('/');
  const open = () => {
    onClose();
    const sweep = target.sweep;
    if (sweep) {
      const file = { name: short, runs: sweep.runs, expectedCpuS: cpu, command: target.command };
      void controller.openSweepFile(file, () => inlinedSweep(target.file, sweep.base));
    } else if (load) {
      void controller.openExample(target.file, load);
    }
  };
  const what = target.sweep ? `sweep ${short} (${target.sweep.runs} runs${time ? `, ${time}` : ''})` : `${short}${time ? ` (${time})` : ''}`;
  return (
    <div className="papers-target">
      {target.inPage && load && (
        <button type="button" data-testid={`open-${target.file}`}
          title={target.sweep ? `Opens scenarios/${target.file} in the Sweep tab, its base scenario as your draft, ready to run` : `Loads scenarios/${target.file} as your draft and runs it`}
          onClick={open}>
          Open {what}
        </button>
      )}
      {(long || !target.inPage) && <code className="papers-cli" title="Runs it at the paper's scale natively">{target.command}</code>}
    </div>
  );
}
