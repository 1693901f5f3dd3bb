// The phone the browser benchmarks measure on: Lighthouse's mobile profile, as near as CDP
// allows (a 390x844 touch screen, the CPU 4x slower, 150 ms round trip, 1.6 Mbit/s down).

/** Playwright context options. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** Slows the page's CPU and network by CDP (bytes per second). */
export async function throttle(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 200_000,
    uploadThroughput: 93_750,
  });
  return cdp;
}
