import type { RoleState } from '@lumen/contract';

export const testUser = {
  id: 'user-1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  image: null,
  emailVerified: true,
};

export const testSession = {
  session: { id: 'session-1', expiresAt: '2030-01-01T00:00:00.000Z' },
  user: testUser,
};

export function roleState(role: RoleState['role']): RoleState {
  if (role === null) {
    return { role: null, teamId: null, teamName: null, isAdmin: false, canManageTeam: false, hasTeam: false };
  }
  return {
    role,
    teamId: 'team-1',
    teamName: 'Marketing',
    isAdmin: role === 'admin',
    canManageTeam: role === 'admin' || role === 'team_lead',
    hasTeam: true,
  };
}
