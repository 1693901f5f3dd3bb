/** What a series stands for, which gives its colour: the same meaning in the same colour on every chart. */
export type Tone = 'main' | 'second' | 'good' | 'late' | 'bad' | 'waiting';

/** What a chart of the figures page draws: bars (side by side, or stacked) or lines, by month or by day. */
export interface ChartSpec {
  kind: 'bar' | 'line';
  labels: string[];
  series: { label: string; data: (number | null)[]; tone: Tone }[];
  /** Bars stacked into one per label (parts of a whole), not side by side. */
  stacked?: boolean;
  /** Bars along the side: long labels (reasons) stay readable on a phone. */
  horizontal?: boolean;
  /** How the value axis reads: counts, dollars (the data in cents) or percentages (the data as fractions). */
  values: 'count' | 'dollars' | 'percent';
}
