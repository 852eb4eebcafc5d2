import { Button, IconButton } from '@chakra-ui/react/button';
import { Fieldset } from '@chakra-ui/react/fieldset';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { FileText, Upload, X } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { notify, type Notice } from '#web/components/ui/toaster.tsx';
import { componentFileCheck, fileProblemNotice } from '#web/lib/file-checks.ts';
import { uploadFile } from '#web/lib/upload-file.ts';
import type { FileKind } from './form-fields';

/** The widget's default size limit. */
export const DEFAULT_MAX_FILE_MB = 10;

const accepts: Record<FileKind, { accept: string | undefined; hint: string }> = {
  pdf: { accept: 'application/pdf,.pdf', hint: 'PDF only' },
  image: { accept: 'image/*', hint: 'Images only' },
  any: { accept: undefined, hint: 'Any file type' },
};

/** The widget's checks, made before anything is sent: the failure toast to show, or null. */
export const checkFile = async (file: File, kind: FileKind, maxSizeMb = DEFAULT_MAX_FILE_MB): Promise<Notice | null> =>
  fileProblemNotice(await componentFileCheck(file, kind, maxSizeMb));

export interface ChosenFile {
  /** The upload key the component's field carries. */
  key: string;
  fileName: string;
}

interface FileFieldProps {
  label: string;
  kind: FileKind;
  maxSizeMb?: number;
  /** The chosen file's name; empty when none. */
  fileName: string;
  onChange: (file: ChosenFile | null) => void;
  /** Tells the form a file is on its way, so it is not submitted without it. */
  onBusyChange?: (busy: boolean) => void;
  error?: string | undefined;
}

/**
 * The add form's file widget: checks size and type (by the file's bytes) in the browser, sends the file to
 * S3 through a presigned upload, and keeps its key; 'File selected' when done.
 */
export const FileField = ({
  label,
  kind,
  maxSizeMb = DEFAULT_MAX_FILE_MB,
  fileName,
  onChange,
  onBusyChange,
  error,
}: FileFieldProps) => {
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const { accept, hint } = accepts[kind];

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = await checkFile(file, kind, maxSizeMb);
    if (problem) return notify(problem);
    setUploading(true);
    onBusyChange?.(true);
    try {
      const key = await uploadFile(file, 'component-file');
      onChange({ key, fileName: file.name });
      notify({ type: 'success', title: 'File selected', description: `${file.name} has been selected successfully.` });
    } catch (failure) {
      console.error(`Could not upload ${file.name}`, failure);
      notify({ type: 'error', title: 'Error', description: 'Failed to process the file.' });
    } finally {
      setUploading(false);
      onBusyChange?.(false);
    }
  };

  return (
    <Fieldset.Root gap="1.5" invalid={Boolean(error)}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium" color="fg">
        {label}
      </Fieldset.Legend>
      <input
        ref={inputRef}
        type="file"
        hidden
        accept={accept}
        aria-label={label}
        onChange={(event) => void choose(event)}
      />
      <HStack
        gap="3"
        wrap="wrap"
        borderWidth="1px"
        borderStyle="dashed"
        borderColor={error ? 'border.error' : 'border'}
        borderRadius="md"
        p="3"
        bg="bg"
      >
        <Button
          variant="outline"
          size="sm"
          loading={uploading}
          loadingText="Uploading..."
          onClick={() => inputRef.current?.click()}
          aria-describedby={hintId}
        >
          <Upload aria-hidden />
          Choose file
        </Button>
        {fileName ? (
          <HStack gap="1" flex="1" minWidth="min(100%, 12rem)">
            <FileText size={16} aria-hidden />
            <Text fontSize="sm" overflowWrap="anywhere" data-testid="chosen-file">
              {fileName}
            </Text>
            <IconButton
              aria-label={`Remove ${label}`}
              variant="ghost"
              size="xs"
              onClick={() => onChange(null)}
              disabled={uploading}
            >
              <X />
            </IconButton>
          </HStack>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            No file chosen
          </Text>
        )}
      </HStack>
      <Text id={hintId} fontSize="xs" color={error ? 'fg.error' : 'fg.muted'}>
        {error ?? `${hint}, up to ${maxSizeMb} MB`}
      </Text>
    </Fieldset.Root>
  );
};
