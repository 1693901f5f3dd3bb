import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { isUnreadableReply } from '@blooms/shared/runtime/api-client';
import { MESSAGES } from '@blooms/shared/contract/messages';
import { httpsCallableFromURL } from 'firebase/functions';
import { callFunction } from './call-function';

// The Firebase SDK's callable client, answering as an API of this release or of another would.
jest.mock('firebase/app', () => ({ getApps: () => [], initializeApp: () => ({}) }));
jest.mock('firebase/functions', () => ({ getFunctions: () => ({}), httpsCallableFromURL: jest.fn() }));
const answers = (outcome: () => Promise<unknown>) =>
  jest.mocked(httpsCallableFromURL).mockReturnValue(jest.fn(outcome) as unknown as ReturnType<typeof httpsCallableFromURL>);
/** An error as the SDK makes it from a reply: its code, and the server's message or else the code, with the status. */
const sdkError = (message: string) => Object.assign(new Error(message), { code: 'functions/not-found' });

beforeAll(() => useAppConfig.setState({ config: { apiBaseUrl: '', firebase: {} } as never }));
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

it('reads a result by its route’s schema: fields it does not know are dropped', async () => {
  answers(async () => ({ data: { url: 'https://pay.example/1', sessionId: 'cs_1', coupon: 'x' } }));
  await expect(callFunction('createCheckoutSession', {} as never)).resolves.toEqual({ url: 'https://pay.example/1', sessionId: 'cs_1' });
});

it('takes a result it cannot read, and a callable the API does not have, as "this page was updated"', async () => {
  answers(async () => ({ data: { payment_status: 'refunded' } }));
  const unreadable = await callFunction('verifyCheckoutSession', { sessionId: 'cs_1' }).catch((e: unknown) => e);
  expect(isUnreadableReply(unreadable)).toBe(true);
  expect(unreadable).toMatchObject({ message: MESSAGES.pageUpdated, route: 'POST /api/verifyCheckoutSession' });

  answers(async () => Promise.reject(sdkError('not-found [404]')));
  const missing = await callFunction('verifyCheckoutSession', { sessionId: 'cs_1' }).catch((e: unknown) => e);
  expect(missing).toMatchObject({ message: MESSAGES.pageUpdated, problem: 'no such route' });
});

it('leaves the server’s own "not found" as it is', async () => {
  answers(async () => Promise.reject(sdkError('We could not find that checkout. [404]')));
  const error = await callFunction('verifyCheckoutSession', { sessionId: 'cs_1' }).catch((e: unknown) => e);
  expect(isUnreadableReply(error)).toBe(false);
  expect(error).toMatchObject({ message: 'We could not find that checkout. [404]' });
});
