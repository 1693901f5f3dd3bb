import { isEmailAddress } from './validation';

describe('isEmailAddress: one mailbox, nothing more', () => {
  it.each(['maria@example.com', 'maria.lopez+flowers@mail.example.co', "o'brien@example.org", 'a@b.co', `${'x'.repeat(64)}@example.com`])(
    'accepts %s',
    (value) => {
      expect(isEmailAddress(value)).toBe(true);
    },
  );

  it.each([
    ['an address list', 'jane@example.com,victim@elsewhere.test'],
    ['a display-name form', '"x"<victim@elsewhere.test>@a.bc'],
    ['angle brackets', '<victim@elsewhere.test>'],
    ['a space', 'jane doe@example.com'],
    ['a newline', 'jane@example.com\nBcc: victim@elsewhere.test'],
    ['a quoted local part', '"jane"@example.com'],
    ['a comment', 'jane(comment)@example.com'],
    ['two @', 'jane@victim@example.com'],
    ['no dot in the domain', 'jane@localhost'],
    ['an empty label', 'jane@example..com'],
    ['a local part over 64', `${'x'.repeat(65)}@example.com`],
    ['an address over 254', `x@${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.com`],
    ['nothing before @', '@example.com'],
  ])('refuses %s', (_, value) => {
    expect(isEmailAddress(value)).toBe(false);
  });
});
