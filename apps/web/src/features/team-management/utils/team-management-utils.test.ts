import { describe, expect, it } from 'vitest';
import { getAssignableRoles } from './assignable-roles';
import { getDepartmentLabel } from './department-label';
import { filterBySearch } from './filter-members';
import { isTeamManagementTab, toTeamManagementTab } from './team-management-tabs';

describe('filterBySearch', () => {
  const people = [
    { name: 'Ada Lovelace', team: 'Engineering' },
    { name: 'Grace Hopper', team: null },
  ];
  const fields = (person: (typeof people)[number]) => [person.name, person.team];

  it('keeps everyone for a blank search', () => {
    expect(filterBySearch(people, '   ', fields)).toEqual(people);
  });

  it('matches any field, ignoring case and surrounding spaces, and skips missing fields', () => {
    expect(filterBySearch(people, '  LOVE ', fields)).toEqual([people[0]]);
    expect(filterBySearch(people, 'engin', fields)).toEqual([people[0]]);
    expect(filterBySearch(people, 'hopper', fields)).toEqual([people[1]]);
    expect(filterBySearch(people, 'sales', fields)).toEqual([]);
  });
});

describe('getDepartmentLabel', () => {
  it('prefers the department, then the custom department, then General', () => {
    expect(getDepartmentLabel({ department: 'Sales', customDepartment: 'Field' }, 'General')).toBe('Sales');
    expect(getDepartmentLabel({ department: null, customDepartment: 'Field' }, 'General')).toBe('Field');
    expect(getDepartmentLabel({ department: null, customDepartment: null }, 'General')).toBe('General');
  });
});

describe('getAssignableRoles', () => {
  it('offers no role above the caller’s own', () => {
    expect(getAssignableRoles('admin')).toEqual(['admin', 'team_lead', 'employee', 'viewer']);
    expect(getAssignableRoles('team_lead')).toEqual(['team_lead', 'employee', 'viewer']);
    expect(getAssignableRoles('viewer')).toEqual(['viewer']);
    expect(getAssignableRoles(null)).toEqual([]);
  });
});

describe('team management tabs', () => {
  it('reads the tab from the URL, Overview when missing or unknown', () => {
    expect(toTeamManagementTab('departments')).toBe('departments');
    expect(toTeamManagementTab(null)).toBe('overview');
    expect(toTeamManagementTab('settings')).toBe('overview');
    expect(isTeamManagementTab('permissions')).toBe(true);
    expect(isTeamManagementTab(3)).toBe(false);
  });
});
