import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { deliveriesApi } from '../features/deliveries/api';
import { ApiError } from '@blooms/shared/runtime/api-client';
import MyDeliveriesPage, { PROOF_QUESTION } from './MyDeliveriesPage';
import { row, THIS_MONTH } from '../test/fixtures';
import { addMonths, formatMonth } from '@blooms/shared/contract/months';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { pushLive } from '../test/live-mock';
import { connectLive } from '@blooms/shared/runtime/live-client';
import { onAPhoneWidth } from '../test/phone-width';
import { chooseAction, popup } from '../test/popup';
import { controlConnection } from '../test/connection';
import { freshDriverScreen, ME } from '../test/driver';

jest.mock('../features/deliveries/api');
jest.mock('@blooms/shared/runtime/live-client', () => ({ connectLive: jest.fn(() => () => undefined) }));
const api = jest.mocked(deliveriesApi);

const START = { month: THIS_MONTH, date: `${THIS_MONTH}-10`, passedOver: null };
/** The driver's stops, as the opening request and a reload answer them. */
function serveMine(rows: ReturnType<typeof row>[]) {
  api.myDeliveriesStart.mockResolvedValue({ start: START, rows });
  api.myDeliveries.mockResolvedValue(rows);
}

const mine = (id: string, firstName: string, status: string) =>
  row(id, { firstName }, { status, assignedTo: ME, assigneeName: 'Ella Driver' });
const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;

async function renderMine(rows = [mine('a', 'Ana', 'out-for-delivery'), mine('b', 'Ben', 'not-started'), mine('c', 'Cal', 'delivered')]) {
  serveMine(rows);
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <MyDeliveriesPage />
    </MemoryRouter>,
  );
  await screen.findByRole('table');
  await screen.findByText(/^(Delivery day|Delivered on):/);
  return userEvent.setup();
}

beforeEach(freshDriverScreen);

it("is titled with the person's first name, links back, and lists this month's deliveries", async () => {
  await renderMine();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("Ella's Deliveries");
  expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  // One request opens the screen: the start month and the stops in it, not one after the other.
  expect(api.myDeliveriesStart).toHaveBeenCalledTimes(1);
  expect(api.startMonth).not.toHaveBeenCalled();
  expect(api.myDeliveries).not.toHaveBeenCalled();
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Address', 'Unit', 'Phone', 'Notes', 'Status']);
});

it('lets only out-for-delivery items be acted on', async () => {
  await renderMine();
  expect(within(rowOf('Ana')).getByRole('button', { name: /^Out For Delivery/ })).toBeInTheDocument();
  expect(within(rowOf('Ben')).queryByRole('button', { name: /Not Started/ })).not.toBeInTheDocument();
  expect(within(rowOf('Ben')).getByText('Not Started')).toBeInTheDocument();
  expect(within(rowOf('Cal')).queryByRole('button', { name: /Delivered/ })).not.toBeInTheDocument();
});

it('asks how it was delivered, naming the stop and its address, with Hand Delivered and Left at Door first and Cancel last', async () => {
  const user = await renderMine();
  await user.click(within(rowOf('Ana')).getByRole('button', { name: /^Out For Delivery/ }));
  expect(popup()).toMatchObject({
    title: 'Delivered: Ana Person',
    message: `215 E 400 S, Apt 3, Salt Lake City, UT 84111. ${PROOF_QUESTION}`,
    choices: true,
  });
  expect(PROOF_QUESTION).toBe('Was it hand-delivered or left at the door?');
  expect(popup()?.actions?.map((a) => a.label)).toEqual(['Hand Delivered', 'Left at Door']);
});

it('Hand Delivered records the delivery and shows it delivered', async () => {
  const user = await renderMine();
  api.recordProof.mockResolvedValue({ ...mine('a', 'Ana', 'x').delivery, status: 'delivered' });
  await user.click(within(rowOf('Ana')).getByRole('button', { name: /^Out For Delivery/ }));
  await chooseAction('Hand Delivered');
  expect(api.recordProof).toHaveBeenCalledWith(
    { subscriptionId: 'a', month: THIS_MONTH, method: 'hand', photo: undefined },
    expect.any(Function),
  );
  expect(within(rowOf('Ana')).getByText('Delivered')).toBeInTheDocument();
});

