/**
 * The access module: every "may this user see / do this" rule of Lumen (team membership and rank, manager checks,
 * space visibility and roles, the space file matrix, document visibility, tasks and shared files). Other modules ask
 * it through this file and never write their own check (ADR 0060).
 */

export { findMembership, type Membership, type SpaceRow, type TeamMembership } from './access.repository.ts';
export { visibleActivityCondition } from './activity-access.ts';
export {
  areaOfSpace,
  canEditDocument,
  canReadInTeamRoom,
  canViewDocument,
  type DocumentArea,
  type DocumentViewerFacts,
  deletableDocumentsCondition,
  editableDocumentsCondition,
  searchScopeIds,
  TEAM_ROOM_AREA,
  visibleDocumentsCondition,
} from './document-access.ts';
export { forgetMemberships, type MembershipChange, membershipCachePlugin } from './membership-cache.ts';
export { searchScopeIdsSource } from './search-scope-function.ts';
export {
  canManageSpace,
  canViewSpace,
  decideSpaceAccess,
  requireSpaceAccess,
  type SpaceAccess,
  type SpaceViewerFacts,
  spaceFilePermissions,
  viewableSpacesCondition,
} from './space-access.ts';
export {
  assertIntegrationRequestReviewer,
  assertManager,
  canAssignRoles,
  canDeleteTeamMessage,
  canEditTeamMessage,
  canGrantRole,
  canReadAuditLog,
  canReviewIntegrationRequests,
  isManager,
  requireAuditReader,
  requireManager,
  requireMembership,
  type TeamMessageFacts,
} from './team-access.ts';
export {
  canManageWorkItems,
  canRemoveSharedFile,
  canUpdateTask,
  canViewSharedFile,
  type SharedFileViewerFacts,
  visibleSharedFilesCondition,
} from './work-item-access.ts';
