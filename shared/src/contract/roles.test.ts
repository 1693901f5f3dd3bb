import { displayFirstName, isRole } from './roles';
import { phoneHref } from './site';

describe('displayFirstName', () => {
  it('is the first word of the name, or the e-mail when there is no name', () => {
    expect(displayFirstName({ name: '  Maria  Lopez ', email: 'maria@example.com' })).toBe('Maria');
    expect(displayFirstName({ name: '', email: 'admin@example.com' })).toBe('admin');
  });
});

describe('isRole', () => {
  it('accepts only admin and employee', () => {
    expect(isRole('admin')).toBe(true);
    expect(isRole('employee')).toBe(true);
    expect(isRole('owner')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});

describe('phoneHref', () => {
  it('makes a dialable US number', () => {
    expect(phoneHref('(801) 555-0142')).toBe('tel:+18015550142');
  });
});
