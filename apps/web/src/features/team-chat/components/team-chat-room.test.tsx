import type { TeamMessage } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { TeamChatRoom } from './team-chat-room';

const MESSAGES = '/api/team-chat/messages';
const ME = 'user-me';

function message(seq: number, userId: string | null, content: string, name = 'Grace Hopper'): TeamMessage {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    seq,
    teamId: 'team-1',
    kind: 'member',
    userId,
    sender: { name, avatarUrl: null },
    content,
    status: 'done',
    replyToId: null,
    citations: [],
    createdAt: `2026-11-2${seq < 3 ? 0 : 1}T09:3${seq}:00.000Z`,
    editedAt: null,
  };
}

beforeAll(async () => {
  await loadNamespaces(['teamChat']);
});

describe('TeamChatRoom', () => {
  it('shows the messages by day with their senders, the reader on the right, and older ones on demand', async () => {
    const stub = stubFetch({
      'GET /api/team-chat/presence': () =>
        jsonResponse({
          online: [
            { userId: 'user-grace', name: 'Grace Hopper', avatarUrl: null },
            { userId: ME, name: 'Ada Lovelace', avatarUrl: null },
          ],
        }),
      [`GET ${MESSAGES}`]: ({ search }) =>
        search === '?before=2'
          ? jsonResponse({ messages: [message(1, 'user-old', 'The very first message')], hasOlder: false })
          : jsonResponse({
              messages: [
                message(2, null, 'From someone who left', 'Unknown User'),
                message(3, 'user-grace', 'Stand-up at **9:30**'),
                message(4, ME, 'On my way', 'Ada Lovelace'),
              ],
              hasOlder: true,
            }),
    });
    const { user } = renderWithProviders(<TeamChatRoom currentUserId={ME} isTeamAdmin={false} />);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await screen.findByText('2 online')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Online now' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Grace Hopper,', 'Ada Lovelace']);
    expect(within(log).getByRole('article', { name: /Message from Grace Hopper/ })).toHaveTextContent('9:30');
    expect(within(log).getByRole('article', { name: /Message from Unknown User/ })).toBeInTheDocument();
    const own = within(log).getByRole('article', { name: /Message from Ada Lovelace/ });
    expect(own).toHaveTextContent('You');
    expect(within(own).getByRole('button', { name: 'Edit message' })).toBeInTheDocument();
    // Not an admin: no way to delete others' messages.
    expect(screen.getAllByRole('button', { name: 'Delete message' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(await within(log).findByText('The very first message')).toBeInTheDocument();
    expect(stub.findRequests('GET', MESSAGES).map((request) => request.search)).toEqual(['', '?before=2']);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });

  it('sends with Enter, ignores a blank message, and keeps the text with "Failed to send message" when a send fails', async () => {
    let isDown = true;
    const stub = stubFetch({
      [`GET ${MESSAGES}`]: () => jsonResponse({ messages: [], hasOlder: false }),
      [`POST ${MESSAGES}`]: ({ body }) =>
        isDown
          ? apiErrorResponse(500, 'INTERNAL', 'Something went wrong on our side. Please try again.')
          : jsonResponse({ ...message(5, ME, (body as { content: string }).content, 'Ada Lovelace') }, 201),
    });
    const { user } = renderWithProviders(<TeamChatRoom currentUserId={ME} isTeamAdmin={false} />);
    expect(await screen.findByText('No messages yet. Say hello to your team!')).toBeInTheDocument();
    const composer = screen.getByRole('textbox', { name: 'Message your team' });

    await user.type(composer, '   {Enter}');
    expect(stub.findRequests('POST', MESSAGES)).toHaveLength(0);

    await user.clear(composer);
    await user.type(composer, 'Coffee?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message');
    expect(composer).toHaveValue('Coffee?');

    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(composer).toHaveValue(''));
    expect(await screen.findByRole('article', { name: /Message from Ada Lovelace/ })).toHaveTextContent('Coffee?');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(stub.findRequests('POST', MESSAGES).map((request) => request.body)).toEqual([
      { content: 'Coffee?' },
      { content: 'Coffee?' },
    ]);
  });

  it("lets an admin delete someone else's message after confirming", async () => {
    const target = message(3, 'user-grace', 'Off-topic');
    const stub = stubFetch({
      [`GET ${MESSAGES}`]: () => jsonResponse({ messages: [target], hasOlder: false }),
      [`DELETE ${MESSAGES}/${target.id}`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderWithProviders(<TeamChatRoom currentUserId={ME} isTeamAdmin={true} />);
    await user.click(await screen.findByRole('button', { name: 'Delete message' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Off-topic')).not.toBeInTheDocument());
    expect(stub.findRequests('DELETE', `${MESSAGES}/${target.id}`)).toHaveLength(1);
  });

  it("shows the assistant's answers: writing, with their sources, and a failure in the reader's words", async () => {
    const question = message(1, 'user-grace', '@Lumen what is the shutdown code?');
    const answer = (seq: number, fields: Partial<TeamMessage>): TeamMessage => ({
      ...message(seq, null, '', 'Lumen'),
      kind: 'assistant',
      replyToId: question.id,
      ...fields,
    });
    stubFetch({
      [`GET ${MESSAGES}`]: () =>
        jsonResponse({
          messages: [
            question,
            answer(2, { status: 'answering' }),
            answer(3, {
              status: 'done',
              content: 'The shutdown code is QX87754. [1]',
              citations: [
                { index: 1, documentId: 'd1', title: 'cold-store.txt', source: 'space', page: null, url: '/api/d1' },
              ],
            }),
            answer(4, { status: 'failed', content: 'Lumen could not answer this time. Please ask again.' }),
          ],
          hasOlder: false,
        }),
    });
    renderWithProviders(<TeamChatRoom currentUserId={ME} isTeamAdmin={false} />);
    const answers = await screen.findAllByTestId('assistant-answer');
    expect(answers).toHaveLength(3);
    const [writing, done, failed] = answers;
    expect(writing).toHaveAttribute('aria-busy', 'true');
    expect(writing).toHaveTextContent("Reading the team's shared documents");
    expect(done).not.toHaveAttribute('aria-busy');
    expect(done).toHaveTextContent('QX87754');
    expect(within(done as HTMLElement).getByRole('link', { name: /\[1\] cold-store.txt \(Space\)/ })).toHaveAttribute(
      'href',
      '/api/d1',
    );
    expect(failed).toHaveTextContent('Lumen could not answer this time. Please ask again.');
    // Nobody edits an answer; a non-admin cannot delete one.
    for (const item of answers) {
      expect(within(item).queryByRole('button', { name: 'Edit message' })).not.toBeInTheDocument();
      expect(within(item).queryByRole('button', { name: 'Delete message' })).not.toBeInTheDocument();
    }
    expect(screen.getByText(/Ask @Lumen about the files in your team's public spaces/)).toBeInTheDocument();
  });

  it('marks where the messages the reader has not seen start, then records them read', async () => {
    const stub = stubFetch({
      'GET /api/team-chat/unread': () => jsonResponse({ count: 1, isCapped: false, lastReadSeq: 2 }),
      [`GET ${MESSAGES}`]: () =>
        jsonResponse({
          messages: [
            message(1, 'user-grace', 'Seen before'),
            message(2, ME, 'My reply', 'Ada Lovelace'),
            message(3, 'user-grace', 'Arrived while away'),
          ],
          hasOlder: false,
        }),
      'PUT /api/team-chat/read': () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<TeamChatRoom currentUserId={ME} isTeamAdmin={false} />);
    const marker = await screen.findByText('New messages');
    const items = within(screen.getByRole('log', { name: 'Messages' })).getAllByRole('listitem');
    const markerIndex = items.findIndex((item) => item.textContent === 'New messages');
    expect(items[markerIndex + 1]).toHaveTextContent('Arrived while away');
    expect(marker).toBeVisible();
    await waitFor(() =>
      expect(stub.findRequests('PUT', '/api/team-chat/read').map((r) => r.body)).toEqual([{ seq: 3 }]),
    );
  });
});