it('Left at Door opens a rear-camera photo chooser, uploads with progress, then shows it delivered', async () => {
  const user = await renderMine();
  let finish: () => void = () => undefined;
  api.recordProof.mockImplementation((_upload, onProgress) => {
    onProgress?.(0.4);
    return new Promise(
      (resolve) => (finish = () => resolve({ ...mine('a', 'Ana', 'x').delivery, status: 'delivered', proofImageUrl: '/p' })),
    );
  });
  const input = screen.getByTestId('proof-photo-input') as HTMLInputElement;
  expect(input).toHaveAttribute('capture', 'environment');
  expect(input.accept).toContain('image/');
  const clicked = jest.spyOn(input, 'click');

  await user.click(within(rowOf('Ana')).getByRole('button', { name: /^Out For Delivery/ }));
  await chooseAction('Left at Door');
  expect(clicked).toHaveBeenCalled();
  const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'door.jpg', { type: 'image/jpeg' });
  await user.upload(input, photo);

  expect(await screen.findByText('Uploading photo… 40%')).toBeInTheDocument();
  expect(screen.getByRole('progressbar')).toHaveAttribute('value', '40');
  expect(api.recordProof).toHaveBeenCalledWith({ subscriptionId: 'a', month: THIS_MONTH, method: 'door', photo }, expect.any(Function));
  await act(async () => finish());
  expect(within(rowOf('Ana')).getByText('Delivered')).toBeInTheDocument();
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
});

it('a failed upload says why and leaves the status as it was', async () => {
  const user = await renderMine();
  api.recordProof.mockRejectedValue(new ApiError(415, 'The photo must be a JPEG, PNG, WebP or HEIC image.'));
  await user.click(within(rowOf('Ana')).getByRole('button', { name: /^Out For Delivery/ }));
  await chooseAction('Left at Door');
  await user.upload(screen.getByTestId('proof-photo-input') as HTMLInputElement, new File(['x'], 'a.jpg', { type: 'image/jpeg' }));
  expect(popup()).toMatchObject({ kind: 'error', message: 'The photo must be a JPEG, PNG, WebP or HEIC image.' });
  expect(within(rowOf('Ana')).getByRole('button', { name: /^Out For Delivery/ })).toBeInTheDocument();
});

it('choosing no photo changes nothing', async () => {
  const user = await renderMine();
  await user.click(within(rowOf('Ana')).getByRole('button', { name: /^Out For Delivery/ }));
  await chooseAction('Left at Door');
  await act(async () => {
    screen.getByTestId('proof-photo-input').dispatchEvent(new Event('change', { bubbles: true }));
  });
  expect(api.recordProof).not.toHaveBeenCalled();
});

it('follows live changes: new status in place, and rows assigned away disappear', async () => {
  await renderMine();
  pushLive({ type: 'delivery', delivery: { ...mine('b', 'Ben', 'x').delivery, status: 'out-for-delivery' } });
  expect(within(rowOf('Ben')).getByRole('button', { name: /^Out For Delivery/ })).toBeInTheDocument();
  pushLive({ type: 'delivery', delivery: { ...mine('c', 'Cal', 'delivered').delivery, assignedTo: 'finn@blooms.example' } });
  expect(screen.queryByRole('rowheader', { name: /Cal/ })).not.toBeInTheDocument();
});

it('loads the stops again once the live feed listens, for changes made since the opening request', async () => {
  await renderMine();
  // Ben went out for delivery between the opening request and the feed connecting.
  api.myDeliveries.mockResolvedValue([
    mine('a', 'Ana', 'out-for-delivery'),
    mine('b', 'Ben', 'out-for-delivery'),
    mine('c', 'Cal', 'delivered'),
  ]);
  const onState = jest.mocked(connectLive).mock.calls[0]![1]!;
  act(() => onState('live'));
  expect(await within(rowOf('Ben')).findByRole('button', { name: /^Out For Delivery/ })).toBeInTheDocument();
  expect(api.myDeliveries).toHaveBeenCalledWith(THIS_MONTH);
  // Only that once: a later drop and return is the feed's resync.
  act(() => onState('reconnecting'));
  act(() => onState('live'));
  expect(api.myDeliveries).toHaveBeenCalledTimes(1);
});

it('with no answer to the opening request, opens on this month and loads its stops (the kept copy, offline)', async () => {
  api.myDeliveriesStart.mockRejectedValue(new TypeError('Failed to fetch'));
  api.myDeliveries.mockResolvedValue([mine('a', 'Ana', 'out-for-delivery')]);
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <MyDeliveriesPage />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('table')).toHaveTextContent('Ana');
  expect(api.myDeliveries).toHaveBeenCalledWith(THIS_MONTH);
});

