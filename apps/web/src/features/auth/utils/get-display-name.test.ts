import { describe, expect, it } from 'vitest';
import { getDisplayName } from './get-display-name';

describe('getDisplayName', () => {
  it('uses the full name first', () => {
    expect(getDisplayName({ email: 'ada@example.com', name: 'Ada King', firstName: 'Ada', lastName: 'Lovelace' })).toBe(
      'Ada King',
    );
  });

  it('falls back to first plus last name', () => {
    expect(getDisplayName({ email: 'ada@example.com', name: '  ', firstName: 'Ada', lastName: 'Lovelace' })).toBe(
      'Ada Lovelace',
    );
    expect(getDisplayName({ email: 'ada@example.com', name: null, firstName: 'Ada', lastName: null })).toBe('Ada');
  });

  it('then to the part of the email before the at sign', () => {
    expect(getDisplayName({ email: 'ada.lovelace@example.com', name: null })).toBe('ada.lovelace');
  });

  it("then to 'User' (or the translated fallback)", () => {
    expect(getDisplayName({ email: '' })).toBe('User');
    expect(getDisplayName(null)).toBe('User');
    expect(getDisplayName({ email: '@example.com' }, 'Usuario')).toBe('Usuario');
  });
});
