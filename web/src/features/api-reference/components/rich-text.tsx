import { Code } from '@chakra-ui/react/code';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

/** `code` and **bold** inside one line of the description's text; everything else as written. */
const inline = (line: string): ReactNode[] =>
  line.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, index) => {
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2)
      return (
        <Code key={index} fontSize="0.9em" overflowWrap="anywhere">
          {part.slice(1, -1)}
        </Code>
      );
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4)
      return <strong key={index}>{part.slice(2, -2)}</strong>;
    return part;
  });

/** A description from the document: paragraphs split at blank lines, with the little markup it uses. */
export const RichText = ({ text, fontSize }: { text: string | undefined; fontSize?: string }) => {
  if (!text) return null;
  return (
    <Stack gap="2">
      {text.split(/\n\s*\n/).map((paragraph, index) => (
        <Text key={index} fontSize={fontSize}>
          {inline(paragraph)}
        </Text>
      ))}
    </Stack>
  );
};
