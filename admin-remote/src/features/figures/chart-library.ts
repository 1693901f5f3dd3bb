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
import type { ChartSpec } from './chart-spec';
import { formatCount, formatDollars, formatShare } from './format';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

// The site's colours (shared/src/styles/tokens.css), each told apart from its neighbours also by lightness.
const PALETTE = ['#8a3b57', '#4f6b45', '#1f5f8a', '#c9822b', '#a32020', '#5e554d'];

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
      labels: spec.labels,
      datasets: spec.series.map((series, i) => ({
        label: series.label,
        data: series.data,
        backgroundColor: PALETTE[i % PALETTE.length],
        borderColor: PALETTE[i % PALETTE.length],
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
        [categoryAxis]: { stacked: spec.stacked, grid: { display: false } },
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
