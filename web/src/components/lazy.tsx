import { lazy } from 'react';

// The parts the first paint (the default scenario running in the drawing, with its controls)
// does not need, each a chunk of its own that the browser loads when it is first rendered
// (under <Suspense>): the charts (the Results tab's queue chart, middlebox panel and results
// board, with d3's scales, axes and shapes), the Compare and Replay views and tabs, the tour, help and presets
// dialogs, the curve view of a service-curve port, and the side tabs hidden at first (the
// Inspector's editor forms, the Traffic editor, the Packet tab), which load while the first
// run starts, the run's flow table (with its CSV export), shown once a run has finished, and the
// share link's box, shown once a link is made, and the program editor (CodeMirror), shown for a
// custom rank or slack program.
// They keep the main script small (issue 20: under 100 KB gzipped; npm run bench:size).
export const ChartPanel = lazy(() => import('./ChartPanel').then((m) => ({ default: m.ChartPanel })));
export const MiddleboxPanel = lazy(() => import('./MiddleboxPanel').then((m) => ({ default: m.MiddleboxPanel })));
export const CompareStage = lazy(() => import('./CompareStage').then((m) => ({ default: m.CompareStage })));
export const CompareToolbar = lazy(() => import('./CompareToolbar').then((m) => ({ default: m.CompareToolbar })));
export const SweepTab = lazy(() => import('./SweepTab').then((m) => ({ default: m.SweepTab })));
export const CompareTab = lazy(() => import('./CompareTab').then((m) => ({ default: m.CompareTab })));
export const ReplayView = lazy(() => import('./ReplayView').then((m) => ({ default: m.ReplayView })));
export const ReplayTab = lazy(() => import('./ReplayTab').then((m) => ({ default: m.ReplayTab })));
export const ComparisonGap = lazy(() => import('./GapCard').then((m) => ({ default: m.ComparisonGap })));
export const ResultsBoard = lazy(() => import('./ResultsBoard').then((m) => ({ default: m.ResultsBoard })));
export const Tour = lazy(() => import('./Tour').then((m) => ({ default: m.Tour })));
export const HelpDialog = lazy(() => import('./HelpDialog').then((m) => ({ default: m.HelpDialog })));
export const CurveView = lazy(() => import('./CurveView').then((m) => ({ default: m.CurveView })));
export const FlowResults = lazy(() => import('./FlowResults').then((m) => ({ default: m.FlowResults })));
export const Inspector = lazy(() => import('./Inspector').then((m) => ({ default: m.Inspector })));
export const TrafficPanel = lazy(() => import('./TrafficPanel').then((m) => ({ default: m.TrafficPanel })));
export const FollowPanel = lazy(() => import('./FollowPanel').then((m) => ({ default: m.FollowPanel })));
export const ShareBox = lazy(() => import('./ShareBox').then((m) => ({ default: m.ShareBox })));
export const ProgramEditor = lazy(() => import('./ProgramEditor').then((m) => ({ default: m.ProgramEditor })));
export const PresetDialog = lazy(() => import('./PresetDialog').then((m) => ({ default: m.PresetDialog })));

/** What a part loaded on demand shows while its chunk arrives. */
export function Loading({ what }: { readonly what: string }) {
  return <p className="loading" role="status">Loading {what}…</p>;
}
