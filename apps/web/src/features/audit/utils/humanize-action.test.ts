import { describe, expect, it } from 'vitest';
import { humanizeAction } from './humanize-action';

describe('humanizeAction', () => {
  it('reads an action code as words', () => {
    expect(humanizeAction('user_login')).toBe('User login');
    expect(humanizeAction('integration_request_create')).toBe('Integration request create');
    expect(humanizeAction('')).toBe('');
  });
});
