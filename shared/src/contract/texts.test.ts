import { buildCheckoutPayload, EMPTY_SUBSCRIBE_FORM, subscribeFieldProblems } from './subscribe';
import { formatUsPhone, normalizeUsPhone, onTheWayText, TEXT_CONSENT_WORDING, TEXT_MESSAGES, textStateLine } from './texts';

describe('delivery-day texts', () => {
  it.each([
    ['(801) 555-0123', '+18015550123'],
    ['801.555.0123', '+18015550123'],
    ['+1 801 555 0123', '+18015550123'],
    ['18015550123', '+18015550123'],
    ['555-0123', null],
    ['(101) 555-0123', null],
    ['+44 20 7946 0958', null],
    ['801-555-012x', null],
  ])('take %s as %s', (typed, e164) => {
    expect(normalizeUsPhone(typed)).toBe(e164);
  });

  it('show a number as people write it', () => {
    expect(formatUsPhone('+18015550123')).toBe('(801) 555-0123');
  });

  it('are asked for only with the box ticked, and then with a US number and the wording shown', () => {
    const form = { ...EMPTY_SUBSCRIBE_FORM, email: 'a@example.com' };
    expect(EMPTY_SUBSCRIBE_FORM.texts).toBe(false);
    expect(buildCheckoutPayload(form, 1)).not.toHaveProperty('sms_phone');
    expect(subscribeFieldProblems({ ...form, texts: true, textPhone: '555' }).textPhone).toBe(TEXT_MESSAGES.invalidPhone);
    expect(buildCheckoutPayload({ ...form, texts: true, textPhone: ' 801 555 0123 ' }, 1)).toMatchObject({
      sms_phone: '801 555 0123',
      sms_consent: TEXT_CONSENT_WORDING,
    });
  });

  it('name who sends, how often, STOP and HELP, and the rates', () => {
    for (const words of [
      'Monthly Blooms',
      'delivery days',
      '1-2 texts a month',
      'Reply STOP to opt out, HELP for help',
      'Message and data rates may apply',
    ])
      expect(TEXT_CONSENT_WORDING).toContain(words);
  });

  it('fit the on-the-way text in one SMS segment', () => {
    const text = onTheWayText({ dayLabel: 'Wednesday, September 30', link: 'https://monthlyblooms.example/account' });
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/^[\x20-\x7e]+$/);
  });

  it('say how texts stand in the account', () => {
    expect(textStateLine({ state: 'off', phone: null, since: '2026-12-10T17:00:00Z', how: 'reply' })).toBe(
      'Texts: off, you replied STOP on December 10, 2026',
    );
    expect(textStateLine({ state: 'on', phone: '+18015550123', since: '2026-12-06T17:00:00Z', how: 'subscribe' })).toBe(
      'Texts: on, to (801) 555-0123 since December 6, 2026',
    );
    expect(textStateLine({ state: 'off', phone: null, since: null, how: null })).toBe('Texts: off');
  });
});
