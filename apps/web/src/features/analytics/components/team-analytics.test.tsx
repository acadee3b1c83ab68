import { ANALYTICS_MESSAGES, type AnalyticsGoals, type TeamAnalytics as TeamAnalyticsData } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, loadNamespaces } from '@/lib/i18n';
import { apiErrorResponse, jsonResponse, type StubRequest, type StubRoutes, stubFetch } from '@/testing/fetch-stub';
import { noTeamResponse } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import { TeamAnalytics } from './team-analytics';

const ANALYTICS = '/api/analytics';
const GOALS = '/api/analytics/goals';

const days = (counts: readonly number[]) => counts.map((count, index) => ({ day: `2026-11-0${index + 1}`, count }));

/** A team's 30 days (three of them, for short tables), admins' view unless overridden. */
function teamAnalytics(overrides: Partial<TeamAnalyticsData> = {}): TeamAnalyticsData {
  return {
    period: '30d',
    from: '2026-11-01',
    to: '2026-11-30',
    timeAndEfficiency: {
      queriesPerDay: [
        { day: '2026-11-01', answered: 30, declined: 2 },
        { day: '2026-11-02', answered: 12, declined: 1 },
        { day: '2026-11-03', answered: 0, declined: 0 },
      ],
      queries: 45,
      answered: 42,
      declined: 3,
      responseMs: { p50: 1234, p95: 4567 },
    },
    files: {
      total: 1250,
      byPlatform: [
        { key: 'google-drive', count: 700 },
        { key: 'upload', count: 500 },
        { key: 'notion', count: 50 },
      ],
      byType: [
        { key: 'PDF', count: 800 },
        { key: 'Word', count: 450 },
      ],
      byStatus: [
        { key: 'ready', count: 1200 },
        { key: 'processing', count: 30 },
        { key: 'failed', count: 20 },
      ],
      inSpaces: 1000,
      organisedPercent: 80,
      addedPerDay: days([5, 0, 7]),
    },
    collaboration: {
      activeMembersPerDay: days([8, 9, 3]),
      members: 12,
      invitationsAccepted: 3,
      tasksCreated: 18,
      tasksDone: 11,
      chatMessagesPerDay: days([100, 40, 100]),
      chatMessages: 240,
    },
    businessImpact: {
      documents: { value: 1250, goal: 3000 },
      organisationPercent: { value: 80, goal: 90 },
      accuracyPercent: { value: 93.3, goal: 98 },
    },
    goals: { documents: 3000, organisationPercent: 90, accuracyPercent: 98 },
    canEditGoals: true,
    ...overrides,
  };
}

/** The server: GET /api/analytics answers `read(request)`, plus any other routes. */
function stubAnalytics(
  read: (request: StubRequest) => TeamAnalyticsData = () => teamAnalytics(),
  routes: StubRoutes = {},
) {
  return stubFetch({ [`GET ${ANALYTICS}`]: (request) => jsonResponse(read(request)), ...routes });
}