it('says when the stops cannot be read, with Try again, and when the month has none', async () => {
  api.myDeliveriesStart.mockRejectedValue(new TypeError('Failed to fetch'));
  api.myDeliveries.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce([]);
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <MyDeliveriesPage />
    </MemoryRouter>,
  );
  expect(await screen.findByText('Could not load your deliveries: Failed to fetch')).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText(`No deliveries are assigned to you in ${formatMonth(THIS_MONTH)}.`)).toBeInTheDocument();
  expect(screen.queryByText(/Could not load/)).not.toBeInTheDocument();
});

it('steps to another month, and tells the driver its delivery day', async () => {
  const user = await renderMine();
  await user.click(screen.getByRole('button', { name: 'Next month' }));
  expect(api.myDeliveries).toHaveBeenLastCalledWith(addMonths(THIS_MONTH, 1));
  const next = addMonths(THIS_MONTH, 1);
  expect(await screen.findByText(`Delivery day: ${formatDeliveryDate(`${next}-10`)}`)).toBeInTheDocument();
  // What subscribers may still change is the dispatcher's business, not the driver's.
  expect(screen.queryByText(/Subscribers can skip/)).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Change day' })).not.toBeInTheDocument();
});

it('tells the day the opening gave while the delivery day cannot be loaded, and shows the stops of a month without one', async () => {
  api.deliveryDate.mockRejectedValue(new TypeError('Failed to fetch'));
  serveMine([mine('a', 'Ana', 'out-for-delivery')]);
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <MyDeliveriesPage />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('table')).toHaveTextContent('Ana');
  expect(screen.getByText(`Delivery day: ${formatDeliveryDate(START.date)}`)).toBeInTheDocument();

  // No signal, nothing kept: the next month's stops are shown without a day.
  await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
  expect(await screen.findByRole('heading', { level: 2, name: formatMonth(addMonths(THIS_MONTH, 1)) })).toBeInTheDocument();
  await waitFor(() => expect(api.myDeliveries).toHaveBeenLastCalledWith(addMonths(THIS_MONTH, 1)));
  expect(await screen.findByRole('table')).toHaveTextContent('Ana');
  expect(screen.queryByText(/Delivery day/)).not.toBeInTheDocument();
});

