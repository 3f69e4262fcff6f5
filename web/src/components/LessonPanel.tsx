import './lesson.css';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { StepSpec } from '../generated/lesson';
import type { LessonSession } from '../lesson/session';
import { progressOf } from '../lesson/progress';

/** A question's form: the choices, or a number in the question's unit; then the core's grade. */
function QuestionBox({ session, step, spec }: { session: LessonSession; step: number; spec: StepSpec }) {
  const q = spec.question;
  const state = useSyncExternalStore(session.subscribe, session.get);
  const id = state.open?.id ?? '';
  const saved = progressOf(state.progress, id).answers[String(step)];
  const [value, setValue] = useState('');
  useEffect(() => setValue(saved ? String(saved.answer) : ''), [step, saved]);
  if (!q) return null;
  const busy = state.busy !== null;
  const n = q.number;
  return (
    <section className="lesson-question" aria-label="Question" data-testid="lesson-question">
      <h4>Predict</h4>
      <p>{q.prompt}</p>
      {n ? (
        <form onSubmit={(e) => { e.preventDefault(); const x = Number(value); if (value.trim() !== '' && Number.isFinite(x)) void session.answer(step, x); }}>
          <input type="text" inputMode="decimal" aria-label="Your answer" data-testid="lesson-number" value={value} onChange={(e) => setValue(e.target.value)} />
          {n.unit && <span className="unit"> {n.unit}</span>}
          <button type="submit" className="primary" disabled={busy} data-testid="lesson-check">Check</button>
        </form>
      ) : (
        <ol className="lesson-choices" type="A">
          {(q.choices ?? []).map((c, i) => (
            <li key={i}>
              <button type="button" disabled={busy} data-testid={`lesson-choice-${i}`}
                className={saved?.answer === i ? (saved.correct ? 'chosen right' : 'chosen wrong') : undefined}
                onClick={() => void session.answer(step, i)}>{c.name}</button>
            </li>
          ))}
        </ol>
      )}
      {saved && (
        <div className={`lesson-grade ${saved.correct ? 'right' : 'wrong'}`} role="status" data-testid="lesson-grade">
          <strong>{saved.correct ? 'Right.' : 'Not quite.'}</strong> {saved.message}
          <p className="why"><em>Worked out:</em> {q.why}</p>
        </div>
      )}
    </section>
  );
}

function ExerciseBox({ session, step, spec }: { session: LessonSession; step: number; spec: StepSpec }) {
  const e = spec.exercise;
  const state = useSyncExternalStore(session.subscribe, session.get);
  const [hint, setHint] = useState(false);
  if (!e) return null;
  const saved = progressOf(state.progress, state.open?.id ?? '').exercises[String(step)];
  return (
    <section className="lesson-exercise" aria-label="Exercise" data-testid="lesson-exercise">
      <h4>Exercise</h4>
      <p>{e.task}</p>
      <p className="muted small">Edit the scenario (Inspector, Traffic), press Run, then check.</p>
      <button type="button" className="primary" disabled={state.busy !== null} data-testid="lesson-exercise-check" onClick={() => void session.checkExercise(step)}>Check my run</button>
      {e.hint && <button type="button" onClick={() => setHint(!hint)}>{hint ? 'Hide the hint' : 'Hint'}</button>}
      {hint && <p className="muted">{e.hint}</p>}
      {saved && (
        <div className={`lesson-grade ${saved.passed ? 'right' : 'wrong'}`} role="status" data-testid="lesson-exercise-result">
          <strong>{saved.passed ? 'Done.' : 'Not yet.'}</strong> {e.check.name}: {saved.message}
        </div>
      )}
    </section>
  );
}

/** The open lesson beside the page: the step's text, its question or exercise, and the way through. */
export function LessonPanel({ session }: { session: LessonSession }) {
  const state = useSyncExternalStore(session.subscribe, session.get);
  const o = state.open;
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!o) return;
    const onKey = (e: KeyboardEvent) => {
      const t = e.target;
      if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return;
      if (e.key === 'PageDown' || e.key === ']') { e.preventDefault(); void session.go(o.step + 1); }
      if (e.key === 'PageUp' || e.key === '[') { e.preventDefault(); void session.go(o.step - 1); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [o, session]);
  useEffect(() => {
    document.body.classList.toggle('lesson-open', o !== null);
    return () => document.body.classList.remove('lesson-open');
  }, [o]);
  if (!o) return state.error ? null : null;
  const spec = o.file.steps[o.step] as StepSpec;
  const n = o.file.steps.length;
  const copyLink = () => {
    const link = `${window.location.origin}${window.location.pathname}${session.hash() ?? ''}`;
    // Without clipboard access (an insecure origin, a policy) the address bar holds the link.
    navigator.clipboard.writeText(link).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <aside className="lesson-panel" aria-label="Lesson" data-testid="lesson-panel">
      <header>
        <span className="muted small">{o.file.level} · {o.file.minutes} min</span>
        <h2 data-testid="lesson-name">{o.file.name}</h2>
        <button type="button" className="icon" aria-label="Close the lesson" data-testid="lesson-close" onClick={() => session.close()}>×</button>
      </header>
      <nav className="lesson-steps" aria-label="Steps">
        {o.file.steps.map((s, i) => {
          const p = progressOf(state.progress, o.id);
          const a = p.answers[String(i)] ?? null;
          const done = a ? (a.correct ? ' right' : ' wrong') : '';
          return (
            <button type="button" key={i} className={`dot${i === o.step ? ' current' : ''}${done}`} aria-current={i === o.step ? 'step' : undefined}
              title={s.title} aria-label={`Step ${i + 1}: ${s.title}`} data-testid={`lesson-dot-${i}`} onClick={() => void session.go(i)}>{i + 1}</button>
          );
        })}
      </nav>
      <article className="lesson-step" data-testid="lesson-step" data-step={o.step}>
        <h3>{o.step + 1}. {spec.title}</h3>
        {spec.paper && <p className="lesson-paper muted" data-testid="lesson-paper">{spec.paper}</p>}
        <p className="lesson-text">{spec.text}</p>
        {spec.formula && <p className="lesson-formula" data-testid="lesson-formula"><code>{spec.formula}</code></p>}
        <QuestionBox session={session} step={o.step} spec={spec} />
        <ExerciseBox session={session} step={o.step} spec={spec} />
      </article>
      {state.busy && <p className="muted small" role="status" data-testid="lesson-busy">{state.busy}</p>}
      {state.error && (
        <p className="note error" role="alert" data-testid="lesson-error">{state.error} <button type="button" className="icon" aria-label="Dismiss" onClick={() => session.dismissError()}>×</button></p>
      )}
      {/* Kept at the panel's foot while a long step scrolls. */}
      <footer className="lesson-foot">
        <div className="lesson-nav">
          <button type="button" data-testid="lesson-prev" disabled={o.step === 0} onClick={() => void session.go(o.step - 1)}>◀ Back</button>
          <span className="muted small">{o.step + 1} / {n} · PageUp / PageDown</span>
          <button type="button" className="primary" data-testid="lesson-next" disabled={o.step >= n - 1} onClick={() => void session.go(o.step + 1)}>Next ▶</button>
        </div>
        <p className="lesson-link"><button type="button" className="link-button" data-testid="lesson-link" onClick={copyLink}>{copied ? 'Link copied' : 'Link to this step'}</button></p>
      </footer>
    </aside>
  );
}
