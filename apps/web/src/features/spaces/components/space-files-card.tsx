import type { Space, SpaceFile, UploadRefusal } from '@lumen/contract';
import { DownloadIcon, EyeIcon, FileTextIcon, PencilIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatFileDate } from '@/lib/format-date';
import { formatFileSize } from '@/lib/format-file-size';
import { uploadRefusalsOf } from '@/lib/server-error-text';
import { useSpaceFiles } from '../api/get-space-files';
import { getSpaceFileContentUrl } from '../api/space-file-content';
import { useUploadSpaceFiles } from '../api/upload-space-files';
import { useFileErrorToast } from '../hooks/use-file-error-toast';
import { canPreviewInBrowser } from '../utils/file-preview';
import { DeleteSpaceFileDialog } from './delete-space-file-dialog';
import { RefusedUploadsAlert } from './refused-uploads-alert';
import { RenameSpaceFileDialog } from './rename-space-file-dialog';
import { SpaceCardHeader } from './space-card-header';

type FileStatus = NonNullable<SpaceFile['status']>;

const STATUS_BADGE_CLASSES: Record<FileStatus, string> = {
  pending: 'border-transparent bg-amber-500/15 text-amber-700 dark:text-amber-300',
  processing: 'border-transparent bg-sky-500/15 text-sky-700 dark:text-sky-300',
  ready: 'border-transparent bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  failed: 'border-transparent bg-destructive/15 text-destructive',
};

function FileStatusBadge({ status }: { status: SpaceFile['status'] }) {
  const { t } = useTranslation('spaces');
  if (!status) return null;
  return <Badge className={STATUS_BADGE_CLASSES[status]}>{t(`files.status.${status}`)}</Badge>;
}

