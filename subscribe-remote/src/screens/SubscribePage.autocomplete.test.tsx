import { act } from '@testing-library/react';
import { GIVE_UP_MS, POLL_MS } from '../features/address/use-address-autocomplete';
import { input, popup, renderForm, resetSubscribePage } from '../test/subscribe-page';

jest.mock('../features/checkout/call-function', () => ({ callFunction: jest.fn() }));
jest.mock('../features/checkout/redirect', () => ({ redirectTo: jest.fn() }));
jest.mock('../features/order/use-upcoming-deliveries', () => jest.requireActual('../test/upcoming-deliveries'));

beforeEach(resetSubscribePage);

describe('address autocomplete', () => {
  type Listener = () => void;
  function stubMaps(place: { address_components: { long_name: string; short_name: string; types: string[] }[] }) {
    const created: { options: Record<string, unknown>; fire: Listener }[] = [];
    window.google = {
      maps: {
        Circle: class {
          constructor(readonly options: { center: unknown; radius: number }) {}
          getBounds() {
            return { circle: this.options };
          }
        },
        places: {
          Autocomplete: class {
            private listener: Listener = () => undefined;
            constructor(_input: HTMLInputElement, options: Record<string, unknown>) {
              created.push({ options, fire: () => this.listener() });
            }
            addListener(_event: string, handler: Listener) {
              this.listener = handler;
            }
            getPlace() {
              return place;
            }
          },
        },
      } as never,
    };
    return created;
  }

  const component = (long_name: string, short_name: string, type: string) => ({ long_name, short_name, types: [type] });

  it('with no Maps key, loads no script', () => {
    renderForm(null);
    expect(document.getElementById('google-maps-places')).toBeNull();
  });

  it('attaches to the address field (US, addresses, biased to 200 km around central Utah) and fills a Utah pick', async () => {
    jest.useFakeTimers();
    try {
      const created = stubMaps({
        address_components: [
          component('215', '215', 'street_number'),
          component('East 400 South', 'E 400 S', 'route'),
          component('Salt Lake City', 'Salt Lake City', 'locality'),
          component('Utah', 'UT', 'administrative_area_level_1'),
          component('84111', '84111', 'postal_code'),
        ],
      });
      renderForm('maps-key');
      expect(document.getElementById('google-maps-places')).toHaveAttribute('src', expect.stringContaining('key=maps-key'));
      await act(async () => jest.advanceTimersByTimeAsync(POLL_MS));
      expect(created).toHaveLength(1);
      expect(created[0]!.options).toMatchObject({
        componentRestrictions: { country: 'us' },
        types: ['address'],
        bounds: { circle: { radius: 200_000 } },
      });
      act(() => created[0]!.fire());
      expect(input('Street address')).toHaveValue('215 East 400 South');
      expect(input('City')).toHaveValue('Salt Lake City');
      expect(input('ZIP code')).toHaveValue('84111');
      expect(input('State')).toHaveValue('UT');
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses an address outside Utah with the exact popup, changing nothing', async () => {
    jest.useFakeTimers();
    try {
      const created = stubMaps({
        address_components: [
          component('1', '1', 'street_number'),
          component('Main Street', 'Main St', 'route'),
          component('Boise', 'Boise', 'locality'),
          component('Idaho', 'ID', 'administrative_area_level_1'),
          component('83702', '83702', 'postal_code'),
        ],
      });
      renderForm('maps-key');
      await act(async () => jest.advanceTimersByTimeAsync(POLL_MS));
      act(() => created[0]!.fire());
      expect(popup()).toMatchObject({ kind: 'error', message: 'We only deliver to addresses in Utah. Please select a Utah address.' });
      expect(input('City')).toHaveValue('');
    } finally {
      jest.useRealTimers();
    }
  });

  it('polls every 500 ms and gives up after 10 s when the script never loads', async () => {
    jest.useFakeTimers();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      renderForm('maps-key');
      await act(async () => jest.advanceTimersByTimeAsync(GIVE_UP_MS - POLL_MS));
      expect(warn).not.toHaveBeenCalled();
      await act(async () => jest.advanceTimersByTimeAsync(POLL_MS));
      expect(warn).toHaveBeenCalledWith('Address suggestions are unavailable: the maps script did not load in time.');
      // Arriving late, it is not attached any more.
      const created = stubMaps({ address_components: [] });
      await act(async () => jest.advanceTimersByTimeAsync(POLL_MS * 4));
      expect(created).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
