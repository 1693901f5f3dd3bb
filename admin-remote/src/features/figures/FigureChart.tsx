import { useEffect, useRef, useState } from 'react';
import type { ChartSpec } from './chart-spec';

/**
 * A chart of a part's numbers, drawn by Chart.js once it has loaded (this page alone loads it).
 * Screen readers get its title and are sent to the table of the same numbers below it.
 */
export function FigureChart({ title, spec }: { title: string; spec: ChartSpec }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let gone = false;
    import(/* webpackChunkName: "figures-chart" */ './chart-library')
      .then(({ drawChart }) => {
        if (!gone && canvas.current) chart = drawChart(canvas.current, spec);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      chart?.destroy();
    };
  }, [spec]);

  if (failed) return <p className="figures-chart__failed">The chart could not be drawn; its numbers are in the table below.</p>;
  return (
    // Bars along the side get room for each label's lines (reasons wrap on a phone).
    <div className="figures-chart" style={spec.horizontal ? { height: `${Math.max(15, spec.labels.length * 3.5)}rem` } : undefined}>
      <canvas ref={canvas} role="img" aria-label={`Chart: ${title}. Its numbers are in the table below.`} />
    </div>
  );
}
