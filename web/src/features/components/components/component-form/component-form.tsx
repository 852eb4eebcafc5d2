import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { useMediaQuery } from '@chakra-ui/react/hooks';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Tabs } from '@chakra-ui/react/tabs';
import { Save, Send, Trash2 } from 'lucide-react';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { ulid } from 'ulid';
import { componentInputSchema, type ComponentFileField, type ComponentInput } from '#shared/schemas/component';
import type { Draft, DraftContent } from '#shared/schemas/drafts';
import { TextField } from '#web/components/ui/form-field.tsx';
import { TextAreaField } from '#web/components/ui/text-area-field.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { ChoiceField } from '#web/components/ui/choice-field.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { LineTabs, TabsRow } from '#web/components/ui/tabs-row.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { UnsavedChangesDialog } from '#web/components/ui/unsaved-changes-dialog.tsx';
import { paths } from '#shared/app-paths';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useZodForm } from '#web/lib/form.ts';
import { useComponentOptions } from '#web/lib/component-options.ts';
import { useSubmitComponent } from '#web/features/components/api/submit-component.ts';
import { useDraftActions } from '#web/features/components/api/drafts.ts';
import { FileField } from './file-field';
import { PossibleDuplicates } from './possible-duplicates';
import { DistributorStart } from './distributor-start';
import {
  REQUIRED_FIELDS,
  emptyValues,
  fieldLabel,
  firstTabWith,
  formFields,
  formTabs,
  type FieldSpec,
  type FormField,
  type FormValues,
} from './form-fields';
import {
  earlierDraftKey,
  forgetUnsavedInput,
  keepUnsavedInput,
  loadUnsavedInput,
  unsavedInputKey,
} from './unsaved-input';

type FileNames = DraftContent['fileNames'];

/** Wide screens list the seven tabs down the side; narrower ones along the top, on as many lines as they need. */
const WIDE_SCREEN = '(min-width: 80em)';
/** Typing is kept in the browser this long after the last keystroke. */
const KEEP_INPUT_AFTER_MS = 300;

/** The body of POST /api/components: the checked fields without the empty ones, and who submits. */
export const submissionBody = (input: ComponentInput, username: string): Partial<ComponentInput> => {
  const body = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<ComponentInput>;
  return { ...body, username };
};

/** A draft's fields as the form holds them (every field, empty ones as ''). */
const formValuesOf = (draft: Draft | undefined): FormValues => {
  const values = emptyValues();
  for (const field of formFields) values[field] = draft?.values[field] ?? '';
  return values;
};

/** What a draft keeps of the form: the fields filled in and the names of their files. */
const draftContentOf = (values: FormValues, fileNames: FileNames): DraftContent => ({
  values: Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== '')),
  fileNames: Object.fromEntries(
    Object.entries(fileNames).filter(([field, name]) => name && values[field as FormField]),
  ) as FileNames,
});

interface ComponentFormProps {
  userId: string;
  username: string;
  /** The draft being continued; undefined for a new component. */
  draft?: Draft;
  /** A submission was filed (the page shows its Request ID). */
  onSubmitted: (requestId: string) => void;
}

/**
 * The Add New Component form: seven tabs of fields, Reference and Class required, Submit for
 * Review, Save as Draft (kept on the server for this person, listed and reopened) and Cancel.
 * Whatever is typed is also kept in this browser as it is typed, so leaving by a link, Back, a
 * reload or a closed tab loses nothing; leaving with input not saved as a draft asks first.
 */
