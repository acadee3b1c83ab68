import type { Attachment } from '@lumen/contract';
import { AlertCircleIcon, UploadIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RefusedUpload, UploadNotice } from '../types';
import { AnimatedDots } from './animated-dots';
import { AttachedFiles } from './attached-files';

type UploadNoticeViewProps = {
  notice: UploadNotice;
  renderStatus?: ((attachment: Attachment) => ReactNode) | undefined;
};

/** The files the server refused, each with why (the reason's text names its file). */
function RefusedUploads({ refused }: { refused: RefusedUpload[] }) {
  const { t } = useTranslation();
  if (refused.length === 0) return null;
  return (
    <div className="mt-2 space-y-1 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <AlertCircleIcon aria-hidden="true" className="size-4" />
        {t('chat.upload.refused')}
      </p>
      <ul aria-label={t('chat.upload.refused')} className="list-disc space-y-0.5 ps-6">
        {refused.map((file, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list; two refused files may share name and reason
          <li key={index}>{file.reason}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A file upload as a message: 'Uploading...' with animated dots, then 'Uploaded N file(s): names' with the files
 * refused listed below, or the failure.
 */
export function UploadNoticeView({ notice, renderStatus }: UploadNoticeViewProps) {
  const { t } = useTranslation();
  if (notice.status === 'uploading') {
    return (
      <p role="status" className="flex items-center gap-2 animate-pulse">
        <UploadIcon aria-hidden="true" className="size-4" />
        <span>{t('chat.upload.uploading')}</span>
        <AnimatedDots />
      </p>
    );
  }
  if (notice.status === 'failed') {
    return (
      <div className="space-y-1">
        <p className="flex items-center gap-2 font-medium">
          <AlertCircleIcon aria-hidden="true" className="size-4" />
          {t('chat.upload.failed', { total: notice.fileNames.length, names: notice.fileNames.join(', ') })}
        </p>
        {notice.refused.length > 0 ? (
          <RefusedUploads refused={notice.refused} />
        ) : (
          <p className="text-sm">{notice.error}</p>
        )}
      </div>
    );
  }
  return (
    <div>
      <p>{t('chat.upload.uploaded', { total: notice.attachments.length, names: notice.fileNames.join(', ') })}</p>
      <AttachedFiles attachments={notice.attachments} renderStatus={renderStatus} />
      <RefusedUploads refused={notice.refused} />
    </div>
  );
}
