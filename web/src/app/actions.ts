// The controller's actions that the first paint never takes (issue 20: the main script): opening
// a share link, an example, a sweep file or an imported file (each checked in the worker first),
// a replay, a share link made. app/controller.ts loads this module on the first of them.
import { addTraffic } from '../scenario/commands';
import { flowCount, flowListFromFile, isFlowListFile } from '../scenario/flowList';
import { linkOpens } from '../share/limit';
import { restoreScenario, scenarioText } from '../scenario/restore';
import type { Scenario } from '../scenario/types';
import { SimCancelled, type SimClientLike } from '../sim/client';
import { checkStarted, runCancelled, setSideTab, shareLinkBuilt, showError, showNotice, type AppState, type SweepFile } from '../store/appState';
import { setCompareSetup } from '../store/compareActions';
import { parseSetup, scenarioSetup, type CompareSetup } from '../store/compareSetup';
import { draftOf, edit, loadDraft } from '../store/editorActions';
import { defaultReplayName } from '../sim/replayNames';
import { replayCancelled, replayFailed, replayFinished, replayProgressed, replayStarted } from '../store/replayActions';
import { linkCompare, linkText } from '../store/persistence';
import type { Store } from '../store/store';
import { message, sentence } from './messages';
import { CANCELLED, type Prepared } from './prepared';
import type { SweepSetup } from '../sweep/setup';

/** What opening a share link gave: nothing, a scenario, or a scenario with a comparison to run. */
export type Opened = false | 'scenario' | { readonly compare: CompareSetup } | { readonly sweep: SweepSetup };

/** What of the controller these actions use. */
export interface ActionHost {
  readonly store: Store<AppState>;
  readonly sim: SimClientLike;
  /** A scheduler id to its display name. */
  readonly schedulerName: (id: string) => string;
  /** A scenario the editor can work on, as the core makes it. */
  readonly editable: (s: Scenario) => Promise<Prepared>;
  /** Validates and runs the draft in the worker. */
  readonly run: () => Promise<boolean>;
  /** Whether the worker is busy with a run, a replay or a comparison. */
  readonly busy: () => boolean;
}

/**
 * Opens a share link (the controller has taken it out of the address bar); a bad one leaves the
 * draft as it is and says why. A link with a comparison puts its schedulers in the Compare tab
 * (a bad comparison is reported, and the scenario still opens).
 */
export async function openLink(c: ActionHost, hash: string, fallback: string): Promise<Opened> {
  const { decodeScenarioHash } = await import('../share/link');
  const decoded = decodeScenarioHash(hash);
  const prepared: Prepared = decoded.ok ? await prepare(c, decoded.text) : { ok: false, error: decoded.error };
  if (!prepared.ok && prepared.cancelled) {
    c.store.dispatch(showNotice(`Opening the share link was cancelled while its scenario was checked. Showing ${fallback} instead.`));
    return false;
  }
  if (!prepared.ok) {
    const what = decoded.ok ? `This share link's scenario is not valid: ${prepared.error}` : prepared.error;
    c.store.dispatch(showError(`${sentence(what)} Showing ${fallback} instead.`));
    return false;
  }
  c.store.dispatch(loadDraft(prepared.scenario));
  if (decoded.ok && decoded.sweep != null) {
    const { parseSweepSetup } = await import('../sweep/setup');
    const sweep = parseSweepSetup(decoded.sweep);
    if (!sweep.ok) {
      c.store.dispatch(showError(`This share link's sweep is not valid: ${sentence(sweep.error)} Its scenario is shown alone.`));
      return 'scenario';
    }
    c.store.dispatch((s) => ({ ...s, sweepLink: sweep.setup }));
    return { sweep: sweep.setup };
  }
  if (!decoded.ok || decoded.compare === null) {
    const adopted = adoptCompare(c, prepared.scenario);
    if (adopted) c.store.dispatch(showNotice(`This link's scenario is made for a comparison.${adopted}`));
    return 'scenario';
  }
  const setup = parseSetup(decoded.compare);
  if (!setup.ok) {
    c.store.dispatch(showError(`This share link's comparison is not valid: ${sentence(setup.error)} Its scenario is shown alone.`));
    return 'scenario';
  }
  c.store.dispatch(setCompareSetup(setup.setup));
  return { compare: setup.setup };
}

