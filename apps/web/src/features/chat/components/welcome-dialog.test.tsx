import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { CHAT } from '@/config/ui';
import { EmptyState } from './empty-state';
import { WelcomeDialog } from './welcome-dialog';

describe('WelcomeDialog', () => {
  it('shows on the first visit, and never again once closed', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<WelcomeDialog />);
    expect(screen.getByRole('dialog', { name: 'Welcome to Lumen' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.welcomeShown)).toBe('true');
    unmount();

    render(<WelcomeDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('also stores the flag when closed with Escape', async () => {
    const user = userEvent.setup();
    render(<WelcomeDialog />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.welcomeShown)).toBe('true');
  });

  it('rotates its hints every 3 seconds', () => {
    vi.useFakeTimers();
    render(<WelcomeDialog />);
    const hint = () => screen.getByTestId('welcome-hint').textContent;
    const first = hint();
    expect(first).toBe('Attach PDFs, Word, Excel, PowerPoint, text or image files with the paperclip.');

    act(() => vi.advanceTimersByTime(CHAT.welcomeHintIntervalMs - 1));
    expect(hint()).toBe(first);
    act(() => vi.advanceTimersByTime(1));
    expect(hint()).toBe('Ask a question about your documents, and get an answer with its sources.');
    act(() => vi.advanceTimersByTime(CHAT.welcomeHintIntervalMs * 4));
    expect(hint()).toBe(first);
  });
});

describe('EmptyState', () => {
  it('shows the empty-chat texts and a rotating hint', () => {
    vi.useFakeTimers();
    render(<EmptyState />);
    expect(screen.getByRole('heading', { name: 'How can I help you today?' })).toBeInTheDocument();
    expect(
      screen.getByText('Ask me anything about your files, documents, or any questions you have.'),
    ).toBeInTheDocument();
    const before = screen.getByTestId('welcome-hint').textContent;
    act(() => vi.advanceTimersByTime(CHAT.welcomeHintIntervalMs));
    expect(screen.getByTestId('welcome-hint').textContent).not.toBe(before);
  });
});
