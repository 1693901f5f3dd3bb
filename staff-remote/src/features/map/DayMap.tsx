import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { statusLabel } from '@blooms/shared/contract/deliveries';
import { PICKUP_NOTE, pickupStatusLabel } from '@blooms/shared/contract/vases';
import type { DayStop } from '@blooms/shared/contract/day-stops';
import { I15_POINTS } from './i15';
import { colourOf, type ColourBy, type LegendEntry } from './map-legend';
import { COUNTY_RINGS, MAP_HEIGHT, MAP_WIDTH, pathThrough, projectionFor, spreadOut, staticMapUrl, tileImageBox } from './map-projection';
import { placeLabel } from './map-labels';
import { clusterStops } from './map-clusters';
import { ClusterList, ClusterMarker, useOpenCluster } from './MapClusters';
import './map.css';

interface Props {
  stops: DayStop[];
  colourBy: ColourBy;
  legend: LegendEntry[];
  /** The id of the caption that says in words what the map shows. */
  captionId: string;
  picked: string | null;
  /** With it, each stop is a button that picks it. */
  onPick?: (id: string) => void;
}

const I15 = I15_POINTS.map(([latitude, longitude]): [number, number] => [longitude, latitude]);
const I15_LABEL_AT = I15[3]!;
const MAP_BOUNDS = { left: 0, top: 0, right: MAP_WIDTH, bottom: MAP_HEIGHT };

/**
 * The day's stops on the three counties and I-15, drawn from shapes in the bundle: no key and
 * no network. With Google tiles configured (staffMapTiles), Google's map lies underneath, the
 * counties only outlined over it.
 */
export default function DayMap({ stops, colourBy, legend, captionId, picked, onPick }: Props) {
  const mapsKey = useAppConfig((s) => (s.config?.staffMapTiles ? s.config.googleMapsApiKey : null));
  const { projection, tileView } = projectionFor(mapsKey !== null);
  const projected = stops.flatMap((stop) => {
    if (stop.latitude === null || stop.longitude === null) return [];
    const [x, y] = projection([stop.longitude, stop.latitude])!;
    return [{ item: stop, x, y }];
  });
  // Stops to pick: dots that would overlap are one marker, a button listing them. A picture: fanned out.
  const clusters = onPick ? clusterStops(projected) : spreadOut(projected).map(({ item, x, y }) => ({ items: [item], x, y }));
  const [opened, setOpened] = useOpenCluster(clusters, picked);
  const markerOf = (stop: DayStop, x: number, y: number) => {
    const fill = colourOf(stop, colourBy, legend);
    const isPicked = stop.id === picked;
    // A pickup-only stop is a diamond, a delivery a circle: told apart whatever the colours say.
    return stop.pickup ? (
      <path className="day-map__stop day-map__stop--pickup" d={diamondAt(x, y, isPicked ? 14 : 10)} fill={fill} />
    ) : (
      <circle className="day-map__stop" cx={x} cy={y} r={isPicked ? 12 : 8} fill={fill} />
    );
  };
  const drawing = (
    // With stops to pick the group is the wrapper (the drawing and a cluster's list); a picture's parts could not be reached.
    <svg
      className={tileView ? 'day-map day-map--tiles' : 'day-map'}
      viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
      role={onPick ? 'none' : 'img'}
      aria-labelledby={onPick ? undefined : captionId}
    >
      {tileView && mapsKey && <image href={staticMapUrl(tileView, mapsKey)} {...tileImageBox(tileView)} preserveAspectRatio="none" />}
      {COUNTY_RINGS.map((county) => {
        const name = `${county.name} County`;
        const labelAt = placeLabel(name, projection(centreOf(county.rings[0]!))!, clusters, MAP_BOUNDS);
        return (
          <g key={county.name} className="day-map__county">
            {county.rings.map((ring, i) => (
              <path key={i} d={pathThrough(ring, projection, true)} />
            ))}
            {labelAt && (
              <text x={labelAt[0]} y={labelAt[1]} className="day-map__county-name" aria-hidden="true">
                {name}
              </text>
            )}
          </g>
        );
      })}
      {/* Google's map has the road itself, where it really runs: the bundle's simpler line would sit beside it. */}
      {!tileView && (
        <>
          <path className="day-map__i15" d={pathThrough(I15, projection, false)} />
          <text className="day-map__road-name" x={projection(I15_LABEL_AT)![0] + 6} y={projection(I15_LABEL_AT)![1]} aria-hidden="true">
            I-15
          </text>
        </>
      )}
      {clusters.map(({ items, x, y }) => {
        const stop = items[0]!;
        if (items.length > 1)
          return (
            <ClusterMarker
              key={stop.id}
              stops={items}
              x={x}
              y={y}
              picked={items.some((item) => item.id === picked)}
              open={opened === stop.id}
              onToggle={() => setOpened(opened === stop.id ? null : stop.id)}
            />
          );
        const name = stopName(stop);
        const isPicked = stop.id === picked;
        const className = isPicked ? 'day-map__marker day-map__marker--picked' : 'day-map__marker';
        if (!onPick)
          return (
            <g key={stop.id} className={className} data-stop={stop.id} data-pickup={stop.pickup ? '' : undefined}>
              <title>{name}</title>
              {markerOf(stop, x, y)}
            </g>
          );
        return (
          <g
            key={stop.id}
            className={className}
            data-stop={stop.id}
            data-pickup={stop.pickup ? '' : undefined}
            role="button"
            tabIndex={0}
            aria-label={name}
            aria-pressed={isPicked}
            onClick={() => onPick(stop.id)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' && event.key !== ' ') return;
              event.preventDefault();
              onPick(stop.id);
            }}
          >
            <title>{name}</title>
            {markerOf(stop, x, y)}
          </g>
        );
      })}
    </svg>
  );
  if (!onPick) return drawing;
  const open = clusters.find((cluster) => cluster.items.length > 1 && cluster.items[0]!.id === opened);
  return (
    <div className="day-map-frame" role="group" aria-labelledby={captionId}>
      {drawing}
      {open && <ClusterList cluster={open} picked={picked} nameOf={stopName} onPick={onPick} onClose={() => setOpened(null)} />}
    </div>
  );
}

/** "Ana Person, 1 Main St, Provo: Not Started, unassigned": what a stop's marker says. */
function stopName(stop: DayStop): string {
  const status = stop.pickup ? `${PICKUP_NOTE}, ${pickupStatusLabel(stop.status)}` : statusLabel(stop.status);
  const who = stop.assigneeName ? `, ${stop.assigneeName}` : stop.assignedTo ? '' : ', unassigned';
  return `${stop.name}, ${stop.address}, ${stop.city}: ${status}${who}`;
}

/** A diamond about as large as a delivery's circle, centred on the stop. */
function diamondAt(x: number, y: number, r: number): string {
  return `M${x} ${y - r}L${x + r} ${y}L${x} ${y + r}L${x - r} ${y}Z`;
}

/** Where to write a county's name: the middle of its outline's extent. */
function centreOf(ring: readonly [number, number][]): [number, number] {
  const lons = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  return [(Math.min(...lons) + Math.max(...lons)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2];
}
