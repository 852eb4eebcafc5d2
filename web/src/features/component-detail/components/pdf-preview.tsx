import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import type { Attachment } from '#shared/schemas/files';
import { api } from '#web/lib/api-client.ts';

/**
 * 'Preview' beside a PDF: the file shown in a frame on the page, from a short-lived address of
 * the bucket (another origin than the app's, so nothing in the file reaches the app). The
 * address is asked for only when someone opens the preview.
 */
export const PdfPreview = ({ attachment }: { attachment: Pick<Attachment, 'id' | 'fileName'> }) => {
  const [url, setUrl] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);

  const toggle = async () => {
    if (open) return setOpen(false);
    setOpen(true);
    setFailed(false);
    try {
      const answer = await api.get<{ url: string }>(
        `/attachments/${encodeURIComponent(attachment.id)}/download?preview=true`,
      );
      setUrl(answer.url);
    } catch (error) {
      console.error('Preview failed', error);
      setFailed(true);
    }
  };

  return (
    <>
      <Button size="xs" variant="ghost" onClick={() => void toggle()} aria-expanded={open}>
        {open ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
        {open ? 'Hide preview' : 'Preview'}
      </Button>
      {open && (
        <Box width="full" borderWidth="1px" borderRadius="md" overflow="hidden" bg="bg.subtle">
          {failed ? (
            <Text p="3" fontSize="sm" color="red.fg">
              The preview could not be loaded; download the file instead.
            </Text>
          ) : url ? (
            <chakra.iframe
              src={url}
              title={`Preview of ${attachment.fileName}`}
              width="full"
              height="70vh"
              border="0"
            />
          ) : (
            <Text p="3" fontSize="sm" color="fg.muted">
              Loading preview...
            </Text>
          )}
        </Box>
      )}
    </>
  );
};
