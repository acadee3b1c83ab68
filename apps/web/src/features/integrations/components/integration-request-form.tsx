import {
  createIntegrationRequestSchema,
  DEFAULT_INTEGRATION_REQUEST_URGENCY,
  INTEGRATION_REQUEST_PLATFORM_MAX,
  INTEGRATION_REQUEST_PURPOSE_MAX,
  INTEGRATION_REQUEST_URGENCIES,
  type IntegrationRequestUrgency,
} from '@lumen/contract';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DialogForm } from '@/components/form-dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { useFormFields } from '@/hooks/use-form-fields';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { getFieldErrors } from '@/lib/form';
import { useCreateIntegrationRequest } from '../api/create-integration-request';

type RequestForm = { platform: string; purpose: string; urgency: IntegrationRequestUrgency };

const EMPTY_FORM: RequestForm = { platform: '', purpose: '', urgency: DEFAULT_INTEGRATION_REQUEST_URGENCY };

/** Which platform, what for, how urgent: checked with the server's own schema before it is sent. */
export function IntegrationRequestForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('integrations');
  const { errorText, messageText } = useServerErrorText();
  const createRequest = useCreateIntegrationRequest();
  const { form, errors, setErrors, update, reset } = useFormFields(EMPTY_FORM);
  const purposeId = useId();
  const urgencyId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = createIntegrationRequestSchema.safeParse(form);
    if (!parsed.success) {
      const fieldErrors = getFieldErrors(parsed.error);
      setErrors({
        platform: messageText(fieldErrors.platform),
        purpose: messageText(fieldErrors.purpose),
        urgency: messageText(fieldErrors.urgency),
      });
      return;
    }
    createRequest.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('customRequest.sent'));
        reset();
        onDone();
      },
      onError: (error) => toast.error(errorText(error, t('customRequest.failed'))),
    });
  };

  return (
    <DialogForm
      onSubmit={handleSubmit}
      submitLabel={t('customRequest.submit')}
      pendingLabel={t('customRequest.submitting')}
      cancelLabel={t('customRequest.cancel')}
      isPending={createRequest.isPending}
      onCancel={onDone}
    >
      <TextField
        label={t('customRequest.platformLabel')}
        placeholder={t('customRequest.platformPlaceholder')}
        autoComplete="off"
        required
        maxLength={INTEGRATION_REQUEST_PLATFORM_MAX}
        value={form.platform}
        onChange={(event) => update('platform', event.target.value)}
        error={errors.platform}
      />
      <Field>
        <Label htmlFor={purposeId}>{t('customRequest.purposeLabel')}</Label>
        <Textarea
          id={purposeId}
          className="min-h-24"
          placeholder={t('customRequest.purposePlaceholder')}
          required
          maxLength={INTEGRATION_REQUEST_PURPOSE_MAX}
          value={form.purpose}
          aria-invalid={errors.purpose ? true : undefined}
          aria-describedby={errors.purpose ? `${purposeId}-error` : undefined}
          onChange={(event) => update('purpose', event.target.value)}
        />
        <FieldError id={`${purposeId}-error`}>{errors.purpose}</FieldError>
      </Field>
      <Field>
        <Label htmlFor={urgencyId}>{t('customRequest.urgencyLabel')}</Label>
        <NativeSelect
          id={urgencyId}
          value={form.urgency}
          aria-invalid={errors.urgency ? true : undefined}
          aria-describedby={errors.urgency ? `${urgencyId}-error` : undefined}
          onChange={(event) => update('urgency', event.target.value as IntegrationRequestUrgency)}
        >
          {INTEGRATION_REQUEST_URGENCIES.map((urgency) => (
            <option key={urgency} value={urgency}>
              {t(`customRequest.urgency.${urgency}`)}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${urgencyId}-error`}>{errors.urgency}</FieldError>
      </Field>
    </DialogForm>
  );
}
