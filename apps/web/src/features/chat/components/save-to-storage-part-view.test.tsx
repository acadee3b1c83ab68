import type { SaveToStorageOutput } from '@lumen/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ToolUIPart, UITools } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { ToolPartView } from './tool-part-view';

type Part = ToolUIPart<UITools>;

const INPUT = { fileName: 'Q3 plan.pdf', provider: 'google-drive', folder: 'Reports', documentTitle: 'Q3 plan.pdf' };

/** A part as the stream delivers it; the state's own fields (approval, output, errorText) come from the test. */
function savePart(fields: Record<string, unknown>): Part {
  return { type: 'tool-save_to_storage', toolCallId: 'call-1', input: INPUT, ...fields } as unknown as Part;
}

function output(fields: Partial<SaveToStorageOutput>): SaveToStorageOutput {
  return {
    kind: 'save',
    status: 'saved',
    provider: 'google-drive',
    fileName: 'Q3 plan.md',
    folder: 'Reports',
    url: 'https://drive.google.com/file/d/abc/view',
    connected: ['google-drive'],
    candidates: [],
    message: null,
    ...fields,
  };
}

describe('the save_to_storage tool part', () => {
  it('asks for confirmation with the saved name and the destination, and answers with the keyboard', async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn();
    render(
      <ToolPartView
        part={savePart({ state: 'approval-requested', approval: { id: 'approval-1' } })}
        onRespondToApproval={onRespond}
      />,
    );
    const group = screen.getByRole('group', { name: 'Confirmation needed' });
    expect(group).toHaveTextContent('Save "Q3 plan.md" to Google Drive, folder Reports?');
    expect(screen.getByText('File name').nextElementSibling).toHaveTextContent('Q3 plan.md');
    expect(screen.getByText('Destination').nextElementSibling).toHaveTextContent('Google Drive, folder Reports');

    const confirm = screen.getByRole('button', { name: /^Confirm/ });
    expect(confirm).toHaveAccessibleDescription('Save "Q3 plan.md" to Google Drive, folder Reports?');
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onRespond).toHaveBeenLastCalledWith('approval-1', true);
    await user.tab();
    expect(screen.getByRole('button', { name: /^Cancel/ })).toHaveFocus();
    await user.keyboard(' ');
    expect(onRespond).toHaveBeenLastCalledWith('approval-1', false);
  });

  it('names the only connected store when the assistant named none, and waits while the chat is busy', () => {
    render(
      <ToolPartView
        part={savePart({ state: 'approval-requested', approval: { id: 'a' }, input: { fileName: 'notes', text: 'x' } })}
      />,
    );
    expect(screen.getByText('Save "notes.md" to your connected cloud storage?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Confirm/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Cancel/ })).toBeDisabled();
  });

  it('shows the upload running after the confirmation', () => {
    render(<ToolPartView part={savePart({ state: 'approval-responded', approval: { id: 'a', approved: true } })} />);
    expect(screen.getByTestId('tool-part')).toHaveTextContent('Uploading to cloud storage...');
  });

  it('links to the saved file at the provider', () => {
    render(<ToolPartView part={savePart({ state: 'output-available', output: output({}) })} />);
    expect(screen.getByText('Saved "Q3 plan.md" to Google Drive, folder Reports.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Open in Google Drive' });
    expect(link).toHaveAttribute('href', 'https://drive.google.com/file/d/abc/view');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('never links to an unsafe address', () => {
    render(
      <ToolPartView part={savePart({ state: 'output-available', output: output({ url: 'javascript:alert(1)' }) })} />,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it.each([
    [
      output({ status: 'needs-reconnect', url: null, message: 'x' }),
      'Google Drive must be connected again before files can be saved there.',
    ],
    [
      output({ status: 'not-connected', provider: 'dropbox', url: null }),
      'Dropbox is not connected. Connect it in Connected services.',
    ],
    [
      output({ status: 'not-connected', provider: null, connected: [], url: null }),
      'No cloud storage is connected. Connect Google Drive, OneDrive or Dropbox in Connected services.',
    ],
    [output({ status: 'not-found', provider: null, url: null }), 'The document was not found.'],
    [output({ status: 'refused', url: null }), 'Google Drive did not accept the file.'],
    [
      output({ status: 'folder-by-id', folder: '/Archive', url: null }),
      'Google Drive names folders by id, so "/Archive" cannot be used as a path.',
    ],
    [
      output({ status: 'choose-provider', provider: null, connected: ['google-drive', 'dropbox'], url: null }),
      'Say where to save it: Google Drive, Dropbox.',
    ],
  ])('says why nothing was saved (%#)', (result, text) => {
    render(<ToolPartView part={savePart({ state: 'output-available', output: result })} />);
    expect(screen.getByTestId('tool-part')).toHaveTextContent(text);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a failure and a cancellation', () => {
    const { rerender } = render(<ToolPartView part={savePart({ state: 'output-error', errorText: 'Network down' })} />);
    expect(screen.getByTestId('tool-part')).toHaveTextContent('Could not save: Network down');
    rerender(<ToolPartView part={savePart({ state: 'output-denied', approval: { id: 'a', approved: false } })} />);
    expect(screen.getByTestId('tool-part')).toHaveTextContent('Not saved.');
  });
});
