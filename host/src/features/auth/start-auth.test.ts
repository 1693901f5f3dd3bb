jest.mock('./firebase-session', () => ({ startFirebaseSession: jest.fn(() => ({ usesEmulator: true })) }));

/** A fresh copy of the module per test: it caches the session it starts. */
function load() {
  jest.resetModules();
  // Loaded after resetModules: the module's own later import() then sees the same fresh registry.
  const startAuth = jest.requireActual<typeof import('./start-auth')>('./start-auth');
  const session = jest.requireMock<typeof import('./firebase-session')>('./firebase-session');
  return { ...startAuth, started: jest.mocked(session.startFirebaseSession) };
}

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

it('never loads Firebase for a visitor on a public page', async () => {
  const { startAuthWhenIdle, started } = load();
  startAuthWhenIdle('/');
  startAuthWhenIdle('/faq');
  await jest.runAllTimersAsync();
  expect(started).not.toHaveBeenCalled();
});

it('starts at once on staff routes and the login page', async () => {
  for (const path of ['/dashboard', '/login']) {
    const { startAuthWhenIdle, started } = load();
    startAuthWhenIdle(path);
    await jest.runAllTimersAsync();
    expect(started).toHaveBeenCalledTimes(1);
  }
});

it('starts when idle on a public page in a browser where staff signed in, until they sign out', async () => {
  const first = load();
  let { startAuthWhenIdle, started } = first;
  first.rememberStaffBrowser(true);
  startAuthWhenIdle('/how-it-works');
  await jest.runAllTimersAsync();
  expect(started).toHaveBeenCalledTimes(1);

  first.rememberStaffBrowser(false);
  ({ startAuthWhenIdle, started } = load());
  startAuthWhenIdle('/how-it-works');
  await jest.runAllTimersAsync();
  expect(started).not.toHaveBeenCalled();
});
