import { deriveConversationTitle } from '@lumen/contract';
import { describe, expect, it } from 'vitest';
import { getConversationTitle, getDateLabel } from './conversation-labels';

describe('getDateLabel', () => {
  const now = new Date(2026, 10, 21, 9, 30);

  it('says Today for any time today', () => {
    expect(getDateLabel(new Date(2026, 10, 21, 0, 1).toISOString(), now, 'en')).toEqual({ kind: 'today' });
    expect(getDateLabel(new Date(2026, 10, 21, 23, 59).toISOString(), now, 'en')).toEqual({ kind: 'today' });
  });

  it('says Yesterday for the day before, even a few minutes ago', () => {
    const justBeforeMidnight = new Date(2026, 10, 20, 23, 58);
    expect(getDateLabel(justBeforeMidnight.toISOString(), new Date(2026, 10, 21, 0, 2), 'en')).toEqual({
      kind: 'yesterday',
    });
  });

  it('shows the short month and day for older dates, in the UI language', () => {
    expect(getDateLabel(new Date(2026, 10, 19, 12).toISOString(), now, 'en')).toEqual({ kind: 'date', text: 'Nov 19' });
    expect(getDateLabel(new Date(2026, 0, 5, 12).toISOString(), now, 'en')).toEqual({ kind: 'date', text: 'Jan 5' });
    expect(getDateLabel(new Date(2026, 10, 19, 12).toISOString(), now, 'de')).toEqual({
      kind: 'date',
      text: '19. Nov.',
    });
  });
});

describe('getConversationTitle', () => {
  it('keeps the title the server derived from the first message (keyword rules)', () => {
    expect(getConversationTitle({ title: deriveConversationTitle('Our marketing plan for Q3') })).toBe(
      'Marketing Discussion',
    );
    expect(getConversationTitle({ title: deriveConversationTitle('What is the budget?') })).toBe('Finance Planning');
    expect(getConversationTitle({ title: deriveConversationTitle('Explain the design of the UI') })).toBe(
      'Design Review',
    );
  });

  it('uses the first three words cut to 30 characters plus an ellipsis otherwise', () => {
    expect(deriveConversationTitle('Where is the launch checklist?')).toBe('Where is the...');
    expect(
      getConversationTitle({
        title: deriveConversationTitle('Supercalifragilisticexpialidocious-and-more words here'),
      }),
    ).toBe('Supercalifragilisticexpialidoc...');
  });

  it('falls back to the last message cut to 50 characters, then to New conversation', () => {
    const last = 'A'.repeat(60);
    expect(getConversationTitle({ title: '' }, last)).toBe(`${'A'.repeat(50)}...`);
    expect(getConversationTitle({ title: 'New conversation' }, 'short message')).toBe('short message');
    expect(getConversationTitle({ title: '  ' })).toBe('New conversation');
  });
});
