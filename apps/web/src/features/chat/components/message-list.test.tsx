import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHAT } from '@/config/ui';
import type { ChatMessage } from '../types';
import { MessageList } from './message-list';

const messages: ChatMessage[] = [
  {
    id: 'u1',
    role: 'user',
    parts: [{ type: 'text', text: 'First question' }],
    metadata: {
      createdAt: '2026-11-21T08:07:00.000Z',
      attachments: [{ fileId: 'f1', documentId: 'd1', name: 'budget.xlsx', source: 'upload' }],
    },
  },
  {
    id: 'a1',
    role: 'assistant',
    parts: [{ type: 'text', text: 'First answer' }],
    metadata: { createdAt: '2026-11-21T08:07:30.000Z' },
  },
  {
    id: 'a-empty',
    role: 'assistant',
    parts: [{ type: 'data-thinking', id: 'thinking', data: { type: 'general' } }],
  },
  { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Second question' }] },
];

describe('MessageList', () => {
  it('puts user messages on the right and answers on the left, max 85% wide, animated 50 ms apart', () => {
    render(<MessageList messages={messages} isThinking={false} thinkingType="general" />);
    const articles = screen.getAllByRole('article');
    expect(articles.map((article) => article.getAttribute('data-role'))).toEqual(['user', 'assistant', 'user']);
    expect(articles[0]).toHaveClass('justify-end');
    expect(articles[1]).toHaveClass('justify-start');
    expect(articles[0]?.firstElementChild).toHaveClass('max-w-[85%]');
    expect(articles.map((article) => article.style.animationDelay)).toEqual(['0ms', '50ms', '100ms']);
    expect(screen.getByText('First question').closest('.max-w-4xl')).toBeInTheDocument();
  });

  it('shows the time (hh:mm) and the attached files with their platform', () => {
    render(<MessageList messages={messages} isThinking={false} thinkingType="general" />);
    const time = new Date('2026-11-21T08:07:00.000Z');
    const hhmm = `${String(time.getHours()).padStart(2, '0')}:${String(time.getMinutes()).padStart(2, '0')}`;
    expect(screen.getAllByText(hhmm)[0]?.tagName).toBe('TIME');
    expect(screen.getByText('budget.xlsx (Upload)')).toBeInTheDocument();
  });

  it('with reduced motion: scrolls at once and the messages do not animate in', () => {
    vi.useFakeTimers();
    const matchMedia = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation(
        (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', media: query }) as MediaQueryList,
      );
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    render(<MessageList messages={messages} isThinking={false} thinkingType="general" />);
    act(() => vi.advanceTimersByTime(CHAT.autoScrollDelayMs));
    expect(scrollIntoView).toHaveBeenCalledExactlyOnceWith({ behavior: 'auto', block: 'end' });
    expect(screen.getAllByRole('article')[0]).toHaveClass('motion-safe:animate-in');
    expect(screen.getAllByRole('article')[0]).not.toHaveClass('animate-in');
    matchMedia.mockRestore();
    scrollIntoView.mockRestore();
    vi.useRealTimers();
  });

  it('scrolls smoothly to the bottom 50 ms after the messages or the thinking state change', () => {
    vi.useFakeTimers();
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    const { rerender } = render(<MessageList messages={messages} isThinking={false} thinkingType="general" />);
    act(() => vi.advanceTimersByTime(CHAT.autoScrollDelayMs - 1));
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollIntoView).toHaveBeenCalledExactlyOnceWith({ behavior: 'smooth', block: 'end' });

    rerender(<MessageList messages={messages} isThinking thinkingType="rag" />);
    expect(screen.getByTestId('thinking-indicator')).toHaveTextContent(
      'Analyzing knowledge base and generating insights...',
    );
    act(() => vi.advanceTimersByTime(CHAT.autoScrollDelayMs));
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
  });
});
