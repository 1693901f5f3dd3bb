import { MISSING_FIELD_MESSAGES, SUBSCRIBE_MESSAGES } from './messages';
import { EMPTY_SUBSCRIBE_FORM, subscribeFieldProblems, validateSubscribeForm, type SubscribeForm } from './subscribe';

const VALID: SubscribeForm = {
  ...EMPTY_SUBSCRIBE_FORM,
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  phone: '(801) 555-0101',
  address: '215 E 400 S',
  city: 'Salt Lake City',
  zip: '84111',
};

describe('subscribeFieldProblems', () => {
  it('finds nothing in a form the submit rules accept', () => {
    expect(validateSubscribeForm(VALID)).toBeNull();
    expect(subscribeFieldProblems(VALID)).toEqual({});
  });

  it('names every empty field, not only the first the popup names', () => {
    expect(subscribeFieldProblems(EMPTY_SUBSCRIBE_FORM)).toEqual({
      firstName: MISSING_FIELD_MESSAGES.firstName,
      lastName: MISSING_FIELD_MESSAGES.lastName,
      email: MISSING_FIELD_MESSAGES.email,
      phone: MISSING_FIELD_MESSAGES.phone,
      address: MISSING_FIELD_MESSAGES.address,
      city: MISSING_FIELD_MESSAGES.city,
      zip: MISSING_FIELD_MESSAGES.zip,
    });
    expect(validateSubscribeForm(EMPTY_SUBSCRIBE_FORM)).toBe(SUBSCRIBE_MESSAGES.missingField('FirstName'));
  });

  it('gives a filled-in field the rule it breaks, with the popup’s words', () => {
    const form: SubscribeForm = {
      ...VALID,
      email: 'maria@example',
      phone: '555-0101',
      zip: '8411',
      plan: 'custom',
      selectedMonths: Object.fromEntries(Object.keys(VALID.selectedMonths).map((m) => [m, false])) as SubscribeForm['selectedMonths'],
      gift: true,
    };
    expect(subscribeFieldProblems(form)).toEqual({
      email: SUBSCRIBE_MESSAGES.invalidEmail,
      phone: SUBSCRIBE_MESSAGES.invalidPhone,
      zip: SUBSCRIBE_MESSAGES.invalidZip,
      months: SUBSCRIBE_MESSAGES.noMonths,
      buyerName: SUBSCRIBE_MESSAGES.giftBuyerName,
      buyerEmail: SUBSCRIBE_MESSAGES.giftBuyerEmail,
    });
    expect(subscribeFieldProblems({ ...VALID, zip: '90210' })).toEqual({ zip: SUBSCRIBE_MESSAGES.outOfArea });
  });

  it('agrees with the popup: a form is refused exactly when some field is marked', () => {
    const variants: Partial<SubscribeForm>[] = [
      { firstName: ' ' },
      { email: 'x' },
      { phone: '1' },
      { zip: '90210' },
      { city: '' },
      { gift: true },
    ];
    for (const change of variants) {
      const form = { ...VALID, ...change };
      expect(Object.keys(subscribeFieldProblems(form)).length > 0).toBe(validateSubscribeForm(form) !== null);
    }
  });
});
