import {
  SHARED_FILE_PLATFORMS,
  SHARED_FILE_TITLE_MAX,
  SHARED_FILE_URL_MAX,
  type SharedFilePlatform,
  shareFileSchema,
} from '@lumen/contract';
import { Share2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DialogForm, FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { useFormFields } from '@/hooks/use-form-fields';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { getFieldErrors } from '@/lib/form';
import { useShareFile } from '../api/share-file';
import type { WorkItemMember, WorkItemSpace } from '../types';

/** '' = the whole team, 'user:<id>' = one member, 'space:<id>' = the members of a space. */
type ShareForm = { title: string; url: string; platform: SharedFilePlatform | ''; audience: string };

const EMPTY_FORM: ShareForm = { title: '', url: '', platform: '', audience: '' };

function audienceOf(audience: string): { sharedWithUserId: string | null; spaceId: string | null } {
  if (audience.startsWith('user:')) return { sharedWithUserId: audience.slice(5), spaceId: null };
  if (audience.startsWith('space:')) return { sharedWithUserId: null, spaceId: audience.slice(6) };
  return { sharedWithUserId: null, spaceId: null };
}

function ShareFileForm({
  members,
  spaces,
  onDone,
}: {
  members: WorkItemMember[];
  spaces: WorkItemSpace[];
  onDone: () => void;
}) {
  const { t } = useTranslation('dashboards');
  const { errorText, messageText } = useServerErrorText();
  const shareFile = useShareFile();
  const { form, errors, setErrors, update, reset } = useFormFields(EMPTY_FORM);
  const platformId = useId();
  const shareWithId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = shareFileSchema.safeParse({
      title: form.title,
      url: form.url,
      platform: form.platform || null,
      // An empty choice is the whole team.
      ...audienceOf(form.audience),
    });
    if (!parsed.success) {
      const fieldErrors = getFieldErrors(parsed.error);
      setErrors({ title: messageText(fieldErrors.title), url: messageText(fieldErrors.url) });
      return;
    }
    shareFile.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('sharedFiles.share.success'));
        reset();
        onDone();
      },
      onError: (error) => toast.error(errorText(error, t('sharedFiles.share.failed'))),
    });
  };

  return (
    <DialogForm
      onSubmit={handleSubmit}
      submitLabel={t('sharedFiles.share.submit')}
      pendingLabel={t('sharedFiles.share.submitting')}
      cancelLabel={t('sharedFiles.share.cancel')}
      isPending={shareFile.isPending}
      onCancel={onDone}
    >
      <TextField
        label={t('sharedFiles.share.titleLabel')}
        placeholder={t('sharedFiles.share.titlePlaceholder')}
        autoComplete="off"
        required
        maxLength={SHARED_FILE_TITLE_MAX}
        value={form.title}
        onChange={(event) => update('title', event.target.value)}
        error={errors.title}
      />
      <TextField
        label={t('sharedFiles.share.url')}
        placeholder={t('sharedFiles.share.urlPlaceholder')}
        type="url"
        inputMode="url"
        autoComplete="off"
        required
        maxLength={SHARED_FILE_URL_MAX}
        value={form.url}
        onChange={(event) => update('url', event.target.value)}
        error={errors.url}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <Label htmlFor={platformId}>{t('sharedFiles.share.platform')}</Label>
          <NativeSelect
            id={platformId}
            value={form.platform}
            onChange={(event) => update('platform', event.target.value as ShareForm['platform'])}
          >
            <option value="">{t('sharedFiles.share.noPlatform')}</option>
            {SHARED_FILE_PLATFORMS.map((platform) => (
              <option key={platform} value={platform}>
                {t(`sharedFiles.platforms.${platform}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field>
          <Label htmlFor={shareWithId}>{t('sharedFiles.share.shareWith')}</Label>
          <NativeSelect
            id={shareWithId}
            value={form.audience}
            onChange={(event) => update('audience', event.target.value)}
          >
            <option value="">{t('sharedFiles.share.wholeTeam')}</option>
            {spaces.length > 0 ? (
              <optgroup label={t('sharedFiles.share.spaces')}>
                {spaces.map((space) => (
                  <option key={space.id} value={`space:${space.id}`}>
                    {space.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            <optgroup label={t('sharedFiles.share.people')}>
              {members.map((member) => (
                <option key={member.userId} value={`user:${member.userId}`}>
                  {member.name}
                </option>
              ))}
            </optgroup>
          </NativeSelect>
        </Field>
      </div>
    </DialogForm>
  );
}

/** Share File (managers): title and URL required, platform optional, with the whole team, a space or one member. */
export function ShareFileDialog({ members, spaces = [] }: { members: WorkItemMember[]; spaces?: WorkItemSpace[] }) {
  const { t } = useTranslation('dashboards');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      title={t('sharedFiles.share.title')}
      description={t('sharedFiles.share.description')}
      trigger={
        <Button size="sm" variant="outline">
          <Share2Icon aria-hidden="true" />
          {t('sharedFiles.share.button')}
        </Button>
      }
    >
      <ShareFileForm members={members} spaces={spaces} onDone={() => setIsOpen(false)} />
    </FormDialog>
  );
}
