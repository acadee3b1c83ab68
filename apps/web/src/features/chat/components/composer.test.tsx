import { UPLOAD_EXTENSIONS } from '@lumen/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';

function renderComposer({ isLoading = false } = {}) {
  const onSend = vi.fn<(text: string) => void>();
  const onAttachFiles = vi.fn<(files: File[]) => void>();
  const user = userEvent.setup();
  const result = render(<Composer onSend={onSend} onAttachFiles={onAttachFiles} isLoading={isLoading} />);
  return { ...result, user, onSend, onAttachFiles, textbox: screen.getByRole('textbox', { name: 'Message' }) };
}

describe('Composer', () => {
  it('sends the trimmed text with Enter and clears the box', async () => {
    const { user, onSend, textbox } = renderComposer();
    await user.type(textbox, '   What changed in Q3?  ');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('What changed in Q3?');
    expect(textbox).toHaveValue('');
  });

  it('adds a new line with Shift+Enter instead of sending', async () => {
    const { user, onSend, textbox } = renderComposer();
    await user.type(textbox, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(textbox).toHaveValue('first line\nsecond line');

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('first line\nsecond line');
  });

  it('keeps a message over the size limit in the box and says why, instead of sending it', async () => {
    const { user, onSend, textbox } = renderComposer();
    await user.click(textbox);
    await user.paste('é'.repeat(16 * 1024 + 1)); // two bytes each: just over 32 KB
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This message is too large to send. Keep it under 32 KB and 100 parts.',
    );
    expect(textbox).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('{Backspace}');
    expect(send).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps send disabled while the text is blank', async () => {
    const { user, onSend, textbox } = renderComposer();
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await user.type(textbox, '   ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.type(textbox, 'x');
    expect(send).toBeEnabled();
  });

  it('does not send while a reply is loading, and keeps the text', async () => {
    const { user, onSend, textbox } = renderComposer({ isLoading: true });
    await user.type(textbox, 'Next question');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(textbox).toHaveValue('Next question');
  });

  it('grows with its text up to 120 px', async () => {
    const { user, textbox } = renderComposer();
    let contentHeight = 40;
    vi.spyOn(textbox, 'scrollHeight', 'get').mockImplementation(() => contentHeight);
    await user.type(textbox, 'a');
    expect(textbox.style.height).toBe('40px');
    contentHeight = 400;
    await user.type(textbox, 'b');
    expect(textbox.style.height).toBe('120px');
  });

  it('picks several files of the accepted types', async () => {
    const { user, onAttachFiles } = renderComposer();
    const input = screen.getByTestId('chat-file-input');
    expect(input).toHaveAttribute('multiple');
    expect(input.getAttribute('accept')?.split(',')).toEqual(UPLOAD_EXTENSIONS.map((extension) => `.${extension}`));
    expect(input.getAttribute('accept')).toBe('.pdf,.doc,.docx,.txt,.png,.jpg,.jpeg,.gif,.md,.csv,.xlsx,.pptx,.html');

    const files = [new File(['a'], 'notes.txt', { type: 'text/plain' }), new File(['b'], 'plan.pdf')];
    await user.upload(input, files);
    expect(onAttachFiles).toHaveBeenCalledExactlyOnceWith(files);
  });
});
