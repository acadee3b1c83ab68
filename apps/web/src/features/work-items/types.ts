/** A team member a task can be assigned to, or a file shared with; the route passes them in. */
export type WorkItemMember = { userId: string; name: string };

/** A space a file can be shared with. */
export type WorkItemSpace = { id: string; name: string };