function UploadProgress({ percent }: { percent: number }) {
  const { t } = useTranslation('spaces');
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={t('files.uploadProgress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-muted-foreground text-xs">{t('files.uploading', { progress: percent })}</p>
    </div>
  );
}

type FileRowProps = {
  file: SpaceFile;
  permissions: Space['permissions'];
  onRename: (file: SpaceFile) => void;
  onDelete: (file: SpaceFile) => void;
};

function FileRow({ file, permissions, onRename, onDelete }: FileRowProps) {
  const { t } = useTranslation('spaces');
  const { filename } = file;
  const downloadUrl = getSpaceFileContentUrl(file.spaceId, file.id, { download: true });
  // The server shows PDFs, images and text in place; anything else would only download, so Preview downloads it.
  const isPreviewable = canPreviewInBrowser(file.mimeType);
  return (
    <li aria-label={filename} className="flex flex-wrap items-center gap-3 py-3">
      <FileTextIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium">{filename}</span>
          <FileStatusBadge status={file.status} />
        </div>
        <p className="flex flex-wrap gap-x-3 text-muted-foreground text-xs">
          <span>{formatFileSize(file.fileSize)}</span>
          <time dateTime={file.createdAt}>{formatFileDate(file.createdAt)}</time>
          <span>{t('files.uploadedBy', { name: file.ownerName })}</span>
        </p>
      </div>
      <div className="flex items-center gap-1">
        <Button variant="ghost" size="icon" asChild>
          <a
            href={isPreviewable ? getSpaceFileContentUrl(file.spaceId, file.id) : downloadUrl}
            aria-label={t('files.preview', { filename })}
            {...(isPreviewable ? { target: '_blank', rel: 'noopener noreferrer' } : { download: filename })}
          >
            <EyeIcon aria-hidden="true" />
          </a>
        </Button>
        <Button variant="ghost" size="icon" asChild>
          <a href={downloadUrl} download={filename} aria-label={t('files.download', { filename })}>
            <DownloadIcon aria-hidden="true" />
          </a>
        </Button>
        {permissions.canEdit ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('files.rename', { filename })}
            onClick={() => onRename(file)}
          >
            <PencilIcon aria-hidden="true" />
          </Button>
        ) : null}
        {permissions.canDelete ? (
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive"
            aria-label={t('files.delete', { filename })}
            onClick={() => onDelete(file)}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </li>
  );
}

type SpaceFilesCardProps = {
  spaceId: string;
  /** The caller's file permissions in the space (from their space role): they decide which actions show. */
  permissions: Space['permissions'];
};

/**
 * The file management card (docs/product-rules.md#space-files): the space's files newest first with size, date,
 * uploader and indexing status; Upload, Preview, Download, Rename and Delete as the caller's space role allows. The
 * list refetches every 3 seconds while a file is still being indexed.
 */
export function SpaceFilesCard({ spaceId, permissions }: SpaceFilesCardProps) {
  const { t } = useTranslation('spaces');
  const showErrorToast = useFileErrorToast();
  const files = useSpaceFiles({ spaceId, queryConfig: { enabled: permissions.canView } });
  const upload = useUploadSpaceFiles();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [uploadPercent, setUploadPercent] = useState(0);
  const [fileToRename, setFileToRename] = useState<SpaceFile | null>(null);
  const [fileToDelete, setFileToDelete] = useState<SpaceFile | null>(null);
  // The files the last upload refused, and whether it stored others.
  const [refusals, setRefusals] = useState<{ refused: UploadRefusal[]; isPartial: boolean } | null>(null);

  // One toast per failed fetch (errorUpdatedAt changes with each failure, polling included).
  useEffect(() => {
    if (files.isError && files.errorUpdatedAt > 0) toast.error(t('files.loadFailed'));
  }, [files.isError, files.errorUpdatedAt, t]);

  const uploadFiles = async (selected: File[]) => {
    setUploadPercent(0);
    setRefusals(null);
    try {
      const { files: stored, refused } = await upload.mutateAsync({
        spaceId,
        files: selected,
        onProgress: setUploadPercent,
      });
      if (refused.length === 0) {
        toast.success(t('files.uploaded'));
        return;
      }
      toast.success(t('files.partlyUploaded', { uploaded: stored.length, total: stored.length + refused.length }));
      setRefusals({ refused, isPartial: true });
    } catch (error) {
      console.error('Failed to upload files:', error);
      showErrorToast(error, { title: t('files.uploadFailedTitle'), fallback: t('files.uploadFailed') });
      const refused = uploadRefusalsOf(error);
      if (refused.length > 0) setRefusals({ refused, isPartial: false });
    }
  };

  const content = (() => {
    if (!permissions.canView)
      return <p className="text-muted-foreground text-sm">{t('roleManagement.noViewPermission')}</p>;
    if (files.isPending) return <Spinner label={t('files.loading')} />;
    if (files.isError) {
      return <LoadError message={t('files.loadFailed')} retryLabel={t('retry')} onRetry={() => void files.refetch()} />;
    }
    if (files.data.length === 0) {
      return (
        <div className="flex flex-col items-center gap-1 py-6 text-center">
          <FileTextIcon className="mb-2 size-8 text-muted-foreground" aria-hidden="true" />
          <h3 className="font-medium">{t('files.empty')}</h3>
          <p className="text-muted-foreground text-sm">
            {permissions.canUpload ? t('files.emptyCanUpload') : t('files.emptyCannotUpload')}
          </p>
        </div>
      );
    }
    return (
      <ul aria-label={t('files.listLabel')} className="divide-y">
        {files.data.map((file) => (
          <FileRow
            key={file.id}
            file={file}
            permissions={permissions}
            onRename={setFileToRename}
            onDelete={setFileToDelete}
          />
        ))}
      </ul>
    );
  })();

  return (
    <Card>
      <SpaceCardHeader title={t('files.title')} description={t('files.description')}>
        {permissions.canUpload ? (
          <input
            ref={fileInputRef}
            type="file"
            multiple
            className="hidden"
            aria-label={t('files.pickFiles')}
            data-testid="space-file-input"
            onChange={(event) => {
              const selected = Array.from(event.target.files ?? []);
              // Cleared so picking the same file again uploads it again.
              event.target.value = '';
              if (selected.length > 0) void uploadFiles(selected);
            }}
          />
        ) : null}
        {/*
          Viewers see the button too: trying tells them why they cannot (the Access Denied message of
          docs/product-rules.md#space-file-permissions).
        */}
        <Button
          size="sm"
          disabled={upload.isPending}
          onClick={() => {
            if (permissions.canUpload) fileInputRef.current?.click();
            else toast.error(t('files.accessDenied'), { description: t('files.noUploadPermission') });
          }}
        >
          {upload.isPending ? <Spinner /> : <UploadIcon aria-hidden="true" />}
          {t('files.upload')}
        </Button>
      </SpaceCardHeader>
      <CardContent className="grid gap-4">
        {upload.isPending ? <UploadProgress percent={uploadPercent} /> : null}
        {refusals ? (
          <RefusedUploadsAlert
            refused={refusals.refused}
            isPartial={refusals.isPartial}
            onDismiss={() => setRefusals(null)}
          />
        ) : null}
        {content}
      </CardContent>
      {permissions.canEdit ? <RenameSpaceFileDialog file={fileToRename} onClose={() => setFileToRename(null)} /> : null}
      {permissions.canDelete ? (
        <DeleteSpaceFileDialog file={fileToDelete} onClose={() => setFileToDelete(null)} />
      ) : null}
    </Card>
  );
}
