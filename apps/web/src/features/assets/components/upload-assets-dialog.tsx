import { UPLOAD_EXTENSIONS } from '@lumen/contract';
import { CheckCircle2Icon, CircleAlertIcon, Clock3Icon, UploadIcon, XIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';

type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed';
type UploadEntry = { key: number; file: File; status: UploadStatus; error: string | null };

const ACCEPTED_FILES = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

type UploadAssetsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Stores one file; rejects with the server's refusal (too large, unsupported type…). */
  uploadFile: (file: File) => Promise<unknown>;
  /** The words to show for a refusal (the same the chat shows). */
  describeError: (error: unknown) => string;
  /** Called once a run stored at least one file, so the list can refresh. */
  onFilesUploaded: (count: number) => void;
};

/**
 * Picks several files and uploads them one after another, so each shows its own progress and a refused file (too
 * large, unsupported) does not keep the others out. Closes by itself when every file went through.
 */
export function UploadAssetsDialog({
  open,
  onOpenChange,
  uploadFile,
  describeError,
  onFilesUploaded,
}: UploadAssetsDialogProps) {
  const { t } = useTranslation('assets');
  const inputId = useId();
  const nextKey = useRef(0);
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [run, setRun] = useState<{ total: number; finished: number } | null>(null);
  const isUploading = run !== null;
  const waiting = entries.filter((entry) => entry.status === 'waiting');

  const updateEntry = (key: number, change: Partial<UploadEntry>) => {
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  };

  const changeOpen = (nextOpen: boolean) => {
    if (isUploading) return; // Leaving mid-upload would hide the outcome of the files still on their way.
    if (!nextOpen) setEntries([]);
    onOpenChange(nextOpen);
  };

  const addFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const added = Array.from(files, (file) => {
      nextKey.current += 1;
      return { key: nextKey.current, file, status: 'waiting' as const, error: null };
    });
    // Files that failed before are dropped, so the list shows what the next Upload will send.
    setEntries((current) => [...current.filter((entry) => entry.status !== 'failed'), ...added]);
  };

  const uploadWaiting = async () => {
    const queue = waiting;
    if (queue.length === 0 || isUploading) return;
    setRun({ total: queue.length, finished: 0 });
    let uploadedCount = 0;
    for (const entry of queue) {
      updateEntry(entry.key, { status: 'uploading' });
      try {
        await uploadFile(entry.file);
        uploadedCount += 1;
        updateEntry(entry.key, { status: 'done' });
      } catch (error) {
        updateEntry(entry.key, { status: 'failed', error: describeError(error) });
      }
      setRun((current) => (current ? { ...current, finished: current.finished + 1 } : current));
    }
    setRun(null);
    if (uploadedCount > 0) onFilesUploaded(uploadedCount);
    if (uploadedCount === queue.length) {
      setEntries([]);
      onOpenChange(false);
    }
  };

  return (
    <FormDialog
      isOpen={open}
      onOpenChange={changeOpen}
      title={t('upload.title')}
      description={t('upload.description')}
      closeLabel={t('upload.close')}
    >
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{t('upload.choose')}</Label>
        <Input
          id={inputId}
          type="file"
          multiple
          accept={ACCEPTED_FILES}
          disabled={isUploading}
          onChange={(event) => {
            addFiles(event.target.files);
            // Cleared so that choosing the same file again (after a refusal) still fires a change.
            event.target.value = '';
          }}
        />
        <p className="text-muted-foreground text-xs">
          {t('upload.accepted', { extensions: UPLOAD_EXTENSIONS.join(', ') })}
        </p>
      </div>
      {entries.length > 0 ? (
        <ul aria-label={t('upload.filesLabel')} className="grid max-h-64 gap-2 overflow-y-auto">
          {entries.map((entry) => (
            <li key={entry.key} className="flex items-start gap-2 rounded-md border p-2 text-sm">
              <UploadEntryIcon status={entry.status} />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="truncate font-medium">{entry.file.name}</span>
                {entry.status === 'failed' ? (
                  <span role="alert" className="text-destructive text-xs">
                    {entry.error}
                  </span>
                ) : (
                  <span className="text-muted-foreground text-xs">{t(`upload.status.${entry.status}`)}</span>
                )}
              </div>
              {entry.status === 'waiting' && !isUploading ? (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  aria-label={t('upload.remove', { name: entry.file.name })}
                  onClick={() => setEntries((current) => current.filter((item) => item.key !== entry.key))}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">{t('upload.noFiles')}</p>
      )}
      {run ? (
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label={t('upload.progress')}
            aria-valuemin={0}
            aria-valuemax={run.total}
            aria-valuenow={run.finished}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary transition-[width]"
              style={{ width: `${(run.finished / run.total) * 100}%` }}
            />
          </div>
          <p className="text-muted-foreground text-xs" aria-live="polite">
            {t('upload.uploading', { done: run.finished, total: run.total })}
          </p>
        </div>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={() => changeOpen(false)} disabled={isUploading}>
          {t('upload.cancel')}
        </Button>
        <Button onClick={() => void uploadWaiting()} disabled={isUploading || waiting.length === 0}>
          {isUploading ? <Spinner /> : <UploadIcon aria-hidden="true" />}
          {t('upload.submit')}
        </Button>
      </DialogFooter>
    </FormDialog>
  );
}

function UploadEntryIcon({ status }: { status: UploadStatus }) {
  if (status === 'uploading') return <Spinner className="mt-0.5" />;
  if (status === 'done') return <CheckCircle2Icon aria-hidden="true" className="mt-0.5 size-4 text-emerald-600" />;
  if (status === 'failed') return <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 text-destructive" />;
  return <Clock3Icon aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />;
}