describe('on a phone', () => {
  onAPhoneWidth();

  async function renderCards(
    rows = [mine('a', 'Ana', 'out-for-delivery'), mine('b', 'Ben', 'not-started'), mine('c', 'Cal', 'delivered')],
  ) {
    serveMine(rows);
    render(
      <MemoryRouter future={ROUTER_FUTURE}>
        <MyDeliveriesPage />
      </MemoryRouter>,
    );
    await screen.findByRole('list', { name: /in route order/ });
    return userEvent.setup();
  }
  const card = (name: string) => screen.getByRole('listitem', { name: new RegExp(name) });
  const cards = () => within(screen.getByRole('list', { name: /in route order/ })).getAllByRole('listitem');

  it('shows one card per stop, in the order given, with Navigate, and Call under Details', async () => {
    const user = await renderCards();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(cards().map((item) => item.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Stop 1 of 3: Ana/),
      expect.stringMatching(/^Stop 2 of 3: Ben/),
      expect.stringMatching(/^Stop 3 of 3: Cal/),
    ]);
    expect(
      within(card('Ana'))
        .getByRole('link', { name: /^Navigate to Ana/ })
        .getAttribute('href'),
    ).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
    await user.click(within(card('Ana')).getByRole('button', { name: 'Details for Ana Person' }));
    expect(
      within(card('Ana'))
        .getByRole('link', { name: /^Call Ana/ })
        .getAttribute('href'),
    ).toMatch(/^tel:/);
  });

  it('marks a stop out for delivery, and a stop out for delivery delivered (the how-was-it-delivered prompt)', async () => {
    const user = await renderCards();
    expect(within(card('Cal')).queryByRole('button', { name: /Out for delivery|Delivered/ })).not.toBeInTheDocument();
    api.advanceStatus.mockResolvedValueOnce({ ...mine('b', 'Ben', 'out-for-delivery').delivery });
    await user.click(within(card('Ben')).getByRole('button', { name: 'Out for delivery to Ben Person' }));
    expect(api.advanceStatus).toHaveBeenCalledWith('b', THIS_MONTH, 'not-started');
    expect(await within(card('Ben')).findByRole('button', { name: /^Delivered to Ben/ })).toBeInTheDocument();
    await user.click(within(card('Ana')).getByRole('button', { name: /^Delivered to Ana/ }));
    expect(popup()?.message).toContain(PROOF_QUESTION);
  });

  it('shows the stop out for delivery at the tap, before the server answers (Delivered waits for it)', async () => {
    const user = await renderCards([mine('b', 'Ben', 'not-started')]);
    let answer!: (delivery: ReturnType<typeof mine>['delivery']) => void;
    api.advanceStatus.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await user.click(within(card('Ben')).getByRole('button', { name: 'Out for delivery to Ben Person' }));
    const delivered = within(card('Ben')).getByRole('button', { name: /^Delivered to Ben/ });
    expect(delivered).toBeDisabled();
    expect(within(card('Ben')).queryByRole('button', { name: /^Out for delivery to/ })).not.toBeInTheDocument();
    await act(async () => answer({ ...mine('b', 'Ben', 'out-for-delivery').delivery }));
    expect(within(card('Ben')).getByRole('button', { name: /^Delivered to Ben/ })).toBeEnabled();
  });

  it('puts the stop back as it was when the server refuses the change, and says why', async () => {
    const user = await renderCards([mine('b', 'Ben', 'not-started')]);
    api.advanceStatus.mockRejectedValueOnce(new ApiError(403, 'This delivery is assigned to someone else.'));
    await user.click(within(card('Ben')).getByRole('button', { name: 'Out for delivery to Ben Person' }));
    expect(await within(card('Ben')).findByRole('button', { name: 'Out for delivery to Ben Person' })).toBeEnabled();
    expect(within(card('Ben')).queryByRole('button', { name: /^Delivered to Ben/ })).not.toBeInTheDocument();
    expect(popup()?.message).toBe('This delivery is assigned to someone else.');
  });

  describe('with no connection', () => {
    const { setOnline, goOnline } = controlConnection(false);
    const badge = () => document.querySelector('.pending-badge')!;

    it('keeps Out for delivery and a door photo on the device, then sends them in order once online', async () => {
      const user = await renderCards([mine('b', 'Ben', 'not-started')]);
      await user.click(within(card('Ben')).getByRole('button', { name: 'Out for delivery to Ben Person' }));
      expect(await screen.findByText('1 waiting to send')).toHaveAttribute('role', 'status');
      expect(within(card('Ben')).getByText('Out For Delivery')).toBeInTheDocument();
      expect(api.advanceStatus).not.toHaveBeenCalled();

      await user.click(within(card('Ben')).getByRole('button', { name: 'Delivered to Ben Person' }));
      await chooseAction('Hand Delivered');
      expect(await screen.findByText('2 waiting to send')).toBeInTheDocument();
      expect(within(card('Ben')).getByText('Delivered')).toBeInTheDocument();
      expect(api.recordProof).not.toHaveBeenCalled();

      api.advanceStatus.mockResolvedValueOnce({ ...mine('b', 'Ben', 'out-for-delivery').delivery });
      api.recordProof.mockResolvedValueOnce({ ...mine('b', 'Ben', 'delivered').delivery });
      await goOnline();
      await waitFor(() => expect(badge()).toBeEmptyDOMElement());
      expect(api.advanceStatus).toHaveBeenCalledWith('b', THIS_MONTH, 'not-started');
      expect(api.recordProof).toHaveBeenCalledWith(expect.objectContaining({ subscriptionId: 'b', month: THIS_MONTH, method: 'hand' }));
      expect(api.advanceStatus.mock.invocationCallOrder[0]).toBeLessThan(api.recordProof.mock.invocationCallOrder[0]!);
      expect(within(card('Ben')).getByText('Delivered')).toBeInTheDocument();
    });

    it('keeps a door photo on the device without showing an upload that is not happening', async () => {
      const user = await renderCards([mine('a', 'Ana', 'out-for-delivery'), mine('b', 'Ben', 'not-started')]);
      await user.click(within(card('Ana')).getByRole('button', { name: 'Delivered to Ana Person' }));
      await chooseAction('Left at Door');
      const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'door.jpg', { type: 'image/jpeg' });
      await user.upload(screen.getByTestId('proof-photo-input') as HTMLInputElement, photo);
      expect(await screen.findByText('1 waiting to send')).toBeInTheDocument();
      expect(screen.queryByText(/^Uploading photo/)).not.toBeInTheDocument();
      expect(api.recordProof).not.toHaveBeenCalled();
    });

    it('keeps what it could not send yet across a restart of the screen', async () => {
      const user = await renderCards([mine('b', 'Ben', 'not-started')]);
      await user.click(within(card('Ben')).getByRole('button', { name: 'Out for delivery to Ben Person' }));
      await screen.findByText('1 waiting to send');
      cleanup();
      await renderCards([mine('b', 'Ben', 'not-started')]);
      expect(await screen.findByText('1 waiting to send')).toBeInTheDocument();
      expect(within(card('Ben')).getByText('Out For Delivery')).toBeInTheDocument();
      api.advanceStatus.mockResolvedValueOnce({ ...mine('b', 'Ben', 'out-for-delivery').delivery });
      await goOnline();
      await waitFor(() => expect(badge()).toBeEmptyDOMElement());
    });

    it('shows a change someone else overtook instead of dropping it, and the stop as it now stands', async () => {
      const user = await renderCards([mine('b', 'Ben', 'not-started')]);
      await user.click(within(card('Ben')).getByRole('button', { name: 'Out for delivery to Ben Person' }));
      await screen.findByText('1 waiting to send');
      const fresh = { ...mine('b', 'Ben', 'delivered').delivery };
      api.advanceStatus.mockRejectedValueOnce(new ApiError(409, 'Someone else changed this delivery a moment ago.', { delivery: fresh }));
      await goOnline();
      const alert = await screen.findByRole('alert', { name: 'Changes not sent' });
      expect(alert).toHaveTextContent('Ben Person: "Out for delivery" was not sent. Someone else set it to Delivered first.');
      expect(within(card('Ben')).getByText('Delivered')).toBeInTheDocument();
      expect(badge()).toBeEmptyDOMElement();
      await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByRole('alert', { name: 'Changes not sent' })).not.toBeInTheDocument();
    });

    it('keeps a change whose sending failed for want of a connection, and counts an earlier success as sent', async () => {
      setOnline(true);
      const user = await renderCards([mine('b', 'Ben', 'not-started')]);
      api.advanceStatus.mockRejectedValueOnce(new ApiError(0, 'Failed to fetch'));
      await user.click(within(card('Ben')).getByRole('button', { name: 'Out for delivery to Ben Person' }));
      expect(await screen.findByText('1 waiting to send')).toBeInTheDocument();
      expect(popup()).toBeNull();
      // The first try reached the server before the connection dropped: the retry finds it done.
      api.advanceStatus.mockRejectedValueOnce(
        new ApiError(409, 'Someone else changed this delivery a moment ago.', {
          delivery: { ...mine('b', 'Ben', 'out-for-delivery').delivery },
        }),
      );
      await goOnline();
      await waitFor(() => expect(badge()).toBeEmptyDOMElement());
      expect(screen.queryByRole('alert', { name: 'Changes not sent' })).not.toBeInTheDocument();
      expect(within(card('Ben')).getByText('Out For Delivery')).toBeInTheDocument();
    });

    it('says Offline instead of claiming live updates', async () => {
      await renderCards();
      expect(screen.getByText('Offline: no live updates')).toBeInTheDocument();
      await goOnline();
      expect(screen.queryByText('Offline: no live updates')).not.toBeInTheDocument();
    });
  });

  it('moves a stop and keeps the new order; a refusal puts the server order back', async () => {
    const user = await renderCards([
      mine('a', 'Ana', 'out-for-delivery'),
      mine('b', 'Ben', 'not-started'),
      mine('c', 'Cal', 'not-started'),
      mine('d', 'Dot', 'delivered'),
    ]);
    api.saveRouteOrder.mockImplementationOnce(async (_month, ids) =>
      ids.map((id) => mine(id, { a: 'Ana', b: 'Ben', c: 'Cal', d: 'Dot' }[id]!, id === 'd' ? 'delivered' : 'not-started')),
    );
    for (const name of ['Ana', 'Cal']) await user.click(screen.getByRole('button', { name: `Details for ${name} Person` }));
    await user.click(screen.getByRole('button', { name: 'Move Cal Person up' }));
    expect(api.saveRouteOrder).toHaveBeenCalledWith(THIS_MONTH, ['a', 'c', 'b', 'd']);
    expect(cards().map((item) => item.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/Ana/),
      expect.stringMatching(/Cal/),
      expect.stringMatching(/Ben/),
      expect.stringMatching(/Dot/),
    ]);
    // The card left the place focus was on: a screen reader hears where it went.
    expect(screen.getByText('Cal Person is now stop 2 of 4.')).toHaveAttribute('role', 'status');
    // The last stop to do goes no lower than the delivered ones.
    await user.click(screen.getByRole('button', { name: 'Details for Ben Person' }));
    expect(screen.getByRole('button', { name: 'Move Ben Person down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Ana Person up' })).toBeDisabled();
    api.saveRouteOrder.mockRejectedValueOnce(new ApiError(400, 'Only deliveries assigned to you this month can be put in your route.'));
    await user.click(screen.getByRole('button', { name: 'Move Ana Person down' }));
    expect(popup()).toMatchObject({ kind: 'error', message: 'Only deliveries assigned to you this month can be put in your route.' });
    expect(api.myDeliveries).toHaveBeenCalledTimes(1);
  });
});
