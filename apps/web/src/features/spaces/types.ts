/** A team member the spaces screens can pick (the route maps the teams feature's members to this). */
export type TeamMemberOption = { userId: string; name: string; email: string };
