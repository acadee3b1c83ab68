import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type StubRequest } from '@/testing/fetch-stub';
import { documentSummary, stubSignedIn } from '@/testing/fixtures';
import { connectedIntegration, integration, integrationList } from '@/testing/integration-fixtures';
import { renderRoutes } from '@/testing/test-utils';
import { textAnswerChunks, uiMessageStreamResponse } from '@/testing/ui-message-stream';

const notionPages = [
  documentSummary('n-1', 'Roadmap 2027', { source: 'notion', status: 'ready', fileId: null }),
  documentSummary('n-2', 'Onboarding guide', { source: 'notion', status: 'processing', fileId: null }),
];

/** GET /api/documents answering the Notion pages whose title holds ?q=, and recording what was asked. */
function documentsReply({ search }: StubRequest) {
  const params = new URLSearchParams(search);
  const q = params.get('q')?.toLowerCase() ?? '';
  const documents =
    params.get('source') === 'notion' ? notionPages.filter((page) => page.title.toLowerCase().includes(q)) : [];
  return jsonResponse({ documents, nextCursor: null });
}

describe('/notion', () => {
  it('shows the Notion connection card alone and the synced pages, each opening at Notion', async () => {
    const stub = stubSignedIn('employee', {
      'GET /api/integrations': jsonResponse(integrationList({ notion: connectedIntegration('notion') })),
      'GET /api/documents': documentsReply,
    });
    renderRoutes({ path: '/notion' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Notion' })).toBeInTheDocument();
    const cards = await screen.findByRole('list', { name: 'Integrations' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(1);
    const card = within(cards).getByTestId('integration-notion');
    expect(within(card).getByRole('status')).toHaveTextContent('Connected');
    expect(within(card).getByRole('button', { name: 'Sync now' })).toBeEnabled();
    expect(screen.queryByTestId('integration-custom-request')).not.toBeInTheDocument();

    const pages = await screen.findByRole('list', { name: 'Synced pages' });
    const roadmap = within(pages).getByRole('link', { name: /Roadmap 2027/ });
    expect(roadmap).toHaveAttribute('href', '/api/documents/n-1/content');
    expect(roadmap).toHaveAttribute('target', '_blank');
    expect(within(pages).getByText('Indexing...')).toBeInTheDocument();
    expect(stub.findRequests('GET', '/api/documents')[0]?.search).toContain('source=notion');
  });

  it('searches the pages by title, and says when none matches', async () => {
    const stub = stubSignedIn('employee', {
      'GET /api/integrations': jsonResponse(integrationList()),
      'GET /api/documents': documentsReply,
    });
    const { user } = renderRoutes({ path: '/notion' });
    await screen.findByRole('list', { name: 'Synced pages' });

    await user.type(screen.getByRole('searchbox', { name: 'Search your Notion pages' }), 'onboard');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Synced pages' })).getAllByRole('link')).toHaveLength(1),
    );
    expect(screen.getByRole('link', { name: /Onboarding guide/ })).toBeInTheDocument();
    expect(stub.findRequests('GET', '/api/documents').at(-1)?.search).toContain('q=onboard');

    await user.clear(screen.getByRole('searchbox', { name: 'Search your Notion pages' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search your Notion pages' }), 'budget');
    expect(await screen.findByText('No Notion page title contains "budget".')).toBeInTheDocument();
  });

  it('says how to get pages when nothing is synced yet, with Connect on the card', async () => {
    stubSignedIn('employee', {
      'GET /api/integrations': jsonResponse(integrationList({ notion: integration('notion') })),
      'GET /api/documents': jsonResponse({ documents: [], nextCursor: null }),
    });
    renderRoutes({ path: '/notion' });
    expect(
      await screen.findByText(
        'No Notion pages synced yet. Connect Notion above and share pages with the Lumen integration.',
      ),
    ).toBeInTheDocument();
    const card = await screen.findByTestId('integration-notion');
    expect(within(card).getByRole('button', { name: 'Connect' })).toBeInTheDocument();
  });

  it('asks the assistant about Notion only, and New Question starts another conversation', async () => {
    const stub = stubSignedIn('employee', {
      'GET /api/integrations': jsonResponse(integrationList({ notion: connectedIntegration('notion') })),
      'GET /api/documents': documentsReply,
      'POST /api/chat': () => uiMessageStreamResponse(textAnswerChunks('The offsite is in Lisbon.')),
    });
    const { user } = renderRoutes({ path: '/notion' });
    const ask = await screen.findByRole('region', { name: 'Ask about Notion' });
    expect(
      within(ask).getByText(
        'Ask a question: the answer comes from your Notion pages only, with citations that open them in Notion.',
      ),
    ).toBeInTheDocument();

    await user.type(within(ask).getByRole('textbox', { name: 'Message' }), 'Where is the offsite?{Enter}');
    expect(await within(ask).findByText('The offsite is in Lisbon.')).toBeInTheDocument();
    const [first] = stub.findRequests('POST', '/api/chat') as [StubRequest];
    expect(first.body).toMatchObject({ platform: 'notion', message: { role: 'user' } });

    await user.click(within(ask).getByRole('button', { name: 'New Question' }));
    expect(within(ask).queryByText('The offsite is in Lisbon.')).not.toBeInTheDocument();
    await user.type(within(ask).getByRole('textbox', { name: 'Message' }), 'And when?{Enter}');
    await within(ask).findByText('The offsite is in Lisbon.');
    const [, second] = stub.findRequests('POST', '/api/chat') as [StubRequest, StubRequest];
    expect(second.body).toMatchObject({ platform: 'notion' });
    expect((second.body as { id: string }).id).not.toBe((first.body as { id: string }).id);
  });

  it('names the variables an operator sets while Notion is not configured on the server', async () => {
    stubSignedIn('employee', {
      'GET /api/integrations': jsonResponse(integrationList()),
      'GET /api/documents': jsonResponse({ documents: [], nextCursor: null }),
    });
    renderRoutes({ path: '/notion' });
    const card = await screen.findByTestId('integration-notion');
    expect(within(card).getByRole('status')).toHaveTextContent('Not configured');
    expect(within(card).getByText('NOTION_CLIENT_ID')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});
