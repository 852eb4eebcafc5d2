import { Button } from '@chakra-ui/react/button';
import { Center } from '@chakra-ui/react/center';
import { Image } from '@chakra-ui/react/image';
import { Link } from '@chakra-ui/react/link';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { ImageOff, Upload } from 'lucide-react';
import type { Attachment } from '#shared/schemas/files';
import { mainImage } from './attachment-groups';

interface ComponentImageProps {
  reference: string;
  /** Undefined while they load. */
  attachments: readonly Attachment[] | undefined;
  onUpload: () => void;
}

/** The image area: the first approved image, else 'No image available for this component' and an upload button. */
export const ComponentImage = ({ reference, attachments, onUpload }: ComponentImageProps) => {
  if (attachments === undefined) return <Skeleton height="56" borderRadius="md" />;
  const image = mainImage(attachments);
  if (image) {
    return (
      <Link
        href={image.url}
        target="_blank"
        rel="noopener"
        display="block"
        borderWidth="1px"
        borderRadius="md"
        bg="white"
        aria-label={`Image of ${reference} (opens in a new tab)`}
      >
        <Image
          src={image.url}
          alt={`${reference}: ${image.fileName}`}
          width="full"
          height="56"
          objectFit="contain"
          p="2"
        />
      </Link>
    );
  }
  return (
    <Center height="56" borderWidth="1px" borderStyle="dashed" borderRadius="md" bg="bg.subtle" px="4">
      <Stack align="center" gap="3" textAlign="center">
        <ImageOff size={32} aria-hidden color="var(--chakra-colors-fg-muted)" />
        <Text color="fg.muted" fontSize="sm">
          No image available for this component
        </Text>
        <Button size="sm" variant="outline" onClick={onUpload}>
          <Upload aria-hidden />
          Upload Image
        </Button>
      </Stack>
    </Center>
  );
};
