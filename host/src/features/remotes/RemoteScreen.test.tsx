import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { RemoteScreen } from './RemoteScreen';
import { registerAppRemotes, startStaffScreenEarly } from './remote-registry';
import { reloadPage } from '@blooms/shared/runtime/unreadable-replies';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
jest.mock('@blooms/shared/runtime/unreadable-replies', () => ({
  ...jest.requireActual('@blooms/shared/runtime/unreadable-replies'),
  reloadPage: jest.fn(),
}));

const mockedLoadRemote = jest.mocked(loadRemote);
const mockedRegisterRemotes = jest.mocked(registerRemotes);

const MANIFESTS = {
  marketing: '/remotes/marketing/mf-manifest.json',
  subscribe: '/remotes/subscribe/mf-manifest.json',
  staff: 'http://nowhere.invalid/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
};

describe('RemoteScreen', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockedLoadRemote.mockReset();
    mockedRegisterRemotes.mockReset();
    registerAppRemotes(MANIFESTS);
  });

  it('registers every remote from the runtime manifest', () => {
    expect(mockedRegisterRemotes).toHaveBeenCalledWith([
      { name: 'marketing', entry: MANIFESTS.marketing },
      { name: 'subscribe', entry: MANIFESTS.subscribe },
      { name: 'staff', entry: MANIFESTS.staff },
      { name: 'admin', entry: MANIFESTS.admin },
    ]);
  });

  it('renders the screen a remote exposes', async () => {
    mockedLoadRemote.mockResolvedValue({ default: () => <h1>Frequently Asked Questions</h1> });
    render(<RemoteScreen remote="marketing" module="Faq" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('marketing/Faq');
  });

  it('shows a clear message with Retry when the remote is down; Retry reloads the page', async () => {
    const user = userEvent.setup();
    mockedLoadRemote.mockRejectedValueOnce(new Error('[ Federation Runtime ]: #RUNTIME-003 failed to load manifest'));
    render(<RemoteScreen remote="staff" module="Dashboard" />);

    const fallback = await screen.findByRole('alert');
    expect(fallback).toHaveTextContent('This section is not available right now');
    expect(fallback).toHaveTextContent('We could not load the staff part of the site');
    expect(reloadPage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'the live build does not expose the module',
      '[ Federation Runtime ]: #RUNTIME-014 The remote does not expose the requested module.',
      'The staff part of the site that is live now does not have this page yet.',
    ],
    [
      'the build was made for another major version of a shared module',
      'Version 1.0.0 from host of shared singleton module @blooms/shared/runtime/auth-store does not satisfy the requirement of staff which needs ^2.0.0)',
      'The staff part of the site that is live now was made for another version of the site, so it is not opened.',
    ],
  ])('says the page is being updated, with no Retry, where %s', async (_, failure, explanation) => {
    mockedLoadRemote.mockRejectedValueOnce(new Error(failure));
    render(
      <MemoryRouter future={ROUTER_FUTURE}>
        <RemoteScreen remote="staff" module="Forecast" />
      </MemoryRouter>,
    );
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('This page is being updated');
    expect(message).toHaveTextContent(explanation);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    // Reported with the module's name, for whoever reads the console or the error reports.
    expect(console.error).toHaveBeenCalledWith(
      'The staff section failed to load',
      expect.objectContaining({ name: 'ScreenUnavailableError', message: expect.stringContaining('staff/Forecast') }),
      expect.anything(),
    );
  });

  it('keeps other sections working while one remote is down', async () => {
    mockedLoadRemote.mockImplementation(async (id: string) => {
      if (id.startsWith('staff/')) throw new Error('down');
      return { default: () => <h1>Home page</h1> };
    });
    render(
      <>
        <RemoteScreen remote="staff" module="Dashboard" />
        <RemoteScreen remote="marketing" module="Home" />
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('staff part');
  });

  it('reports a module that has not arrived after 120 s as a chunk-load failure', async () => {
    jest.useFakeTimers();
    try {
      mockedLoadRemote.mockReturnValue(new Promise(() => undefined));
      render(<RemoteScreen remote="marketing" module="Home" />);
      await act(() => jest.advanceTimersByTimeAsync(119_000));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(1_000));
      jest.useRealTimers();
      expect(await screen.findByRole('alert')).toHaveTextContent('This section is not available right now');
      expect(console.error).toHaveBeenCalledWith(
        'The information section failed to load',
        expect.objectContaining({ name: 'ChunkLoadError', message: 'Loading marketing/Home timed out after 120 s' }),
        expect.anything(),
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('fetches a staff screen while the sign-in is checked, and the screen uses that same load', async () => {
    let arrive!: (screen: { default: () => React.ReactElement }) => void;
    mockedLoadRemote.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    startStaffScreenEarly('/my-deliveries');
    expect(mockedLoadRemote).toHaveBeenCalledWith('staff/MyDeliveries');
    render(<RemoteScreen remote="staff" module="MyDeliveries" />);
    await act(async () => arrive({ default: () => <h1>My Deliveries</h1> }));
    expect(await screen.findByRole('heading', { name: 'My Deliveries' })).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledTimes(1);
  });

  it('leaves public screens to load as they always do', () => {
    startStaffScreenEarly('/faq');
    startStaffScreenEarly('/subscribe');
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });
});
