import { describe, expect, it } from 'vitest';
import { getDepartmentLabel, getGreetingName } from './member-labels';

describe('getDepartmentLabel', () => {
  it('prefers the department, then the custom department, then the fallback', () => {
    expect(getDepartmentLabel({ department: 'Engineering', customDepartment: 'Research' }, 'General')).toBe(
      'Engineering',
    );
    expect(getDepartmentLabel({ department: null, customDepartment: 'Research' }, 'General')).toBe('Research');
    expect(getDepartmentLabel({ department: null, customDepartment: '  ' }, 'General')).toBe('General');
  });
});

describe('getGreetingName', () => {
  it('greets by first name, then the first word of the name, then the email', () => {
    expect(getGreetingName({ firstName: 'Ada', name: 'Countess Lovelace', email: 'ada@example.com' }, 'User')).toBe(
      'Ada',
    );
    expect(getGreetingName({ firstName: '', name: 'Grace Hopper', email: 'grace@example.com' }, 'User')).toBe('Grace');
    expect(getGreetingName({ firstName: null, name: null, email: 'alan@example.com' }, 'User')).toBe('alan');
    expect(getGreetingName(null, 'User')).toBe('User');
  });
});
