import type { Department } from '@lumen/contract';
import { describe, expect, it } from 'vitest';
import { countMembersByDepartment, countMembersByRole } from './team-counts';

const engineering: Department = { id: 'dep-eng', name: 'Engineering', createdAt: '2026-01-01T00:00:00.000Z' };
const legal: Department = { id: 'dep-legal', name: 'Legal', createdAt: '2026-01-01T00:00:00.000Z' };

describe('countMembersByDepartment', () => {
  it('counts members and admins per department, in the departments order', () => {
    const rows = countMembersByDepartment(
      [
        { departmentId: 'dep-eng', role: 'admin' },
        { departmentId: 'dep-eng', role: 'employee' },
        { departmentId: 'dep-legal', role: 'viewer' },
      ],
      [engineering, legal],
    );
    expect(rows).toEqual([
      { department: engineering, memberCount: 2, adminCount: 1 },
      { department: legal, memberCount: 1, adminCount: 0 },
    ]);
  });

  it('keeps empty departments and puts members without a (known) department in a last row', () => {
    const rows = countMembersByDepartment(
      [
        { departmentId: null, role: 'admin' },
        { departmentId: 'dep-gone', role: 'team_lead' },
      ],
      [engineering],
    );
    expect(rows).toEqual([
      { department: engineering, memberCount: 0, adminCount: 0 },
      { department: null, memberCount: 2, adminCount: 1 },
    ]);
  });

  it('has no department-less row when everyone has a department', () => {
    expect(countMembersByDepartment([{ departmentId: 'dep-eng', role: 'viewer' }], [engineering])).toHaveLength(1);
  });
});

describe('countMembersByRole', () => {
  it('counts every role, zero when nobody holds it', () => {
    expect(countMembersByRole([{ role: 'admin' }, { role: 'viewer' }, { role: 'viewer' }])).toEqual({
      admin: 1,
      team_lead: 0,
      employee: 0,
      viewer: 2,
    });
  });
});