/** The comparison a scenario is made for (its `compare`) becomes the Compare tab's setup; the sentence saying so, or ''. */
function adoptCompare(c: ActionHost, s: Scenario): string {
  const setup = scenarioSetup(s);
  if (setup === null) return '';
  c.store.dispatch(setCompareSetup(setup));
  const names = setup.variants.map((v) => c.schedulerName(v.scheduler.name)).join(', ');
  return ` The Compare tab is set up with the comparison it is made for: ${names}.`;
}


/**
 * Records the current run's schedule and replays it: with `name`, a replay the scenario
 * lists (`replay.modes`); else with the Replay tab's mode and service. The core runs the
 * same scenario text (same seed), so its original is the run on screen.
 */
export async function recordReplay(c: ActionHost, name?: string): Promise<boolean> {
  const { run, replayMode, replayPreemptive, replayState, runState } = c.store.getState();
  if (!run || replayState === 'running' || runState === 'running') return false;
  c.store.dispatch(replayStarted);
  try {
    // The replay's name from the core's catalog (a scenario's replay of that name, if it lists
    // one, runs); before the catalog is loaded, the mode and service as an object.
    const which = name ?? defaultReplayName(c.store.getState().replayModes, replayMode, replayPreemptive)
      ?? JSON.stringify({ mode: replayMode, preemptive: replayPreemptive });
    const [result, { loadReplay }] = await Promise.all([
      c.sim.replay(run.scenarioText, which, (p) => c.store.dispatch(replayProgressed(p))),
      import('../store/replayLoad'),
    ]);
    c.store.dispatch(replayFinished(loadReplay(result, run.scenarioText, run.result.summary.trace_hash)));
    return true;
  } catch (err) {
    if (err instanceof SimCancelled) c.store.dispatch(replayCancelled);
    else c.store.dispatch(replayFailed(`The replay failed: ${message(err)}`));
    return false;
  }
}


/** Loads a scenario of the gallery (its text fetched by `load`) as the draft (undoable) and runs it. */
export async function openExample(c: ActionHost, path: string, load: () => Promise<string>): Promise<boolean> {
  let text: string;
  try {
    text = await load();
  } catch (err) {
    c.store.dispatch(showError(`The example "${path}" could not be fetched: ${sentence(message(err))} Your draft is unchanged.`));
    return false;
  }
  const prepared = await prepare(c, text);
  if (!prepared.ok) {
    c.store.dispatch(showError(`The example "${path}" could not be loaded: ${sentence(prepared.error)}`));
    return false;
  }
  c.store.dispatch(loadDraft(prepared.scenario));
  const adopted = adoptCompare(c, prepared.scenario);
  c.store.dispatch(showNotice(`Loaded the example ${path}.${adopted} Undo brings your previous draft back.`));
  const ran = await c.run();
  // A scripted schedule (UPS App. A's figures) opens on the Replay tab: its tables, its replays.
  if (ran && c.store.getState().run?.result.summary.schedule) c.store.dispatch(setSideTab('replay'));
  return ran;
}

/**
 * Opens a sweep file (the Papers view's rows): its base scenario as the draft, not run, and
 * the Sweep tab offering to run it. `load` gives its text with the base written in.
 */
export async function openSweepFile(c: ActionHost, file: Omit<SweepFile, 'text'>, load: () => Promise<string>): Promise<boolean> {
  let text: string;
  let prepared: Prepared;
  try {
    text = await load();
    prepared = await prepare(c, JSON.stringify((JSON.parse(text) as { base?: unknown }).base));
  } catch (err) {
    c.store.dispatch(showError(`The sweep "${file.name}" could not be fetched: ${sentence(message(err))} Your draft is unchanged.`));
    return false;
  }
  if (!prepared.ok) {
    c.store.dispatch(showError(`The sweep "${file.name}"'s base scenario could not be loaded: ${sentence(prepared.error)}`));
    return false;
  }
  c.store.dispatch(loadDraft(prepared.scenario));
  c.store.dispatch((s) => ({ ...s, sweepFile: { ...file, text } }));
  c.store.dispatch(setSideTab('sweep'));
  c.store.dispatch(showNotice(`Opened the sweep ${file.name}: its base scenario is your draft (Undo brings your previous one back); the Sweep tab runs it.`));
  return true;
}


