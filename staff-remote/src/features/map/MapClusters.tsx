import { useEffect, useRef, useState } from 'react';
import type { DayStop } from '@blooms/shared/contract/day-stops';
import { clusterName, type StopCluster } from './map-clusters';

const clusterElement = (key: string) => document.querySelector<SVGGElement>(`[data-cluster="${CSS.escape(key)}"]`);

/**
 * Which cluster's list is open (by its first stop's id), and how to open or shut one. A stop
 * picked in the list opens the cluster it is in, so its entry shows it picked.
 */
export function useOpenCluster(clusters: readonly StopCluster<DayStop>[], picked: string | null) {
  const [opened, setOpened] = useState<string | null>(null);
  const holding =
    picked === null ? undefined : clusters.find((cluster) => cluster.items.length > 1 && cluster.items.some((s) => s.id === picked));
  const holder = holding?.items[0]!.id ?? null;
  useEffect(() => {
    if (holder !== null) setOpened(holder);
  }, [holder, picked]);
  return [opened, setOpened] as const;
}

interface MarkerProps {
  stops: DayStop[];
  x: number;
  y: number;
  picked: boolean;
  open: boolean;
  onToggle: () => void;
}

/** Stops whose dots would overlap, as one marker with their count: a button that lists them. */
export function ClusterMarker({ stops, x, y, picked, open, onToggle }: MarkerProps) {
  const key = stops[0]!.id;
  const r = 14 + Math.min(stops.length, 12) * 0.5;
  return (
    <g
      className={picked ? 'day-map__marker day-map__cluster day-map__marker--picked' : 'day-map__marker day-map__cluster'}
      data-cluster={key}
      role="button"
      tabIndex={0}
      aria-label={clusterName(stops.map((stop) => stop.city))}
      aria-expanded={open}
      onClick={onToggle}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        onToggle();
      }}
    >
      <title>{clusterName(stops.map((stop) => stop.city))}</title>
      <circle className="day-map__cluster-dot" cx={x} cy={y} r={r} />
      <text className="day-map__cluster-count" x={x} y={y + 5} aria-hidden="true">
        {stops.length}
      </text>
    </g>
  );
}

interface ListProps {
  cluster: StopCluster<DayStop>;
  picked: string | null;
  nameOf: (stop: DayStop) => string;
  onPick: (id: string) => void;
  onClose: () => void;
}

/** A cluster's stops, each a button that picks it (its row is then shown in the list), under the drawing. */
export function ClusterList({ cluster, picked, nameOf, onPick, onClose }: ListProps) {
  const key = cluster.items[0]!.id;
  const name = clusterName(cluster.items.map((stop) => stop.city));
  const first = useRef<HTMLButtonElement>(null);
  const marker = clusterElement(key);
  // Opened from its marker (by key or click), the list takes the focus; opened by a row's pin, the row keeps it.
  useEffect(() => {
    if (document.activeElement === clusterElement(key)) first.current?.focus();
  }, [key]);
  const close = () => {
    onClose();
    marker?.focus();
  };
  return (
    <div
      className="day-map__cluster-list"
      role="group"
      aria-label={name}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        close();
      }}
    >
      <div className="day-map__cluster-head">
        <strong>{name}</strong>
        <button type="button" className="day-map__cluster-close" aria-label={`Close the list of ${name}`} onClick={close}>
          ×
        </button>
      </div>
      <ul>
        {cluster.items.map((stop, i) => (
          <li key={stop.id}>
            <button
              ref={i === 0 ? first : undefined}
              type="button"
              data-stop={stop.id}
              aria-pressed={stop.id === picked}
              onClick={() => onPick(stop.id)}
            >
              <strong>{stop.name}</strong>
              {nameOf(stop).slice(stop.name.length)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
