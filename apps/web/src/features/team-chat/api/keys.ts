/** The team room's messages (one cache entry: the loaded messages, oldest first, and whether older ones remain). */
export const teamChatKeys = {
  room: ['team-chat', 'room'] as const,
  /** Who of the team is online now. */
  presence: ['team-chat', 'presence'] as const,
  /** The reader's unread count (the dashboards' Team Chat link). */
  unread: ['team-chat', 'unread'] as const,
};
