import { type AnalyticsGoals, analyticsGoalsSchema } from '@lumen/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { type FieldErrors, getFieldErrors } from '@/lib/form';
import { useUpdateAnalyticsGoals } from '../api/update-analytics-goals';

type GoalValues = Record<keyof AnalyticsGoals, string>;

const GOAL_FIELDS = [
  'documents',
  'organisationPercent',
  'accuracyPercent',
] as const satisfies readonly (keyof AnalyticsGoals)[];

const FIELD_LABEL_KEYS = {
  documents: 'impact.documentsGoal',
  organisationPercent: 'impact.organisationGoal',
  accuracyPercent: 'impact.accuracyGoal',
} as const;

/** An input's text as a number for the schema: an empty one is no number (the schema's message says what it needs). */
function toGoal(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

type EditGoalsFormProps = {
  goals: AnalyticsGoals;
  /** Called once the goals are saved, or on Cancel. */
  onClose: () => void;
};

/**
 * The admins' form for the team's goals: three whole numbers, checked with the contract's analyticsGoalsSchema (its
 * messages, in the reader's language) before the PUT, the server's refusal shown under the fields.
 */
export function EditGoalsForm({ goals, onClose }: EditGoalsFormProps) {
  const { t } = useTranslation('analytics');
  const { errorText, messageText } = useServerErrorText();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<GoalValues>({
    documents: String(goals.documents),
    organisationPercent: String(goals.organisationPercent),
    accuracyPercent: String(goals.accuracyPercent),
  });
  const [errors, setErrors] = useState<FieldErrors<AnalyticsGoals>>({});
  const saver = useUpdateAnalyticsGoals({
    onSuccess: () => {
      toast.success(t('impact.saved'));
      onClose();
    },
  });
  const serverReason = saver.isError ? errorText(saver.error, '') : '';

  // The form opens on its first field.
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  // A refused submit leads to the first field that needs fixing.
  useEffect(() => {
    if (Object.values(errors).some(Boolean)) {
      formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
    }
  }, [errors]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = analyticsGoalsSchema.safeParse({
      documents: toGoal(values.documents),
      organisationPercent: toGoal(values.organisationPercent),
      accuracyPercent: toGoal(values.accuracyPercent),
    });
    if (!parsed.success) {
      setErrors(getFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    saver.mutate(parsed.data);
  };

  return (
    <form
      ref={formRef}
      aria-labelledby={titleId}
      noValidate
      onSubmit={handleSubmit}
      className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm"
    >
      <h3 id={titleId} className="font-medium">
        {t('impact.formTitle')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-3">
        {GOAL_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(FIELD_LABEL_KEYS[field])}
            type="number"
            inputMode="numeric"
            min={1}
            max={field === 'documents' ? 10_000_000 : 100}
            step={1}
            required
            value={values[field]}
            onChange={(event) => {
              const { value } = event.target;
              setValues((previous) => ({ ...previous, [field]: value }));
              setErrors((previous) => ({ ...previous, [field]: undefined }));
            }}
            error={messageText(errors[field])}
          />
        ))}
      </div>
      {saver.isError ? (
        <div role="alert" className="grid gap-1 rounded-md border border-destructive/50 p-3 text-sm">
          <p className="font-medium text-destructive">{t('impact.saveFailed')}</p>
          {serverReason ? <p className="text-muted-foreground">{serverReason}</p> : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saver.isPending} aria-busy={saver.isPending}>
          {saver.isPending ? <Spinner /> : null}
          {saver.isPending ? t('impact.saving') : t('impact.save')}
        </Button>
        <Button type="button" variant="outline" disabled={saver.isPending} onClick={onClose}>
          {t('impact.cancel')}
        </Button>
      </div>
    </form>
  );
}
