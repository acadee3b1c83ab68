import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { keepSafeUrl, SAFE_LINK_PROTOCOLS } from '@/lib/keep-safe-url';
import { MarkdownContent } from './markdown-content';

describe('keepSafeUrl', () => {
  it.each([
    'http://example.com/a',
    'https://example.com/a?b=c',
    'HTTPS://EXAMPLE.COM',
    'irc://irc.example.com/channel',
    'ircs://irc.example.com/channel',
    'mailto:ada@example.com',
    'xmpp:ada@example.com',
  ])('keeps %s', (url) => {
    expect(keepSafeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'ftp://example.com',
    '/relative/path',
    '#anchor',
    '',
  ])('drops %s', (url) => {
    expect(keepSafeUrl(url)).toBe('');
  });

  it('allows exactly the spec protocols', () => {
    expect(SAFE_LINK_PROTOCOLS).toEqual(['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp']);
  });
});

describe('MarkdownContent', () => {
  it('renders headings, emphasis, lists, code, blockquotes and tables', () => {
    render(
      <MarkdownContent
        text={[
          '## Summary',
          '',
          'Some **bold** and `inline code`.',
          '',
          '1. one',
          '2. two',
          '',
          '> quoted',
          '',
          '```',
          'const a = 1;',
          '```',
          '',
          '| a | b |',
          '|---|---|',
          '| 1 | 2 |',
        ].join('\n')}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('inline code').tagName).toBe('CODE');
    expect(screen.getByText('one').closest('ol')).toBeInTheDocument();
    expect(screen.getByText('quoted').closest('blockquote')).toBeInTheDocument();
    expect(screen.getByText('const a = 1;').closest('pre')).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('opens safe links in a new tab without opener or referrer', () => {
    render(<MarkdownContent text="See [the docs](https://example.com/docs) or [mail us](mailto:team@example.com)." />);
    const docs = screen.getByRole('link', { name: 'the docs' });
    expect(docs).toHaveAttribute('href', 'https://example.com/docs');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'mail us' })).toHaveAttribute('href', 'mailto:team@example.com');
  });

  it('renders links with other protocols as plain text', () => {
    render(
      <MarkdownContent text="[click](javascript:alert(1)) [data](data:text/html,hi) [local](/api/secret) [chat](irc://irc.example.com)" />,
    );
    expect(screen.queryByRole('link', { name: 'click' })).not.toBeInTheDocument();
    expect(screen.getByText('click')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'local' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'chat' })).toHaveAttribute('href', 'irc://irc.example.com');
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });
});
