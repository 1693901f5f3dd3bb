/**
 * Inside a describe: each test sees a phone's width, as `useMediaQuery('(max-width: 699px)')`
 * asks for it (jsdom has no layout, so no media query matches otherwise).
 */
export function onAPhoneWidth(): void {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 699px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = original;
  });
}
