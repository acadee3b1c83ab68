/** The analytics' messages, apart from their schemas (the error catalogue, which the landing page loads, imports them). */
export const ANALYTICS_MESSAGES = {
  periodInvalid: 'period must be one of 7d, 30d, 90d, 1y',
  goalsAdminsOnly: 'Only workspace admins can change the goals',
  documentsGoalInvalid: 'The documents goal must be a whole number from 1 to 10,000,000',
  percentGoalInvalid: 'A percentage goal must be a whole number from 1 to 100',
} as const;
