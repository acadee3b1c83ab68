import type { Citation } from '@lumen/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CitationChips } from './citation-chips';

const citations: Citation[] = [
  {
    index: 1,
    documentId: 'd1',
    title: 'Q3 report.pdf',
    source: 'upload',
    page: 2,
    url: '/api/documents/d1/content#page=2',
  },
  {
    index: 2,
    documentId: 'd2',
    title: 'Roadmap',
    source: 'google-drive',
    page: null,
    url: '/api/documents/d2/content',
  },
];

describe('CitationChips', () => {
  it("shows each source as '[n] title (Platform) p. N' opening the document in a new tab", () => {
    render(<CitationChips citations={citations} />);
    const first = screen.getByRole('link', { name: '[1] Q3 report.pdf (Upload) p. 2' });
    expect(first).toHaveAttribute('href', '/api/documents/d1/content#page=2');
    expect(first).toHaveAttribute('target', '_blank');
    expect(first).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: '[2] Roadmap (Google Drive)' })).toHaveAttribute(
      'href',
      '/api/documents/d2/content',
    );
    expect(screen.getByRole('list', { name: 'Sources' })).toBeInTheDocument();
  });

  it('shows nothing without citations', () => {
    const { container } = render(<CitationChips citations={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
