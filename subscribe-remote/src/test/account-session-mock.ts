/**
 * features/account/account-session with no Firebase and no server, for jest.mock: each test says
 * what the calls answer. The account and receipt queries ask what the test's accountApi answers.
 */
export function accountSessionMock() {
  const accountApi = {
    account: jest.fn(),
    skipMonth: jest.fn(),
    unskipMonth: jest.fn(),
    pause: jest.fn(),
    resume: jest.fn(),
    changeMonths: jest.fn(),
    changeAddress: jest.fn(),
    cancel: jest.fn(),
    cardPage: jest.fn(),
    receipt: jest.fn(),
  };
  return {
    accountApi,
    accountQuery: { queryKey: ['account'], queryFn: () => accountApi.account() },
    receiptQuery: (number: string) => ({ queryKey: ['receipt', number], queryFn: () => accountApi.receipt({ params: { number } }) }),
    accountPhoto: jest.fn(),
    askForSignInLink: jest.fn(),
    completeSignIn: jest.fn(),
    isSignInLink: jest.fn(),
    pendingEmail: jest.fn(),
    signedInEmail: jest.fn(),
    signOutOfAccount: jest.fn(),
  };
}
