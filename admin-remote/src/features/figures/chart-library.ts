// Chart.js, with only the parts the figures page draws registered: loaded by that page alone,
// on demand (FigureChart imports this module dynamically).
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { ChartSpec, Tone } from './chart-spec';
import { formatCount, formatDollars, formatShare } from './format';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

// The site's colours (shared/src/styles/tokens.css); series drawn together differ in lightness too.
const TONES: Record<Tone, string> = {
  main: '#8a3b57',
  second: '#1f5f8a',
  good: '#4f6b45',
  late: '#c9822b',
  bad: '#a32020',
  waiting: '#b9ada1',
};

/** Long category labels (reasons) as lines of about 22 characters, so a phone's narrow chart keeps them whole. */
function wrapLabel(label: string): string | string[] {
  if (label.length <= 22) return label;
  const lines: string[] = [];
  for (const word of label.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 22) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function formatValue(values: ChartSpec['values'], value: number): string {
  if (values === 'dollars') return formatDollars(value);
  if (values === 'percent') return formatShare(value);
  return formatCount(value);
}

/** Draws the chart on the canvas; the caller destroys it when the canvas goes. */
export function drawChart(canvas: HTMLCanvasElement, spec: ChartSpec): { destroy(): void } {
  const style = getComputedStyle(canvas);
  Chart.defaults.font.family = style.fontFamily;
  Chart.defaults.color = style.color;
  const valueAxis = spec.horizontal ? 'x' : 'y';
  const categoryAxis = spec.horizontal ? 'y' : 'x';
  return new Chart(canvas, {
    type: spec.kind,
    data: {
      labels: spec.horizontal ? spec.labels.map(wrapLabel) : spec.labels,
      datasets: spec.series.map((series) => ({
        label: series.label,
        data: series.data,
        backgroundColor: TONES[series.tone],
        borderColor: TONES[series.tone],
        borderWidth: spec.kind === 'line' ? 2 : 0,
      })),
    },
    options: {
      indexAxis: categoryAxis,
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      scales: {
        // Every reason named, however narrow the chart: Chart.js would otherwise leave some out.
        [categoryAxis]: { stacked: spec.stacked, grid: { display: false }, ticks: { autoSkip: !spec.horizontal } },
        [valueAxis]: {
          stacked: spec.stacked,
          beginAtZero: true,
          ticks: { precision: 0, callback: (value: string | number) => formatValue(spec.values, Number(value)) },
        },
      },
      plugins: {
        legend: { position: 'bottom', labels: { boxWidth: 12 } },
        tooltip: {
          callbacks: {
            label: (item) =>
              `${item.dataset.label}: ${item.parsed[valueAxis] === null ? '–' : formatValue(spec.values, item.parsed[valueAxis]!)}`,
          },
        },
      },
    },
  });
}
