import { loadConfig } from '../src/config';
import { warnDefaultContact } from '../src/config-safety';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

describe('settings that are unsafe together are refused at start, saying why', () => {
  it.each([
    [
      'the Auth emulator listening on the network',
      { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '0.0.0.0', PUBLIC_URL: 'https://blooms.example', ...STRIPE },
      /ALLOW_AUTH_EMULATOR_ON_NETWORK/,
    ],
    [
      'a deployment without a payment provider',
      { HOST: '0.0.0.0', PUBLIC_URL: 'https://blooms.example' },
      /no payment provider.*PAYMENTS=test/,
    ],
    ['a public PUBLIC_URL without a payment provider', { PUBLIC_URL: 'https://blooms.example' }, /no payment provider/],
    ['PAYMENTS=stripe without a key', { PAYMENTS: 'stripe' }, /PAYMENTS=stripe needs STRIPE_SECRET_KEY/],
    ['an unknown PAYMENTS', { PAYMENTS: 'free' }, /PAYMENTS must be 'stripe' or 'test'/],
    ['listening on the network without PUBLIC_URL', { HOST: '0.0.0.0', ...STRIPE }, /PUBLIC_URL must be set/],
    ['a start for the clock with real payments', { TEST_CLOCK_START: '2028-02-29', ...STRIPE }, /TEST_CLOCK_START needs the test clock/],
    [
      'a start for the clock on a deployed site without the test clock',
      { TEST_CLOCK_START: '2028-02-29', PUBLIC_URL: 'https://staging.blooms.example', PAYMENTS: 'test' },
      /TEST_CLOCK_START needs the test clock/,
    ],
    ['a start for the clock that is not a moment', { TEST_CLOCK_START: '2028-02-29T09:30' }, /TEST_CLOCK_START must be a day/],
  ])('%s', (_, env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    ['the local default: test checkout, emulator, loopback', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, null],
    ['a deployment with Stripe', { HOST: '0.0.0.0', PUBLIC_URL: 'https://blooms.example', ...STRIPE }, 'stripe'],
    [
      'a deployment that chose the test checkout',
      { HOST: '0.0.0.0', PUBLIC_URL: 'https://staging.blooms.example', PAYMENTS: 'test' },
      null,
    ],
    [
      'the emulator on a closed test network, on purpose',
      {
        FIREBASE_AUTH_EMULATOR_HOST: '10.0.0.2:9099',
        HOST: '0.0.0.0',
        PUBLIC_URL: 'http://10.0.0.3',
        PAYMENTS: 'test',
        ALLOW_AUTH_EMULATOR_ON_NETWORK: 'true',
      },
      null,
    ],
  ])('starts with %s', (_, env, provider) => {
    const config = loadConfig(env);
    expect(config.stripe ? 'stripe' : null).toBe(provider);
  });

  it('PAYMENTS=test keeps the test checkout even with Stripe keys present', () => {
    expect(loadConfig({ ...STRIPE, PAYMENTS: 'test' }).stripe).toBeNull();
  });
});

describe('geocoding for route order', () => {
  it('is off without a key: routes use ZIP centres', () => {
    expect(loadConfig({}).geocoding).toBeNull();
  });

  it("uses the Maps key, or a server key of its own, against Google's endpoint unless told otherwise", () => {
    expect(loadConfig({ GOOGLE_MAPS_API_KEY: 'browser-key' }).geocoding).toEqual({
      apiKey: 'browser-key',
      url: 'https://maps.googleapis.com/maps/api/geocode/json',
    });
    expect(loadConfig({ GOOGLE_MAPS_API_KEY: 'browser-key', GEOCODING_API_KEY: 'server-key' }).geocoding?.apiKey).toBe('server-key');
    expect(loadConfig({ GEOCODING_API_KEY: 'k', GEOCODING_API_URL: 'http://127.0.0.1:9/geocode' }).geocoding?.url).toBe(
      'http://127.0.0.1:9/geocode',
    );
  });
});

describe('Google map tiles under the staff map', () => {
  it('are off by default, even with a Maps key, and on only with MAP_TILES=google and a key', () => {
    expect(loadConfig({}).staffMapTiles).toBe(false);
    expect(loadConfig({ GOOGLE_MAPS_API_KEY: 'browser-key' }).staffMapTiles).toBe(false);
    expect(loadConfig({ MAP_TILES: 'google' }).staffMapTiles).toBe(false);
    expect(loadConfig({ MAP_TILES: 'google', GOOGLE_MAPS_API_KEY: 'browser-key' }).staffMapTiles).toBe(true);
  });
});

describe('connections to a PostgreSQL server', () => {
  it('number as DATABASE_POOL_SIZE says (unset: the default for the machine); a size below 1, or not a number, is refused', () => {
    expect(loadConfig({}).databasePoolSize).toBeNull();
    expect(loadConfig({ DATABASE_POOL_SIZE: '3' }).databasePoolSize).toBe(3);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow("DATABASE_POOL_SIZE must be at least 1, got '0'.");
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow("DATABASE_POOL_SIZE must be a whole number, got 'many'.");
  });
});

