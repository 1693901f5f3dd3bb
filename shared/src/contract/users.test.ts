import { cleanName, nameKey, ownNameSchema, USER_MESSAGES, userInputSchema } from './users';

describe('a staff name', () => {
  it('loses the characters that hide or reorder text, so it reads as its letters say', () => {
    // Right-to-left override: "Ana Boss" would show as "ssoB anA".
    expect(cleanName('\u202EAna Boss\u202C')).toBe('Ana Boss');
    expect(cleanName('Bea\u200B Boss\u2066\u2069\uFEFF')).toBe('Bea Boss');
    expect(cleanName('Bea\u00AD\u034F\u180E\u2060Boss')).toBe('BeaBoss');
    expect(cleanName('  Bea \u00A0\u3000 Boss\t')).toBe('Bea Boss');
    expect(cleanName('Zoë Łukasz 山田 \u{1F33C}')).toBe('Zoë Łukasz 山田 \u{1F33C}');
    expect(cleanName('Ana\u{E0041}\u{E007F}')).toBe('Ana');
  });

  it('is checked after cleaning, by the admin form and the own-name prompt alike', () => {
    expect(userInputSchema.parse({ name: '\u202EAna\u202C', email: 'a@b.example' }).name).toBe('Ana');
    expect(ownNameSchema.safeParse({ name: '\u200B\u202E\u2069' }).error?.issues[0]?.message).toBe(USER_MESSAGES.nameRequired);
    expect(ownNameSchema.parse({ name: ' Ana\u200D Boss ' }).name).toBe('Ana Boss');
  });

  it('is the same as another when people would read them alike: case, width and hidden characters aside', () => {
    expect(nameKey('Bea Boss')).toBe(nameKey('bea\u200B  BOSS'));
    expect(nameKey('Bea Boss')).toBe(nameKey('Ｂｅａ Ｂｏｓｓ'));
    expect(nameKey('Bea Boss')).not.toBe(nameKey('Bea Bossa'));
  });
});