/**
 * Shares what is on screen: the link of the run (or comparison) shown, copied when the
 * clipboard allows. When the draft differs from it, the draft's link is offered too (it
 * will run with another trace hash). Without a run, the draft's link.
 */
export async function share(c: ActionHost, base: string): Promise<void> {
  const s = c.store.getState();
  const comparison = linkCompare(s);
  const shown = comparison ? s.comparison?.scenarioText ?? null : s.run?.scenarioText ?? null;
  const draft = linkText(s);
  const { buildShareLink } = await import('../share/link');
  const link = buildShareLink(base, shown ?? draft, comparison);
  const draftLink = shown !== null && shown !== draft ? buildShareLink(base, draft, null) : null;
  c.store.dispatch(shareLinkBuilt(link, draftLink));
  // A link past what pages open is not copied: the share box says so and offers the file.
  if (!linkOpens(link)) return;
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    // No clipboard (insecure context, permissions): the link stays in the text field.
  }
}


/** Imports a scenario file; a bad one leaves the draft as it is and says why. */
export async function importFile(c: ActionHost, name: string, text: string): Promise<boolean> {
  if (isFlowListFile(name, text)) return importFlowList(c, name, text);
  const prepared = await prepare(c, text);
  if (!prepared.ok) {
    c.store.dispatch(showError(`"${name}" was not imported: ${sentence(prepared.error)} Your draft is unchanged.`));
    return false;
  }
  c.store.dispatch(loadDraft(prepared.scenario));
  c.store.dispatch(showNotice(`Imported "${name}".${adoptCompare(c, prepared.scenario)}`));
  return c.run();
}

/**
 * A workload file (the UPS authors' format: start, size, source, destination per line) joins
 * the draft's traffic as a flow list, if the core takes the draft with it; else the draft is
 * unchanged and the banner says why (the core names the line).
 */
async function importFlowList(c: ActionHost, name: string, text: string): Promise<boolean> {
  const draft = draftOf(c.store.getState());
  const item = flowListFromFile(draft, name, text);
  const prepared = await prepare(c, scenarioText(addTraffic(draft, item)));
  if (!prepared.ok) {
    c.store.dispatch(showError(`"${name}" was not added: ${sentence(prepared.error)} Your draft is unchanged.`));
    return false;
  }
  c.store.dispatch(edit((s) => addTraffic(s, item), null));
  const numbering = item.nodes ? `; its numbers name the draft's nodes in order (0 = ${item.nodes[0] ?? '?'})` : '';
  c.store.dispatch(showNotice(`Added "${name}" to the traffic as the flow list ${item.id} (${flowCount(item)} flows${numbering}).`));
  return c.run();
}


/**
 * Untrusted text (a link, a file) to an editable scenario the core accepts: checked in the
 * worker as its run (the worker keeps that run for the Run that follows: validated once per
 * Run), shown as the run's first phase with Cancel, which stops it (the draft stays).
 */
async function prepare(c: ActionHost, text: string): Promise<Prepared> {
  const restored = restoreScenario(text);
  if (!restored.ok) return restored;
  const shown = !c.busy();
  if (shown) c.store.dispatch(checkStarted);
  try {
    const editable = await c.editable(restored.scenario);
    if (!editable.ok) return editable;
    await c.sim.check(scenarioText(editable.scenario));
    return editable;
  } catch (err) {
    return err instanceof SimCancelled ? CANCELLED : { ok: false, error: message(err) };
  } finally {
    if (shown) c.store.dispatch(runCancelled);
  }
}
