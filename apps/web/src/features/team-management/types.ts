import type { CreateInvitationInput, CreateInvitationResponse, Role, TeamMember } from '@lumen/contract';
import type { ReactNode } from 'react';

/**
 * How a member is shown. The route passes in the shared team avatar, role badge and display name (features/teams),
 * so this feature does not import another one.
 */
export type MemberDisplay = {
  getName: (member: Pick<TeamMember, 'firstName' | 'lastName' | 'email'>) => string;
  renderAvatar: (member: TeamMember, name: string) => ReactNode;
  renderRoleBadge: (role: Role) => ReactNode;
};

/** The team's writes, wired by the route to the team API; each rejects with the ApiError of a failed request. */
export type TeamManagementActions = {
  inviteMember: (input: CreateInvitationInput) => Promise<CreateInvitationResponse>;
  revokeInvitation: (invitationId: string) => Promise<void>;
  changeMemberRole: (input: { userId: string; role: Role }) => Promise<unknown>;
  removeMember: (userId: string) => Promise<void>;
  createDepartment: (name: string) => Promise<unknown>;
  renameDepartment: (input: { id: string; name: string }) => Promise<unknown>;
  deleteDepartment: (departmentId: string) => Promise<void>;
};

/** Who is looking at the screen. */
export type Viewer = {
  userId: string | null;
  role: Role | null;
  isAdmin: boolean;
  canManageTeam: boolean;
};
