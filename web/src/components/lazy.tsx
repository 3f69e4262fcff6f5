import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';

// The parts the first paint (the default scenario running in the drawing, with its controls)
// does not need, each a chunk of its own that the browser loads when it is first rendered
// (under <Part>, components/Part.tsx: a loading line, and an error with "Try again" if the chunk
// cannot be fetched): the charts (the Results tab's queue chart, middlebox panel and results
// board, with d3's scales, axes and shapes), the Compare and Replay views and tabs, the tour, help and presets
// dialogs, the curve view of a service-curve port, and the side tabs hidden at first (the
// Inspector's editor forms, the Traffic editor, the Packet tab), which load while the first
// run starts, the run's flow table (with its CSV export), shown once a run has finished, and the
// share link's box, shown once a link is made, and the program editor (CodeMirror), shown for a
// custom rank or slack program; the change bar (shown from the second run on), the claims of an
// example with checks, the lessons' panel and dialog, the examples' and papers' dialogs.
// They keep the main script small (issue 20: under 100 KB gzipped; npm run bench:size).

/** Parts whose chunk failed to load: made anew by "Try again", which requests it again. */
const failed = new Set<() => void>();

/** Forgets the parts that failed to load, so that their next render requests their chunk again. */
export function retryFailedParts(): void {
  const resets = [...failed];
  failed.clear();
  for (const reset of resets) reset();
}

/** A component loaded on demand, as React.lazy, whose failed load can be tried again. */
function part<P extends object>(load: () => Promise<ComponentType<P>>): FunctionComponent<P> {
  const make = () => lazy(() => load().then((c) => ({ default: c }), (e: unknown) => {
    failed.add(reset);
    throw e;
  }));
  let inner = make();
  const reset = () => { inner = make(); };
  return (props: P) => createElement(inner, props);
}

/**
 * Fetches the parts that appear without a click (the change bar, with a run after a run) once
 * the page is idle after its first run, or while that next run goes: shown then, they do not
 * wait for their chunk, nor move the page after it arrives.
 */
export function warmParts(): void {
  void import('./ChangeBar');
}

export const ChartPanel = part(() => import('./ChartPanel').then((m) => m.ChartPanel));
export const MiddleboxPanel = part(() => import('./MiddleboxPanel').then((m) => m.MiddleboxPanel));
export const CompareStage = part(() => import('./CompareStage').then((m) => m.CompareStage));
export const CompareToolbar = part(() => import('./CompareToolbar').then((m) => m.CompareToolbar));
export const SweepTab = part(() => import('./SweepTab').then((m) => m.SweepTab));
export const CompareTab = part(() => import('./CompareTab').then((m) => m.CompareTab));
export const ReplayView = part(() => import('./ReplayView').then((m) => m.ReplayView));
export const ReplayTab = part(() => import('./ReplayTab').then((m) => m.ReplayTab));
export const ComparisonGap = part(() => import('./GapCard').then((m) => m.ComparisonGap));
export const ResultsBoard = part(() => import('./ResultsBoard').then((m) => m.ResultsBoard));
export const Tour = part(() => import('./Tour').then((m) => m.Tour));
export const HelpDialog = part(() => import('./HelpDialog').then((m) => m.HelpDialog));
export const CurveView = part(() => import('./CurveView').then((m) => m.CurveView));
export const FlowResults = part(() => import('./FlowResults').then((m) => m.FlowResults));
export const Inspector = part(() => import('./Inspector').then((m) => m.Inspector));
export const TrafficPanel = part(() => import('./TrafficPanel').then((m) => m.TrafficPanel));
export const FollowPanel = part(() => import('./FollowPanel').then((m) => m.FollowPanel));
export const ShareBox = part(() => import('./ShareBox').then((m) => m.ShareBox));
export const ProgramEditor = part(() => import('./ProgramEditor').then((m) => m.ProgramEditor));
export const PresetDialog = part(() => import('./PresetDialog').then((m) => m.PresetDialog));
export const ChangeBar = part(() => import('./ChangeBar').then((m) => m.ChangeBar));
export const ClaimsCard = part(() => import('./ClaimsCard').then((m) => m.ClaimsCard));
export const LessonPanel = part(() => import('./LessonPanel').then((m) => m.LessonPanel));
export const LessonsDialog = part(() => import('./LessonsDialog').then((m) => m.LessonsDialog));
// The gallery's index (every scenario file's name and description) is a chunk of its own,
// fetched when Examples… is first opened: the page's main script does not grow with it.
export const GalleryDialog = part(() => import('./GalleryDialog').then((m) => m.GalleryDialog));
// The papers' scoreboard too (web/src/generated/papers.ts).
export const PapersDialog = part(() => import('./PapersDialog').then((m) => m.PapersDialog));
