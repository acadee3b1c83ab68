import { ERROR_REASONS, INTEGRATION_REQUEST_MESSAGES, type IntegrationRequest } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { CustomRequestCard } from './custom-request-card';

const MINE = '/api/integration-requests/mine';
const CREATE = '/api/integration-requests';

function request(overrides: Partial<IntegrationRequest> = {}): IntegrationRequest {
  return {
    id: crypto.randomUUID(),
    platform: 'Jira',
    purpose: 'Our tickets',
    urgency: 'medium',
    status: 'open',
    requestedBy: 'user-1',
    requesterName: 'Grace Hopper',
    createdAt: '2026-11-20T09:30:00.000Z',
    decidedAt: null,
    deciderName: null,
    ...overrides,
  };
}

function renderCard() {
  return renderWithProviders(
    <ul>
      <CustomRequestCard />
    </ul>,
  );
}

beforeAll(async () => {
  await loadNamespaces(['integrations']);
});

describe('CustomRequestCard', () => {
  it('shows the caller’s latest requests with the admins’ answers', async () => {
    stubFetch({
      [`GET ${MINE}`]: jsonResponse({
        requests: [
          request({ platform: 'Asana' }),
          request({ platform: 'Box', status: 'planned', decidedAt: '2026-11-21T09:30:00.000Z', deciderName: 'Ada' }),
          request({ platform: 'Zendesk', status: 'declined', decidedAt: '2026-11-22T09:30:00.000Z' }),
          request({ platform: 'Older one' }),
        ],
        nextCursor: null,
      }),
    });
    renderCard();

    const list = await screen.findByRole('list', { name: 'Your requests' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^AsanaOpenasked /),
      expect.stringMatching(/^BoxPlannedanswered /),
      expect.stringMatching(/^ZendeskDeclinedanswered /),
    ]);
  });

  it('checks the form with the server’s schema, sends it, says so, and lists the new request', async () => {
    const created: IntegrationRequest[] = [];
    const stub = stubFetch({
      [`GET ${MINE}`]: () => jsonResponse({ requests: [...created].reverse(), nextCursor: null }),
      [`POST ${CREATE}`]: ({ body }) => {
        const input = body as { platform: string; purpose: string; urgency: IntegrationRequest['urgency'] };
        const made = request({ ...input });
        created.push(made);
        return jsonResponse(made, 201);
      },
    });
    const { user } = renderCard();

    await user.click(await screen.findByRole('button', { name: 'Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request an Integration' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(within(dialog).getByRole('textbox', { name: 'Platform' })).toHaveAccessibleDescription(
      INTEGRATION_REQUEST_MESSAGES.platformRequired,
    );
    expect(within(dialog).getByRole('textbox', { name: 'What would you use it for?' })).toHaveAccessibleDescription(
      INTEGRATION_REQUEST_MESSAGES.purposeRequired,
    );
    expect(stub.findRequests('POST', CREATE)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Platform' }), '  HubSpot ');
    await user.type(within(dialog).getByRole('textbox', { name: 'What would you use it for?' }), 'Deals and contacts');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'How urgent is it?' }), 'High');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText(INTEGRATION_REQUEST_MESSAGES.sent)).toBeInTheDocument();
    expect(stub.findRequests('POST', CREATE)[0]?.body).toEqual({
      platform: 'HubSpot',
      purpose: 'Deals and contacts',
      urgency: 'high',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const list = await screen.findByRole('list', { name: 'Your requests' });
    expect(list).toHaveTextContent('HubSpotOpen');
  });

  it('tells the server’s refusal in words and keeps the form open', async () => {
    stubFetch({
      [`GET ${MINE}`]: jsonResponse({ requests: [], nextCursor: null }),
      [`POST ${CREATE}`]: apiErrorResponse(
        409,
        'CONFLICT',
        ERROR_REASONS.INTEGRATION_REQUESTS_TOO_MANY_OPEN.message,
        'INTEGRATION_REQUESTS_TOO_MANY_OPEN',
      ),
    });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request an Integration' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Platform' }), 'Box');
    await user.type(within(dialog).getByRole('textbox', { name: 'What would you use it for?' }), 'Contracts');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText(INTEGRATION_REQUEST_MESSAGES.tooManyOpen)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Request an Integration' })).toBeInTheDocument();
  });

  it('asks someone without a team to join one first', async () => {
    stubFetch({
      [`GET ${MINE}`]: apiErrorResponse(404, 'NOT_FOUND', ERROR_REASONS.NO_TEAM.message, 'NO_TEAM'),
    });
    renderCard();
    const button = await screen.findByRole('button', { name: 'Request' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription('Join or create a workspace to request an integration.');
  });
});
