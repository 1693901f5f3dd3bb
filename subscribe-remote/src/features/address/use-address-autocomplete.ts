import { useEffect, useRef, type RefObject } from 'react';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';

/**
 * Suggestions are biased to a 200 km circle around central Utah, where we deliver. The maps
 * script loads on its own: poll for it every 500 ms, and after 10 s give up (the form works
 * without suggestions).
 */
export const UTAH_CENTER = { lat: 40.25, lng: -111.65 };
export const BIAS_RADIUS_M = 200_000;
export const POLL_MS = 500;
export const GIVE_UP_MS = 10_000;

export interface AddressFields {
  address: string;
  city: string;
  zip: string;
  state: string;
}

interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

interface PlacesApi {
  Autocomplete: new (
    input: HTMLInputElement,
    options: object,
  ) => {
    addListener: (event: 'place_changed', handler: () => void) => void;
    getPlace: () => { address_components?: AddressComponent[] };
  };
}

interface MapsApi {
  Circle: new (options: { center: { lat: number; lng: number }; radius: number }) => { getBounds: () => unknown };
  places?: PlacesApi;
}

declare global {
  interface Window {
    google?: { maps?: MapsApi };
  }
}

const SCRIPT_ID = 'google-maps-places';

function loadScript(apiKey: string) {
  if (document.getElementById(SCRIPT_ID)) return;
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&libraries=places`;
  document.head.appendChild(script);
}

/** A chosen place as form fields, or null when it is not in Utah. */
export function addressFromPlace(components: AddressComponent[]): AddressFields | null {
  const part = (type: string, short = false) => {
    const found = components.find((c) => c.types.includes(type));
    return found ? (short ? found.short_name : found.long_name) : '';
  };
  if (part('administrative_area_level_1', true) !== 'UT') return null;
  return {
    address: [part('street_number'), part('route')].filter(Boolean).join(' '),
    city: part('locality') || part('postal_town') || part('sublocality'),
    zip: part('postal_code'),
    state: 'UT',
  };
}

/**
 * Google Places address autocomplete (US addresses, biased to central Utah) on the address
 * input, when a Maps API key is configured. A non-Utah choice is refused with a popup.
 */
export function useAddressAutocomplete(
  input: RefObject<HTMLInputElement | null>,
  apiKey: string | null,
  onAddress: (fields: AddressFields) => void,
) {
  const latest = useRef(onAddress);
  latest.current = onAddress;

  useEffect(() => {
    if (!apiKey || !input.current) return;
    loadScript(apiKey);
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const maps = window.google?.maps;
      if (maps?.places && input.current) {
        clearInterval(timer);
        const autocomplete = new maps.places.Autocomplete(input.current, {
          componentRestrictions: { country: 'us' },
          types: ['address'],
          fields: ['address_components'],
          bounds: new maps.Circle({ center: UTAH_CENTER, radius: BIAS_RADIUS_M }).getBounds(),
        });
        autocomplete.addListener('place_changed', () => {
          const fields = addressFromPlace(autocomplete.getPlace().address_components ?? []);
          if (!fields) showPopup('error', SUBSCRIBE_MESSAGES.notUtah);
          else latest.current(fields);
        });
      } else if (Date.now() - startedAt >= GIVE_UP_MS) {
        clearInterval(timer);
        console.warn('Address suggestions are unavailable: the maps script did not load in time.');
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [apiKey, input]);
}