describe('the moment the server starts at (TEST_CLOCK_START)', () => {
  it('is none by default: the real time', () => {
    expect(loadConfig({}).testClockStart).toBeNull();
  });

  it('is a day (noon at the studio) or an ISO time, with the test checkout', () => {
    expect(loadConfig({ TEST_CLOCK_START: '2028-02-29' }).testClockStart?.toISOString()).toBe('2028-02-29T19:00:00.000Z');
    expect(loadConfig({ TEST_CLOCK_START: '2027-11-07T01:30:00-06:00', PAYMENTS: 'test' }).testClockStart?.toISOString()).toBe(
      '2027-11-07T07:30:00.000Z',
    );
  });
});

describe('the test clock, which moves the date for every visitor and worker', () => {
  it.each([
    ['on for pnpm start: this machine, the test checkout', {}, true],
    ['on with a PUBLIC_URL that is this machine', { PUBLIC_URL: 'http://localhost:8080' }, true],
    ['off with Stripe', STRIPE, false],
    ['off on a deployed staging site with the test checkout', { PUBLIC_URL: 'https://staging.blooms.example', PAYMENTS: 'test' }, false],
    ['off listening beyond this machine', { HOST: '0.0.0.0', PUBLIC_URL: 'http://10.0.0.3', PAYMENTS: 'test' }, false],
    ['on there when TEST_CLOCK=true says so', { PUBLIC_URL: 'https://staging.blooms.example', PAYMENTS: 'test', TEST_CLOCK: 'true' }, true],
    ['never with Stripe, whatever TEST_CLOCK says', { ...STRIPE, TEST_CLOCK: 'true' }, false],
    ['off on this machine with TEST_CLOCK=false', { TEST_CLOCK: 'false' }, false],
  ])('is %s', (_, env, on) => {
    expect(loadConfig(env).testClock).toBe(on);
  });

  it('refuses a TEST_CLOCK that is neither true nor false', () => {
    expect(() => loadConfig({ TEST_CLOCK: 'yes' })).toThrow("TEST_CLOCK must be 'true' or 'false', got 'yes'.");
  });
});

describe('contact details left at their made-up defaults', () => {
  const LIVE = { NODE_ENV: 'production', HOST: '0.0.0.0', PUBLIC_URL: 'https://blooms.example', ...STRIPE };
  const OWN_CONTACT = {
    CONTACT_EMAIL: 'hello@studio.example.org',
    CONTACT_PHONE: '(801) 321-7788',
    STREET_ADDRESS: '9 Main St, Lehi, UT 84043',
  };

  it.each([
    ['NODE_ENV=production', LIVE, /CONTACT_EMAIL, CONTACT_PHONE, STREET_ADDRESS/],
    [
      'Cloud Functions (K_SERVICE), with only the e-mail set',
      { K_SERVICE: 'api', PUBLIC_URL: 'https://blooms.example', ...STRIPE, CONTACT_EMAIL: OWN_CONTACT.CONTACT_EMAIL },
      /\(CONTACT_PHONE, STREET_ADDRESS\)/,
    ],
    ['a setting given the default’s own value', { ...LIVE, ...OWN_CONTACT, CONTACT_PHONE: '(801) 555-0142' }, /\(CONTACT_PHONE\)/],
  ])('the live site refuses to start with them: %s, naming the settings to set', (_, env, settings) => {
    expect(() => loadConfig(env)).toThrow(settings);
    expect(() => loadConfig(env)).toThrow(/made-up defaults.*docs\/configuration\.md.*does not start/);
  });

  it.each([
    ['the live site with its own details', { ...LIVE, ...OWN_CONTACT }],
    ['pnpm start (no NODE_ENV)', {}],
    ['a staging site on the test checkout', { NODE_ENV: 'production', PUBLIC_URL: 'https://staging.blooms.example', PAYMENTS: 'test' }],
    ['the Firebase emulator', { K_SERVICE: 'api', FUNCTIONS_EMULATOR: 'true', PUBLIC_URL: 'https://blooms.example', ...STRIPE }],
  ])('starts: %s', (_, env) => {
    expect(() => loadConfig(env)).not.toThrow();
  });

  it('anywhere else the start warns, naming the settings still at their defaults', () => {
    const warned: { fields: object; message: string }[] = [];
    const log = { warn: (fields: object, message: string) => warned.push({ fields, message }) };
    warnDefaultContact(loadConfig({}).site, log);
    expect(warned).toEqual([
      {
        fields: { settings: ['CONTACT_EMAIL', 'CONTACT_PHONE', 'STREET_ADDRESS'] },
        message: expect.stringMatching(
          /^The business contact details are still the made-up defaults \(CONTACT_EMAIL, CONTACT_PHONE, STREET_ADDRESS\)/,
        ),
      },
    ]);
    warned.length = 0;
    warnDefaultContact(loadConfig(OWN_CONTACT).site, log);
    expect(warned).toEqual([]);
  });
});