export const ComponentForm = ({ userId, username, draft, onSubmitted }: ComponentFormProps) => {
  const navigate = useNavigate();
  const drafts = useDraftActions();
  const submitComponent = useSubmitComponent();
  const [wide] = useMediaQuery([WIDE_SCREEN], { ssr: false });
  const options = useComponentOptions();
  const localKey = unsavedInputKey(userId, draft?.id ?? null);
  const [initial] = useState(() => {
    const saved = formValuesOf(draft);
    const earlier = draft ? null : loadUnsavedInput(earlierDraftKey(userId));
    const local = loadUnsavedInput(localKey) ?? earlier;
    if (earlier) {
      keepUnsavedInput(localKey, earlier);
      forgetUnsavedInput(earlierDraftKey(userId));
    }
    const restored = local && JSON.stringify(local.values) !== JSON.stringify(saved) ? local : null;
    return { saved, restored };
  });
  const form = useZodForm(componentInputSchema, initial.restored?.values ?? initial.saved);
  const [fileNames, setFileNames] = useState<FileNames>(initial.restored?.fileNames ?? draft?.fileNames ?? {});
  const [revision, setRevision] = useState(draft?.revision ?? 0);
  const [tab, setTab] = useState(formTabs[0]!.value);
  const [uploads, setUploads] = useState(0);
  const [focusField, setFocusField] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [savingDraft, setSavingDraft] = useState(false);
  const [deletingDraft, setDeletingDraft] = useState(false);
  // Fields filled from a distributor's answer, and from where: marked while they keep that value.
  const [prefilled, setPrefilled] = useState<{ source: string; values: Partial<FormValues> } | null>(null);
  // What the form held when it was last loaded, saved or cleared: input beyond it is unsaved.
  const [savedValues, setSavedValues] = useState(() => JSON.stringify(initial.saved));
  const unsaved = JSON.stringify(form.values) !== savedValues;
  // Set just before the form itself navigates away (after Cancel's question, a save or a submission).
  const leaving = useRef(false);
  const announced = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    const expired = [...(initial.restored?.expiredFiles ?? []), ...(draft?.expiredFiles ?? [])];
    const files = expired.length
      ? ` Choose its files again (${expired.map(fieldLabel).join(', ')}): uploads are kept for a day.`
      : '';
    if (initial.restored)
      notify({
        type: 'info',
        title: 'Unsaved input restored',
        description: `What you typed here before was not saved as a draft; it has been restored from this browser.${files}`,
      });
    else if (files) notify({ type: 'info', title: 'Draft opened', description: files.trim() });
  }, [initial, draft]);

  // Typing is kept in this browser (per person and draft) until it is saved, submitted or discarded.
  useEffect(() => {
    if (!unsaved) {
      forgetUnsavedInput(localKey);
      return;
    }
    const timer = setTimeout(() => keepUnsavedInput(localKey, { values: form.values, fileNames }), KEEP_INPUT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [unsaved, localKey, form.values, fileNames]);

  // Closing the tab or reloading with unsaved input: the browser asks (the input is kept either way).
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      keepUnsavedInput(localKey, { values: form.values, fileNames });
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved, localKey, form.values, fileNames]);

  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) =>
        unsaved &&
        !leaving.current &&
        (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
      [unsaved],
    ),
  );

  // After a failed submit the first invalid field takes the focus, once its tab is showing.
  useEffect(() => {
    if (!focusField) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${focusField}"]`)?.focus();
    setFocusField(null);
  }, [focusField, tab]);

  const tabsWithErrors = useMemo(() => {
    const invalid = Object.keys(form.errors).filter((field) => form.errors[field as FormField]);
    return new Set(formTabs.filter((t) => t.fields.some((field) => invalid.includes(field.name))).map((t) => t.value));
  }, [form.errors]);

  const showFirstInvalid = (fields: readonly PropertyKey[]) => {
    const first = firstTabWith(fields);
    if (!first) return;
    setTab(first);
    const inTab = formTabs.find((t) => t.value === first)!.fields.find((field) => fields.includes(field.name));
    if (inTab) setFocusField(inTab.name);
  };

  /** Leaves for `href` without asking (the question was asked, or nothing is lost). */
  const leaveFor = (href: string, options?: { replace?: boolean }) => {
    leaving.current = true;
    void navigate(href, options);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (uploads > 0) {
      notify({
        type: 'warning',
        title: 'Upload in progress',
        description: 'Wait for the file to finish uploading, then submit.',
      });
      return;
    }
    const check = componentInputSchema.safeParse(form.values);
    if (!check.success)
      showFirstInvalid(check.error.issues.map((issue) => issue.path[0]).filter((key) => key !== undefined));
    return form.handleSubmit(
      async (input) => {
        const answer = await submitComponent(submissionBody(input, username));
        forgetUnsavedInput(localKey);
        form.reset(emptyValues());
        setSavedValues(JSON.stringify(emptyValues()));
        setFileNames({});
        setTab(formTabs[0]!.value);
        if (draft) {
          // The draft became a request: it goes from the list (a failure leaves it there, said so).
          await drafts.remove(draft.id).catch((error: unknown) =>
            notify({
              type: 'warning',
              title: 'Draft not deleted',
              description: `The component was submitted, but its draft is still listed: ${errorMessage(error, 'please delete it yourself')}`,
            }),
          );
          leaveFor(paths.hub.addComponent.href(), { replace: true });
        }
        onSubmitted(answer.requestId);
      },
      (error) => {
        const fields = error instanceof ApiError ? error.body?.fields : undefined;
        if (fields) showFirstInvalid(Object.keys(fields));
        notify({
          type: 'error',
          title: 'Error',
          description: `Failed to submit component: ${errorMessage(error, error instanceof Error ? error.message : String(error))}`,
        });
      },
    )();
  };

  /**
   * Saves the form as this person's draft on the server; true when it was saved. A new draft is
   * then opened at its own address, unless the person is leaving.
   */
  const saveAsDraft = async (then: 'stay' | 'leave' = 'stay'): Promise<boolean> => {
    if (uploads > 0) {
      notify({
        type: 'warning',
        title: 'Upload in progress',
        description: 'Wait for the file to finish uploading, then save the draft.',
      });
      return false;
    }
    setSavingDraft(true);
    const content = draftContentOf(form.values, fileNames);
    try {
      if (draft) {
        const saved = await drafts.update(draft.id, content, revision);
        setRevision(saved.revision);
      } else {
        const saved = await drafts.create({ id: ulid(), ...content });
        forgetUnsavedInput(localKey);
        if (then === 'stay') leaveFor(paths.hub.addComponent.href(saved.id), { replace: true });
      }
      setSavedValues(JSON.stringify(form.values));
      notify({
        type: 'success',
        title: 'Draft Saved',
        description: 'Your draft has been saved. Find it under Your drafts here and on the dashboard.',
      });
      return true;
    } catch (error) {
      notify({ type: 'error', title: 'Draft not saved', description: errorMessage(error, 'Please try again.') });
      return false;
    } finally {
      setSavingDraft(false);
    }
  };

  const deleteDraft = async () => {
    if (!draft) return;
    setDeletingDraft(true);
    try {
      await drafts.remove(draft.id);
      forgetUnsavedInput(localKey);
      setConfirmingDelete(false);
      notify({ type: 'info', title: 'Draft Deleted', description: 'The draft has been deleted.' });
      leaveFor(paths.hub.addComponent.href(), { replace: true });
    } catch (error) {
      notify({ type: 'error', title: 'Draft not deleted', description: errorMessage(error, 'Please try again.') });
    } finally {
      setDeletingDraft(false);
    }
  };

  const cancel = () => (unsaved ? setConfirmingCancel(true) : leaveFor(paths.hub.components.href()));

  const setFile = (field: ComponentFileField, file: { key: string; fileName: string } | null) => {
    form.setValue(field, file?.key ?? '');
    setFileNames((names) => ({ ...names, [field]: file?.fileName }));
  };

  const fillFromDistributor = (values: Partial<FormValues>, source: string) => {
    // One update for all fields (setValue per field would each start from the same values).
    form.reset({ ...form.values, ...values });
    setPrefilled({ source, values });
    notify({
      type: 'success',
      title: 'Form filled',
      description: `${Object.keys(values).length} fields were filled from ${source}. Check them before submitting.`,
    });
  };

  const renderField = (spec: FieldSpec) => {
    const fromDistributor =
      prefilled && prefilled.values[spec.name] !== undefined && prefilled.values[spec.name] === form.values[spec.name];
    const label = fromDistributor ? `${fieldLabel(spec.name)} (from ${prefilled.source})` : fieldLabel(spec.name);
    const error = form.errors[spec.name];
    const required = REQUIRED_FIELDS.has(spec.name);
    switch (spec.kind) {
      case 'text':
        return (
          <Fragment key={spec.name}>
            <TextField label={label} error={error} required={required} {...form.register(spec.name)} />
            {spec.name === 'reference' && (
              <Box gridColumn={{ md: 'span 2' }} _empty={{ display: 'none' }}>
                <PossibleDuplicates
                  typed={{
                    reference: form.values.reference,
                    manufacturer: form.values.manufacturer,
                    articleNumber: form.values.articleNumber,
                  }}
                />
              </Box>
            )}
          </Fragment>
        );
      case 'number':
        return (
          <TextField
            key={spec.name}
            label={label}
            error={error}
            type="number"
            min={spec.min}
            step={spec.step}
            inputMode={spec.integer ? 'numeric' : 'decimal'}
            {...form.register(spec.name)}
          />
        );
      case 'select':
        return (
          <ChoiceField
            key={spec.name}
            label={label}
            name={spec.name}
            value={form.values[spec.name]}
            onValueChange={(value) => form.setValue(spec.name, value)}
            error={error}
            required={required}
            placeholder={spec.placeholder}
            options={options[spec.options]}
            allowOther={spec.allowOther ?? false}
          />
        );
      case 'choice':
        return (
          <SelectField
            key={spec.name}
            label={label}
            error={error}
            options={spec.choices}
            {...form.register(spec.name)}
          />
        );
      case 'textarea':
        return (
          <TextAreaField
            key={spec.name}
            label={label}
            error={error}
            gridColumn={{ md: 'span 2' }}
            rows={4}
            {...form.register(spec.name)}
          />
        );
      case 'file':
        return (
          <FileField
            key={spec.name}
            label={label}
            kind={spec.accept}
            fileName={
              form.values[spec.name] ? (fileNames[spec.name] ?? form.values[spec.name].split('/').pop() ?? '') : ''
            }
            onChange={(file) => setFile(spec.name, file)}
            onBusyChange={(busy) => setUploads((count) => count + (busy ? 1 : -1))}
            error={error}
          />
        );
    }
  };

  return (
    <>
      {!draft && <DistributorStart onFilled={fillFromDistributor} />}
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label="Add New Component">
        <Panel p="0" overflow="hidden">
          <LineTabs value={tab} onTabChange={setTab} orientation={wide ? 'vertical' : 'horizontal'}>
            <TabsRow
              flexShrink={0}
              width={wide ? '56' : undefined}
              px={wide ? '0' : { base: '2', md: '4' }}
              py={wide ? '4' : undefined}
              pt={wide ? undefined : '2'}
              bg={wide ? 'bg.subtle' : 'bg'}
            >
              {formTabs.map((t) => (
                <Tabs.Trigger
                  key={t.value}
                  value={t.value}
                  whiteSpace="nowrap"
                  flexShrink={0}
                  justifyContent={wide ? 'flex-start' : undefined}
                >
                  {t.label}
                  {tabsWithErrors.has(t.value) && (
                    <chakra.span color="fg.error" fontWeight="bold" aria-hidden>
                      !
                    </chakra.span>
                  )}
                  {tabsWithErrors.has(t.value) && <chakra.span srOnly> (has errors)</chakra.span>}
                </Tabs.Trigger>
              ))}
            </TabsRow>
            <Box flex="1" minWidth="0">
              {formTabs.map((t) => (
                <Tabs.Content key={t.value} value={t.value} px={{ base: '4', md: '6' }} py={{ base: '4', md: '6' }}>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    {t.fields.map(renderField)}
                  </SimpleGrid>
                </Tabs.Content>
              ))}
            </Box>
          </LineTabs>
        </Panel>

        <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3" mt="6">
          {draft && (
            <Button
              variant="ghost"
              colorPalette="red"
              onClick={() => setConfirmingDelete(true)}
              marginEnd={{ sm: 'auto' }}
            >
              <Trash2 aria-hidden />
              Delete Draft
            </Button>
          )}
          <Button variant="outline" onClick={cancel}>
            Cancel
          </Button>
          <Button variant="outline" onClick={() => void saveAsDraft()} loading={savingDraft} loadingText="Saving...">
            <Save aria-hidden />
            Save as Draft
          </Button>
          <Button type="submit" colorPalette="blue" loading={form.isSubmitting} loadingText="Submitting...">
            <Send aria-hidden />
            Submit for Review
          </Button>
        </Stack>
      </form>
      <FormDialog
        title="Discard your changes?"
        description="This form has input that is not submitted or saved as a draft. Leaving now discards it."
        open={confirmingCancel}
        onClose={() => setConfirmingCancel(false)}
        onSubmit={() => {
          setConfirmingCancel(false);
          forgetUnsavedInput(localKey);
          leaveFor(paths.hub.components.href());
        }}
        submitLabel="Discard"
        submittingLabel="Discarding..."
        isSubmitting={false}
        destructive
      />
      <FormDialog
        title="Delete this draft?"
        description="The draft is deleted for good, with what it holds. Nothing is submitted."
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        onSubmit={() => void deleteDraft()}
        submitLabel="Delete Draft"
        submittingLabel="Deleting..."
        isSubmitting={deletingDraft}
        destructive
      />
      <UnsavedChangesDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        description="What you typed is not saved as a draft. It stays in this browser and comes back when you open this form here again, but nowhere else."
        onStay={() => blocker.reset?.()}
        stayLabel="Stay"
        onDiscard={() => blocker.proceed?.()}
        discardLabel="Leave"
        keep={{
          label: 'Save as Draft and leave',
          loadingLabel: 'Saving...',
          loading: savingDraft,
          onClick: () =>
            void saveAsDraft('leave').then((saved) => {
              if (saved) blocker.proceed?.();
            }),
        }}
      />
    </>
  );
};
