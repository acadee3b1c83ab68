import type { IntegrationRequest, IntegrationRequestStatus } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { jsonResponse, type StubRequest, stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { IntegrationRequestsPanel } from './integration-requests-panel';

const LIST = '/api/integration-requests';

function request(index: number, status: IntegrationRequestStatus = 'open'): IntegrationRequest {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    platform: `Tool ${index}`,
    purpose: `Purpose ${index}`,
    urgency: 'high',
    status,
    requestedBy: 'user-1',
    requesterName: 'Grace Hopper',
    createdAt: '2026-11-20T09:30:00.000Z',
    decidedAt: status === 'open' ? null : '2026-11-21T09:30:00.000Z',
    deciderName: status === 'open' ? null : 'Ada Admin',
  };
}

/** A server holding requests; pages of two, newest (highest index) first, filtered by ?status. */
function createServer(initial: IntegrationRequest[]) {
  const requests = [...initial];
  const list = ({ search }: StubRequest) => {
    const params = new URLSearchParams(search);
    const status = params.get('status');
    const matching = requests.filter((item) => !status || item.status === status);
    const start = Number(params.get('cursor') ?? 0);
    const page = matching.slice(start, start + 2);
    return jsonResponse({ requests: page, nextCursor: start + 2 < matching.length ? String(start + 2) : null });
  };
  const routes: Record<string, (request: StubRequest) => Response> = { [`GET ${LIST}`]: list };
  for (const item of requests) {
    routes[`PATCH ${LIST}/${item.id}`] = ({ body }) => {
      const { status } = body as { status: IntegrationRequestStatus };
      const index = requests.findIndex((candidate) => candidate.id === item.id);
      const updated = { ...item, status, deciderName: 'Ada Admin', decidedAt: '2026-11-23T09:30:00.000Z' };
      requests[index] = updated;
      return jsonResponse(updated);
    };
  }
  return stubFetch(routes);
}

beforeAll(async () => {
  await loadNamespaces(['integrations']);
});

describe('IntegrationRequestsPanel', () => {
  it('lists the open requests first, answers one, and the list follows', async () => {
    const stub = createServer([request(3), request(2, 'planned'), request(1)]);
    const { user } = renderWithProviders(<IntegrationRequestsPanel />);

    const list = await screen.findByRole('list', { name: 'Integration Requests' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Tool 3', 'Tool 1']);
    const tool3 = within(list).getByRole('listitem', { name: 'Tool 3' });
    expect(tool3).toHaveTextContent('Purpose 3');
    expect(tool3).toHaveTextContent('High');
    expect(tool3).toHaveTextContent('Asked by Grace Hopper on');
    expect(stub.findRequests('GET', LIST)[0]?.search).toBe('?status=open');

    await user.click(within(tool3).getByRole('button', { name: 'Mark Planned' }));
    expect(await screen.findByText('Tool 3 marked planned')).toBeInTheDocument();
    expect(stub.findRequests('PATCH', `${LIST}/${request(3).id}`)[0]?.body).toEqual({ status: 'planned' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading')
          .map((heading) => heading.textContent),
      ).toEqual(['Tool 1']),
    );
  });

  it('shows every status on demand, with the answers and the way to reopen, a page at a time', async () => {
    createServer([request(3), request(2, 'planned'), request(1, 'declined')]);
    const { user } = renderWithProviders(<IntegrationRequestsPanel />);
    await screen.findByRole('list', { name: 'Integration Requests' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'All');
    const list = await screen.findByRole('list', { name: 'Integration Requests' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const planned = within(list).getByRole('listitem', { name: 'Tool 2' });
    expect(planned).toHaveTextContent('Planned');
    expect(planned).toHaveTextContent('answered by Ada Admin on');
    expect(
      within(planned)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Decline', 'Reopen']);

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getByRole('listitem', { name: 'Tool 1' })).toHaveTextContent('Declined');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('says when nothing waits for an answer', async () => {
    createServer([request(2, 'planned')]);
    renderWithProviders(<IntegrationRequestsPanel />);
    expect(await screen.findByText('No requests are waiting for an answer.')).toBeInTheDocument();
  });
});
