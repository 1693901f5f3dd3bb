import { useLayoutEffect, useRef, useState } from 'react';
import { cityOfZip } from '@blooms/shared/contract/delivery-area';
import { DELIVERY_CORRIDOR, DELIVERY_COUNTIES_TEXT } from '@blooms/shared/contract/site';
import { zipCheck } from '@blooms/shared/contract/subscribe';
import { GetStarted } from './GetStarted';

/** Towns along I-15 on the map, north to south, with their place on it. */
const TOWNS = [
  { name: 'Bountiful', x: 118, y: 52 },
  { name: 'Salt Lake City', x: 112, y: 98 },
  { name: 'Sandy', x: 120, y: 140 },
  { name: 'Lehi', x: 108, y: 178 },
  { name: 'Provo', x: 128, y: 232 },
];

/** A simple map of the three counties and the I-15 corridor: where the vans go, not a survey. */
function AreaMap() {
  return (
    <svg className="area-map" viewBox="0 0 240 280" role="img" aria-labelledby="area-map-title">
      <title id="area-map-title">{`Map of ${DELIVERY_COUNTIES_TEXT}, Utah, with I-15 running north to south from Bountiful to Provo`}</title>
      <path className="area-map__county" d="M96 14 L150 10 L146 66 L100 70 Z" />
      <path className="area-map__county area-map__county--salt-lake" d="M62 72 L150 68 L156 156 L70 160 Z" />
      <path className="area-map__county" d="M52 162 L160 158 L196 262 L70 270 Z" />
      <text className="area-map__county-name" x="20" y="44">
        Davis
      </text>
      <text className="area-map__county-name" x="8" y="118">
        Salt Lake
      </text>
      <text className="area-map__county-name" x="14" y="222">
        Utah
      </text>
      <polyline className="area-map__road" points={TOWNS.map((town) => `${town.x},${town.y}`).join(' ')} />
      <text className="area-map__road-name" x="134" y="200">
        I-15
      </text>
      {TOWNS.map((town) => (
        <g key={town.name}>
          <circle className="area-map__town" cx={town.x} cy={town.y} r="4" />
          <text className="area-map__town-name" x={town.x + 8} y={town.y + 4}>
            {town.name}
          </text>
        </g>
      ))}
    </svg>
  );
}

/**
 * Where we deliver: the counties, a map, and a ZIP check against the same list the subscribe
 * form and the server use. The field takes input from the page's first paint; the app, taking
 * the page over, starts from what was typed there by then.
 */
export function DeliveryArea() {
  const input = useRef<HTMLInputElement>(null);
  const [zip, setZip] = useState('');
  useLayoutEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed) setZip(typed);
  }, []);
  const check = zipCheck(zip);
  const city = check.status === 'success' ? cityOfZip(zip.trim()) : undefined;
  return (
    <section className="container section delivery-area" aria-labelledby="delivery-area-heading">
      <div className="delivery-area__text">
        <h2 id="delivery-area-heading">Where we deliver</h2>
        <p>
          By hand, across {DELIVERY_COUNTIES_TEXT}, along {DELIVERY_CORRIDOR}.
        </p>
        <div className="zip-checker">
          <label htmlFor="zip-checker-input">Check your ZIP code</label>
          <input
            id="zip-checker-input"
            ref={input}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={zip}
            onChange={(event) => setZip(event.target.value)}
            aria-describedby="zip-checker-status"
          />
          <p id="zip-checker-status" className={`zip-checker__status zip-checker__status--${check.status}`} aria-live="polite">
            {check.message}
            {city ? ` (${city})` : ''}
          </p>
          {check.status === 'success' && <GetStarted />}
        </div>
      </div>
      <AreaMap />
    </section>
  );
}
