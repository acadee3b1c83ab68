import { deriveRoleState, type RoleState } from '@lumen/contract';
import type { Database } from '../../platform/db.ts';
import { findRoleWithTeam } from './me.repository.ts';

export async function getRoleState(db: Database, userId: string): Promise<RoleState> {
  return deriveRoleState(await findRoleWithTeam(db, userId));
}
