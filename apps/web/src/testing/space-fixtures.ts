import { NO_FILE_PERMISSIONS, type Role, SPACE_FILE_PERMISSIONS, type Space, type SpaceMember } from '@lumen/contract';

/**
 * Test data for the spaces screens (the HTTP answers of the spaces endpoints). A space is 'Marketing' where the caller
 * is admin unless overridden; `myRole` sets the permissions the server would compute from it.
 */
export function space(overrides: Partial<Omit<Space, 'permissions'>> = {}): Space {
  const name = overrides.name ?? 'Marketing';
  const myRole: Role | null = overrides.myRole === undefined ? 'admin' : overrides.myRole;
  return {
    id: `space-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    teamId: 'team-1',
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    description: 'Campaigns and launches',
    isPrivate: false,
    createdBy: 'user-1',
    createdAt: '2026-03-01T10:00:00.000Z',
    memberCount: 3,
    fileCount: 12,
    ...overrides,
    myRole,
    permissions: myRole ? SPACE_FILE_PERMISSIONS[myRole] : NO_FILE_PERMISSIONS,
  };
}

/** A space member, Grace Hopper (user-2) as viewer unless overridden. */
export function spaceMember(overrides: Partial<SpaceMember> = {}): SpaceMember {
  const firstName = overrides.firstName ?? 'Grace';
  return {
    userId: 'user-2',
    email: `${firstName.toLowerCase()}@example.com`,
    firstName,
    lastName: 'Hopper',
    avatarUrl: null,
    role: 'viewer',
    status: 'active',
    addedBy: 'user-1',
    addedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}
