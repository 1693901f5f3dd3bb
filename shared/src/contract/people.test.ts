import { personName, personWithEmail } from './people';

describe('naming people', () => {
  it('names a person by their name, or by their e-mail when they have none', () => {
    expect(personName({ name: 'Nico Alvarez', email: 'nico@example.com' })).toBe('Nico Alvarez');
    expect(personName({ name: '  Nico\u200b  Alvarez ', email: 'nico@example.com' })).toBe('Nico Alvarez');
    expect(personName({ name: '', email: 'nico@example.com' })).toBe('nico@example.com');
    expect(personName({ email: 'nico@example.com' })).toBe('nico@example.com');
  });

  it('puts the e-mail beside the name only when there is a name', () => {
    expect(personWithEmail({ name: 'Nico Alvarez', email: 'nico@example.com' })).toBe('Nico Alvarez (nico@example.com)');
    expect(personWithEmail({ name: null, email: 'nico@example.com' })).toBe('nico@example.com');
  });
});
