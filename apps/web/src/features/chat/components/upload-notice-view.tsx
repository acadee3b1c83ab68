import type { Attachment } from '@lumen/contract';
import { AlertCircleIcon, UploadIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadNotice } from '../types';
import { AnimatedDots } from './animated-dots';
import { AttachedFiles } from './attached-files';

type UploadNoticeViewProps = {
  notice: UploadNotice;
  renderStatus?: ((attachment: Attachment) => ReactNode) | undefined;
};

/** A file upload as a message: 'Uploading...' with animated dots, then 'Uploaded N file(s): names', or the failure. */
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
        <p className="text-sm">{notice.error}</p>
      </div>
    );
  }
  return (
    <div>
      <p>{t('chat.upload.uploaded', { total: notice.attachments.length, names: notice.fileNames.join(', ') })}</p>
      <AttachedFiles attachments={notice.attachments} renderStatus={renderStatus} />
    </div>
  );
}
