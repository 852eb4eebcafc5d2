import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { useMediaQuery } from '@chakra-ui/react/hooks';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Tabs } from '@chakra-ui/react/tabs';
import { Save, Send } from 'lucide-react';
import { Fragment, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { componentInputSchema, type ComponentFileField, type ComponentInput } from '#shared/schemas/component';
import { TextAreaField, TextField } from '#web/components/ui/form-field.tsx';
import { Panel } from '#web/components/ui/page.tsx';
import { ChoiceField } from '#web/components/ui/choice-field.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { ReferenceInUseNotice } from '#web/components/ui/reference-in-use.tsx';
import { ScrollingTabsList } from '#web/components/ui/scrolling-tabs-list.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useZodForm } from '#web/lib/form.ts';
import { useComponentOptions } from '#web/lib/component-options.ts';
import { useReferenceTakenBy } from '#web/lib/reference-taken.ts';
import { submitComponent } from '#web/features/components/api/submit-component.ts';
import { clearDraft, loadDraft, saveDraft, type ComponentDraft } from './component-draft';
import { FileField } from './file-field';
import {
  REQUIRED_FIELDS,
  emptyValues,
  fieldLabel,
  firstTabWith,
  formTabs,
  type FieldSpec,
  type FormField,
} from './form-fields';
import { SubmittedDialog } from './submitted-dialog';

type FileNames = ComponentDraft['fileNames'];

/** Wide screens list the seven tabs down the side; narrower ones along the top, scrolling when they must. */
const WIDE_SCREEN = '(min-width: 80em)';

/** The body of POST /api/components: the checked fields without the empty ones, and who submits. */
export const submissionBody = (input: ComponentInput, username: string): Partial<ComponentInput> => {
  const body = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<ComponentInput>;
  return { ...body, username };
};

interface ComponentFormProps {
  /** Where this user's draft is kept. */
  draftKey: string;
  username: string;
}

/**
 * The Add New Component form: seven tabs of fields, Reference and Class required, Submit for
 * Review, Save as Draft (kept in this browser, restored on return) and Cancel, which asks first
 * when the form holds input that is neither submitted nor saved.
 */
export const ComponentForm = ({ draftKey, username }: ComponentFormProps) => {
  const navigate = useNavigate();
  const [wide] = useMediaQuery([WIDE_SCREEN], { ssr: false });
  const options = useComponentOptions();
  const [restored] = useState(() => loadDraft(draftKey));
  const form = useZodForm(componentInputSchema, restored?.values ?? emptyValues());
  const takenBy = useReferenceTakenBy(form.values.reference ?? '');
  const [fileNames, setFileNames] = useState<FileNames>(restored?.fileNames ?? {});
  const [hasDraft, setHasDraft] = useState(restored !== null);
  const [tab, setTab] = useState(formTabs[0]!.value);
  const [requestId, setRequestId] = useState<string | null>(null);
  const [uploads, setUploads] = useState(0);
  const [focusField, setFocusField] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  // What the form held when it was last loaded, saved or cleared: input beyond it is unsaved.
  const [savedValues, setSavedValues] = useState(() => JSON.stringify(restored?.values ?? emptyValues()));
  const unsaved = JSON.stringify(form.values) !== savedValues;
  const announced = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!restored || announced.current) return;
    announced.current = true;
    const files = restored.expiredFiles?.map(fieldLabel).join(', ');
    notify({
      type: 'info',
      title: 'Draft Restored',
      description: `Your saved draft has been restored.${files ? ` Choose its files again (${files}): uploads are kept for a day.` : ''}`,
    });
  }, [restored]);

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
        clearDraft(draftKey);
        setHasDraft(false);
        form.reset(emptyValues());
        setSavedValues(JSON.stringify(emptyValues()));
        setFileNames({});
        setTab(formTabs[0]!.value);
        setRequestId(answer.requestId);
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

  const saveAsDraft = () => {
    if (saveDraft(draftKey, { values: form.values, fileNames })) {
      setHasDraft(true);
      setSavedValues(JSON.stringify(form.values));
      notify({
        type: 'success',
        title: 'Draft Saved',
        description: 'Your draft has been saved. It will be restored when you come back to this page.',
      });
    } else {
      notify({
        type: 'error',
        title: 'Draft not saved',
        description: 'This browser did not allow the draft to be stored.',
      });
    }
  };

  const discardDraft = () => {
    clearDraft(draftKey);
    setHasDraft(false);
    form.reset(emptyValues());
    setSavedValues(JSON.stringify(emptyValues()));
    setFileNames({});
    notify({
      type: 'info',
      title: 'Draft Discarded',
      description: 'The saved draft has been removed and the form cleared.',
    });
  };

  const leave = () => void navigate(paths.hub.components.href());
  const cancel = () => (unsaved ? setConfirmingCancel(true) : leave());

  const setFile = (field: ComponentFileField, file: { key: string; fileName: string } | null) => {
    form.setValue(field, file?.key ?? '');
    setFileNames((names) => ({ ...names, [field]: file?.fileName }));
  };

  const renderField = (spec: FieldSpec) => {
    const label = fieldLabel(spec.name);
    const error = form.errors[spec.name];
    const required = REQUIRED_FIELDS.has(spec.name);
    switch (spec.kind) {
      case 'text':
        return (
          <Fragment key={spec.name}>
            <TextField label={label} error={error} required={required} {...form.register(spec.name)} />
            {spec.name === 'reference' && takenBy && (
              <Box gridColumn={{ md: 'span 2' }}>
                <ReferenceInUseNotice part={takenBy} />
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
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label="Add New Component">
        <Panel p="0" overflow="hidden">
          <Tabs.Root
            value={tab}
            onValueChange={(details) => setTab(details.value)}
            variant="line"
            colorPalette="blue"
            orientation={wide ? 'vertical' : 'horizontal'}
          >
            <ScrollingTabsList
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
            </ScrollingTabsList>
            <Box flex="1" minWidth="0">
              {formTabs.map((t) => (
                <Tabs.Content key={t.value} value={t.value} px={{ base: '4', md: '6' }} py={{ base: '4', md: '6' }}>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    {t.fields.map(renderField)}
                  </SimpleGrid>
                </Tabs.Content>
              ))}
            </Box>
          </Tabs.Root>
        </Panel>

        <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3" mt="6">
          {hasDraft && (
            <Button variant="ghost" colorPalette="red" onClick={discardDraft} marginEnd={{ sm: 'auto' }}>
              Discard Draft
            </Button>
          )}
          <Button variant="outline" onClick={cancel}>
            Cancel
          </Button>
          <Button variant="outline" onClick={saveAsDraft}>
            <Save aria-hidden />
            Save as Draft
          </Button>
          <Button type="submit" colorPalette="blue" loading={form.isSubmitting} loadingText="Submitting...">
            <Send aria-hidden />
            Submit for Review
          </Button>
        </Stack>
      </form>
      <SubmittedDialog requestId={requestId} onClose={() => setRequestId(null)} />
      <FormDialog
        title="Discard your changes?"
        description="This form has input that is not submitted or saved as a draft. Leaving now discards it."
        open={confirmingCancel}
        onClose={() => setConfirmingCancel(false)}
        onSubmit={() => {
          setConfirmingCancel(false);
          leave();
        }}
        submitLabel="Discard"
        submittingLabel="Discarding..."
        isSubmitting={false}
        destructive
      />
    </>
  );
};
