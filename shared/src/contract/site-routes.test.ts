import { REMOTE_NAMES, type RemoteName } from './remotes';
import { LEGACY_REMOTE_ROUTES } from './routes';
import { manifestFacts, MANIFEST_ROUTES_KEY, siteRoutes, type RemoteManifestFacts } from './site-routes';

/** Each remote's build as it was before remotes declared routes: exposing what the legacy routes name. */
function buildsFromBefore(): Record<RemoteName, RemoteManifestFacts> {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      name,
      { exposes: LEGACY_REMOTE_ROUTES.filter((route) => route.remote === name).map((route) => route.module), routes: undefined },
    ]),
  ) as Record<RemoteName, RemoteManifestFacts>;
}

describe("the site's routes from the remotes' live builds", () => {
  it('are the routes from before where no build declares any, and nothing is wrong', () => {
    const { routes, problems } = siteRoutes(buildsFromBefore());
    expect(routes).toEqual(LEGACY_REMOTE_ROUTES);
    expect(problems).toEqual([]);
  });

  it("mount a remote's declared screens, new ones included, in the order it declares them", () => {
    const facts = buildsFromBefore();
    facts.staff = {
      exposes: ['Dashboard', 'DeliveryNotes'],
      routes: [
        { path: '/dashboard', module: 'Dashboard', access: 'staff', nav: 'Today' },
        { path: '/delivery-notes', module: 'DeliveryNotes', access: 'staff', nav: 'Notes' },
      ],
    };
    const { routes, problems } = siteRoutes(facts);
    expect(routes.filter((route) => route.remote === 'staff')).toEqual([
      { path: '/dashboard', module: 'Dashboard', access: 'staff', nav: 'Today', remote: 'staff' },
      { path: '/delivery-notes', module: 'DeliveryNotes', access: 'staff', nav: 'Notes', remote: 'staff' },
    ]);
    // The staff remote no longer declares /forecast: the path is no page of the site (404).
    expect(routes.some((route) => route.path === '/forecast')).toBe(false);
    expect(problems).toEqual([]);
  });

  it('mark a route from before unavailable where the live build does not expose its module, naming the route and the module', () => {
    const facts = buildsFromBefore();
    facts.staff = { exposes: ['Dashboard', 'MyDeliveries'], routes: undefined };
    const { routes, problems } = siteRoutes(facts);
    expect(routes.find((route) => route.path === '/forecast')).toMatchObject({ module: 'Forecast', unavailable: true });
    expect(routes.find((route) => route.path === '/dashboard')?.unavailable).toBeUndefined();
    expect(problems).toEqual(['staff: /forecast needs the module Forecast, which the staff build that is live does not expose']);
  });

  it('keep the routes from before for a remote whose manifest could not be read (it shows it is down when opened)', () => {
    const facts: Record<RemoteName, RemoteManifestFacts | null> = { ...buildsFromBefore(), admin: null };
    expect(
      siteRoutes(facts)
        .routes.filter((route) => route.remote === 'admin')
        .map((route) => route.path),
    ).toEqual(['/users', '/subscription-history', '/figures']);
  });

  it('refuse a path another remote or the host has, and declarations that are not routes, naming what', () => {
    const facts = buildsFromBefore();
    facts.admin = {
      exposes: ['Users', 'Faq', 'Login'],
      routes: [
        { path: '/users', module: 'Users', access: 'admin' },
        { path: '/faq', module: 'Faq', access: 'public' },
        { path: '/login', module: 'Login', access: 'public' },
      ],
    };
    facts.subscribe = {
      exposes: ['Subscribe', 'Confirmation', 'Account'],
      routes: [{ path: 'subscribe', module: 'Subscribe', access: 'everyone' }],
    };
    const { routes, problems } = siteRoutes(facts);
    expect(routes.find((route) => route.path === '/faq')?.remote).toBe('marketing');
    expect(routes.some((route) => route.path === '/login')).toBe(false);
    // Unreadable declarations: the routes from before stand.
    expect(routes.find((route) => route.path === '/subscribe')?.remote).toBe('subscribe');
    expect(problems).toEqual([
      expect.stringMatching(/^subscribe: its manifest's routes are unreadable \(.+\); using the routes from before$/),
      "admin: /faq is already the marketing's page; admin's Faq is not mounted there",
      "admin: /login is already the host's page; admin's Login is not mounted there",
    ]);
  });

  it('read the exposes and the routes from a federation manifest', () => {
    expect(
      manifestFacts({
        exposes: [{ name: 'Users' }, { name: 'BusinessFigures' }],
        metaData: { name: 'admin', [MANIFEST_ROUTES_KEY]: [{ path: '/users', module: 'Users', access: 'admin' }] },
      }),
    ).toEqual({ exposes: ['Users', 'BusinessFigures'], routes: [{ path: '/users', module: 'Users', access: 'admin' }] });
    expect(manifestFacts({ exposes: [{ name: 'Users' }], metaData: { name: 'admin' } }).routes).toBeUndefined();
  });
});
