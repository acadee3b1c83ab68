import { deriveRoleState, type RoleState } from '@lumen/contract';
import type { Database } from '../../platform/db.ts';
import { findMembership } from '../access/index.ts';

export async function getRoleState(db: Database, userId: string): Promise<RoleState> {
  return deriveRoleState(await findMembership(db, userId));
}