/** The value shown under a figure's label (its card). */
function figure(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

/** The rows of a chart's table (named by the chart's title), each as its cells' texts. */
function tableRows(name: string): string[][] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

async function openTab(user: ReturnType<typeof renderWithProviders>['user'], name: string) {
  await user.click(await screen.findByRole('tab', { name }));
  expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

beforeAll(async () => {
  await loadNamespaces(['analytics']);
});

describe('TeamAnalytics', () => {
  it('shows Time & Efficiency first: the figures, the range, and the questions per day as a chart and a table', async () => {
    const stub = stubAnalytics();
    renderWithProviders(<TeamAnalytics />);

    expect(screen.getByRole('status', { name: 'Loading analytics' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Time & Efficiency' })).toHaveAttribute('aria-selected', 'true');
    const tabs = within(screen.getByRole('tablist', { name: 'Analytics sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Time & Efficiency',
      'File Analytics',
      'Collaboration',
      'Business Impact',
    ]);
    expect(screen.getByText('Nov 1, 2026 – Nov 30, 2026')).toBeInTheDocument();

    expect(figure('Questions asked')).toBe('45');
    expect(figure('Answered')).toBe('42');
    expect(figure('Declined')).toBe('3');
    expect(figure('Answer rate')).toBe('93.3%');
    expect(figure('Median response time')).toBe('1.2s');
    expect(figure('95th percentile response time')).toBe('4.6s');

    const chart = screen.getByRole('img', { name: 'Questions per day' });
    expect(tableRows('Questions per day')).toEqual([
      ['Day', 'Answered', 'Declined'],
      ['Nov 1', '30', '2'],
      ['Nov 2', '12', '1'],
      ['Nov 3', '0', '0'],
    ]);
    // The chart itself loads on its own (Recharts), inside the named image.
    await waitFor(() => expect(chart.querySelector('.recharts-responsive-container')).not.toBeNull());
    expect(stub.findRequests('GET', ANALYTICS).map((request) => request.search)).toEqual(['?period=30d']);
  });

  it('shows the File Analytics: totals, documents by platform, type and status, and those added per day', async () => {
    stubAnalytics();
    const { user } = renderWithProviders(<TeamAnalytics />);
    await openTab(user, 'File Analytics');

    expect(figure('Total documents')).toBe('1,250');
    expect(figure('In spaces')).toBe('1,000');
    expect(figure('Organised')).toBe('80%');
    expect(screen.getByRole('img', { name: 'Documents by platform' })).toBeInTheDocument();
    expect(tableRows('Documents by platform')).toEqual([
      ['Platform', 'Documents'],
      ['Google Drive', '700'],
      ['Upload', '500'],
      ['Notion', '50'],
    ]);
    expect(tableRows('Documents by type')).toEqual([
      ['Type', 'Documents'],
      ['PDF', '800'],
      ['Word', '450'],
    ]);
    expect(tableRows('Documents by status')).toEqual([
      ['Status', 'Documents'],
      ['Ready', '1,200'],
      ['Processing', '30'],
      ['Failed', '20'],
    ]);
    expect(tableRows('Documents added per day')).toEqual([
      ['Day', 'Added'],
      ['Nov 1', '5'],
      ['Nov 2', '0'],
      ['Nov 3', '7'],
    ]);
    // Time & Efficiency's figures left with their tab.
    expect(screen.queryByText('Questions asked')).not.toBeInTheDocument();
  });

  it('shows the Collaboration: members, invitations, tasks, and active members and chat messages per day', async () => {
    stubAnalytics();
    const { user } = renderWithProviders(<TeamAnalytics />);
    await openTab(user, 'Collaboration');

    expect(figure('Members')).toBe('12');
    expect(figure('Invitations accepted')).toBe('3');
    expect(figure('Tasks created')).toBe('18');
    expect(figure('Tasks done')).toBe('11');
    expect(figure('Team chat messages')).toBe('240');
    expect(screen.getByRole('img', { name: 'Active members per day' })).toBeInTheDocument();
    expect(tableRows('Active members per day')).toEqual([
      ['Day', 'Active members'],
      ['Nov 1', '8'],
      ['Nov 2', '9'],
      ['Nov 3', '3'],
    ]);
    expect(tableRows('Team chat messages per day')).toEqual([
      ['Day', 'Messages'],
      ['Nov 1', '100'],
      ['Nov 2', '40'],
      ['Nov 3', '100'],
    ]);
  });

  it('shows an empty state instead of a chart whose series is all zero, and no value where there is none', async () => {
    const empty = teamAnalytics();
    stubAnalytics(() => ({
      ...empty,
      timeAndEfficiency: {
        queriesPerDay: empty.timeAndEfficiency.queriesPerDay.map(({ day }) => ({ day, answered: 0, declined: 0 })),
        queries: 0,
        answered: 0,
        declined: 0,
        responseMs: { p50: null, p95: null },
      },
      files: {
        ...empty.files,
        total: 0,
        byPlatform: [],
        byType: [],
        byStatus: [{ key: 'ready', count: 0 }],
        inSpaces: 0,
        organisedPercent: null,
        addedPerDay: days([0, 0, 0]),
      },
      collaboration: { ...empty.collaboration, chatMessagesPerDay: days([0, 0, 0]), chatMessages: 0 },
    }));
    const { user } = renderWithProviders(<TeamAnalytics />);

    expect(await screen.findByText('No questions in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Questions per day' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Questions per day' })).not.toBeInTheDocument();
    expect(figure('Answer rate')).toBe('—No value');
    expect(figure('Median response time')).toBe('—No value');

    await openTab(user, 'File Analytics');
    expect(screen.getAllByText('No documents yet.')).toHaveLength(3);
    expect(screen.getByText('No documents added in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(figure('Organised')).toBe('—No value');

    await openTab(user, 'Collaboration');
    expect(screen.getByText('No team chat messages in this period.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Active members per day' })).toBeInTheDocument();
  });

  it('asks for the period chosen, Last 30 days by default', async () => {
    const stub = stubAnalytics((request) => {
      const period = new URLSearchParams(request.search).get('period');
      return period === '90d'
        ? teamAnalytics({
            period: '90d',
            from: '2026-09-01',
            timeAndEfficiency: { ...teamAnalytics().timeAndEfficiency, queries: 512 },
          })
        : teamAnalytics();
    });
    const { user } = renderWithProviders(<TeamAnalytics />);
    await screen.findByRole('tablist', { name: 'Analytics sections' });

    const select = screen.getByRole('combobox', { name: 'Period' });
    expect(select).toHaveDisplayValue('Last 30 days');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Last 7 days', 'Last 30 days', 'Last 3 months', 'Last year']);
    expect(figure('Questions asked')).toBe('45');

    await user.selectOptions(select, 'Last 3 months');
    await waitFor(() => expect(figure('Questions asked')).toBe('512'));
    expect(screen.getByText('Sep 1, 2026 – Nov 30, 2026')).toBeInTheDocument();
    expect(stub.findRequests('GET', ANALYTICS).map((request) => request.search)).toEqual([
      '?period=30d',
      '?period=90d',
    ]);
  });

  it('shows each Business Impact figure against its goal', async () => {
    stubAnalytics();
    const { user } = renderWithProviders(<TeamAnalytics />);
    await openTab(user, 'Business Impact');

    const documents = screen.getByRole('listitem', { name: 'Documents' });
    expect(within(documents).getByText('1,250 of 3,000')).toBeInTheDocument();
    expect(within(documents).getByText('42% of goal')).toBeInTheDocument();
    const documentsBar = within(documents).getByRole('progressbar', { name: 'Documents' });
    expect(documentsBar).toHaveAttribute('aria-valuenow', '42');
    expect(documentsBar).toHaveAttribute('aria-valuetext', '42% of goal');

    const organisation = screen.getByRole('listitem', { name: 'Organisation %' });
    expect(within(organisation).getByText('80% of 90%')).toBeInTheDocument();
    expect(within(organisation).getByText('89% of goal')).toBeInTheDocument();

    const accuracy = screen.getByRole('listitem', { name: 'Accuracy %' });
    expect(within(accuracy).getByText('93.3% of 98%')).toBeInTheDocument();
    expect(within(accuracy).getByText('95% of goal')).toBeInTheDocument();
    expect(within(accuracy).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '95');
  });

  it('fills the bar no further than the goal once it is passed', async () => {
    stubAnalytics(() =>
      teamAnalytics({
        businessImpact: { ...teamAnalytics().businessImpact, documents: { value: 4500, goal: 3000 } },
      }),
    );
    const { user } = renderWithProviders(<TeamAnalytics />);
    await openTab(user, 'Business Impact');

    const documents = screen.getByRole('listitem', { name: 'Documents' });
    expect(within(documents).getByText('150% of goal')).toBeInTheDocument();
    expect(within(documents).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it("lets an admin edit the goals: a PUT of the three numbers, then the team's figures read again", async () => {
    let goals: AnalyticsGoals = { documents: 3000, organisationPercent: 90, accuracyPercent: 98 };
    const stub = stubAnalytics(
      () =>
        teamAnalytics({
          goals,
          businessImpact: {
            documents: { value: 1250, goal: goals.documents },
            organisationPercent: { value: 80, goal: goals.organisationPercent },
            accuracyPercent: { value: 93.3, goal: goals.accuracyPercent },
          },
        }),
      {
        [`PUT ${GOALS}`]: (request) => {
          goals = request.body as AnalyticsGoals;
          return jsonResponse(goals);
        },
      },
    );
    const { user } = renderWithProviders(<TeamAnalytics />);
    await openTab(user, 'Business Impact');

    await user.click(screen.getByRole('button', { name: 'Edit goals' }));
    const form = screen.getByRole('form', { name: 'Edit goals' });
    const documents = within(form).getByRole('spinbutton', { name: 'Documents goal' });
    expect(documents).toHaveFocus();
    expect(documents).toHaveValue(3000);
    expect(within(form).getByRole('spinbutton', { name: 'Organisation goal (%)' })).toHaveValue(90);
    expect(within(form).getByRole('spinbutton', { name: 'Accuracy goal (%)' })).toHaveValue(98);
    expect(screen.queryByRole('button', { name: 'Edit goals' })).not.toBeInTheDocument();

    await user.clear(documents);
    await user.type(documents, '2500');
    const organisation = within(form).getByRole('spinbutton', { name: 'Organisation goal (%)' });
    await user.clear(organisation);
    await user.type(organisation, '85');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Goals saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit goals' })).not.toBeInTheDocument());
    expect(stub.findRequests('PUT', GOALS).map((request) => request.body)).toEqual([
      { documents: 2500, organisationPercent: 85, accuracyPercent: 98 },
    ]);
    expect(within(screen.getByRole('listitem', { name: 'Documents' })).getByText('1,250 of 2,500')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Organisation %' })).getByText('80% of 85%'),
    ).toBeInTheDocument();
    expect(stub.findRequests('GET', ANALYTICS)).toHaveLength(2);
    // Back on the button that opened the form.
    expect(screen.getByRole('button', { name: 'Edit goals' })).toHaveFocus();
  });

  it('cancels an edit without asking the server', async () => {
    const stub = stubAnalytics();
    const { user } = renderWithProviders(<TeamAnalytics />);
    await openTab(user, 'Business Impact');

    await user.click(screen.getByRole('button', { name: 'Edit goals' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Documents goal' }), '0');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('form', { name: 'Edit goals' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit goals' })).toHaveFocus();
    expect(stub.findRequests('PUT', GOALS)).toHaveLength(0);
  });

  it('offers no goal editing to someone who is not an admin', async () => {
    stubAnalytics(() => teamAnalytics({ canEditGoals: false }));
    const { user } = renderWithProviders(<TeamAnalytics />);
    await openTab(user, 'Business Impact');

    expect(screen.getByRole('listitem', { name: 'Documents' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit goals' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it("checks the goals with the contract's schema before sending, showing its messages", async () => {
    const stub = stubAnalytics();
    const { user } = renderWithProviders(<TeamAnalytics />);
    await openTab(user, 'Business Impact');
    await user.click(screen.getByRole('button', { name: 'Edit goals' }));

    const documents = screen.getByRole('spinbutton', { name: 'Documents goal' });
    const accuracy = screen.getByRole('spinbutton', { name: 'Accuracy goal (%)' });
    await user.clear(documents);
    await user.clear(accuracy);
    await user.type(accuracy, '101');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByText(ANALYTICS_MESSAGES.documentsGoalInvalid)).toBeInTheDocument();
    expect(screen.getByText(ANALYTICS_MESSAGES.percentGoalInvalid)).toBeInTheDocument();
    expect(documents).toHaveAttribute('aria-invalid', 'true');
    expect(documents).toHaveAccessibleDescription(ANALYTICS_MESSAGES.documentsGoalInvalid);
    expect(accuracy).toHaveAccessibleDescription(ANALYTICS_MESSAGES.percentGoalInvalid);
    expect(screen.getByRole('spinbutton', { name: 'Organisation goal (%)' })).not.toHaveAttribute('aria-invalid');
    expect(documents).toHaveFocus();
    expect(stub.findRequests('PUT', GOALS)).toHaveLength(0);

    // Typing in a field clears its message.
    await user.type(documents, '0');
    expect(screen.queryByText(ANALYTICS_MESSAGES.documentsGoalInvalid)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(ANALYTICS_MESSAGES.documentsGoalInvalid)).toBeInTheDocument();
    expect(stub.findRequests('PUT', GOALS)).toHaveLength(0);
  });

  it("shows the schema's messages in the reader's language", async () => {
    stubAnalytics();
    await changeLanguage('fr');
    try {
      const { user } = renderWithProviders(<TeamAnalytics />);
      await openTab(user, 'Impact métier');
      await user.click(screen.getByRole('button', { name: 'Modifier les objectifs' }));
      const organisation = screen.getByRole('spinbutton', { name: "Objectif d'organisation (%)" });
      await user.clear(organisation);
      await user.type(organisation, '0');
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
      expect(organisation).toHaveAccessibleDescription(
        'Un objectif en pourcentage doit être un nombre entier de 1 à 100',
      );
    } finally {
      await changeLanguage('en');
    }
  });

  it("shows the server's refusal of the goals in the reader's words, the form kept", async () => {
    const stub = stubAnalytics(undefined, {
      [`PUT ${GOALS}`]: apiErrorResponse(
        403,
        'FORBIDDEN',
        ANALYTICS_MESSAGES.goalsAdminsOnly,
        'ANALYTICS_GOALS_ADMINS_ONLY',
      ),
    });
    const { user } = renderWithProviders(<TeamAnalytics />);
    await openTab(user, 'Business Impact');
    await user.click(screen.getByRole('button', { name: 'Edit goals' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const failure = await screen.findByRole('alert');
    expect(within(failure).getByText('Failed to save the goals')).toBeInTheDocument();
    expect(within(failure).getByText('Only workspace admins can change the goals')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit goals' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(stub.findRequests('PUT', GOALS)).toHaveLength(1);
    expect(stub.findRequests('GET', ANALYTICS)).toHaveLength(1);
  });

  it('says the analytics failed to load, and tries again on demand', async () => {
    let isDown = true;
    const stub = stubFetch({
      [`GET ${ANALYTICS}`]: () =>
        isDown
          ? apiErrorResponse(500, 'INTERNAL', 'Something went wrong on our side. Please try again.')
          : jsonResponse(teamAnalytics()),
    });
    const { user } = renderWithProviders(<TeamAnalytics />);

    const failure = await screen.findByRole('alert');
    expect(within(failure).getByText('Failed to load analytics')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();

    isDown = false;
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tablist', { name: 'Analytics sections' })).toBeInTheDocument();
    expect(figure('Questions asked')).toBe('45');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(stub.findRequests('GET', ANALYTICS)).toHaveLength(2);
  });

  it('says there is no team to count for someone without one, with nothing to retry', async () => {
    stubFetch({ [`GET ${ANALYTICS}`]: noTeamResponse() });
    renderWithProviders(<TeamAnalytics />);

    expect(
      await screen.findByText('Analytics are about a team: create or join a workspace to see them.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it.each([
    ['fr', 'Temps et efficacité', '3 derniers mois', '1 nov. 2026 – 30 nov. 2026'],
    ['de', 'Zeit & Effizienz', 'Letzte 3 Monate', '01.11.2026 – 30.11.2026'],
    ['es', 'Tiempo y eficiencia', 'Últimos 3 meses', '1 nov 2026 – 30 nov 2026'],
  ] as const)('speaks %s', async (language, firstTab, threeMonths, range) => {
    stubAnalytics();
    await changeLanguage(language);
    try {
      renderWithProviders(<TeamAnalytics />);
      expect(await screen.findByRole('tab', { name: firstTab })).toBeInTheDocument();
      expect(screen.getByRole('option', { name: threeMonths })).toBeInTheDocument();
      expect(screen.getByText(range)).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
