import type { RoleState } from '@lumen/contract';
import type { Viewer } from '../types';

/** Who is looking at the screen, from the signed-in user's id and role state (nobody in particular while loading). */
export function getViewer(userId: string | null, roleState: RoleState | undefined): Viewer {
  return {
    userId,
    role: roleState?.role ?? null,
    isAdmin: roleState?.isAdmin ?? false,
    canManageTeam: roleState?.canManageTeam ?? false,
  };
}
