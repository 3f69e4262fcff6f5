// Colours. Flows use the Okabe-Ito palette (safe for the common colour-vision deficiencies);
// vermillion is kept for drops, so no flow wears it (a darker one, 4.7:1 on white, so its text
// reads; drops also have their own shape, a cross).
export const FLOW_COLOURS = ['#E69F00', '#56B4E9', '#009E73', '#0072B2', '#CC79A7', '#000000', '#F0E442', '#999999'] as const;
export const DROP_COLOUR = '#C45000';
/** ECN marks (Congestion Experienced): a blue no flow wears. */
export const MARK_COLOUR = '#2f4fc4';
/** Queue-length series in the chart, one per port (kept apart from the flow colours). */
export const SERIES_COLOURS = ['#1b2a3a', '#7a5195', '#2a9d8f', '#8c6d31', '#6b6ecf', '#bc5090'] as const;

export function flowColour(flow: number): string {
  return FLOW_COLOURS[flow % FLOW_COLOURS.length] as string;
}

export function seriesColour(i: number): string {
  return SERIES_COLOURS[i % SERIES_COLOURS.length] as string;
}
/** The ring around the packet being followed. */
export const FOLLOW_COLOUR = '#1b2a3a';
/** Overdue packets in the replay view (a red no flow wears; they also wear a dark corner). */
export const OVERDUE_COLOUR = '#E4002B';
/**
 * One colour per scheduler of a comparison (Okabe-Ito blue, orange, green, purple: told apart
 * with the common colour-vision deficiencies), and a dash per scheduler on lines as well.
 */
export const COMPARE_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7'] as const;
export const COMPARE_DASHES = ['', '7 3', '2 2', '9 3 2 3'] as const;
