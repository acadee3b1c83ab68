import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AI_CHAT_MESSAGES } from '@/config/chat-messages';
import { THINKING_TEXTS } from '@/config/thinking-texts';
import { apiErrorResponse, jsonResponse, type StubRequest, stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { createControlledStream, textAnswerChunks, uiMessageStreamResponse } from '@/testing/ui-message-stream';
import type { ChatMessage } from '../types';
import { ChatView } from './chat-view';

const CONVERSATION_ID = '3f1c8d52-7a4e-4d61-9b0a-2c5e8f7a1b23';

function renderChat(initialMessages: ChatMessage[] = []) {
  return renderWithProviders(
    <ChatView
      conversationId={CONVERSATION_ID}
      initialMessages={initialMessages}
      uploadFiles={() => Promise.reject(new Error('not used here'))}
    />,
  );
}

async function sendMessage(user: ReturnType<typeof renderChat>['user'], text: string) {
  await user.type(screen.getByRole('textbox', { name: 'Message' }), text);
  await user.keyboard('{Enter}');
}

/** The error is shown twice: as an assistant message in the chat, and in the bar under the composer. */
async function expectErrorShown(text: string) {
  const bar = await screen.findByTestId('chat-error-bar');
  expect(within(bar).getByText(text)).toBeInTheDocument();
  const messages = screen.getAllByRole('article', { name: 'Assistant message' });
  expect(within(messages.at(-1) as HTMLElement).getByText(text)).toBeInTheDocument();
}

describe('ChatView', () => {
  it('announces each completed answer once through a polite live region, not the streamed tokens', async () => {
    const stream = createControlledStream();
    stubFetch({ 'POST /api/chat': () => stream.response() });
    const { user } = renderChat();
    const region = screen.getByTestId('answer-announcer');
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveClass('sr-only');

    await sendMessage(user, 'Where is the budget?');
    expect(await screen.findByTestId('thinking-indicator')).toHaveTextContent(THINKING_TEXTS.general);
    stream.write({ type: 'start', messageId: 'a1' });
    stream.write({ type: 'text-start', id: 't' });
    stream.write({ type: 'text-delta', id: 't', delta: 'The budget is ' });
    expect(await screen.findByText('The budget is')).toBeInTheDocument();
    stream.write({ type: 'text-delta', id: 't', delta: 'in **plan.xlsx**.' });
    await waitFor(() => expect(screen.getByText('plan.xlsx')).toBeInTheDocument());
    expect(region).toBeEmptyDOMElement();

    stream.write({ type: 'text-end', id: 't' });
    stream.write({ type: 'finish' });
    stream.close();
    await waitFor(() => expect(region).toHaveTextContent('The budget is in plan.xlsx.'));
    expect(region.textContent).toBe('The budget is in plan.xlsx.');
    expect(screen.getByTestId('answer-announcer')).toBe(region);
  });

  it('shows the empty state until the first message', () => {
    stubFetch({});
    renderChat();
    expect(screen.getByRole('heading', { name: 'How can I help you today?' })).toBeInTheDocument();
    expect(
      screen.getByText('Ask me anything about your files, documents, or any questions you have.'),
    ).toBeInTheDocument();
  });

  it('scoped to a space: sends the spaceId, offers no file picker, and uses the given welcome, placeholder and error texts', async () => {
    const { findRequests } = stubFetch({
      'POST /api/chat': apiErrorResponse(404, 'NOT_FOUND', 'Space not found'),
    });
    const { user } = renderWithProviders(
      <ChatView
        conversationId={CONVERSATION_ID}
        initialMessages={[]}
        spaceId="space-1"
        emptyState={<h2>Welcome to the space</h2>}
        placeholder="Ask about the space..."
        describeError={(error) => `Space chat failed: ${error instanceof Error ? error.name : 'unknown'}`}
      />,
    );

    expect(screen.getByRole('heading', { name: 'Welcome to the space' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Attach files' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('placeholder', 'Ask about the space...');

    await sendMessage(user, 'Anything new?');
    await expectErrorShown('Space chat failed: ChatHttpError');
    const [request] = findRequests('POST', '/api/chat') as [StubRequest];
    expect(request.body).toMatchObject({ id: CONVERSATION_ID, spaceId: 'space-1' });
  });

  it('sends { id, message } and renders the answer as markdown, with its citations and time', async () => {
    const { findRequests } = stubFetch({
      'POST /api/chat': uiMessageStreamResponse(
        textAnswerChunks('The **launch** is on *May 4* [1].\n\n- first\n- second', [
          {
            type: 'data-citations',
            id: 'citations',
            data: {
              citations: [
                {
                  index: 1,
                  documentId: 'doc-1',
                  title: 'plan.pdf',
                  source: 'upload',
                  page: 2,
                  url: '/api/documents/doc-1/content#page=2',
                },
              ],
            },
          },
        ]),
      ),
    });
    const { user } = renderChat();

    await sendMessage(user, '  When is the launch?  ');

    const answer = await screen.findByRole('article', { name: 'Assistant message' });
    expect(within(answer).getByText('launch').tagName).toBe('STRONG');
    expect(within(answer).getByText('first').closest('ul')).toBeInTheDocument();
    const chip = within(answer).getByRole('link', { name: '[1] plan.pdf (Upload) p. 2' });
    expect(chip).toHaveAttribute('href', '/api/documents/doc-1/content#page=2');
    expect(chip).toHaveAttribute('target', '_blank');
    expect(within(answer).getByText(/^\d{2}:\d{2}$/)).toBeInTheDocument();

    const question = screen.getByRole('article', { name: 'Your message' });
    expect(within(question).getByText('When is the launch?')).toBeInTheDocument();
    const [request] = findRequests('POST', '/api/chat') as [StubRequest];
    expect(request.body).toMatchObject({
      id: CONVERSATION_ID,
      message: { role: 'user', parts: [{ type: 'text', text: 'When is the launch?' }] },
    });
    expect(request.body).not.toHaveProperty('spaceId');
    expect((request.body as { message: { id: string } }).message.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the thinking indicator with the text of the active thinking type while the assistant works', async () => {
    const stream = createControlledStream();
    stubFetch({ 'POST /api/chat': () => stream.response() });
    const { user } = renderChat();

    await sendMessage(user, 'Find the budget files');
    expect(await screen.findByTestId('thinking-indicator')).toHaveTextContent(THINKING_TEXTS.general);
    expect(THINKING_TEXTS.general).toBe('Lumen is thinking...');

    stream.write({ type: 'start', messageId: 'a1' });
    stream.write({ type: 'data-thinking', id: 'thinking', data: { type: 'general' } });
    stream.write({ type: 'data-thinking', id: 'thinking', data: { type: 'search' } });
    await waitFor(() =>
      expect(screen.getByTestId('thinking-indicator')).toHaveTextContent('Searching across your files...'),
    );
    stream.write({ type: 'data-thinking', id: 'thinking', data: { type: 'pdf-search' } });
    await waitFor(() =>
      expect(screen.getByTestId('thinking-indicator')).toHaveTextContent('Searching for PDFs across all platforms...'),
    );

    stream.write({ type: 'text-start', id: 't' });
    stream.write({ type: 'text-delta', id: 't', delta: 'Found them.' });
    stream.write({ type: 'text-end', id: 't' });
    stream.write({ type: 'finish' });
    stream.close();
    expect(await screen.findByText('Found them.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('thinking-indicator')).not.toBeInTheDocument());
  });

  it('renders every tool part state', async () => {
    stubFetch({});
    renderChat([
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'tool-search_files', toolCallId: 'c1', state: 'input-streaming', input: undefined },
          { type: 'tool-summarize_document', toolCallId: 'c2', state: 'input-available', input: {} },
          { type: 'tool-answer_from_documents', toolCallId: 'c3', state: 'output-available', input: {}, output: {} },
          {
            type: 'tool-workspace_overview',
            toolCallId: 'c4',
            state: 'output-error',
            input: {},
            errorText: 'database unavailable',
          },
          {
            type: 'tool-delete_file',
            toolCallId: 'c5',
            state: 'output-denied',
            input: { fileName: 'old.pdf' },
            approval: { id: 'x', approved: false },
          },
        ],
        metadata: { createdAt: '2026-11-21T09:00:00.000Z' },
      },
    ]);

    expect(screen.getByText('File search: preparing...')).toBeInTheDocument();
    expect(screen.getByText('Document summary: working...')).toBeInTheDocument();
    expect(screen.getByText('Knowledge base: done')).toBeInTheDocument();
    expect(screen.getByText('Workspace overview failed: database unavailable')).toBeInTheDocument();
    expect(screen.getByText('File deletion: cancelled')).toBeInTheDocument();
  });

  it('asks before deleting a file, and sends the approval back on Confirm', async () => {
    let call = 0;
    const { findRequests } = stubFetch({
      'POST /api/chat': () => {
        call += 1;
        if (call === 1) {
          return uiMessageStreamResponse([
            { type: 'start', messageId: 'answer-1' },
            { type: 'data-thinking', id: 'thinking', data: { type: 'delete' } },
            { type: 'start-step' },
            { type: 'tool-input-start', toolCallId: 'call-1', toolName: 'delete_file' },
            {
              type: 'tool-input-available',
              toolCallId: 'call-1',
              toolName: 'delete_file',
              input: { fileName: 'old-plan.pdf' },
            },
            { type: 'tool-approval-request', approvalId: 'approval-1', toolCallId: 'call-1' },
            { type: 'finish-step' },
            { type: 'finish', finishReason: 'tool-calls' },
          ]);
        }
        return uiMessageStreamResponse([
          { type: 'start', messageId: 'answer-1' },
          { type: 'start-step' },
          {
            type: 'tool-output-available',
            toolCallId: 'call-1',
            output: { kind: 'delete', status: 'deleted', title: 'old-plan.pdf', candidates: [] },
          },
          { type: 'finish-step' },
          { type: 'start-step' },
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'Done: I deleted "old-plan.pdf".' },
          { type: 'text-end', id: 't' },
          { type: 'finish-step' },
          { type: 'finish', finishReason: 'stop' },
        ]);
      },
    });
    const { user } = renderChat();

    await sendMessage(user, 'Delete the file old-plan.pdf');
    expect(await screen.findByText('Delete "old-plan.pdf"? This cannot be undone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const messageList = await screen.findByRole('region', { name: 'Messages' });
    expect(await within(messageList).findByText('Done: I deleted "old-plan.pdf".')).toBeInTheDocument();
    const requests = findRequests('POST', '/api/chat');
    expect(requests).toHaveLength(2);
    const approval = requests[1]?.body as { id: string; message: { id: string; role: string; parts: unknown[] } };
    expect(approval.id).toBe(CONVERSATION_ID);
    expect(approval.message.id).toBe('answer-1');
    expect(approval.message.role).toBe('assistant');
    expect(approval.message.parts).toContainEqual(
      expect.objectContaining({
        type: 'tool-delete_file',
        state: 'approval-responded',
        approval: expect.objectContaining({ id: 'approval-1', approved: true }),
      }),
    );
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  describe('errors (docs/product-rules.md#chat-errors)', () => {
    it("shows an error part of the stream as 'AI Agent Error: ...'", async () => {
      stubFetch({
        'POST /api/chat': uiMessageStreamResponse([
          { type: 'start', messageId: 'a1' },
          { type: 'error', errorText: 'The AI service could not be reached (ECONNREFUSED).' },
        ]),
      });
      const { user } = renderChat();
      await sendMessage(user, 'Hello');
      await expectErrorShown(`${AI_CHAT_MESSAGES.agentErrorPrefix}The AI service could not be reached (ECONNREFUSED).`);
    });

    it("shows a failed request as 'AI Agent request failed: {status} {text}. {detail}'", async () => {
      stubFetch({ 'POST /api/chat': apiErrorResponse(404, 'NOT_FOUND', 'Conversation not found.') });
      const { user } = renderChat();
      await sendMessage(user, 'Hello');
      await expectErrorShown(AI_CHAT_MESSAGES.requestFailed(404, 'Not Found', 'Conversation not found.'));
    });

    it("shows 'Failed to parse AI agent response' for an error body that is not JSON", async () => {
      stubFetch({
        'POST /api/chat': new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
      });
      const { user } = renderChat();
      await sendMessage(user, 'Hello');
      await expectErrorShown(AI_CHAT_MESSAGES.invalidJson);
    });

    it("shows 'Failed to parse AI agent response' for a stream that is not a UI message stream", async () => {
      stubFetch({
        'POST /api/chat': new Response('data: {not json}\n\n', {
          status: 200,
          headers: { 'Content-Type': 'text/event-stream' },
        }),
      });
      const { user } = renderChat();
      await sendMessage(user, 'Hello');
      await expectErrorShown(AI_CHAT_MESSAGES.invalidJson);
    });

    it("shows 'AI Agent response is missing the response field' for a JSON answer without a string response", async () => {
      stubFetch({ 'POST /api/chat': jsonResponse({ response: 42 }) });
      const { user } = renderChat();
      await sendMessage(user, 'Hello');
      await expectErrorShown(AI_CHAT_MESSAGES.missingResponse);
    });

    it('reads a plain JSON { response } answer like a streamed one', async () => {
      stubFetch({ 'POST /api/chat': jsonResponse({ response: 'A plain answer.' }) });
      const { user } = renderChat();
      await sendMessage(user, 'Hello');
      await waitFor(() => expect(screen.getByTestId('answer-announcer')).toHaveTextContent('A plain answer.'));
      const messageList = screen.getByRole('region', { name: 'Messages' });
      expect(within(messageList).getByText('A plain answer.')).toBeInTheDocument();
      expect(screen.queryByTestId('chat-error-bar')).not.toBeInTheDocument();
    });

    it("shows 'Network error: Unable to connect to AI service...' when the request cannot be sent", async () => {
      stubFetch({
        'POST /api/chat': () => Promise.reject(new TypeError('Failed to fetch')),
      });
      const { user } = renderChat();
      await sendMessage(user, 'Hello');
      await expectErrorShown(AI_CHAT_MESSAGES.networkError);
    });

    it('says so when the reply finishes without any text', async () => {
      stubFetch({
        'POST /api/chat': uiMessageStreamResponse([
          { type: 'start', messageId: 'a1' },
          { type: 'data-thinking', id: 'thinking', data: { type: 'general' } },
          { type: 'finish', finishReason: 'stop' },
        ]),
      });
      const { user } = renderChat();
      await sendMessage(user, 'Hello');
      await expectErrorShown(AI_CHAT_MESSAGES.emptyReply);
    });

    it("shows an unexpected failure as 'Connection Error: {message} Please check your connection and try again.'", async () => {
      stubFetch({
        'POST /api/chat': () => Promise.reject(new DOMException('The operation is insecure.', 'SecurityError')),
      });
      const { user } = renderChat();
      await sendMessage(user, 'Hello');
      await expectErrorShown(AI_CHAT_MESSAGES.connectionError('The operation is insecure.'));
    });

    it('dismisses the bar and keeps the message in the chat', async () => {
      stubFetch({ 'POST /api/chat': apiErrorResponse(429, 'RATE_LIMITED', 'Please wait 5 seconds.') });
      const { user } = renderChat();
      await sendMessage(user, 'Hello');
      const text = AI_CHAT_MESSAGES.requestFailed(429, 'Too Many Requests', 'Please wait 5 seconds.');
      await expectErrorShown(text);

      await user.click(screen.getByRole('button', { name: 'Dismiss error' }));
      expect(screen.queryByTestId('chat-error-bar')).not.toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
    });
  });
});
