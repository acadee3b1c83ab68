import { type Attachment, PLATFORM_LABELS } from '@lumen/contract';
import { PaperclipIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type AttachedFilesProps = {
  attachments: Attachment[];
  /** Extra information per file (its indexing status, say). */
  renderStatus?: ((attachment: Attachment) => ReactNode) | undefined;
};

/** The files of a message, each with its name and platform in parentheses. */
export function AttachedFiles({ attachments, renderStatus }: AttachedFilesProps) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <ul aria-label={t('chat.message.attachments')} className="mt-2 space-y-1">
      {attachments.map((attachment) => (
        <li key={attachment.fileId} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
          <PaperclipIcon aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="break-all">
            {attachment.name} ({PLATFORM_LABELS[attachment.source]})
          </span>
          {renderStatus?.(attachment)}
        </li>
      ))}
    </ul>
  );
}
