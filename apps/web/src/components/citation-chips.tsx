import { type Citation, PLATFORM_LABELS } from '@lumen/contract';
import { FileTextIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The sources of an answer: '[n] title (Platform) p. N' chips that open the document in a new tab. */
export function CitationChips({ citations }: { citations: Citation[] }) {
  const { t } = useTranslation();
  if (citations.length === 0) return null;
  return (
    <ul aria-label={t('chat.citations.label')} className="flex flex-wrap gap-2">
      {citations.map((citation) => (
        <li key={`${citation.index}-${citation.documentId}`}>
          <a
            href={citation.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="citation-chip"
            className="inline-flex max-w-full items-center gap-1.5 rounded-full border bg-background/60 px-2.5 py-1 text-xs transition-colors hover:bg-accent"
          >
            <FileTextIcon aria-hidden="true" className="size-3.5 shrink-0 text-primary-text" />
            <span className="truncate">
              [{citation.index}] {citation.title} ({PLATFORM_LABELS[citation.source]})
              {citation.page ? ` ${t('chat.citations.page', { page: citation.page })}` : ''}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
